//! The words of the kernel's refusals (`kernel::Refusal`, E0406) and of the kernel limits a card ran
//! into (`kernel::KernelLimit`, E0403): the kernel refuses with typed values, the diagnostics word
//! them here, in one place. Imports kernel types only.

use crate::kernel::{CastRefusal, HANDS, KernelLimit, Refusal, Slot, TESTS_PER_ENCOUNTER};
use crate::limits::{HOOK_CASCADE, STORE_KEYS};

/// A refusal as its diagnostic says it, after "`card` in hook `hook`: ".
pub fn words(r: &Refusal) -> String {
    match r {
        Refusal::NotAStatusOfTheGame { what, fate, game } => format!(
            "{what}(\"{}\"): not a status of {}",
            fate.as_str(),
            game.as_str()
        ),
        Refusal::OnlyInHook { what, hook } => format!("{what} is for {hook}"),
        Refusal::DelayedCannotTakeOut => {
            "replace(\"delayed\"): a status that takes him out cannot become Delayed".into()
        }
        Refusal::KnockOutNotPreventable => {
            "becoming.prevent: a knock-out or defeat at 0 cannot be prevented (replace it, or \
             prevent the loss in on_damage)"
                .into()
        }
        Refusal::StoreFull { key } => {
            format!("card.set(\"{key}\", ...): a card keeps at most {STORE_KEYS} keys")
        }
        Refusal::NoMonster { what } => format!("there is no monster to {what}"),
        Refusal::NoHealthTokens { what } => format!(
            "{what}: an Arkham Horror monster has no Health tokens to lose or recover; it is \
             defeated by one Combat check (or `ctx.monster.defeat()`)"
        ),
        Refusal::TrophyIsArkham => {
            "`ctx.monster.to_trophy` is Arkham Horror's: an Eldritch Horror \
                                    investigator keeps no monster trophies"
                .into()
        }
        Refusal::TrophyNotDefeated => {
            "`ctx.monster.to_trophy`: only a defeated monster is taken as a trophy".into()
        }
        Refusal::CupIsArkham => "`ctx.monster.to_cup` is Arkham Horror's: an Eldritch Horror \
                                 monster goes back to the cup when it is defeated \
                                 (`ctx.monster.defeat()`)"
            .into(),
        Refusal::NoSuchMonsterTest { slot, value } => format!(
            "set_modifier(\"{}\", {value}): the monster has no such test",
            match slot {
                Slot::Will => "horror",
                Slot::Strength => "combat",
            }
        ),
        Refusal::DicePerClueIsEldritch => {
            "`ctx.test.dice_per_clue` is Eldritch Horror's Clue reroll: an Arkham Horror Clue \
             token adds a die, and a card that adds more per token uses \
             `ctx.test.extra_dice_per_clue(n)`"
                .into()
        }
        Refusal::DicePerFocusIsEldritch => {
            "`ctx.test.dice_per_focus` is Eldritch Horror's: Arkham Horror has no Focus tokens"
                .into()
        }
        Refusal::ExtraDicePerClueIsArkham => {
            "`ctx.test.extra_dice_per_clue` is Arkham Horror's: an Eldritch Horror Clue rerolls a \
             die, and a card that rerolls more uses `ctx.test.dice_per_clue(n)`"
                .into()
        }
        Refusal::AutomaticResultTooLate { passed, hook } => format!(
            "`ctx.test.{}` is for before_test or on_pool: in {hook} the dice are rolled",
            if *passed { "auto_pass" } else { "auto_fail" }
        ),
        Refusal::Cast(c) => format!("`ctx.card.cast`: {}", cast_words(*c)),
        Refusal::CannotSpend { n, stat, held } => {
            format!("cannot spend {n} {} with {held} held", stat.as_str())
        }
        Refusal::CastingCostUnpaid(r) => format!("cannot pay the casting cost: {}", words(r)),
        Refusal::NeedsCombat { what } => format!("{what} needs a combat under way"),
        Refusal::CheckBonusIsArkham => "`ctx.combat.check_bonus` is Arkham Horror's: an Eldritch \
                                        Horror bonus is to a skill, `ctx.combat.bonus(skill, n)`"
            .into(),
        Refusal::ForbidClueRerollsIsEldritch => {
            "`ctx.combat.forbid_clue_rerolls` is Eldritch Horror's: an Arkham Horror Clue token \
             adds a die, it rerolls none"
                .into()
        }
        Refusal::MakeMagicalIsArkham => "`ctx.combat.make_magical` is Arkham Horror's: an \
                                         Eldritch Horror bonus has no physical or magical kind"
            .into(),
        Refusal::MakeMagicalNotHeld { id } => format!(
            "`ctx.combat.make_magical(\"{id}\")`: the investigator has no copy of it that is not \
             magical already (a card of `ctx.investigator.possessions`)"
        ),
        Refusal::SuccessFromNotAFace { face } => {
            format!("`ctx.test.success_from({face})`: a face is 1 to 6")
        }
        Refusal::NeedsTest { what } => format!("`ctx.test.{what}` needs a test under way"),
        Refusal::NoSuchDie { die, rolled } => format!(
            "reroll({die}): there is no die {die} (dice are numbered from 0; {rolled} rolled)"
        ),
        Refusal::NoSuchDieOrFace { die, face } => {
            format!("`ctx.test.set_face({die}, {face})`: no such die or face")
        }
        Refusal::PoolClosed { what, hook } => format!(
            "{what} changes a dice pool: it is for on_pool or before_test, and in {hook} no pool \
             is being assembled"
        ),
        Refusal::NoSuchDeck { deck, game } => {
            let decks: Vec<&str> = crate::kernel::Deck::ALL
                .iter()
                .filter(|d| d.in_game(*game))
                .map(|d| d.as_str())
                .collect();
            format!(
                "`ctx.investigator.draw(\"{}\", ..)`: {} has no such deck (its decks: {})",
                deck.as_str(),
                game.as_str(),
                decks.join(", ")
            )
        }
        Refusal::NoSuchSpaceMonster { m, monsters } => format!(
            "`ctx.space.lose({m}, ..)`: the space has {monsters} monster(s), numbered from 0"
        ),
        Refusal::NoAction { hook } => format!(
            "its script defines no `{hook}`: the engine plays no Action of this card (its notes \
             say what it waits for)"
        ),
        Refusal::SuccessesBeforeTheRoll { hook } => format!(
            "`ctx.test.add_successes` adds to a test's result once its dice are on the table: in \
             after_roll, after_reroll or after_tokens, not in {hook}"
        ),
        Refusal::CountingFinal { hook } => format!(
            "how faces count is set by `after_roll` at the latest: in {hook} the counting rules \
             of the test are final"
        ),
        Refusal::NoSuchCondition { id } => {
            format!("`ctx.investigator.gain_condition(\"{id}\")`: no such card")
        }
        Refusal::NoConditionOfTrait { trait_, traits } => format!(
            "`ctx.investigator.gain_condition_by_trait(\"{trait_}\")`: no Condition of the cards \
             loaded has that trait (their traits: {})",
            if traits.is_empty() {
                "none".to_string()
            } else {
                traits.join(", ")
            }
        ),
        Refusal::NoImprovementTokens { skill } => format!(
            "`ctx.investigator.improve(\"{}\", ..)`: improvement tokens are Eldritch Horror's, on \
             its five skills",
            skill.as_str()
        ),
        Refusal::NewLossFromOnDamage => "a new loss cannot be caused from on_damage".into(),
        Refusal::Unrated => "its rating for this check is printed −X and no card gave X before \
                             the check's dice (`ctx.monster.set_modifier` in `before_test` or \
                             `on_pool`)"
            .into(),
        Refusal::NoCheckpointToResume => {
            "this game's combat takes no checkpoint there to resume from".into()
        }
        Refusal::NoCombatRating => "a monster needs a combat rating to be fought".into(),
        Refusal::RoundCastNotASpell => "only a spell can be cast".into(),
        Refusal::RoundCastSpecial => "its casting modifier is printed Special (its text gives \
                                      it): its script casts it, `ctx.card.cast(modifier)`, not a \
                                      round's `cast`"
            .into(),
        Refusal::TooManyHands { round, hands } => format!(
            "round {round}: the cards in hand need {hands} hands; an investigator has {HANDS}"
        ),
    }
}

