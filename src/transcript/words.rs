//! The words every transcript line shares: printed names for card ids and causes ([`Source`]),
//! numbers with their sign and plural, counters and statuses. Depends on `kernel` only.

use crate::kernel::{
    Ability, Fate, Game, Investigator, Skill, Source, Stat, Status, split_copy, visible,
};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Card id → printed name.
pub type Names = BTreeMap<String, String>;

/// No card texts: lines that quote no card.
pub(super) static NO_TEXTS: Names = Names::new();

/// What a line needs to be written: the printed names (and texts) and the game (Stamina or Health).
pub(super) struct Words<'a> {
    pub names: &'a Names,
    /// Card id → printed text, quoted when a monster is flipped.
    pub texts: &'a Names,
    pub game: Game,
}

impl<'a> Words<'a> {
    /// The words of lines that quote no card's text (the opening and closing lines).
    pub fn names_only(names: &'a Names, game: Game) -> Self {
        Words {
            names,
            texts: &NO_TEXTS,
            game,
        }
    }

    /// A card's printed name (its id when unknown).
    /// A copy key (`45_automatic#2`, AH2e hands) is the card's name and which copy it is.
    /// Control characters of a name (a file's, a pack's) are shown as escapes: a name cannot start
    /// a line.
    pub fn card(&self, id: &str) -> String {
        if let Some(name) = self.names.get(id) {
            return visible(name).into_owned();
        }
        match split_copy(id) {
            (card, n) if n > 1 && self.names.contains_key(card) => {
                format!("{} (copy {n})", visible(&self.names[card]))
            }
            _ => visible(id).into_owned(),
        }
    }

    /// What caused something, as a reader would name it.
    pub fn source(&self, s: &Source) -> String {
        match s {
            Source::Card(id) => self.card(id),
            Source::Ability(id, a) if self.names.contains_key(&**id) => {
                format!("{}, {}", self.card(id), ability(*a))
            }
            Source::Rules => "the rules".to_string(),
            Source::StrengthResult => "the Strength test result".to_string(),
            Source::Reroll(t) => format!("{} token", t.as_str()),
            Source::Skill(skill) => skill.title().to_string(),
            other => visible(&other.key()).into_owned(),
        }
    }

    /// A card's printed text, if it has one.
    pub fn text(&self, id: &str) -> Option<&str> {
        self.texts
            .get(id)
            .map(|t| t.trim())
            .filter(|t| !t.is_empty())
    }

    pub fn stat(&self, stat: Stat) -> &'static str {
        stat_name(stat, self.game)
    }

    /// "1 Clue token", "2 Clue tokens", "3 Health".
    pub fn qty(&self, stat: Stat, n: i32) -> String {
        match stat {
            Stat::Clues => plural(n, "Clue token", "Clue tokens"),
            _ => format!("{n} {}", self.stat(stat)),
        }
    }
}

/// A skill's printed name.
pub(super) trait Title {
    fn title(self) -> &'static str;
}

impl Title for Skill {
    fn title(self) -> &'static str {
        match self {
            Skill::Lore => "Lore",
            Skill::Influence => "Influence",
            Skill::Observation => "Observation",
            Skill::Strength => "Strength",
            Skill::Will => "Will",
            Skill::Speed => "Speed",
            Skill::Sneak => "Sneak",
            Skill::Fight => "Fight",
            Skill::Luck => "Luck",
        }
    }
}

fn ability(a: Ability) -> &'static str {
    match a {
        Ability::Nightmarish => "Nightmarish",
        Ability::Overwhelming => "Overwhelming",
    }
}

pub(super) fn stat_name(stat: Stat, game: Game) -> &'static str {
    match (stat, game) {
        (Stat::Health, Game::Arkham) => "Stamina",
        (Stat::Health, _) => "Health",
        (Stat::Sanity, _) => "Sanity",
        (Stat::Clues, _) => "Clue",
        (Stat::Focus, _) => "Focus",
    }
}

/// "+2", "−1" (a true minus sign).
pub(super) fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        format!("−{}", -n)
    }
}

pub(super) fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

pub(super) fn faces(f: &[u8]) -> String {
    f.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

pub(super) fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// "Health 7, Sanity 5, Clues 1, Focus 0" (Stamina and no Focus in Arkham Horror).
pub(super) fn counters(inv: &Investigator, game: Game) -> String {
    let mut s = format!(
        "{} {}, Sanity {}, Clues {}",
        stat_name(Stat::Health, game),
        inv.health,
        inv.sanity,
        inv.clues
    );
    if game == Game::Eldritch {
        let _ = write!(s, ", Focus {}", inv.focus);
    }
    s
}

pub(super) fn fate_text(f: Fate) -> &'static str {
    match f {
        Fate::Out(s) => status_text(s),
        Fate::Delayed => "delayed",
    }
}

pub(super) fn status_text(s: Status) -> &'static str {
    match s {
        Status::Ok => "still standing",
        Status::Defeated => "defeated",
        Status::Unconscious => "unconscious",
        Status::Insane => "insane",
        Status::Devoured => "devoured",
        Status::LostInTimeAndSpace => "lost in time and space",
    }
}
