//! The player's questions and their options, as `mythos play` and `mythos odds --best` word them.
//! Depends on `kernel` only.

use super::words::{Names, Words};
use crate::kernel::{Action, Answer, Game, Question, TestKind, TestSpec};

fn cards(w: &Words<'_>, ids: &[String]) -> String {
    ids.iter()
        .map(|id| w.card(id))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The test under way named as a player names it (issue 38: not "test 4"): "the Strength test
/// against the Ghoul", "the Combat check against the Cultist", "the Lore test" (a scenario's own).
pub fn test_text(spec: &TestSpec, names: &Names, game: Game) -> String {
    let w = Words {
        names,
        texts: &super::words::NO_TEXTS,
        game,
    };
    let skill = spec.skill.as_str();
    let mut skill_word = skill[..1].to_uppercase();
    skill_word.push_str(&skill[1..]);
    let (what, word) = match (game, &spec.kind) {
        (Game::Eldritch, _) => (skill_word, "test"),
        (Game::Arkham, TestKind::Combat) => ("Combat".to_string(), "check"),
        (Game::Arkham, TestKind::Horror) => ("Horror".to_string(), "check"),
        (Game::Arkham, TestKind::Evade) => ("Evade".to_string(), "check"),
        (Game::Arkham, TestKind::Spell) => ("Spell".to_string(), "check"),
        (Game::Arkham, _) => (skill_word, "check"),
    };
    let of = match &spec.origin {
        Some(card) if spec.in_combat && spec.kind != TestKind::Spell => {
            format!(" against {}", w.card(card))
        }
        Some(card) => format!(" of {}", w.card(card)),
        None => String::new(),
    };
    format!("the {what} {word}{of}")
}

/// The question, as a line a player reads.
pub fn question_text(q: &Question, names: &Names, game: Game) -> String {
    question_at(q, None, names, game)
}

/// The question, as a line a player reads, naming the test under way when it is given.
pub fn question_at(q: &Question, test: Option<&TestSpec>, names: &Names, game: Game) -> String {
    let w = Words {
        names,
        texts: &super::words::NO_TEXTS,
        game,
    };
    let named = |n: &usize, word: &str| match test {
        Some(spec) => test_text(spec, names, game),
        None => format!("{word} {n}"),
    };
    match q {
        Question::Reroll { test } => {
            format!("{}: spend a token to reroll a die?", named(test, "test"))
        }
        Question::ClueDie { test } => format!(
            "{}: spend a Clue token for one more die?",
            named(test, "check")
        ),
        Question::Evade { monster } => format!("{}: try to evade it first?", w.card(monster)),
        Question::Round { monster, round } => {
            format!(
                "{}, round {round}: fight or flee, with what in hand?",
                w.card(monster)
            )
        }
        Question::May { card, what } => format!("{}: {what}?", w.card(card)),
        Question::Bonus { card } => {
            format!("{}: use its optional bonus on this test?", w.card(card))
        }
        Question::NextMonster => "which monster do you encounter next?".to_string(),
        Question::Order { hook, monster } => format!(
            "{} and your cards act at the same moment ({hook}): which first?",
            w.card(monster)
        ),
    }
}

/// One option, as a player reads it (die numbers from 1, as the transcript counts them).
pub fn answer_text(a: &Answer, faces: &[u8], names: &Names, game: Game) -> String {
    let w = Words {
        names,
        texts: &super::words::NO_TEXTS,
        game,
    };
    match a {
        Answer::Stop => "no (spend nothing more)".to_string(),
        Answer::Reroll { token, die } => {
            let face = faces
                .get(*die)
                .map(|f| format!(" (showing {f})"))
                .unwrap_or_default();
            format!(
                "reroll die {}{face} with a {} token",
                die + 1,
                token.as_str()
            )
        }
        Answer::ClueDie => "spend a Clue token: one more die".to_string(),
        Answer::Evade(true) => "evade".to_string(),
        Answer::Evade(false) => "do not evade: combat".to_string(),
        Answer::Round(r) => {
            let mut s = match r.action {
                Action::Fight => "fight".to_string(),
                Action::Flee => "flee".to_string(),
            };
            if r.wield.is_empty() {
                s.push_str(", empty hands");
            } else {
                s.push_str(&format!(" with {}", cards(&w, &r.wield)));
            }
            if !r.cast.is_empty() {
                s.push_str(&format!(", casting {}", cards(&w, &r.cast)));
            }
            s
        }
        Answer::May(true) => "yes".to_string(),
        Answer::May(false) => "no".to_string(),
        Answer::Monster { id, .. } => w.card(id),
        Answer::MonsterFirst(true) => "the monster's effect first".to_string(),
        Answer::MonsterFirst(false) => "your cards' effects first".to_string(),
    }
}
