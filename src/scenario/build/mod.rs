//! A scenario file → a kernel `Setup` and the test it asks for. This room checks only what belongs to
//! the file (its syntax, its card references, its own vocabulary); the rules of the game are checked by
//! `Setup::check`, and each problem it returns is mapped back to the place in the file it came from
//! (`problems.rs`). Every problem is collected, in the order of the file's sections, before it stops.

mod board;
mod choices;
mod investigator;
pub(crate) use investigator::{DEFAULT_STOP, skill_keys, slider_skills};
mod problems;
mod request;

use super::file::RawScenario;
use super::inline::parse_inline_card;
use super::packs::{BaseLoader, PackReader, load_packs};
use super::prepared::{Blueprint, Prepared};
use crate::defs::{CardSet, Code, Diagnostic, SourceFile, int, out_of_range};
use crate::kernel::bounds::{self, Bounds};
use crate::kernel::{CheckedSetup, DiceSource, Game, Rules, Setup, TestRequest, procedure_for};
use crate::script::ScriptHooks;
use std::ops::Range;
use std::sync::Arc;
use toml::Spanned;

/// A diagnostic of code `code` at `span` of `file`.
pub(super) fn e(
    code: Code,
    msg: impl Into<String>,
    file: &SourceFile,
    span: Range<usize>,
) -> Diagnostic {
    Diagnostic::new(code, msg).at(file, span)
}

/// The sections of a scenario, in the order their problems are reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Section {
    Top,
    Packs,
    InvestigatorCard,
    Skills,
    Values,
    Improvements,
    Possessions,
    Conditions,
    Test,
    Monsters,
    Order,
    Dice,
    Policy,
    Rounds,
    Location,
    Scripts,
    Expect,
}

/// Where a problem sorts: its section, the entry within it, and the step within the entry (a problem
/// the file shows and one the kernel finds in the same entry keep the order a reader checks them in).
type Key = (Section, usize, u8);

/// The translation under way: the card set so far, every problem found, and where the parts of the
/// setup came from in the file (for the kernel's problems).
struct Builder<'a> {
    file: &'a SourceFile,
    raw: &'a RawScenario,
    game: Game,
    set: CardSet,
    problems: Vec<(Key, Diagnostic)>,
    /// Where problems found now sort.
    key: Key,
    /// The number of investigators in the game (default 1; read first, the monsters depend on it).
    investigators: u32,
    /// For each monster of the setup (after `order`), its `[[monsters]]` entry.
    monster_entries: Vec<usize>,
    /// For each round, the span of each id of its `cast` the set knows.
    cast_spans: Vec<Vec<Range<usize>>>,
}

