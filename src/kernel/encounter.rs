//! An encounter in progress: the state, the dice, the transcript so far, and the steps every procedure
//! shares: calling hooks in the documented order, applying their effects, resolving one test, applying
//! a loss.

use super::hooks::LossView;
use super::pool::{Bonus, PoolInput, assemble_pool};
use super::test::{count_successes, face_value};
use super::{
    ActiveCard, BonusKind, CombatView, DiceError, DiceSource, During, Effect, Event, Game, Hook,
    HookCall, HookError, Hooks, Investigator, Monster, Skill, Stat, Status, TestOutcome, TestSpec,
    TestView,
};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// How the player spends tokens on a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    None,
    UntilPass,
    Max,
}

impl Policy {
    pub fn parse(s: &str) -> Option<Policy> {
        match s {
            "none" => Some(Policy::None),
            "until_pass" => Some(Policy::UntilPass),
            "max" => Some(Policy::Max),
            _ => None,
        }
    }
}

/// What the scenario asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum TestRequest {
    Test(TestSpec),
    /// A combat against every monster of the setup, in the order given (the game may reorder: EH puts
    /// every Normal monster before any Epic one).
    Combat,
}

/// The Combat Encounter under way.
#[derive(Debug, Clone, Default)]
pub struct CombatState {
    pub view: CombatView,
    /// Bonuses that last for this encounter: (source card, skill or every skill, value).
    pub bonuses: Vec<(String, Option<Skill>, i32)>,
    pub strength_first: bool,
    /// AH2e: the round of Fight or Flee under way.
    pub round: usize,
    /// AH2e: cards held this round.
    pub hands: Vec<String>,
    /// AH2e: spells cast successfully and held since.
    pub cast: Vec<String>,
    /// AH2e: a card ended the combat (the Nightgaunt with no open gate).
    pub ended: bool,
}

/// Everything an encounter starts from.
#[derive(Debug, Clone)]
pub struct Setup {
    pub game: Game,
    pub investigator: Investigator,
    pub monsters: Vec<Monster>,
    /// Every card that is or may come into play (conditions gained mid-encounter included), by id.
    pub catalog: Arc<BTreeMap<String, ActiveCard>>,
    pub dice: DiceSource,
    /// Token policy by test kind; kinds not listed use `default_policy`.
    pub policy: BTreeMap<String, Policy>,
    pub default_policy: Policy,
    /// Card ids whose optional effects the player takes.
    pub chosen: Vec<String>,
    pub investigators_in_game: u32,
    pub rules: Rules,
    /// AH2e: the player's plan for each round of Fight or Flee; the last one repeats.
    pub rounds: Vec<Round>,
    /// AH2e: try to evade before combat.
    pub evade_first: bool,
}

/// Readings of the rules a scenario may choose where sources disagree, and table state.
#[derive(Debug, Clone, PartialEq)]
pub struct Rules {
    /// AH2e, open point D1: whether Clue tokens may add dice to a check whose modified skill is 0 or
    /// less (the AH wiki's Clue page and a rules digest: yes; the wiki's Skill check page: no).
    pub clues_after_zero_dice: bool,
    /// AH2e: open gates on the board (the Nightgaunt draws the investigator through the nearest).
    pub open_gates: u32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            clues_after_zero_dice: true,
            open_gates: 0,
        }
    }
}

