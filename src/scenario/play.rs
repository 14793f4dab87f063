//! A scenario file → the card set, the investigator, the test or combat, the dice and the choices →
//! an encounter, played to its end.

use super::file::{RawPolicy, RawScenario};
use super::inline::parse_inline_card;
use super::packs::{PackReader, load_packs, no_packs};
use crate::defs::{CardKind, CardSet, Diagnostic, Diagnostics, SourceFile, parse_toml_all};
use crate::kernel::{
    DiceSource, Encounter, Game, Investigator, KernelError, Policy, Procedure, Round, Rules, Setup,
    Skill, TestRequest, TestSpec, procedure_for,
};
use crate::script::ScriptHooks;
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;
use toml::Spanned;

/// A scenario that was played: the final state and transcript, or the state when a hook failed
/// together with the diagnostic (nothing of the failed hook applied).
pub struct Played {
    pub scenario: RawScenario,
    pub file: SourceFile,
    pub encounter: Encounter,
    /// The investigator as the scenario set them up, before anything happened.
    pub start: Investigator,
    pub set: CardSet,
    pub error: Option<Diagnostic>,
}

impl Played {
    pub fn names(&self) -> BTreeMap<String, String> {
        self.set
            .cards
            .iter()
            .map(|(id, c)| (id.clone(), c.name.clone()))
            .collect()
    }
}

/// Where a game's base pack comes from (the embedded one, or `--base DIR`).
pub type BaseLoader<'a> = &'a dyn Fn(Game) -> Result<CardSet, Diagnostics>;

fn e(
    code: crate::defs::Code,
    msg: impl Into<String>,
    file: &SourceFile,
    span: Range<usize>,
) -> Diagnostic {
    Diagnostic::new(code, msg).at(file, span)
}

/// Parses and plays one scenario file.
pub fn play_file(file: &SourceFile, base: BaseLoader<'_>) -> Result<Played, Vec<Diagnostic>> {
    play_file_with_packs(file, base, &no_packs)
}

/// Parses and plays one scenario file, reading the folders of its `packs` with `packs`.
pub fn play_file_with_packs(
    file: &SourceFile,
    base: BaseLoader<'_>,
    packs: PackReader<'_>,
) -> Result<Played, Vec<Diagnostic>> {
    prepare_file(file, base, packs)?.play()
}

/// Parses and prepares one scenario file, to be played any number of times (exact odds, sampling).
pub fn prepare_file(
    file: &SourceFile,
    base: BaseLoader<'_>,
    packs: PackReader<'_>,
) -> Result<Prepared, Vec<Diagnostic>> {
    let raw: RawScenario = parse_toml_all(file)?;
    prepare(raw, file, base, packs)
}

struct Builder<'a> {
    file: &'a SourceFile,
    set: CardSet,
    problems: Vec<Diagnostic>,
}

impl Builder<'_> {
    /// A card reference: an id or printed name, or an inline table holding a whole card.
    fn card_ref(&mut self, v: &Spanned<toml::Value>) -> Option<String> {
        match v.get_ref() {
            toml::Value::String(s) => match self.set.resolve(s) {
                Some(c) => Some(c.id.clone()),
                None => {
                    self.problems.push(self.set.unknown(s, self.file, v.span()));
                    None
                }
            },
            toml::Value::Table(_) => {
                let raw = match parse_inline_card(self.file, v.span()) {
                    Ok(r) => r,
                    Err(d) => {
                        self.problems.push(d);
                        return None;
                    }
                };
                match self.set.add_inline(raw, self.file) {
                    Ok(id) => Some(id),
                    Err(mut ds) => {
                        self.problems.append(&mut ds);
                        None
                    }
                }
            }
            _ => {
                self.problems.push(
                    e(
                        crate::defs::Code::WrongType,
                        "a card is named by its id or printed name, or defined inline",
                        self.file,
                        v.span(),
                    )
                    .hint(
                        "write a card id such as `\"my_card\"` or `{ id = \"...\", name = \"...\", kind = \"...\" }`",
                    ),
                );
                None
            }
        }
    }
}

