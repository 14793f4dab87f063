//! Effects on the cards the investigator holds: conditions gained and discarded, possessions
//! discarded.

use super::*;

impl Encounter {
    pub(super) fn discard_condition(&mut self, src: Source, id: String) {
        if let Some(i) = self.investigator.conditions.iter().position(|c| *c == id) {
            self.cards_mut().conditions.remove(i);
            emit!(
                self,
                Event::ConditionDiscarded {
                    condition: id,
                    source: src,
                }
            );
        }
    }

    pub(super) fn discard(&mut self, src: Source, id: String) {
        if let Some(i) = self.investigator.possessions.iter().position(|c| *c == id) {
            self.cards_mut().possessions.remove(i);
            emit!(
                self,
                Event::Discarded {
                    card: id,
                    source: src,
                }
            );
        }
    }
}
