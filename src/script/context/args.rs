//! The arguments of `ctx` methods: the words a script passes (skills, stats, kinds, statuses, store
//! keys) parsed into the kernel's vocabulary, and every integer argument checked against its range
//! when the method is called and, through `ARGUMENTS`, when a literal is loaded.

use super::{Res, err};
use crate::kernel::bounds::{self, Bounds};
use crate::kernel::{BonusKind, Skill, Stat};
use rhai::INT;

pub(super) fn skill(s: &str) -> Res<Skill> {
    match Skill::parse(s) {
        Some(k) => Ok(k),
        None => err(format!(
            "`{s}` is not a skill (lore, influence, observation, strength, will, speed, sneak, fight, luck)"
        )),
    }
}

pub(super) fn stat(s: &str) -> Res<Stat> {
    match s {
        "health" | "stamina" => Ok(Stat::Health),
        "sanity" => Ok(Stat::Sanity),
        "clue" | "clues" => Ok(Stat::Clues),
        "focus" => Ok(Stat::Focus),
        _ => err(format!(
            "`{s}` is not a stat (health, stamina, sanity, clues, focus)"
        )),
    }
}

pub(super) fn deck(s: &str) -> Res<crate::kernel::Deck> {
    match crate::kernel::Deck::parse(s) {
        Some(d) => Ok(d),
        None => {
            let all: Vec<&str> = crate::kernel::Deck::ALL
                .iter()
                .map(|d| d.as_str())
                .collect();
            err(format!("`{s}` is not a deck ({})", all.join(", ")))
        }
    }
}

pub(super) fn kind(s: &str) -> Res<BonusKind> {
    BonusKind::parse(s).map_or_else(
        || err(format!("`{s}` is not a bonus kind (physical, magical)")),
        Ok,
    )
}

/// A status a card may give the investigator (`set_status`, `becoming.replace`).
pub(super) fn fate(s: &str, what: &str) -> Res<crate::kernel::Fate> {
    crate::kernel::Fate::parse(s).map_or_else(
        || {
            err(format!(
                "{what}(\"{s}\"): one of defeated, unconscious, insane, devoured, \
                 lost_in_time_and_space, delayed"
            ))
        },
        Ok,
    )
}

/// A key of a card's store: 1 to `STORE_KEY_CHARS` characters.
pub(super) fn store_key(key: &str) -> Res<String> {
    use crate::limits::STORE_KEY_CHARS;
    if (1..=STORE_KEY_CHARS).contains(&key.chars().count()) {
        Ok(key.to_string())
    } else {
        err(format!(
            "set(\"{key}\", ...): a key is 1 to {STORE_KEY_CHARS} characters"
        ))
    }
}

pub(super) fn count(n: INT, what: &str) -> Res<i32> {
    let b = bounds::SCRIPT_COUNT;
    if b.contains(n) {
        Ok(n as i32)
    } else {
        err(format!("{what}({n}): expected {} to {}", b.min, b.max))
    }
}

pub(super) fn face(n: INT) -> Res<u8> {
    let b = bounds::DIE_FACE;
    if b.contains(n) {
        Ok(n as u8)
    } else {
        err(format!("{n} is not a die face ({} to {})", b.min, b.max))
    }
}

/// A die's number in the pool (`ctx.test.reroll(die)`): dice are numbered from 0.
pub(super) fn die(n: INT, call: impl FnOnce() -> String) -> Res<usize> {
    if bounds::DIE_NUMBER.contains(n) {
        Ok(n as usize)
    } else {
        err(format!("{}: dice are numbered from 0", call()))
    }
}

/// A modifier a script gives (`ctx.investigator.test`, `ctx.monster.set_modifier`).
pub(super) fn modifier(n: INT, call: impl FnOnce() -> String) -> Res<i32> {
    let b = bounds::MODIFIER;
    if b.contains(n) {
        Ok(n as i32)
    } else {
        err(format!("{}: a modifier is {} to {}", call(), b.min, b.max))
    }
}

