//! Dice pool assembly: skill, modifier, token, bonuses, additional and fewer dice. Which bonuses count
//! is the game's rule (EH: the single highest; AH2e: all, within two hands), passed in as `BonusRule`.

use super::{BonusKind, Event, Exclusion, PartKind, Skill, Source};

/// One bonus offered to this test.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Bonus {
    pub source: Source,
    pub value: i32,
    pub kind: BonusKind,
    /// Why it cannot apply, if it cannot (blocked by a resistance, optional and not chosen).
    pub excluded: Option<Exclusion>,
    /// AH2e: the monster (by id) whose Physical or Magical Resistance (of this bonus's kind) halves
    /// it, rounded up.
    pub halved: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BonusRule {
    /// Eldritch Horror: only the single highest bonus applies.
    SingleHighest,
    /// Arkham Horror: every bonus applies.
    Sum,
}

/// The assembled pool, with the transcript lines that explain it.
#[derive(Debug, Clone, PartialEq)]
pub struct Pool {
    /// The sum of every part (may be 0 or negative).
    pub total: i32,
    pub events: Vec<Event>,
}

/// Inputs to one pool.
#[derive(Debug, Clone)]
pub struct PoolInput {
    pub skill: Skill,
    pub skill_value: i32,
    pub modifier: i32,
    pub improvement: i32,
    pub bonuses: Vec<Bonus>,
    pub additional: Vec<(Source, i32)>,
    pub fewer: Vec<(Source, i32)>,
}

/// The pool with the transcript lines that explain it.
#[cfg(test)]
pub fn assemble_pool(input: &PoolInput, rule: BonusRule) -> Pool {
    assemble(input, rule, true)
}

/// The pool; its transcript lines only if `record` (the total is the same either way).
pub fn assemble(input: &PoolInput, rule: BonusRule, record: bool) -> Pool {
    let mut pool = Builder {
        record,
        events: Vec::new(),
        total: 0,
    };
    pool.add(
        PartKind::Skill,
        &Source::Skill(input.skill),
        input.skill_value,
    );
    if input.modifier != 0 {
        pool.add(PartKind::Modifier, &Source::Modifier, input.modifier);
    }
    if input.improvement != 0 {
        pool.add(
            PartKind::Improvement,
            &Source::Improvement,
            input.improvement,
        );
    }
    let (usable, excluded): (Vec<&Bonus>, Vec<&Bonus>) =
        input.bonuses.iter().partition(|b| b.excluded.is_none());
    for b in excluded {
        if let Some(reason) = &b.excluded {
            pool.ignore(b, reason);
        }
    }
    match rule {
        BonusRule::SingleHighest => pool.single_highest(&usable),
        BonusRule::Sum => pool.sum(&usable),
    }
    for (source, n) in &input.additional {
        pool.add(PartKind::AdditionalDice, source, *n);
    }
    for (source, n) in &input.fewer {
        emit!(
            pool,
            Event::PoolPart {
                part: PartKind::FewerDice,
                source: source.clone(),
                amount: n.saturating_neg(),
            }
        );
        pool.total = pool.total.saturating_sub(*n);
    }
    Pool {
        total: pool.total,
        events: pool.events,
    }
}

/// A pool being assembled: its total so far and, if `record`, the lines that explain it (with the
/// encounter's `emit!` shape: no line is built when none is kept).
struct Builder {
    record: bool,
    events: Vec<Event>,
    total: i32,
}

impl Builder {
    /// A part of the pool: listed, and added to the total.
    fn add(&mut self, part: PartKind, source: &Source, amount: i32) {
        emit!(
            self,
            Event::PoolPart {
                part,
                source: source.clone(),
                amount,
            }
        );
        self.total = self.total.saturating_add(amount);
    }

    /// A bonus that adds nothing, listed with why.
    fn ignore(&mut self, b: &Bonus, reason: &Exclusion) {
        emit!(
            self,
            Event::BonusIgnored {
                source: b.source.clone(),
                amount: b.value,
                reason: reason.clone(),
            }
        );
    }

    /// Eldritch Horror: only the single highest bonus applies; the others are listed as ignored.
    fn single_highest(&mut self, usable: &[&Bonus]) {
        // The first of equal bonuses is the one used, so the choice is stable and listed order wins.
        let best = usable
            .iter()
            .enumerate()
            .max_by(|(ia, a), (ib, b)| a.value.cmp(&b.value).then(ib.cmp(ia)))
            .map(|(i, _)| i);
        for (i, b) in usable.iter().enumerate() {
            if Some(i) == best && b.value > 0 {
                self.add(PartKind::Bonus, &b.source, b.value);
            } else {
                let used = best.map(|j| usable[j]);
                let reason = match used {
                    Some(u) if u.value > 0 && !std::ptr::eq(u, *b) => Exclusion::NotHighest {
                        used: u.source.clone(),
                        value: u.value,
                    },
                    _ => Exclusion::Nothing,
                };
                self.ignore(b, &reason);
            }
        }
    }

