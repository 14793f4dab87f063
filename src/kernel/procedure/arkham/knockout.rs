//! Arkham Horror 2e: what follows a knock-out once the check or the combat is over (devoured, or a
//! wake-up in hospital, asylum or lost in time and space). Imports the kernel's values and the
//! skeleton; not `rounds.rs` nor another game.

use super::Arkham;
use crate::kernel::procedure::Procedure;
use crate::kernel::{Encounter, Event, Location, Source, Stat, Status, Target};
use std::sync::Arc;

/// Unconscious, insane, devoured: in Arkham the investigator wakes in St. Mary's Hospital or Arkham
/// Asylum with 1 Stamina or Sanity, having lost half his items and half his Clue tokens (rounded
/// down); in an Other World he is lost in time and space instead.
pub(super) fn after_knockout(arkham: &Arkham, enc: &mut Encounter) {
    // At 0 Stamina and 0 Sanity after the same check (its losses and the hooks it fired): devoured.
    if matches!(
        enc.table.investigator.status,
        Status::Unconscious | Status::Insane
    ) && arkham.knocked_out(&enc.table.investigator) == Some(Status::Devoured)
    {
        Arc::make_mut(&mut enc.table.investigator).status = Status::Devoured;
        emit!(
            enc.run,
            Event::StatusChanged {
                status: Status::Devoured,
            }
        );
    }
    let status = enc.table.investigator.status;
    if !matches!(status, Status::Unconscious | Status::Insane) {
        if status == Status::Devoured {
            enc.cards_mut().possessions.clear();
            enc.cards_mut().conditions.clear();
            emit!(enc.run, Event::DevouredDiscards);
        }
        return;
    }
    lose_half(enc);
    let other_world = enc.table.investigator.location == Some(Location::OtherWorld);
    let inv = Arc::make_mut(&mut enc.table.investigator);
    inv.health = inv.health.max(1);
    inv.sanity = inv.sanity.max(1);
    let to = if other_world {
        inv.status = Status::LostInTimeAndSpace;
        emit!(
            enc.run,
            Event::StatusChanged {
                status: Status::LostInTimeAndSpace,
            }
        );
        Location::LostInTimeAndSpace
    } else if status == Status::Unconscious {
        Location::StMarysHospital
    } else {
        Location::ArkhamAsylum
    };
    Arc::make_mut(&mut enc.table.investigator).location = Some(to);
    emit!(
        enc.run,
        Event::Moved {
            to,
            source: Source::Rules,
        }
    );
}

/// The trait of a card that "cannot be lost or stolen unless you choose to allow it" (the .18
/// Derringer): the player never chooses to give it up among the items he loses.
pub const CANNOT_BE_LOST: &str = "cannot_be_lost";

/// Half his items, rounded down, are lost (the player's choice: the engine gives up the last listed,
/// never one that cannot be lost, which still counts among his items), and half his Clue tokens,
/// rounded down. The transcript says how many and why.
fn lose_half(enc: &mut Encounter) {
    let traits_of = |id: &String| {
        enc.setup
            .catalog
            .get(id)
            .map(|c| c.traits.clone())
            .unwrap_or_default()
    };
    let items: Vec<(String, bool)> = enc
        .table
        .investigator
        .possessions
        .iter()
        .filter_map(|p| {
            let traits = traits_of(p);
            let item = traits
                .iter()
                .any(|t| matches!(t.as_str(), "item" | "common_item" | "unique_item" | "spell"));
            item.then(|| (p.clone(), traits.iter().any(|t| t == CANNOT_BE_LOST)))
        })
        .collect();
    let lose = items.len() / 2;
    let kept: Vec<String> = items
        .iter()
        .filter(|(_, keep)| *keep)
        .map(|(id, _)| id.clone())
        .collect();
    if !items.is_empty() {
        emit!(
            enc.run,
            Event::HalfItemsLost {
                items: items.len(),
                lose,
                kept,
            }
        );
    }
    let losable: Vec<String> = items
        .iter()
        .filter(|(_, keep)| !*keep)
        .map(|(id, _)| id.clone())
        .collect();
    for id in losable.iter().rev().take(lose) {
        if let Some(i) = enc
            .table
            .investigator
            .possessions
            .iter()
            .rposition(|p| p == id)
        {
            enc.cards_mut().possessions.remove(i);
            emit!(
                enc.run,
                Event::Discarded {
                    card: id.clone(),
                    source: Source::Rules,
                }
            );
        }
    }
    let clues_lost = enc.table.investigator.clues / 2;
    if clues_lost > 0 {
        Arc::make_mut(&mut enc.table.investigator).clues -= clues_lost;
        emit!(
            enc.run,
            Event::Lost {
                target: Target::Investigator,
                stat: Stat::Clues,
                amount: clues_lost,
                now: enc.table.investigator.clues,
                source: Source::Rules,
                asked: clues_lost,
            }
        );
    }
}