impl Builder<'_> {
    /// `[expect] refused`, when given, names a diagnostic code of the table (issue 39: a code that
    /// does not exist was accepted, and could never hold).
    fn refused_code(&mut self) {
        self.at(Section::Expect, 0);
        let raw = self.raw;
        let Some((_, want)) = raw
            .expect
            .iter()
            .find(|(k, _)| k.get_ref() == super::expect::REFUSED)
        else {
            return;
        };
        let code = want.get_ref().as_str();
        if code.is_some_and(|c| Code::ALL.iter().any(|k| k.as_str() == c)) {
            return;
        }
        let shown = crate::kernel::visible(&want.get_ref().to_string()).into_owned();
        let d = e(
            Code::OutOfRange,
            format!("{shown} is not a diagnostic code"),
            self.file,
            want.span(),
        )
        .label("no such code")
        .hint(format!(
            "`refused` names a code of the table of diagnostic codes (docs/diagnostic-codes.md), {} to {}",
            Code::ALL[0].as_str(),
            Code::ALL[Code::ALL.len() - 1].as_str()
        ));
        self.push(d);
    }

    fn at(&mut self, section: Section, entry: usize) {
        self.key = (section, entry, 0);
    }

    fn push(&mut self, d: Diagnostic) {
        self.problems.push((self.key, d));
    }

    /// A card reference: an id or printed name, or an inline table holding a whole card.
    fn card_ref(&mut self, v: &Spanned<toml::Value>) -> Option<String> {
        match v.get_ref() {
            toml::Value::String(s) => match self.resolve(s) {
                Some(c) => Some(c.id.clone()),
                None => {
                    let d = self.unknown(s, v.span());
                    self.push(d);
                    None
                }
            },
            toml::Value::Table(_) => {
                let raw = match parse_inline_card(self.file, v.span()) {
                    Ok(r) => r,
                    Err(d) => {
                        self.push(d);
                        return None;
                    }
                };
                match self.set.add_inline(raw, self.file) {
                    Ok(id) => Some(id),
                    Err(ds) => {
                        ds.into_iter().for_each(|d| self.push(d));
                        None
                    }
                }
            }
            _ => {
                let d = e(
                    Code::WrongType,
                    "a card is named by its id or printed name, or defined inline",
                    self.file,
                    v.span(),
                )
                .hint(
                    "write a card id such as `\"my_card\"` or `{ id = \"...\", name = \"...\", kind = \"...\" }`",
                );
                self.push(d);
                None
            }
        }
    }

    /// A number of the file in its range, or `None` (reported) when outside.
    fn number(&mut self, v: &Spanned<i64>, b: Bounds) -> Option<i32> {
        if b.contains(*v.get_ref()) {
            Some(int(v))
        } else {
            let d = out_of_range(self.file, v.span(), *v.get_ref(), b);
            self.push(d);
            None
        }
    }

    /// An optional number of the file in its range.
    fn number_opt(&mut self, v: &Option<Spanned<i64>>, b: Bounds) -> Option<i32> {
        v.as_ref().and_then(|v| self.number(v, b))
    }

    /// A card named by id or printed name only (`wield`, `cast`), written at `span`.
    fn card_id_at(&mut self, s: &str, span: Range<usize>) -> Option<String> {
        match self.resolve(s) {
            Some(c) => Some(c.id.clone()),
            None => {
                let d = self.unknown(s, span);
                self.push(d);
                None
            }
        }
    }
}

/// Reads and checks a scenario, compiles its scripts, and sets up the encounter it asks for.
pub fn prepare(
    raw: RawScenario,
    file: &SourceFile,
    base: BaseLoader<'_>,
    packs: PackReader<'_>,
) -> Result<Prepared, Vec<Diagnostic>> {
    let game = game_of(&raw, file)?;
    let set = base(game).map_err(|d| d.0)?;
    let mut b = Builder::new(file, &raw, game, set);
    let (setup, request, dice) = b.setup(packs);
    let unchecked = (*setup.investigator).clone();
    let in_play = in_play(&setup);
    let checked = b.checked(setup, request.as_ref());
    // As the play starts: his maxima raised by the cards he holds (`Setup::check`).
    let start = checked
        .as_ref()
        .map_or(unchecked, |c| (*c.investigator).clone());
    let (scripts, hooks) = b.scripts(&in_play);
    let (set, problems) = (b.set, b.problems);
    let (Some(request), Some(setup), Some(mut hooks), true) =
        (request, checked, hooks, problems.is_empty())
    else {
        return Err(in_file_order(problems));
    };
    let plan = Blueprint {
        scenario: raw,
        file: file.clone(),
        set,
        setup,
        request,
        start,
        scripts,
        procedure: procedure_for(game),
    };
    plan.skip_what_cannot_apply(&mut hooks);
    let mut prepared = Prepared::new(plan, hooks, dice);
    let problems = prepared.held_conditions();
    if problems.is_empty() {
        Ok(prepared)
    } else {
        Err(problems)
    }
}

/// The game the scenario is played in (`game`), or the one problem that stops everything else.
fn game_of(raw: &RawScenario, file: &SourceFile) -> Result<Game, Vec<Diagnostic>> {
    Game::parse(raw.game.get_ref()).ok_or_else(|| {
        vec![
            e(
                Code::OutOfRange,
                format!("`{}` is not a game", raw.game.get_ref()),
                file,
                raw.game.span(),
            )
            .hint("`eldritch` or `arkham`"),
        ]
    })
}