/// AH2e: one round of Fight or Flee as the player plays it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Round {
    /// "fight" or "flee".
    pub action: String,
    /// Weapons and spells in hand (at most two hands).
    pub wield: Vec<String>,
    /// Spells among `wield` cast this round.
    pub cast: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum KernelError {
    #[error(transparent)]
    Dice(#[from] DiceError),
    #[error(transparent)]
    Hook(#[from] HookError),
    /// A hook asked for something the rules do not allow at that point.
    #[error("{card}: {message}")]
    Rule {
        card: String,
        hook: Option<Hook>,
        message: String,
    },
}

/// How the faces of the test under way count (exact odds group faces by it).
#[derive(Debug, Clone, PartialEq)]
pub struct StageRules {
    pub test: usize,
    pub success_from: u8,
    pub counts: Vec<(u8, u32)>,
    /// Whether its dice are rolled yet.
    pub rolled: bool,
}

/// What follows from a test's result, applied before after_test hooks fire.
pub type Consequences<'a> =
    dyn FnMut(&mut Encounter, &TestOutcome, &mut dyn Hooks) -> Result<(), KernelError> + 'a;

/// How a test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Resolved; the index into `Encounter::tests`.
    Resolved(usize),
    /// A card said not to resolve it.
    Skipped,
    /// A card defeated the monster instead.
    MonsterDefeated,
}

/// Per-test state that hooks build up before it is final.
#[derive(Debug, Clone)]
struct Stage {
    spec: TestSpec,
    printed_skill: Skill,
    bonuses: Vec<Bonus>,
    additional: Vec<(String, i32)>,
    fewer: Vec<(String, i32)>,
    blocked: Vec<(BonusKind, String)>,
    success_from: u8,
    counts: Vec<(u8, u32)>,
    dice_per_clue: u32,
    faces: Vec<u8>,
    skip: Option<(String, String)>,
    defeat: Option<String>,
}

/// What a hook can change, saved before it runs so that a failed hook leaves no trace. The transcript
/// and the tests only grow, so their lengths are enough.
struct Snapshot {
    investigator: Investigator,
    monsters: Vec<Monster>,
    dice: DiceSource,
    events: usize,
    tests: usize,
    stage: Option<Stage>,
    combat: Option<CombatState>,
    queued: Vec<(String, TestSpec)>,
    no_more_encounters: bool,
    may_encounter_again: bool,
}

pub struct Encounter {
    pub game: Game,
    pub investigator: Investigator,
    pub monsters: Vec<Monster>,
    pub dice: DiceSource,
    pub events: Vec<Event>,
    pub tests: Vec<TestOutcome>,
    pub may_encounter_again: bool,
    pub catalog: Arc<BTreeMap<String, ActiveCard>>,
    policy: BTreeMap<String, Policy>,
    default_policy: Policy,
    chosen: Vec<String>,
    investigators_in_game: u32,
    pub rules: Rules,
    pub rounds: Vec<Round>,
    pub evade_first: bool,
    /// The monster being encountered, if any.
    pub current: Option<usize>,
    pub combat: Option<CombatState>,
    /// Tests that hooks asked for, resolved at the next point the procedure allows.
    pub queued: Vec<(String, TestSpec)>,
    /// A card said the investigator resolves no other encounter this phase.
    pub no_more_encounters: bool,
    /// AH2e: a combat went on past the round limit and was stopped.
    pub stopped: bool,
    /// Save the state before each hook and put it back if the hook fails (on by default; exact odds,
    /// which abandon a failed run anyway, turn it off to save the copies).
    pub rollback: bool,
    /// For each test (by number), how its faces count once the after_roll hooks ran: the lowest
    /// success face and the counting rules. Exact odds read it to group faces that count alike.
    pub roll_rules: BTreeMap<usize, (u8, Vec<(u8, u32)>)>,
    /// Set while a test is being resolved, for the views of hooks fired inside it.
    stage: Option<Stage>,
}

impl Encounter {
    pub fn new(setup: Setup) -> Encounter {
        Encounter {
            game: setup.game,
            investigator: setup.investigator,
            monsters: setup.monsters,
            dice: setup.dice,
            events: Vec::new(),
            tests: Vec::new(),
            may_encounter_again: true,
            catalog: setup.catalog,
            policy: setup.policy,
            default_policy: setup.default_policy,
            chosen: setup.chosen,
            investigators_in_game: setup.investigators_in_game,
            rules: setup.rules,
            rounds: setup.rounds,
            evade_first: setup.evade_first,
            current: None,
            combat: None,
            queued: Vec::new(),
            no_more_encounters: false,
            stopped: false,
            rollback: true,
            roll_rules: BTreeMap::new(),
            stage: None,
        }
    }

    pub fn policy_for(&self, kind: &str) -> Policy {
        self.policy
            .get(kind)
            .copied()
            .unwrap_or(self.default_policy)
    }

    pub fn is_chosen(&self, card: &str) -> bool {
        self.chosen.iter().any(|c| c == card)
    }

    /// The cards whose hooks fire, in the documented order: the monster being encountered, the
    /// investigator, the possessions in order, then the conditions.
    pub fn active_cards(&self) -> Vec<String> {
        self.active_ids().map(str::to_string).collect()
    }

    /// `active_cards`, borrowed.
    fn active_ids(&self) -> impl Iterator<Item = &str> {
        self.current
            .map(|m| self.monsters[m].id.as_str())
            .into_iter()
            .chain(self.investigator.card.as_deref())
            .chain(self.investigator.possessions.iter().map(String::as_str))
            .chain(self.investigator.conditions.iter().map(String::as_str))
    }

    pub fn card_name(&self, id: &str) -> String {
        self.catalog
            .get(id)
            .map(|c| c.name.clone())
            .unwrap_or_else(|| id.to_string())
    }

    fn view(&self, chosen_card: &str) -> TestView {
        let (spec, printed, faces, successes) = match &self.stage {
            Some(s) => {
                let successes = count_successes(&s.faces, s.success_from, &s.counts);
                (s.spec.clone(), s.printed_skill, s.faces.clone(), successes)
            }
            None => (
                TestSpec::new(Skill::Will, "none"),
                Skill::Will,
                Vec::new(),
                0,
            ),
        };
        TestView {
            game: self.game,
            skill: spec.skill,
            printed_skill: printed,
            passed: successes >= spec.difficulty && successes > 0,
            kind: spec.kind,
            modifier: spec.modifier,
            difficulty: spec.difficulty,
            in_combat: spec.in_combat,
            slot: spec.slot,
            failing_dice: self.failing_dice(),
            faces,
            successes,
            loss: None,
            investigator: self.investigator.clone(),
            monster: self.current.map(|m| self.monsters[m].clone()),
            encounter: self.combat.as_ref().map(|c| c.view.clone()),
            in_hand: self
                .combat
                .as_ref()
                .is_some_and(|c| c.hands.iter().any(|h| h == chosen_card)),
            open_gates: self.rules.open_gates,
            catalog: self.catalog.clone(),
            chosen: self.is_chosen(chosen_card),
            investigators_in_game: self.investigators_in_game,
        }
    }

    /// Calls `hook` on every active card that defines it, applying each card's effects before the next
    /// card is called.
    pub fn fire(
        &mut self,
        hook: Hook,
        hooks: &mut dyn Hooks,
        loss: &mut Option<LossView>,
    ) -> Result<(), KernelError> {
        // Only the cards that define this hook (usually none or one) are copied out.
        let cards: Vec<String> = self
            .active_ids()
            .filter(|c| hooks.has(c, hook))
            .map(str::to_string)
            .collect();
        for card in cards {
            let mut view = self.view(&card);
            view.loss = loss.clone();
            // A hook applies whole or not at all (DESIGN invariant 4): if it fails, or one of its
            // effects breaks a rule, the state goes back to what it was before it ran.
            let before = self.rollback.then(|| (self.snapshot(), loss.clone()));
            let applied = hooks
                .call(
                    HookCall {
                        card: &card,
                        hook,
                        view,
                    },
                    &mut self.dice,
                )
                .and_then(|effects| {
                    effects
                        .into_iter()
                        .try_for_each(|effect| self.apply(&card, hook, effect, loss, hooks))
                });
            if let Err(err) = applied {
                if let Some((state, l)) = before {
                    self.restore(state);
                    *loss = l;
                }
                return Err(err);
            }
        }
        Ok(())
    }

    /// A hash of everything the rest of the encounter can depend on (not the transcript): two runs
    /// with the same fingerprint at the same dice request go on alike, so exact odds explore the
    /// branch once.
    pub fn fingerprint(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        format!(
            "{:?}|{:?}|{:?}|{:?}|{:?}|{}|{}|{:?}|{}",
            self.investigator,
            self.monsters,
            self.combat,
            self.stage,
            self.queued,
            self.no_more_encounters,
            self.may_encounter_again,
            self.current,
            self.tests.len()
        )
        .hash(&mut h);
        h.finish()
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            investigator: self.investigator.clone(),
            monsters: self.monsters.clone(),
            dice: self.dice.clone(),
            events: self.events.len(),
            tests: self.tests.len(),
            stage: self.stage.clone(),
            combat: self.combat.clone(),
            queued: self.queued.clone(),
            no_more_encounters: self.no_more_encounters,
            may_encounter_again: self.may_encounter_again,
        }
    }

    fn restore(&mut self, s: Snapshot) {
        self.investigator = s.investigator;
        self.monsters = s.monsters;
        self.dice = s.dice;
        self.events.truncate(s.events);
        self.tests.truncate(s.tests);
        self.stage = s.stage;
        self.combat = s.combat;
        self.queued = s.queued;
        self.no_more_encounters = s.no_more_encounters;
        self.may_encounter_again = s.may_encounter_again;
    }

    fn rule_error(card: &str, hook: Hook, message: impl Into<String>) -> KernelError {
        KernelError::Rule {
            card: card.to_string(),
            hook: Some(hook),
            message: message.into(),
        }
    }

    fn stage_mut(&mut self, card: &str, hook: Hook, what: &str) -> Result<&mut Stage, KernelError> {
        self.stage
            .as_mut()
            .ok_or_else(|| Self::rule_error(card, hook, format!("{what} needs a test under way")))
    }

    /// Applies one effect a card's hook asked for, and writes it down.
    fn apply(
        &mut self,
        card: &str,
        hook: Hook,
        effect: Effect,
        loss: &mut Option<LossView>,
        hooks: &mut dyn Hooks,
    ) -> Result<(), KernelError> {
        let src = card.to_string();
        match effect {
            Effect::ReplaceSkill(to) => {
                let stage = self.stage_mut(card, hook, "replace_skill")?;
                let from = stage.spec.skill;
                stage.spec.skill = to;
                self.events.push(Event::SkillReplaced {
                    source: src,
                    from,
                    to,
                });
            }
            Effect::SkipTest(reason) => {
                let stage = self.stage_mut(card, hook, "skip_test")?;
                stage.skip.get_or_insert((src, reason));
            }
            Effect::DefeatMonster => {
                let Some(m) = self.current else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "there is no monster to defeat",
                    ));
                };
                if let Some(stage) = self.stage.as_mut() {
                    stage.defeat.get_or_insert(src.clone());
                }
                self.defeat_monster(m, &src);
            }
            Effect::Bonus { value, kind } => {
                let stage = self.stage_mut(card, hook, "bonus")?;
                let kind = kind.unwrap_or(BonusKind::Physical);
                stage.bonuses.push(Bonus {
                    source: src,
                    value,
                    kind,
                    excluded: None,
                    halved: None,
                });
            }
            Effect::AddDice(n) => self
                .stage_mut(card, hook, "add_dice")?
                .additional
                .push((src, n)),
            Effect::FewerDice(n) => self
                .stage_mut(card, hook, "fewer_dice")?
                .fewer
                .push((src, n)),
            Effect::BlockBonuses(kind) => self
                .stage_mut(card, hook, "block_bonuses")?
                .blocked
                .push((kind, src)),
            Effect::SuccessFrom(face) => {
                if !(1..=6).contains(&face) {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        format!("success_from({face}): a face is 1 to 6"),
                    ));
                }
                self.stage_mut(card, hook, "success_from")?.success_from = face;
                self.events.push(Event::SuccessRule {
                    source: src,
                    from: face,
                });
            }
            Effect::DicePerClue(n) => {
                self.stage_mut(card, hook, "dice_per_clue")?.dice_per_clue = n;
                self.events.push(Event::DicePerClue {
                    source: src,
                    dice: n,
                });
            }
            Effect::CountFace { face, successes } => {
                self.stage_mut(card, hook, "count_face")?
                    .counts
                    .push((face, successes));
                self.events.push(Event::CountRule {
                    source: src,
                    face,
                    successes,
                });
            }
            Effect::Reroll(die) => {
                let label = format!("a reroll by {card}");
                let stage = self
                    .stage
                    .as_ref()
                    .ok_or_else(|| Self::rule_error(card, hook, "reroll needs a test under way"))?;
                if die >= stage.faces.len() {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        format!(
                            "reroll({die}): there is no die {die} (dice are numbered from 0; {} rolled)",
                            stage.faces.len()
                        ),
                    ));
                }
                let to = self.dice.roll(&label)?;
                let stage = self.stage.as_mut().expect("checked above");
                let from = std::mem::replace(&mut stage.faces[die], to);
                self.events.push(Event::Reroll {
                    die: die + 1,
                    from,
                    to,
                    source: src,
                });
            }
            Effect::SetFace { die, face } => {
                let stage = self.stage_mut(card, hook, "set_face")?;
                if die >= stage.faces.len() || !(1..=6).contains(&face) {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        format!("set_face({die}, {face}): no such die or face"),
                    ));
                }
                let from = std::mem::replace(&mut stage.faces[die], face);
                self.events.push(Event::FaceSet {
                    die: die + 1,
                    from,
                    to: face,
                    source: src,
                });
            }
            Effect::EncounterBonus { skill, value } => {
                let Some(combat) = self.combat.as_mut() else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "encounter_bonus needs a Combat Encounter under way",
                    ));
                };
                combat.bonuses.push((src.clone(), skill, value));
                self.events.push(Event::Note {
                    source: src,
                    text: format!(
                        "{} {} for the rest of this Combat Encounter",
                        skill.map_or("every skill".to_string(), |s| s.title().to_string()),
                        if value >= 0 {
                            format!("+{value}")
                        } else {
                            value.to_string()
                        }
                    ),
                });
            }
            Effect::StrengthFirst => {
                let Some(combat) = self.combat.as_mut() else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "strength_test_first needs a Combat Encounter under way",
                    ));
                };
                combat.strength_first = true;
                self.events.push(Event::Note {
                    source: src,
                    text: "the Strength test is resolved first".into(),
                });
            }
            Effect::ReduceDamage { by, min } => {
                let Some(view) = self.combat.as_mut().map(|c| &mut c.view) else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "reduce_damage needs a Combat Encounter under way",
                    ));
                };
                if let Some(d) = view.damage_value {
                    let to = if d > min { (d - by).max(min) } else { d };
                    view.damage_value = Some(to);
                    self.events.push(Event::Note {
                        source: src,
                        text: format!("the monster's damage is {to} (was {d})"),
                    });
                }
            }
            Effect::Test {
                skill,
                modifier,
                kind,
            } => {
                let mut spec = TestSpec::new(skill, &kind);
                spec.modifier = modifier;
                spec.in_combat = self.combat.is_some();
                self.queued.push((src, spec));
            }
            Effect::MonsterLose(n) => {
                let Some(m) = self.current else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "there is no monster to lose Health",
                    ));
                };
                self.lose_monster(m, n, &src, hooks)?;
            }
            Effect::MonsterRecover(n) => {
                let Some(m) = self.current else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "there is no monster to recover Health",
                    ));
                };
                let monster = &mut self.monsters[m];
                let recovered = n.min(monster.damage).max(0);
                monster.damage -= recovered;
                self.events.push(Event::Note {
                    source: src,
                    text: format!(
                        "recovers {recovered} Health ({} Health tokens left on it)",
                        self.monsters[m].damage
                    ),
                });
            }
            Effect::NoMoreEncounters => {
                self.no_more_encounters = true;
                self.events.push(Event::Note {
                    source: src,
                    text: "no other encounter may be resolved this phase".into(),
                });
            }
            Effect::MoveTo(place) => {
                self.investigator.location = Some(place.clone());
                self.events.push(Event::Moved {
                    to: place.clone(),
                    source: src,
                });
                if place == "lost_in_time_and_space" && self.investigator.status == Status::Ok {
                    self.investigator.status = Status::LostInTimeAndSpace;
                    self.events.push(Event::StatusChanged {
                        status: Status::LostInTimeAndSpace,
                    });
                }
                if let Some(c) = self.combat.as_mut() {
                    c.ended = true;
                }
            }
            Effect::MonsterToBox => {
                let Some(m) = self.current else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "there is no monster to return to the box",
                    ));
                };
                let id = self.monsters[m].id.clone();
                self.monsters[m].place = "box".into();
                if let Some(i) = self.investigator.trophies.iter().position(|t| *t == id) {
                    self.investigator.trophies.remove(i);
                }
                self.events.push(Event::Note {
                    source: src,
                    text: "returned to the box: no trophy".into(),
                });
            }
            Effect::EndCombat => {
                let Some(c) = self.combat.as_mut() else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "end_combat needs a combat under way",
                    ));
                };
                c.ended = true;
                self.events.push(Event::Note {
                    source: src,
                    text: "the combat ends".into(),
                });
            }
            Effect::Rolled(faces) => self.events.push(Event::DiceRolled { source: src, faces }),
            Effect::Gain(stat, n) => self.gain(stat, n, &src),
            Effect::Spend(stat, n) => self
                .spend(stat, n, &src)
                .map_err(|m| Self::rule_error(card, hook, m))?,
            Effect::Lose(stat, n) => {
                // A loss a card causes goes through on_damage like any other; not from inside on_damage.
                if hook == Hook::OnDamage {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "a new loss cannot be caused from on_damage",
                    ));
                }
                self.lose_investigator(stat, n, &src, hooks)?;
            }
            Effect::GainCondition(id) => {
                if !self.catalog.contains_key(&id) {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        format!("gain_condition(\"{id}\"): no such card"),
                    ));
                }
                if !self.investigator.conditions.contains(&id) {
                    self.investigator.conditions.push(id.clone());
                    self.events.push(Event::ConditionGained {
                        condition: id,
                        source: src,
                    });
                }
            }
            Effect::DiscardCondition(id) => {
                if let Some(i) = self.investigator.conditions.iter().position(|c| *c == id) {
                    self.investigator.conditions.remove(i);
                    self.events.push(Event::ConditionDiscarded {
                        condition: id,
                        source: src,
                    });
                }
            }
            Effect::Discard(id) => {
                if let Some(i) = self.investigator.possessions.iter().position(|c| *c == id) {
                    self.investigator.possessions.remove(i);
                    self.events.push(Event::Discarded {
                        card: id,
                        source: src,
                    });
                }
            }
            Effect::ReduceLoss(n) => {
                let Some(l) = loss.as_mut() else {
                    return Err(Self::rule_error(card, hook, "reduce_loss is for on_damage"));
                };
                let from = l.amount;
                l.amount = (l.amount - n).max(0);
                self.events.push(Event::LossChanged {
                    source: src,
                    from,
                    to: l.amount,
                });
            }
            Effect::PreventLoss => {
                let Some(l) = loss.as_mut() else {
                    return Err(Self::rule_error(
                        card,
                        hook,
                        "prevent_loss is for on_damage",
                    ));
                };
                let from = l.amount;
                l.amount = 0;
                self.events.push(Event::LossChanged {
                    source: src,
                    from,
                    to: 0,
                });
            }
            Effect::Note(text) => self.events.push(Event::Note { source: src, text }),
        }
        Ok(())
    }
}

