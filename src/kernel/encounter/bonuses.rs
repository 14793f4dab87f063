//! The pool's inputs: the printed bonuses of the active cards that apply to the test under way, the
//! bonuses cards gave for the combat, and what on_pool hooks added.

use super::*;

impl Encounter {
    /// The inputs to the pool: the skill, modifier and token, every printed bonus of an active card that
    /// applies to this test, and what on_pool hooks added.
    pub(super) fn pool_input(&self) -> PoolInput {
        let stage = self.table.stage.as_ref().expect("stage is set");
        let skill = stage.spec.skill;
        let mut bonuses = self.printed_bonuses(stage);
        bonuses.extend(self.combat_bonuses(skill, &stage.spec.kind));
        let from = bonuses.len();
        bonuses.extend(stage.bonuses.iter().cloned());
        // A card made magical for this combat (`ctx.combat.make_magical`) gives magical bonuses
        // through its script too.
        for b in &mut bonuses[from..] {
            if self.made_magical(&b.source) {
                b.kind = BonusKind::Magical;
            }
        }
        for b in &mut bonuses {
            if b.excluded.is_none()
                && let Some((_, by)) = stage.blocked.iter().find(|(k, _)| *k == b.kind)
            {
                b.excluded = Some(Exclusion::Blocked {
                    kind: b.kind,
                    by: by.clone(),
                });
            }
        }
        let procedure = self.procedure();
        procedure.filter_bonuses(self, &stage.spec.kind, &mut bonuses);
        PoolInput {
            skill,
            skill_value: self.table.investigator.skill(skill),
            modifier: stage.spec.modifier,
            improvement: procedure.improvement(&self.table.investigator, skill),
            bonuses,
            additional: stage.additional.clone(),
            fewer: stage.fewer.clone(),
        }
    }

    /// The printed bonuses of the active cards that apply to the test of `stage`: of its skill (or of
    /// its kind of check, whatever its skill: "+3 to Combat checks"), held
    /// (AH2e: in a combat, a card that takes hands helps only while held), and cast (a spell only once cast;
    /// otherwise listed as not cast); one of a combat only in combat, one the player may use only when
    /// chosen.
    fn printed_bonuses(&self, stage: &Stage) -> Vec<Bonus> {
        let skill = stage.spec.skill;
        let mut bonuses = Vec::new();
        // Copies met so far of each card: two copies are two possessions, each held or not.
        let mut copies: BTreeMap<&str, usize> = BTreeMap::new();
        for id in self.active_ids() {
            let Some(card) = self.setup.catalog.get(id) else {
                continue;
            };
            let n = copies.entry(id).or_insert(0);
            *n += 1;
            if card.bonuses.is_empty() {
                continue;
            }
            let key = crate::kernel::copy_key(id, *n);
            let held = self
                .table
                .combat
                .as_ref()
                .is_some_and(|c| c.hands.contains(&key));
            let cast = self
                .table
                .combat
                .as_ref()
                .is_some_and(|c| c.cast.contains(&key));
            // A copy a card made magical for this combat (Enchant Weapon).
            let enchanted = self
                .table
                .combat
                .as_ref()
                .is_some_and(|c| c.magical.contains(&key));
            for b in &card.bonuses {
                let to_this_test = match &b.check {
                    Some(kind) => *kind == stage.spec.kind,
                    None => b.skill.is_none_or(|s| s == skill),
                };
                // Hands limit the weapons and spells used in combat (AH RB "Using Weapons and Spells
                // in Combat": "Weapon and Spell Limits"); outside a combat no hand is needed.
                if !to_this_test || (card.hands > 0 && stage.spec.in_combat && !held) {
                    continue;
                }
                let excluded = if card.casting.is_some() && !cast {
                    Some(Exclusion::NotCast)
                } else if b.during == During::Combat && !stage.spec.in_combat {
                    Some(Exclusion::CombatOnly)
                } else if b.may && !stage.taken.iter().any(|t| t == id) {
                    Some(Exclusion::NotChosen)
                } else {
                    None
                };
                bonuses.push(Bonus {
                    source: Source::card(id),
                    value: b.value,
                    kind: if enchanted {
                        BonusKind::Magical
                    } else {
                        card.kind_of(b)
                    },
                    excluded,
                    halved: None,
                });
            }
        }
        bonuses
    }

    /// The bonuses cards gave for the rest of the combat that apply to `skill` (`ctx.combat.bonus`)
    /// or to checks of `kind` (`ctx.combat.check_bonus`): magical when the card is.
    fn combat_bonuses(&self, skill: Skill, kind: &TestKind) -> Vec<Bonus> {
        let Some(combat) = &self.table.combat else {
            return Vec::new();
        };
        let to_skill = combat
            .bonuses
            .iter()
            .filter(|(_, s, _)| s.is_none_or(|s| s == skill))
            .map(|(source, _, value)| (source, value));
        let to_kind = combat
            .check_bonuses
            .iter()
            .filter(|(_, k, _)| k == kind)
            .map(|(source, _, value)| (source, value));
        to_skill
            .chain(to_kind)
            .map(|(source, value)| {
                let magical = source
                    .card_id()
                    .and_then(|id| self.setup.catalog.get(id))
                    .is_some_and(|c| c.magical)
                    || self.made_magical(source);
                Bonus {
                    source: source.clone(),
                    value: *value,
                    kind: if magical {
                        BonusKind::Magical
                    } else {
                        BonusKind::Physical
                    },
                    excluded: None,
                    halved: None,
                }
            })
            .collect()
    }

    /// Whether `source` is a card a card made magical for this combat (any copy of it: a bonus a
    /// script gives names its card, not its copy).
    fn made_magical(&self, source: &Source) -> bool {
        let Some(id) = source.card_id() else {
            return false;
        };
        self.table.combat.as_ref().is_some_and(|c| {
            c.magical
                .iter()
                .any(|k| crate::kernel::split_copy(k).0 == id)
        })
    }
}
