//! Numbers in files: each is checked at load against its range in the kernel's one table
//! (`kernel::bounds`), E0105 naming the range at the number's span, then narrowed to the kernel's
//! `i32`. May import `kernel`.

use super::raw::{RATING_X, RawCard, RawRating, RawRatingValue, RawTest};
use super::{Code, Diagnostic, SourceFile};
use crate::kernel::bounds::{self, Bounds};
use std::ops::Range;
use toml::Spanned;

/// E0105: `value`, written at `span`, is outside `b`.
pub fn out_of_range(file: &SourceFile, span: Range<usize>, value: i64, b: Bounds) -> Diagnostic {
    Diagnostic::new(
        Code::OutOfRange,
        format!(
            "{value} is out of range: {} is {} to {}",
            b.what, b.min, b.max
        ),
    )
    .at(file, span)
    .label(format!("{} to {}", b.min, b.max))
    .hint("the table of numbers (docs/scenario-files.md) gives the range of every number in a card or scenario")
}

/// E0103: a rating written as a text other than `"-X"`.
fn not_a_rating(file: &SourceFile, r: &RawRating, text: &str) -> Diagnostic {
    let b = bounds::MODIFIER;
    Diagnostic::new(Code::WrongType, format!("`{text}` is not a rating"))
        .at(file, r.rating.span())
        .label(format!("a whole number or \"{RATING_X}\""))
        .hint(format!(
            "a rating is a whole number from {} to {}, or \"{RATING_X}\" for one printed −X (its value is what \
             the card's text gives: its script sets it with `ctx.monster.set_modifier` before the check)",
            b.min, b.max
        ))
}

/// Checks one number against its range, reporting it if outside.
pub fn check(file: &SourceFile, v: &Spanned<i64>, b: Bounds, out: &mut Vec<Diagnostic>) {
    if !b.contains(*v.get_ref()) {
        out.push(out_of_range(file, v.span(), *v.get_ref(), b));
    }
}

/// Checks an optional number.
pub fn check_opt(
    file: &SourceFile,
    v: &Option<Spanned<i64>>,
    b: Bounds,
    out: &mut Vec<Diagnostic>,
) {
    if let Some(v) = v {
        check(file, v, b, out);
    }
}

/// A number narrowed to `i32`. A number out of its range is refused before any value is used, so
/// the clamp only keeps this total (every range lies well inside `i32`).
pub fn int(v: &Spanned<i64>) -> i32 {
    (*v.get_ref()).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

pub fn int_opt(v: &Option<Spanned<i64>>) -> Option<i32> {
    v.as_ref().map(int)
}

/// Every number of a card file against its range.
pub fn check_card(raw: &RawCard, file: &SourceFile, out: &mut Vec<Diagnostic>) {
    for b in &raw.bonuses {
        check(file, &b.value, bounds::BONUS, out);
    }
    for v in raw.skills.iter().flat_map(|s| s.values()) {
        check(file, v, bounds::SKILL, out);
    }
    for pair in raw.sliders.iter().flat_map(|s| s.values()).flatten() {
        for v in pair {
            check(file, v, bounds::SKILL, out);
        }
    }
    let test = |t: &Option<RawTest>, out: &mut Vec<Diagnostic>| {
        if let Some(t) = t {
            check_opt(file, &t.modifier, bounds::MODIFIER, out);
            check_opt(file, &t.horror, bounds::LOSS, out);
            check_opt(file, &t.damage, bounds::LOSS, out);
        }
    };
    test(&raw.will, out);
    test(&raw.strength, out);
    let rating = |r: &Option<RawRating>, out: &mut Vec<Diagnostic>| {
        if let Some(r) = r {
            match r.rating.get_ref() {
                RawRatingValue::Number(n) if !bounds::MODIFIER.contains(*n) => {
                    out.push(out_of_range(file, r.rating.span(), *n, bounds::MODIFIER));
                }
                RawRatingValue::Text(t) if t != RATING_X => out.push(not_a_rating(file, r, t)),
                _ => {}
            }
            check_opt(file, &r.damage, bounds::LOSS, out);
        }
    };
    rating(&raw.horror, out);
    rating(&raw.combat, out);
    for (v, b) in [
        (&raw.health, bounds::HEALTH),
        (&raw.stamina, bounds::HEALTH),
        (&raw.sanity, bounds::SANITY),
        (&raw.focus, bounds::TOKENS),
        (&raw.toughness, bounds::TOUGHNESS),
        (&raw.awareness, bounds::MODIFIER),
        (&raw.nightmarish, bounds::KEYWORD_VALUE),
        (&raw.overwhelming, bounds::KEYWORD_VALUE),
        (&raw.hands, bounds::HANDS),
        (&raw.casting_modifier, bounds::MODIFIER),
        (&raw.sanity_cost, bounds::SANITY_COST),
        (&raw.cost, bounds::PRICE),
        (&raw.price, bounds::PRICE),
        (&raw.max_stamina_bonus, bounds::MAX_BONUS),
        (&raw.max_sanity_bonus, bounds::MAX_BONUS),
        (&raw.count, bounds::COPIES),
    ] {
        check_opt(file, v, b, out);
    }
}
