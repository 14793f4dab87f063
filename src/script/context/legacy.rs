//! The flat names of the API before `ctx` had objects, kept while scripts move over (removed with the
//! README's table of old and new names).

use super::*;

pub(super) fn register(engine: &mut Engine) {
    engine.register_get("skill", |c: &mut Ctx| c.view(|v| name(v.skill.as_str())));
    engine.register_get("printed_skill", |c: &mut Ctx| {
        c.view(|v| name(v.printed_skill.as_str()))
    });
    engine.register_get("kind", |c: &mut Ctx| {
        c.view(|v| match v.kind.builtin() {
            Some(k) => name(k),
            None => v.kind.as_str().into(),
        })
    });
    engine.register_get("modifier", |c: &mut Ctx| c.view(|v| v.modifier as INT));
    engine.register_get("difficulty", |c: &mut Ctx| c.view(|v| v.difficulty as INT));
    engine.register_get("in_combat", |c: &mut Ctx| c.view(|v| v.in_combat));
    engine.register_get("faces", |c: &mut Ctx| {
        c.view(|v| {
            v.faces
                .iter()
                .map(|f| Dynamic::from(*f as INT))
                .collect::<Array>()
        })
    });
    engine.register_get("successes", |c: &mut Ctx| c.view(|v| v.successes as INT));
    engine.register_get("passed", |c: &mut Ctx| c.view(|v| v.passed));
    engine.register_get("chosen", |c: &mut Ctx| c.view(|v| v.chosen));
    engine.register_get("slot", |c: &mut Ctx| {
        c.view(|v| name(v.slot.map_or("", |s| s.as_str())))
    });
    engine.register_get("failing_dice", |c: &mut Ctx| {
        c.view(|v| {
            v.failing_dice()
                .into_iter()
                .map(|i| Dynamic::from(i as INT))
                .collect::<Array>()
        })
    });
    engine.register_get("in_hand", |c: &mut Ctx| c.view(|v| v.in_hand));
    engine.register_get("possession_traits", |c: &mut Ctx| {
        c.view(|v| {
            v.investigator
                .possessions
                .iter()
                .map(|id| {
                    let traits = v
                        .catalog
                        .get(id)
                        .map(|c| c.traits.clone())
                        .unwrap_or_default();
                    let mut m = Map::new();
                    m.insert("id".into(), id.clone().into());
                    m.insert("traits".into(), strings(&traits).into());
                    Dynamic::from(m)
                })
                .collect::<Array>()
        })
    });
    engine.register_get("loss_stat", |c: &mut Ctx| {
        c.view(|v| {
            v.loss
                .as_ref()
                .map_or(String::new(), |l| l.stat.as_str().to_string())
        })
    });
    engine.register_get("loss_target", |c: &mut Ctx| {
        c.view(|v| {
            v.loss
                .as_ref()
                .map_or(String::new(), |l| l.target.key().to_string())
        })
    });
    engine.register_get("loss_cause", |c: &mut Ctx| {
        c.view(|v| {
            v.loss
                .as_ref()
                .map_or(String::new(), |l| l.cause.key().into_owned())
        })
    });
    // before_test
    engine.register_fn("replace_skill", |c: &mut Ctx, s: &str| -> Res<()> {
        let k = skill(s)?;
        c.push(Effect::ReplaceSkill(k));
        Ok(())
    });
    engine.register_fn("skip_test", |c: &mut Ctx, reason: &str| {
        c.push(Effect::SkipTest(reason.to_string()))
    });
    engine.register_fn("defeat_monster", |c: &mut Ctx| {
        c.push(Effect::DefeatMonster)
    });

    // on_pool
    engine.register_fn("bonus", |c: &mut Ctx, n: INT| -> Res<()> {
        let value = count(n, "bonus")?;
        c.push(Effect::Bonus { value, kind: None });
        Ok(())
    });
    engine.register_fn("bonus", |c: &mut Ctx, n: INT, k: &str| -> Res<()> {
        let value = count(n, "bonus")?;
        let kind = Some(kind(k)?);
        c.push(Effect::Bonus { value, kind });
        Ok(())
    });
    engine.register_fn("add_dice", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "add_dice")?;
        c.push(Effect::AddDice(n));
        Ok(())
    });
    engine.register_fn("fewer_dice", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "fewer_dice")?;
        c.push(Effect::FewerDice(n));
        Ok(())
    });
    engine.register_fn("block_bonuses", |c: &mut Ctx, k: &str| -> Res<()> {
        let k = kind(k)?;
        c.push(Effect::BlockBonuses(k));
        Ok(())
    });
    engine.register_fn("success_from", |c: &mut Ctx, f: INT| -> Res<()> {
        let f = face(f)?;
        c.push(Effect::SuccessFrom(f));
        Ok(())
    });
    engine.register_fn("dice_per_clue", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "dice_per_clue")?;
        c.push(Effect::DicePerClue(n as u32));
        Ok(())
    });

    // after_roll
    engine.register_fn("reroll", |c: &mut Ctx, die: INT| -> Res<()> {
        if die < 0 {
            return err(format!("reroll({die}): dice are numbered from 0"));
        }
        c.push(Effect::Reroll(die as usize));
        Ok(())
    });
    engine.register_fn("set_face", |c: &mut Ctx, die: INT, f: INT| -> Res<()> {
        if die < 0 {
            return err(format!("set_face({die}, {f}): dice are numbered from 0"));
        }
        let f = face(f)?;
        c.push(Effect::SetFace {
            die: die as usize,
            face: f,
        });
        Ok(())
    });
    engine.register_fn("count_face", |c: &mut Ctx, f: INT, n: INT| -> Res<()> {
        let f = face(f)?;
        let n = count(n, "count_face")?;
        c.push(Effect::CountFace {
            face: f,
            successes: n as u32,
        });
        Ok(())
    });

    // anywhere
    engine.register_fn("roll", |c: &mut Ctx, n: INT| -> Res<Array> {
        let n = count(n, "roll")? as usize;
        let mut st = c.0.borrow_mut();
        let label = format!("`ctx.roll({n})` of {}", st.card);
        match st.dice.roll_many(n, &label) {
            Ok(faces) => {
                st.push(Effect::Rolled(faces.clone()));
                Ok(faces.into_iter().map(|f| Dynamic::from(f as INT)).collect())
            }
            Err(e) => {
                let msg = e.to_string();
                st.dice_error = Some(e);
                err(msg)
            }
        }
    });
    engine.register_fn("gain", |c: &mut Ctx, s: &str, n: INT| -> Res<()> {
        let (s, n) = (stat(s)?, count(n, "gain")?);
        c.push(Effect::Gain(s, n));
        Ok(())
    });
    engine.register_fn("lose", |c: &mut Ctx, s: &str, n: INT| -> Res<()> {
        let (s, n) = (stat(s)?, count(n, "lose")?);
        c.push(Effect::Lose(s, n));
        Ok(())
    });
    engine.register_fn("spend", |c: &mut Ctx, s: &str, n: INT| -> Res<()> {
        let (s, n) = (stat(s)?, count(n, "spend")?);
        c.push(Effect::Spend(s, n));
        Ok(())
    });
    engine.register_fn("gain_condition", |c: &mut Ctx, id: &str| {
        c.push(Effect::GainCondition(id.to_string()))
    });
    engine.register_fn("discard_condition", |c: &mut Ctx, id: &str| {
        c.push(Effect::DiscardCondition(id.to_string()))
    });
    engine.register_fn("discard", |c: &mut Ctx, id: &str| {
        c.push(Effect::Discard(id.to_string()))
    });
    engine.register_fn("note", |c: &mut Ctx, text: &str| {
        c.push(Effect::Note(text.to_string()))
    });

    // combat encounters
    engine.register_fn(
        "encounter_bonus",
        |c: &mut Ctx, s: &str, n: INT| -> Res<()> {
            let skill = if s == "all" { None } else { Some(skill(s)?) };
            let value = count(n, "encounter_bonus")?;
            c.push(Effect::CombatBonus { skill, value });
            Ok(())
        },
    );
    engine.register_fn("strength_test_first", |c: &mut Ctx| {
        c.push(Effect::StrengthFirst)
    });
    engine.register_fn(
        "reduce_damage",
        |c: &mut Ctx, n: INT, min: INT| -> Res<()> {
            let by = count(n, "reduce_damage")?;
            let min = count(min, "reduce_damage")?;
            c.push(Effect::ReduceDamage { by, min });
            Ok(())
        },
    );
    engine.register_fn(
        "test",
        |c: &mut Ctx, s: &str, modifier: INT, kind: &str| -> Res<()> {
            let skill = skill(s)?;
            if !(-20..=20).contains(&modifier) {
                return err(format!(
                    "test(\"{s}\", {modifier}, ...): a modifier is -20 to 20"
                ));
            }
            c.push(Effect::Test {
                skill,
                modifier: modifier as i32,
                kind: kind.into(),
            });
            Ok(())
        },
    );
    engine.register_fn("monster_lose", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "monster_lose")?;
        c.push(Effect::MonsterLose(n));
        Ok(())
    });
    engine.register_fn("monster_recover", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "monster_recover")?;
        c.push(Effect::MonsterRecover(n));
        Ok(())
    });
    engine.register_fn("no_more_encounters", |c: &mut Ctx| {
        c.push(Effect::NoMoreEncounters)
    });
    engine.register_fn("move_to", |c: &mut Ctx, place: &str| -> Res<()> {
        let Some(to) = Location::parse(place) else {
            let all: Vec<&str> = Location::ALL.iter().map(|l| l.as_str()).collect();
            return err(format!("move_to(\"{place}\"): one of {}", all.join(", ")));
        };
        c.push(Effect::MoveTo(to));
        Ok(())
    });
    engine.register_fn("end_combat", |c: &mut Ctx| c.push(Effect::EndCombat));
    engine.register_fn("monster_to_box", |c: &mut Ctx| c.push(Effect::MonsterToBox));

    // on_damage
    engine.register_fn("reduce_loss", |c: &mut Ctx, n: INT| -> Res<()> {
        let n = count(n, "reduce_loss")?;
        c.push(Effect::ReduceLoss(n));
        Ok(())
    });
    engine.register_fn("prevent_loss", |c: &mut Ctx| c.push(Effect::PreventLoss));

    // on_gain_condition
    engine.register_fn("prevent_gain", |c: &mut Ctx| c.push(Effect::PreventGain));
}
