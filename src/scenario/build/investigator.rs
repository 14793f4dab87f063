//! `[investigator]` → the kernel's `Investigator`: a card's printed values, then every key of the
//! scenario over them. Only references and names are checked here; the values, by `Setup::check`.

use super::{Builder, Section, e};
use crate::defs::{CardKind, Code, Diagnostic, SourceFile, int, int_opt};
use crate::kernel::bounds;
use crate::kernel::{Game, Investigator, Location, Skill};
use crate::scenario::file::RawInvestigator;
use std::ops::Range;
use toml::Spanned;

/// The skill keys of `[investigator]`, in the order of `Skill`.
pub(crate) fn skill_keys(ri: &RawInvestigator) -> [(Skill, Option<&Spanned<i64>>); 9] {
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
        self.values(&ri, &mut inv);
        self.improvements(&ri, &mut inv);
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
        if let Some(sliders) = c.raw.sliders.clone() {
            self.sliders(ri, &sliders, inv);
        }
    }

    /// AH2e: each slider of the card at the stop the scenario names (`sliders`), or at the stop its
    /// skills name, or at [`DEFAULT_STOP`]; a skill value no stop of its slider gives, or a stop the
    /// slider does not have, is refused at its line.
    fn sliders(&mut self, ri: &RawInvestigator, sliders: &Sliders, inv: &mut Investigator) {
        self.at(Section::Skills, 0);
        for (pair, stops) in sliders {
            let Some((a, b)) = slider_skills(pair) else {
                continue;
            };
            let given = |s: Skill| skill_keys(ri).into_iter().find(|(k, _)| *k == s)?.1;
            let stop = if let Some(n) = ri.sliders.get(pair) {
                let at = usize::try_from(*n.get_ref())
                    .ok()
                    .filter(|i| (1..=stops.len()).contains(i));
                if at.is_none() {
                    let d = e(
                        Code::OutOfRange,
                        format!("`{pair} = {}` is not a stop of this slider", n.get_ref()),
                        self.file,
                        n.span(),
                    )
                    .hint(format!(
                        "a stop from 1 to {}: {}",
                        stops.len(),
                        stop_words(stops)
                    ));
                    self.push(d);
                }
                at.map(|i| i - 1)
            } else {
                match (given(a), given(b)) {
                    (None, None) => Some(DEFAULT_STOP.min(stops.len().saturating_sub(1))),
                    (va, vb) => {
                        let fits = |[x, y]: &[Spanned<i64>; 2]| {
                            va.is_none_or(|v| v.get_ref() == x.get_ref())
                                && vb.is_none_or(|v| v.get_ref() == y.get_ref())
                        };
                        let at = stops.iter().position(fits);
                        if at.is_none() {
                            let span = va.or(vb).map(|v| v.span()).unwrap_or_default();
                            let d = e(
                                Code::OutOfRange,
                                format!(
                                    "{} cannot stand at {}: no stop of the {pair} slider gives it",
                                    inv.name,
                                    written(a, va, b, vb)
                                ),
                                self.file,
                                span,
                            )
                            .hint(format!(
                                "the stops of {}/{}: {} (or name one: `sliders = {{ {pair} = 1 }}`)",
                                a.as_str(),
                                b.as_str(),
                                stop_words(stops)
                            ));
                            self.push(d);
                        }
                        at
                    }
                }
            };
            if let Some([x, y]) = stop.and_then(|i| stops.get(i)) {
                inv.skills.insert(a, int(x));
                inv.skills.insert(b, int(y));
            }
        }
        for (pair, n) in &ri.sliders {
            if !sliders.contains_key(pair) {
                let names: Vec<&str> = sliders.keys().map(String::as_str).collect();
                let d = e(
                    Code::UnknownKey,
                    format!("{} has no `{pair}` slider", inv.name),
                    self.file,
                    n.span(),
                )
                .hint(format!("his sliders: {}", names.join(", ")));
                self.push(d);
            }
        }
    }

    /// Health (Stamina), Sanity and the tokens held. The maxima are his own: a value given above
    /// one raises it only as far as the cards he holds do not (`Setup::check` adds them).
    fn values(&mut self, ri: &RawInvestigator, inv: &mut Investigator) {
        let (raise_health, raise_sanity) = inv.possessions.iter().fold((0, 0), |(h, s), id| {
            let raw = &self.set.cards[id].raw;
            (
                h + int_opt(&raw.max_stamina_bonus).unwrap_or(0),
                s + int_opt(&raw.max_sanity_bonus).unwrap_or(0),
            )
        });
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
            inv.max_health = inv.max_health.max(h.saturating_sub(raise_health));
        }
        if let Some(m) = max_health {
            inv.max_health = m;
        }
        if let Some(s) = sanity {
            inv.sanity = s;
            inv.max_sanity = inv.max_sanity.max(s.saturating_sub(raise_sanity));
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

/// A card's printed sliders: each pair of skills (`speed_sneak`) and its stops.
type Sliders = std::collections::BTreeMap<String, Vec<[Spanned<i64>; 2]>>;

/// The stop (from 0) an AH2e investigator's slider stands at when the scenario names neither the stop
/// nor either of its skills: the second of the four (docs/scenario-files.md, Scenarios).
pub const DEFAULT_STOP: usize = 1;

/// The two skills of a slider's name: `speed_sneak` → Speed and Sneak.
pub(crate) fn slider_skills(pair: &str) -> Option<(Skill, Skill)> {
    let (a, b) = pair.split_once('_')?;
    Some((Skill::parse(a)?, Skill::parse(b)?))
}

/// The stops as a player reads them: `1/5, 2/4, 3/3, 4/2`.
fn stop_words(stops: &[[Spanned<i64>; 2]]) -> String {
    let each: Vec<String> = stops
        .iter()
        .map(|[a, b]| format!("{}/{}", a.get_ref(), b.get_ref()))
        .collect();
    each.join(", ")
}

/// The skill values a scenario wrote for a slider: `speed = 3, sneak = 4`.
fn written(a: Skill, va: Option<&Spanned<i64>>, b: Skill, vb: Option<&Spanned<i64>>) -> String {
    let each: Vec<String> = [(a, va), (b, vb)]
        .into_iter()
        .filter_map(|(s, v)| v.map(|v| format!("{} = {}", s.as_str(), v.get_ref())))
        .collect();
    each.join(", ")
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
