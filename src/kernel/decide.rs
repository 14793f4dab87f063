//! The player's decisions as questions the procedure asks, beside the dice: a [`Question`] with its
//! options ([`Answer`]s), answered by a [`Decisions`] source. `Fixed` answers as the scenario's
//! `[choices]` say (the procedure passes that answer along with the question); `Replay` gives the
//! answers it holds, in order, then stops with [`DecisionNeeded`] where they end (exact odds under the
//! best policy branch there; `mythos play` asks the player). Imports nothing outside the kernel.

use super::limits::ROUND_OPTIONS;
use super::{Action, Round, Token};

/// A question the rules let the player answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Question {
    /// EH: spend a Focus or a Clue token to reroll a die of test `test` (by number, from 1), or stop.
    Reroll { test: usize },
    /// AH2e: spend a Clue token for one more die in check `test`, or stop.
    ClueDie { test: usize },
    /// AH2e: try to evade `monster` before combat.
    Evade { monster: String },
    /// AH2e: what to do in round `round` of the combat against `monster`.
    Round { monster: String, round: usize },
    /// A card's optional ("may") effect, asked by its script (`ctx.card.may`) or for a printed bonus
    /// marked `may`: take it here or not. `what`: the card's words for it.
    May { card: String, what: String },
    /// A card's printed bonus marked `may` (the player's choice): take it on this test or not.
    Bonus { card: String },
    /// EH: which Normal monster to encounter next (the investigator chooses the order among Normal
    /// monsters; Epic ones come last).
    NextMonster,
    /// Two effects at the same moment: `monster`'s and the investigator's cards' at hook `hook`
    /// (EH Reference Guide, Timing Conflicts: the investigator chooses the order).
    Order { hook: String, monster: String },
}

/// One option of a question.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Answer {
    /// Spend no (more) tokens.
    Stop,
    /// EH: spend `token` to reroll die `die` (from 0, a position in the test's faces); a Clue that
    /// rerolls several dice rerolls this one and the lowest other failing dice.
    Reroll { token: Token, die: usize },
    /// AH2e: spend a Clue token for one more die.
    ClueDie,
    /// AH2e: try to evade (`true`) or go straight into combat.
    Evade(bool),
    /// AH2e: the round as played: the action, the hands, the spells cast.
    Round(Round),
    /// A "may" effect taken (`true`) or not.
    May(bool),
    /// EH: encounter monster `id` next (at `index` among the encounter's monsters as they stand).
    Monster { index: usize, id: String },
    /// Two effects at the same moment: the monster's first (`true`) or the investigator's cards'.
    MonsterFirst(bool),
}

/// Where the replayed answers end: the question asked next and its options.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a decision is needed here ({} options)", options.len())]
pub struct DecisionNeeded {
    pub question: Question,
    pub options: Vec<Answer>,
}

/// Who answers the player's questions.
#[derive(Debug, Clone, Default)]
pub enum Decisions {
    /// The scenario's `[choices]`: the answer the procedure reads from them.
    #[default]
    Fixed,
    /// Answers by option index, in the order asked, then [`DecisionNeeded`]. A question with one
    /// option is not asked (and takes no answer).
    Replay { answers: Vec<usize>, next: usize },
}

impl Decisions {
    pub fn replay(answers: Vec<usize>) -> Decisions {
        Decisions::Replay { answers, next: 0 }
    }

    pub fn is_fixed(&self) -> bool {
        matches!(self, Decisions::Fixed)
    }

    /// Whether every replayed answer is taken: the next question asked (of two options or more)
    /// is not answered. Never for `Fixed`.
    pub fn replay_spent(&self) -> bool {
        matches!(self, Decisions::Replay { answers, next } if *next >= answers.len())
    }

    /// The replayed answers taken so far (none when `Fixed`).
    pub fn used(&self) -> &[usize] {
        match self {
            Decisions::Fixed => &[],
            Decisions::Replay { answers, next } => &answers[..(*next).min(answers.len())],
        }
    }

