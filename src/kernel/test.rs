//! A test as asked for, its outcome, and how faces become successes.

use super::Skill;
use serde::Serialize;
use std::borrow::Cow;

/// A test to resolve.
#[derive(Debug, Clone, PartialEq, Hash)]
pub struct TestSpec {
    pub skill: Skill,
    /// "test", "horror", "combat", "evade", "spell" or a card's own label.
    pub kind: Cow<'static, str>,
    pub modifier: i32,
    /// AH2e difficulty; 1 in Eldritch Horror.
    pub difficulty: u32,
    /// During a Combat Encounter (EH) or a combat (AH2e).
    pub in_combat: bool,
    /// Which printed test of a monster this is, if any: it stays `Strength` when a token makes the
    /// Strength test a Lore test (the Handcuffs ruling).
    pub slot: Option<Slot>,
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
    pub fn new(skill: Skill, kind: impl Into<Cow<'static, str>>) -> TestSpec {
        TestSpec {
            skill,
            kind: kind.into(),
            modifier: 0,
            difficulty: 1,
            in_combat: false,
            slot: None,
        }
    }
}

/// One resolved test, as the result object lists it (`tests[i]`).
#[derive(Debug, Clone, PartialEq, Hash, Serialize)]
pub struct TestOutcome {
    pub skill: Skill,
    pub kind: Cow<'static, str>,
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

pub fn count_successes(faces: &[u8], success_from: u8, counts: &[(u8, u32)]) -> u32 {
    faces
        .iter()
        .map(|f| face_value(*f, success_from, counts))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fives_and_sixes_succeed_normally() {
        assert_eq!(count_successes(&[1, 2, 3, 4, 5, 6], 5, &[]), 2);
    }

    #[test]
    fn a_success_face_of_four_adds_fours_and_one_of_six_leaves_only_sixes() {
        assert_eq!(count_successes(&[4, 5, 6, 3], 4, &[]), 3);
        assert_eq!(count_successes(&[4, 5, 6, 3], 6, &[]), 1);
    }

    #[test]
    fn a_six_counting_two_is_worth_two_even_under_two_such_rules() {
        assert_eq!(count_successes(&[6, 6, 5], 5, &[(6, 2)]), 5);
        assert_eq!(count_successes(&[6, 6, 5], 5, &[(6, 2), (6, 2)]), 5);
    }

    #[test]
    fn a_four_succeeding_is_not_made_worth_two_by_a_six_rule() {
        assert_eq!(count_successes(&[4, 6], 4, &[(6, 2)]), 3);
    }
}
