//! What a hook can do: methods of `ctx` and of the objects reached from it, grouped by what they act
//! on. Each records an effect that the kernel applies after the hook returns.

use super::*;

/// Registers method `$name` of object `$ty`: its body gets the shared state as `c`, recording each
/// effect at the call's position in the script, and returns a `Res<()>` (an argument out of range is
/// the script's error).
macro_rules! act {
    ($e:ident, $ty:ty, $name:literal, |$c:ident $(, $a:ident : $t:ty)*| $body:expr) => {
        $e.register_fn($name, |call: NativeCallContext, o: &mut $ty $(, $a: $t)*| -> Res<()> {
            let $c = &mut Asking {
                ctx: &o.0,
                at: call.call_position(),
            };
            $body
        });
    };
}

mod monster;

/// Asks the player whether this card's "may" effect `what` is taken: `fixed` is the scenario's
/// answer, given by the script or else whether the scenario's `[choices] use` names the card.
fn may(c: &Ctx, what: &str, fixed: Option<bool>) -> Res<bool> {
    let n = what.trim().chars().count();
    if n == 0 || what.chars().count() > MAY_WORDS {
        return err(format!(
            "may(\"{what}\"): the words of a \"may\" effect are 1 to {MAY_WORDS} characters"
        ));
    }
    let mut st = c.0.borrow_mut();
    let chosen = fixed.is_none().then_some(st.view.chosen);
    let fixed = fixed.unwrap_or(st.view.chosen);
    if st.asked.is_fixed() {
        // The scenario answers, and asking it changes nothing: the answer is read like any other
        // value, so a later call that reads the same is replayed (`recorded::Read::may`).
        if let Some(reads) = st.reads.as_mut() {
            reads.push(Read::may(chosen));
        }
    } else {
        st.replayable = false;
    }
    let card = st.card.clone();
    st.asked.may(&card, what, fixed)
}

pub(super) fn register(engine: &mut Engine) {
    ctx(engine);
    card_store(engine);
    card_may(engine);
    test_before(engine);
    test_pool(engine);
    test_roll(engine);
    investigator(engine);
    space(engine);
    monster::monster(engine);
    monster::combat(engine);
    loss(engine);
    becoming(engine);
    gaining(engine);
}

/// The methods of `ctx`: anywhere.
fn ctx(e: &mut Engine) {
    e.register_fn(
        "roll",
        |call: NativeCallContext, c: &mut Ctx, n: INT| -> Res<Array> {
            let n = count(n, "roll")? as usize;
            let mut st = c.0.borrow_mut();
            st.replayable = false;
            let label = format!("`ctx.roll({n})` of {}", st.card);
            match st.dice.roll_many(n, &label) {
                Ok(faces) => {
                    st.push(Effect::Rolled(faces.clone()), call.call_position());
                    Ok(faces.into_iter().map(|f| Dynamic::from(f as INT)).collect())
                }
                Err(e) => {
                    let msg = e.to_string();
                    st.dice_error = Some(e);
                    err(msg)
                }
            }
        },
    );
    e.register_fn(
        "note",
        |call: NativeCallContext, c: &mut Ctx, text: &str| {
            c.0.borrow_mut()
                .push(Effect::Note(text.to_string()), call.call_position())
        },
    );
}

/// The methods of `ctx.card`: what this card keeps between its hook calls, exhausting it, casting it.
fn card_store(e: &mut Engine) {
    act!(e, Card, "set", |c, key: &str, v: INT| {
        let key = store_key(key)?;
        c.push(Effect::Store {
            key,
            value: Some(Stored::Int(v)),
        });
        Ok(())
    });
    act!(e, Card, "set", |c, key: &str, v: bool| {
        let key = store_key(key)?;
        c.push(Effect::Store {
            key,
            value: Some(Stored::Bool(v)),
        });
        Ok(())
    });
    act!(e, Card, "set", |c, key: &str, v: ImmutableString| {
        let key = store_key(key)?;
        if v.chars().count() > crate::limits::STORE_TEXT_CHARS {
            return err(format!(
                "set(\"{key}\", text): a text kept is at most {} characters",
                crate::limits::STORE_TEXT_CHARS
            ));
        }
        c.push(Effect::Store {
            key,
            value: Some(Stored::Text(v.to_string())),
        });
        Ok(())
    });
    act!(e, Card, "forget", |c, key: &str| {
        let key = store_key(key)?;
        c.push(Effect::Store { key, value: None });
        Ok(())
    });
    act!(e, Card, "exhaust", |c| {
        c.push(Effect::Exhaust);
        Ok(())
    });
    act!(e, Card, "cast", |c| {
        c.push(Effect::Cast { modifier: None });
        Ok(())
    });
    act!(e, Card, "cast", |c, m: INT| {
        let m = modifier(m, || format!("cast({m})"))?;
        c.push(Effect::Cast { modifier: Some(m) });
        Ok(())
    });
}

