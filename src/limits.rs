//! Every limit mythos works under, in one table (DESIGN invariant 8; as rhai's `src/limits.rs` is for
//! its engine): the sandbox's, the loaders', the kernel's, the odds budgets and the play's, each with its
//! value and why it is there. The "Every limit" table of docs/script-api.md is this table (a test holds them
//! together); the modules that enforce a limit read it from here. Every limit counts work, sizes or
//! depth, never time, so a refusal is the same on every machine and in debug and release builds.
//! Imports nothing.
//!
//! Public: a program that reads files for the library (the `mythos` command does) or talks with a
//! player keeps to the same limits, and every limit can be listed with its reason.
//!
//! ```
//! use mythos::limits::{self, MAX_FILE_BYTES, Room};
//! assert_eq!(MAX_FILE_BYTES, 1 << 20);
//! let row = limits::TABLE.iter().find(|l| l.name == "MAX_FILE_BYTES").unwrap();
//! assert_eq!((row.room, row.value), (Room::Loaders, 1 << 20));
//! assert!(row.why.contains("E0003"));
//! ```

/// The part of mythos that enforces a limit (the table of docs/script-api.md is grouped by it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Room {
    /// A card script while it runs, or when it is loaded (`script::Limits`).
    Sandbox,
    /// The kernel, while it plays an encounter.
    Kernel,
    /// Reading files, packs and scenarios, and reporting their problems.
    Loaders,
    /// Exact and sampled odds.
    Odds,
    /// `mythos play` and the `mythos` process.
    Play,
}

impl Room {
    /// The room as the table of docs/script-api.md names it.
    pub fn name(self) -> &'static str {
        match self {
            Room::Sandbox => "sandbox",
            Room::Kernel => "kernel",
            Room::Loaders => "loaders",
            Room::Odds => "odds",
            Room::Play => "play",
        }
    }
}

/// One row of the table of limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// The constant's name in this module.
    pub name: &'static str,
    /// The part of mythos that enforces it.
    pub room: Room,
    /// Its value, as a whole number (a count or a number of bytes).
    pub value: u64,
    /// What it bounds, and why it is there.
    pub why: &'static str,
}

/// Declares each limit as a constant (its `why` as its documentation) and `TABLE`, in the order of
/// the table of docs/script-api.md.
macro_rules! limits {
    ($($room:ident $name:ident : $ty:ty = $value:expr, $why:literal;)*) => {
        $(
            #[doc = $why]
            pub const $name: $ty = $value;
        )*

        /// Every limit, in the order of the table of docs/script-api.md.
        pub const TABLE: &[Limit] = &[$(Limit {
            name: stringify!($name),
            room: Room::$room,
            value: $name as u64,
            why: $why,
        },)*];
    };
}

