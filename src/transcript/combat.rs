//! The lines of a combat (EH: a Combat Encounter; AH2e: a combat): how it begins and ends, rounds
//! of Fight or Flee, what happens to the monster, and what cards change about the combat. Depends
//! on `kernel` only.

use super::words::{Title, Words, plural};
use crate::kernel::{Event, Game, Place, Slot, Source};

pub(super) fn line(ev: &Event, w: &Words) -> String {
    match ev {
        Event::CombatBegins {
            monster,
            number,
            epic,
            ambush,
            toughness,
            health_tokens,
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
            if *health_tokens > 0 {
                line.push_str(&format!(", {} on it", tokens(*health_tokens)));
            }
            format!("{line}\n")
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
                (false, Place::Cup) => {
                    "not defeated; the ambushing monster returns to the cup".to_string()
                }
                (false, Place::Evaded) => {
                    "the combat ends; the monster is not defeated".to_string()
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
                _ => format!("  {m} is defeated ({})\n", w.source(source)),
            }
        }
        Event::CannotDefeat { monster, source } => format!(
            "  {}: cannot defeat {}: an Epic Monster is defeated only by losing Health equal to its \
             toughness; nothing of it is used\n",
            w.source(source),
            w.card(monster)
        ),
        Event::MonsterRecovered {
            source,
            amount,
            health_tokens,
        } => format!(
            "  {}: recovers {amount} Health ({health_tokens} Health tokens left on it)\n",
            w.source(source)
        ),
        Event::MonsterToBox { source } => {
            format!("  {}: returned to the box: no trophy\n", w.source(source))
        }
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
        Event::StrengthFirst { source } => format!(
            "  {}: the Strength test is resolved first\n",
            w.source(source)
        ),
        Event::DamageValueChanged { source, from, to } => format!(
            "  {}: the monster's damage is {to} (was {from})\n",
            w.source(source)
        ),
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

fn tokens(n: i32) -> String {
    plural(n, "Health token", "Health tokens")
}
