//! A card's printed bonuses: "+X skill" (`skill`) or, AH2e, "+X to Combat checks" (`check`), checked
//! against the rules of one game, and the skill names they and a monster's tests use. May import
//! `kernel`, never `rhai` or `toml` parsing.

use super::numbers::int;
use super::raw::RawBonus;
use super::{Code, Diagnostic, SourceFile};
use crate::kernel::{BonusDef, BonusKind, During, Game, Skill, TestKind};
use toml::Spanned;

/// An E0105 (a value out of its range or set) at `span`.
pub(super) fn bad(
    file: &SourceFile,
    span: std::ops::Range<usize>,
    msg: String,
    hint: Option<String>,
) -> Diagnostic {
    let d = Diagnostic::new(Code::OutOfRange, msg).at(file, span);
    match hint {
        Some(h) => d.hint(h),
        None => d,
    }
}

/// A skill of the game by its name (`all` too when `allow_all`: `None`), or reported.
pub(super) fn parse_skill(
    file: &SourceFile,
    s: &Spanned<String>,
    game: Game,
    allow_all: bool,
    out: &mut Vec<Diagnostic>,
) -> Option<Option<Skill>> {
    if allow_all && s.get_ref() == "all" {
        return Some(None);
    }
    match Skill::parse(s.get_ref()).filter(|k| game.skills().contains(k)) {
        Some(k) => Some(Some(k)),
        None => {
            let names: Vec<&str> = game.skills().iter().map(|k| k.as_str()).collect();
            out.push(bad(
                file,
                s.span(),
                format!("`{}` is not a skill of {}", s.get_ref(), game.as_str()),
                Some(format!(
                    "one of: {}{}",
                    names.join(", "),
                    if allow_all { ", all" } else { "" }
                )),
            ));
            None
        }
    }
}

/// One printed bonus, if its skill, time and kind are all known (each one that is not is reported).
pub(super) fn bonus(
    b: &RawBonus,
    file: &SourceFile,
    game: Game,
    out: &mut Vec<Diagnostic>,
) -> Option<BonusDef> {
    let to = bonus_to(b, file, game, out);
    let during = match b.during.as_ref().map(|d| d.get_ref().as_str()) {
        None | Some("any") => Some(During::Any),
        Some("combat") => Some(During::Combat),
        Some(other) => {
            let d = b.during.as_ref().expect("matched Some");
            out.push(bad(
                file,
                d.span(),
                format!("`during = \"{other}\"` is not a time a bonus applies"),
                Some("`any` or `combat`".into()),
            ));
            None
        }
    };
    let kind = match &b.kind {
        None => Some(None),
        Some(k) => match BonusKind::parse(k.get_ref()) {
            Some(kind) => Some(Some(kind)),
            None => {
                out.push(bad(
                    file,
                    k.span(),
                    format!("`{}` is not a kind of bonus", k.get_ref()),
                    Some("`physical` or `magical`".into()),
                ));
                None
            }
        },
    };
    let (skill, check) = to?;
    Some(BonusDef {
        skill,
        check,
        value: int(&b.value),
        during: during?,
        may: b.may,
        kind: kind?,
    })
}

/// The checks a bonus may be to (`check = "combat"`): AH2e's kinds of check other than a plain one.
const CHECKS: [TestKind; 4] = [
    TestKind::Combat,
    TestKind::Horror,
    TestKind::Evade,
    TestKind::Spell,
];

/// What a bonus is to: a skill ("+X skill", `skill`, `None` for all) or, AH2e, a kind of check ("+X to
/// Combat checks", `check`, whatever skill it tests); exactly one of the two keys.
fn bonus_to(
    b: &RawBonus,
    file: &SourceFile,
    game: Game,
    out: &mut Vec<Diagnostic>,
) -> Option<(Option<Skill>, Option<TestKind>)> {
    let names = || CHECKS.map(|k| k.as_str().to_string()).join(", ");
    match (&b.skill, &b.check) {
        (Some(skill), None) => Some((parse_skill(file, skill, game, true, out)?, None)),
        (None, None) => {
            out.push(
                Diagnostic::new(Code::MissingKey, "a bonus needs `skill` or `check`")
                    .at(file, b.value.span())
                    .label("a bonus to what?")
                    .hint(
                        "`skill = \"fight\"` for \"+X Fight\"; AH2e `check = \"combat\"` for \"+X to Combat checks\"",
                    ),
            );
            None
        }
        (Some(_), Some(check)) => {
            out.push(
                Diagnostic::new(
                    Code::WrongType,
                    "a bonus is to a skill or to a kind of check, not both",
                )
                .at(file, check.span())
                .label("`skill` is given too")
                .hint("keep `check` for \"+X to Combat checks\", `skill` for \"+X Fight\""),
            );
            None
        }
        (None, Some(check)) if game != Game::Arkham => {
            out.push(
                Diagnostic::new(
                    Code::OtherGame,
                    "`check` is an Arkham Horror key: an Eldritch Horror bonus is to a skill",
                )
                .at(file, check.span())
                .label("not a key of this game")
                .hint("`skill = \"strength\", during = \"combat\"` for \"+X Strength during Combat Encounters\""),
            );
            None
        }
        (None, Some(check)) => match CHECKS.iter().find(|k| k.as_str() == check.get_ref()) {
            Some(kind) => Some((None, Some(kind.clone()))),
            None => {
                out.push(bad(
                    file,
                    check.span(),
                    format!("`{}` is not a kind of check a bonus is to", check.get_ref()),
                    Some(format!("one of: {}", names())),
                ));
                None
            }
        },
    }
}
