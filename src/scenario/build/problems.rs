//! The kernel's problems with a setup → diagnostics at the place in the scenario file each part of the
//! setup was written, sorted among the file's own problems.

use super::investigator::{no_improvement, not_a_start, skill_keys};
use super::request::not_a_skill;
use super::{Builder, Key, Section, e};
use crate::defs::Code;
use crate::defs::{Diagnostic, out_of_range};
use crate::kernel::{FOCUS_LIMIT, HANDS, MonsterPart, Part, Problem, SetupProblem, Skill};
use std::ops::Range;

impl Builder<'_> {
    /// The diagnostic for one problem `Setup::check` found, and where it sorts.
    pub(super) fn kernel_problem(&self, p: &SetupProblem) -> (Key, Diagnostic) {
        let (key, span, written) = self.locate(p.part);
        let span = span.unwrap_or_else(|| self.raw.game.span());
        let d = match &p.problem {
            Problem::OutOfRange { value, bounds } => out_of_range(self.file, span, *value, *bounds),
            Problem::NotASkillOfTheGame { skill, game } => match p.part {
                Part::TestSkill => not_a_skill(self, &written, span),
                _ => e(
                    Code::OtherGame,
                    format!("`{skill}` is not a skill of {}", game.as_str()),
                    self.file,
                    span,
                )
                .label("not a skill in this game")
                .hint(format!(
                    "skills of {}: {}",
                    game.as_str(),
                    game.skills()
                        .iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            },
            Problem::NoImprovementToken => no_improvement(&written, self.file, span),
            Problem::TokenValue(v) => e(
                Code::OutOfRange,
                format!(
                    "an improvement token is +1 or +2, an impairment −1 or −2, not {}",
                    self.written_number(p.part).unwrap_or(i64::from(*v))
                ),
                self.file,
                span,
            )
            .hint("the maximum is +2 and the minimum −2"),
            Problem::HealthTokens { tokens, toughness } => e(
                Code::OutOfRange,
                format!(
                    "{} Health tokens on a monster of toughness {toughness}",
                    self.written_number(p.part).unwrap_or(i64::from(*tokens))
                ),
                self.file,
                span,
            )
            .hint("a monster with Health tokens at its toughness is already defeated"),
            Problem::ImpairedBelowOne {
                skill,
                value,
                token,
            } => e(
                Code::OutOfRange,
                format!(
                    "{} {value} cannot take a {token} Impairment token: it would be {}",
                    capitalized(skill.as_str()),
                    value.saturating_add(*token)
                ),
                self.file,
                span,
            )
            .label("impaired below 1")
            .hint(
                "an investigator cannot impair a skill below a modified value of 1 (EH Reference \
                 Guide, Impairment Tokens): raise the skill or remove the token",
            ),
            Problem::DifficultyInEldritch => e(
                Code::OtherGame,
                "Eldritch Horror tests have no difficulty",
                self.file,
                span,
            )
            .hint("one success passes; remove `difficulty`"),
            Problem::NotAStartingLocation(loc) => not_a_start(loc.as_str(), self.file, span),
            Problem::CastNotWielded(card) => e(
                Code::OutOfRange,
                format!("`{card}` is cast but not in `wield`"),
                self.file,
                span,
            )
            .hint("a spell is cast from the hands: list it in `wield` too"),
            Problem::NoSuchCopy(key) => e(
                Code::OutOfRange,
                format!("`{key}` is not a copy the investigator holds, or is held twice"),
                self.file,
                span,
            )
            .label("no such copy")
            .hint(
                "two copies of a card are two possessions: list the card twice in `possessions`; \
                 in `wield`, `id` is its first copy and `id#2` its second",
            ),
            Problem::TooManyHands(hands) => e(
                Code::OutOfRange,
                format!("these cards need {hands} hands; an investigator has {HANDS}"),
                self.file,
                span,
            )
            .label("more than two hands")
            .hint("hold fewer weapons and spells this round (AH rulebook p.16)"),
            Problem::TooMuchFocus(focus) => e(
                Code::OutOfRange,
                format!(
                    "{focus} Focus tokens: an investigator cannot have more than {FOCUS_LIMIT}"
                ),
                self.file,
                span,
            )
            .label("more than two Focus tokens")
            .hint(format!(
                "at most {FOCUS_LIMIT} (Masks of Nyarlathotep, Focus Action)"
            )),
            Problem::AboveMaximum { value, max } => e(
                Code::OutOfRange,
                format!("{value} is above the investigator's maximum of {max}"),
                self.file,
                span,
            )
            .label("above the maximum")
            .hint(format!(
                "an investigator cannot have more than his maximum (EH Reference Guide, Health and \
                 Sanity): at most {max}, or raise the maximum"
            )),
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
    fn locate(&self, part: Part) -> (Key, Option<Range<usize>>, String) {
        let ri = self.raw.investigator.clone().unwrap_or_default();
        let skill_index = |s: Skill| Skill::ALL.iter().position(|k| *k == s).unwrap_or(0);
        let span = |v: &Option<toml::Spanned<i64>>| v.as_ref().map(|v| v.span());
        let (health, max_health) = match self.game {
            crate::kernel::Game::Eldritch => (&ri.health, &ri.max_health),
            crate::kernel::Game::Arkham => (&ri.stamina, &ri.max_stamina),
        };
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
            Part::Health
            | Part::MaxHealth
            | Part::Sanity
            | Part::MaxSanity
            | Part::Clues
            | Part::Focus => {
                let (j, v) = match part {
                    Part::Health => (0, health),
                    Part::MaxHealth => (1, max_health),
                    Part::Sanity => (2, &ri.sanity),
                    Part::MaxSanity => (3, &ri.max_sanity),
                    Part::Clues => (4, &ri.clues),
                    _ => (5, &ri.focus),
                };
                ((Section::Values, j, 0), span(v), String::new())
            }
            Part::TestModifier => {
                let test = self.raw.test.as_ref();
                let modifier = test.and_then(|t| span(&t.get_ref().modifier));
                ((Section::Test, 0, 1), modifier, String::new())
            }
            Part::Monster(i, MonsterPart::Toughness) => {
                let entry = self.monster_entries.get(i).copied().unwrap_or(i);
                let m = self.raw.monsters.iter().flatten().nth(entry);
                let at = m
                    .map(|m| m.get_ref())
                    .map(|m| span(&m.toughness).unwrap_or_else(|| m.card.span()));
                ((Section::Monsters, entry, 1), at, String::new())
            }
            Part::Skill(s) => {
                let span = skill_keys(&ri)
                    .into_iter()
                    .find(|(k, _)| *k == s)
                    .and_then(|(_, v)| v.map(|v| v.span()));
                ((Section::Skills, skill_index(s), 0), span, s.to_string())
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
            Part::Location => (
                (Section::Location, 0, 0),
                ri.location.as_ref().map(|l| l.span()),
                String::new(),
            ),
            Part::Monster(i, MonsterPart::HealthTokens) => {
                let entry = self.monster_entries.get(i).copied().unwrap_or(i);
                let span = self
                    .raw
                    .monsters
                    .iter()
                    .flatten()
                    .nth(entry)
                    .and_then(|m| m.get_ref().damage.as_ref().map(|d| d.span()));
                ((Section::Monsters, entry, 1), span, String::new())
            }
            Part::TestSkill | Part::TestDifficulty => {
                let test = self.raw.test.as_ref();
                let (step, span, written) = match part {
                    Part::TestSkill => (
                        0,
                        test.map(|t| t.get_ref().skill.span()),
                        test.map(|t| t.get_ref().skill.get_ref().clone()),
                    ),
                    _ => (2, test.map(|t| t.span()), None),
                };
                ((Section::Test, 0, step), span, written.unwrap_or_default())
            }
            Part::RoundCast(i, _) | Part::RoundWield(i) => {
                let round = self.raw.choices.as_ref().and_then(|c| c.rounds.get(i));
                let (step, span) = match part {
                    Part::RoundCast(_, j) => {
                        (2, self.cast_spans.get(i).and_then(|s| s.get(j)).cloned())
                    }
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
    }
}

/// "lore" → "Lore".
fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
