//! Typed events → text a player can follow line by line. All of mythos's wording lives in this folder
//! (the kernel emits no English): `words` (names, numbers, counters), one file per noun for the lines
//! of a `test`, a `combat` and the `investigator`, and the `page` around them. JSON is the events
//! themselves, serialized by `scenario::events`. Depends on `kernel` only.

mod combat;
mod decision;
mod investigator;
mod page;
mod test;
mod words;

use crate::kernel::{Event, Game, Skill, Status};
pub use decision::{answer_text, question_at, question_text};
pub use page::{Town, render_header, render_summary};
pub use words::Names;

/// Why a bonus adds nothing, as the transcript words it (the result object's `bonus_ignored.reason`).
pub fn exclusion_text(e: &crate::kernel::Exclusion, names: &Names, game: Game) -> String {
    let w = words::Words {
        names,
        texts: &words::NO_TEXTS,
        game,
    };
    test::exclusion(e, &w)
}

/// Every event as its line(s) of text; `texts` (card id → printed text) are quoted when a monster
/// is flipped.
pub fn render_events(events: &[Event], names: &Names, texts: &Names, game: Game) -> String {
    let w = words::Words { names, texts, game };
    let mut out = String::new();
    let mut merged = false;
    for (i, ev) in events.iter().enumerate() {
        // A counted loss and the loss it leads to, nothing between them: one line.
        if std::mem::take(&mut merged) {
            continue;
        }
        if let Some(line) = events
            .get(i + 1)
            .and_then(|next| investigator::counted_loss(ev, next, &w))
        {
            out.push_str(&line);
            merged = true;
            continue;
        }
        let after_knockout = i > 0
            && matches!(&events[i - 1], Event::StatusChanged { status } if *status != Status::Ok);
        if let Some(line) = after_knockout
            .then(|| investigator::simultaneous(ev, &w))
            .flatten()
        {
            out.push_str(&line);
            continue;
        }
        if let Event::TestBegins { .. } = ev {
            let (resolved, tested) = heading(&events[i + 1..]);
            out.push_str(&test::begins(ev, &w, resolved, tested));
            continue;
        }
        out.push_str(&line(ev, &w));
    }
    out
}

/// What the heading of the test that begins just before `rest` says: whether it ends with a result
/// (a roll's or an automatic one) rather than not resolved (a card's skip, the monster defeated in
/// its place, the investigator knocked out first; a run that stops inside it counts as resolved), and
/// the skill a card made it test instead (the last replacement before its dice).
fn heading(rest: &[Event]) -> (bool, Option<Skill>) {
    let mut tested = None;
    for ev in rest {
        match ev {
            Event::SkillReplaced { to, .. } => tested = Some(*to),
            Event::TestSkipped { .. }
            | Event::DefeatedBeforeTest { .. }
            | Event::TestStopped { .. } => return (false, tested),
            Event::TestResult { .. } | Event::AutomaticResult { .. } | Event::TestBegins { .. } => {
                return (true, tested);
            }
            _ => {}
        }
    }
    (true, tested)
}

/// The line(s) of one event, worded by its room's file: exhaustive, so that a new event must be
/// given its words.
fn line(ev: &Event, w: &words::Words) -> String {
    match ev {
        Event::TestBegins { .. }
        | Event::SkillReplaced { .. }
        | Event::TestSkipped { .. }
        | Event::AutomaticResult { .. }
        | Event::DefeatedBeforeTest { .. }
        | Event::TestStopped { .. }
        | Event::PoolPart { .. }
        | Event::BonusIgnored { .. }
        | Event::BonusHalved { .. }
        | Event::ClueDie { .. }
        | Event::NoClueDice
        | Event::ClueDiceAfterNoDice
        | Event::Pool { .. }
        | Event::SuccessRule { .. }
        | Event::CountRule { .. }
        | Event::NegateRule { .. }
        | Event::SuccessesAdded { .. }
        | Event::RerollWindowsSpent { .. }
        | Event::DicePerClue { .. }
        | Event::ExtraDicePerClue { .. }
        | Event::DicePerFocus { .. }
        | Event::Rolled { .. }
        | Event::Reroll { .. }
        | Event::FaceSet { .. }
        | Event::TestResult { .. }
        | Event::DiceRolled { .. } => test::line(ev, w),
        Event::CombatBegins { .. }
        | Event::CombatEnds { .. }
        | Event::RoundBegins { .. }
        | Event::CannotFlee { .. }
        | Event::StillCast { .. }
        | Event::Evaded { .. }
        | Event::NoHorrorRating { .. }
        | Event::CombatStopped { .. }
        | Event::MonsterDefeated { .. }
        | Event::CannotDefeat { .. }
        | Event::NotDefeatedByEffect { .. }
        | Event::MonsterRecovered { .. }
        | Event::MonsterToBox { .. }
        | Event::MonsterToCup { .. }
        | Event::MonsterToTrophy { .. }
        | Event::CombatBonus { .. }
        | Event::CombatCheckBonus { .. }
        | Event::StrengthFirst { .. }
        | Event::EffectsOrdered { .. }
        | Event::ClueRerollsForbidden { .. }
        | Event::MadeMagical { .. }
        | Event::ClueRerollRefused { .. }
        | Event::DamageValueChanged { .. }
        | Event::MonsterValueChanged { .. }
        | Event::AbilityLost { .. }
        | Event::AbilityGained { .. }
        | Event::NoMoreEncounters { .. }
        | Event::CombatEnded { .. }
        | Event::NoMonsterTest { .. }
        | Event::ToughnessReached { .. }
        | Event::AmbushNoMoreEncounters
        | Event::NoFurtherMonster { .. } => combat::line(ev, w),
        Event::Moved { .. }
        | Event::Gained { .. }
        | Event::Spent { .. }
        | Event::CannotSpend { .. }
        | Event::Lost { .. }
        | Event::LossCounted { .. }
        | Event::LossChanged { .. }
        | Event::ConditionGained { .. }
        | Event::ConditionDrawn { .. }
        | Event::ConditionDiscarded { .. }
        | Event::ConditionNotGained { .. }
        | Event::ConditionAlreadyHeld { .. }
        | Event::Discarded { .. }
        | Event::MaximumRaised { .. }
        | Event::LossWaits { .. }
        | Event::MaximumLowered { .. }
        | Event::DevouredDiscards
        | Event::HalfItemsLost { .. }
        | Event::CannotBecomeDelayed { .. }
        | Event::Improved { .. }
        | Event::MayDeclined { .. }
        | Event::DefeatedDiscards { .. }
        | Event::StatusChanged { .. }
        | Event::StatusSet { .. }
        | Event::StatusReplaced { .. }
        | Event::StatusPrevented { .. }
        | Event::Exhausted { .. }
        | Event::Kept { .. }
        | Event::Note { .. }
        | Event::ActionTaken { .. }
        | Event::Flipped { .. }
        | Event::Reckoning
        | Event::Upkeep
        | Event::Drew { .. } => investigator::line(ev, w),
    }
}

#[cfg(test)]
mod render_tests;
