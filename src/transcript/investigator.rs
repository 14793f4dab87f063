//! The lines about the investigator: gains, spending and losses (and a monster's loss of Health),
//! cards gained and discarded, moves, status, and a card's own notes. Depends on `kernel` only.

use super::words::{Words, status_text};
use crate::kernel::{Event, Location, Source, Target};

pub(super) fn line(ev: &Event, w: &Words) -> String {
    match ev {
        Event::Moved { to, source } => {
            let place = match to {
                Location::StMarysHospital => "St. Mary's Hospital",
                Location::ArkhamAsylum => "Arkham Asylum",
                Location::OtherWorld => "an Other World",
                Location::LostInTimeAndSpace => "Lost in Time and Space",
                Location::Arkham => "Arkham",
            };
            format!(
                "  the investigator goes to {place} ({})\n",
                w.source(source)
            )
        }
        Event::Gained {
            stat,
            amount,
            now,
            source,
        } => format!(
            "  gains {} ({}), now {now}\n",
            w.qty(*stat, *amount),
            w.source(source)
        ),
        Event::Spent {
            stat,
            amount,
            now,
            source,
        } => {
            let why = match source {
                Source::Spent(token) => format!("for a reroll ({} token)", token.as_str()),
                other => format!("({})", w.source(other)),
            };
            format!("  spends {} {why}, {now} left\n", w.qty(*stat, *amount))
        }
        Event::CannotSpend {
            stat,
            amount,
            held,
            source,
        } => {
            let why = if *amount <= *held {
                format!("an investigator cannot spend his last {}", w.stat(*stat))
            } else {
                format!("he holds {held}")
            };
            format!(
                "  {} cannot be used: it would spend {}, and {why}\n",
                w.source(source),
                w.qty(*stat, *amount)
            )
        }
        Event::Lost {
            target: Target::Investigator,
            stat,
            amount,
            now,
            source,
        } => format!(
            "  investigator loses {} ({}), now {now}\n",
            w.qty(*stat, *amount),
            w.source(source)
        ),
        Event::Lost {
            target: Target::Monster(monster),
            amount,
            now,
            source,
            ..
        } => format!(
            "  {} loses {amount} Health ({}), {now} left\n",
            w.card(monster),
            w.source(source)
        ),
        Event::LossChanged { source, from, to } => {
            format!("  loss changed {from} → {to} by {}\n", w.source(source))
        }
        Event::ConditionGained { condition, source } => {
            format!("  gains {} ({})\n", w.card(condition), w.source(source))
        }
        Event::ConditionNotGained {
            condition,
            source,
            by,
        } => format!(
            "  does not gain {} ({}): {} replaces the gain\n",
            w.card(condition),
            w.source(source),
            w.source(by)
        ),
        Event::ConditionDiscarded { condition, source } => {
            format!("  discards {} ({})\n", w.card(condition), w.source(source))
        }
        Event::Discarded { card, source } => {
            format!("  discards {} ({})\n", w.card(card), w.source(source))
        }
        Event::DefeatedDiscards { conditions } => {
            let list: Vec<String> = conditions.iter().map(|c| w.card(c)).collect();
            format!(
                "  defeated: he discards every Condition ({}); he resolves nothing more\n",
                list.join(", ")
            )
        }
        Event::DevouredDiscards => {
            "  devoured: every card is discarded; trophies are kept\n".to_string()
        }
        Event::StatusChanged { status } => {
            format!("  the investigator is {}\n", status_text(*status))
        }
        Event::Note { source, text } => format!("  {}: {text}\n", w.source(source)),
        _ => String::new(),
    }
}
