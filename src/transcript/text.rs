//! The text transcript: one line per thing that happened, every pool part with its source, every
//! ignored bonus with its reason, every reroll with its old and new face.

use crate::kernel::{Event, Game, Investigator, Monster, PartKind, Skill, Slot, Stat, Status};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Card id → printed name.
pub type Names = BTreeMap<String, String>;

fn name(names: &Names, id: &str) -> String {
    if let Some((card, rule)) = id.split_once(':')
        && names.contains_key(card)
    {
        return format!("{}, {}", name(names, card), capital(rule));
    }
    names.get(id).cloned().unwrap_or_else(|| match id {
        "rules" => "the rules".to_string(),
        other => other.to_string(),
    })
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        format!("−{}", -n)
    }
}

fn stat_name(stat: Stat, game: Game) -> &'static str {
    match (stat, game) {
        (Stat::Health, Game::Arkham) => "Stamina",
        (Stat::Health, _) => "Health",
        (Stat::Sanity, _) => "Sanity",
        (Stat::Clues, _) => "Clue",
        (Stat::Focus, _) => "Focus",
    }
}

/// "Health 7, Sanity 5, Clues 1, Focus 0" (Stamina and no Focus in Arkham Horror).
fn counters(inv: &Investigator, game: Game) -> String {
    let mut s = format!(
        "{} {}, Sanity {}, Clues {}",
        stat_name(Stat::Health, game),
        inv.health,
        inv.sanity,
        inv.clues
    );
    if game == Game::Eldritch {
        let _ = write!(s, ", Focus {}", inv.focus);
    }
    s
}

/// "1 Clue token", "2 Clue tokens", "3 Health".
fn qty(stat: Stat, n: i32, game: Game) -> String {
    match stat {
        Stat::Clues => plural(n, "Clue token", "Clue tokens"),
        _ => format!("{n} {}", stat_name(stat, game)),
    }
}

