//! A test as asked for, its outcome, and how faces become successes.

use super::Skill;
use serde::{Serialize, Serializer};
use std::fmt;
use std::sync::Arc;

/// What a test is, for the hooks that react to it, the token policy and the transcript: one of the
/// kinds the rules name, or a card's own label (`ctx.investigator.test(skill, modifier, "my_label")`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TestKind {
    /// A plain test outside combat.
    Test,
    /// EH: the Will test of a combat; AH2e: the horror check.
    Horror,
    /// EH: the Strength test of a combat; AH2e: the combat check.
    Combat,
    /// AH2e: an Evade check.
    Evade,
    /// AH2e: a Spell check.
    Spell,
    /// A card's own label.
    Label(Arc<str>),
}

impl TestKind {
    /// The kinds the rules define.
    pub const BUILTIN: [TestKind; 5] = [
        TestKind::Test,
        TestKind::Horror,
        TestKind::Combat,
        TestKind::Evade,
        TestKind::Spell,
    ];

    /// The one machine spelling (`tests[i].kind`, `ctx.test.kind`, `choices.rerolls` keys).
    pub fn as_str(&self) -> &str {
        match self {
            TestKind::Label(l) => l,
            builtin => builtin.builtin().unwrap_or_default(),
        }
    }

    /// The name of a kind the rules define (`None` for a card's own label).
    pub fn builtin(&self) -> Option<&'static str> {
        match self {
            TestKind::Label(_) => None,
            TestKind::Test => Some("test"),
            TestKind::Horror => Some("horror"),
            TestKind::Combat => Some("combat"),
            TestKind::Evade => Some("evade"),
            TestKind::Spell => Some("spell"),
        }
    }
}

impl From<&str> for TestKind {
    fn from(s: &str) -> TestKind {
        TestKind::BUILTIN
            .into_iter()
            .find(|k| k.builtin() == Some(s))
            .unwrap_or_else(|| TestKind::Label(Arc::from(s)))
    }
}

impl From<String> for TestKind {
    fn from(s: String) -> TestKind {
        TestKind::from(s.as_str())
    }
}

impl From<&String> for TestKind {
    fn from(s: &String) -> TestKind {
        TestKind::from(s.as_str())
    }
}

impl fmt::Display for TestKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for TestKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A test to resolve.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct TestSpec {
    pub skill: Skill,
    pub kind: TestKind,
    pub modifier: i32,
    /// AH2e difficulty; 1 in Eldritch Horror.
    pub difficulty: u32,
    /// During a Combat Encounter (EH) or a combat (AH2e).
    pub in_combat: bool,
    /// Which printed test of a monster this is, if any: it stays `Strength` when a token makes the
    /// Strength test a Lore test (the Handcuffs ruling).
    pub slot: Option<Slot>,
    /// Which of the monster's printed values its modifier is, if any (EH: the slot's modifier; AH2e:
    /// the horror rating for the horror check, the combat rating for a combat check): a card that
    /// sets that value before the pool is assembled sets this test's modifier too.
    pub rating: Option<Slot>,
    /// The card whose text asks for this test: the monster met for its printed tests (and AH2e's
    /// Evade, Horror and Combat checks against it), the spell a Spell check casts, the card that asked
    /// (`ctx.investigator.test`); `None` for a scenario's own test.
    pub origin: Option<Arc<str>>,
    /// AH2e: the monster's rating for this check is printed −X and no card has given it yet; a check
    /// still so when its pool is assembled stops the play (a rule error naming the monster).
    pub unrated: bool,
    /// AH2e: the monster's rating for this check is printed −X (given or not).
    pub printed_x: bool,
    /// AH2e: the copy of the spell (its copy key) this Spell check casts when its card casts it
    /// (`ctx.card.cast`): passed, the spell is cast. `None` for every other test, a round's Spell
    /// checks included (the round marks its own).
    pub casts: Option<String>,
    /// The checkpoint this test's roll is, if any (EH: each of a combat's two tests, `Point::Roll`):
    /// once its pool is assembled, the whole state is in the encounter, and a run can go on from
    /// there (`Encounter::resume_test_then`).
    pub roll_point: Option<super::Point>,
    /// The checkpoint each question of this test's token step is, if any (EH: a combat's tests,
    /// `Point::Tokens`; AH2e: a round's Combat check and an Evade check against the monster met,
    /// `Point::FightTokens`, `Point::EvadeTokens`; a scenario's own test, `Point::TestTokens`): its
    /// procedure knows how to go on from there (`Procedure::resume`, `Procedure::run_from`).
    pub tokens_point: Option<super::Point>,
}

/// The two printed tests of an Eldritch Horror monster token (AH2e: the horror and combat checks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    Will,
    Strength,
}

impl Slot {
    pub fn as_str(self) -> &'static str {
        match self {
            Slot::Will => "will",
            Slot::Strength => "strength",
        }
    }
}