limits! {
    Sandbox HOOK_OPERATIONS: u64 = 100_000,
        "Operations one hook call may take, counting the work of the functions that charge it: a loop that runs away stops here (E0403).";
    Sandbox RUN_OPERATIONS: u64 = 1_000_000,
        "Operations all hook calls of one run may take together: a card whose every hook runs up to the hook call's limit, called at each of many tests, stops here (E0403).";
    Sandbox CALL_LEVELS: usize = 32,
        "Nested function calls of a script: recursion without end stops here (E0403).";
    Sandbox EXPR_DEPTH: usize = 64,
        "Depth of one expression at the top level of a script: deeper is refused when the script is loaded (E0401), before Rhai's parser could recurse without bound.";
    Sandbox FN_EXPR_DEPTH: usize = 32,
        "Depth of one expression inside a function of a script (E0401 when loaded).";
    Sandbox STRING_SIZE: usize = 4_096,
        "Bytes in one string (all strings of one array or map together): the largest a card reads, `investigator` with its possessions and conditions, holds a few hundred (E0403).";
    Sandbox ARRAY_SIZE: usize = 256,
        "Elements of one array (nested arrays together): the largest a card reads is the dice of a pool, a dozen in play, at most a few dozen (E0403).";
    Sandbox MAP_SIZE: usize = 100,
        "Entries of one map (nested maps together) (E0403).";
    Sandbox MAP_KEY: usize = 64,
        "Bytes in one map key: Rhai's size limits do not count keys, so a longer key is refused when the script is loaded (E0408) or when it is added (E0403).";
    Sandbox VARIABLES: usize = 100,
        "Variables alive at once, in every function of one call together (E0403).";
    Sandbox FUNCTIONS: usize = 64,
        "Functions in one script (E0401 when loaded).";
    Sandbox EFFECTS: usize = 100,
        "Effects (`ctx` methods that change something) one hook call may ask for (E0403).";
    Sandbox PRINTED_PER_HOOK: usize = 4_096,
        "Bytes of text (`print`, `debug`, `ctx.note`) one hook call may write into the transcript: what is past it is cut, with one line saying so.";
    Sandbox PRINTED_PER_RUN: usize = 65_536,
        "Bytes of text all hooks of one run together may write into the transcript, cut like the above.";
    Sandbox PRINT_ASKED_PER_HOOK: usize = 65_536,
        "Bytes of text one hook call may ask to write, cut or not: formatting a value costs time that the operations limit does not count, so a hook that asks for more stops (E0403).";
    Sandbox MAY_WORDS: usize = 100,
        "Characters of the words of one \"may\" effect (`ctx.card.may`): one line of a question to the player.";
    Sandbox STORE_KEYS: usize = 16,
        "Keys one card may keep between its hook calls (`ctx.card.set`): the store is part of the memo key of exact odds, so it stays small; one more is refused (E0406).";
    Sandbox STORE_KEY_CHARS: usize = 32,
        "Characters of one key of a card's store (`ctx.card.set`), at least 1 (E0402).";
    Sandbox STORE_TEXT_CHARS: usize = 64,
        "Characters of one text a card keeps in its store (`ctx.card.set(key, text)`) (E0402).";
    Kernel HOOK_CASCADE: usize = 8,
        "Hooks fired by effects of hooks, nested (an `on_damage` whose loss fires `on_damage` again): a hook about to run this deep stops the run, nothing of the cascade applied (E0403).";
    Kernel REROLL_WINDOWS: usize = 5,
        "Windows after a reroll (`after_reroll`) opened inside one another: a reroll this deep opens none and the die stays as it shows, with a transcript line; below the hook cascade, so that the bound is the rules' and not a stopped run.";
    Kernel TESTS_PER_ENCOUNTER: usize = 1_000,
        "Tests one encounter may resolve, counting those cards ask for (`ctx.test`): one more stops the run (E0403).";
    Kernel ROUND_OPTIONS: usize = 2_048,
        "Options one AH2e combat round may offer a player (`--best`, `mythos play`), counted as they are built: more is refused with its count (E0305), never cut; two hands of one-hand weapons stay under it up to 44 cards.";
    Kernel MAX_ROUNDS: usize = 200,
        "AH2e rounds of Fight or Flee played before the engine stops a combat that cannot end (both sides missing forever); exact odds solve a fight that repeats as a loop instead.";
    Loaders MAX_FILE_BYTES: u64 = 1 << 20,
        "Bytes of one file mythos reads (a card, a script, a manifest, a scenario): the largest shipped card is under 5 KB (E0003).";
    Loaders MAX_PACK_BYTES: u64 = 8 << 20,
        "Bytes all files of one pack may hold together (E0003).";
    Loaders MAX_ENTRIES: usize = 4_096,
        "Files and folders in one pack's `cards/` and `scripts/` together, and in a folder given to `check` or `validate` (E0004).";
    Loaders MAX_DEPTH: usize = 8,
        "Folders nested below `cards/`, `scripts/` or a folder given to `check` or `validate` (E0004).";
    Loaders MAX_REQUIRES: usize = 32,
        "Packs one pack's `requires` may name (E0105).";
    Loaders MAX_SCENARIO_PACKS: usize = 32,
        "Packs one scenario's `packs` may name (E0105).";
    Loaders MOST_SCRIPT_LINES: usize = u16::MAX as usize - 1,
        "Lines of one script: Rhai keeps a position in 16 bits and stops counting at the top, so a longer script could be given a wrong place (E0409).";
    Loaders MOST_SCRIPT_COLUMNS: usize = u16::MAX as usize - 1,
        "Characters on one line of a script, for the same reason (E0409).";
    Loaders PROBLEMS_PER_FILE: usize = 20,
        "Key and type problems collected from one TOML file (each found by parsing the file again with the line before blanked).";
    Loaders SHOWN_DIAGNOSTICS: usize = 50,
        "Diagnostics printed for one command or scenario; the rest are counted in one line.";
    Loaders SHOWN_LINE: usize = 320,
        "Characters of the quoted line a diagnostic shows: a longer line is cut around the span, with `…` where it was cut (a 1 MiB file may hold a line of a million characters).";
    Odds MAX_RUNS: u64 = 1_000_000,
        "Runs of the rules one exact computation may make, all thresholds together (E0501).";
    Odds MAX_ROLL_BRANCHES: u64 = 50_000,
        "Branches (face-count multisets) of one roll, checked before its table is built (E0501).";
    Odds MAX_ROLL_FACES: u64 = 2_000_000,
        "Faces held by the table of one roll (branches × dice), checked before it is built (E0501).";
    Odds MAX_SEARCH_DEPTH: usize = 2_000,
        "Rolls and questions along one path of an exact search, which recurses once for each: deeper is refused before the stack could run out (E0501); the deepest path of the suite is a few dozen, a 200-round AH2e fight under the best policy about 400.";
    Odds MAX_DECISION_OPTIONS: u64 = 20_000,
        "Options the questions of one search under the best policy offer together, counted before they are explored (E0501): 6 one-hand weapons against a one-Health monster stay under it.";
    Odds MAX_CARRIED_SHARES: u64 = 5_000_000,
        "Outcomes and monster shares any exact computation may carry from a roll or question to the one before it, all thresholds together, before `CARRIED_SHARES_PER_RUN` (E0501); the heaviest scenario of the suite carries under 70,000.";
    Odds CARRIED_SHARES_PER_RUN: u64 = 160,
        "Outcomes and monster shares an exact computation may carry for each of its runs, past `MAX_CARRIED_SHARES` (E0501): a node holds a share for each monster after it and an outcome for each amount lost and count defeated, so that with many monsters this work grows with the runs times the monsters; in proportion to the runs, it stays in proportion to the input. 20 Ghouls carry 68 a run, 50 Ghouls 152 (answered from 108,478 runs in 0.94 s CPU, release, 2026-12-07); 300 Ghouls carry more than 270 a run and are refused after 38,165 runs (0.48 s CPU; 25 s before any budget on merging).";
    Odds MAX_REPLAYED_DICE: u64 = 200_000_000,
        "Dice replayed over all runs of one exact computation, each run replaying its prefix from the checkpoint it starts from (E0501).";
    Odds MAX_EXACT_SCRIPT_OPERATIONS: u64 = 20_000_000,
        "Operations of card scripts all runs of one exact computation may take together, which up to a million runs would otherwise multiply; the heaviest scenario of the suite takes about 2.2 million (E0501).";
    Odds MAX_SAMPLED_SCRIPT_OPERATIONS: u64 = 100_000_000,
        "Operations of card scripts all samples of one sampled computation may take together; a million samples of the heaviest scenario of the suite take about 70 million (E0501).";
    Odds SAMPLE_CHUNK: u64 = 4_096,
        "Samples played as one chunk, a few chunks at a time in parallel.";
    Odds MAX_CHUNK_SCRIPT_OPERATIONS: u64 = MAX_SAMPLED_SCRIPT_OPERATIONS / 32,
        "Operations of card scripts one chunk of samples may take (a 32nd of the whole), so that the 8 chunks played at once do at most a quarter of the budget's work before a refusal, the same however many threads play (E0501).";
    Odds MAX_SAMPLES: u64 = 100_000_000,
        "Samples one sampled computation may draw (`--samples` past it: E0502).";
    Odds MAX_DECISIONS_JSON: usize = 500,
        "Decisions of the best policy listed in the JSON report (the text shows 8).";
    Play MAX_ANSWER: usize = 256,
        "Bytes of one answer line `mythos play` reads: a longer line is read to its end without being kept, and refused with its length, never echoed.";
    Play STACK: usize = 256 << 20,
        "Bytes of stack of the thread the `mythos` command runs on: room for an exact search of the deepest path the odds budget allows, in a debug build.";
}

