//! The lines about the investigator: gains, spending and losses (and a monster's loss of Health),
//! cards gained and discarded, moves, status, and a card's own notes. Depends on `kernel` only.

use super::words::{Title, Words, capital, fate_text, plural, signed, status_text};
use crate::kernel::{Event, Game, Location, LossValue, Source, Target};
use std::fmt::Write;

/// The line of a loss counted from a monster's printed value and the loss that follows it, when
/// nothing came between them: one line says both ("investigator loses 1 Sanity (Ghoul: horror 2 −
/// 1 success), now 3").
pub(super) fn counted_loss(counted: &Event, lost: &Event, w: &Words) -> Option<String> {
    let Event::LossCounted {
        stat,
        amount,
        source,
        ..
    } = counted
    else {
        return None;
    };
    let Event::Lost {
        target: Target::Investigator,
        stat: lost_stat,
        asked,
        source: lost_source,
        amount: lost,
        now,
    } = lost
    else {
        return None;
    };
    if lost_stat != stat || asked != amount || lost_source != source || *amount == 0 {
        return None;
    }
    let mut why = arithmetic(counted, w);
    if lost < asked {
        why.push_str(&format!(" = {asked}{}", cut_at_zero(*lost)));
    }
    Some(format!(
        "  investigator loses {} ({why}), now {now}\n",
        w.qty(*stat, *lost)
    ))
}

/// EH: the monster's loss from the Strength test result, written after the investigator's loss that
/// defeated him: it happened at the same time ("The investigator and Monster lose Health
/// simultaneously", EH wiki, Combat Encounter), not after the defeat.
pub(super) fn simultaneous(ev: &Event, w: &Words) -> Option<String> {
    let Event::Lost {
        target: Target::Monster(monster),
        amount,
        now,
        source: source @ Source::StrengthResult,
        ..
    } = ev
    else {
        return None;
    };
    Some(format!(
        "  at the same time, {} loses {amount} Health ({}), {now} left\n",
        w.card(monster),
        w.source(source)
    ))
}

/// "Ghoul: horror 2 − 1 success" (EH), "Zombie: combat damage 2" (AH2e, a failed check), "Dark
/// Young, Nightmarish 1: the check passed" (AH2e).
fn arithmetic(counted: &Event, w: &Words) -> String {
    let Event::LossCounted {
        value_of,
        value,
        successes,
        source,
        ..
    } = counted
    else {
        return String::new();
    };
    let what = match (value_of, w.game) {
        (LossValue::Horror, Game::Eldritch) => "horror",
        (LossValue::Damage, Game::Eldritch) => "damage",
        (LossValue::Horror, Game::Arkham) => "horror damage",
        (LossValue::Damage, Game::Arkham) => "combat damage",
        (LossValue::Nightmarish | LossValue::Overwhelming, _) => {
            return format!("{} {value}: the check passed", w.source(source));
        }
    };
    match successes {
        Some(n) => format!(
            "{}: {what} {value} − {}",
            w.source(source),
            plural(*n, "success", "successes")
        ),
        None => format!("{}: {what} {value}, the check failed", w.source(source)),
    }
}

/// A loss cut at 0: the investigator had less than he was to lose.
fn cut_at_zero(lost: i32) -> String {
    format!(", cut to the {lost} he had")
}

