//! The command line as clap reads it: the global flags, the commands and their arguments.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "mythos",
    version,
    about = "Rules engine for Eldritch Horror and Arkham Horror 2nd edition skill tests and combat"
)]
pub(super) struct Cli {
    /// Load the base packs from this folder (holding cards/ and scripts/) instead of the copy built into
    /// the binary, so that edited cards can be tried without recompiling.
    #[arg(long, global = true, value_name = "DIR")]
    pub(super) base: Option<PathBuf>,
    /// Load the card pack in this folder (pack.toml, cards/, scripts/) after the base pack; repeatable,
    /// loaded in the order given. A pack of the other game is left out.
    #[arg(long = "pack", global = true, value_name = "DIR")]
    pub(super) packs: Vec<PathBuf>,
    #[command(subcommand)]
    pub(super) command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
pub(super) enum Format {
    Text,
    Json,
}

#[derive(Subcommand)]
pub(super) enum Command {
    /// Play a scenario and print its transcript.
    Run {
        file: PathBuf,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Play scenarios and check their [expect] lines; exit 1 if any does not hold.
    Check {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Check every card file and script of the packs in DIR (a pack folder, or a folder of packs), or of
    /// the base packs when no DIR is given; report every problem and exit 2 if there is any.
    Validate { dirs: Vec<PathBuf> },
    /// The odds of every outcome of a scenario (its [dice] ignored), exact through the real rules and
    /// card scripts, under the best play: for `pass` on a [test], `defeat_all` on a combat, ties to
    /// less lost, then to spending less (the output says so). A scenario's [choices], --fixed or
    /// --samples play a fixed policy instead; --best another objective.
    Odds {
        file: PathBuf,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Sample this many runs (seeded, on every core) instead of enumerating every roll, under the
        /// fixed policy of --fixed (a sample cannot search for the best play).
        #[arg(long, value_name = "N")]
        samples: Option<u64>,
        /// The seed of the first sample.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Exact odds under the policy that maximises this objective (the scenario's [choices] no
        /// longer answer the player's questions), and the odds of each option at each decision of the
        /// first round.
        #[arg(long, value_enum, value_name = "OBJECTIVE", conflicts_with = "samples")]
        best: Option<BestOf>,
        /// A fixed policy: the scenario's [choices], and the first option of every question they do
        /// not answer (spend nothing, do not evade, empty hands), as `mythos odds` answered before
        /// issue 38.
        #[arg(long, conflicts_with = "best")]
        fixed: bool,
        /// Under the best play, print every decision of the first round, not only the first 8.
        #[arg(long, conflicts_with_all = ["samples", "fixed"])]
        all: bool,
    },
    /// A table companion: plays the scenario with the dice rolled at the table (or rolled on request),
    /// asking the player at each decision, with the odds of each option under the best play after it:
    /// for `pass` on a [test], `defeat_all` on a combat, as `mythos odds` (it says which).
    Play {
        file: PathBuf,
        /// What the odds shown at each decision aim for, instead of the default objective.
        #[arg(long, value_enum, value_name = "OBJECTIVE")]
        best: Option<BestOf>,
        /// The seed of the dice rolled on request (`r`); by default taken from the clock.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Find cards by (part of) their printed name, in both games' base packs, the shipped packs and
    /// any --pack: their set, kind, printed values and text. Without NAME, every card, one a line.
    Cards {
        name: Option<String>,
        /// Only the cards of this game.
        #[arg(long, value_enum)]
        game: Option<GameArg>,
        /// Only the cards of this kind (investigator, monster, asset, artifact, spell, condition, ally,
        /// item, unique_item, skill, special).
        #[arg(long, value_name = "KIND")]
        kind: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Print the JSON Schema of card files, scenario files or pack.toml, for an editor to complete and
    /// check keys (taplo, Even Better TOML).
    Schema {
        #[arg(value_enum)]
        of: SchemaOf,
    },
}

/// A game, as `--game` names it.
#[derive(Clone, Copy, ValueEnum)]
pub(super) enum GameArg {
    Eldritch,
    Arkham,
}

impl GameArg {
    pub(super) fn game(self) -> mythos::Game {
        match self {
            GameArg::Eldritch => mythos::Game::Eldritch,
            GameArg::Arkham => mythos::Game::Arkham,
        }
    }
}

/// What the best policy maximises (`mythos::Objective`).
#[derive(Clone, Copy, ValueEnum)]
pub(super) enum BestOf {
    /// The chance that every monster is defeated.
    #[value(name = "defeat_all", alias = "defeat-all")]
    DefeatAll,
    /// The chance to end neither defeated nor knocked out.
    Survive,
    /// The least Health (Stamina) and Sanity lost together, on average.
    #[value(name = "least_lost", alias = "least-lost")]
    LeastLost,
    /// A [test] scenario: the chance to pass it.
    Pass,
}

impl BestOf {
    pub(super) fn objective(self) -> mythos::Objective {
        use mythos::Objective;
        match self {
            BestOf::DefeatAll => Objective::DefeatAll,
            BestOf::Survive => Objective::Survive,
            BestOf::LeastLost => Objective::LeastLost,
            BestOf::Pass => Objective::Pass,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub(super) enum SchemaOf {
    Card,
    Scenario,
    Pack,
}