impl Encounter {
    fn record_status(&mut self) {
        let inv = &mut self.investigator;
        if inv.status != Status::Ok {
            return;
        }
        let status = match self.game {
            Game::Eldritch if inv.health <= 0 || inv.sanity <= 0 => Status::Defeated,
            Game::Arkham if inv.health <= 0 && inv.sanity <= 0 => Status::Devoured,
            Game::Arkham if inv.health <= 0 => Status::Unconscious,
            Game::Arkham if inv.sanity <= 0 => Status::Insane,
            _ => return,
        };
        inv.status = status;
        self.events.push(Event::StatusChanged { status });
    }

    pub fn gain(&mut self, stat: Stat, n: i32, source: &str) {
        let inv = &mut self.investigator;
        let now = match stat {
            Stat::Health => {
                inv.health = (inv.health + n).min(inv.max_health);
                inv.health
            }
            Stat::Sanity => {
                inv.sanity = (inv.sanity + n).min(inv.max_sanity);
                inv.sanity
            }
            Stat::Clues => {
                inv.clues += n;
                inv.clues
            }
            Stat::Focus => {
                inv.focus += n;
                inv.focus
            }
        };
        self.events.push(Event::Gained {
            stat,
            amount: n,
            now,
            source: source.to_string(),
        });
    }

