//! A scenario played a step at a time, as at a table (`mythos play`): the faces rolled there and the
//! player's answers are given as they come; each step replays them from the start and stops where
//! they run out, at the next roll or the next decision. May import `kernel`, `scenario` and `odds`.

use super::diagnostic::{Diagnostic, first};
use super::{Decision, Objective, Scenario};
use crate::kernel::{DecisionNeeded, Decisions, DiceError, DiceSource, Encounter, KernelError};
use crate::odds::{DecisionOdds, OptionOdds};
use crate::scenario::Prepared;

/// Where a play with the faces and answers given so far stopped: the transcript of its events so far
/// and what comes [next](Step::next).
///
/// ```
/// use mythos::{Library, Next, Scenario};
/// let text = "game = \"eldritch\"\n[investigator]\nwill = 2\n[test]\nskill = \"will\"\n";
/// let scenario = Scenario::parse(&Library::new(), "s.toml", text)?;
/// let step = scenario.step(&[], &[]);
/// assert_eq!(step.next(), &Next::Roll(2));
/// let step = scenario.step(&[5, 2], &[]);
/// assert!(step.transcript().contains("5 2") || step.transcript().contains("5, 2"));
/// assert!(matches!(step.next(), Next::Done(summary) if !summary.is_empty()));
/// # Ok::<(), mythos::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    transcript: String,
    next: Next,
}

/// What a [`Step`] stopped at.
///
/// ```
/// use mythos::{Library, Next, Scenario};
/// let text = "game = \"eldritch\"\n[investigator]\nwill = 1\n[test]\nskill = \"will\"\n";
/// let scenario = Scenario::parse(&Library::new(), "s.toml", text)?;
/// match scenario.step(&[], &[]).next() {
///     Next::Roll(n) => assert_eq!(*n, 1),
///     other => panic!("a die is rolled first, not {other:?}"),
/// }
/// # Ok::<(), mythos::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Next {
    /// The play ended: the end state, as the transcript closes it.
    Done(String),
    /// This many more dice are rolled: their faces are wanted, in order.
    Roll(usize),
    /// A card of this many backs (one a copy) is flipped: which copy it is (1 to that number) is
    /// wanted next, in the faces, where a die's face would be.
    Flip(usize),
    /// The player decides: the question and each option, worded as `mythos play` asks them (an
    /// answer is the option's index).
    Decide {
        /// The question.
        question: String,
        /// The options, in the order the rules offer them.
        options: Vec<String>,
    },
    /// The play failed: a card's script, or a rule; its diagnostic.
    Failed(Diagnostic),
}

impl Step {
    /// The transcript of the events so far (without the [header](Scenario::header)): each step's
    /// begins with the one before it, unless a line already shown now reads otherwise.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\nwill = 2\n[test]\nskill = \"will\"\n";
    /// let scenario = Scenario::parse(&Library::new(), "s.toml", text)?;
    /// assert!(scenario.step(&[6, 1], &[]).transcript().contains("Will"));
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn transcript(&self) -> &str {
        &self.transcript
    }

    /// What the play stopped at.
    ///
    /// ```
    /// use mythos::{Library, Next, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\nwill = 1\n[test]\nskill = \"will\"\n";
    /// let scenario = Scenario::parse(&Library::new(), "s.toml", text)?;
    /// assert_eq!(scenario.step(&[], &[]).next(), &Next::Roll(1));
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn next(&self) -> &Next {
        &self.next
    }
}

/// Plays `p` with `faces` and `answers`, stopping where they run out.
fn run(p: &mut Prepared, faces: &[u8], answers: &[usize]) -> (Encounter, Result<(), KernelError>) {
    p.run_deciding(
        DiceSource::replay(faces.to_vec()),
        Decisions::replay(answers.to_vec()),
        true,
    )
}

impl Scenario {
    /// The transcript's header as `mythos play` prints it before the first step: the title, the
    /// source, the investigator and the board.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = "game = \"eldritch\"\ntitle = \"A Will test\"\n[investigator]\nwill = 2\n[test]\nskill = \"will\"\n";
    /// let scenario = Scenario::parse(&Library::new(), "s.toml", text)?;
    /// assert!(scenario.header().contains("A Will test"));
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn header(&self) -> String {
        self.plan.table_header()
    }

