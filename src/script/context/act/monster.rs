//! The methods of `ctx.monster` and `ctx.combat`: changing the monster met and the combat under way
//! (registered by `act/mod.rs`, whose `act!` macro they use).

use super::*;
use crate::kernel::{Keyword, Lost, TestKind};

/// The methods of `ctx.monster`.
pub(super) fn monster(e: &mut Engine) {
    act!(e, Monster, "defeat", |c| {
        c.push(Effect::DefeatMonster);
        Ok(())
    });
    act!(e, Monster, "lose", |c, n: INT| {
        c.push(Effect::MonsterLose(count(n, "lose")?));
        Ok(())
    });
    act!(e, Monster, "recover", |c, n: INT| {
        c.push(Effect::MonsterRecover(count(n, "recover")?));
        Ok(())
    });
    act!(e, Monster, "reduce_damage", |c, n: INT, min: INT| {
        let by = count(n, "reduce_damage")?;
        let min = count(min, "reduce_damage")?;
        c.push(Effect::ReduceDamage { by, min });
        Ok(())
    });
    act!(e, Monster, "reduce_horror", |c, n: INT, min: INT| {
        let by = count(n, "reduce_horror")?;
        let min = count(min, "reduce_horror")?;
        c.push(Effect::ReduceHorror { by, min });
        Ok(())
    });
    act!(e, Monster, "reduce_toughness", |c, n: INT, min: INT| {
        let by = count(n, "reduce_toughness")?;
        let min = count(min, "reduce_toughness")?;
        c.push(Effect::ReduceToughness { by, min });
        Ok(())
    });
    act!(e, Monster, "raise_toughness", |c, n: INT| {
        let by = count(n, "raise_toughness")?;
        c.push(Effect::ReduceToughness {
            by: -by,
            min: i32::MIN,
        });
        Ok(())
    });
    act!(e, Monster, "set_modifier", |c, which: &str, value: INT| {
        let slot = match which {
            "horror" => Slot::Will,
            "combat" => Slot::Strength,
            _ => {
                return err(format!(
                    "set_modifier(\"{which}\", {value}): \"horror\" or \"combat\""
                ));
            }
        };
        let value = modifier(value, || format!("set_modifier(\"{which}\", {value})"))?;
        c.push(Effect::SetModifier { slot, value });
        Ok(())
    });
    act!(e, Monster, "lose_ability", |c, word: &str| {
        let Some(ability) = Lost::parse(word) else {
            return err(format!(
                "lose_ability(\"{word}\"): one of {}",
                Lost::names().collect::<Vec<_>>().join(", ")
            ));
        };
        c.push(Effect::LoseAbility(ability));
        Ok(())
    });
    act!(e, Monster, "gain_ability", |c, word: &str| {
        let Some(ability) = Keyword::parse(word) else {
            return err(format!(
                "gain_ability(\"{word}\"): one of {}",
                Keyword::NAMES.join(", ")
            ));
        };
        c.push(Effect::GainAbility(ability));
        Ok(())
    });
    act!(e, Monster, "raise_damage", |c, n: INT| {
        c.push(Effect::RaiseDamage(count(n, "raise_damage")?));
        Ok(())
    });
    act!(e, Monster, "to_trophy", |c| {
        c.push(Effect::MonsterToTrophy);
        Ok(())
    });
    act!(e, Monster, "to_cup", |c| {
        c.push(Effect::MonsterToCup);
        Ok(())
    });
    act!(e, Monster, "to_box", |c| {
        c.push(Effect::MonsterToBox);
        Ok(())
    });
}

/// The methods of `ctx.combat`.
pub(super) fn combat(e: &mut Engine) {
    act!(e, Combat, "bonus", |c, s: &str, n: INT| {
        let skill = if s == "all" { None } else { Some(skill(s)?) };
        let value = count(n, "bonus")?;
        c.push(Effect::CombatBonus { skill, value });
        Ok(())
    });
    act!(e, Combat, "check_bonus", |c, k: &str, n: INT| {
        let check = match k {
            "combat" => TestKind::Combat,
            "horror" => TestKind::Horror,
            "evade" => TestKind::Evade,
            "spell" => TestKind::Spell,
            _ => {
                return err(format!(
                    "check_bonus(\"{k}\", {n}): a kind of check, \"combat\", \"horror\", \"evade\" or \"spell\""
                ));
            }
        };
        let value = count(n, "check_bonus")?;
        c.push(Effect::CombatCheckBonus { check, value });
        Ok(())
    });
    act!(e, Combat, "strength_test_first", |c| {
        c.push(Effect::StrengthFirst);
        Ok(())
    });
    act!(e, Combat, "forbid_clue_rerolls", |c| {
        c.push(Effect::ForbidClueRerolls);
        Ok(())
    });
    act!(e, Combat, "make_magical", |c, id: &str| {
        c.push(Effect::MakeMagical(id.to_string()));
        Ok(())
    });
    act!(e, Combat, "no_more_encounters", |c| {
        c.push(Effect::NoMoreEncounters);
        Ok(())
    });
    act!(e, Combat, "end", |c| {
        c.push(Effect::EndCombat);
        Ok(())
    });
}
