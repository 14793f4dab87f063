//! The kernel's problems with a setup → diagnostics at the place in the scenario file each part of the
//! setup was written, sorted among the file's own problems.

use super::investigator::{no_improvement, not_a_start, skill_keys};
use super::request::not_a_skill;
use super::{Builder, Key, Section, e};
use crate::defs::Code;
use crate::defs::{Diagnostic, SourceFile, out_of_range};
use crate::kernel::{FOCUS_LIMIT, Game, HANDS, MonsterPart, Part, Problem, SetupProblem, Skill};
use crate::scenario::prepared::cast_exhausted;
use std::ops::Range;

impl Builder<'_> {
    /// The diagnostic for one problem `Setup::check` found, and where it sorts.
    pub(super) fn kernel_problem(&self, p: &SetupProblem) -> (Key, Diagnostic) {
        let (key, span, written) = self.locate(p.part);
        let span = span.unwrap_or_else(|| self.raw.game.span());
        let file = self.file;
        // The number as the file wrote it, when the kernel's is narrower.
        let number = |kernel: i32| self.written_number(p.part).unwrap_or(i64::from(kernel));
        let d = match &p.problem {
            Problem::OutOfRange { value, bounds } => out_of_range(file, span, *value, *bounds),
            Problem::NotASkillOfTheGame { .. } if matches!(p.part, Part::TestSkill) => {
                not_a_skill(self, &written, span)
            }
            Problem::NotASkillOfTheGame { skill, game } => other_game(*skill, *game, file, span),
            Problem::NoImprovementToken => no_improvement(&written, file, span),
            Problem::TokenValue(v) => token_value(number(*v), file, span),
            Problem::HealthTokens { tokens, toughness } => {
                health_tokens(number(*tokens), *toughness, file, span)
            }
            Problem::ImpairedBelowOne {
                skill,
                value,
                token,
            } => impaired_below_one(*skill, *value, *token, file, span),
            Problem::DifficultyInEldritch => e(
                Code::OtherGame,
                "Eldritch Horror tests have no difficulty",
                file,
                span,
            )
            .hint("one success passes; remove `difficulty`"),
            Problem::NotAStartingLocation(loc) => not_a_start(loc.as_str(), file, span),
            Problem::CastNotWielded(card) => cast_not_wielded(card, file, span),
            Problem::CastExhausted(card) => cast_exhausted(card, file, span),
            Problem::NoSuchCopy(key) => no_such_copy(key, file, span),
            Problem::TooManyHands(hands) => too_many_hands(*hands, file, span),
            Problem::TooMuchFocus(focus) => too_much_focus(*focus, file, span),
            Problem::AboveMaximum { value, max } => above_maximum(*value, *max, file, span),
            Problem::MoreOnSpaceThanInGame { on_space, in_game } => {
                more_on_space(*on_space, *in_game, file, span)
            }
        };
        (key, d)
    }

    /// The number the file wrote for a part (wider than the kernel's `i32`).
    fn written_number(&self, part: Part) -> Option<i64> {
        let ri = self.raw.investigator.as_ref();
        match part {
            Part::Improvement(s) => ri?
                .improvements
                .iter()
                .find(|(k, _)| k.as_str() == s.as_str())
                .map(|(_, v)| *v.get_ref()),
            Part::Monster(i, MonsterPart::HealthTokens) => {
                let entry = self.monster_entries.get(i).copied().unwrap_or(i);
                let m = self.raw.monsters.iter().flatten().nth(entry)?;
                m.get_ref().damage.as_ref().map(|d| *d.get_ref())
            }
            _ => None,
        }
    }

    /// Where a part of the setup sorts, the span it was written at (if the file wrote it), and the
    /// text the file wrote for its name.
    fn locate(&self, part: Part) -> Located {
        match part {
            Part::InvestigatorsInGame => (
                (Section::Top, 0, 0),
                span(&self.raw.investigators_in_game),
                String::new(),
            ),
            Part::OpenGates => (
                (Section::Top, 1, 0),
                span(&self.raw.open_gates),
                String::new(),
            ),
            Part::TerrorLevel => (
                (Section::Top, 1, 1),
                span(&self.raw.terror_level),
                String::new(),
            ),
            Part::InvestigatorsOnSpace => (
                (Section::Top, 3, 0),
                // Counted from `[[on_space]]` when not written: its first entry.
                span(&self.raw.investigators_on_space)
                    .or_else(|| self.raw.on_space.first().map(|o| o.span())),
                String::new(),
            ),
            Part::MysteriesSolved => (
                (Section::Top, 4, 0),
                span(&self.raw.mysteries_solved),
                String::new(),
            ),
            Part::Health
            | Part::MaxHealth
            | Part::Sanity
            | Part::MaxSanity
            | Part::Clues
            | Part::Focus
            | Part::Skill(_)
            | Part::Improvement(_)
            | Part::Location => self.locate_investigator(part),
            Part::TestSkill | Part::TestDifficulty | Part::TestModifier => self.locate_test(part),
            Part::Monster(i, what) => self.locate_monster(i, what),
            Part::RoundCast(i, _) | Part::RoundWield(i) => self.locate_round(i, part),
        }
    }

    /// A part of the `[investigator]` table.
    fn locate_investigator(&self, part: Part) -> Located {
        let ri = self.raw.investigator.clone().unwrap_or_default();
        let (health, max_health) = match self.game {
            Game::Eldritch => (&ri.health, &ri.max_health),
            Game::Arkham => (&ri.stamina, &ri.max_stamina),
        };
        let value = |j, v| ((Section::Values, j, 0), span(v), String::new());
        match part {
            Part::Health => value(0, health),
            Part::MaxHealth => value(1, max_health),
            Part::Sanity => value(2, &ri.sanity),
            Part::MaxSanity => value(3, &ri.max_sanity),
            Part::Clues => value(4, &ri.clues),
            Part::Focus => value(5, &ri.focus),
            Part::Skill(s) => {
                let span = skill_keys(&ri)
                    .into_iter()
                    .find(|(k, _)| *k == s)
                    .and_then(|(_, v)| v.map(|v| v.span()));
                let index = Skill::ALL.iter().position(|k| *k == s).unwrap_or(0);
                ((Section::Skills, index, 0), span, s.to_string())
            }
            Part::Improvement(s) => {
                let found = ri
                    .improvements
                    .iter()
                    .enumerate()
                    .find(|(_, (k, _))| k.as_str() == s.as_str());
                match found {
                    Some((j, (k, v))) => ((Section::Improvements, j, 0), Some(v.span()), k.clone()),
                    None => ((Section::Improvements, 0, 0), None, s.to_string()),
                }
            }
            // Part::Location
            _ => (
                (Section::Location, 0, 0),
                ri.location.as_ref().map(|l| l.span()),
                String::new(),
            ),
        }
    }

    /// A part of the `[test]` table: its skill, its modifier, its difficulty.
    fn locate_test(&self, part: Part) -> Located {
        let test = self.raw.test.as_ref();
        let (step, span, written) = match part {
            Part::TestSkill => (
                0,
                test.map(|t| t.get_ref().skill.span()),
                test.map(|t| t.get_ref().skill.get_ref().clone()),
            ),
            Part::TestModifier => (1, test.and_then(|t| span(&t.get_ref().modifier)), None),
            _ => (2, test.map(|t| t.span()), None),
        };
        ((Section::Test, 0, step), span, written.unwrap_or_default())
    }

    /// The toughness or Health tokens of the `i`th monster of the setup, at its `[[monsters]]`
    /// entry.
    fn locate_monster(&self, i: usize, what: MonsterPart) -> Located {
        let entry = self.monster_entries.get(i).copied().unwrap_or(i);
        let m = self
            .raw
            .monsters
            .iter()
            .flatten()
            .nth(entry)
            .map(|m| m.get_ref());
        let at = match what {
            MonsterPart::Toughness => {
                m.map(|m| span(&m.toughness).unwrap_or_else(|| m.card.span()))
            }
            MonsterPart::HealthTokens => m.and_then(|m| m.damage.as_ref().map(|d| d.span())),
        };
        ((Section::Monsters, entry, 1), at, String::new())
    }

    /// A card cast or the cards held in round `i` of `[choices]`.
    fn locate_round(&self, i: usize, part: Part) -> Located {
        let round = self.raw.choices.as_ref().and_then(|c| c.rounds.get(i));
        let (step, span) = match part {
            Part::RoundCast(_, j) => (2, self.cast_spans.get(i).and_then(|s| s.get(j)).cloned()),
            _ => (
                3,
                round.and_then(|r| match (r.wield.first(), r.wield.last()) {
                    (Some(first), Some(last)) => Some(first.span().start..last.span().end),
                    _ => None,
                }),
            ),
        };
        ((Section::Rounds, i, step), span, String::new())
    }
}

