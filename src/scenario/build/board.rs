//! The EH board keys of a scenario: `space`, `investigators_on_space`, `[[on_space]]`, `mysteries_solved`,
//! `ancient_one`, and `[test] encounter`. Arkham Horror has none of them.

use super::{Builder, Section, e};
use crate::defs::{CardKind, Code, Diagnostic, closest};
use crate::kernel::{Board, EncounterKind, Game, OnSpace, SpaceKind};
use std::ops::Range;
use std::sync::Arc;

impl Builder<'_> {
    /// The board keys (the encounter is the request's); in Arkham Horror each is refused.
    pub(super) fn board(&mut self) -> Board {
        let raw = self.raw;
        let mut board = Board::default();
        if self.game == Game::Arkham {
            let keys = [
                ("space", raw.space.as_ref().map(|v| v.span())),
                (
                    "investigators_on_space",
                    raw.investigators_on_space.as_ref().map(|v| v.span()),
                ),
                (
                    "mysteries_solved",
                    raw.mysteries_solved.as_ref().map(|v| v.span()),
                ),
                ("ancient_one", raw.ancient_one.as_ref().map(|v| v.span())),
                ("on_space", raw.on_space.first().map(|v| v.span())),
            ];
            for (i, (key, span)) in keys.into_iter().enumerate() {
                if let Some(span) = span {
                    self.at(Section::Top, 2 + i);
                    let d = eldritch_key(key, self.file, span);
                    self.push(d);
                }
            }
            return board;
        }
        self.at(Section::Top, 2);
        if let Some(s) = &raw.space {
            match SpaceKind::parse(s.get_ref()) {
                Some(k) => board.space = Some(k),
                None => {
                    let d = e(
                        Code::OutOfRange,
                        format!("`{}` is not a kind of space", s.get_ref()),
                        self.file,
                        s.span(),
                    )
                    .label("not a kind of space")
                    .hint(format!(
                        "the kinds of Eldritch Horror space: {}",
                        SpaceKind::NAMES.join(", ")
                    ));
                    self.push(d);
                }
            }
        }
        // Out of range here is reported by the kernel's check, at the key.
        if let Some(n) = &raw.investigators_on_space {
            board.investigators_on_space = u32::try_from(*n.get_ref()).unwrap_or(u32::MAX);
        }
        self.on_space(&mut board);
        if let Some(n) = &raw.mysteries_solved {
            board.mysteries_solved = u32::try_from(*n.get_ref()).unwrap_or(u32::MAX);
        }
        self.at(Section::Top, 5);
        if let Some(a) = &raw.ancient_one {
            let known = self.set.qualifiers();
            match known
                .iter()
                .find(|k| k.eq_ignore_ascii_case(a.get_ref().trim()))
            {
                Some(k) => board.ancient_one = Some(Arc::from(k.as_str())),
                None => {
                    let d = unknown_ancient_one(a.get_ref(), &known, self.file, a.span());
                    self.push(d);
                }
            }
        }
        board
    }

    /// `[[on_space]]`: the other investigators on the space, each by his cards, and of those cards
    /// the ones whose text acts for every investigator on the space (`for_your_space`). They count
    /// among `investigators_on_space`, which is their number when not written, and may not be fewer.
    fn on_space(&mut self, board: &mut Board) {
        let raw = self.raw;
        for (i, entry) in raw.on_space.iter().enumerate() {
            self.at(Section::Top, 7 + i);
            let mut other = OnSpace::default();
            if let Some(card) = &entry.get_ref().card
                && let Some(id) = self.card_ref(card)
            {
                if self.set.cards[&id].kind == CardKind::Investigator {
                    other.card = Some(id);
                } else {
                    let d = e(
                        Code::WrongKind,
                        format!("`{id}` is not an investigator"),
                        self.file,
                        card.span(),
                    )
                    .hint(
                        "name his investigator card here, or list this card in his `possessions`",
                    );
                    self.push(d);
                }
            }
            for p in &entry.get_ref().possessions {
                if let Some(id) = self.card_ref(p) {
                    other.possessions.push(id);
                }
            }
            for id in other.card.iter().chain(&other.possessions) {
                let shared = self.set.cards[id]
                    .raw
                    .for_your_space
                    .as_ref()
                    .is_some_and(|v| *v.get_ref());
                if shared {
                    board.for_the_space.push(id.clone());
                }
            }
            board.others.push(other);
        }
        let named = u32::try_from(board.others.len()).unwrap_or(u32::MAX);
        match &raw.investigators_on_space {
            None => board.investigators_on_space = named,
            Some(n) if board.investigators_on_space < named => {
                self.at(Section::Top, 3);
                let d = e(
                    Code::OutOfRange,
                    format!(
                        "`investigators_on_space = {}` with {named} in `[[on_space]]`",
                        n.get_ref()
                    ),
                    self.file,
                    n.span(),
                )
                .label("fewer than `[[on_space]]` names")
                .hint(
                    "each `[[on_space]]` entry is one of the other investigators on the space: \
                     raise `investigators_on_space`, or leave it out (it is then their number)",
                );
                self.push(d);
            }
            Some(_) => {}
        }
    }

    /// The AH2e table keys: `terror_level` and `environment` (a Mythos card in play). In Eldritch
    /// Horror each is refused.
    pub(super) fn arkham_table(&mut self) -> (u32, Option<Arc<str>>) {
        let raw = self.raw;
        self.at(Section::Top, 1);
        if self.game == Game::Eldritch {
            let keys = [
                ("terror_level", raw.terror_level.as_ref().map(|v| v.span())),
                ("environment", raw.environment.as_ref().map(|v| v.span())),
            ];
            for (key, span) in keys {
                if let Some(span) = span {
                    let d = arkham_key(key, self.file, span);
                    self.push(d);
                }
            }
            return (0, None);
        }
        let terror = self
            .number_opt(&raw.terror_level, crate::kernel::bounds::TERROR_LEVEL)
            .map_or(0, |n| n.unsigned_abs());
        let Some(written) = &raw.environment else {
            return (terror, None);
        };
        let Some(id) = self.card_ref(written) else {
            return (terror, None);
        };
        let environment = match self.set.cards[&id].kind {
            crate::defs::CardKind::Mythos => Some(Arc::from(id.as_str())),
            _ => {
                let d = e(
                    Code::WrongKind,
                    format!("`{id}` is not a Mythos card"),
                    self.file,
                    written.span(),
                )
                .hint("`environment` takes an Environment, a card of kind `mythos`");
                self.push(d);
                None
            }
        };
        (terror, environment)
    }

    /// `[test] encounter`: the kind of encounter the test is part of (EH).
    pub(super) fn encounter(&mut self) -> Option<EncounterKind> {
        let t = self.raw.test.as_ref()?.get_ref();
        let written = t.encounter.as_ref()?;
        if self.game == Game::Arkham {
            let d = eldritch_key("encounter", self.file, written.span());
            self.push(d);
            return None;
        }
        match EncounterKind::parse(written.get_ref()) {
            Some(k) => Some(k),
            None => {
                let mut d = e(
                    Code::OutOfRange,
                    format!("`{}` is not a kind of encounter", written.get_ref()),
                    self.file,
                    written.span(),
                )
                .label("not a kind of encounter")
                .hint(format!(
                    "the kinds a test may be part of: {}",
                    EncounterKind::NAMES.join(", ")
                ));
                if written.get_ref() == "combat" {
                    d = d.hint(
                        "a Combat Encounter is `[[monsters]]`; a `[test]` may be part of: \
                         location, research, other_world, expedition, special, mystic_ruins, \
                         dream_quest",
                    );
                }
                self.push(d);
                None
            }
        }
    }

    /// A card named by id or printed name, a name several cards share told apart by the Ancient
    /// One (`Cultist` with `ancient_one = "Cthulhu"`).
    pub(super) fn resolve(&self, reference: &str) -> Option<&crate::defs::Card> {
        let ancient = self.raw.ancient_one.as_ref().map(|a| a.get_ref().as_str());
        self.set.resolve_for(reference, ancient)
    }

    /// The diagnostic for a reference [`Builder::resolve`] finds no card for.
    pub(super) fn unknown(&self, reference: &str, span: Range<usize>) -> Diagnostic {
        let d = self.set.unknown(reference, self.file, span);
        match (&self.raw.ancient_one, d.code) {
            (Some(a), Code::AmbiguousCard) => {
                let hint = d.hint.clone().unwrap_or_default();
                d.hint(format!(
                    "{hint} (none is of the Ancient One `{}`)",
                    a.get_ref()
                ))
            }
            (None, Code::AmbiguousCard) => {
                let hint = d.hint.clone().unwrap_or_default();
                d.hint(format!(
                    "{hint}; or say which Ancient One the game has (`ancient_one = \"...\"`)"
                ))
            }
            _ => d,
        }
    }
}

