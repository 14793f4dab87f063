//! `[investigator]` → the kernel's `Investigator`: a card's printed values, then every key of the
//! scenario over them. Only references and names are checked here; the values, by `Setup::check`.

use super::{Builder, Section, e};
use crate::defs::{CardKind, Code, Diagnostic, SourceFile, int};
use crate::kernel::bounds;
use crate::kernel::{Game, Investigator, Location, Skill};
use crate::scenario::file::RawInvestigator;
use std::ops::Range;
use toml::Spanned;

/// The skill keys of `[investigator]`, in the order of `Skill`.
pub(super) fn skill_keys(ri: &RawInvestigator) -> [(Skill, Option<&Spanned<i64>>); 9] {
    [
        (Skill::Lore, ri.lore.as_ref()),
        (Skill::Influence, ri.influence.as_ref()),
        (Skill::Observation, ri.observation.as_ref()),
        (Skill::Strength, ri.strength.as_ref()),
        (Skill::Will, ri.will.as_ref()),
        (Skill::Speed, ri.speed.as_ref()),
        (Skill::Sneak, ri.sneak.as_ref()),
        (Skill::Fight, ri.fight.as_ref()),
        (Skill::Luck, ri.luck.as_ref()),
    ]
}

impl Builder<'_> {
    pub(super) fn investigator(&mut self) -> Investigator {
        let ri = self.raw.investigator.clone().unwrap_or_default();
        let mut inv = Investigator::new(self.game);
        self.at(Section::InvestigatorCard, 0);
        self.printed_values(&ri, &mut inv);
        if let Some(n) = &ri.name {
            inv.name = n.clone();
        }
        for (j, (skill, value)) in skill_keys(&ri).into_iter().enumerate() {
            self.at(Section::Skills, j);
            if let Some(v) = value.and_then(|v| self.number(v, bounds::SKILL)) {
                inv.skills.insert(skill, v);
            }
        }
        self.values(&ri, &mut inv);
        self.improvements(&ri, &mut inv);
        for (j, p) in ri.possessions.iter().enumerate() {
            self.at(Section::Possessions, j);
            if let Some(id) = self.card_ref(p) {
                // EH: an investigator cannot hold two Spells of one name (EH Reference Guide,
                // Spells, as issue 36 cites it): a second copy is refused where it is written
                // (AH2e: two copies of one card are two possessions).
                let spell = self
                    .set
                    .cards
                    .get(&id)
                    .is_some_and(|c| c.kind == CardKind::Spell);
                if self.game == Game::Eldritch && spell && inv.possessions.contains(&id) {
                    let d = e(
                        Code::OutOfRange,
                        format!("a second copy of the Spell `{id}`"),
                        self.file,
                        p.span(),
                    )
                    .hint(
                        "an Eldritch Horror investigator cannot hold two Spells of one name \
                         (EH Reference Guide, Spells); list it once",
                    );
                    self.push(d);
                    continue;
                }
                inv.possessions.push(id);
            }
        }
        for (j, c) in ri.conditions.iter().enumerate() {
            self.at(Section::Conditions, j);
            if let Some(id) = self.card_ref(c) {
                inv.conditions.push(id);
            }
        }
        if let Some(loc) = &ri.location {
            // The file's word → the kernel's location; one that is a location but not a start is
            // the kernel's problem (`Setup::check`).
            inv.location = Location::parse(loc.get_ref());
            if inv.location.is_none() && self.game == Game::Arkham {
                self.at(Section::Location, 0);
                self.push(not_a_start(loc.get_ref(), self.file, loc.span()));
            }
        }
        inv
    }

    /// The printed values of the investigator card the scenario starts from, if any.
    fn printed_values(&mut self, ri: &RawInvestigator, inv: &mut Investigator) {
        let Some(card) = &ri.card else { return };
        let Some(id) = self.card_ref(card) else {
            return;
        };
        if self.set.cards[&id].kind != CardKind::Investigator {
            let d = e(
                Code::WrongKind,
                format!("`{id}` is not an investigator"),
                self.file,
                card.span(),
            )
            .hint("name an investigator card here, or list this card in `possessions`");
            self.push(d);
        }
        let c = &self.set.cards[&id];
        inv.name = c.name.clone();
        inv.card = Some(id.clone());
        for (k, v) in &c.skills {
            inv.skills.insert(*k, *v);
        }
        if let Some(h) = c.health {
            inv.health = h;
            inv.max_health = h;
        }
        if let Some(s) = c.sanity {
            inv.sanity = s;
            inv.max_sanity = s;
        }
    }

    /// Health (Stamina), Sanity and the tokens held.
    fn values(&mut self, ri: &RawInvestigator, inv: &mut Investigator) {
        self.at(Section::Values, 0);
        let (health, max_health) = match self.game {
            Game::Eldritch => (&ri.health, &ri.max_health),
            Game::Arkham => (&ri.stamina, &ri.max_stamina),
        };
        let health = self.number_opt(health, bounds::HEALTH);
        let max_health = self.number_opt(max_health, bounds::HEALTH);
        let sanity = self.number_opt(&ri.sanity, bounds::SANITY);
        let max_sanity = self.number_opt(&ri.max_sanity, bounds::SANITY);
        let clues = self.number_opt(&ri.clues, bounds::TOKENS);
        let focus = self.number_opt(&ri.focus, bounds::TOKENS);
        if let Some(h) = health {
            inv.health = h;
            inv.max_health = inv.max_health.max(h);
        }
        if let Some(m) = max_health {
            inv.max_health = m;
        }
        if let Some(s) = sanity {
            inv.sanity = s;
            inv.max_sanity = inv.max_sanity.max(s);
        }
        if let Some(m) = max_sanity {
            inv.max_sanity = m;
        }
        inv.clues = clues.unwrap_or(0);
        inv.focus = focus.unwrap_or(0);
    }

    /// Improvement and impairment tokens: the file names the skill, the kernel checks the token.
    fn improvements(&mut self, ri: &RawInvestigator, inv: &mut Investigator) {
        for (j, (k, v)) in ri.improvements.iter().enumerate() {
            self.at(Section::Improvements, j);
            match Skill::parse(k) {
                Some(s) => {
                    inv.improvements.insert(s, int(v));
                }
                None => {
                    let d = no_improvement(k, self.file, v.span());
                    self.push(d);
                }
            }
        }
    }
}

/// E0106: a key of `improvements` that names no skill of Eldritch Horror.
pub(super) fn no_improvement(
    k: &str,
    file: &crate::defs::SourceFile,
    span: std::ops::Range<usize>,
) -> crate::defs::Diagnostic {
    e(
        Code::OtherGame,
        format!("`{k}` cannot hold an improvement token"),
        file,
        span,
    )
    .hint(
        "improvements are Eldritch Horror tokens on lore, influence, observation, strength or will",
    )
}

/// `location` names no starting location (the file's word, or a location the kernel refuses).
pub(super) fn not_a_start(written: &str, file: &SourceFile, span: Range<usize>) -> Diagnostic {
    e(
        Code::OutOfRange,
        format!("`{written}` is not a starting location"),
        file,
        span,
    )
    .hint("`arkham` or `other_world`")
}