    /// Arkham Horror: every bonus applies, halved (rounded up) by a monster's resistance to its kind.
    fn sum(&mut self, usable: &[&Bonus]) {
        for b in usable {
            let value = match &b.halved {
                Some(monster) => {
                    let half = b.value.saturating_add(1).div_euclid(2);
                    emit!(
                        self,
                        Event::BonusHalved {
                            source: b.source.clone(),
                            from: b.value,
                            to: half,
                            kind: b.kind,
                            monster: monster.clone(),
                        }
                    );
                    half
                }
                None => b.value,
            };
            self.add(PartKind::Bonus, &b.source, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bonus(source: &str, value: i32) -> Bonus {
        Bonus {
            source: Source::card(source),
            value,
            kind: BonusKind::Physical,
            excluded: None,
            halved: None,
        }
    }

    #[test]
    fn arkham_resistance_halves_a_bonus_rounding_up() {
        let mut six = bonus("six", 6);
        six.halved = Some("resisting_monster".into());
        let mut three = bonus("three", 3);
        three.halved = Some("resisting_monster".into());
        let pool = assemble_pool(&input(vec![six, three]), BonusRule::Sum);
        assert_eq!(pool.total, 3 - 1 + 1 + 3 + 2 + 1 + 1 - 1);
    }

    fn input(bonuses: Vec<Bonus>) -> PoolInput {
        PoolInput {
            skill: Skill::Strength,
            skill_value: 3,
            modifier: -1,
            improvement: 1,
            bonuses,
            additional: vec![(Source::card("a"), 1), (Source::card("b"), 1)],
            fewer: vec![(Source::card("c"), 1)],
        }
    }

    #[test]
    fn eldritch_uses_only_the_single_highest_bonus() {
        let pool = assemble_pool(
            &input(vec![bonus("x", 2), bonus("y", 4), bonus("z", 3)]),
            BonusRule::SingleHighest,
        );
        // 3 - 1 + 1 + 4 + 1 + 1 - 1
        assert_eq!(pool.total, 8);
        let ignored: Vec<_> = pool
            .events
            .iter()
            .filter_map(|e| match e {
                Event::BonusIgnored { source, .. } => source.card_id(),
                _ => None,
            })
            .collect();
        assert_eq!(ignored, ["x", "z"]);
    }

    #[test]
    fn additional_dice_stack_and_fewer_dice_subtract() {
        let pool = assemble_pool(&input(vec![]), BonusRule::SingleHighest);
        assert_eq!(pool.total, 3 - 1 + 1 + 1 + 1 - 1);
    }

    #[test]
    fn an_excluded_bonus_is_listed_with_its_reason_and_not_counted() {
        let mut blocked = bonus("blade", 5);
        blocked.excluded = Some(Exclusion::Blocked {
            kind: BonusKind::Magical,
            by: Source::card("blocking_monster"),
        });
        let pool = assemble_pool(
            &input(vec![blocked, bonus("gun", 2)]),
            BonusRule::SingleHighest,
        );
        assert_eq!(pool.total, 3 - 1 + 1 + 2 + 1 + 1 - 1);
        assert!(pool.events.contains(&Event::BonusIgnored {
            source: Source::card("blade"),
            amount: 5,
            reason: Exclusion::Blocked {
                kind: BonusKind::Magical,
                by: Source::card("blocking_monster"),
            },
        }));
    }

    #[test]
    fn arkham_adds_every_bonus() {
        let pool = assemble_pool(&input(vec![bonus("x", 2), bonus("y", 4)]), BonusRule::Sum);
        assert_eq!(pool.total, 3 - 1 + 1 + 6 + 1 + 1 - 1);
    }

    #[test]
    fn the_pool_may_total_below_one_here_the_game_decides_what_that_means() {
        let mut i = input(vec![]);
        i.modifier = -9;
        assert!(assemble_pool(&i, BonusRule::SingleHighest).total < 1);
    }

    #[test]
    fn a_pool_of_extreme_parts_saturates_instead_of_wrapping() {
        // Scripts can add any number of dice: the sum stops at the ends of `i32`, never wraps to the
        // other sign (a debug build would panic on overflow, a release build would wrap).
        let mut huge = input(vec![bonus("b", i32::MAX), bonus("c", i32::MAX)]);
        huge.skill_value = i32::MAX;
        huge.modifier = i32::MAX;
        huge.additional = vec![(Source::card("a"), i32::MAX)];
        huge.fewer = Vec::new();
        for rule in [BonusRule::SingleHighest, BonusRule::Sum] {
            assert_eq!(assemble_pool(&huge, rule).total, i32::MAX);
        }
        let mut tiny = input(vec![]);
        tiny.skill_value = i32::MIN;
        tiny.modifier = i32::MIN;
        tiny.additional = Vec::new();
        tiny.fewer = vec![(Source::card("f"), i32::MAX)];
        assert_eq!(assemble_pool(&tiny, BonusRule::Sum).total, i32::MIN);
    }
}
