//! The names of the script API before `ctx` had objects, each with the name that replaced it: a
//! script that still uses one is `E0407` at the name, with the new name as its hint (docs/script-api.md's
//! "Moving a script to this API" is the same table). Used by `check`.

/// `(old, new)`: the old name as a script wrote it after `ctx.`, with `()` for a method, and what
/// replaces it.
pub const MOVED: &[(&str, &str)] = &[
    // Objects that were values: used as one (compared, or given to a method), they are refused.
    ("ctx.card", "its id is `ctx.card.id`"),
    ("ctx.loss", "the amount is `ctx.loss.amount`"),
    ("ctx.gaining", "the Condition's id is `ctx.gaining.id`"),
    // Reads of the test under way.
    ("ctx.skill", "`ctx.test.skill`"),
    ("ctx.printed_skill", "`ctx.test.printed_skill`"),
    ("ctx.kind", "`ctx.test.kind`"),
    ("ctx.modifier", "`ctx.test.modifier`"),
    ("ctx.difficulty", "`ctx.test.difficulty`"),
    ("ctx.in_combat", "`ctx.test.in_combat`"),
    ("ctx.faces", "`ctx.test.faces`"),
    ("ctx.failing_dice", "`ctx.test.failing_dice`"),
    ("ctx.successes", "`ctx.test.successes`"),
    ("ctx.passed", "`ctx.test.passed`"),
    ("ctx.slot", "`ctx.test.slot` (`()` where it was `\"\"`)"),
    // The card.
    ("ctx.chosen", "`ctx.card.chosen`"),
    ("ctx.in_hand", "`ctx.card.in_hand` (EH: `()`, was `false`)"),
    (
        "ctx.possession_traits",
        "`ctx.traits_of(id)` for each of `ctx.investigator.possessions`",
    ),
    // The loss.
    ("ctx.loss_stat", "`ctx.loss.stat`"),
    ("ctx.loss_target", "`ctx.loss.target`"),
    ("ctx.loss_cause", "`ctx.loss.cause`"),
    ("ctx.reduce_loss()", "`ctx.loss.reduce(n)`"),
    ("ctx.prevent_loss()", "`ctx.loss.prevent()`"),
    ("ctx.prevent_gain()", "`ctx.gaining.prevent()`"),
    // The test's methods.
    ("ctx.replace_skill()", "`ctx.test.replace_skill(skill)`"),
    ("ctx.skip_test()", "`ctx.test.skip(reason)`"),
    (
        "ctx.bonus()",
        "`ctx.test.bonus(n)` (or `ctx.combat.bonus(skill, n)` for the rest of a Combat Encounter)",
    ),
    ("ctx.add_dice()", "`ctx.test.add_dice(n)`"),
    ("ctx.fewer_dice()", "`ctx.test.fewer_dice(n)`"),
    ("ctx.block_bonuses()", "`ctx.test.block_bonuses(kind)`"),
    ("ctx.success_from()", "`ctx.test.success_from(face)`"),
    ("ctx.dice_per_clue()", "`ctx.test.dice_per_clue(n)`"),
    ("ctx.reroll()", "`ctx.test.reroll(die)`"),
    ("ctx.set_face()", "`ctx.test.set_face(die, face)`"),
    ("ctx.count_face()", "`ctx.test.count_face(face, n)`"),
    // The monster.
    ("ctx.defeat_monster()", "`ctx.monster.defeat()`"),
    ("ctx.monster_lose()", "`ctx.monster.lose(n)`"),
    ("ctx.monster_recover()", "`ctx.monster.recover(n)`"),
    ("ctx.monster_to_box()", "`ctx.monster.to_box()`"),
    ("ctx.reduce_damage()", "`ctx.monster.reduce_damage(n, min)`"),
    (
        "ctx.monster.has_will_test",
        "`ctx.monster.horror_skill != ()`",
    ),
    (
        "ctx.monster.has_strength_test",
        "`ctx.monster.combat_skill != ()`",
    ),
    (
        "ctx.monster.will_test_skill",
        "`ctx.monster.horror_skill` (`()` where it was `\"\"`)",
    ),
    (
        "ctx.monster.strength_test_skill",
        "`ctx.monster.combat_skill` (`()` where it was `\"\"`)",
    ),
    // The combat.
    (
        "ctx.encounter",
        "`ctx.combat` (its `damage_value` is `ctx.monster.damage`; `will_result`, `will_passed`, `strength_result`, `strength_passed` are `ctx.combat.horror_result`, `horror_passed`, `combat_result`, `combat_passed`)",
    ),
    ("ctx.combat.damage_value", "`ctx.monster.damage`"),
    ("ctx.combat.will_result", "`ctx.combat.horror_result`"),
    ("ctx.combat.will_passed", "`ctx.combat.horror_passed`"),
    ("ctx.combat.strength_result", "`ctx.combat.combat_result`"),
    ("ctx.combat.strength_passed", "`ctx.combat.combat_passed`"),
    ("ctx.encounter_bonus()", "`ctx.combat.bonus(skill, n)`"),
    (
        "ctx.strength_test_first()",
        "`ctx.combat.strength_test_first()`",
    ),
    (
        "ctx.no_more_encounters()",
        "`ctx.combat.no_more_encounters()`",
    ),
    ("ctx.end_combat()", "`ctx.combat.end()`"),
    // The investigator.
    ("ctx.gain()", "`ctx.investigator.gain(stat, n)`"),
    ("ctx.lose()", "`ctx.investigator.lose(stat, n)`"),
    ("ctx.spend()", "`ctx.investigator.spend(stat, n)`"),
    (
        "ctx.gain_condition()",
        "`ctx.investigator.gain_condition(id)`",
    ),
    (
        "ctx.discard_condition()",
        "`ctx.investigator.discard_condition(id)`",
    ),
    ("ctx.discard()", "`ctx.investigator.discard(id)`"),
    ("ctx.move_to()", "`ctx.investigator.move_to(place)`"),
    (
        "ctx.test()",
        "`ctx.investigator.test(skill, modifier, kind)`",
    ),
];

/// What replaced `old` (`ctx.skill`, `ctx.bonus()`), if it is an old name.
pub fn moved(old: &str) -> Option<&'static str> {
    MOVED.iter().find(|(o, _)| *o == old).map(|(_, n)| *n)
}