fn faces(f: &[u8]) -> String {
    f.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

fn source(names: &Names, s: &str) -> String {
    match s.split_once(':') {
        Some(("reroll", token)) => format!("for a reroll ({token} token)"),
        _ => format!("({})", name(names, s)),
    }
}

pub fn render_events(events: &[Event], names: &Names, game: Game) -> String {
    let mut out = String::new();
    for ev in events {
        let _ = match ev {
            Event::TestBegins {
                test,
                skill,
                kind,
                modifier,
                difficulty,
                combat,
                slot,
            } => {
                let mut line = format!("\nTest {test}: {} ({})", skill.title(), signed(*modifier));
                if game == Game::Arkham {
                    let _ = write!(line, " [{difficulty}]");
                }
                match slot {
                    Some(slot) if game == Game::Eldritch => {
                        let printed = match slot {
                            Slot::Will => Skill::Will,
                            Slot::Strength => Skill::Strength,
                        };
                        let _ = write!(
                            line,
                            ", the {} test of the Combat Encounter",
                            printed.title()
                        );
                        if printed != *skill {
                            let _ = write!(line, " (a {} test in its place)", skill.title());
                        }
                    }
                    _ if game == Game::Arkham => {
                        let what = match kind.as_str() {
                            "horror" => "Horror check".to_string(),
                            "combat" => "Combat check".to_string(),
                            "evade" => "Evade check".to_string(),
                            "spell" => "Spell check".to_string(),
                            "test" => "skill check".to_string(),
                            other => format!("check `{other}`"),
                        };
                        let _ = write!(line, ", {what}");
                    }
                    _ => {
                        let _ = write!(line, ", kind `{kind}`");
                        if *combat {
                            line.push_str(", during combat");
                        }
                    }
                }
                writeln!(out, "{line}")
            }
            Event::EncounterBegins {
                monster,
                number,
                epic,
                ambush,
                toughness,
                damage,
            } => {
                let what = match game {
                    Game::Eldritch => "Combat Encounter",
                    Game::Arkham => "Combat",
                };
                let mut line = format!("\n== {what} {number}: {}", name(names, monster));
                if *epic {
                    line.push_str(" (Epic)");
                }
                if *ambush {
                    line.push_str(" (ambush)");
                }
                let _ = write!(line, ", toughness {toughness}");
                if *damage > 0 {
                    let _ = write!(
                        line,
                        ", {} on it",
                        plural(*damage, "Health token", "Health tokens")
                    );
                }
                writeln!(out, "{line}")
            }
            Event::EncounterEnds {
                monster,
                defeated,
                place,
                damage,
            } => {
                let what = match (*defeated, place.as_str()) {
                    (true, "trophy") => "defeated, taken as a trophy".to_string(),
                    (true, "box") => "defeated, returned to the box".to_string(),
                    (true, _) => "defeated, returned to the cup".to_string(),
                    (false, "cup") => {
                        "not defeated; the ambushing monster returns to the cup".to_string()
                    }
                    (false, "evaded") => "the combat ends; the monster is not defeated".to_string(),
                    (false, _) => format!(
                        "not defeated; it stays on the space with {}",
                        plural(*damage, "Health token", "Health tokens")
                    ),
                };
                writeln!(out, "== {}: {what}", name(names, monster))
            }
            Event::SkillReplaced {
                source: s,
                from,
                to,
            } => writeln!(
                out,
                "  {} tests {} in place of {}",
                name(names, s),
                to.title(),
                from.title()
            ),
            Event::TestSkipped { source: s, reason } => {
                writeln!(out, "  not resolved ({}): {reason}", name(names, s))
            }
            Event::PoolPart {
                part,
                source: s,
                amount,
            } => {
                let what = match part {
                    PartKind::Skill => format!("{} (skill)", capital(s)),
                    PartKind::Modifier => "test modifier".to_string(),
                    PartKind::Improvement if *amount >= 0 => "improvement token".to_string(),
                    PartKind::Improvement => "impairment token".to_string(),
                    PartKind::Bonus => format!("bonus from {}", name(names, s)),
                    PartKind::AdditionalDice => format!("additional dice from {}", name(names, s)),
                    PartKind::FewerDice => format!("fewer dice from {}", name(names, s)),
                };
                let amount = if *part == PartKind::Skill {
                    amount.to_string()
                } else {
                    signed(*amount)
                };
                writeln!(out, "  pool {amount:>3}  {what}")
            }
            Event::BonusIgnored {
                source: s,
                amount,
                reason,
            } => writeln!(
                out,
                "  pool   ·  {} {} ignored: {}",
                name(names, s),
                signed(*amount),
                name_sources(reason, names)
            ),
            Event::BonusHalved {
                source: s,
                from,
                to,
                reason,
            } => writeln!(
                out,
                "  pool   ½  {} {} halved to {}: {reason}",
                name(names, s),
                signed(*from),
                signed(*to)
            ),
            Event::ClueDie { face, clues_left } => writeln!(
                out,
                "  spends a Clue token for an extra die: {face} ({} left)",
                clues_left
            ),
            Event::RoundBegins {
                round,
                action,
                hands,
            } => {
                let held: Vec<String> = hands.iter().map(|h| name(names, h)).collect();
                let held = if held.is_empty() {
                    "nothing in hand".to_string()
                } else {
                    format!("in hand: {}", held.join(", "))
                };
                writeln!(out, "\n-- Round {round}: {action}; {held}")
            }
            Event::Moved { to, source: s } => {
                let place = match to.as_str() {
                    "st_marys_hospital" => "St. Mary's Hospital",
                    "arkham_asylum" => "Arkham Asylum",
                    "other_world" => "an Other World",
                    "lost_in_time_and_space" => "Lost in Time and Space",
                    "arkham" => "Arkham",
                    other => other,
                };
                writeln!(
                    out,
                    "  the investigator goes to {place} ({})",
                    name(names, s)
                )
            }
            Event::Pool { total, rolled } => {
                if *rolled == 0 {
                    writeln!(
                        out,
                        "       = {}: no dice, the check fails automatically",
                        signed(*total).trim_start_matches('+')
                    )
                } else if *total as i64 == *rolled as i64 {
                    writeln!(out, "       = {}", plural(*rolled as i64, "die", "dice"))
                } else {
                    writeln!(
                        out,
                        "       = {total}, below 1: rolls {}",
                        plural(*rolled as i64, "die", "dice")
                    )
                }
            }
            Event::SuccessRule { source: s, from } => {
                let faces = match from {
                    6 => "only 6s count as successes".to_string(),
                    f => format!("{f}–6 count as successes"),
                };
                writeln!(out, "  {faces} ({})", name(names, s))
            }
            Event::CountRule {
                source: s,
                face,
                successes,
            } => writeln!(
                out,
                "  each {face} counts as {} ({})",
                plural(*successes, "success", "successes"),
                name(names, s)
            ),
            Event::DicePerClue { source: s, dice } => writeln!(
                out,
                "  a Clue spent on a reroll rerolls up to {} ({})",
                plural(*dice, "die", "dice"),
                name(names, s)
            ),
            Event::Rolled { faces: f } if f.is_empty() => Ok(()),
            Event::Rolled { faces: f } => writeln!(out, "  roll: {}", faces(f)),
            Event::Reroll {
                die,
                from,
                to,
                source: s,
            } => {
                writeln!(
                    out,
                    "  reroll die {die}: {from} → {to} ({})",
                    name(names, s)
                )
            }
            Event::FaceSet {
                die,
                from,
                to,
                source: s,
            } => {
                writeln!(out, "  die {die} set: {from} → {to} ({})", name(names, s))
            }
            Event::TestResult {
                faces: f,
                successes,
                difficulty,
                passed,
                ..
            } => {
                let verdict = if *passed { "passed" } else { "failed" };
                let need = if game == Game::Arkham {
                    format!(" of {difficulty} needed")
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    "  result: {} → {}{need}: {verdict}",
                    if f.is_empty() {
                        "no dice".to_string()
                    } else {
                        faces(f)
                    },
                    plural(*successes, "success", "successes")
                )
            }
            Event::DiceRolled {
                source: s,
                faces: f,
            } => writeln!(
                out,
                "  {} rolls {} (not a test: no bonus, reroll or success rule of tests applies): {}",
                name(names, s),
                plural(f.len() as i64, "die", "dice"),
                faces(f)
            ),
            Event::Gained {
                stat,
                amount,
                now,
                source: s,
            } => writeln!(
                out,
                "  gains {} ({}), now {now}",
                qty(*stat, *amount, game),
                name(names, s)
            ),
            Event::Spent {
                stat,
                amount,
                now,
                source: s,
            } => writeln!(
                out,
                "  spends {} {}, {now} left",
                qty(*stat, *amount, game),
                source(names, s)
            ),
            Event::Lost {
                target,
                stat,
                amount,
                now,
                source: s,
            } => {
                let who = if target == "investigator" {
                    "investigator".to_string()
                } else {
                    name(names, target)
                };
                if target == "investigator" {
                    writeln!(
                        out,
                        "  investigator loses {} ({}), now {now}",
                        qty(*stat, *amount, game),
                        name(names, s)
                    )
                } else {
                    writeln!(
                        out,
                        "  {who} loses {amount} Health ({}), {now} left",
                        name(names, s)
                    )
                }
            }
            Event::LossChanged {
                source: s,
                from,
                to,
            } => {
                writeln!(out, "  loss changed {from} → {to} by {}", name(names, s))
            }
            Event::ConditionGained {
                condition,
                source: s,
            } => {
                writeln!(
                    out,
                    "  gains {} ({})",
                    name(names, condition),
                    name(names, s)
                )
            }
            Event::ConditionDiscarded {
                condition,
                source: s,
            } => {
                writeln!(
                    out,
                    "  discards {} ({})",
                    name(names, condition),
                    name(names, s)
                )
            }
            Event::Discarded { card, source: s } => {
                writeln!(out, "  discards {} ({})", name(names, card), name(names, s))
            }
            Event::MonsterDefeated { monster, source: s } => {
                if s == "the Strength test result" {
                    writeln!(out, "  {} is defeated", name(names, monster))
                } else if s == "trophy" {
                    writeln!(
                        out,
                        "  {} is defeated and taken as a trophy",
                        name(names, monster)
                    )
                } else if s == "endless" {
                    writeln!(
                        out,
                        "  {} is defeated; Endless: it returns to the cup, no trophy",
                        name(names, monster)
                    )
                } else {
                    writeln!(
                        out,
                        "  {} is defeated ({})",
                        name(names, monster),
                        name(names, s)
                    )
                }
            }
            Event::StatusChanged { status } => {
                writeln!(out, "  the investigator is {}", status_text(*status))
            }
            Event::Note { source: s, text } if s == "rules" => writeln!(out, "  {text}"),
            Event::Note { source: s, text } => writeln!(out, "  {}: {text}", name(names, s)),
        };
    }
    out
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Replaces card ids quoted in a reason by their names.
fn name_sources(reason: &str, names: &Names) -> String {
    let mut out = reason.to_string();
    if let Some(start) = out.find('(') {
        let rest = &out[start + 1..];
        if let Some(id) = rest.split(' ').next()
            && let Some(n) = names.get(id)
        {
            out = out.replacen(&format!("({id} "), &format!("({n} "), 1);
        }
    }
    out
}

fn status_text(s: Status) -> &'static str {
    match s {
        Status::Ok => "still standing",
        Status::Defeated => "defeated",
        Status::Unconscious => "unconscious",
        Status::Insane => "insane",
        Status::Devoured => "devoured",
        Status::LostInTimeAndSpace => "lost in time and space",
    }
}

/// The closing lines: where the investigator (and each monster) stands.
pub fn render_summary(
    inv: &Investigator,
    monsters: &[std::sync::Arc<Monster>],
    game: Game,
    names: &Names,
) -> String {
    let mut out = String::new();
    let _ = write!(out, "\nEnd: {} — {}", inv.name, counters(inv, game));
    let _ = writeln!(out, "; {}", status_text(inv.status));
    if !inv.conditions.is_empty() {
        let list: Vec<String> = inv.conditions.iter().map(|c| name(names, c)).collect();
        let _ = writeln!(out, "  conditions: {}", list.join(", "));
    }
    for m in monsters {
        let state = match (m.defeated, m.place.as_str()) {
            (true, "trophy") => "defeated, a trophy".to_string(),
            (true, "box") => "defeated, in the box".to_string(),
            (true, _) => "defeated, in the cup".to_string(),
            (false, "cup") => "not defeated, back in the cup".to_string(),
            (false, "evaded") => "evaded".to_string(),
            (false, _) => format!(
                "on the space with {}",
                plural(m.damage, "Health token", "Health tokens")
            ),
        };
        let _ = writeln!(out, "  {}: {state}", m.name);
    }
    out
}

/// The opening lines: what the scenario is and who the investigator is.
pub fn render_header(
    title: Option<&str>,
    source: Option<&str>,
    inv: &Investigator,
    game: Game,
    names: &Names,
) -> String {
    let mut out = String::new();
    let game_name = match game {
        Game::Eldritch => "Eldritch Horror",
        Game::Arkham => "Arkham Horror (2nd edition)",
    };
    let _ = writeln!(out, "{}", title.unwrap_or("(untitled scenario)"));
    let _ = writeln!(out, "game: {game_name}");
    if let Some(s) = source {
        let _ = writeln!(out, "source: {s}");
    }
    let skills: Vec<String> = game
        .skills()
        .iter()
        .map(|s| format!("{} {}", s.title(), inv.skill(*s)))
        .collect();
    let _ = write!(
        out,
        "\n{}: {}; {}",
        inv.name,
        skills.join(", "),
        counters(inv, game)
    );
    let _ = writeln!(out);
    if !inv.improvements.is_empty() {
        let list: Vec<String> = inv
            .improvements
            .iter()
            .map(|(s, v)| format!("{} {}", s.title(), signed(*v)))
            .collect();
        let _ = writeln!(out, "  tokens: {}", list.join(", "));
    }
    if !inv.possessions.is_empty() {
        let list: Vec<String> = inv.possessions.iter().map(|c| name(names, c)).collect();
        let _ = writeln!(out, "  possessions: {}", list.join(", "));
    }
    if !inv.conditions.is_empty() {
        let list: Vec<String> = inv.conditions.iter().map(|c| name(names, c)).collect();
        let _ = writeln!(out, "  conditions: {}", list.join(", "));
    }
    out
}
