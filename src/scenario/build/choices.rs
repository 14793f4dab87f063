//! `[dice]` → the scenario's own dice, and `[choices]` → the player's decisions: token policies, the
//! optional effects taken, and the AH2e plan for each round of Fight or Flee.

use super::{Builder, Section, e};
use crate::defs::{Code, Diagnostic, SourceFile};
use crate::kernel::{Action, DiceSource, Game, Policy, Round, copy_key, split_copy};
use crate::scenario::file::RawPolicy;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

impl Builder<'_> {
    /// The dice of `[dice]` (a scenario for `mythos odds` may leave them out).
    pub(super) fn dice(&mut self) -> Option<DiceSource> {
        self.at(Section::Dice, 0);
        let raw = self.raw;
        let d = raw.dice.as_ref()?;
        let dice = self.dice_faces(d);
        let Some(flips) = d.get_ref().flips.as_ref() else {
            return Some(dice);
        };
        let mut out = Vec::new();
        for f in flips {
            match u8::try_from(*f.get_ref()) {
                Ok(copy @ 1..) => out.push(copy),
                _ => {
                    let d = e(
                        Code::OutOfRange,
                        format!("{} is not a copy", f.get_ref()),
                        self.file,
                        f.span(),
                    )
                    .hint("a flip names the copy its card's back is: 1 for the first of `backs`, 2 for the second, ...");
                    self.push(d);
                }
            }
        }
        Some(dice.with_flips(out))
    }

    /// `[dice]`'s `faces` or `seed`.
    fn dice_faces(&mut self, d: &Spanned<crate::scenario::file::RawDice>) -> DiceSource {
        match (&d.get_ref().faces, d.get_ref().seed) {
            (Some(faces), None) => {
                let mut out = Vec::new();
                for (i, f) in faces.iter().enumerate() {
                    self.at(Section::Dice, i);
                    match u8::try_from(*f.get_ref()) {
                        Ok(face @ 1..=6) => out.push(face),
                        _ => {
                            let d = e(
                                Code::OutOfRange,
                                format!("{} is not a die face", f.get_ref()),
                                self.file,
                                f.span(),
                            )
                            .hint("faces are 1 to 6");
                            self.push(d);
                        }
                    }
                }
                DiceSource::fixed(out)
            }
            (None, Some(seed)) => DiceSource::seeded(seed),
            _ => {
                let d = e(
                    Code::Request,
                    "`[dice]` takes exactly one of `faces` or `seed`",
                    self.file,
                    d.span(),
                )
                .hint("`faces = [5, 2, 6]` or `seed = 42`");
                self.push(d);
                DiceSource::fixed(Vec::new())
            }
        }
    }

    /// The token policy of the game (`rerolls` in eldritch, `clues` in arkham): one for every test,
    /// and one by test kind.
    pub(super) fn policies(&mut self) -> (Policy, BTreeMap<String, Policy>) {
        self.at(Section::Policy, 0);
        let Some(choices) = self.raw.choices.as_ref() else {
            return (Policy::None, BTreeMap::new());
        };
        let raw = match self.game {
            Game::Eldritch => &choices.rerolls,
            Game::Arkham => &choices.clues,
        };
        let mut problems = Vec::new();
        let out = policy(raw, self.file, &mut problems);
        problems.into_iter().for_each(|d| self.push(d));
        out
    }

    /// The cards whose optional effects the player takes (`use`): ids, printed names, or a monster's
    /// own option, kept as written.
    pub(super) fn chosen(&mut self) -> Vec<String> {
        let Some(choices) = self.raw.choices.as_ref() else {
            return Vec::new();
        };
        choices
            .use_
            .iter()
            .map(|u| match self.resolve(u.get_ref()) {
                Some(c) => c.id.clone(),
                None => u.get_ref().clone(),
            })
            .collect()
    }

    /// The cards whose effects the player resolves before the monster's at the same moment
    /// (`first`): ids or printed names, kept as written.
    pub(super) fn first(&mut self) -> Vec<String> {
        let Some(choices) = self.raw.choices.as_ref() else {
            return Vec::new();
        };
        choices
            .first
            .iter()
            .map(|u| match self.resolve(u.get_ref()) {
                Some(c) => c.id.clone(),
                None => u.get_ref().clone(),
            })
            .collect()
    }

    /// AH2e: the plan for each round of Fight or Flee.
    pub(super) fn rounds(&mut self) -> Vec<Round> {
        let Some(choices) = self.raw.choices.as_ref() else {
            return Vec::new();
        };
        let mut rounds = Vec::new();
        for (i, r) in choices.rounds.iter().enumerate() {
            self.key = (Section::Rounds, i, 1);
            // Copies: `id#n` names the nth copy held; a plain `id` the first copy not yet named in
            // this list (in `cast`: the first copy in `wield` not yet cast).
            let mut wield: Vec<String> = Vec::new();
            for w in &r.wield {
                let (written, n) = written_copy(w.get_ref());
                let Some(id) = self.card_id_at(written, w.span()) else {
                    continue;
                };
                let n = n.unwrap_or_else(|| {
                    (1..)
                        .find(|k| !wield.contains(&copy_key(&id, *k)))
                        .unwrap_or(1)
                });
                wield.push(copy_key(&id, n));
            }
            let mut cast: Vec<String> = Vec::new();
            let mut spans = Vec::new();
            for c in &r.cast {
                let (written, n) = written_copy(c.get_ref());
                let Some(id) = self.card_id_at(written, c.span()) else {
                    continue;
                };
                let key = match n {
                    Some(n) => copy_key(&id, n),
                    None => wield
                        .iter()
                        .find(|k| split_copy(k).0 == id && !cast.contains(*k))
                        .cloned()
                        .unwrap_or(id),
                };
                cast.push(key);
                spans.push(c.span());
            }
            self.cast_spans.push(spans);
            let action = Action::parse(r.action.get_ref()).unwrap_or_else(|| {
                self.key = (Section::Rounds, i, 0);
                self.push(
                    e(
                        Code::OutOfRange,
                        format!("`{}` is not a combat action", r.action.get_ref()),
                        self.file,
                        r.action.span(),
                    )
                    .hint("`fight` or `flee`"),
                );
                Action::Fight
            });
            rounds.push(Round {
                action,
                wield,
                cast,
            });
        }
        rounds
    }
}

