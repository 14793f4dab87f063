//! The public library API: mythos embedded in another program (a bot, a web page, a companion app).
//! Everything it takes is in memory: card packs and scenarios are (path, text) pairs, never read from
//! the disk here (the `mythos` command reads the disk). May import every other room; no other room
//! imports it.

mod best;
mod diagnostic;
mod library;
mod odds;
mod outcome;
mod played;
mod printed;
mod reading;
mod scenario;
mod step;

pub use best::{BestOdds, Choice, Decision, Objective};
pub use diagnostic::{Diagnostic, Error, render};
pub use library::{Card, Cards, Library, PackFiles, Validation, card_id, closest};
pub use odds::{Odds, Policy};
pub use outcome::{Flipped, InvestigatorOutcome, MonsterOutcome, Outcome, TestOutcome};
pub use played::{Miss, Misses, Played};
pub use reading::{Reading, decode_text, visible};
pub use scenario::{OddsOf, Scenario};
pub use step::{Dice, Next, Step};

use serde_json::Value;

/// Which game's rules apply: Eldritch Horror or Arkham Horror 2nd edition.
///
/// ```
/// use mythos::Game;
/// assert_eq!(Game::parse("arkham"), Some(Game::Arkham));
/// assert_eq!(Game::Eldritch.as_str(), "eldritch");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Game {
    /// Eldritch Horror (`game = "eldritch"`).
    Eldritch,
    /// Arkham Horror, 2nd edition (`game = "arkham"`).
    Arkham,
}

impl Game {
    /// Both games, Eldritch Horror first.
    pub const ALL: [Game; 2] = [Game::Eldritch, Game::Arkham];

    /// The game a scenario's `game` key names (`"eldritch"` or `"arkham"`).
    pub fn parse(s: &str) -> Option<Game> {
        crate::kernel::Game::parse(s).map(Game::from)
    }

    /// The name a scenario's `game` key uses for it.
    pub fn as_str(self) -> &'static str {
        crate::kernel::Game::from(self).as_str()
    }
}

impl serde::Serialize for Game {
    /// As the result object writes it: `"eldritch"` or `"arkham"` ([`Game::as_str`]).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl From<crate::kernel::Game> for Game {
    fn from(g: crate::kernel::Game) -> Game {
        match g {
            crate::kernel::Game::Eldritch => Game::Eldritch,
            crate::kernel::Game::Arkham => Game::Arkham,
        }
    }
}

impl From<Game> for crate::kernel::Game {
    fn from(g: Game) -> crate::kernel::Game {
        match g {
            Game::Eldritch => crate::kernel::Game::Eldritch,
            Game::Arkham => crate::kernel::Game::Arkham,
        }
    }
}

/// The JSON Schemas an editor uses to complete and check the keys of mythos's files (taplo, Even
/// Better TOML), as `mythos schema` prints them.
///
/// ```
/// use mythos::Schema;
/// let card = Schema::Card.json();
/// assert!(card["properties"]["name"].is_object());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schema {
    /// A card file (also a card written inline in a scenario).
    Card,
    /// A scenario file.
    Scenario,
    /// A pack's `pack.toml`.
    Pack,
}

impl Schema {
    /// The schema, as a JSON value (draft 7).
    pub fn json(self) -> Value {
        match self {
            Schema::Card => crate::schema::card(),
            Schema::Scenario => crate::schema::scenario(),
            Schema::Pack => crate::schema::pack(),
        }
    }
}
