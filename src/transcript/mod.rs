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
    use crate::kernel::monster::MonsterTest;
    use crate::kernel::{Exclusion, Keyword, Skill, Source};

    fn text(events: &[Event], game: Game) -> String {
        let names: Names = [("toy_pistol".to_string(), "Toy Pistol".to_string())].into();
        render_events(events, &names, &Names::new(), game)
    }

    /// A synthetic monster's CombatBegins event with the printed values given.
    fn flipped(
        horror: Option<MonsterTest>,
        combat: Option<MonsterTest>,
        awareness: Option<i32>,
        abilities: Vec<Keyword>,
        health_tokens: i32,
    ) -> Event {
        Event::CombatBegins {
            monster: "toy_horror".to_string(),
            number: 1,
            epic: false,
            ambush: false,
            toughness: 3,
            health_tokens,
            horror,
            combat,
            awareness,
            abilities,
            nightmarish: 1,
            overwhelming: 0,
        }
    }

    fn printed(skill: Skill, modifier: i32, loss: Option<i32>) -> Option<MonsterTest> {
        Some(MonsterTest {
            skill,
            modifier,
            loss,
        })
    }

    /// Issue 12, item 4: an EH monster flipped shows its printed Will and Strength lines (modifier,
    /// horror, damage) and its text, which holds its abilities.
    #[test]
    fn an_eh_monster_flipped_shows_its_printed_tests_and_text() {
        let names: Names = [("toy_horror".to_string(), "Toy Horror".to_string())].into();
        let texts: Names = [("toy_horror".to_string(), "Magical Resistance".to_string())].into();
        let ev = flipped(
            printed(Skill::Will, -1, Some(2)),
            printed(Skill::Strength, 0, Some(3)),
            None,
            vec![],
            1,
        );
        assert_eq!(
            render_events(&[ev], &names, &texts, Game::Eldritch),
            "\n== Combat Encounter 1: Toy Horror, toughness 3, 1 Health token on it\n  \
             Will (−1), horror 2; Strength (+0), damage 3\n  text: \"Magical Resistance\"\n"
        );
    }

    /// Issue 12, item 4: an AH2e monster flipped shows awareness, horror rating and damage, combat
    /// rating and damage, its ability keywords; never Health tokens (AH2e monsters have none), and
    /// not a text that only repeats its abilities.
    #[test]
    fn an_ah_monster_flipped_shows_its_printed_values_and_no_health_tokens() {
        let names: Names = [("toy_horror".to_string(), "Toy Horror".to_string())].into();
        let texts: Names = [(
            "toy_horror".to_string(),
            "Physical Resistance. Nightmarish 1".to_string(),
        )]
        .into();
        let ev = flipped(
            printed(Skill::Will, 0, Some(3)),
            printed(Skill::Fight, -1, None),
            Some(-2),
            vec![Keyword::PhysicalResistance],
            1,
        );
        assert_eq!(
            render_events(&[ev], &names, &texts, Game::Arkham),
            "\n== Combat 1: Toy Horror, toughness 3\n  awareness −2; horror rating +0, horror \
             damage 3; combat rating −1, no combat damage; Physical Resistance, Nightmarish 1\n"
        );
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