    /// The answer to `question`: `fixed` from the scenario's choices, or the next replayed one.
    pub fn answer(
        &mut self,
        question: Question,
        mut options: Vec<Answer>,
        fixed: Answer,
    ) -> Result<Answer, DecisionNeeded> {
        match self {
            Decisions::Fixed => Ok(fixed),
            Decisions::Replay { .. } if options.len() == 1 => Ok(options.remove(0)),
            Decisions::Replay { answers, next } => match answers.get(*next) {
                Some(&i) if i < options.len() => {
                    *next += 1;
                    Ok(options.swap_remove(i))
                }
                _ => Err(DecisionNeeded { question, options }),
            },
        }
    }
}

/// AH2e: every round the player may play with `held` (copy keys of the cards that take hands, with
/// the hands each takes and whether it is a spell a round may cast: not an exhausted one) and `cast`
/// (spells already cast and still held), at most `hands` hands: Fight (and Flee, unless `may_flee`
/// is false) with each set of cards in hand and each set of the spells in it not cast yet. Every
/// card is considered, however many: the sets are built by the hands they take (a set that does not
/// fit is never extended), so their number grows with the cards to the power of the hands, and they
/// are counted as they are built: past [`ROUND_OPTIONS`] the round is refused with that count
/// (`Err`), never cut.
///
/// Copies of one card in the same state ([`twins`]: the same card, both castable or not, both cast or
/// not) are one choice: the rules tell them apart by nothing, so a set holds them in the order held
/// (the second copy only with the first) and casts them in that order too. Two copies of a one-hand
/// weapon are then three sets (none, one, both), not four; twelve copies of one weapon three, not 79
/// (issue 39: the options grow with what can be chosen, not with how the copies are numbered).
pub fn round_options(
    held: &[(String, u32, bool)],
    cast: &[String],
    hands: u32,
    may_flee: bool,
) -> Result<Vec<Answer>, TooManyOptions> {
    let too_many = || TooManyOptions {
        cards: held.len(),
        limit: ROUND_OPTIONS,
    };
    let actions: &[Action] = if may_flee {
        &[Action::Fight, Action::Flee]
    } else {
        &[Action::Fight]
    };
    let twin = twins(held, cast);
    // Each card that fits the hands is a set of its own (but the later copies of a twin): more of
    // them than options is refused at once.
    let fits: Vec<usize> = (0..held.len()).filter(|&i| held[i].1 <= hands).collect();
    if fits.iter().filter(|&&i| twin[i].is_none()).count() >= ROUND_OPTIONS {
        return Err(too_many());
    }
    // Sets of cards whose hands add up to at most `hands`, each set's cards in increasing order: a
    // set is extended only by later cards that still fit.
    // Options are counted as each set is made, before it waits to be extended.
    let spells_in = |set: &[usize]| {
        set.iter()
            .filter(|&&i| held[i].2 && !cast.contains(&held[i].0))
            .count()
    };
    let mut options = actions.len();
    let mut wields: Vec<Vec<usize>> = Vec::new();
    let mut stack: Vec<(Vec<usize>, usize, u32)> = vec![(Vec::new(), 0, 0)];
    while let Some((picked, next, need)) = stack.pop() {
        for (at, &i) in fits.iter().enumerate().skip(next) {
            // A later copy of a twin only beside the copy before it: one set for each count of copies.
            let in_order = twin[i].is_none_or(|before| picked.contains(&before));
            if in_order && need + held[i].1 <= hands {
                let mut more = picked.clone();
                more.push(i);
                let spells = spells_in(&more).min(usize::BITS as usize - 1);
                options = options.saturating_add(actions.len() << spells);
                if options > ROUND_OPTIONS {
                    return Err(too_many());
                }
                stack.push((more, at + 1, need + held[i].1));
            }
        }
        wields.push(picked);
    }
    wields.sort_by_key(|w| (w.len(), w.clone()));
    let mut out = Vec::new();
    for &action in actions {
        for w in &wields {
            let spells: Vec<usize> = w
                .iter()
                .copied()
                .filter(|&i| held[i].2 && !cast.contains(&held[i].0))
                .collect();
            for smask in 0u32..(1 << spells.len()) {
                // Twin spells are cast in the order held: a later copy only with the one before.
                let cast_in_order = (0..spells.len()).all(|j| {
                    smask & (1 << j) == 0
                        || twin[spells[j]].is_none_or(|before| {
                            spells
                                .iter()
                                .position(|&s| s == before)
                                .is_some_and(|b| smask & (1 << b) != 0)
                        })
                });
                if !cast_in_order {
                    continue;
                }
                let to_cast: Vec<String> = (0..spells.len())
                    .filter(|j| smask & (1 << j) != 0)
                    .map(|j| held[spells[j]].0.clone())
                    .collect();
                out.push(Answer::Round(Round {
                    action,
                    wield: w.iter().map(|&i| held[i].0.clone()).collect(),
                    cast: to_cast,
                }));
            }
        }
    }
    Ok(out)
}

