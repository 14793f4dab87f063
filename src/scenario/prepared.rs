//! A scenario read, checked and compiled ([`Prepared`]), played any number of times with any dice, and
//! the diagnostics of a run that failed.

use super::file::RawScenario;
use super::played::Played;
use super::words::DecisionWords;
use crate::defs::{CardSet, Code, Diagnostic, SourceFile};
use crate::kernel::{
    CheckedSetup, DiceSource, Encounter, HookError, HookFault, Investigator, KernelError, Part,
    Problem, Procedure, SetupProblem, Start, TestRequest,
};
use crate::script::ScriptHooks;
use std::ops::{Deref, Range};

/// A scenario read, checked and compiled, ready to be played any number of times with any dice (exact
/// odds replay it thousands of times). What it was made from, its [`Blueprint`], is read through it
/// (`p.setup`, `p.file`, ...).
pub struct Prepared {
    plan: Blueprint,
    /// Where every run starts: the setup made once, shared by every run (and its copies).
    origin: Start,
    pub hooks: ScriptHooks,
    /// The scenario's own `[dice]`, if it has them.
    pub dice: Option<DiceSource>,
}

/// Everything of a prepared scenario but its compiled scripts and its dice: it can be shared between
/// threads, and each thread compiles its own scripts from it (the Rhai engine is single-threaded).
#[derive(Clone)]
pub struct Blueprint {
    pub scenario: RawScenario,
    pub file: SourceFile,
    pub set: CardSet,
    /// Checked once; each run takes a copy with its own dice.
    pub setup: CheckedSetup,
    pub request: TestRequest,
    /// The investigator before anything happened.
    pub start: Investigator,
    /// The card ids whose scripts are compiled (`ScriptHooks::needed`): the cards that are or can come
    /// into play, and every script not built in.
    pub scripts: Vec<String>,
    pub(super) procedure: &'static dyn Procedure,
}

impl Blueprint {
    /// The words of the player's questions and options, with this scenario's card names.
    pub fn words(&self) -> DecisionWords {
        DecisionWords::of(&self.set, self.setup.game)
    }

    /// A prepared scenario of this blueprint, with its scripts compiled (and no dice of its own).
    pub fn instantiate(&self) -> Result<Prepared, Vec<Diagnostic>> {
        let mut hooks = ScriptHooks::compile_for(&self.set, &self.scripts)?;
        self.skip_what_cannot_apply(&mut hooks);
        Ok(Prepared::new(self.clone(), hooks, None))
    }

    /// Stops `hooks` calling the hooks that cannot apply in this encounter (`script/applies.rs`): the
    /// cards `[choices] use` names, and whether it is one test without combat, decide it.
    pub(super) fn skip_what_cannot_apply(&self, hooks: &mut ScriptHooks) {
        let chosen = |id: &str| self.setup.chosen.iter().any(|c| c == id);
        let no_combat = self.request.no_combat() && self.setup.monsters.is_empty();
        hooks.skip_what_cannot_apply(&chosen, no_combat);
    }
}

impl Deref for Prepared {
    type Target = Blueprint;

    fn deref(&self) -> &Blueprint {
        &self.plan
    }
}

impl Prepared {
    pub(super) fn new(plan: Blueprint, hooks: ScriptHooks, dice: Option<DiceSource>) -> Prepared {
        let origin = Start::of(&plan.setup);
        Prepared {
            plan,
            origin,
            hooks,
            dice,
        }
    }

    pub fn blueprint(&self) -> Blueprint {
        self.plan.clone()
    }

    /// What it was made from, where every run starts and its compiled scripts, apart: a run reads
    /// the first two and calls the last.
    pub fn parts(&mut self) -> (&Blueprint, &Start, &mut ScriptHooks) {
        (&self.plan, &self.origin, &mut self.hooks)
    }

