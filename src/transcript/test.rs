//! The lines of one test: how it begins, every pool part and ignored bonus with its reason, the roll,
//! rerolls and counting rules, the result. Depends on `kernel` only.

use super::words::{Title, Words, capital, faces, plural, signed};
use crate::kernel::{BonusKind, Event, Exclusion, Game, PartKind, Skill, Slot, TestKind};
use std::fmt::Write;

pub(super) fn line(ev: &Event, w: &Words) -> String {
    begins(ev, w, true, None)
}

/// The heading of a test (`resolved`: it ends with a result, and is numbered as the result's `tests`
/// number it; otherwise it is headed "not resolved", with no number; `tested`: the skill a card made
/// it test in place of the one it begins with), or any other line.
pub(super) fn begins(ev: &Event, w: &Words, resolved: bool, tested: Option<Skill>) -> String {
    let game = w.game;
    match ev {
        Event::TestBegins {
            test,
            skill,
            kind,
            modifier,
            difficulty,
            combat,
            slot,
            unrated,
            printed_x,
        } => {
            let shown = if *unrated || *printed_x {
                "−X".to_string()
            } else {
                signed(*modifier)
            };
            let begun = *skill;
            let skill = &tested.unwrap_or(begun);
            let mut line = if resolved {
                format!("\nTest {test}: {} ({shown})", skill.title())
            } else {
                format!("\nTest not resolved: {} ({shown})", skill.title())
            };
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
                    let what = match kind {
                        TestKind::Horror => "Horror check".to_string(),
                        TestKind::Combat => "Combat check".to_string(),
                        TestKind::Evade => "Evade check".to_string(),
                        TestKind::Spell => "Spell check".to_string(),
                        TestKind::Test => "skill check".to_string(),
                        TestKind::Label(other) => format!("check `{other}`"),
                    };
                    let _ = write!(line, ", {what}");
                    if begun != *skill {
                        let _ = write!(line, " ({} in place of {})", skill.title(), begun.title());
                    }
                }
                _ => {
                    let _ = write!(line, ", kind `{kind}`");
                    if *combat {
                        line.push_str(", during combat");
                    }
                }
            }
            format!("{line}\n")
        }
        Event::SkillReplaced { source, from, to } => format!(
            "  {} tests {} in place of {}\n",
            w.source(source),
            to.title(),
            from.title()
        ),
        Event::AutomaticResult { source, passed } => format!(
            "  {}: the test {} automatically; no dice are rolled\n",
            w.source(source),
            if *passed { "passes" } else { "fails" }
        ),
        Event::TestSkipped { source, reason } => format!(
            "  {}: the test is not resolved: {reason}\n",
            capital(&w.source(source))
        ),
        Event::DefeatedBeforeTest { source } => format!(
            "  {}: the monster is defeated in place of the test, which is not resolved\n",
            capital(&w.source(source))
        ),
        Event::TestStopped { status } => format!(
            "  {}, he stops resolving: the test is not resolved\n",
            capital(super::words::status_text(*status))
        ),
        Event::PoolPart {
            part,
            source,
            amount,
        } => {
            let what = match part {
                PartKind::Skill => format!("{} (skill)", capital(&w.source(source))),
                PartKind::Modifier => "test modifier".to_string(),
                PartKind::Improvement if *amount >= 0 => "improvement token".to_string(),
                PartKind::Improvement => "impairment token".to_string(),
                PartKind::Bonus => format!("bonus from {}", w.source(source)),
                PartKind::AdditionalDice => format!("additional dice from {}", w.source(source)),
                PartKind::FewerDice => format!("fewer dice from {}", w.source(source)),
            };
            let amount = if *part == PartKind::Skill {
                amount.to_string()
            } else {
                signed(*amount)
            };
            format!("  pool {amount:>3}  {what}\n")
        }
        Event::BonusIgnored {
            source,
            amount,
            reason,
        } => format!(
            "  pool   ·  {} {} ignored: {}\n",
            w.source(source),
            signed(*amount),
            exclusion(reason, w)
        ),
        Event::BonusHalved {
            source,
            from,
            to,
            kind,
            monster,
        } => format!(
            "  pool   ½  {} {} halved to {}: {} Resistance ({})\n",
            w.source(source),
            signed(*from),
            signed(*to),
            title(*kind),
            w.card(monster)
        ),
        Event::ClueDie {
            face,
            clues_left,
            extra,
            card: Some(card),
        } => {
            let mut all = vec![*face];
            all.extend_from_slice(extra);
            format!(
                "  discards {} in place of a Clue token for {}: {} ({clues_left} Clue {} left)\n",
                w.card(card),
                if all.len() == 1 {
                    "an extra die".to_string()
                } else {
                    format!("{} extra dice", all.len())
                },
                faces(&all),
                if *clues_left == 1 { "token" } else { "tokens" }
            )
        }
        Event::ClueDie {
            face,
            clues_left,
            extra,
            card: None,
        } if extra.is_empty() => {
            format!("  spends a Clue token for an extra die: {face} ({clues_left} left)\n")
        }
        Event::ClueDie {
            face,
            clues_left,
            extra,
            card: None,
        } => {
            let mut all = vec![*face];
            all.extend_from_slice(extra);
            format!(
                "  spends a Clue token for {} extra dice: {} ({clues_left} left)\n",
                all.len(),
                faces(&all)
            )
        }
        Event::NoClueDice => {
            "  no Clue dice: this scenario reads 0 or fewer dice as a failure that \
             Clue tokens cannot change\n"
                .to_string()
        }
        Event::ClueDiceAfterNoDice => {
            "  0 dice, yet Clue tokens may add dice (the engine's reading \
             of open point D1; `[rules] clues_after_zero_dice = false` reads it as a failure)\n"
                .to_string()
        }
        Event::Pool { total, rolled } => {
            if *rolled == 0 {
                format!(
                    "       = {}: no dice, the check fails automatically\n",
                    signed(*total).trim_start_matches('+')
                )
            } else if *total as i64 == *rolled as i64 {
                format!("       = {}\n", plural(*rolled as i64, "die", "dice"))
            } else {
                format!(
                    "       = {total}, below 1: rolls {}\n",
                    plural(*rolled as i64, "die", "dice")
                )
            }
        }
        Event::SuccessRule { source, from } => {
            let faces = match from {
                6 => "only 6s count as successes".to_string(),
                f => format!("{f}–6 count as successes"),
            };
            format!("  {faces} ({})\n", w.source(source))
        }
        Event::CountRule {
            source,
            face,
            successes,
        } => format!(
            "  each {face} counts as {} ({})\n",
            plural(*successes, "success", "successes"),
            w.source(source)
        ),
        Event::RerollWindowsSpent { die, windows } => format!(
            "  die {die}: no window after this reroll ({windows} windows after rerolls are open, one inside another: the most there are)\n"
        ),
        Event::NegateRule {
            source,
            face,
            successes,
        } => format!(
            "  each {face} negates {} (the result never below 0) ({})\n",
            plural(*successes, "success", "successes"),
            w.source(source)
        ),
        Event::SuccessesAdded { source, successes } => format!(
            "  {} added to the test result ({})\n",
            plural(*successes, "success", "successes"),
            w.source(source)
        ),
        Event::DicePerClue { source, dice } => format!(
            "  a Clue spent on a reroll rerolls up to {} ({})\n",
            plural(*dice, "die", "dice"),
            w.source(source)
        ),
        Event::ExtraDicePerClue {
            source,
            dice,
            per_clue,
        } => format!(
            "  each Clue token spent adds {} more ({}): {} a token\n",
            plural(*dice, "die", "dice"),
            w.source(source),
            plural(*per_clue, "die", "dice")
        ),
        Event::DicePerFocus { source, dice } => format!(
            "  a Focus spent on a reroll rerolls up to {} ({})\n",
            plural(*dice, "die", "dice"),
            w.source(source)
        ),
        Event::Rolled { faces: f } if f.is_empty() => String::new(),
        Event::Rolled { faces: f } => format!("  roll: {}\n", faces(f)),
        Event::Reroll {
            die,
            from,
            to,
            source,
        } => format!("  reroll die {die}: {from} → {to} ({})\n", w.source(source)),
        Event::FaceSet {
            die,
            from,
            to,
            source,
        } => format!("  die {die} set: {from} → {to} ({})\n", w.source(source)),
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
            format!(
                "  result: {} → {}{need}: {verdict}\n",
                if f.is_empty() {
                    "no dice".to_string()
                } else {
                    faces(f)
                },
                plural(*successes, "success", "successes")
            )
        }
        Event::DiceRolled { source, faces: f } => format!(
            "  {} rolls {} (not a test: no bonus, reroll or success rule of tests applies): {}\n",
            w.source(source),
            plural(f.len() as i64, "die", "dice"),
            faces(f)
        ),
        _ => String::new(),
    }
}

fn title(kind: BonusKind) -> &'static str {
    match kind {
        BonusKind::Physical => "Physical",
        BonusKind::Magical => "Magical",
    }
}

/// Why a bonus adds nothing.
pub(super) fn exclusion(e: &Exclusion, w: &Words) -> String {
    match e {
        Exclusion::NotCast => "the spell was not cast successfully".to_string(),
        Exclusion::CombatOnly => "it applies only during a Combat Encounter".to_string(),
        Exclusion::NotChosen => "optional (\"may\") and not in choices.use".to_string(),
        Exclusion::Blocked { kind, by } => {
            format!("{} bonuses are blocked by {}", kind.as_str(), w.source(by))
        }
        Exclusion::Immunity { kind, monster } => {
            format!("{} Immunity ({})", title(*kind), w.card(monster))
        }
        Exclusion::WeaponImmunity { monster } => {
            format!("Weapon Immunity ({})", w.card(monster))
        }
        Exclusion::NotHighest { used, value } => format!(
            "only the single highest bonus applies ({} +{value} is used)",
            w.source(used)
        ),
        Exclusion::Nothing => "a bonus of +0 or less adds nothing".to_string(),
    }
}