/// The cards in play when the encounter begins (the scripts compiled are theirs and what they can
/// bring into play: `ScriptHooks::needed`).
fn in_play(setup: &Setup) -> Vec<String> {
    let start = &setup.investigator;
    start
        .card
        .iter()
        .chain(&start.possessions)
        .chain(&start.conditions)
        .chain(&setup.rules.board.for_the_space)
        .cloned()
        .chain(setup.rules.environment.iter().map(|e| e.to_string()))
        .chain(setup.monsters.iter().map(|m| m.id.to_string()))
        .collect()
}

/// The problems, in the order of the file's sections.
fn in_file_order(mut problems: Vec<(Key, Diagnostic)>) -> Vec<Diagnostic> {
    problems.sort_by_key(|(key, _)| *key);
    problems.into_iter().map(|(_, d)| d).collect()
}

impl<'a> Builder<'a> {
    fn new(file: &'a SourceFile, raw: &'a RawScenario, game: Game, set: CardSet) -> Self {
        Builder {
            file,
            raw,
            game,
            set,
            problems: Vec::new(),
            key: (Section::Top, 0, 0),
            investigators: 1,
            monster_entries: Vec::new(),
            cast_spans: Vec::new(),
        }
    }

    /// The file translated, section by section: the setup (not yet checked by the kernel), the test
    /// asked for, and the dice.
    fn setup(&mut self, packs: PackReader<'_>) -> (Setup, Option<TestRequest>, Option<DiceSource>) {
        let raw = self.raw;
        self.investigators = self
            .number_opt(&raw.investigators_in_game, bounds::INVESTIGATORS)
            .map_or(1, |n| n.unsigned_abs());
        let open_gates = self.number_opt(&raw.open_gates, bounds::OPEN_GATES);
        let (terror_level, environment) = self.arkham_table();
        self.at(Section::Packs, 0);
        for d in load_packs(&mut self.set, &raw.packs, packs, self.file) {
            self.push(d);
        }
        let mut board = self.board();
        let inv = self.investigator();
        let request = self.request();
        self.action_card_held(&request, &inv);
        board.encounter = match &request {
            Some(TestRequest::Combat) => Some(crate::kernel::EncounterKind::Combat),
            _ => self.encounter(),
        };
        let monsters = self.monsters();
        let dice = self.dice();
        let (default_policy, policy) = self.policies();
        let chosen = self.chosen();
        let first = self.first();
        let rounds = self.rounds();
        self.refused_code();
        let catalog = self.set.cards.iter();
        let catalog = Arc::new(catalog.map(|(id, c)| (id.clone(), c.active())).collect());
        let rules = raw.rules.as_ref();
        let setup = Setup {
            game: self.game,
            investigator: Arc::new(inv),
            monsters,
            catalog,
            policy,
            default_policy,
            chosen,
            first,
            investigators_in_game: self.investigators,
            rules: Rules {
                clues_after_zero_dice: rules.and_then(|r| r.clues_after_zero_dice).unwrap_or(true),
                open_gates: open_gates.map_or(0, |n| n.unsigned_abs()),
                terror_level,
                environment,
                upkeep: raw.upkeep.is_some(),
                board,
            },
            rounds,
            evade_first: raw.choices.as_ref().and_then(|c| c.evade).unwrap_or(false),
        };
        (setup, request, dice)
    }

    /// The setup checked by the kernel, each of its problems mapped back to the file.
    fn checked(&mut self, setup: Setup, request: Option<&TestRequest>) -> Option<CheckedSetup> {
        let procedure = crate::kernel::procedure_for(setup.game);
        match setup.check(request.unwrap_or(&TestRequest::Combat), procedure) {
            Ok(s) => Some(s),
            Err(err) => {
                for p in &err.problems {
                    let (key, d) = self.kernel_problem(p);
                    self.problems.push((key, d));
                }
                None
            }
        }
    }

    /// The scripts the encounter needs (those of `in_play` and what they can bring into play),
    /// compiled.
    fn scripts(&mut self, in_play: &[String]) -> (Vec<String>, Option<ScriptHooks>) {
        self.at(Section::Scripts, 0);
        let scripts = ScriptHooks::needed(&self.set, in_play.iter().map(String::as_str));
        match ScriptHooks::compile_for(&self.set, &scripts) {
            Ok(h) => (scripts, Some(h)),
            Err(ds) => {
                ds.into_iter().for_each(|d| self.push(d));
                (scripts, None)
            }
        }
    }
}