    /// Spends tokens; spending more than the investigator holds is refused.
    pub fn spend(&mut self, stat: Stat, n: i32, source: &str) -> Result<(), String> {
        let inv = &mut self.investigator;
        let held = match stat {
            Stat::Clues => &mut inv.clues,
            Stat::Focus => &mut inv.focus,
            Stat::Health => &mut inv.health,
            Stat::Sanity => &mut inv.sanity,
        };
        if n < 0 || *held < n {
            return Err(format!(
                "cannot spend {n} {} with {} held",
                stat.as_str(),
                *held
            ));
        }
        *held -= n;
        let now = *held;
        self.events.push(Event::Spent {
            stat,
            amount: n,
            now,
            source: source.to_string(),
        });
        self.record_status();
        Ok(())
    }

    /// The investigator loses Health (Stamina) or Sanity: on_damage hooks may change the amount first;
    /// no value goes below 0. Returns the amount lost.
    pub fn lose_investigator(
        &mut self,
        stat: Stat,
        amount: i32,
        cause: &str,
        hooks: &mut dyn Hooks,
    ) -> Result<i32, KernelError> {
        if amount <= 0 {
            return Ok(0);
        }
        let mut loss = Some(LossView {
            target: "investigator".to_string(),
            stat,
            amount,
            cause: cause.to_string(),
        });
        self.fire(Hook::OnDamage, hooks, &mut loss)?;
        let amount = loss.map(|l| l.amount).unwrap_or(0);
        let inv = &mut self.investigator;
        let held = match stat {
            Stat::Health => &mut inv.health,
            Stat::Sanity => &mut inv.sanity,
            Stat::Clues => &mut inv.clues,
            Stat::Focus => &mut inv.focus,
        };
        let lost = amount.min(*held).max(0);
        *held -= lost;
        let now = *held;
        if lost > 0 {
            self.events.push(Event::Lost {
                target: "investigator".to_string(),
                stat,
                amount: lost,
                now,
                source: cause.to_string(),
            });
        }
        self.record_status();
        Ok(lost)
    }