fn policy(
    raw: &Option<Spanned<RawPolicy>>,
    file: &SourceFile,
    problems: &mut Vec<Diagnostic>,
) -> (Policy, BTreeMap<String, Policy>) {
    let bad = |s: &str, span: Range<usize>| {
        e(
            crate::defs::Code::OutOfRange,
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

/// Reads, checks and plays one scenario with its own `[dice]`.
pub fn play(
    raw: RawScenario,
    file: &SourceFile,
    base: BaseLoader<'_>,
    packs: PackReader<'_>,
) -> Result<Played, Vec<Diagnostic>> {
    prepare(raw, file, base, packs)?.play()
}

/// Reads and checks a scenario, compiles its scripts, and sets up the encounter it asks for.
pub fn prepare(
    raw: RawScenario,
    file: &SourceFile,
    base: BaseLoader<'_>,
    packs: PackReader<'_>,
) -> Result<Prepared, Vec<Diagnostic>> {
    let Some(game) = Game::parse(raw.game.get_ref()) else {
        return Err(vec![
            e(
                crate::defs::Code::OutOfRange,
                format!("`{}` is not a game", raw.game.get_ref()),
                file,
                raw.game.span(),
            )
            .hint("`eldritch` or `arkham`"),
        ]);
    };
    let procedure = procedure_for(game);
    let set = base(game).map_err(|d| d.0)?;
    let mut b = Builder {
        file,
        set,
        problems: Vec::new(),
    };
    let mut pack_problems = load_packs(&mut b.set, &raw.packs, packs, file);
    b.problems.append(&mut pack_problems);

    // The investigator: a card's printed values, then every key of the scenario over them.
    let ri = raw.investigator.clone().unwrap_or_default();
    let mut inv = Investigator::new(game);
    if let Some(card) = &ri.card
        && let Some(id) = b.card_ref(card)
    {
        let c = &b.set.cards[&id];
        if c.kind != CardKind::Investigator {
            b.problems.push(
                e(
                    crate::defs::Code::WrongKind,
                    format!("`{id}` is not an investigator"),
                    file,
                    card.span(),
                )
                .hint("name an investigator card here, or list this card in `possessions`"),
            );
        }
        inv.name = c.name.clone();
        inv.card = Some(id.clone());
        for (k, v) in &c.skills {
            inv.skills.insert(*k, *v);
        }
        if let Some(h) = c.health {
            inv.health = h;
            inv.max_health = h;
        }
        if let Some(s) = c.sanity {
            inv.sanity = s;
            inv.max_sanity = s;
        }
    }
    if let Some(n) = &ri.name {
        inv.name = n.clone();
    }
    let skill_keys = [
        (Skill::Lore, ri.lore),
        (Skill::Influence, ri.influence),
        (Skill::Observation, ri.observation),
        (Skill::Strength, ri.strength),
        (Skill::Will, ri.will),
        (Skill::Speed, ri.speed),
        (Skill::Sneak, ri.sneak),
        (Skill::Fight, ri.fight),
        (Skill::Luck, ri.luck),
    ];
    for (skill, value) in skill_keys {
        if let Some(v) = value {
            if !game.skills().contains(&skill) {
                b.problems.push(
                    e(
                        crate::defs::Code::OtherGame,
                        format!("`{skill}` is not a skill of {}", game.as_str()),
                        file,
                        v.span(),
                    )
                    .label("not a skill in this game")
                    .hint(format!(
                        "skills of {}: {}",
                        game.as_str(),
                        game.skills()
                            .iter()
                            .map(|s| s.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                );
            }
            inv.skills.insert(skill, *v.get_ref());
        }
    }
    let (health, max_health) = match game {
        Game::Eldritch => (ri.health, ri.max_health),
        Game::Arkham => (ri.stamina, ri.max_stamina),
    };
    if let Some(h) = health {
        inv.health = h;
        inv.max_health = inv.max_health.max(h);
    }
    if let Some(m) = max_health {
        inv.max_health = m;
    }
    if let Some(s) = ri.sanity {
        inv.sanity = s;
        inv.max_sanity = inv.max_sanity.max(s);
    }
    if let Some(m) = ri.max_sanity {
        inv.max_sanity = m;
    }
    inv.clues = ri.clues.unwrap_or(0);
    inv.focus = ri.focus.unwrap_or(0);
    for (k, v) in &ri.improvements {
        match Skill::parse(k).filter(|s| game == Game::Eldritch && game.skills().contains(s)) {
            Some(s) if matches!(*v.get_ref(), -2 | -1 | 1 | 2) => {
                inv.improvements.insert(s, *v.get_ref());
            }
            Some(_) => b.problems.push(
                e(crate::defs::Code::OutOfRange, format!("an improvement token is +1 or +2, an impairment −1 or −2, not {}", v.get_ref()), file, v.span())
                    .hint("the maximum is +2 and the minimum −2"),
            ),
            None => b.problems.push(
                e(crate::defs::Code::OtherGame, format!("`{k}` cannot hold an improvement token"), file, v.span())
                    .hint("improvements are Eldritch Horror tokens on lore, influence, observation, strength or will"),
            ),
        }
    }
    for p in &ri.possessions {
        if let Some(id) = b.card_ref(p) {
            inv.possessions.push(id);
        }
    }
    for c in &ri.conditions {
        if let Some(id) = b.card_ref(c) {
            inv.conditions.push(id);
        }
    }
    if let Some(loc) = &ri.location {
        inv.location = Some(loc.get_ref().clone());
    }

    // What happens.
    let request = match (&raw.test, &raw.monsters) {
        (Some(t), None) => {
            let tr = t.get_ref();
            let skill = match Skill::parse(tr.skill.get_ref()).filter(|s| game.skills().contains(s))
            {
                Some(s) => s,
                None => {
                    b.problems.push(
                        e(
                            crate::defs::Code::OutOfRange,
                            format!(
                                "`{}` is not a skill of {}",
                                tr.skill.get_ref(),
                                game.as_str()
                            ),
                            file,
                            tr.skill.span(),
                        )
                        .hint(
                            game.skills()
                                .iter()
                                .map(|s| s.as_str())
                                .collect::<Vec<_>>()
                                .join(", "),
                        ),
                    );
                    Skill::Will
                }
            };
            let mut spec = match &tr.kind {
                Some(k) => TestSpec::new(skill, k.clone()),
                None => TestSpec::new(skill, "test"),
            };
            spec.modifier = tr.modifier;
            spec.difficulty = tr.difficulty.unwrap_or(1);
            if game == Game::Eldritch && tr.difficulty.is_some_and(|d| d != 1) {
                b.problems.push(
                    e(
                        crate::defs::Code::OtherGame,
                        "Eldritch Horror tests have no difficulty",
                        file,
                        t.span(),
                    )
                    .hint("one success passes; remove `difficulty`"),
                );
            }
            Some(TestRequest::Test(spec))
        }
        (None, Some(_)) => Some(TestRequest::Combat),
        (Some(t), Some(_)) => {
            b.problems.push(e(
                crate::defs::Code::Request,
                "a scenario has `[test]` or `[[monsters]]`, not both",
                file,
                t.span(),
            ));
            None
        }
        (None, None) => {
            b.problems.push(
                e(
                    crate::defs::Code::Request,
                    "nothing happens: the scenario needs `[test]` or `[[monsters]]`",
                    file,
                    raw.game.span(),
                )
                .hint("add `[test]` with `skill = \"...\"`"),
            );
            None
        }
    };

    // The monsters, in the order the player meets them among Normal ones (`choices.order`).
    let investigators = raw.investigators_in_game.unwrap_or(1);
    let mut monsters = Vec::new();
    for entry in raw.monsters.iter().flatten() {
        let en = entry.get_ref();
        let Some(id) = b.card_ref(&en.card) else {
            continue;
        };
        let card = &b.set.cards[&id];
        if card.kind != CardKind::Monster {
            b.problems.push(
                e(
                    crate::defs::Code::WrongKind,
                    format!("`{id}` is not a monster"),
                    file,
                    en.card.span(),
                )
                .hint("`[[monsters]]` takes monster cards"),
            );
            continue;
        }
        let mut m = card.monster(investigators);
        if let Some(t) = en.toughness {
            m.toughness = t;
        }
        if let Some(epic) = en.epic {
            m.epic = epic;
        }
        if let Some(d) = &en.damage {
            if *d.get_ref() < 0 || *d.get_ref() >= m.toughness {
                b.problems.push(
                    e(
                        crate::defs::Code::OutOfRange,
                        format!(
                            "{} Health tokens on a monster of toughness {}",
                            d.get_ref(),
                            m.toughness
                        ),
                        file,
                        d.span(),
                    )
                    .hint("a monster with Health tokens at its toughness is already defeated"),
                );
            }
            m.damage = *d.get_ref();
        }
        m.ambush = en.ambush;
        monsters.push(Arc::new(m));
    }
    if let Some(choices) = &raw.choices {
        let mut rank = BTreeMap::new();
        for (i, o) in choices.order.iter().enumerate() {
            match b
                .set
                .resolve(o.get_ref())
                .filter(|c| monsters.iter().any(|m| m.id == c.id))
            {
                Some(c) => {
                    rank.entry(c.id.clone()).or_insert(i);
                }
                None => b.problems.push(
                    e(
                        crate::defs::Code::UnknownCard,
                        format!(
                            "`{}` in `order` is not a monster of this scenario",
                            o.get_ref()
                        ),
                        file,
                        o.span(),
                    )
                    .hint(format!(
                        "monsters here: {}",
                        monsters
                            .iter()
                            .map(|m| m.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                ),
            }
        }
        monsters.sort_by_key(|m| rank.get(&m.id).copied().unwrap_or(usize::MAX));
    }

    // The dice (a scenario for `mythos odds` may leave them out).
    let dice = raw
        .dice
        .as_ref()
        .map(|d| match (&d.get_ref().faces, d.get_ref().seed) {
            (Some(faces), None) => {
                let mut out = Vec::new();
                for f in faces {
                    if (1..=6).contains(f.get_ref()) {
                        out.push(*f.get_ref() as u8);
                    } else {
                        b.problems.push(
                            e(
                                crate::defs::Code::OutOfRange,
                                format!("{} is not a die face", f.get_ref()),
                                file,
                                f.span(),
                            )
                            .hint("faces are 1 to 6"),
                        );
                    }
                }
                DiceSource::fixed(out)
            }
            (None, Some(seed)) => DiceSource::seeded(seed),
            _ => {
                b.problems.push(
                    e(
                        crate::defs::Code::Request,
                        "`[dice]` takes exactly one of `faces` or `seed`",
                        file,
                        d.span(),
                    )
                    .hint("`faces = [5, 2, 6]` or `seed = 42`"),
                );
                DiceSource::fixed(Vec::new())
            }
        });

    // The player's choices.
    let choices = raw.choices.clone().unwrap_or_default();
    let (default_policy, by_kind) = match game {
        Game::Eldritch => policy(&choices.rerolls, file, &mut b.problems),
        Game::Arkham => policy(&choices.clues, file, &mut b.problems),
    };
    let mut chosen = Vec::new();
    for u in &choices.use_ {
        match b.set.resolve(u.get_ref()) {
            Some(c) => chosen.push(c.id.clone()),
            None => chosen.push(u.get_ref().clone()),
        }
    }

    // AH2e: the plan for each round of Fight or Flee.
    let mut rounds = Vec::new();
    for r in &choices.rounds {
        let action = r.action.get_ref().clone();
        if action != "fight" && action != "flee" {
            b.problems.push(
                e(
                    crate::defs::Code::OutOfRange,
                    format!("`{action}` is not a combat action"),
                    file,
                    r.action.span(),
                )
                .hint("`fight` or `flee`"),
            );
        }
        let ids = |list: &Vec<Spanned<String>>, b: &mut Builder<'_>| -> Vec<String> {
            list.iter()
                .filter_map(|w| match b.set.resolve(w.get_ref()) {
                    Some(c) => Some(c.id.clone()),
                    None => {
                        b.problems.push(b.set.unknown(w.get_ref(), file, w.span()));
                        None
                    }
                })
                .collect()
        };
        let wield = ids(&r.wield, &mut b);
        let cast = ids(&r.cast, &mut b);
        for (c, span) in cast.iter().zip(r.cast.iter().map(|c| c.span())) {
            if !wield.contains(c) {
                b.problems.push(
                    e(
                        crate::defs::Code::OutOfRange,
                        format!("`{c}` is cast but not in `wield`"),
                        file,
                        span,
                    )
                    .hint("a spell is cast from the hands: list it in `wield` too"),
                );
            }
        }
        let hands: u32 = wield
            .iter()
            .filter_map(|id| b.set.cards.get(id))
            .map(|c| c.raw.hands.unwrap_or(0))
            .sum();
        if hands > 2
            && let (Some(first), Some(last)) = (r.wield.first(), r.wield.last())
        {
            b.problems.push(
                e(
                    crate::defs::Code::OutOfRange,
                    format!("these cards need {hands} hands; an investigator has 2"),
                    file,
                    first.span().start..last.span().end,
                )
                .label("more than two hands")
                .hint("hold fewer weapons and spells this round (AH rulebook p.16)"),
            );
        }
        rounds.push(Round {
            action,
            wield,
            cast,
        });
    }
    if game == Game::Arkham
        && let Some(loc) = &ri.location
        && !["arkham", "other_world"].contains(&loc.get_ref().as_str())
    {
        b.problems.push(
            e(
                crate::defs::Code::OutOfRange,
                format!("`{}` is not a starting location", loc.get_ref()),
                file,
                loc.span(),
            )
            .hint("`arkham` or `other_world`"),
        );
    }

    let hooks = match ScriptHooks::compile(&b.set) {
        Ok(h) => Some(h),
        Err(mut ds) => {
            b.problems.append(&mut ds);
            None
        }
    };
    if !b.problems.is_empty() {
        return Err(b.problems);
    }
    let (Some(request), Some(hooks)) = (request, hooks) else {
        unreachable!("a missing request or script set is always reported above")
    };

    let catalog = std::sync::Arc::new(
        b.set
            .cards
            .iter()
            .map(|(id, c)| (id.clone(), c.active()))
            .collect(),
    );
    let rules = Rules {
        clues_after_zero_dice: raw
            .rules
            .as_ref()
            .and_then(|r| r.clues_after_zero_dice)
            .unwrap_or(true),
        open_gates: raw.open_gates.unwrap_or(0),
    };
    let start = inv.clone();
    let setup = Setup {
        game,
        investigator: Arc::new(inv),
        monsters,
        catalog,
        dice: DiceSource::fixed(Vec::new()),
        policy: by_kind,
        default_policy,
        chosen,
        investigators_in_game: investigators,
        rules,
        rounds,
        evade_first: choices.evade.unwrap_or(false),
    };
    Ok(Prepared {
        scenario: raw,
        file: file.clone(),
        set: b.set,
        setup,
        request,
        hooks,
        start,
        procedure,
        dice,
    })
}

/// A scenario read, checked and compiled, ready to be played any number of times with any dice (exact
/// odds replay it thousands of times).
pub struct Prepared {
    pub scenario: RawScenario,
    pub file: SourceFile,
    pub set: CardSet,
    pub setup: Setup,
    pub request: TestRequest,
    pub hooks: ScriptHooks,
    /// The investigator before anything happened.
    pub start: Investigator,
    procedure: &'static dyn Procedure,
    /// The scenario's own `[dice]`, if it has them.
    pub dice: Option<DiceSource>,
}

/// Everything of a prepared scenario but its compiled scripts: it can be shared between threads, and
/// each thread compiles its own scripts from it (the Rhai engine is single-threaded).
#[derive(Clone)]
pub struct Blueprint {
    scenario: RawScenario,
    file: SourceFile,
    set: CardSet,
    setup: Setup,
    request: TestRequest,
    start: Investigator,
    procedure: &'static dyn Procedure,
}

impl Blueprint {
    pub fn instantiate(&self) -> Result<Prepared, Vec<Diagnostic>> {
        Ok(Prepared {
            hooks: ScriptHooks::compile(&self.set)?,
            scenario: self.scenario.clone(),
            file: self.file.clone(),
            set: self.set.clone(),
            setup: self.setup.clone(),
            request: self.request.clone(),
            start: self.start.clone(),
            procedure: self.procedure,
            dice: None,
        })
    }
}

impl Prepared {
    pub fn blueprint(&self) -> Blueprint {
        Blueprint {
            scenario: self.scenario.clone(),
            file: self.file.clone(),
            set: self.set.clone(),
            setup: self.setup.clone(),
            request: self.request.clone(),
            start: self.start.clone(),
            procedure: self.procedure,
        }
    }

    /// Plays the scenario with `dice`; the encounter as it stands when it ended or failed (nothing of
    /// a failed hook applied).
    pub fn run_with(&mut self, dice: DiceSource) -> (Encounter, Result<(), KernelError>) {
        self.run(dice, true)
    }

    /// `run_with` for odds, which read only how a run ends and abandon a failed one: no transcript is
    /// kept and no state is saved before each hook.
    pub fn run_for_odds(&mut self, dice: DiceSource) -> (Encounter, Result<(), KernelError>) {
        self.run(dice, false)
    }

    fn run(&mut self, dice: DiceSource, full: bool) -> (Encounter, Result<(), KernelError>) {
        let mut setup = self.setup.clone();
        setup.dice = dice;
        let mut enc = Encounter::new(setup);
        enc.rollback = full;
        enc.record = full;
        let result = self.procedure.run(&mut enc, &self.request, &mut self.hooks);
        (enc, result)
    }

    /// The diagnostic for an error a run ended with.
    pub fn diagnostic(&self, err: &KernelError) -> Diagnostic {
        kernel_diagnostic(err, &self.hooks, &self.set, &self.file, &self.scenario)
    }

    /// Plays the scenario with its own `[dice]`.
    pub fn play(mut self) -> Result<Played, Vec<Diagnostic>> {
        let Some(dice) = self.dice.take() else {
            return Err(vec![
                e(
                    crate::defs::Code::Request,
                    "this scenario has no `[dice]` to play with",
                    &self.file,
                    self.scenario.game.span(),
                )
                .hint("add `[dice]` with `faces = [...]` or `seed = N`; `mythos odds` needs none"),
            ]);
        };
        let (enc, outcome) = self.run_with(dice);
        let error = match outcome {
            Ok(()) => {
                let left = enc.dice.left_over();
                let span = faces_span(&self.scenario);
                (left > 0).then(|| {
                    e(
                        crate::defs::Code::FacesLeftOver,
                        format!("{left} dice faces were not used"),
                        &self.file,
                        span,
                    )
                    .label("too many faces")
                    .hint("remove the faces no die takes; every face given must be rolled")
                })
            }
            Err(err) => Some(self.diagnostic(&err)),
        };
        Ok(Played {
            scenario: self.scenario,
            file: self.file,
            encounter: enc,
            start: self.start,
            set: self.set,
            error,
        })
    }
}

/// Where the fixed faces are written: the list of faces, or the `[dice]` table when it has none.
fn faces_span(raw: &RawScenario) -> Range<usize> {
    let Some(dice) = &raw.dice else {
        return 0..0;
    };
    match dice.get_ref().faces.as_deref() {
        Some([first, .., last]) => first.span().start..last.span().end,
        Some([only]) => only.span(),
        _ => dice.span(),
    }
}

fn kernel_diagnostic(
    err: &KernelError,
    hooks: &ScriptHooks,
    set: &CardSet,
    file: &SourceFile,
    raw: &RawScenario,
) -> Diagnostic {
    match err {
        KernelError::Dice(d) => e(
            crate::defs::Code::FacesRanOut,
            d.to_string(),
            file,
            faces_span(raw),
        )
        .label("not enough faces")
        .hint("give one face for every die rolled, in the order rolled (see the transcript)"),
        KernelError::Hook(h) => hooks.diagnostic(h),
        KernelError::Rule {
            card,
            hook,
            message,
        } => {
            let at = hook.map(|h| format!(" in hook `{h}`")).unwrap_or_default();
            let d = Diagnostic::new(
                crate::defs::Code::RuleRefused,
                format!("`{card}`{at}: {message}"),
            );
            match set.cards.get(card) {
                Some(c) => d.at(&c.file, c.id_span.clone()),
                None => d,
            }
            .hint("nothing of this hook was applied; the result shows the state before it ran")
        }
    }
}
