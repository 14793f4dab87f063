//! What happens: `[test]` → the test asked for, or `[[monsters]]` → the monsters of a combat, in the
//! order `choices.order` gives among Normal ones.

use super::{Builder, Section, e};
use crate::defs::Code;
use crate::defs::{CardKind, int};
use crate::kernel::bounds;
use crate::kernel::{Game, Monster, Skill, TestRequest, TestSpec};
use std::collections::BTreeMap;
use std::sync::Arc;
use toml::Spanned;

impl Builder<'_> {
    /// The test or combat; `None` when the file asks for neither or both (reported).
    pub(super) fn request(&mut self) -> Option<TestRequest> {
        self.at(Section::Test, 0);
        let raw = self.raw;
        if let Some(r) = &raw.reckoning {
            // EH's Mythos Phase: nothing else of the scenario is played with it.
            if raw.test.is_some() || raw.monsters.is_some() || raw.action.is_some() {
                let d = e(
                    Code::Request,
                    "a scenario with `[reckoning]` has no `[test]`, `[[monsters]]` or `[action]`",
                    self.file,
                    r.span(),
                )
                .hint("the Reckoning is played alone: each card he holds with a RECKONING effect resolves it");
                self.push(d);
                return None;
            }
            if self.game != Game::Eldritch {
                let d = e(
                    Code::Request,
                    "`[reckoning]` is Eldritch Horror's (the Mythos Phase's Reckoning effects)",
                    self.file,
                    r.span(),
                )
                .hint("an Arkham Horror scenario has `[test]`, `[[monsters]]` or `[action]`");
                self.push(d);
                return None;
            }
            return Some(TestRequest::Reckoning);
        }
        if let Some(u) = &raw.upkeep
            && self.game != Game::Arkham
        {
            let d = e(
                Code::Request,
                "`[upkeep]` is Arkham Horror's (the Upkeep Phase's \"Upkeep:\" effects)",
                self.file,
                u.span(),
            )
            .hint("an Eldritch Horror scenario has no Upkeep Phase: remove `[upkeep]`");
            self.push(d);
            return None;
        }
        if let Some(a) = &raw.action {
            // `[[monsters]]` with `[action]` are the monsters on the investigator's space: the
            // Action is taken first, then their Combat Encounters.
            if raw.test.is_some() {
                let d = e(
                    Code::Request,
                    "a scenario has `[action]` or `[test]`, not both",
                    self.file,
                    a.span(),
                )
                .hint("an Action is taken outside any combat: its card's script asks its test");
                self.push(d);
                return None;
            }
            let written = a.get_ref().card.get_ref();
            let span = a.get_ref().card.span();
            let Some(id) = self.resolve(written).map(|c| c.id.clone()) else {
                let d = self.unknown(written, span);
                self.push(d);
                return None;
            };
            return Some(TestRequest::Action(crate::kernel::ActionSpec { card: id }));
        }
        match (&raw.test, &raw.monsters) {
            (Some(t), None) => {
                let tr = t.get_ref();
                let skill = match Skill::parse(tr.skill.get_ref()) {
                    Some(s) => s,
                    None => {
                        let d = not_a_skill(self, tr.skill.get_ref(), tr.skill.span());
                        self.push(d);
                        Skill::Will
                    }
                };
                let mut spec = match &tr.kind {
                    Some(k) => TestSpec::new(skill, k.clone()),
                    None => TestSpec::new(skill, "test"),
                };
                spec.modifier = self.number_opt(&tr.modifier, bounds::MODIFIER).unwrap_or(0);
                spec.difficulty = self
                    .number_opt(&tr.difficulty, bounds::DIFFICULTY)
                    .map_or(1, |d| d.unsigned_abs());
                Some(TestRequest::Test(spec))
            }
            (None, Some(_)) => Some(TestRequest::Combat),
            (Some(t), Some(_)) => {
                let d = e(
                    Code::Request,
                    "a scenario has `[test]` or `[[monsters]]`, not both",
                    self.file,
                    t.span(),
                );
                self.push(d);
                None
            }
            (None, None) => {
                let d = e(
                    Code::Request,
                    "nothing happens: the scenario needs `[test]`, `[[monsters]]`, `[action]` or `[reckoning]`",
                    self.file,
                    raw.game.span(),
                )
                .hint("add `[test]` with `skill = \"...\"`");
                self.push(d);
                None
            }
        }
    }

    /// `[action]`'s card must be one the investigator holds (a possession or a Condition): E0105,
    /// with what he holds as the hint.
    pub(super) fn action_card_held(
        &mut self,
        request: &Option<TestRequest>,
        inv: &crate::kernel::Investigator,
    ) {
        let (Some(TestRequest::Action(spec)), Some(a)) = (request, &self.raw.action) else {
            return;
        };
        self.at(Section::Test, 0);
        let held = inv
            .possessions
            .iter()
            .chain(&inv.conditions)
            .any(|c| *c == spec.card);
        if held {
            return;
        }
        let all: Vec<&str> = inv
            .possessions
            .iter()
            .chain(&inv.conditions)
            .map(String::as_str)
            .collect();
        let d = e(
            Code::OutOfRange,
            format!(
                "`{}` is not a card the investigator holds: he takes the Action of a possession or \
                 Condition of his",
                spec.card
            ),
            self.file,
            a.get_ref().card.span(),
        )
        .hint(if all.is_empty() {
            "add it to `[investigator] possessions` (or `conditions`)".to_string()
        } else {
            format!("he holds: {}", all.join(", "))
        });
        self.push(d);
    }

    /// The monsters of `[[monsters]]`, with their overrides, in the order the player meets them.
    pub(super) fn monsters(&mut self) -> Vec<Arc<Monster>> {
        let raw = self.raw;
        let investigators = self.investigators;
        let mut monsters = Vec::new();
        for (i, entry) in raw.monsters.iter().flatten().enumerate() {
            self.at(Section::Monsters, i);
            let en = entry.get_ref();
            let Some(id) = self.card_ref(&en.card) else {
                continue;
            };
            if self.set.cards[&id].kind != CardKind::Monster {
                let d = e(
                    Code::WrongKind,
                    format!("`{id}` is not a monster"),
                    self.file,
                    en.card.span(),
                )
                .hint("`[[monsters]]` takes monster cards");
                self.push(d);
                continue;
            }
            if self.game == Game::Arkham {
                // `damage` (Health tokens) and `ambush` are Eldritch Horror keys.
                let eh_keys = [
                    ("damage", en.damage.as_ref().map(Spanned::span)),
                    ("ambush", en.ambush.as_ref().map(Spanned::span)),
                ];
                let mut refused = false;
                for (key, span) in eh_keys {
                    if let Some(span) = span {
                        refused = true;
                        let d = e(
                            Code::OtherGame,
                            format!("`{key}` is an Eldritch Horror key: an AH2e monster has none"),
                            self.file,
                            span,
                        )
                        .label("not a key of this game")
                        .hint(format!(
                            "remove `{key}` (AH2e monsters have no Health tokens and no ambush value)"
                        ));
                        self.push(d);
                    }
                }
                if refused {
                    continue;
                }
            }
            let mut m = self.set.cards[&id].monster(investigators);
            if let Some(t) = self.number_opt(&en.toughness, bounds::TOUGHNESS) {
                m.toughness = t;
            }
            if let Some(epic) = en.epic {
                m.epic = epic;
            }
            if let Some(d) = &en.damage {
                // The file's `damage` is the Health tokens on it.
                m.health_tokens = int(d);
            }
            m.ambush = en.ambush.as_ref().is_some_and(|a| *a.get_ref());
            monsters.push((i, Arc::new(m)));
        }
        self.order(&mut monsters);
        self.monster_entries = monsters.iter().map(|(i, _)| *i).collect();
        monsters.into_iter().map(|(_, m)| m).collect()
    }

    /// `choices.order`: ids giving the order among the monsters (default: as listed).
    fn order(&mut self, monsters: &mut [(usize, Arc<Monster>)]) {
        let Some(choices) = &self.raw.choices.as_ref() else {
            return;
        };
        let mut rank = BTreeMap::new();
        for (i, o) in choices.order.iter().enumerate() {
            self.at(Section::Order, i);
            match self
                .resolve(o.get_ref())
                .filter(|c| monsters.iter().any(|(_, m)| *m.id == *c.id))
            {
                Some(c) => {
                    rank.entry(c.id.clone()).or_insert(i);
                }
                None => {
                    let here: Vec<&str> = monsters.iter().map(|(_, m)| m.id.as_ref()).collect();
                    let d = e(
                        Code::UnknownCard,
                        format!(
                            "`{}` in `order` is not a monster of this scenario",
                            o.get_ref()
                        ),
                        self.file,
                        o.span(),
                    )
                    .hint(format!("monsters here: {}", here.join(", ")));
                    self.push(d);
                }
            }
        }
        monsters.sort_by_key(|(_, m)| rank.get(&*m.id).copied().unwrap_or(usize::MAX));
    }
}

/// E0105: a test of a skill the game does not have (`written` as the file writes it).
pub(super) fn not_a_skill(
    b: &Builder<'_>,
    written: &str,
    span: std::ops::Range<usize>,
) -> crate::defs::Diagnostic {
    e(
        Code::OutOfRange,
        format!("`{written}` is not a skill of {}", b.game.as_str()),
        b.file,
        span,
    )
    .hint(
        b.game
            .skills()
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(", "),
    )
}
