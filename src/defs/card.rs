//! A validated card: a raw card file checked against the rules of one game, and what the kernel gets
//! from it (an active card, a monster). May import `kernel`, never `rhai` or `toml` parsing.

use super::bonus::{bad, bonus, parse_skill};
use super::numbers::{int, int_opt};
use super::raw::{CardKind, RawCard, RawRating, RawTest};
use super::{Code, Diagnostic, SourceFile};
use crate::kernel::Keyword;
use crate::kernel::monster::MonsterTest;
use crate::kernel::{ActiveCard, BonusDef, Casting, Game, Monster, Skill};
use std::collections::BTreeMap;

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

/// E0106 for each Arkham Horror key on an Eldritch Horror card (the README's promise).
fn other_game_keys(raw: &RawCard, file: &SourceFile, out: &mut Vec<Diagnostic>) {
    let rating = |r: &Option<RawRating>| r.as_ref().map(|r| r.rating.span());
    let keys = [
        ("awareness", raw.awareness.as_ref().map(|v| v.span())),
        ("hands", raw.hands.as_ref().map(|v| v.span())),
        (
            "casting_modifier",
            raw.casting_modifier.as_ref().map(|v| v.span()),
        ),
        ("sanity_cost", raw.sanity_cost.as_ref().map(|v| v.span())),
        (
            "spent_as_clue",
            raw.spent_as_clue.as_ref().map(|v| v.span()),
        ),
        (
            "max_stamina_bonus",
            raw.max_stamina_bonus.as_ref().map(|v| v.span()),
        ),
        (
            "max_sanity_bonus",
            raw.max_sanity_bonus.as_ref().map(|v| v.span()),
        ),
        ("nightmarish", raw.nightmarish.as_ref().map(|v| v.span())),
        ("overwhelming", raw.overwhelming.as_ref().map(|v| v.span())),
        ("stamina", raw.stamina.as_ref().map(|v| v.span())),
        ("horror", rating(&raw.horror)),
        ("combat", rating(&raw.combat)),
    ];
    for (key, span) in keys {
        if let Some(span) = span {
            out.push(
                Diagnostic::new(
                    Code::OtherGame,
                    format!("`{key}` is an Arkham Horror key: an Eldritch Horror card has none"),
                )
                .at(file, span)
                .label("not a key of this game")
                .hint(format!(
                    "remove `{key}`, or put the card in an `arkham` pack"
                )),
            );
        }
    }
    // Of the ability keywords, Eldritch Horror's rules define the two resistances only; the others
    // are Arkham Horror's (a monster's kind, such as undead, is one of its `traits`).
    for a in &raw.abilities {
        if Keyword::parse(a.get_ref()).is_some_and(|k| !k.eldritch()) {
            out.push(
                Diagnostic::new(
                    Code::OtherGame,
                    format!(
                        "`{}` is an Arkham Horror monster ability: Eldritch Horror's rules have none",
                        a.get_ref()
                    ),
                )
                .at(file, a.span())
                .label("not an ability of this game")
                .hint(
                    "an Eldritch Horror monster's abilities are `physical_resistance` and \
                     `magical_resistance`; a kind other cards name it by goes in `traits`",
                ),
            );
        }
    }
}

/// The id is lowercase letters, digits and `_` (the card-id rule of the scenario contract).
fn check_id(raw: &RawCard, file: &SourceFile, out: &mut Vec<Diagnostic>) {
    let id = raw.id.get_ref();
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
}

