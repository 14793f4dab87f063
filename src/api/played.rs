//! A scenario played to its end: its transcript, its result object and the `[expect]` lines that do not
//! hold. May import `scenario`.

use super::Game;
use super::diagnostic::Diagnostic;
use super::outcome::Outcome;
use serde_json::Value;
use std::fmt;

/// A scenario played with its own dice: the transcript a person reads, the result object of
/// `docs/scenario.md` and the `[expect]` lines checked against it.
///
/// ```
/// use mythos::{Library, Scenario};
/// let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/trish_strength_test.toml"));
/// let played = Scenario::parse(&Library::new(), "trish.toml", text).unwrap().play().unwrap();
/// assert!(played.error().is_none());
/// assert!(played.transcript().contains("Trish Scarborough"));
/// assert_eq!(played.result()["investigator"]["clues"], 0);
/// assert!(played.check().is_empty());
/// ```
///
/// What a play gives is worked out when it ends and kept as data: a `Played` is `Send + Sync`, its
/// result object is typed ([`Played::outcome`]), and it serialises (serde) as that result object,
/// exactly the JSON of `mythos run --format json`.
///
/// ```
/// use mythos::{Library, Scenario};
/// let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/trish_strength_test.toml"));
/// let played = Scenario::parse(&Library::new(), "trish.toml", text)?.play()?;
/// assert_eq!(serde_json::to_value(&played)?, played.result());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Played {
    transcript: String,
    outcome: Outcome,
    error: Option<Diagnostic>,
    game: Game,
    cards_in_play: Vec<String>,
    misses: Misses,
    unknown_paths: Vec<Diagnostic>,
}

impl Played {
    pub(crate) fn of(p: &crate::scenario::Played) -> Played {
        let outcome = Outcome::of(p);
        let result = serde_json::to_value(&outcome).expect("the result object serialises");
        Played {
            transcript: crate::scenario::transcript_text(p),
            misses: Misses(crate::scenario::check_expectations(p, &result)),
            unknown_paths: crate::scenario::unknown_paths(p, &result)
                .into_iter()
                .map(Diagnostic::from)
                .collect(),
            outcome,
            error: p.error.clone().map(Diagnostic::from),
            game: p.encounter.setup.game.into(),
            cards_in_play: p.cards_in_play().into_iter().map(str::to_string).collect(),
        }
    }

    /// The whole transcript, as `mythos run` prints it: the header, every pool part with its source,
    /// every bonus ignored and why, every roll, reroll and loss, then the end state.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/trish_strength_test.toml"));
    /// let played = Scenario::parse(&Library::new(), "trish.toml", text)?.play()?;
    /// assert!(played.transcript().contains("Strength"));
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn transcript(&self) -> String {
        self.transcript.clone()
    }

    /// The result object (`docs/scenario.md`) as a JSON value, as `mythos run --format json` prints
    /// it: [`Played::outcome`] serialised, kept for the paths of `[expect]` lines and for programs
    /// that walk JSON.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/trish_strength_test.toml"));
    /// let played = Scenario::parse(&Library::new(), "trish.toml", text)?.play()?;
    /// assert_eq!(played.result()["game"], "eldritch");
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn result(&self) -> Value {
        serde_json::to_value(&self.outcome).expect("the result object serialises")
    }

    /// The result object (`docs/scenario.md`), typed: the investigator, the monsters and the tests
    /// at the end, field by field. Its JSON is [`Played::result`], to the byte.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/trish_strength_test.toml"));
    /// let played = Scenario::parse(&Library::new(), "trish.toml", text)?.play()?;
    /// let outcome = played.outcome();
    /// assert_eq!(outcome.investigator.clues, 0);
    /// assert!(outcome.tests[0].passed);
    /// assert_eq!(serde_json::to_value(outcome)?, played.result());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// The diagnostic of a card's script that failed mid-play, or of dice faces that ran out or were
    /// left over; the transcript and result show the state before it (nothing of a failed hook applied).
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\nwill = 2\n[test]\nskill = \"will\"\n[dice]\nfaces = [5]\n";
    /// let played = Scenario::parse(&Library::new(), "s.toml", text)?.play()?;
    /// assert_eq!(played.error().map(|d| d.code()), Some("E0301"));
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn error(&self) -> Option<Diagnostic> {
        self.error.clone()
    }

    /// The game it was played under.
    ///
    /// ```
    /// use mythos::{Game, Library, Scenario};
    /// let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/trish_strength_test.toml"));
    /// let played = Scenario::parse(&Library::new(), "trish.toml", text)?.play()?;
    /// assert_eq!(played.game(), Game::Eldritch);
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn game(&self) -> Game {
        self.game
    }

    /// The id of every card in play at the start or at the end (the investigator's card, possessions
    /// and conditions, and the monsters), sorted, each once.
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/trish_strength_test.toml"));
    /// let played = Scenario::parse(&Library::new(), "trish.toml", text)?.play()?;
    /// assert!(played.cards_in_play().contains(&"trish_scarborough"));
    /// # Ok::<(), mythos::Error>(())
    /// ```
    pub fn cards_in_play(&self) -> Vec<&str> {
        self.cards_in_play.iter().map(String::as_str).collect()
    }