impl TestSpec {
    pub fn new(skill: Skill, kind: impl Into<TestKind>) -> TestSpec {
        TestSpec {
            skill,
            kind: kind.into(),
            modifier: 0,
            difficulty: 1,
            in_combat: false,
            slot: None,
            rating: None,
            origin: None,
            unrated: false,
            printed_x: false,
            casts: None,
            roll_point: None,
            tokens_point: None,
        }
    }
}

/// One resolved test, as the result object lists it (`tests[i]`).
#[derive(Debug, Clone, PartialEq, Hash, Serialize)]
pub struct TestOutcome {
    pub skill: Skill,
    pub kind: TestKind,
    pub modifier: i32,
    pub pool: usize,
    pub faces: Vec<u8>,
    pub successes: u32,
    pub difficulty: u32,
    pub passed: bool,
}

/// What one face is worth: a counting rule for that face if any (the highest wins; rules never
/// multiply), otherwise 1 from `success_from` up.
pub fn face_value(face: u8, success_from: u8, counts: &[(u8, u32)]) -> u32 {
    counts
        .iter()
        .filter(|(f, _)| *f == face)
        .map(|(_, n)| *n)
        .max()
        .unwrap_or(u32::from(face >= success_from))
}

/// Positions (from 0) of the dice that are not successes, lowest face first.
pub fn failing_dice(faces: &[u8], success_from: u8, counts: &[(u8, u32)]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..faces.len())
        .filter(|&i| face_value(faces[i], success_from, counts) == 0)
        .collect();
    idx.sort_by_key(|&i| (faces[i], i));
    idx
}

/// How many successes one face negates: a negation rule for that face if any (the highest wins;
/// rules never add up), otherwise none (Blunderbuss: "each 1 negates 1 success").
pub fn face_negates(face: u8, negates: &[(u8, u32)]) -> u32 {
    negates
        .iter()
        .filter(|(f, _)| *f == face)
        .map(|(_, n)| *n)
        .max()
        .unwrap_or(0)
}

/// The result of `faces`: what each face counts, less what each negates, never below 0.
pub fn count_successes(
    faces: &[u8],
    success_from: u8,
    counts: &[(u8, u32)],
    negates: &[(u8, u32)],
) -> u32 {
    let sum =
        |value: &dyn Fn(u8) -> u32| faces.iter().map(|f| value(*f)).fold(0, u32::saturating_add);
    sum(&|f| face_value(f, success_from, counts)).saturating_sub(sum(&|f| face_negates(f, negates)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_naming_a_kind_of_the_rules_is_that_kind_and_any_other_stays_the_cards_own() {
        assert_eq!(TestKind::from("combat"), TestKind::Combat);
        assert_eq!(TestKind::from("spell"), TestKind::Spell);
        let own = TestKind::from("a card's own label");
        assert_eq!(own, TestKind::Label(Arc::from("a card's own label")));
        assert_eq!(own.as_str(), "a card's own label");
        for k in TestKind::BUILTIN {
            assert_eq!(TestKind::from(k.as_str()), k);
        }
    }

    #[test]
    fn fives_and_sixes_succeed_normally() {
        assert_eq!(count_successes(&[1, 2, 3, 4, 5, 6], 5, &[], &[]), 2);
    }

    #[test]
    fn a_success_face_of_four_adds_fours_and_one_of_six_leaves_only_sixes() {
        assert_eq!(count_successes(&[4, 5, 6, 3], 4, &[], &[]), 3);
        assert_eq!(count_successes(&[4, 5, 6, 3], 6, &[], &[]), 1);
    }

    #[test]
    fn a_six_counting_two_is_worth_two_even_under_two_such_rules() {
        assert_eq!(count_successes(&[6, 6, 5], 5, &[(6, 2)], &[]), 5);
        assert_eq!(count_successes(&[6, 6, 5], 5, &[(6, 2), (6, 2)], &[]), 5);
    }

    #[test]
    fn a_four_succeeding_is_not_made_worth_two_by_a_six_rule() {
        assert_eq!(count_successes(&[4, 6], 4, &[(6, 2)], &[]), 3);
    }

    /// "Each 6 ... counts as 2 successes and each 1 negates 1 success" (Blunderbuss): 6 6 1 is 3.
    #[test]
    fn each_one_negates_a_success() {
        assert_eq!(count_successes(&[6, 6, 1], 5, &[(6, 2)], &[(1, 1)]), 3);
        assert_eq!(count_successes(&[5, 1, 3], 5, &[], &[(1, 1)]), 0);
    }

    /// "Never below 0": more 1s than successes leave 0, not a negative result.
    #[test]
    fn negated_successes_stop_at_zero() {
        assert_eq!(count_successes(&[5, 1, 1, 1], 5, &[], &[(1, 1)]), 0);
        assert_eq!(count_successes(&[1, 1], 5, &[], &[(1, 1)]), 0);
    }

    /// Two negation rules for one face: the highest stands, as for `count_face`.
    #[test]
    fn two_negation_rules_for_one_face_do_not_add_up() {
        assert_eq!(count_successes(&[5, 5, 5, 1], 5, &[], &[(1, 1), (1, 1)]), 2);
    }
}