    /// The monster `m` loses Health: Health tokens go on it, and it is defeated at its toughness.
    pub fn lose_monster(
        &mut self,
        m: usize,
        amount: i32,
        cause: &str,
        hooks: &mut dyn Hooks,
    ) -> Result<i32, KernelError> {
        if amount <= 0 || self.monsters[m].defeated {
            return Ok(0);
        }
        let mut loss = Some(LossView {
            target: self.monsters[m].id.clone(),
            stat: Stat::Health,
            amount,
            cause: cause.to_string(),
        });
        self.fire(Hook::OnDamage, hooks, &mut loss)?;
        let amount = loss.map(|l| l.amount).unwrap_or(0).max(0);
        if amount == 0 {
            return Ok(0);
        }
        let monster = &mut self.monsters[m];
        monster.damage += amount;
        let now = (monster.toughness - monster.damage).max(0);
        self.events.push(Event::Lost {
            target: monster.id.clone(),
            stat: Stat::Health,
            amount,
            now,
            source: cause.to_string(),
        });
        if monster.damage >= monster.toughness {
            self.defeat_monster(m, cause);
        }
        Ok(amount)
    }

    pub fn defeat_monster(&mut self, m: usize, source: &str) {
        let monster = &mut self.monsters[m];
        if monster.defeated {
            return;
        }
        monster.defeated = true;
        monster.place = "cup".to_string();
        self.events.push(Event::MonsterDefeated {
            monster: monster.id.clone(),
            source: source.to_string(),
        });
    }