const _: () = assert!(REROLL_WINDOWS + 2 < HOOK_CASCADE);

#[cfg(test)]
mod tests {
    use super::*;

    /// A whole number as docs/script-api.md writes it: `1,048,576`.
    fn grouped(n: u64) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }

    /// The "Every limit" table of docs/script-api.md is this module's table, row for row, in order: a limit added,
    /// changed or dropped here is added, changed or dropped there.
    #[test]
    fn the_readme_lists_every_limit_with_its_value_and_reason() {
        let readme =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/script-api.md"))
                .expect("docs/script-api.md");
        let section = readme
            .split("\n### Every limit\n")
            .nth(1)
            .expect("docs/script-api.md has a section \"### Every limit\"");
        let rows: Vec<&str> = section
            .lines()
            .skip_while(|l| !l.starts_with("| room "))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .collect();
        let want: Vec<String> = TABLE
            .iter()
            .map(|l| {
                format!(
                    "| {} | `{}` | {} | {} |",
                    l.room.name(),
                    l.name,
                    grouped(l.value),
                    l.why.replace('|', "\\|")
                )
            })
            .collect();
        assert_eq!(
            rows, want,
            "docs/script-api.md's table of limits against src/limits.rs"
        );
    }

    #[test]
    fn a_number_is_written_in_groups_of_three_digits() {
        assert_eq!(grouped(1 << 20), "1,048,576");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(65_534), "65,534");
    }

    #[test]
    fn no_limit_is_named_twice() {
        let mut names: Vec<&str> = TABLE.iter().map(|l| l.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), TABLE.len());
    }
}