    /// Conditions set up together that cannot be held together: for each, the card held with it whose
    /// `on_gain_condition` would have replaced its gain (Blessed and Cursed: "If you would gain a
    /// Cursed Condition, discard this card instead", and the reverse). E0105 at the Condition.
    pub(super) fn held_conditions(&mut self) -> Vec<Diagnostic> {
        let held = self.start.conditions.clone();
        let mut out = Vec::new();
        let mut pairs: Vec<(String, String)> = Vec::new();
        for (i, id) in held.iter().enumerate() {
            let mut enc = self.origin.encounter(DiceSource::replay(Vec::new()));
            enc.run.record = false;
            self.hooks.start_run();
            let by = match enc.replaces_held(i, &mut self.hooks) {
                Ok(Some(by)) => by,
                Ok(None) => continue,
                Err(err) => {
                    out.push(self.diagnostic(&err));
                    continue;
                }
            };
            let other = by.card_id().unwrap_or_default().to_string();
            let mut pair = [id.clone(), other.clone()];
            pair.sort();
            let [a, b] = pair;
            if pairs.contains(&(a.clone(), b.clone())) {
                continue;
            }
            pairs.push((a, b));
            let name = |c: &str| {
                self.set
                    .cards
                    .get(c)
                    .map_or(c.to_string(), |c| c.name.clone())
            };
            let span = self
                .scenario
                .investigator
                .as_ref()
                .and_then(|ri| ri.conditions.get(i))
                .map_or_else(|| self.scenario.game.span(), |c| c.span());
            out.push(
                Diagnostic::new(
                    Code::OutOfRange,
                    format!(
                        "{} and {} cannot be held together: {}'s own text replaces the gain of {}",
                        name(id),
                        name(&other),
                        name(&other),
                        name(id)
                    ),
                )
                .at(&self.file, span)
                .label("excluded by another Condition held")
                .hint("an investigator never holds both; keep one of them"),
            );
        }
        out
    }

    /// The diagnostic for an error a run ended with.
    pub fn diagnostic(&self, err: &KernelError) -> Diagnostic {
        kernel_diagnostic(err, &self.hooks, &self.set, &self.file, &self.scenario)
    }

    /// Plays the scenario with its own `[dice]`.
    #[cfg_attr(not(any(test, feature = "bench")), allow(dead_code))] // the unit tests' and the bench's
    pub fn play(mut self) -> Result<Played, Vec<Diagnostic>> {
        let dice = self.dice.take();
        let (encounter, error) = self.play_dice(dice)?;
        let Blueprint {
            scenario,
            file,
            set,
            start,
            ..
        } = self.plan;
        Ok(Played {
            scenario,
            file,
            encounter,
            start,
            set,
            error,
        })
    }

    /// Plays the scenario with its own `[dice]` again, keeping it for the next play (what it was made
    /// from is copied into the [`Played`]).
    pub fn play_again(&mut self) -> Result<Played, Vec<Diagnostic>> {
        let dice = self.dice.clone();
        let (encounter, error) = self.play_dice(dice)?;
        Ok(Played {
            scenario: self.scenario.clone(),
            file: self.file.clone(),
            encounter,
            start: self.start.clone(),
            set: self.set.clone(),
            error,
        })
    }

    /// The encounter `dice` play to, and the diagnostic it stopped at (or of faces left over); or
    /// why there is no play (no dice).
    fn play_dice(
        &mut self,
        dice: Option<DiceSource>,
    ) -> Result<(Encounter, Option<Diagnostic>), Vec<Diagnostic>> {
        let Some(dice) = dice else {
            return Err(vec![
                Diagnostic::new(Code::Request, "this scenario has no `[dice]` to play with")
                    .at(&self.file, self.scenario.game.span())
                    .hint(
                        "add `[dice]` with `faces = [...]` or `seed = N`; `mythos odds` needs none",
                    ),
            ]);
        };
        let (enc, outcome) = self.run_with(dice);
        let error = match outcome {
            Ok(()) => {
                let left = enc.run.dice.left_over();
                let flips = enc.run.dice.flips_left_over();
                let span = faces_span(&self.scenario);
                if left > 0 {
                    Some(
                        Diagnostic::new(
                            Code::FacesLeftOver,
                            format!("{left} dice faces were not used"),
                        )
                        .at(&self.file, span)
                        .label("too many faces")
                        .hint("remove the faces no die takes; every face given must be rolled"),
                    )
                } else {
                    (flips > 0).then(|| {
                        Diagnostic::new(
                            Code::FlipsLeftOver,
                            format!("{flips} flips were not used: no card was flipped for them"),
                        )
                        .at(&self.file, flips_span(&self.scenario))
                        .label("too many flips")
                        .hint("remove the flips no card takes; a card is flipped where its text says \"flip this card\" (see the transcript)")
                    })
                }
            }
            Err(err) => Some(self.diagnostic(&err)),
        };
        Ok((enc, error))
    }
}

/// Where the fixed faces are written: the list of faces, or the `[dice]` table when it has none.
fn faces_span(raw: &RawScenario) -> Range<usize> {
    let Some(dice) = &raw.dice else {
        return 0..0;
    };
    match dice.get_ref().faces.as_deref() {
        Some([first, .., last]) => first.span().start..last.span().end,
        Some([only]) => only.span(),
        _ => dice.span(),
    }
}