pub(super) fn line(ev: &Event, w: &Words) -> String {
    match ev {
        Event::LossCounted {
            stat,
            amount: 0,
            successes: None,
            passed: true,
            source,
            ..
        } => format!(
            "  {}: the check passed: no {} lost\n",
            w.source(source),
            w.stat(*stat)
        ),
        Event::LossCounted {
            stat, amount: 0, ..
        } => format!("  {}: no {} lost\n", arithmetic(ev, w), w.stat(*stat)),
        Event::LossCounted { stat, amount, .. } => format!(
            "  {}: {} to lose\n",
            arithmetic(ev, w),
            w.qty(*stat, *amount)
        ),
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
            before,
            maximum,
        } => {
            let what = w.qty(*stat, *amount);
            let by = w.source(source);
            match (maximum, now - before) {
                (Some(max), gained) if gained <= 0 => {
                    format!("  gains {what} ({by}): already at his maximum of {max}\n")
                }
                (Some(max), gained) if gained < *amount => format!(
                    "  gains {gained} of {what} ({by}): cut at his maximum of {max}, now {now}\n"
                ),
                _ => format!("  gains {what} ({by}), now {now}\n"),
            }
        }
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
            asked,
        } => format!(
            "  investigator loses {} ({}{}), now {now}\n",
            w.qty(*stat, *amount),
            w.source(source),
            if asked > amount {
                format!(": {asked} to lose{}", cut_at_zero(*amount))
            } else {
                String::new()
            }
        ),
        Event::Lost {
            target: Target::Monster(monster),
            amount,
            now,
            source,
            ..
        } if w.game == Game::Arkham => format!(
            "  {} loses {amount} Health ({})\n",
            w.card(monster),
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
        Event::ConditionDrawn {
            trait_,
            condition,
            copy,
            copies,
            source,
        } => {
            let mut t = trait_.chars();
            let named: String = t
                .next()
                .map_or(String::new(), |f| f.to_uppercase().chain(t).collect());
            match condition {
                Some(c) => format!(
                    "  gains a {named} Condition ({}): the first in the shuffled deck he does not hold is {} (copy {copy} of the {copies} copies of the {named} Conditions he does not hold)\n",
                    w.source(source),
                    w.card(c)
                ),
                None => format!(
                    "  would gain a {named} Condition ({}): he holds every one, none is gained\n",
                    w.source(source)
                ),
            }
        }
        Event::ConditionAlreadyHeld { condition, source } => format!(
            "  already holds {} ({}): not gained again\n",
            w.card(condition),
            w.source(source)
        ),
        Event::ConditionNotGained {
            condition,
            source,
            by,
            instead,
        } => format!(
            "  does not gain {} ({}): {}\n",
            w.card(condition),
            w.source(source),
            if *instead {
                format!("{} is discarded instead", w.source(by))
            } else {
                format!("{} prevents it", w.source(by))
            }
        ),
        Event::ConditionDiscarded { condition, source } => {
            format!("  discards {} ({})\n", w.card(condition), w.source(source))
        }
        Event::Discarded { card, source } => {
            format!("  discards {} ({})\n", w.card(card), w.source(source))
        }
        Event::LossWaits {
            stat,
            amount,
            tests,
        } => format!(
            "  the loss of {amount} {} waits for the {} asked for before it is applied\n",
            w.stat(*stat),
            if *tests == 1 { "test" } else { "tests" }
        ),
        Event::MaximumRaised {
            card,
            stat,
            by,
            max,
        } => format!(
            "  {}: {} maximum {} while held: maximum {max}\n",
            w.card(card),
            signed(*by),
            w.stat(*stat)
        ),
        Event::MaximumLowered {
            card,
            stat,
            by,
            max,
            value,
        } => format!(
            "  {} gone: maximum {} {} → {max}; {} {value}\n",
            w.card(card),
            w.stat(*stat),
            max.saturating_add(*by),
            w.stat(*stat)
        ),
        Event::DefeatedDiscards { conditions } => {
            let list: Vec<String> = conditions.iter().map(|c| w.card(c)).collect();
            format!(
                "  defeated: he discards every Condition ({}); he resolves nothing more\n",
                list.join(", ")
            )
        }
        Event::Improved {
            skill,
            from,
            to,
            source,
        } => {
            let token = |t: i32| match t {
                0 => "no token".to_string(),
                t if t > 0 => format!("an improvement token {}", signed(t)),
                t => format!("an impairment token {}", signed(t)),
            };
            format!(
                "  improves {} ({}): {} → {}\n",
                skill.title(),
                w.source(source),
                token(*from),
                token(*to)
            )
        }
        Event::MayDeclined {
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
                "  {}: its option would spend {}, and {why}: not taken\n",
                capital(&w.source(source)),
                w.qty(*stat, *amount)
            )
        }
        Event::CannotBecomeDelayed { source } => format!(
            "  {} cannot be used: it costs becoming Delayed, and he is Delayed already\n",
            capital(&w.source(source))
        ),
        Event::HalfItemsLost { items, lose, kept } => {
            let items = plural(i64::try_from(*items).unwrap_or(i64::MAX), "item", "items");
            let mut line = if *lose == 0 {
                format!("  knocked out, he loses half of his {items}, rounded down: none")
            } else {
                format!(
                    "  knocked out, he loses half of his {items}, rounded down: {lose}, his choice \
                     (the last listed that can be lost)"
                )
            };
            if !kept.is_empty() {
                let list: Vec<String> = kept.iter().map(|c| w.card(c)).collect();
                let _ = write!(
                    line,
                    "; he keeps {}: it cannot be lost unless he chooses",
                    list.join(", ")
                );
            }
            line.push('\n');
            line
        }
        Event::DevouredDiscards => {
            "  devoured: every card is discarded; trophies are kept\n".to_string()
        }
        Event::StatusChanged { status } => {
            format!("  the investigator is {}\n", status_text(*status))
        }
        Event::StatusSet { fate, source } => format!(
            "  the investigator is {} ({})\n",
            fate_text(*fate),
            w.source(source)
        ),
        Event::StatusReplaced { from, to, by } => format!(
            "  {}: he is {} instead of {}\n",
            w.source(by),
            fate_text(*to),
            fate_text(*from)
        ),
        Event::StatusPrevented { fate, source, by } => format!(
            "  he is not {} ({}): {} prevents it\n",
            fate_text(*fate),
            w.source(source),
            w.source(by)
        ),
        Event::Exhausted { card } => format!("  {} is exhausted\n", w.card(card)),
        // What a card keeps between its hook calls (`ctx.card.set`) is its script's bookkeeping,
        // not something that happened: the JSON events hold it, and a card whose text puts tokens
        // on it says so in its words (`ctx.note`).
        Event::Kept { .. } => String::new(),
        // A note is one line: a line break in it is shown as `\n`, never starting a line.
        Event::Note { source, text } => {
            format!("  {}: {}\n", w.source(source), crate::kernel::visible(text))
        }
        Event::ActionTaken { card } => {
            format!("Action: {}, outside any combat\n", w.card(card))
        }
        Event::Flipped { card, copy, backs } => format!(
            "  {} is flipped: its back is copy {copy} of {backs}; that back is read\n",
            w.card(card)
        ),
        Event::Reckoning => "Reckoning (Mythos Phase): each card's RECKONING effect\n".to_string(),
        Event::Upkeep => "Upkeep Phase: each card's Upkeep effect\n".to_string(),
        Event::Drew {
            deck,
            amount,
            drawn,
            source,
        } => {
            let (one, many) = deck_words(*deck);
            let noun = if *amount == 1 { one } else { many };
            let total = if drawn == amount {
                String::new()
            } else {
                format!("; {drawn} drawn in all")
            };
            format!(
                "  draws {amount} {noun} ({}): which is not known here{total}\n",
                w.source(source)
            )
        }
        _ => String::new(),
    }
}

/// A deck's card, one and several.
fn deck_words(deck: crate::kernel::Deck) -> (&'static str, &'static str) {
    use crate::kernel::Deck;
    match deck {
        Deck::Asset => ("Asset", "Assets"),
        Deck::Artifact => ("Artifact", "Artifacts"),
        Deck::Spell => ("Spell", "Spells"),
        Deck::CommonItem => ("Common Item", "Common Items"),
        Deck::UniqueItem => ("Unique Item", "Unique Items"),
        Deck::Skill => ("Skill", "Skills"),
        Deck::Ally => ("Ally", "Allies"),
    }
}