/// For each card of `held` (see [`round_options`]), the nearest earlier copy of the same card in the
/// same state (the same hands, castable or not, cast or not in `cast`), if any: the two are twins,
/// and a choice between them is no choice.
fn twins(held: &[(String, u32, bool)], cast: &[String]) -> Vec<Option<usize>> {
    let mut last: std::collections::HashMap<(&str, u32, bool, bool), usize> =
        std::collections::HashMap::new();
    held.iter()
        .enumerate()
        .map(|(i, (key, hands, spell))| {
            let state = (super::split_copy(key).0, *hands, *spell, cast.contains(key));
            last.insert(state, i)
        })
        .collect()
}

/// A round whose options are more than [`ROUND_OPTIONS`]: the cards that take hands it had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "a combat round with {cards} cards that take hands has more than {limit} options (each set of \
     cards in hand, each set of its spells cast, Fight or Flee)"
)]
pub struct TooManyOptions {
    pub cards: usize,
    pub limit: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Replayed answers are taken in order; where they end, the question and its options come back.
    #[test]
    fn replay_answers_in_order_then_asks() {
        let mut d = Decisions::replay(vec![1]);
        let q = Question::ClueDie { test: 1 };
        let opts = vec![Answer::Stop, Answer::ClueDie];
        assert_eq!(
            d.answer(q.clone(), opts.clone(), Answer::Stop),
            Ok(Answer::ClueDie)
        );
        let err = d.answer(q.clone(), opts.clone(), Answer::Stop).unwrap_err();
        assert_eq!(err.options, opts);
        assert_eq!(err.question, q);
    }

    /// A question with one option is not asked: it takes no replayed answer.
    #[test]
    fn one_option_is_no_question() {
        let mut d = Decisions::replay(vec![]);
        let got = d.answer(
            Question::ClueDie { test: 1 },
            vec![Answer::Stop],
            Answer::ClueDie,
        );
        assert_eq!(got, Ok(Answer::Stop));
    }

    /// The scenario's choices answer with what the procedure read from them, whatever the options.
    #[test]
    fn fixed_gives_the_fixed_answer() {
        let mut d = Decisions::Fixed;
        let got = d.answer(
            Question::Evade {
                monster: "m".into(),
            },
            vec![Answer::Evade(false), Answer::Evade(true)],
            Answer::Evade(true),
        );
        assert_eq!(got, Ok(Answer::Evade(true)));
    }

    /// The answers taken are the path so far: what was replayed, up to where it stopped.
    #[test]
    fn used_is_what_was_answered() {
        let mut d = Decisions::replay(vec![1, 0]);
        let opts = vec![Answer::May(false), Answer::May(true)];
        let q = || Question::NextMonster;
        assert_eq!(
            d.answer(q(), opts.clone(), Answer::May(false)),
            Ok(Answer::May(true))
        );
        assert_eq!(d.used(), &[1]);
        assert_eq!(Decisions::Fixed.used(), &[] as &[usize]);
    }

    /// AH2e: two hands. A two-handed weapon (2) and a one-handed spell (1) are never held together;
    /// the spell in hand may be cast or not; an Ambush monster allows no Flee.
    #[test]
    fn rounds_keep_to_two_hands() {
        let held = vec![
            ("gun".to_string(), 2, false),
            ("spell".to_string(), 1, true),
        ];
        let fight = round_options(&held, &[], 2, false).unwrap();
        // Fight with: nothing; gun; spell (cast or not) = 4 options.
        assert_eq!(fight.len(), 4);
        assert!(fight.iter().all(|a| match a {
            Answer::Round(r) => r.wield.len() <= 1 && r.action == Action::Fight,
            _ => false,
        }));
        assert_eq!(round_options(&held, &[], 2, true).unwrap().len(), 8);
        // Already cast and still held: only "keep it" remains.
        assert_eq!(
            round_options(&held, &["spell".into()], 2, false)
                .unwrap()
                .len(),
            3
        );
    }

