//! One card file: the raw TOML shape (unknown keys are errors) and the validated card.

use super::{Diagnostic, SourceFile};
use crate::kernel::monster::MonsterTest;
use crate::kernel::{
    ActiveCard, BonusDef, BonusKind, Casting, During, Game, Keyword, Monster, Skill,
};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    Investigator,
    Monster,
    Asset,
    Artifact,
    Spell,
    Condition,
    Ally,
    Item,
    UniqueItem,
}

/// A printed bonus: `{ skill = "strength", value = 2, during = "combat" }`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBonus {
    /// A skill, or "all".
    pub skill: Spanned<String>,
    pub value: i32,
    #[serde(default)]
    pub during: Option<Spanned<String>>,
    #[serde(default)]
    pub may: bool,
    #[serde(default)]
    pub kind: Option<Spanned<String>>,
}

/// One of a monster's printed tests. EH: `will = { modifier = 1, horror = 1 }`,
/// `strength = { modifier = 0, damage = 2 }`, and `skill = "lore"` when the token tests another skill
/// in its place.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTest {
    #[serde(default)]
    pub skill: Option<Spanned<String>>,
    #[serde(default)]
    pub modifier: i32,
    #[serde(default)]
    pub horror: Option<i32>,
    #[serde(default)]
    pub damage: Option<i32>,
}

/// A card file as written. Every key a card of any kind may have; `kind` says which apply.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCard {
    pub id: Spanned<String>,
    pub name: String,
    pub kind: Spanned<CardKind>,
    #[serde(default)]
    pub traits: Vec<String>,
    /// The printed text, verbatim.
    #[serde(default)]
    pub text: String,
    /// Where the printed values come from.
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub notes: Option<String>,
    #[serde(default)]
    pub expansion: Option<String>,
    #[serde(default)]
    pub cost: Option<i32>,
    #[serde(default)]
    pub bonuses: Vec<RawBonus>,
    // investigators
    #[serde(default)]
    pub skills: Option<BTreeMap<String, Spanned<i32>>>,
    #[serde(default)]
    pub health: Option<i32>,
    #[serde(default)]
    pub sanity: Option<i32>,
    #[serde(default)]
    pub possessions: Vec<Spanned<String>>,
    // monsters
    #[serde(default)]
    pub epic: bool,
    #[serde(default)]
    pub toughness: Option<i32>,
    /// Toughness is `toughness` plus the number of investigators in the game (the Haunter of the Dark).
    #[serde(default)]
    pub toughness_adds_investigators: bool,
    #[serde(default)]
    pub will: Option<RawTest>,
    #[serde(default)]
    pub strength: Option<RawTest>,
    /// Inline Rhai source (scenario cards); base-pack cards keep theirs in scripts/.
    #[serde(default)]
    pub script: Option<Spanned<String>>,
    /// In a pack: this card takes the place of the card with this id from an earlier pack (its own id).
    #[serde(default)]
    pub replaces: Option<Spanned<String>>,
    // Arkham Horror investigators
    #[serde(default)]
    pub stamina: Option<i32>,
    #[serde(default)]
    pub focus: Option<i32>,
    #[serde(default)]
    pub home: Option<String>,
    /// The printed slider positions, e.g. `speed_sneak = [[0, 6], [1, 5], [2, 4], [3, 3]]`.
    #[serde(default)]
    pub sliders: Option<BTreeMap<String, Vec<[i32; 2]>>>,
    // Arkham Horror monsters
    #[serde(default)]
    pub awareness: Option<i32>,
    #[serde(default)]
    pub horror: Option<RawRating>,
    #[serde(default)]
    pub combat: Option<RawRating>,
    /// Ability keywords: ambush, endless, physical_resistance, physical_immunity, magical_resistance,
    /// magical_immunity, undead, mask.
    #[serde(default)]
    pub abilities: Vec<Spanned<String>>,
    #[serde(default)]
    pub nightmarish: Option<i32>,
    #[serde(default)]
    pub overwhelming: Option<i32>,
    #[serde(default)]
    pub movement: Option<String>,
    #[serde(default)]
    pub dimension: Option<String>,
    // Arkham Horror items and spells
    #[serde(default)]
    pub hands: Option<u32>,
    #[serde(default)]
    pub casting_modifier: Option<i32>,
    #[serde(default)]
    pub sanity_cost: Option<i32>,
    #[serde(default)]
    pub price: Option<i32>,
}