fn cast_words(c: CastRefusal) -> String {
    match c {
        CastRefusal::IsArkham => {
            "Arkham Horror's: an Eldritch Horror Spell's test is `ctx.investigator.test`".into()
        }
        CastRefusal::NotASpell => "only a spell that prints a casting modifier or a Sanity cost \
                                   (`casting_modifier`, `sanity_cost`) can be cast"
            .into(),
        CastRefusal::ModifierPrinted { printed } => {
            format!("its casting modifier is printed ({printed:+}): `cast()` casts with it")
        }
        CastRefusal::ModifierSpecial => "its casting modifier is printed Special: the card's text \
                                         gives it, `ctx.card.cast(modifier)`"
            .into(),
        CastRefusal::Exhausted => {
            "it is exhausted, and an exhausted spell is not cast until it refreshes".into()
        }
    }
}

/// A kernel limit as its diagnostic says it, after "`card` in hook `hook`: ".
pub fn limit_words(l: KernelLimit) -> String {
    match l {
        KernelLimit::HookCascade => format!(
            "hooks fired by effects of hooks went {HOOK_CASCADE} deep (an effect of this hook \
             fires it again?)"
        ),
        KernelLimit::Tests { cast } => format!(
            "{} {TESTS_PER_ENCOUNTER} tests that cards may ask for in one encounter",
            if cast {
                "cast a spell beyond the"
            } else {
                "asked for a test beyond the"
            }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{Fate, Game, Hook, Skill, Stat};

    /// A refusal's words name the method refused and the values it was given, read from the typed
    /// refusal (the kernel builds no sentence).
    #[test]
    fn a_refusal_is_worded_from_its_values() {
        assert_eq!(
            words(&Refusal::NoSuchDie { die: 7, rolled: 3 }),
            "reroll(7): there is no die 7 (dice are numbered from 0; 3 rolled)"
        );
        assert_eq!(
            words(&Refusal::NotAStatusOfTheGame {
                what: "set_status",
                fate: Fate::Delayed,
                game: Game::Arkham,
            }),
            format!(
                "set_status(\"{}\"): not a status of arkham",
                Fate::Delayed.as_str()
            )
        );
        assert_eq!(
            words(&Refusal::CastingCostUnpaid(Box::new(
                Refusal::CannotSpend {
                    n: 2,
                    stat: Stat::Sanity,
                    held: 1,
                }
            ))),
            "cannot pay the casting cost: cannot spend 2 sanity with 1 held"
        );
        assert_eq!(
            words(&Refusal::OnlyInHook {
                what: "becoming.replace",
                hook: Hook::OnStatus,
            }),
            "becoming.replace is for on_status"
        );
        assert!(words(&Refusal::NoImprovementTokens { skill: Skill::Luck }).contains("\"luck\""));
    }

    /// A limit's words give the limit's value from the one table of limits.
    #[test]
    fn a_kernel_limit_is_worded_with_its_value() {
        assert!(
            limit_words(KernelLimit::HookCascade).contains(&format!("went {HOOK_CASCADE} deep"))
        );
        assert_eq!(
            limit_words(KernelLimit::Tests { cast: true }),
            format!(
                "cast a spell beyond the {TESTS_PER_ENCOUNTER} tests that cards may ask for in one encounter"
            )
        );
    }
}