/// Where a part of the setup sorts, the span it was written at, and the text written for its name.
type Located = (Key, Option<Range<usize>>, String);

/// The span of a number, if the file wrote it.
fn span(v: &Option<toml::Spanned<i64>>) -> Option<Range<usize>> {
    v.as_ref().map(|v| v.span())
}

/// "lore" → "Lore".
fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A skill written for a part of the setup that the game does not have.
fn other_game(skill: Skill, game: Game, file: &SourceFile, span: Range<usize>) -> Diagnostic {
    let skills: Vec<&str> = game.skills().iter().map(|s| s.as_str()).collect();
    let message = format!("`{skill}` is not a skill of {}", game.as_str());
    e(Code::OtherGame, message, file, span)
        .label("not a skill in this game")
        .hint(format!(
            "skills of {}: {}",
            game.as_str(),
            skills.join(", ")
        ))
}

/// An improvement or impairment token of a value no token has (`written` as the file wrote it).
fn token_value(written: i64, file: &SourceFile, span: Range<usize>) -> Diagnostic {
    let message =
        format!("an improvement token is +1 or +2, an impairment −1 or −2, not {written}");
    e(Code::OutOfRange, message, file, span).hint("the maximum is +2 and the minimum −2")
}

/// Health tokens that would have defeated the monster already (`written` as the file wrote it).
fn health_tokens(
    written: i64,
    toughness: i32,
    file: &SourceFile,
    span: Range<usize>,
) -> Diagnostic {
    let message = format!("{written} Health tokens on a monster of toughness {toughness}");
    e(Code::OutOfRange, message, file, span)
        .hint("a monster with Health tokens at its toughness is already defeated")
}