    /// Resolves one test under the rules of `game`: before_test, pool (on_pool), roll, after_roll, the
    /// game's token step, result, after_test.
    pub fn run_test(
        &mut self,
        spec: TestSpec,
        game: &dyn super::Procedure,
        hooks: &mut dyn Hooks,
    ) -> Result<Resolution, KernelError> {
        self.run_test_then(spec, game, hooks, &mut |_, _, _| Ok(()))
    }

    /// Like `run_test`, with `consequences` applied as soon as the result is known, before after_test
    /// hooks fire (so that they can ask "did you lose Health from the Strength test?").
    pub fn run_test_then(
        &mut self,
        spec: TestSpec,
        game: &dyn super::Procedure,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        let index = self.tests.len() + 1;
        self.events.push(Event::TestBegins {
            test: index,
            skill: spec.skill,
            kind: spec.kind.clone(),
            modifier: spec.modifier,
            difficulty: spec.difficulty,
            combat: spec.in_combat,
            slot: spec.slot,
        });
        self.stage = Some(Stage {
            printed_skill: spec.skill,
            spec,
            bonuses: Vec::new(),
            additional: Vec::new(),
            fewer: Vec::new(),
            blocked: Vec::new(),
            success_from: 5,
            counts: Vec::new(),
            dice_per_clue: 1,
            faces: Vec::new(),
            skip: None,
            defeat: None,
        });
        let result = self.resolve_stage(index, game, hooks, consequences);
        // Asked for a die the replayed prefix does not hold (exact odds): keep the test under way, so
        // that the state can be fingerprinted where the branch starts.
        if !matches!(result, Err(KernelError::Dice(DiceError::NeedMore { .. }))) {
            self.stage = None;
        }
        result
    }

