//! The lines of a combat (EH: a Combat Encounter; AH2e: a combat): how it begins and ends, rounds
//! of Fight or Flee, what happens to the monster, and what cards change about the combat. Depends
//! on `kernel` only.

use super::words::{Title, Words, plural, signed};
use crate::kernel::monster::MonsterTest;
use crate::kernel::{
    Ability, Event, Game, Keyword, Lost, MonsterValue, Place, Slot, Source, TestKind,
};
use std::fmt::Write;

pub(super) fn line(ev: &Event, w: &Words) -> String {
    match ev {
        Event::CombatBegins {
            monster,
            number,
            epic,
            ambush,
            toughness,
            health_tokens,
            horror,
            combat,
            awareness,
            abilities,
            nightmarish,
            overwhelming,
        } => {
            let what = match w.game {
                Game::Eldritch => "Combat Encounter",
                Game::Arkham => "Combat",
            };
            let mut line = format!("\n== {what} {number}: {}", w.card(monster));
            if *epic {
                line.push_str(" (Epic)");
            }
            if *ambush {
                line.push_str(" (ambush)");
            }
            line.push_str(&format!(", toughness {toughness}"));
            if *health_tokens > 0 && w.game == Game::Eldritch {
                line.push_str(&format!(", {} on it", tokens(*health_tokens)));
            }
            line.push('\n');
            let printed = Printed {
                horror: horror.as_ref(),
                combat: combat.as_ref(),
                awareness: *awareness,
                abilities,
                nightmarish: *nightmarish,
                overwhelming: *overwhelming,
            };
            let _ = writeln!(line, "  {}", printed.line(w.game));
            if let Some(text) = w.text(monster).filter(|t| !printed.says_all_of(t)) {
                let _ = writeln!(line, "  text: \"{text}\"");
            }
            line
        }
        Event::CombatEnds {
            monster,
            defeated,
            place,
            health_tokens,
        } => {
            let what = match (*defeated, place) {
                (true, Place::Trophy) => "defeated, taken as a trophy".to_string(),
                (true, Place::Box) => "defeated, returned to the box".to_string(),
                (true, _) => "defeated, returned to the cup".to_string(),
                (false, Place::Cup) if w.game == Game::Arkham => {
                    "not defeated; returned to the cup".to_string()
                }
                (false, Place::Cup) => {
                    "not defeated; the ambushing monster returns to the cup".to_string()
                }
                (false, Place::Evaded) => {
                    "the combat ends; the monster is not defeated".to_string()
                }
                (false, _) if w.game == Game::Arkham => {
                    "not defeated; it stays where it is".to_string()
                }
                (false, _) => format!(
                    "not defeated; it stays on the space with {}",
                    tokens(*health_tokens)
                ),
            };
            format!("== {}: {what}\n", w.card(monster))
        }
        Event::RoundBegins {
            round,
            action,
            hands,
        } => {
            let held: Vec<String> = hands.iter().map(|h| w.card(h)).collect();
            let held = if held.is_empty() {
                "nothing in hand".to_string()
            } else {
                format!("in hand: {}", held.join(", "))
            };
            format!("\n-- Round {round}: {}; {held}\n", action.as_str())
        }
        Event::CannotFlee { monster } => format!(
            "  {}: Ambush: once combat has begun the investigator cannot flee, and fights\n",
            w.card(monster)
        ),
        Event::StillCast { spell } => format!(
            "  {}: already cast and still held: its bonus goes on without a new cast\n",
            w.card(spell)
        ),
        Event::Evaded { fled: false } => {
            "  the investigator evades the monster: no combat\n".to_string()
        }
        Event::Evaded { fled: true } => {
            "  the investigator flees: the combat ends, the monster stays\n".to_string()
        }
        Event::NoHorrorRating { monster } => {
            format!("  {}: no horror rating: no Horror check\n", w.card(monster))
        }
        Event::CombatStopped { rounds } => {
            format!("  the combat is stopped after {rounds} rounds\n")
        }
        Event::MonsterDefeated {
            monster,
            source,
            place,
        } => {
            let m = w.card(monster);
            match (source, place) {
                (Source::StrengthResult, _) => format!("  {m} is defeated\n"),
                (Source::CombatCheck, Place::Trophy) => {
                    format!("  {m} is defeated and taken as a trophy\n")
                }
                (Source::CombatCheck, _) => {
                    format!("  {m} is defeated; Endless: it returns to the cup, no trophy\n")
                }
                (_, Place::Trophy) => {
                    format!(
                        "  {m} is defeated ({}) and taken as a trophy\n",
                        w.source(source)
                    )
                }
                (_, Place::Cup) if w.game == Game::Arkham => format!(
                    "  {m} is defeated ({}); Endless: it returns to the cup, no trophy\n",
                    w.source(source)
                ),
                _ => format!("  {m} is defeated ({})\n", w.source(source)),
            }
        }
        Event::CannotDefeat { monster, source } => format!(
            "  {}: cannot defeat {}: an Epic Monster is defeated only by losing Health equal to its \
             toughness; nothing of it is used\n",
            w.source(source),
            w.card(monster)
        ),
        Event::NotDefeatedByEffect { monster, source } => format!(
            "  {}: {} is not defeated: an Epic Monster is defeated only by losing Health equal to \
             its toughness\n",
            w.source(source),
            w.card(monster)
        ),
        Event::MonsterRecovered {
            source,
            amount,
            health_tokens,
        } if w.game == Game::Eldritch => format!(
            "  {}: recovers {amount} Health ({health_tokens} Health tokens left on it)\n",
            w.source(source)
        ),
        // AH2e monsters have no Health tokens.
        Event::MonsterRecovered { source, amount, .. } => {
            format!("  {}: recovers {amount} Health\n", w.source(source))
        }
        Event::MonsterToBox { source } => {
            format!("  {}: returned to the box: no trophy\n", w.source(source))
        }
        Event::MonsterToTrophy { source } => format!(
            "  {}: kept as a trophy, not returned to the cup\n",
            w.source(source)
        ),
        Event::MonsterToCup { source } => format!(
            "  {}: returned to the cup: no trophy, and the combat ends\n",
            w.source(source)
        ),
        Event::CombatBonus {
            source,
            skill,
            value,
        } => format!(
            "  {}: {} {} for the rest of this Combat Encounter\n",
            w.source(source),
            skill.map_or("every skill", |s| s.title()),
            // An ASCII sign here, as this line has always had.
            if *value >= 0 {
                format!("+{value}")
            } else {
                value.to_string()
            }
        ),
        Event::CombatCheckBonus {
            source,
            check,
            value,
        } => format!(
            "  {}: {} to {} for the rest of this combat\n",
            w.source(source),
            if *value >= 0 {
                format!("+{value}")
            } else {
                value.to_string()
            },
            match check {
                TestKind::Horror => "Horror checks",
                TestKind::Evade => "Evade checks",
                TestKind::Spell => "Spell checks",
                _ => "Combat checks",
            }
        ),
        Event::EffectsOrdered {
            hook,
            monster,
            cards,
            monster_first,
        } => {
            let theirs = cards
                .iter()
                .map(|c| w.card(c))
                .collect::<Vec<_>>()
                .join(", ");
            let (first, then) = if *monster_first {
                (w.card(monster), theirs)
            } else {
                (theirs, w.card(monster))
            };
            format!(
                "  at the same moment ({hook}), in the order the investigator chose: {first}, then {then}\n"
            )
        }
        Event::StrengthFirst { source } => format!(
            "  {}: the Strength test is resolved first\n",
            w.source(source)
        ),
        Event::ClueRerollsForbidden { source } => format!(
            "  {}: no Clue may be spent to reroll dice for the rest of this Combat Encounter\n",
            w.source(source)
        ),
        Event::MadeMagical { source, card } => format!(
            "  {}: {} is a magical weapon until the end of this combat (its bonuses are magical)\n",
            w.source(source),
            w.card(card)
        ),
        Event::ClueRerollRefused { source } => format!(
            "    no Clue spent to reroll: {} forbids it in this Combat Encounter\n",
            w.source(source)
        ),
        Event::DamageValueChanged { source, from, to } => format!(
            "  {}: the monster's damage is {to} (was {from})\n",
            w.source(source)
        ),
        Event::MonsterValueChanged {
            source,
            value,
            from,
            to,
        } => {
            // A modifier or rating is signed, as on the card; a horror or toughness is a count.
            let modifier = matches!(
                value,
                MonsterValue::HorrorModifier | MonsterValue::CombatModifier
            );
            let shown = |n: i32| if modifier { signed(n) } else { n.to_string() };
            format!(
                "  {}: the monster's {} is {} (was {})\n",
                w.source(source),
                match (value, w.game) {
                    (MonsterValue::Horror, Game::Eldritch) => "horror",
                    (MonsterValue::Horror, Game::Arkham) => "horror damage",
                    (MonsterValue::Toughness, _) => "toughness",
                    (MonsterValue::HorrorModifier, Game::Eldritch) => "Will test modifier",
                    (MonsterValue::HorrorModifier, Game::Arkham) => "horror rating",
                    (MonsterValue::CombatModifier, Game::Eldritch) => "Strength test modifier",
                    (MonsterValue::CombatModifier, Game::Arkham) => "combat rating",
                },
                shown(*to),
                from.map_or_else(|| "−X".to_string(), shown),
            )
        }
        Event::NoMoreEncounters { source } => format!(
            "  {}: no other encounter may be resolved this phase\n",
            w.source(source)
        ),
        Event::CombatEnded { source } => format!("  {}: the combat ends\n", w.source(source)),
        Event::NoMonsterTest { monster, slot } => format!(
            "  {}: no {} test on this monster\n",
            w.card(monster),
            match slot {
                Slot::Will => "Will",
                Slot::Strength => "Strength",
            }
        ),
        Event::ToughnessReached {
            monster,
            toughness,
            health_tokens,
        } => format!(
            "  {}: {} lost against a toughness of {toughness}: defeated before any test\n",
            w.card(monster),
            plural(*health_tokens, "Health", "Health")
        ),
        Event::AbilityLost {
            source,
            monster,
            ability,
        } => format!(
            "  {}: {} loses {} for this combat\n",
            w.source(source),
            w.card(monster),
            match ability {
                Lost::Keyword(k) => keyword(*k),
                Lost::Value(Ability::Nightmarish) => "Nightmarish",
                Lost::Value(Ability::Overwhelming) => "Overwhelming",
            }
        ),
        Event::AbilityGained {
            source,
            monster,
            ability,
        } => format!(
            "  {}: {} gains {}\n",
            w.source(source),
            w.card(monster),
            keyword(*ability)
        ),
        Event::AmbushNoMoreEncounters => {
            "  the ambushing monster is defeated: no additional encounter this phase (ambush)\n"
                .to_string()
        }
        Event::NoFurtherMonster { status } => format!(
            "  the investigator is {} and encounters no further monster\n",
            status.as_str()
        ),
        _ => String::new(),
    }
}