fn policy(
    raw: &Option<Spanned<RawPolicy>>,
    file: &SourceFile,
    problems: &mut Vec<Diagnostic>,
) -> (Policy, BTreeMap<String, Policy>) {
    let bad = |s: &str, span: Range<usize>| {
        e(
            Code::OutOfRange,
            format!("`{s}` is not a policy"),
            file,
            span,
        )
        .hint("`none`, `until_pass` or `max`")
    };
    match raw {
        None => (Policy::None, BTreeMap::new()),
        Some(p) => match p.get_ref() {
            RawPolicy::One(s) => match Policy::parse(s) {
                Some(pol) => (pol, BTreeMap::new()),
                None => {
                    problems.push(bad(s, p.span()));
                    (Policy::None, BTreeMap::new())
                }
            },
            RawPolicy::ByKind(map) => {
                let mut out = BTreeMap::new();
                for (kind, s) in map {
                    match Policy::parse(s) {
                        Some(pol) => {
                            out.insert(kind.clone(), pol);
                        }
                        None => problems.push(bad(s, p.span())),
                    }
                }
                (Policy::None, out)
            }
        },
    }
}

/// A card in `wield` or `cast` as written: its reference and, after a `#`, the copy it names
/// (`".45 Automatic#2"`: the second copy).
fn written_copy(s: &str) -> (&str, Option<usize>) {
    match s.rsplit_once('#') {
        Some((card, n)) => match n.trim().parse::<usize>() {
            Ok(n) if n >= 1 => (card.trim_end(), Some(n)),
            _ => (s, None),
        },
        None => (s, None),
    }
}