/// Where the fixed flips are written: the list, or the `[dice]` table when it has none.
fn flips_span(raw: &RawScenario) -> Range<usize> {
    let Some(dice) = &raw.dice else {
        return 0..0;
    };
    match dice.get_ref().flips.as_deref() {
        Some([first, .., last]) => first.span().start..last.span().end,
        Some([only]) => only.span(),
        _ => dice.span(),
    }
}

fn kernel_diagnostic(
    err: &KernelError,
    hooks: &ScriptHooks,
    set: &CardSet,
    file: &SourceFile,
    raw: &RawScenario,
) -> Diagnostic {
    match err {
        KernelError::Dice(
            d @ (crate::kernel::DiceError::OutOfFlips { .. }
            | crate::kernel::DiceError::NoSuchCopy { .. }),
        ) => Diagnostic::new(Code::FlipsRanOut, d.to_string())
            .at(file, flips_span(raw))
            .label("no such flip")
            .hint("give `[dice] flips = [...]` one copy for every card flipped, in the order flipped, each from 1 to the card's number of backs"),
        KernelError::Dice(d) => Diagnostic::new(Code::FacesRanOut, d.to_string())
            .at(file, faces_span(raw))
            .label("not enough faces")
            .hint("give one face for every die rolled, in the order rolled (see the transcript)"),
        KernelError::Hook(h) => hooks.diagnostic(h),
        KernelError::Decision(d) => Diagnostic::new(Code::DecisionNeeded, d.to_string())
            .at(file, raw.game.span())
            .hint("the scenario's `[choices]` answer every decision; a driver that replays answers must give one here"),
        KernelError::Choice(p) => choice_diagnostic(err, p, file, raw),
        KernelError::TooManyOptions(t) => Diagnostic::new(Code::TooManyOptions, t.to_string())
            .at(file, raw.game.span())
            .hint(format!(
                "the player is asked at most {} options in one round; give the rounds in \
                 `[choices]` instead (they are played as written), or hold fewer cards that take hands",
                crate::kernel::ROUND_OPTIONS
            )),
        KernelError::Limit { card, hook, limit } => hooks.diagnostic(&HookError {
            card: card.clone(),
            hook: *hook,
            message: super::refusal::limit_words(*limit),
            fault: HookFault::Limit,
            line: None,
            column: None,
        }),
        KernelError::Rule {
            card,
            hook,
            refusal,
            effect,
        } => {
            let at = hook.map(|h| format!(" in hook `{h}`")).unwrap_or_default();
            let message = super::refusal::words(refusal);
            let d = Diagnostic::new(Code::RuleRefused, format!("`{card}`{at}: {message}"));
            // At the script's call that asked for the effect; else at the card.
            match (effect.and_then(|e| hooks.asked_at(card, e)), set.cards.get(card)) {
                (Some((file, span)), _) => d.at(file, span).label("refused"),
                (None, Some(c)) => d.at(&c.file, c.id_span.clone()),
                (None, None) => d,
            }
            .hint(if hook.is_some() {
                "nothing of this hook was applied; the result shows the state before it ran"
            } else {
                "no hook was running: the play stopped here, and the result shows the state it had reached"
            })
        }
    }
}

/// A choice of the scenario's refused when play reached it, at the place the file wrote it.
fn choice_diagnostic(
    err: &KernelError,
    p: &SetupProblem,
    file: &SourceFile,
    raw: &RawScenario,
) -> Diagnostic {
    let written = match p.part {
        Part::RoundCast(i, j) => raw
            .choices
            .as_ref()
            .and_then(|c| c.rounds.get(i))
            .and_then(|r| r.cast.get(j))
            .map(|c| c.span()),
        _ => None,
    };
    let span = written.unwrap_or_else(|| raw.game.span());
    match &p.problem {
        Problem::CastExhausted(card) => cast_exhausted(card, file, span),
        _ => Diagnostic::new(Code::OutOfRange, err.to_string())
            .at(file, span)
            .hint("change this choice: the rules refuse it where the play reached it"),
    }
}

/// AH2e: a round casts a spell its card exhausted (found when the play reaches the round; the
/// scenario's builder words the same problem the same way).
pub(super) fn cast_exhausted(card: &str, file: &SourceFile, span: Range<usize>) -> Diagnostic {
    let message = format!("`{card}` is exhausted: it cannot be cast this round");
    Diagnostic::new(Code::OutOfRange, message)
        .at(file, span)
        .label("exhausted")
        .hint(
            "a cast exhausts a spell (its printed \"Cast and exhaust\": an earlier round's cast, \
             passed or failed, or its card's `ctx.card.cast` or `ctx.card.exhaust`), and an \
             exhausted card is not used again until it refreshes in the Upkeep (AH wiki, Magic): \
             leave it out of this round's `cast` (held without a cast, it gives no bonus)",
        )
}