/// An AH2e monster rating: `horror = { rating = -3, damage = 2 }`; no `damage` when none is printed.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRating {
    pub rating: i32,
    #[serde(default)]
    pub damage: Option<i32>,
}

/// The AH2e monster ability keywords the rules define.
pub const KEYWORDS: [&str; 8] = Keyword::NAMES;

/// A validated card.
#[derive(Debug, Clone)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub kind: CardKind,
    pub traits: Vec<String>,
    pub text: String,
    pub source: String,
    pub magical: bool,
    pub bonuses: Vec<BonusDef>,
    pub skills: BTreeMap<Skill, i32>,
    pub health: Option<i32>,
    pub sanity: Option<i32>,
    pub possessions: Vec<String>,
    pub epic: bool,
    pub toughness: Option<i32>,
    pub will: Option<MonsterTest>,
    pub strength: Option<MonsterTest>,
    pub keywords: Vec<Keyword>,
    pub file: SourceFile,
    /// Span of the id, for diagnostics about the card as a whole.
    pub id_span: std::ops::Range<usize>,
    pub raw: RawCard,
}

fn bad(
    file: &SourceFile,
    span: std::ops::Range<usize>,
    msg: String,
    hint: Option<String>,
) -> Diagnostic {
    let d = Diagnostic::new("E0105", msg).at(file, span);
    match hint {
        Some(h) => d.hint(h),
        None => d,
    }
}

fn parse_skill(
    file: &SourceFile,
    s: &Spanned<String>,
    game: Game,
    allow_all: bool,
    out: &mut Vec<Diagnostic>,
) -> Option<Option<Skill>> {
    if allow_all && s.get_ref() == "all" {
        return Some(None);
    }
    match Skill::parse(s.get_ref()).filter(|k| game.skills().contains(k)) {
        Some(k) => Some(Some(k)),
        None => {
            let names: Vec<&str> = game.skills().iter().map(|k| k.as_str()).collect();
            out.push(bad(
                file,
                s.span(),
                format!("`{}` is not a skill of {}", s.get_ref(), game.as_str()),
                Some(format!(
                    "one of: {}{}",
                    names.join(", "),
                    if allow_all { ", all" } else { "" }
                )),
            ));
            None
        }
    }
}

