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
        enc.investigator.status,
        Status::Unconscious | Status::Insane
    ) && arkham.knocked_out(&enc.investigator) == Some(Status::Devoured)
    {
        Arc::make_mut(&mut enc.investigator).status = Status::Devoured;
        emit!(
            enc,
            Event::StatusChanged {
                status: Status::Devoured,
            }
        );
    }
    let status = enc.investigator.status;
    if !matches!(status, Status::Unconscious | Status::Insane) {
        if status == Status::Devoured {
            enc.cards_mut().possessions.clear();
            enc.cards_mut().conditions.clear();
            emit!(enc, Event::DevouredDiscards);
        }
        return;
    }
    lose_half(enc);
    let other_world = enc.investigator.location == Some(Location::OtherWorld);
    let inv = Arc::make_mut(&mut enc.investigator);
    inv.health = inv.health.max(1);
    inv.sanity = inv.sanity.max(1);
    let to = if other_world {
        inv.status = Status::LostInTimeAndSpace;
        emit!(
            enc,
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
    Arc::make_mut(&mut enc.investigator).location = Some(to);
    emit!(
        enc,
        Event::Moved {
            to,
            source: Source::Rules,
        }
    );
}

/// Half his items (rounded down: the player's choice; the engine gives up the last listed) and half
/// his Clue tokens, rounded down, are lost.
fn lose_half(enc: &mut Encounter) {
    let items: Vec<String> = enc
        .investigator
        .possessions
        .iter()
        .filter(|p| {
            enc.catalog.get(*p).is_some_and(|c| {
                c.traits
                    .iter()
                    .any(|t| matches!(t.as_str(), "item" | "common_item" | "unique_item" | "spell"))
            })
        })
        .cloned()
        .collect();
    let lose = items.len() / 2;
    for id in items.iter().rev().take(lose) {
        if let Some(i) = enc.investigator.possessions.iter().position(|p| p == id) {
            enc.cards_mut().possessions.remove(i);
            emit!(
                enc,
                Event::Discarded {
                    card: id.clone(),
                    source: Source::Rules,
                }
            );
        }
    }
    let clues_lost = enc.investigator.clues / 2;
    if clues_lost > 0 {
        Arc::make_mut(&mut enc.investigator).clues -= clues_lost;
        emit!(
            enc,
            Event::Lost {
                target: Target::Investigator,
                stat: Stat::Clues,
                amount: clues_lost,
                now: enc.investigator.clues,
                source: Source::Rules,
                asked: clues_lost,
            }
        );
    }
}