    /// The `[expect]` lines that do not hold, in file order (as `mythos check` reports them).
    ///
    /// ```
    /// use mythos::{Library, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n\
    ///             [test]\nskill = \"strength\"\n[dice]\nfaces = [1, 2, 3]\n\
    ///             [expect]\n\"tests.0.passed\" = true\n";
    /// let misses = Scenario::parse(&Library::new(), "s.toml", text).unwrap().play().unwrap().check();
    /// let miss = misses.iter().next().unwrap();
    /// assert_eq!((miss.path(), miss.expected(), miss.got()), ("tests.0.passed", "true", "false"));
    /// assert_eq!(miss.to_string(), "s.toml:9: tests.0.passed: expected true, got false");
    /// ```
    pub fn check(&self) -> Misses {
        self.misses.clone()
    }

    /// The `[expect]` lines whose path matches nothing a result of this scenario could hold (a
    /// misspelt key: `E0108`, with the closest paths as the hint), as `mythos check` refuses them:
    /// such a line is the scenario's mistake, not a rule that did not hold (`check` still lists it as
    /// a miss). Empty when every path could match.
    pub fn unknown_paths(&self) -> Vec<Diagnostic> {
        self.unknown_paths.clone()
    }
}

impl serde::Serialize for Played {
    /// The result object, as [`Played::outcome`] (the JSON of [`Played::result`]).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.outcome.serialize(s)
    }
}

/// The `[expect]` lines of a played scenario that do not hold; empty when every one holds.
///
/// ```
/// use mythos::{Library, Scenario};
/// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n\
///             [test]\nskill = \"strength\"\n[dice]\nfaces = [1, 2, 3]\n\
///             [expect]\n\"tests.0.passed\" = true\n\"investigator.clues\" = 0\n";
/// let misses = Scenario::parse(&Library::new(), "s.toml", text)?.play()?.check();
/// // Strength 3 rolls 1, 2, 3: the test fails; Trish holds no Clue, as expected.
/// assert!(!misses.is_empty());
/// assert_eq!(misses.len(), 1);
/// assert_eq!(misses.iter().map(|m| m.path()).collect::<Vec<_>>(), ["tests.0.passed"]);
/// assert_eq!(misses.to_string(), "s.toml:9: tests.0.passed: expected true, got false\n");
/// # Ok::<(), mythos::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Misses(Vec<crate::scenario::Miss>);

impl Misses {
    /// A scenario that was refused, at load or by a diagnostic while playing, checked against its own
    /// `[expect] refused = "CODE"` line (as `mythos check` does): no miss when one of `diagnostics`
    /// has that code, one naming the codes given otherwise; `None` when the file has no such line (the
    /// refusal is then an error).
    ///
    /// ```
    /// use mythos::{Library, Misses, Scenario};
    /// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Nobody\"\n[test]\nskill = \"will\"\n\
    ///             [expect]\nrefused = \"E0201\"\n";
    /// let problems = Scenario::parse(&Library::new(), "s.toml", text).err().unwrap();
    /// let misses = Misses::of_refusal("s.toml", text, &problems).unwrap();
    /// assert!(misses.is_empty(), "{misses}");
    /// ```
    pub fn of_refusal(path: &str, text: &str, diagnostics: &[Diagnostic]) -> Option<Misses> {
        let ds: Vec<crate::defs::Diagnostic> = diagnostics.iter().map(|d| (*d.0).clone()).collect();
        crate::scenario::check_refusal(&crate::defs::SourceFile::new(path, text), &ds).map(Misses)
    }

    /// Whether every `[expect]` line holds.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many lines do not hold.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Each line that does not hold, in file order.
    pub fn iter(&self) -> impl Iterator<Item = Miss<'_>> {
        self.0.iter().map(Miss)
    }
}

impl fmt::Display for Misses {
    /// One miss a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in &self.0 {
            writeln!(f, "{m}")?;
        }
        Ok(())
    }
}

/// One `[expect]` line that does not hold: the path into the result object, the value expected and
/// the value found, both as JSON text.
///
/// ```
/// use mythos::{Library, Scenario};
/// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Trish Scarborough\"\n\
///             [test]\nskill = \"strength\"\n[dice]\nfaces = [1, 2, 3]\n\
///             [expect]\n\"tests.0.passed\" = true\n\"investigator.clues\" = 0\n";
/// let misses = Scenario::parse(&Library::new(), "s.toml", text)?.play()?.check();
/// let miss = misses.iter().next().expect("one miss");
/// assert_eq!((miss.path(), miss.expected(), miss.got()), ("tests.0.passed", "true", "false"));
/// assert_eq!(miss.location(), "s.toml:9");
/// # Ok::<(), mythos::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Miss<'a>(&'a crate::scenario::Miss);

impl<'a> Miss<'a> {
    /// The path into the result object, e.g. `tests.0.passed`.
    pub fn path(&self) -> &'a str {
        &self.0.path
    }

    /// The value the line expects, as JSON text.
    pub fn expected(&self) -> &'a str {
        &self.0.expected
    }

    /// The value found, as JSON text (`nothing (no such path in the result)` when the path leads nowhere).
    pub fn got(&self) -> &'a str {
        &self.0.got
    }

    /// `file:line` of the line.
    pub fn location(&self) -> &'a str {
        &self.0.location
    }
}

impl fmt::Display for Miss<'_> {
    /// `file:line: path: expected E, got G`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