/// The methods of `ctx.card`: its "may" effects, asked of the player; flipping it.
fn card_may(e: &mut Engine) {
    e.register_fn(
        "flip",
        |call: NativeCallContext, c: &mut Card| -> Res<INT> {
            let mut st = c.0.0.borrow_mut();
            let backs = st.view.catalog.get(st.card.as_str()).map_or(0, |a| a.backs);
            if backs == 0 {
                return err(format!(
                    "flip(): {} has no printed backs (`backs` in its card file)",
                    st.card
                ));
            }
            // Which back is a chance, as a die: the call's effects no longer follow from its reads.
            st.replayable = false;
            let label = format!("`ctx.card.flip()` of {}", st.card);
            match st.dice.flip(backs, &label) {
                Ok(copy) => {
                    st.push(Effect::Flipped { copy, backs }, call.call_position());
                    Ok(copy as INT)
                }
                Err(e) => {
                    let msg = e.to_string();
                    st.dice_error = Some(e);
                    err(msg)
                }
            }
        },
    );
    e.register_fn("may", |c: &mut Card, what: &str| -> Res<bool> {
        may(&c.0, what, None)
    });
    e.register_fn(
        "may",
        |c: &mut Card, what: &str, fixed: bool| -> Res<bool> { may(&c.0, what, Some(fixed)) },
    );
}

/// The methods of `ctx.test`: before_test.
fn test_before(e: &mut Engine) {
    act!(e, Test, "replace_skill", |c, s: &str| {
        c.push(Effect::ReplaceSkill(skill(s)?));
        Ok(())
    });
    act!(e, Test, "auto_pass", |c| {
        c.push(Effect::AutoResult(true));
        Ok(())
    });
    act!(e, Test, "auto_fail", |c| {
        c.push(Effect::AutoResult(false));
        Ok(())
    });
    act!(e, Test, "skip", |c, reason: &str| {
        c.push(Effect::SkipTest(reason.to_string()));
        Ok(())
    });
}

/// The methods of `ctx.test`: on_pool.
fn test_pool(e: &mut Engine) {
    act!(e, Test, "bonus", |c, n: INT| {
        let value = count(n, "bonus")?;
        c.push(Effect::Bonus { value, kind: None });
        Ok(())
    });
    act!(e, Test, "bonus", |c, n: INT, k: &str| {
        let value = count(n, "bonus")?;
        let kind = Some(kind(k)?);
        c.push(Effect::Bonus { value, kind });
        Ok(())
    });
    act!(e, Test, "add_dice", |c, n: INT| {
        c.push(Effect::AddDice(count(n, "add_dice")?));
        Ok(())
    });
    act!(e, Test, "fewer_dice", |c, n: INT| {
        c.push(Effect::FewerDice(count(n, "fewer_dice")?));
        Ok(())
    });
    act!(e, Test, "block_bonuses", |c, k: &str| {
        c.push(Effect::BlockBonuses(kind(k)?));
        Ok(())
    });
    act!(e, Test, "success_from", |c, f: INT| {
        c.push(Effect::SuccessFrom(face(f)?));
        Ok(())
    });
    act!(e, Test, "dice_per_clue", |c, n: INT| {
        c.push(Effect::DicePerClue(count(n, "dice_per_clue")? as u32));
        Ok(())
    });
    act!(e, Test, "extra_dice_per_clue", |c, n: INT| {
        c.push(Effect::ExtraDicePerClue(
            count(n, "extra_dice_per_clue")? as u32
        ));
        Ok(())
    });
    act!(e, Test, "dice_per_focus", |c, n: INT| {
        c.push(Effect::DicePerFocus(count(n, "dice_per_focus")? as u32));
        Ok(())
    });
}

/// The methods of `ctx.test`: after_roll.
fn test_roll(e: &mut Engine) {
    act!(e, Test, "reroll", |c, n: INT| {
        c.push(Effect::Reroll(die(n, || format!("reroll({n})"))?));
        Ok(())
    });
    act!(e, Test, "set_face", |c, n: INT, f: INT| {
        let die = die(n, || format!("set_face({n}, {f})"))?;
        let f = face(f)?;
        c.push(Effect::SetFace { die, face: f });
        Ok(())
    });
    act!(e, Test, "count_face", |c, f: INT, n: INT| {
        let f = face(f)?;
        let n = count(n, "count_face")?;
        c.push(Effect::CountFace {
            face: f,
            successes: n as u32,
        });
        Ok(())
    });
    act!(e, Test, "add_successes", |c, n: INT| {
        let n = count(n, "add_successes")?;
        c.push(Effect::AddSuccesses(n as u32));
        Ok(())
    });
    act!(e, Test, "negate_face", |c, f: INT, n: INT| {
        let f = face(f)?;
        let n = count(n, "negate_face")?;
        c.push(Effect::NegateFace {
            face: f,
            successes: n as u32,
        });
        Ok(())
    });
}