/// The range each integer argument of a `ctx` method is checked against when it is called (`count`,
/// `face`, `die`, `modifier`), by object, method and argument (`None`: not a number); loading checks
/// a literal argument against the same entry (E0105). A test holds every entry to a registered
/// method of that object with that many arguments.
pub const ARGUMENTS: &[(&str, &str, &[Option<Bounds>])] = {
    const C: Option<Bounds> = Some(bounds::SCRIPT_COUNT);
    const F: Option<Bounds> = Some(bounds::DIE_FACE);
    const D: Option<Bounds> = Some(bounds::DIE_NUMBER);
    const M: Option<Bounds> = Some(bounds::MODIFIER);
    &[
        ("Ctx", "roll", &[C]),
        ("Card", "cast", &[M]),
        ("Test", "bonus", &[C]),
        ("Test", "bonus", &[C, None]),
        ("Test", "add_dice", &[C]),
        ("Test", "fewer_dice", &[C]),
        ("Test", "success_from", &[F]),
        ("Test", "dice_per_clue", &[C]),
        ("Test", "dice_per_focus", &[C]),
        ("Test", "extra_dice_per_clue", &[C]),
        ("Test", "reroll", &[D]),
        ("Test", "set_face", &[D, F]),
        ("Test", "count_face", &[F, C]),
        ("Test", "negate_face", &[F, C]),
        ("Test", "add_successes", &[C]),
        ("Investigator", "gain", &[None, C]),
        ("Investigator", "lose", &[None, C]),
        ("Investigator", "spend", &[None, C]),
        ("Investigator", "improve", &[None, C]),
        ("Investigator", "draw", &[None, C]),
        ("Investigator", "test", &[None, M, None]),
        ("Monster", "lose", &[C]),
        ("Monster", "recover", &[C]),
        ("Monster", "reduce_damage", &[C, C]),
        ("Monster", "reduce_horror", &[C, C]),
        ("Monster", "reduce_toughness", &[C, C]),
        ("Monster", "set_modifier", &[None, M]),
        ("Monster", "lose_ability", &[None]),
        ("Monster", "gain_ability", &[None]),
        ("Monster", "raise_damage", &[C]),
        ("Monster", "raise_toughness", &[C]),
        ("Combat", "bonus", &[None, C]),
        ("Combat", "check_bonus", &[None, C]),
        ("Loss", "reduce", &[C]),
        ("Space", "lose", &[D, C]),
    ]
};

#[cfg(test)]
mod tests {
    use super::*;

    /// How the table of docs/script-api.md words an argument's range.
    fn range_words(b: &Option<Bounds>) -> String {
        match b {
            None => "not a number".to_string(),
            Some(b) if b.max == i64::MAX => format!("{}, at least {}", b.what, b.min),
            Some(b) => format!("{}, {} to {}", b.what, b.min, b.max),
        }
    }

    /// The table of argument ranges in docs/script-api.md is `ARGUMENTS`, row for row: each method's number of
    /// arguments and the range of each.
    #[test]
    fn the_readme_gives_each_methods_argument_ranges() {
        let readme =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/script-api.md"))
                .expect("docs/script-api.md");
        let rows: Vec<&str> = readme
            .lines()
            .skip_while(|l| !l.starts_with("| method | arguments | each argument's range |"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .collect();
        let want: Vec<String> = ARGUMENTS
            .iter()
            .map(|(object, method, ranges)| {
                let path = if *object == "Ctx" {
                    "ctx".to_string()
                } else {
                    format!("ctx.{}", object.to_lowercase())
                };
                let each: Vec<String> = ranges
                    .iter()
                    .enumerate()
                    .map(|(i, b)| format!("{}: {}", i + 1, range_words(b)))
                    .collect();
                format!(
                    "| `{path}.{method}` | {} | {} |",
                    ranges.len(),
                    each.join("; ")
                )
            })
            .collect();
        assert_eq!(rows, want);
    }
}