    /// Every card in hand is offered, however many (issue 39: past the 16th none was, silently):
    /// n one-hand weapons give 1 + n + n(n-1)/2 sets of at most two, each with Fight or Flee, and the
    /// last card is among them.
    #[test]
    fn every_card_in_hand_is_offered() {
        for n in [3usize, 16, 17, 24, 40] {
            let held: Vec<(String, u32, bool)> =
                (0..n).map(|i| (format!("w{i}"), 1, false)).collect();
            let options = round_options(&held, &[], 2, true).unwrap();
            assert_eq!(options.len(), 2 * (1 + n + n * (n - 1) / 2), "{n} cards");
            let last = format!("w{}", n - 1);
            assert!(options.iter().any(|a| matches!(a,
                Answer::Round(r) if r.wield == vec![last.clone()])));
        }
    }

    /// Issue 39: copies of one card in the same state are one choice. Two hands and n copies of one
    /// one-hand weapon: hold none, one or two (3 sets, each with Fight or Flee), however many copies;
    /// the sets that hold one copy hold the first. Beside a different weapon: none, the copy, the
    /// other, the copy and the other, two copies (5 sets).
    #[test]
    fn copies_of_one_card_are_one_choice() {
        for n in [2usize, 12, 44] {
            let held: Vec<(String, u32, bool)> = (1..=n)
                .map(|i| (crate::kernel::copy_key("pistol", i), 1, false))
                .collect();
            let options = round_options(&held, &[], 2, true).unwrap();
            assert_eq!(options.len(), 2 * 3, "{n} copies");
            assert!(
                options.iter().all(|a| match a {
                    Answer::Round(r) =>
                        r.wield.is_empty()
                            || r.wield == ["pistol"]
                            || r.wield == ["pistol", "pistol#2"],
                    _ => false,
                })
            );
        }
        let held = vec![
            ("pistol".to_string(), 1, false),
            ("pistol#2".to_string(), 1, false),
            ("a_blade".to_string(), 1, false),
        ];
        assert_eq!(round_options(&held, &[], 2, false).unwrap().len(), 5);
    }

    /// Copies of one spell in different states are two choices: one cast this combat and one not are
    /// told apart by the rules (the cast one keeps its cast, the other may be cast). Two uncast
    /// copies held together are cast in order: none, the first, both (not the second alone).
    #[test]
    fn copies_in_different_states_stay_apart() {
        let held = vec![
            ("a_spell".to_string(), 1, true),
            ("a_spell#2".to_string(), 1, true),
        ];
        // Uncast: sets none, one, both; casts 1, 2 and 3 of them: 6 options to Fight.
        assert_eq!(round_options(&held, &[], 2, false).unwrap().len(), 6);
        // The first cast already: each copy is its own choice. Sets: none; first (kept cast);
        // second (cast or not); both (the second cast or not): 6.
        assert_eq!(
            round_options(&held, &["a_spell".into()], 2, false)
                .unwrap()
                .len(),
            6
        );
    }

    /// Options past the limit refuse the round with their count, never a cut: a thousand cards that
    /// take one hand make half a million sets.
    #[test]
    fn too_many_options_are_refused() {
        let held: Vec<(String, u32, bool)> =
            (0..1_000).map(|i| (format!("w{i}"), 1, false)).collect();
        let err = round_options(&held, &[], 2, true).unwrap_err();
        assert_eq!(err.limit, ROUND_OPTIONS);
        assert_eq!(err.cards, 1_000);
        let many: Vec<(String, u32, bool)> =
            (0..100_000).map(|i| (format!("w{i}"), 1, false)).collect();
        assert!(round_options(&many, &[], 2, false).is_err());
    }
}