impl Card {
    /// Checks a raw card against the rules of `game`, collecting every problem.
    pub fn validate(raw: RawCard, file: &SourceFile, game: Game) -> Result<Card, Vec<Diagnostic>> {
        let mut out = Vec::new();
        let id = raw.id.get_ref().clone();
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            out.push(bad(
                file,
                raw.id.span(),
                format!("card id `{id}` must be lowercase letters, digits and `_`"),
                Some(format!(
                    "the id of `{}` is `{}`",
                    raw.name,
                    super::card_id(&raw.name)
                )),
            ));
        }
        let magical = raw.traits.iter().any(|t| t.eq_ignore_ascii_case("magical"))
            || raw.kind.get_ref() == &CardKind::Spell;
        let mut bonuses = Vec::new();
        for b in &raw.bonuses {
            let skill = parse_skill(file, &b.skill, game, true, &mut out);
            let during = match b.during.as_ref().map(|d| d.get_ref().as_str()) {
                None | Some("any") => Some(During::Any),
                Some("combat") => Some(During::Combat),
                Some(other) => {
                    let d = b.during.as_ref().expect("matched Some");
                    out.push(bad(
                        file,
                        d.span(),
                        format!("`during = \"{other}\"` is not a time a bonus applies"),
                        Some("`any` or `combat`".into()),
                    ));
                    None
                }
            };
            let kind = match &b.kind {
                None => Some(None),
                Some(k) => match BonusKind::parse(k.get_ref()) {
                    Some(kind) => Some(Some(kind)),
                    None => {
                        out.push(bad(
                            file,
                            k.span(),
                            format!("`{}` is not a kind of bonus", k.get_ref()),
                            Some("`physical` or `magical`".into()),
                        ));
                        None
                    }
                },
            };
            if let (Some(skill), Some(during), Some(kind)) = (skill, during, kind) {
                bonuses.push(BonusDef {
                    skill,
                    value: b.value,
                    during,
                    may: b.may,
                    kind,
                });
            }
        }
        let mut skills = BTreeMap::new();
        if let Some(raw_skills) = &raw.skills {
            for (name, value) in raw_skills {
                match Skill::parse(name).filter(|k| game.skills().contains(k)) {
                    Some(k) => {
                        skills.insert(k, *value.get_ref());
                    }
                    None => {
                        let names: Vec<&str> = game.skills().iter().map(|k| k.as_str()).collect();
                        let hint = super::closest(name, names.iter().copied());
                        out.push(bad(
                            file,
                            value.span(),
                            format!("`{name}` is not a skill of {}", game.as_str()),
                            Some(match hint.first() {
                                Some(h) => format!("did you mean `{h}`?"),
                                None => format!("one of: {}", names.join(", ")),
                            }),
                        ));
                    }
                }
            }
        }
        let mut test = |t: &Option<RawTest>, default: Skill, loss: fn(&RawTest) -> Option<i32>| {
            t.as_ref().map(|t| {
                let skill = match &t.skill {
                    Some(s) => parse_skill(file, s, game, false, &mut out)
                        .flatten()
                        .unwrap_or(default),
                    None => default,
                };
                MonsterTest {
                    skill,
                    modifier: t.modifier,
                    loss: loss(t),
                }
            })
        };
        let mut will = test(&raw.will, Skill::Will, |t| t.horror);
        let mut strength = test(&raw.strength, Skill::Strength, |t| t.damage);
        if game == Game::Arkham {
            let rating = |r: &Option<RawRating>, skill| {
                r.as_ref().map(|r| MonsterTest {
                    skill,
                    modifier: r.rating,
                    loss: r.damage,
                })
            };
            will = will.or(rating(&raw.horror, Skill::Will));
            strength = strength.or(rating(&raw.combat, Skill::Fight));
        }
        let mut keywords = Vec::new();
        for a in &raw.abilities {
            if let Some(k) = Keyword::parse(a.get_ref()) {
                keywords.push(k);
            } else {
                let near = super::closest(a.get_ref(), KEYWORDS);
                out.push(bad(
                    file,
                    a.span(),
                    format!("`{}` is not a monster ability", a.get_ref()),
                    Some(match near.first() {
                        Some(n) => format!("did you mean `{n}`?"),
                        None => format!("one of: {}", KEYWORDS.join(", ")),
                    }),
                ));
            }
        }
        if raw.kind.get_ref() == &CardKind::Monster && raw.toughness.is_none() {
            out.push(
                Diagnostic::new("E0104", "a monster needs `toughness`")
                    .at(file, raw.kind.span())
                    .hint("add `toughness = N` as printed on the token"),
            );
        }
        if !out.is_empty() {
            return Err(out);
        }
        Ok(Card {
            id,
            name: raw.name.clone(),
            kind: *raw.kind.get_ref(),
            traits: raw.traits.clone(),
            text: raw.text.clone(),
            source: raw.source.clone(),
            magical,
            bonuses,
            skills,
            health: raw.health.or(raw.stamina),
            sanity: raw.sanity,
            possessions: raw
                .possessions
                .iter()
                .map(|p| p.get_ref().clone())
                .collect(),
            epic: raw.epic,
            toughness: raw.toughness,
            will,
            strength,
            keywords,
            file: file.clone(),
            id_span: raw.id.span(),
            raw,
        })
    }

    pub fn active(&self) -> ActiveCard {
        ActiveCard {
            id: self.id.clone(),
            name: self.name.clone(),
            magical: self.magical,
            bonuses: self.bonuses.clone(),
            hands: self.raw.hands.unwrap_or(0),
            casting: (self.kind == CardKind::Spell && self.raw.casting_modifier.is_some()).then(
                || Casting {
                    modifier: self.raw.casting_modifier.unwrap_or(0),
                    sanity_cost: self.raw.sanity_cost.unwrap_or(0),
                },
            ),
            traits: std::iter::once(format!("{:?}", self.kind).to_lowercase())
                .chain(self.traits.iter().map(|t| t.to_lowercase()))
                .collect(),
        }
    }

    /// The monster this card puts on the board, in a game of `investigators` investigators.
    pub fn monster(&self, investigators: u32) -> Monster {
        let extra = if self.raw.toughness_adds_investigators {
            investigators as i32
        } else {
            0
        };
        Monster {
            id: self.id.clone(),
            name: self.name.clone(),
            epic: self.epic,
            toughness: self.toughness.unwrap_or(1) + extra,
            health_tokens: 0,
            horror: self.will.clone(),
            combat: self.strength.clone(),
            awareness: self.raw.awareness,
            defeated: false,
            ambush: false,
            keywords: self.keywords.clone(),
            nightmarish: self.raw.nightmarish.unwrap_or(0),
            overwhelming: self.raw.overwhelming.unwrap_or(0),
            place: crate::kernel::Place::Space,
        }
    }
}

