//! The player's questions and options worded with a scenario's card names ([`DecisionWords`]), for the
//! rooms that may not import `transcript` (the library API) and those that may.

use crate::defs::CardSet;
use crate::kernel::{Answer, Game, Question};
use crate::transcript::{Names, answer_text, question_at, question_text};

/// Words a question and its options as `mythos play` and `mythos odds --best` print them.
#[derive(Debug, Clone)]
pub struct DecisionWords {
    names: Names,
    game: Game,
}

impl DecisionWords {
    /// With the printed names of `set`'s cards, under `game`'s words (Health or Stamina).
    pub fn of(set: &CardSet, game: Game) -> DecisionWords {
        DecisionWords {
            names: set
                .cards
                .iter()
                .map(|(id, c)| (id.clone(), c.name.clone()))
                .collect(),
            game,
        }
    }

    /// The question, as a line a player reads.
    pub fn question(&self, q: &Question) -> String {
        question_text(q, &self.names, self.game)
    }

    /// The question, naming the test under way when it is given ("the Strength test against the
    /// Ghoul").
    pub fn question_at(&self, q: &Question, test: Option<&crate::kernel::TestSpec>) -> String {
        question_at(q, test, &self.names, self.game)
    }

    /// One option, with the faces of the test under way (die numbers from 1).
    pub fn answer(&self, a: &Answer, faces: &[u8]) -> String {
        answer_text(a, faces, &self.names, self.game)
    }
}