    fn resolve_stage(
        &mut self,
        index: usize,
        game: &dyn super::Procedure,
        hooks: &mut dyn Hooks,
        consequences: &mut Consequences<'_>,
    ) -> Result<Resolution, KernelError> {
        self.fire(Hook::BeforeTest, hooks, &mut None)?;
        let stage = self.stage.as_ref().expect("stage is set");
        if let Some(source) = stage.defeat.clone() {
            self.events.push(Event::TestSkipped {
                source,
                reason: "the monster was defeated before the test".into(),
            });
            return Ok(Resolution::MonsterDefeated);
        }
        if let Some((source, reason)) = stage.skip.clone() {
            self.events.push(Event::TestSkipped { source, reason });
            return Ok(Resolution::Skipped);
        }

        self.fire(Hook::OnPool, hooks, &mut None)?;
        let input = self.pool_input();
        let pool = assemble_pool(&input, game.bonus_rule());
        self.events.extend(pool.events);
        let rolled = game.dice_to_roll(pool.total);
        self.events.push(Event::Pool {
            total: pool.total,
            rolled,
        });
        let label = {
            let s = &self.stage.as_ref().expect("stage is set").spec;
            format!("test {index} ({} {})", s.skill, s.kind)
        };
        let faces = self.dice.roll_many(rolled, &label)?;
        self.events.push(Event::Rolled {
            faces: faces.clone(),
        });
        self.stage.as_mut().expect("stage is set").faces = faces;

        self.fire(Hook::AfterRoll, hooks, &mut None)?;
        if let Some(stage) = &self.stage {
            self.roll_rules
                .insert(index, (stage.success_from, stage.counts.clone()));
        }
        game.spend_tokens(self, &label)?;

        let stage = self.stage.as_ref().expect("stage is set");
        let successes = count_successes(&stage.faces, stage.success_from, &stage.counts);
        let passed = game.passed(rolled, successes, stage.spec.difficulty);
        let outcome = TestOutcome {
            skill: stage.spec.skill,
            kind: stage.spec.kind.clone(),
            modifier: stage.spec.modifier,
            pool: rolled,
            faces: stage.faces.clone(),
            successes,
            difficulty: stage.spec.difficulty,
            passed,
        };
        self.events.push(Event::TestResult {
            test: index,
            faces: outcome.faces.clone(),
            successes,
            difficulty: outcome.difficulty,
            passed,
        });
        self.tests.push(outcome.clone());
        consequences(self, &outcome, hooks)?;
        self.fire(Hook::AfterTest, hooks, &mut None)?;
        Ok(Resolution::Resolved(self.tests.len() - 1))
    }

