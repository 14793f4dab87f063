//! Effects on where the investigator is and what is left of his phase: moved (AH2e: lost in time and
//! space through a gate), no more encounters.

use super::*;

impl Encounter {
    pub(super) fn no_more_encounters(&mut self, src: Source) {
        self.no_more_encounters = true;
        emit!(self, Event::NoMoreEncounters { source: src });
    }

    pub(in crate::kernel::encounter) fn move_to(&mut self, src: Source, place: Location) {
        Arc::make_mut(&mut self.investigator).location = Some(place);
        emit!(
            self,
            Event::Moved {
                to: place,
                source: src,
            }
        );
        if place == Location::LostInTimeAndSpace && self.investigator.status == Status::Ok {
            Arc::make_mut(&mut self.investigator).status = Status::LostInTimeAndSpace;
            emit!(
                self,
                Event::StatusChanged {
                    status: Status::LostInTimeAndSpace,
                }
            );
        }
        if let Some(c) = self.combat.as_mut() {
            c.ended = true;
            c.left = true;
        }
    }
}