    /// Plays the scenario with the faces rolled so far (`faces`, in the order rolled) and the
    /// player's answers so far (`answers`, each an option's index; a question with one option is
    /// not asked), its own `[dice]` and `[choices]` set aside, and stops where they run out.
    ///
    /// ```
    /// use mythos::{Library, Next, Scenario};
    /// // AH2e: a monster to fight or flee; the first question is whether to evade it.
    /// let text = "game = \"arkham\"\n[investigator]\nname = \"T\"\nspeed = 1\nsneak = 2\nfight = 1\nwill = 1\nlore = 1\nluck = 1\nstamina = 2\nsanity = 5\n\
    ///             [[monsters]]\ncard = { id = \"brute\", name = \"Brute\", kind = \"monster\", toughness = 1, awareness = 0, combat = { rating = 0, damage = 1 } }\n";
    /// let scenario = Scenario::parse(&Library::new(), "duel.toml", text)?;
    /// let Next::Decide { question, options } = scenario.step(&[], &[]).next().clone() else { panic!() };
    /// assert_eq!(question, "Brute: try to evade it first?");
    /// assert_eq!(options.len(), 2);
    /// assert_eq!(options[1], "evade");
    /// // Evading: the Evade check's dice are wanted next, Sneak 2 with awareness +0.
    /// assert_eq!(scenario.step(&[], &[1]).next(), &Next::Roll(2));
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn step(&self, faces: &[u8], answers: &[usize]) -> Step {
        let stepped = self.with_prepared(|p| {
            let (enc, result) = run(p, faces, answers);
            let transcript = p.events_text(&enc);
            let next = match result {
                Ok(()) => Next::Done(p.summary_text(&enc)),
                Err(KernelError::Dice(DiceError::NeedMore { n, .. })) => Next::Roll(n),
                Err(KernelError::Dice(DiceError::NeedFlip { n })) => Next::Flip(n),
                Err(KernelError::Decision(need)) => {
                    let words = p.words();
                    let cur = enc.current_faces();
                    Next::Decide {
                        question: words.question(&need.question),
                        options: need.options.iter().map(|a| words.answer(a, &cur)).collect(),
                    }
                }
                Err(other) => Next::Failed(Diagnostic::from(p.diagnostic(&other))),
            };
            Step { transcript, next }
        });
        stepped.unwrap_or_else(|ds| Step {
            transcript: String::new(),
            next: Next::Failed(first(ds)),
        })
    }

