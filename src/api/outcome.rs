//! The result object of `docs/scenario.md` ("The result object") as typed structs: what a play ends
//! with, field by field. Their JSON is exactly the contract's (`Played::result`, `mythos run --format
//! json`): a test plays every scenario of `tests/scenarios` and compares the texts byte for byte.
//!
//! **A new field of the result object** is added here and nowhere else: a field of its struct (in the
//! order of its JSON name, see below), its line in that struct's `of`, and its row in
//! `docs/scenario.md`'s table. `Played::result` and the CLI's JSON are made from these structs.
//!
//! The fields of each struct are declared in the order of their JSON names: serde writes a struct's
//! fields in declaration order and a `serde_json::Value`'s keys sorted, so that order keeps the text
//! of the typed structs byte-identical to the JSON value's. A field the contract leaves out in one
//! game is an `Option` skipped when `None`; a field the contract writes as `null` is an `Option` that
//! is not skipped. Values the contract spells as words (`status`, `where`, `location`, `skill`,
//! `kind`) are kept as its words. May import `kernel` and `scenario`.

use super::Game;
use crate::kernel::{self, Game as Rules};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// What a scenario ends with: the result object of `docs/scenario.md`, typed. [`Played::outcome`]
/// gives it; it serialises (serde) to exactly the JSON of [`Played::result`] and `mythos run --format
/// json`.
///
/// ```
/// use mythos::{Game, Library, Scenario};
/// let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/trish_strength_test.toml"));
/// let played = Scenario::parse(&Library::new(), "trish.toml", text)?.play()?;
/// let outcome = played.outcome();
/// assert_eq!(outcome.game, Game::Eldritch);
/// assert_eq!(outcome.investigator.health, Some(7)); // Eldritch Horror: Health, no Stamina
/// assert_eq!(outcome.investigator.stamina, None);
/// let test = &outcome.tests[0];
/// assert_eq!((test.skill.as_str(), test.successes, test.passed), ("strength", 1, true));
/// // The same JSON as the result object, to the byte.
/// assert_eq!(serde_json::to_string(outcome)?, serde_json::to_string(&played.result())?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`Played::outcome`]: crate::Played::outcome
/// [`Played::result`]: crate::Played::result
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Outcome {
    /// The full transcript as structured events (`events`): every pool part with its source card,
    /// every roll, reroll, bonus ignored and why, every loss and its cause. Each is a JSON object with
    /// its `type`; the events are the transcript's, not typed here.
    pub events: Vec<Value>,
    /// The game it was played under (`game`: `"eldritch"` or `"arkham"`).
    pub game: Game,
    /// The investigator after everything resolved (`investigator`).
    pub investigator: InvestigatorOutcome,
    /// EH: whether the investigator may go on to another encounter this phase
    /// (`may_encounter_again`).
    pub may_encounter_again: bool,
    /// Each monster, in the order encountered (`monsters`).
    pub monsters: Vec<MonsterOutcome>,
    /// Every test and check in the order resolved, combat ones included (`tests`).
    pub tests: Vec<TestOutcome>,
}

impl Outcome {
    pub(crate) fn of(p: &crate::scenario::Played) -> Outcome {
        let enc = &p.encounter;
        Outcome {
            events: crate::scenario::events(p),
            game: enc.setup.game.into(),
            investigator: InvestigatorOutcome::of(&enc.table.investigator, enc.setup.game),
            may_encounter_again: enc.table.may_encounter_again,
            monsters: enc
                .table
                .monsters
                .iter()
                .map(|m| MonsterOutcome {
                    card: m.id.to_string(),
                    damage: enc.procedure().health_tokens(m),
                    defeated: m.defeated,
                    place: m.place.as_str().to_string(),
                })
                .collect(),
            tests: enc.table.tests.iter().map(|t| TestOutcome::of(t)).collect(),
        }
    }
}

/// The investigator at the end (`investigator` of the result object).
///
/// ```
/// use mythos::{Library, Scenario};
/// let text = "game = \"arkham\"\n[investigator]\nfight = 3\nstamina = 5\nsanity = 5\n\
///             [test]\nskill = \"fight\"\n[dice]\nfaces = [5, 1, 2]\n";
/// let played = Scenario::parse(&Library::new(), "s.toml", text)?.play()?;
/// let inv = &played.outcome().investigator;
/// // Arkham Horror: Stamina, a location, no Health, Focus or improvement tokens.
/// assert_eq!((inv.stamina, inv.health, inv.focus), (Some(5), None, None));
/// assert_eq!(inv.status, "ok");
/// # Ok::<(), mythos::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct InvestigatorOutcome {
    /// Clues held.
    pub clues: i32,
    /// The ids of the Conditions held, sorted.
    pub conditions: Vec<String>,
    /// Delayed by a card (his token on its side).
    pub delayed: bool,
    /// Cards drawn from a deck by a card's effect, how many by deck (`{"spell": 2}`); which cards is
    /// not known. Empty when none.
    pub drawn: BTreeMap<String, i32>,
    /// EH: each card flipped (`ctx.card.flip()`), in order, with the copy whose back was read
    /// (1-based, as a scenario's `flips`); `None` (left out) in arkham.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flipped: Option<Vec<Flipped>>,
    /// EH: Focus tokens; `None` (left out of the JSON) in arkham.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub focus: Option<i32>,
    /// EH: Health; `None` (left out) in arkham, which has `stamina`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub health: Option<i32>,
    /// EH: each skill's improvement (+1, +2) or impairment (−1, −2) token, by skill (`{"lore": 1}`);
    /// `None` (left out) in arkham.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub improvements: Option<BTreeMap<String, i32>>,
    /// Arkham: where the investigator ends (`"arkham"`, `"st_marys_hospital"`, `"arkham_asylum"`,
    /// `"other_world"`, `"lost_in_time_and_space"`); `None` (`null`) in eldritch.
    pub location: Option<String>,
    /// The ids of the possessions held, sorted.
    pub possessions: Vec<String>,
    /// Sanity.
    pub sanity: i32,
    /// Arkham: Stamina; `None` (left out) in eldritch, which has `health`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stamina: Option<i32>,
    /// `"ok"`, `"defeated"` (EH: Health or Sanity 0), `"unconscious"`, `"insane"`, `"devoured"`,
    /// `"lost_in_time_and_space"` (arkham).
    pub status: String,
    /// The ids of the trophies held, sorted.
    pub trophies: Vec<String>,
}