/// An investigator's printed skills, each a skill of the game.
fn skills(
    raw: &RawCard,
    file: &SourceFile,
    game: Game,
    out: &mut Vec<Diagnostic>,
) -> BTreeMap<Skill, i32> {
    let mut skills = BTreeMap::new();
    for (name, value) in raw.skills.iter().flatten() {
        match Skill::parse(name).filter(|k| game.skills().contains(k)) {
            Some(k) => {
                skills.insert(k, int(value));
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
    skills
}

/// A monster's two tests: EH's `will` and `strength` lines; AH2e's `horror` and `combat` ratings where
/// those are not given.
fn monster_tests(
    raw: &RawCard,
    file: &SourceFile,
    game: Game,
    out: &mut Vec<Diagnostic>,
) -> (Option<MonsterTest>, Option<MonsterTest>) {
    let mut test = |t: &Option<RawTest>, default: Skill, loss: fn(&RawTest) -> Option<i32>| {
        t.as_ref().map(|t| {
            let skill = match &t.skill {
                Some(s) => parse_skill(file, s, game, false, out)
                    .flatten()
                    .unwrap_or(default),
                None => default,
            };
            MonsterTest {
                skill,
                modifier: int_opt(&t.modifier).unwrap_or(0),
                loss: loss(t),
                x: false,
            }
        })
    };
    let mut will = test(&raw.will, Skill::Will, |t| int_opt(&t.horror));
    let mut strength = test(&raw.strength, Skill::Strength, |t| int_opt(&t.damage));
    if game == Game::Arkham {
        let rating = |r: &Option<RawRating>, skill| {
            r.as_ref().map(|r| MonsterTest {
                skill,
                modifier: r.rating.get_ref().number().unwrap_or(0),
                loss: int_opt(&r.damage),
                x: r.rating.get_ref().is_x(),
            })
        };
        will = will.or(rating(&raw.horror, Skill::Will));
        strength = strength.or(rating(&raw.combat, Skill::Fight));
    }
    (will, strength)
}

/// A monster's abilities, each a known keyword.
fn keywords(raw: &RawCard, file: &SourceFile, out: &mut Vec<Diagnostic>) -> Vec<Keyword> {
    let mut keywords = Vec::new();
    for a in &raw.abilities {
        if let Some(k) = Keyword::parse(a.get_ref()) {
            keywords.push(k);
        } else {
            let near = super::closest(a.get_ref(), Keyword::NAMES);
            out.push(bad(
                file,
                a.span(),
                format!("`{}` is not a monster ability", a.get_ref()),
                Some(match near.first() {
                    Some(n) => format!("did you mean `{n}`?"),
                    None => format!("one of: {}", Keyword::NAMES.join(", ")),
                }),
            ));
        }
    }
    keywords
}

impl Card {
    /// Checks a raw card against the rules of `game`, collecting every problem.
    pub fn validate(raw: RawCard, file: &SourceFile, game: Game) -> Result<Card, Vec<Diagnostic>> {
        let mut out = Vec::new();
        check_id(&raw, file, &mut out);
        let id = raw.id.get_ref().clone();
        let magical = raw.traits.iter().any(|t| t.eq_ignore_ascii_case("magical"))
            || raw.kind.get_ref() == &CardKind::Spell;
        let bonuses = raw
            .bonuses
            .iter()
            .filter_map(|b| bonus(b, file, game, &mut out))
            .collect();
        let skills = skills(&raw, file, game, &mut out);
        let (will, strength) = monster_tests(&raw, file, game, &mut out);
        let keywords = keywords(&raw, file, &mut out);
        if game == Game::Eldritch {
            other_game_keys(&raw, file, &mut out);
        } else if let Some(v) = &raw.for_your_space {
            // Who else is on the space is an Eldritch Horror scenario's `[[on_space]]`.
            out.push(
                Diagnostic::new(
                    Code::OtherGame,
                    "`for_your_space` is an Eldritch Horror key: an Arkham Horror card has none",
                )
                .at(file, v.span())
                .label("not a key of this game")
                .hint("remove `for_your_space`, or put the card in an `eldritch` pack"),
            );
        }
        super::numbers::check_card(&raw, file, &mut out);
        if raw.kind.get_ref() == &CardKind::Monster && raw.toughness.is_none() {
            out.push(
                Diagnostic::new(Code::MissingKey, "a monster needs `toughness`")
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
            health: int_opt(&raw.health).or(int_opt(&raw.stamina)),
            sanity: int_opt(&raw.sanity),
            possessions: raw
                .possessions
                .iter()
                .map(|p| p.get_ref().clone())
                .collect(),
            epic: raw.epic,
            toughness: int_opt(&raw.toughness),
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
            hands: int_opt(&self.raw.hands).map_or(0, |h| h.max(0) as u32),
            // A spell that prints a Sanity cost and no casting modifier prints it "Special".
            casting: (self.kind == CardKind::Spell
                && (self.raw.casting_modifier.is_some() || self.raw.sanity_cost.is_some()))
            .then(|| Casting {
                modifier: int_opt(&self.raw.casting_modifier),
                sanity_cost: int_opt(&self.raw.sanity_cost).unwrap_or(0),
            }),
            max_health_bonus: int_opt(&self.raw.max_stamina_bonus).unwrap_or(0),
            max_sanity_bonus: int_opt(&self.raw.max_sanity_bonus).unwrap_or(0),
            backs: self.raw.backs.len(),
            copies: int_opt(&self.raw.count)
                .map_or(self.raw.backs.len(), |c| c.max(0) as usize)
                .max(1),
            spent_as_clue: self
                .raw
                .spent_as_clue
                .as_ref()
                .is_some_and(|v| *v.get_ref()),
            traits: std::iter::once(format!("{:?}", self.kind).to_lowercase())
                .chain(self.traits.iter().map(|t| t.to_lowercase()))
                .collect(),
        }
    }

    /// The monster this card puts on the board, in a game of `investigators` investigators.
    pub fn monster(&self, investigators: u32) -> Monster {
        let extra = if self.raw.toughness_adds_investigators {
            i32::try_from(investigators).unwrap_or(i32::MAX)
        } else {
            0
        };
        Monster {
            id: self.id.as_str().into(),
            name: self.name.as_str().into(),
            epic: self.epic,
            toughness: self.toughness.unwrap_or(1).saturating_add(extra),
            health_tokens: 0,
            horror: self.will.clone(),
            combat: self.strength.clone(),
            awareness: int_opt(&self.raw.awareness),
            defeated: false,
            ambush: false,
            keywords: self.keywords.clone(),
            nightmarish: int_opt(&self.raw.nightmarish).unwrap_or(0),
            overwhelming: int_opt(&self.raw.overwhelming).unwrap_or(0),
            place: crate::kernel::Place::Space,
        }
    }
}
