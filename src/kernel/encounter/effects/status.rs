//! Effects on where the investigator is and what is left of his phase: moved (AH2e: lost in time and
//! space through a gate), no more encounters.

use super::*;

impl Encounter {
    pub(super) fn no_more_encounters(&mut self, src: Source) {
        self.table.no_more_encounters = true;
        emit!(self.run, Event::NoMoreEncounters { source: src });
    }

    pub(in crate::kernel::encounter) fn move_to(&mut self, src: Source, place: Location) {
        Arc::make_mut(&mut self.table.investigator).location = Some(place);
        emit!(
            self.run,
            Event::Moved {
                to: place,
                source: src,
            }
        );
        if place == Location::LostInTimeAndSpace && self.table.investigator.status == Status::Ok {
            Arc::make_mut(&mut self.table.investigator).status = Status::LostInTimeAndSpace;
            emit!(
                self.run,
                Event::StatusChanged {
                    status: Status::LostInTimeAndSpace,
                }
            );
        }
        if let Some(c) = self.table.combat.as_mut() {
            c.ended = true;
            c.left = true;
        }
    }
}