    /// The inputs to the pool: the skill, modifier and token, every printed bonus of an active card that
    /// applies to this test, and what on_pool hooks added.
    fn pool_input(&self) -> PoolInput {
        let stage = self.stage.as_ref().expect("stage is set");
        let skill = stage.spec.skill;
        let mut bonuses = Vec::new();
        for id in self.active_cards() {
            let Some(card) = self.catalog.get(&id) else {
                continue;
            };
            // AH2e: a card that takes hands helps only while held, a spell only once cast.
            let held = self.combat.as_ref().is_some_and(|c| c.hands.contains(&id));
            let cast = self.combat.as_ref().is_some_and(|c| c.cast.contains(&id));
            for b in &card.bonuses {
                if b.skill.is_some_and(|s| s != skill) {
                    continue;
                }
                if card.hands > 0 && !held {
                    continue;
                }
                if card.casting.is_some() && !cast {
                    bonuses.push(Bonus {
                        source: id.clone(),
                        value: b.value,
                        kind: card.kind_of(b),
                        excluded: Some("the spell was not cast successfully".into()),
                        halved: None,
                    });
                    continue;
                }
                let excluded = if b.during == During::Combat && !stage.spec.in_combat {
                    Some("it applies only during a Combat Encounter".to_string())
                } else if b.may && !self.is_chosen(&id) {
                    Some("optional (\"may\") and not in choices.use".to_string())
                } else {
                    None
                };
                bonuses.push(Bonus {
                    source: id.clone(),
                    value: b.value,
                    kind: card.kind_of(b),
                    excluded,
                    halved: None,
                });
            }
        }
        if let Some(combat) = &self.combat {
            for (source, s, value) in &combat.bonuses {
                if s.is_none_or(|s| s == skill) {
                    let magical = self.catalog.get(source).is_some_and(|c| c.magical);
                    bonuses.push(Bonus {
                        source: source.clone(),
                        value: *value,
                        kind: if magical {
                            BonusKind::Magical
                        } else {
                            BonusKind::Physical
                        },
                        excluded: None,
                        halved: None,
                    });
                }
            }
        }
        bonuses.extend(stage.bonuses.iter().cloned());
        for b in &mut bonuses {
            if b.excluded.is_none()
                && let Some((_, by)) = stage.blocked.iter().find(|(k, _)| *k == b.kind)
            {
                b.excluded = Some(format!(
                    "{} bonuses are blocked by {}",
                    b.kind.as_str(),
                    self.card_name(by)
                ));
            }
        }
        // AH2e resistances and immunities act on the bonuses of weapons and spells in combat checks.
        if self.game == Game::Arkham
            && stage.spec.kind == "combat"
            && let Some(m) = self.current
        {
            let monster = &self.monsters[m];
            for b in &mut bonuses {
                let from_hand = self
                    .catalog
                    .get(&b.source)
                    .is_some_and(|c| c.hands > 0 || c.casting.is_some());
                if b.excluded.is_some() || !from_hand {
                    continue;
                }
                let (kind, title) = match b.kind {
                    BonusKind::Physical => ("physical", "Physical"),
                    BonusKind::Magical => ("magical", "Magical"),
                };
                if monster.has(&format!("{kind}_immunity")) {
                    b.excluded = Some(format!("{title} Immunity ({})", monster.name));
                } else if monster.has(&format!("{kind}_resistance")) {
                    b.halved = Some(format!("{title} Resistance ({})", monster.name));
                }
            }
        }
        PoolInput {
            skill_source: skill.as_str().to_string(),
            skill_value: self.investigator.skill(skill),
            modifier: stage.spec.modifier,
            improvement: match self.game {
                Game::Eldritch => self.investigator.improvement(skill),
                Game::Arkham => 0,
            },
            bonuses,
            additional: stage.additional.clone(),
            fewer: stage.fewer.clone(),
        }
    }

    /// The faces of the test under way, and which of them are not successes, lowest first.
    pub fn failing_dice(&self) -> Vec<usize> {
        let Some(stage) = &self.stage else {
            return Vec::new();
        };
        let mut idx: Vec<usize> = (0..stage.faces.len())
            .filter(|&i| face_value(stage.faces[i], stage.success_from, &stage.counts) == 0)
            .collect();
        idx.sort_by_key(|&i| (stage.faces[i], i));
        idx
    }

    pub fn current_successes(&self) -> u32 {
        self.stage
            .as_ref()
            .map(|s| count_successes(&s.faces, s.success_from, &s.counts))
            .unwrap_or(0)
    }

    pub fn current_kind(&self) -> String {
        self.stage
            .as_ref()
            .map(|s| s.spec.kind.clone())
            .unwrap_or_default()
    }

    pub fn dice_per_clue(&self) -> u32 {
        self.stage.as_ref().map(|s| s.dice_per_clue).unwrap_or(1)
    }

    /// Rerolls die `die` of the test under way for `source`.
    pub fn reroll_die(&mut self, die: usize, source: &str, label: &str) -> Result<(), DiceError> {
        let to = self.dice.roll(label)?;
        let stage = self.stage.as_mut().expect("a test is under way");
        let from = std::mem::replace(&mut stage.faces[die], to);
        self.events.push(Event::Reroll {
            die: die + 1,
            from,
            to,
            source: source.to_string(),
        });
        Ok(())
    }

    /// Rolls extra dice onto the test under way (AH2e Clue dice).
    pub fn add_die(&mut self, label: &str) -> Result<u8, DiceError> {
        let face = self.dice.roll(label)?;
        self.stage
            .as_mut()
            .expect("a test is under way")
            .faces
            .push(face);
        Ok(face)
    }

    /// The test under way: its number, its counting rules so far, and whether its dice are rolled yet.
    pub fn stage_rules(&self) -> Option<StageRules> {
        self.stage.as_ref().map(|s| StageRules {
            test: self.tests.len() + 1,
            success_from: s.success_from,
            counts: s.counts.clone(),
            rolled: !s.faces.is_empty(),
        })
    }

    pub fn current_faces_len(&self) -> usize {
        self.stage.as_ref().map_or(0, |s| s.faces.len())
    }

    pub fn current_difficulty(&self) -> u32 {
        self.stage.as_ref().map_or(1, |s| s.spec.difficulty)
    }
}