/// A monster's printed values, as the transcript shows them when it is flipped.
struct Printed<'a> {
    horror: Option<&'a MonsterTest>,
    combat: Option<&'a MonsterTest>,
    awareness: Option<i32>,
    abilities: &'a [Keyword],
    nightmarish: i32,
    overwhelming: i32,
}

impl Printed<'_> {
    /// EH: "Will (+1), horror 1; Strength (+0), damage 2". AH2e: "awareness −2; horror rating −3,
    /// horror damage 2; combat rating +0, combat damage 1; Physical Resistance, Nightmarish 1".
    fn line(&self, game: Game) -> String {
        let mut parts = Vec::new();
        match game {
            Game::Eldritch => {
                for (test, loss, none) in [
                    (self.horror, "horror", "no Will test"),
                    (self.combat, "damage", "no Strength test"),
                ] {
                    parts.push(match test {
                        Some(t) => {
                            let mut p = format!("{} ({})", t.skill.title(), signed(t.modifier));
                            match t.loss {
                                Some(v) => write!(p, ", {loss} {v}"),
                                None => write!(p, ", no {loss}"),
                            }
                            .ok();
                            p
                        }
                        None => none.to_string(),
                    });
                }
            }
            Game::Arkham => {
                if let Some(a) = self.awareness {
                    parts.push(format!("awareness {}", signed(a)));
                }
                for (test, what) in [(self.horror, "horror"), (self.combat, "combat")] {
                    parts.push(match test {
                        Some(t) => {
                            let rating = if t.x {
                                "−X".to_string()
                            } else {
                                signed(t.modifier)
                            };
                            match t.loss {
                                Some(v) => format!("{what} rating {rating}, {what} damage {v}"),
                                None => format!("{what} rating {rating}, no {what} damage"),
                            }
                        }
                        None => format!("no {what} rating"),
                    });
                }
                let abilities = self.abilities();
                if !abilities.is_empty() {
                    parts.push(abilities.join(", "));
                }
            }
        }
        parts.join("; ")
    }

    /// AH2e: the abilities as printed ("Nightmarish 1", "Overwhelming 1" with their value).
    fn abilities(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .abilities
            .iter()
            .map(|k| keyword(*k).to_string())
            .collect();
        if self.nightmarish > 0 {
            out.push(format!("Nightmarish {}", self.nightmarish));
        }
        if self.overwhelming > 0 {
            out.push(format!("Overwhelming {}", self.overwhelming));
        }
        out
    }

    /// Whether a card's text says nothing but the abilities this line already lists ("Physical
    /// Immunity. Undead"): then it is not quoted again.
    fn says_all_of(&self, text: &str) -> bool {
        let mut rest = text.to_lowercase();
        for a in self.abilities() {
            rest = rest.replace(&a.to_lowercase(), "");
        }
        rest.chars()
            .all(|c| c.is_whitespace() || c == '.' || c == ',')
    }
}

/// An ability keyword as printed.
fn keyword(k: Keyword) -> &'static str {
    match k {
        Keyword::Ambush => "Ambush",
        Keyword::Endless => "Endless",
        Keyword::PhysicalResistance => "Physical Resistance",
        Keyword::PhysicalImmunity => "Physical Immunity",
        Keyword::MagicalResistance => "Magical Resistance",
        Keyword::MagicalImmunity => "Magical Immunity",
        Keyword::Undead => "Undead",
        Keyword::Mask => "Mask",
        Keyword::WeaponImmunity => "Weapon Immunity",
    }
}

fn tokens(n: i32) -> String {
    plural(n, "Health token", "Health tokens")
}
