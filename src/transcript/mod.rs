//! Typed events → text a player can follow line by line. All of mythos's wording lives in this folder
//! (the kernel emits no English): `words` (names, numbers, counters), one file per noun for the lines
//! of a `test`, a `combat` and the `investigator`, and the `page` around them. JSON is the events
//! themselves, serialized by `scenario::result_object`. Depends on `kernel` only.

mod combat;
mod investigator;
mod page;
mod test;
mod words;

use crate::kernel::{Event, Game};
pub use page::{render_header, render_summary};
pub use words::Names;

/// Why a bonus adds nothing, as the transcript words it (the result object's `bonus_ignored.reason`).
pub fn exclusion_text(e: &crate::kernel::Exclusion, names: &Names, game: Game) -> String {
    test::exclusion(e, &words::Words { names, game })
}

/// Every event as its line(s) of text.
pub fn render_events(events: &[Event], names: &Names, game: Game) -> String {
    let w = words::Words { names, game };
    let mut out = String::new();
    for ev in events {
        // Which file words each event: exhaustive, so that a new event must be given its words.
        let line = match ev {
            Event::TestBegins { .. }
            | Event::SkillReplaced { .. }
            | Event::TestSkipped { .. }
            | Event::DefeatedBeforeTest { .. }
            | Event::PoolPart { .. }
            | Event::BonusIgnored { .. }
            | Event::BonusHalved { .. }
            | Event::ClueDie { .. }
            | Event::NoClueDice
            | Event::ClueDiceAfterNoDice
            | Event::Pool { .. }
            | Event::SuccessRule { .. }
            | Event::CountRule { .. }
            | Event::DicePerClue { .. }
            | Event::Rolled { .. }
            | Event::Reroll { .. }
            | Event::FaceSet { .. }
            | Event::TestResult { .. }
            | Event::DiceRolled { .. } => test::line(ev, &w),
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
            | Event::MonsterRecovered { .. }
            | Event::MonsterToBox { .. }
            | Event::CombatBonus { .. }
            | Event::StrengthFirst { .. }
            | Event::DamageValueChanged { .. }
            | Event::NoMoreEncounters { .. }
            | Event::CombatEnded { .. }
            | Event::NoMonsterTest { .. }
            | Event::ToughnessReached { .. }
            | Event::AmbushNoMoreEncounters
            | Event::NoFurtherMonster { .. } => combat::line(ev, &w),
            Event::Moved { .. }
            | Event::Gained { .. }
            | Event::Spent { .. }
            | Event::CannotSpend { .. }
            | Event::Lost { .. }
            | Event::LossChanged { .. }
            | Event::ConditionGained { .. }
            | Event::ConditionDiscarded { .. }
            | Event::ConditionNotGained { .. }
            | Event::Discarded { .. }
            | Event::DevouredDiscards
            | Event::DefeatedDiscards { .. }
            | Event::StatusChanged { .. }
            | Event::Note { .. } => investigator::line(ev, &w),
        };
        out.push_str(&line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{Exclusion, Source};

    fn text(events: &[Event], game: Game) -> String {
        let names: Names = [("toy_pistol".to_string(), "Toy Pistol".to_string())].into();
        render_events(events, &names, game)
    }

    #[test]
    fn a_combat_stopped_at_the_round_limit_says_after_how_many_rounds() {
        assert_eq!(
            text(&[Event::CombatStopped { rounds: 200 }], Game::Arkham),
            "  the combat is stopped after 200 rounds\n"
        );
    }

    #[test]
    fn a_bonus_of_nothing_is_listed_as_adding_nothing_under_its_printed_name() {
        let ignored = Event::BonusIgnored {
            source: Source::card("toy_pistol"),
            amount: 0,
            reason: Exclusion::Nothing,
        };
        assert_eq!(
            text(&[ignored], Game::Eldritch),
            "  pool   ·  Toy Pistol +0 ignored: a bonus of +0 or less adds nothing\n"
        );
    }
}