/// E0106: an Eldritch Horror board key in an Arkham Horror scenario.
fn eldritch_key(key: &str, file: &crate::defs::SourceFile, span: Range<usize>) -> Diagnostic {
    e(
        Code::OtherGame,
        format!("`{key}` is an Eldritch Horror key"),
        file,
        span,
    )
    .label("not a key of this game")
    .hint(format!(
        "remove `{key}`: Arkham Horror has no such board state"
    ))
}

fn arkham_key(key: &str, file: &crate::defs::SourceFile, span: Range<usize>) -> Diagnostic {
    e(
        Code::OtherGame,
        format!("`{key}` is an Arkham Horror key"),
        file,
        span,
    )
    .label("not a key of this game")
    .hint(format!(
        "remove `{key}`: Eldritch Horror has no such table state"
    ))
}

/// E0209: an Ancient One no loaded card names.
fn unknown_ancient_one(
    written: &str,
    known: &[String],
    file: &crate::defs::SourceFile,
    span: Range<usize>,
) -> Diagnostic {
    let near = closest(written, known.iter().map(String::as_str));
    let shown = if near.is_empty() {
        known.to_vec()
    } else {
        near
    };
    e(
        Code::UnknownAncientOne,
        format!("no Ancient One `{written}` among the cards loaded"),
        file,
        span,
    )
    .label("no such Ancient One")
    .hint(format!(
        "Ancient Ones of the cards loaded: {}",
        shown.join(", ")
    ))
}
