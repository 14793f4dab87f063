//! The player's "may" at a test's pool: each printed bonus marked `may` that would apply is a question
//! (take it on this test or not), asked before the pool is assembled.

use super::*;

impl Encounter {
    /// Asks, for each active card whose optional printed bonus would apply to the test under way,
    /// whether the player takes it (the scenario's answer: `[choices] use` names the card); those
    /// taken are kept with the test.
    pub(super) fn ask_optional_bonuses(&mut self) -> Result<(), KernelError> {
        let any = self.active_ids().any(|id| {
            self.setup
                .catalog
                .get(id)
                .is_some_and(|c| c.bonuses.iter().any(|b| b.may))
        });
        if !any {
            return Ok(());
        }
        let mut cards: Vec<String> = Vec::new();
        for b in self.pool_input().bonuses {
            if b.excluded == Some(Exclusion::NotChosen)
                && let Some(id) = b.source.card_id()
                && !cards.iter().any(|c| c == id)
            {
                cards.push(id.to_string());
            }
        }
        for card in cards {
            let fixed = Answer::May(self.is_chosen(&card));
            let question = crate::kernel::Question::Bonus { card: card.clone() };
            let options = vec![Answer::May(false), Answer::May(true)];
            if self.decide_unplaced(question, options, fixed)? == Answer::May(true) {
                let stage = self.table.stage.as_mut().expect("stage is set");
                stage.taken.push(card);
            }
        }
        Ok(())
    }
}