/// The methods of `ctx.investigator`.
fn investigator(e: &mut Engine) {
    act!(e, Investigator, "gain", |c, s: &str, n: INT| {
        let (s, n) = (stat(s)?, count(n, "gain")?);
        c.push(Effect::Gain(s, n));
        Ok(())
    });
    act!(e, Investigator, "lose", |c, s: &str, n: INT| {
        let (s, n) = (stat(s)?, count(n, "lose")?);
        c.push(Effect::Lose(s, n));
        Ok(())
    });
    act!(e, Investigator, "spend", |c, s: &str, n: INT| {
        let (s, n) = (stat(s)?, count(n, "spend")?);
        c.push(Effect::Spend(s, n));
        Ok(())
    });
    act!(e, Investigator, "gain_condition", |c, id: &str| {
        c.push(Effect::GainCondition(id.to_string()));
        Ok(())
    });
    act!(e, Investigator, "gain_condition_by_trait", |c, t: &str| {
        c.push(Effect::GainConditionByTrait(t.trim().to_lowercase()));
        Ok(())
    });
    act!(e, Investigator, "improve", |c, s: &str, n: INT| {
        let (s, n) = (skill(s)?, count(n, "improve")?);
        c.push(Effect::Improve(s, n));
        Ok(())
    });
    act!(e, Investigator, "draw", |c, d: &str, n: INT| {
        let (d, n) = (deck(d)?, count(n, "draw")?);
        c.push(Effect::Draw(d, n));
        Ok(())
    });
    act!(e, Investigator, "discard_condition", |c, id: &str| {
        c.push(Effect::DiscardCondition(id.to_string()));
        Ok(())
    });
    act!(e, Investigator, "discard", |c, id: &str| {
        c.push(Effect::Discard(id.to_string()));
        Ok(())
    });
    act!(e, Investigator, "set_status", |c, s: &str| {
        c.push(Effect::SetStatus(fate(s, "set_status")?));
        Ok(())
    });
    act!(e, Investigator, "move_to", |c, place: &str| {
        let Some(to) = Location::parse(place) else {
            let all: Vec<&str> = Location::ALL.iter().map(|l| l.as_str()).collect();
            return err(format!("move_to(\"{place}\"): one of {}", all.join(", ")));
        };
        c.push(Effect::MoveTo(to));
        Ok(())
    });
    act!(e, Investigator, "test", |c, s: &str, m: INT, kind: &str| {
        let skill = skill(s)?;
        let modifier = modifier(m, || format!("test(\"{s}\", {m}, ...)"))?;
        c.push(Effect::Test {
            skill,
            modifier,
            kind: kind.into(),
        });
        Ok(())
    });
}

/// The methods of `ctx.space` (EH): the monsters on the investigator's space.
fn space(e: &mut Engine) {
    act!(e, Space, "lose", |c, m: INT, n: INT| {
        if !crate::kernel::bounds::DIE_NUMBER.contains(m) {
            return err(format!(
                "lose({m}, ..): monsters on the space are numbered from 0"
            ));
        }
        let m = m as usize;
        let n = count(n, "lose")?;
        c.push(Effect::SpaceMonsterLose {
            monster: m,
            amount: n,
        });
        Ok(())
    });
    act!(e, Space, "defeat_all", |c| {
        c.push(Effect::DefeatSpaceMonsters);
        Ok(())
    });
}

/// The methods of `ctx.loss`: on_damage.
fn loss(e: &mut Engine) {
    act!(e, Loss, "reduce", |c, n: INT| {
        c.push(Effect::ReduceLoss(count(n, "reduce")?));
        Ok(())
    });
    act!(e, Loss, "prevent", |c| {
        c.push(Effect::PreventLoss);
        Ok(())
    });
}

/// The methods of `ctx.becoming`: on_status.
fn becoming(e: &mut Engine) {
    act!(e, Becoming, "replace", |c, s: &str| {
        c.push(Effect::ReplaceStatus(fate(s, "replace")?));
        Ok(())
    });
    act!(e, Becoming, "prevent", |c| {
        c.push(Effect::PreventStatus);
        Ok(())
    });
}

/// The methods of `ctx.gaining`: on_gain_condition.
fn gaining(e: &mut Engine) {
    act!(e, Gaining, "prevent", |c| {
        c.push(Effect::PreventGain);
        Ok(())
    });
}
