//! When exact odds may group the faces of a roll that count alike: no card that is active in the
//! test, nor a Condition it may gain, has a hook that may apply to that test after its roll and
//! reads raw faces or die positions (decided from each script's syntax tree: `script/faces.rs`).
//! A card whose hooks read only which dice fail and where (`failing_dice`, `reroll`: the Fishing
//! Net, Mandy Thompson's Research) lets faces that count alike be grouped too, in classes that are
//! runs of faces next to each other ([`May::Classes`]).
//! Where, besides, no face negates a success and the game's token step picks no die by its face
//! (`Procedure::tokens_read_only_successes`), nothing after the roll reads more of it than its
//! successes, and the search makes the rolls of as many successes one branch (`search.rs`,
//! `Grouping`): an EH Strength test whose 6s count two rolls 8 dice in 17 branches, not 45.

use crate::defs::CardKind;
use crate::kernel::Encounter;
use crate::scenario::Prepared;

/// The cards of a scenario whose scripts may read raw faces in some test.
pub(super) struct Readers {
    /// Those that are not Conditions: they count only while active.
    cards: Vec<String>,
    /// Conditions: they count whether held or not (one may be gained during the test).
    conditions: Vec<String>,
}

impl Readers {
    pub(super) fn of(p: &Prepared) -> Readers {
        let (conditions, cards) = p.hooks.face_readers().into_iter().partition(|id| {
            p.set
                .cards
                .get(id)
                .is_some_and(|c| c.kind == CardKind::Condition)
        });
        Readers { cards, conditions }
    }

    /// Whether no script reads raw faces in any test: faces may always be grouped.
    pub(super) fn none(&self) -> bool {
        self.cards.is_empty() && self.conditions.is_empty()
    }

    /// Whether faces that count alike may be grouped in the test under way in `enc`, and how.
    pub(super) fn may_group(&self, p: &Prepared, enc: &Encounter) -> May {
        if self.none() {
            return May::All;
        }
        let Some(spec) = enc.current_spec() else {
            return May::Not;
        };
        let active: Vec<&str> = enc.active_ids().collect();
        let mut reading = self
            .cards
            .iter()
            .filter(|id| active.contains(&id.as_str()))
            .chain(self.conditions.iter())
            .filter(|id| p.hooks.reads_faces_in(id, spec))
            .peekable();
        if reading.peek().is_none() {
            return May::All;
        }
        if reading.any(|id| p.hooks.tells_faces_apart_in(id, spec)) {
            May::Not
        } else {
            May::Classes
        }
    }
}

/// Whether the faces of a test's roll may be grouped, as the cards in play read them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum May {
    /// A card tells apart faces that count alike: every face is a branch.
    Not,
    /// Cards read which dice fail and where, no more (the Fishing Net, Mandy Thompson's Research):
    /// faces that count alike are one class where each class is a run of faces next to each other,
    /// and the rolls are not grouped by their successes.
    Classes,
    /// Nothing reads raw faces: faces that count alike are one class, and where nothing reads more
    /// than the successes, the rolls of as many successes one branch.
    All,
}

/// The counting rules of a test's faces once its `after_roll` hooks ran: the lowest success face
/// and the faces that count otherwise (`kernel::face_value`).
pub(super) type CountingRules = (u8, Vec<(u8, u32)>);

/// How the faces of a roll are grouped into its branches.
pub(super) struct Grouping {
    /// The classes of faces that count alike: each class's face and chance.
    pub(super) classes: Vec<(u8, f64)>,
    /// Set where nothing after the roll reads more of it than the successes its faces count (no
    /// script reads raw faces, no face negates a success, the token step picks no die): then the
    /// rolls of as many successes are one branch, by these counting rules.
    pub(super) successes: Option<CountingRules>,
}