    /// The decision a [`step`](Scenario::step) with `faces` and `answers` stops at, with the odds of
    /// each option under the best play for `objective` after it, as `mythos play` shows it; `None`
    /// when the step stops elsewhere or exact odds of the rest refuse (too large).
    ///
    /// ```
    /// use mythos::{Library, Objective, Scenario};
    /// let text = "game = \"arkham\"\n[investigator]\nname = \"T\"\nspeed = 1\nsneak = 2\nfight = 1\nwill = 1\nlore = 1\nluck = 1\nstamina = 2\nsanity = 5\n\
    ///             [[monsters]]\ncard = { id = \"brute\", name = \"Brute\", kind = \"monster\", toughness = 1, awareness = 0, combat = { rating = 0, damage = 1 } }\n";
    /// let scenario = Scenario::parse(&Library::new(), "duel.toml", text)?;
    /// let d = scenario.decision(Objective::Survive, &[], &[]).expect("a decision");
    /// // Not knocked out: flee each round, 5/9 + 4/9 * 5/9 = 65/81, whichever is tried first.
    /// assert!(d.options().iter().all(|o| (o.value() - 65.0 / 81.0).abs() < 1e-9));
    /// assert!(d.text().contains("Brute: try to evade it first?"));
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn decision(
        &self,
        objective: Objective,
        faces: &[u8],
        answers: &[usize],
    ) -> Option<Decision> {
        self.with_prepared(|p| {
            let (enc, result) = run(p, faces, answers);
            let Err(KernelError::Decision(need)) = result else {
                return None;
            };
            let (options, base) = option_odds(p, objective, faces, answers, &need)?;
            // Ties go to the option that loses less, then to the first offered (as the search's).
            let lost = |o: &OptionOdds| {
                let total: f64 = o.dist.values().sum();
                Objective::LeastLost.value(&o.dist) / total.max(f64::MIN_POSITIVE)
            };
            let best = (0..options.len()).fold(0, |b, i| {
                let (v, w) = (options[i].value, options[b].value);
                if v > w + 1e-12 || (v > w - 1e-12 && lost(&options[i]) > lost(&options[b]) + 1e-12)
                {
                    i
                } else {
                    b
                }
            });
            let inv = &enc.table.investigator;
            let d = DecisionOdds {
                question: need.question.clone(),
                health: inv.health,
                sanity: inv.sanity,
                clues: inv.clues,
                focus: inv.focus,
                faces: enc.current_faces(),
                test: enc.test_under_way().cloned(),
                // The faces rolled at the table.
                counted: None,
                options,
                best,
            };
            Some(Decision::of(
                &d,
                objective,
                &p.words(),
                &base,
                enc.table.monsters.len(),
            ))
        })
        .ok()
        .flatten()
    }
}

/// The odds of each option of `need`, each under the best play after it, and the odds of the first
/// (what the options' odds share: the method, the runs, the monsters); `None` when exact odds of the
/// rest refuse (too large).
fn option_odds(
    p: &mut Prepared,
    objective: Objective,
    faces: &[u8],
    answers: &[usize],
    need: &DecisionNeeded,
) -> Option<(Vec<OptionOdds>, crate::odds::Odds)> {
    let mut out = Vec::new();
    let mut base = None;
    for (i, answer) in need.options.iter().enumerate() {
        let mut a = answers.to_vec();
        a.push(i);
        let b = crate::odds::best(p, objective, faces, &a).ok()?;
        base.get_or_insert_with(|| b.odds.clone());
        out.push(OptionOdds {
            answer: answer.clone(),
            value: b.value,
            dist: b.odds.dist,
            defeated: b.odds.defeated,
        });
    }
    Some((out, base?))
}

/// Dice rolled by mythos itself, for a player without dice at hand (`mythos play`'s `r`): seeded, so
/// that one seed rolls the same faces every time.
///
/// ```
/// use mythos::Dice;
/// let (mut a, mut b) = (Dice::seeded(7), Dice::seeded(7));
/// let faces = a.roll(3);
/// assert_eq!(faces, b.roll(3));
/// assert!(faces.len() == 3 && faces.iter().all(|f| (1..=6).contains(f)));
/// ```
#[derive(Debug, Clone)]
pub struct Dice(DiceSource);

impl Dice {
    /// Dice that roll from `seed`.
    ///
    /// ```
    /// assert_eq!(mythos::Dice::seeded(1).roll(0), Vec::<u8>::new());
    /// ```
    pub fn seeded(seed: u64) -> Dice {
        Dice(DiceSource::seeded(seed))
    }

    /// The faces of `n` dice, each 1 to 6.
    ///
    /// ```
    /// assert_eq!(mythos::Dice::seeded(1).roll(5).len(), 5);
    /// ```
    pub fn roll(&mut self, n: usize) -> Vec<u8> {
        // Seeded dice never run out: only replayed faces do.
        self.0.roll_many(n, "mythos play").unwrap_or_default()
    }

    /// The copy (1 to `backs`, each as likely) a card of `backs` backs turns out to be when flipped.
    ///
    /// ```
    /// assert!((1..=3).contains(&mythos::Dice::seeded(1).flip(3)));
    /// ```
    pub fn flip(&mut self, backs: usize) -> u8 {
        // Seeded dice never run out of flips: they draw those not given.
        self.0.flip(backs, "mythos play").unwrap_or(1)
    }
}
