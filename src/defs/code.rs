//! The diagnostic codes: one enum, and the one table of what each code means (the table of codes in
//! docs/diagnostic-codes.md is this table; a test holds them together). Imports nothing.

use std::fmt;

/// Declares `Code` from rows of `Variant = "E0000": "meaning"`, in the order of the table in docs/diagnostic-codes.md.
macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident = $code:literal : $meaning:literal,)*) => {
        /// A stable diagnostic code. Its text (`E0102`) never changes once released.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $($(#[$doc])* $name,)*
        }

        impl Code {
            /// Every code, in the order of the table.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// The code as printed: `E0102`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$name => $code,)*
                }
            }

            /// What the code means, as the table in docs/diagnostic-codes.md says it.
            pub fn meaning(self) -> &'static str {
                match self {
                    $(Code::$name => $meaning,)*
                }
            }
        }
    };
}

codes! {
    CannotRead = "E0001": "a file or folder cannot be read (a pack folder named in `packs`)",
    NotRegularFile = "E0002": "a symbolic link, FIFO, socket or device where mythos reads a file or walks a folder: refused without being opened (see [what a pack may contain](packs.md#what-a-pack-may-contain))",
    TooLarge = "E0003": "a file over 1 MiB, or a pack whose cards and scripts hold over 8 MiB together: refused, nothing of it shown",
    TooMany = "E0004": "a folder nested more than 8 deep, or more than 4096 files and folders in a pack's `cards/` and `scripts/` (or in a folder given to `check` or `validate`)",
    NotUtf8 = "E0005": "a file that is not UTF-8 text (the line and column of the first byte that is not)",
    NotPackFile = "E0006": "a file in `cards/` that is not a `.toml`, or in `scripts/` that is not a `.rhai`; a `cards` or `scripts` that is a file; a name that is not UTF-8",
    BadArgument = "E0007": "a command-line argument mythos cannot read (an unknown `--format`, a seed past 2^64 − 1, a missing file argument): printed by the argument parser; with `--format` other than `text`, also this error object on standard output",
    TomlSyntax = "E0101": "TOML syntax error",
    UnknownKey = "E0102": "unknown key (hint: the closest valid key); also a literal key of a map of skills a script reads from `ctx` that is not a skill of the game, `ctx.investigator.skills[\"fihgt\"]` (hint: the keys the map has)",
    WrongType = "E0103": "wrong type or value (also a literal argument of a `ctx` method of a type no method of that name takes, `ctx.investigator.gain(\"clues\", \"1\")`, found when the script is loaded; hint: the method's signature)",
    MissingKey = "E0104": "missing key",
    OutOfRange = "E0105": "value out of range (a number outside its range in the table of numbers (docs/scenario-files.md), a die face, a skill name, a token value, a literal argument of a `ctx` method outside the range the method checks, e.g. `ctx.test.reroll(-1)`)",
    OtherGame = "E0106": "a key that does not belong to this game",
    WrongKind = "E0107": "a card of the wrong kind (e.g. an asset as the investigator)",
    UnknownPath = "E0108": "an `[expect]` path (or an `absent` entry) that matches nothing a result of the scenario could hold: a key no object at that place has, a step into a number (hint: the closest paths the result has); a list shorter than an index, or a value that differs, is a miss of the rules instead",
    UnknownCard = "E0201": "unknown card, in a scenario, a card's `possessions`, `replaces`, or a card id written in a script (hint: the closest printed names, with their ids)",
    DuplicateId = "E0202": "a card id defined twice",
    OrphanScript = "E0203": "a script that belongs to no card file",
    PackOfOtherGame = "E0204": "a pack of the other game in a scenario's `packs`",
    MissingRequirement = "E0205": "a pack requires a pack that is not loaded before it",
    DuplicatePack = "E0206": "two different folders hold packs of the same name",
    StemClash = "E0207": "two card files, or two scripts, of one pack with the same stem (names both)",
    AmbiguousCard = "E0208": "a printed name several cards share (a monster printed once per Ancient One; hint: each card of that name, by id); a scenario's `ancient_one` tells them apart",
    UnknownAncientOne = "E0209": "a scenario's `ancient_one` that no card loaded names in brackets (the name in brackets after such a monster's: each Ancient One prints its own; hint: the closest, or every one loaded)",
    FacesRanOut = "E0301": "the fixed dice faces ran out (names the test that wanted another die)",
    FacesLeftOver = "E0302": "dice faces left over",
    Request = "E0303": "the scenario asks for nothing, for two things at once, or for a phase of the other game (`[reckoning]` in AH2e, `[upkeep]` in EH)",
    DecisionNeeded = "E0304": "a decision of the player that the answers given do not make (`mythos play`, `--best`: the driver answers it)",
    TooManyOptions = "E0305": "a question of the player with more options than the kernel offers (AH2e: a combat round whose sets of cards in hand and spells cast are more than 2,048): refused with its count, never cut",
    FlipsRanOut = "E0306": "a card was flipped (or a Condition drawn by its trait, `gain_condition_by_trait`) and the scenario's `[dice] flips` give no copy for it, or give a copy there is not (names the card and the flip)",
    FlipsLeftOver = "E0307": "`[dice] flips` left over (no card was flipped for them)",
    ScriptSyntax = "E0401": "script syntax error",
    HookFailed = "E0402": "script error while a hook ran (nothing of that hook is applied)",
    SandboxLimit = "E0403": "a script hit a sandbox limit (runaway loop, recursion, huge string, array or map key, too many effects, a hook cascade too deep, too many tests asked for): see [The sandbox](script-api.md#the-sandbox)",
    NotAHook = "E0404": "a function named like a hook that is not one",
    HookArity = "E0405": "a hook with the wrong number of parameters",
    RuleRefused = "E0406": "a script asked for something the rules do not allow there, or a check needs a value no card gave (a rating printed −X)",
    UnknownApi = "E0407": "a script calls a function, reads a property or calls a method in a chain from `ctx` (`ctx.a.b`, `ctx.a.f()`), that the script API does not have (hint: the closest name), or uses a name of the API before `ctx` had objects (`ctx.kind`, `ctx.bonus(1)`, `ctx.loss > 0`; hint: the new name)",
    Forbidden = "E0408": "a script uses `import`, `eval`, `Fn`, `curry`, a closure that captures a variable, or a map key over 64 bytes",
    ScriptTooLong = "E0409": "a script of more than 65,534 lines, or with a line of more than 65,534 characters (Rhai could not place a problem past that)",
    OddsTooLarge = "E0501": "exact odds refused: the scenario needs more runs, branches, options or dice than the odds budgets allow (hint: what can be answered: `--samples N`; under the best play, `--fixed` or fewer tokens)",
    BadSamples = "E0502": "`--samples` of 0, or more than the sampling budget",
    OddsCancelled = "E0503": "exact odds cancelled: the caller's progress callback asked to stop (library API `Scenario::exact_odds_with_progress`, `Scenario::best_odds_with_progress`)",
    AimOfOtherRequest = "E0504": "a `--best` aim the scenario cannot score: `pass` of a combat, `defeat_all` of a `[test]` (every option would tie)",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_in_ascending_order() {
        let texts: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        let mut sorted = texts.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(texts, sorted);
    }

    #[test]
    fn every_code_is_e_and_four_digits() {
        for c in Code::ALL {
            let s = c.as_str();
            assert!(
                s.len() == 5 && s.starts_with('E') && s[1..].chars().all(|d| d.is_ascii_digit()),
                "{s}"
            );
        }
    }

    /// The rows of the table of diagnostic codes (docs/diagnostic-codes.md): `(code, meaning)`.
    fn readme_codes() -> Vec<(String, String)> {
        let readme = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/docs/diagnostic-codes.md"
        ))
        .expect("docs/diagnostic-codes.md");
        let section = readme
            .split("\n## Diagnostic codes\n")
            .nth(1)
            .expect("a `## Diagnostic codes` section");
        let section = section.split("\n## ").next().unwrap_or(section);
        section
            .lines()
            .filter_map(|l| {
                let cells: Vec<&str> = l
                    .strip_prefix('|')?
                    .strip_suffix('|')?
                    .split(" | ")
                    .collect();
                let [code, meaning] = cells.as_slice() else {
                    return None;
                };
                let code = code.trim();
                (code.starts_with('E') && code[1..].chars().all(|c| c.is_ascii_digit()))
                    .then(|| (code.to_string(), meaning.trim().to_string()))
            })
            .collect()
    }

    #[test]
    fn the_readme_s_table_of_codes_is_the_code_enum_s() {
        let table: Vec<(String, String)> = Code::ALL
            .iter()
            .map(|c| (c.as_str().to_string(), c.meaning().to_string()))
            .collect();
        assert_eq!(readme_codes(), table);
    }
}