impl InvestigatorOutcome {
    fn of(inv: &kernel::Investigator, game: Rules) -> InvestigatorOutcome {
        let sorted = |v: &[String]| {
            let mut v = v.to_vec();
            v.sort();
            v
        };
        let eldritch = game == Rules::Eldritch;
        InvestigatorOutcome {
            clues: inv.clues,
            conditions: sorted(&inv.conditions),
            delayed: inv.delayed,
            drawn: inv
                .drawn
                .iter()
                .map(|(deck, n)| (deck.as_str().to_string(), *n))
                .collect(),
            flipped: eldritch.then(|| {
                inv.flipped
                    .iter()
                    .map(|(card, copy)| Flipped {
                        card: card.clone(),
                        copy: *copy,
                    })
                    .collect()
            }),
            focus: eldritch.then_some(inv.focus),
            health: eldritch.then_some(inv.health),
            improvements: eldritch.then(|| {
                inv.improvements
                    .iter()
                    .map(|(skill, t)| (skill.as_str().to_string(), *t))
                    .collect()
            }),
            location: inv.location.map(|l| l.as_str().to_string()),
            possessions: sorted(&inv.possessions),
            sanity: inv.sanity,
            stamina: (!eldritch).then_some(inv.health),
            status: inv.status.as_str().to_string(),
            trophies: sorted(&inv.trophies),
        }
    }
}

/// A card flipped and the copy whose back was read (`investigator.flipped[i]`, EH).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Flipped {
    /// The card's id.
    pub card: String,
    /// Which copy's back was read, 1 for the first of the card's `backs`.
    pub copy: u8,
}

/// One monster at the end (`monsters[i]` of the result object).
///
/// ```
/// use mythos::{Library, Scenario};
/// let text = "game = \"eldritch\"\n[investigator]\ncard = \"Mark Harrigan\"\n\
///             [[monsters]]\ncard = \"ghoul\"\nambush = true\n\
///             [dice]\nfaces = [5, 1, 1, 1, 1, 5, 5, 1, 1]\n";
/// let played = Scenario::parse(&Library::new(), "s.toml", text)?.play()?;
/// let ghoul = &played.outcome().monsters[0];
/// assert_eq!(ghoul.card, "ghoul");
/// // Defeated, it returns to the cup: `"where": "cup"` in the JSON.
/// assert!(ghoul.defeated);
/// assert_eq!(ghoul.place, "cup");
/// assert_eq!(played.result()["monsters"][0]["where"], "cup");
/// # Ok::<(), mythos::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct MonsterOutcome {
    /// Its card id.
    pub card: String,
    /// EH: the Health tokens on it at the end (0 in arkham).
    pub damage: i32,
    /// Whether it was defeated.
    pub defeated: bool,
    /// Where it is (`where`): `"space"` (still there), `"cup"` (returned to the cup), `"trophy"`
    /// (taken as a trophy), `"evaded"` (arkham: combat ended without defeating it).
    #[serde(rename = "where")]
    pub place: String,
}

/// One test or check as resolved (`tests[i]` of the result object).
///
/// ```
/// use mythos::{Library, Scenario};
/// let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/trish_strength_test.toml"));
/// let played = Scenario::parse(&Library::new(), "trish.toml", text)?.play()?;
/// let test = &played.outcome().tests[0];
/// assert_eq!(test.kind, "test");
/// assert_eq!(test.faces.len(), test.pool);
/// # Ok::<(), mythos::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[non_exhaustive]
pub struct TestOutcome {
    /// AH2e: the successes it needed; 1 in eldritch.
    pub difficulty: u32,
    /// The final faces of every die, rerolls applied, extra dice appended.
    pub faces: Vec<u8>,
    /// `"test"`, `"horror"`, `"combat"`, `"evade"`, `"spell"`, or a card's own label.
    pub kind: String,
    /// The modifier the test was made at.
    pub modifier: i32,
    /// EH: at least one success; AH2e: successes at least the difficulty.
    pub passed: bool,
    /// Dice rolled when the pool was first rolled (EH: after the minimum of 1; AH2e: 0 when the check
    /// fails automatically).
    pub pool: usize,
    /// The skill actually tested (`"lore"` when a card replaces a Strength test with a Lore test).
    pub skill: String,
    /// The test's result, every effect applied.
    pub successes: u32,
}

impl TestOutcome {
    fn of(t: &kernel::TestOutcome) -> TestOutcome {
        TestOutcome {
            difficulty: t.difficulty,
            faces: t.faces.clone(),
            kind: t.kind.as_str().to_string(),
            modifier: t.modifier,
            passed: t.passed,
            pool: t.pool,
            skill: t.skill.as_str().to_string(),
            successes: t.successes,
        }
    }
}