/// Parses TOML text into `T`, turning a parse error into a diagnostic with a stable code: E0101 a
/// syntax error, E0102 an unknown key (with the closest valid one), E0103 a wrong type or value, E0104 a
/// missing key.
pub fn parse_toml<T: serde::de::DeserializeOwned>(file: &SourceFile) -> Result<T, Diagnostic> {
    toml::from_str::<T>(&file.text).map_err(|e| toml_diagnostic(&e, file))
}

pub fn toml_diagnostic(e: &toml::de::Error, file: &SourceFile) -> Diagnostic {
    let msg = e.message().trim().to_string();
    let span = e.span().unwrap_or(0..0);
    if let Some(rest) = msg.strip_prefix("unknown field `") {
        let key = rest.split('`').next().unwrap_or("");
        let expected: Vec<&str> = msg
            .split("expected ")
            .nth(1)
            .map(|l| {
                l.split('`')
                    .enumerate()
                    .filter(|(i, _)| i % 2 == 1)
                    .map(|(_, s)| s)
                    .collect()
            })
            .unwrap_or_default();
        let hint = match super::closest(key, expected.iter().copied()).first() {
            Some(best) => format!("did you mean `{best}`?"),
            None if !expected.is_empty() => format!("valid keys here: {}", expected.join(", ")),
            None => "remove it".to_string(),
        };
        return Diagnostic::new("E0102", format!("unknown key `{key}`"))
            .at(file, span)
            .label("not a key here")
            .hint(hint);
    }
    if let Some(rest) = msg.strip_prefix("missing field `") {
        let key = rest.split('`').next().unwrap_or("");
        return Diagnostic::new("E0104", format!("missing key `{key}`"))
            .at(file, span)
            .hint(format!("add `{key} = ...`"));
    }
    if msg.starts_with("invalid type")
        || msg.starts_with("unknown variant")
        || msg.starts_with("invalid value")
    {
        let hint = match msg.split("expected ").nth(1) {
            Some(exp) => format!("expected {}", plain_type(exp)),
            None => "check the value's type".to_string(),
        };
        let first = msg.split(", expected").next().unwrap_or(&msg).to_string();
        return Diagnostic::new("E0103", first).at(file, span).hint(hint);
    }
    Diagnostic::new("E0101", format!("TOML syntax: {msg}"))
        .at(file, span)
        .hint("see https://toml.io for the syntax")
}

/// serde's Rust type names in words a modder reads: `i32` → `an integer`.
fn plain_type(expected: &str) -> String {
    match expected.trim() {
        "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "usize" => {
            "an integer".to_string()
        }
        "a boolean" | "bool" => "`true` or `false`".to_string(),
        other => other.to_string(),
    }
}
