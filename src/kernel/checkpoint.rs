//! Checkpoints: the points of a procedure where the whole state of the play is in the `Encounter`
//! (no local of the procedure's code holds any of it), so that a run can start there from a copy of
//! the state (`Procedure::run_from`) instead of from the first die. Imports nothing outside the kernel.

/// A point of a procedure a run can start from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Point {
    /// Before the investigator meets monster `monster` (by its index in the encounter's order):
    /// nothing of the combat is under way yet.
    Combat { monster: usize },
    /// AH2e: the start of round `round` of Fight or Flee against monster `monster`, before the
    /// combat's end is checked.
    Round { monster: usize, round: usize },
    /// EH: the roll of test `test` of the combat against monster `monster` (0 the first of the
    /// token's two tests, 1 the second): its pool assembled, its dice not rolled yet.
    Roll { monster: usize, test: usize },
    /// EH: the token step of test `test` of the combat against monster `monster`, before its next
    /// question (spend a Focus or a Clue on a reroll, or stop): its dice on the table, the tokens
    /// spent so far spent, the rerolls made so far made (all in the test's stage). The step keeps
    /// nothing else between its questions, so a run goes on from its question rather than from the
    /// roll, without calling the roll's `after_roll` hooks again.
    Tokens { monster: usize, test: usize },
    /// AH2e: the token step (Clue dice) of the Combat check of the round under way (the combat's
    /// `round`) against monster `monster`, before its next question (spend a Clue on a die, or
    /// stop): its dice and the Clue dice added so far on the table (the test's stage). A run goes on
    /// from there to the end of the check, of the round and of the combat, rather than from the
    /// round's start (its plan, its spells and the check's roll played again).
    FightTokens { monster: usize },
    /// AH2e: the token step of an Evade check against monster `monster`: before the combat (the
    /// combat's `round` still 0) or fleeing in the round under way. As `FightTokens`.
    EvadeTokens { monster: usize },
    /// A scenario's own test (`[test]`, both games): its roll, its pool assembled, its dice not
    /// rolled yet. What follows it is the tests its hooks asked for and the end of the play.
    TestRoll,
    /// A scenario's own test: its token step, before its next question (as `Tokens`).
    TestTokens,
}

impl Point {
    /// The monster met at this point.
    pub fn monster(self) -> usize {
        match self {
            Point::Combat { monster }
            | Point::Round { monster, .. }
            | Point::Roll { monster, .. }
            | Point::Tokens { monster, .. }
            | Point::FightTokens { monster }
            | Point::EvadeTokens { monster } => monster,
            // A scenario's own test meets no monster.
            Point::TestRoll | Point::TestTokens => 0,
        }
    }

    /// A point at a test's roll, where a run that stops there has changed nothing since it
    /// (`Encounter::checkpoint_at_roll`).
    pub fn is_roll(self) -> bool {
        matches!(self, Point::Roll { .. } | Point::TestRoll)
    }

    /// A point at a question of a test's token step (`Encounter::checkpoint_at_tokens`).
    pub fn is_tokens(self) -> bool {
        matches!(
            self,
            Point::Tokens { .. }
                | Point::FightTokens { .. }
                | Point::EvadeTokens { .. }
                | Point::TestTokens
        )
    }
}