/// EH: an impairment token that would take the skill below a modified value of 1.
fn impaired_below_one(
    skill: Skill,
    value: i32,
    token: i32,
    file: &SourceFile,
    span: Range<usize>,
) -> Diagnostic {
    let message = format!(
        "{} {value} cannot take a {token} Impairment token: it would be {}",
        capitalized(skill.as_str()),
        value.saturating_add(token)
    );
    e(Code::OutOfRange, message, file, span)
        .label("impaired below 1")
        .hint(
            "an investigator cannot impair a skill below a modified value of 1 (EH Reference \
             Guide, Impairment Tokens): raise the skill or remove the token",
        )
}

/// AH2e: a spell cast that is not held.
fn cast_not_wielded(card: &str, file: &SourceFile, span: Range<usize>) -> Diagnostic {
    let message = format!("`{card}` is cast but not in `wield`");
    e(Code::OutOfRange, message, file, span)
        .hint("a spell is cast from the hands: list it in `wield` too")
}

/// A copy held in hand that the investigator does not have, or holds twice.
fn no_such_copy(key: &str, file: &SourceFile, span: Range<usize>) -> Diagnostic {
    let message = format!("`{key}` is not a copy the investigator holds, or is held twice");
    e(Code::OutOfRange, message, file, span)
        .label("no such copy")
        .hint(
            "two copies of a card are two possessions: list the card twice in `possessions`; \
             in `wield`, `id` is its first copy and `id#2` its second",
        )
}

/// AH2e: cards held that need more than two hands.
fn too_many_hands(hands: u32, file: &SourceFile, span: Range<usize>) -> Diagnostic {
    let message = format!("these cards need {hands} hands; an investigator has {HANDS}");
    e(Code::OutOfRange, message, file, span)
        .label("more than two hands")
        .hint("hold fewer weapons and spells this round (AH rulebook p.16)")
}

/// EH: more Focus tokens than an investigator may have.
fn too_much_focus(focus: i32, file: &SourceFile, span: Range<usize>) -> Diagnostic {
    let message =
        format!("{focus} Focus tokens: an investigator cannot have more than {FOCUS_LIMIT}");
    e(Code::OutOfRange, message, file, span)
        .label("more than two Focus tokens")
        .hint(format!(
            "at most {FOCUS_LIMIT} (Masks of Nyarlathotep, Focus Action)"
        ))
}

/// Current Health (Stamina) or Sanity above its maximum.
fn above_maximum(value: i32, max: i32, file: &SourceFile, span: Range<usize>) -> Diagnostic {
    let message = format!("{value} is above the investigator's maximum of {max}");
    e(Code::OutOfRange, message, file, span)
        .label("above the maximum")
        .hint(format!(
            "an investigator cannot have more than his maximum (EH Reference Guide, Health and \
             Sanity): at most {max}, or raise the maximum"
        ))
}

/// E0105: more other investigators on the investigator's space than the game has besides him.
fn more_on_space(on_space: u32, in_game: u32, file: &SourceFile, span: Range<usize>) -> Diagnostic {
    let others = in_game.saturating_sub(1);
    let noun = |n: u32| {
        if n == 1 {
            "investigator"
        } else {
            "investigators"
        }
    };
    e(
        Code::OutOfRange,
        format!(
            "{on_space} other {} on the space, in a game of {in_game} {}",
            noun(on_space),
            noun(in_game)
        ),
        file,
        span,
    )
    .label("more than the game has")
    .hint(format!(
        "a game of {in_game} {} has {others} besides the investigator played: raise \
         `investigators_in_game` (default 1) or lower `investigators_on_space`",
        noun(in_game)
    ))
}
