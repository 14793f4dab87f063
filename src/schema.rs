//! JSON Schemas of card files, scenario files and `pack.toml`, for editors (taplo, Even Better TOML) to
//! complete and check keys as a modder types. Written out by hand from the raw TOML structs of `defs` and
//! `scenario`; its unit tests (`schema/tests.rs`) check that every struct's keys and the schema's keys
//! are the same.

use crate::kernel::bounds::{self, Bounds};
use serde_json::{Value, json};

const DRAFT: &str = "http://json-schema.org/draft-07/schema#";

const SKILLS: [&str; 9] = [
    "lore",
    "influence",
    "observation",
    "strength",
    "will",
    "speed",
    "sneak",
    "fight",
    "luck",
];

const KINDS: [&str; 12] = [
    "investigator",
    "monster",
    "asset",
    "artifact",
    "spell",
    "condition",
    "ally",
    "item",
    "unique_item",
    "skill",
    "special",
    "mythos",
];

/// An integer in its range (`kernel::bounds`, checked at load).
fn ranged(b: Bounds, description: &str) -> Value {
    json!({ "type": "integer", "minimum": b.min, "maximum": b.max, "description": description })
}

fn string(description: &str) -> Value {
    json!({ "type": "string", "description": description })
}

fn boolean(description: &str) -> Value {
    json!({ "type": "boolean", "description": description })
}

fn strings(description: &str) -> Value {
    json!({ "type": "array", "items": { "type": "string" }, "description": description })
}

fn closed(properties: Value, required: &[&str], description: &str) -> Value {
    json!({
        "type": "object",
        "description": description,
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

/// The keys of a card file (also of a card written inline in a scenario).
fn card_object() -> Value {
    let mut bonus = closed(
        json!({
            "skill": { "enum": SKILLS.iter().copied().chain(["all"]).collect::<Vec<_>>(),
                       "description": "the skill it improves, or `all` (\"+X skill\"); one of `skill` and `check`" },
            "check": { "enum": ["combat", "horror", "evade", "spell"],
                       "description": "AH2e: the kind of check it improves, whatever skill the check tests (\"+X to Combat checks\": `combat`); one of `skill` and `check`" },
            "value": ranged(bounds::BONUS, "+X as printed"),
            "during": { "enum": ["any", "combat"], "description": "when it applies (default `any`)" },
            "may": boolean("the text says \"may\": it applies only when `choices.use` names the card"),
            "kind": { "enum": ["physical", "magical"], "description": "overrides the card's own kind" },
        }),
        &["value"],
        "a printed bonus: \"+X skill\" (`skill`) or \"+X to Combat checks\" (`check`)",
    );
    bonus["oneOf"] = json!([{ "required": ["skill"] }, { "required": ["check"] }]);
    let test = closed(
        json!({
            "skill": { "enum": SKILLS, "description": "a skill tested in place of the printed one" },
            "modifier": ranged(bounds::MODIFIER, "the test's modifier"),
            "horror": ranged(bounds::LOSS, "Will test: Sanity lost is horror minus successes"),
            "damage": ranged(bounds::LOSS, "Strength test: Health lost is damage minus successes"),
        }),
        &[],
        "EH: one of the monster's printed tests",
    );
    let rating = closed(
        json!({
            "rating": {
                "description": "the modifier printed on the token, or \"-X\" for one printed −X (its value is what the card's text gives: its script sets it with ctx.monster.set_modifier before the check)",
                "oneOf": [
                    ranged(bounds::MODIFIER, "the modifier printed on the token"),
                    { "const": "-X" },
                ],
            },
            "damage": ranged(bounds::LOSS, "Sanity or Stamina lost on a failed check"),
        }),
        &["rating"],
        "AH2e: a monster's horror or combat rating",
    );
    closed(
        json!({
            "id": { "type": "string", "pattern": "^[a-z0-9_]+$",
                    "description": "the printed name lowercased, each run of other characters one `_`" },
            "name": string("the printed name"),
            "kind": { "enum": KINDS, "description": "what the card is" },
            "traits": strings("printed traits; `magical` makes its bonuses magical"),
            "text": string("the printed text, verbatim"),
            "source": string("where the printed values come from"),
            "notes": string("which value was used where sources disagree, and why"),
            "expansion": string("the product the card comes from"),
            "cost": ranged(bounds::PRICE, "EH: the asset's cost"),
            "count": ranged(bounds::COPIES, "how many copies of the card the game holds"),
            "backs": strings("EH Spells and Conditions: the printed back of each copy"),
            "occupation": string("investigators: the printed occupation"),
            "bonuses": { "type": "array", "items": bonus, "description": "printed bonuses" },
            "skills": {
                "type": "object",
                "description": "investigators: printed skill values",
                "propertyNames": { "enum": SKILLS },
                "additionalProperties": ranged(bounds::SKILL, "a printed skill value"),
            },
            "health": ranged(bounds::HEALTH, "EH investigators: printed Health"),
            "sanity": ranged(bounds::SANITY, "investigators: printed Sanity"),
            "possessions": strings("investigators: card ids of printed starting possessions"),
            "epic": boolean("EH monsters: an Epic monster"),
            "toughness": ranged(bounds::TOUGHNESS, "monsters: printed toughness"),
            "toughness_adds_investigators": boolean("toughness plus the number of investigators"),
            "will": test.clone(),
            "strength": test,
            "script": string("Rhai source of the card's special text (cards written inline)"),
            "replaces": string("in a pack: this card takes the place of the earlier card with the same id"),
            "stamina": ranged(bounds::HEALTH, "AH2e investigators: printed Stamina"),
            "focus": ranged(bounds::TOKENS, "AH2e investigators: printed Focus"),
            "home": string("AH2e investigators: home location"),
            "sliders": {
                "type": "object",
                "description": "AH2e investigators: slider positions, e.g. speed_sneak = [[0, 6], [1, 5]]",
                "additionalProperties": {
                    "type": "array",
                    "items": { "type": "array", "items": ranged(bounds::SKILL, "a slider value"), "minItems": 2, "maxItems": 2 },
                },
            },
            "awareness": ranged(bounds::MODIFIER, "AH2e monsters: awareness"),
            "horror": rating.clone(),
            "combat": rating,
            "abilities": {
                "type": "array",
                "items": { "enum": crate::kernel::Keyword::NAMES },
                "description": "AH2e monster ability keywords",
            },
            "nightmarish": ranged(bounds::KEYWORD_VALUE, "AH2e: Nightmarish N"),
            "overwhelming": ranged(bounds::KEYWORD_VALUE, "AH2e: Overwhelming N"),
            "movement": string("AH2e monsters: movement type"),
            "dimension": string("AH2e monsters: dimension symbol"),
            "hands": ranged(bounds::HANDS, "AH2e: hands needed to wield it"),
            "casting_modifier": ranged(bounds::MODIFIER, "AH2e spells: casting modifier"),
            "sanity_cost": ranged(bounds::SANITY_COST, "AH2e spells: Sanity cost to cast"),
            "price": ranged(bounds::PRICE, "AH2e items: price"),
        })
        .as_object()
        .map(|keys| {
            // Two more keys, beside the others (one `json!` of them all passes the macro's
            // recursion limit).
            let mut keys = keys.clone();
            keys.insert(
                "max_stamina_bonus".into(),
                ranged(bounds::MAX_BONUS, "AH2e: +N maximum Stamina while held"),
            );
            keys.insert(
                "max_sanity_bonus".into(),
                ranged(bounds::MAX_BONUS, "AH2e: +N maximum Sanity while held"),
            );
            keys.insert(
                "spent_as_clue".into(),
                json!({ "type": "boolean", "description": "AH2e: discarded in place of a Clue token (\"instead of spending 1 Clue token\"), after the investigator's own tokens" }),
            );
            keys.insert(
                "for_your_space".into(),
                json!({ "type": "boolean", "description": "EH: its text acts for every investigator on its holder's space; held by another investigator on the space (`[[on_space]]`), its script is called in the investigator's tests too" }),
            );
            Value::Object(keys)
        })
        .expect("an object"),
        &["id", "name", "kind"],
        "a mythos card",
    )
}

fn with_header(title: &str, mut schema: Value, definitions: Value) -> Value {
    let obj = schema.as_object_mut().expect("a schema is an object");
    obj.insert("$schema".into(), DRAFT.into());
    obj.insert("title".into(), title.into());
    if !definitions.is_null() {
        obj.insert("definitions".into(), definitions);
    }
    schema
}

/// The schema of a card file.
pub fn card() -> Value {
    with_header("mythos card file", card_object(), Value::Null)
}

/// The schema of `pack.toml`.
pub fn pack() -> Value {
    with_header(
        "mythos pack.toml",
        closed(
            json!({
                "name": { "type": "string", "pattern": "^[a-z0-9_]+$", "description": "the pack's name" },
                "game": { "enum": ["eldritch", "arkham"] },
                "version": { "type": "string", "pattern": "^[0-9]+\\.[0-9]+\\.[0-9]+$" },
                "requires": strings("names of packs that must be loaded before this one"),
                "description": string("one line"),
                "authors": strings("who made it"),
            }),
            &["name", "game", "version"],
            "a card pack's manifest",
        ),
        Value::Null,
    )
}

/// The schema of a scenario file (docs/scenario.md).
pub fn scenario() -> Value {
    let card_ref = json!({
        "description": "a card id or printed name, or a whole card written inline",
        "anyOf": [ { "type": "string" }, { "$ref": "#/definitions/card" } ],
    });
    with_header(
        "mythos scenario file",
        closed(
            json!({
                "game": { "enum": ["eldritch", "arkham"] },
                "title": string("one line"),
                "source": string("the rule, FAQ entry or ruling it encodes"),
                "packs": strings("extra card packs (folders), relative to this file"),
                "investigators_in_game": ranged(bounds::INVESTIGATORS, "investigators in the game, default 1"),
                "open_gates": ranged(bounds::OPEN_GATES, "AH2e: open gates, default 0"),
                "terror_level": ranged(bounds::TERROR_LEVEL, "AH2e: the terror level, default 0"),
                "environment": { "description": "AH2e: the Environment card in play (a `mythos` card), by id or printed name, or inline; its hooks fire after the investigator's cards", "anyOf": [ { "type": "string" }, { "$ref": "#/definitions/card" } ] },
                "space": { "enum": crate::kernel::SpaceKind::NAMES, "description": "EH: the kind of space the investigator is on (none by default)" },
                "investigators_on_space": ranged(bounds::INVESTIGATORS_ON_SPACE, "EH: other investigators on the investigator's space, default 0 (fewer than `investigators_in_game`)"),
                "on_space": {
                    "type": "array",
                    "description": "EH: the other investigators on the investigator's space, each by his cards (they count among `investigators_on_space`, their number by default); of what they hold, the cards with `for_your_space` act in the investigator's tests",
                    "items": closed(
                        json!({
                            "card": { "allOf": [card_ref.clone()], "description": "his investigator card" },
                            "possessions": { "type": "array", "items": card_ref.clone(), "description": "the cards he holds" },
                        }),
                        &[],
                        "another investigator on the investigator's space",
                    ),
                },
                "mysteries_solved": ranged(bounds::MYSTERIES, "EH: Mysteries solved, default 0"),
                "ancient_one": string("EH: the Ancient One's printed name (one a loaded Cultist names in brackets); it also tells apart a printed name several cards share (`Cultist`)"),
                "investigator": investigator(&card_ref),
                "test": test(),
                "monsters": { "type": "array", "items": monster(card_ref) },
                "action": closed(
                    json!({ "card": string("the card whose Action (EH `Action:`, `Local Action:`; AH2e `Movement:`) is taken: a possession or Condition the investigator holds, by id or printed name") }),
                    &["card"],
                    "the Action a card the investigator holds prints, taken outside any combat",
                ),
                "reckoning": closed(
                    json!({}),
                    &[],
                    "EH: the Reckoning of the Mythos Phase: each card he holds with a RECKONING effect resolves it (no keys; alone)",
                ),
                "upkeep": closed(
                    json!({}),
                    &[],
                    "AH2e: the Upkeep Phase before the encounter: each card he holds with an Upkeep effect resolves it, and what it gave lasts for the encounter (no keys)",
                ),
                "dice": dice(),
                "choices": choices(),
                "expect": { "type": "object", "description": "result paths and the values they must equal" },
                "rules": rules(),
            }),
            &["game", "dice"],
            "a mythos scenario",
        ),
        json!({ "card": card_object() }),
    )
}

/// `[investigator]`: a card and the values that override it.
fn investigator(card_ref: &Value) -> Value {
    let refs = json!({ "type": "array", "items": card_ref.clone() });
    let skill_value = |d: &str| ranged(bounds::SKILL, d);
    closed(
        json!({
            "card": card_ref.clone(),
            "name": string("a name for an investigator without a card"),
            "lore": skill_value("skill value"),
            "influence": skill_value("EH skill value"),
            "observation": skill_value("EH skill value"),
            "strength": skill_value("EH skill value"),
            "will": skill_value("skill value"),
            "speed": skill_value("AH2e skill value"),
            "sneak": skill_value("AH2e skill value"),
            "fight": skill_value("AH2e skill value"),
            "luck": skill_value("AH2e skill value"),
            "health": ranged(bounds::HEALTH, "EH: current Health"),
            "max_health": ranged(bounds::HEALTH, "EH: maximum Health"),
            "stamina": ranged(bounds::HEALTH, "AH2e: current Stamina"),
            "max_stamina": ranged(bounds::HEALTH, "AH2e: maximum Stamina"),
            "sanity": ranged(bounds::SANITY, "current Sanity"),
            "max_sanity": ranged(bounds::SANITY, "maximum Sanity"),
            "clues": ranged(bounds::TOKENS, "Clue tokens held"),
            "focus": ranged(bounds::TOKENS, "EH: Focus tokens held"),
            "conditions": refs.clone(),
            "improvements": {
                "type": "object",
                "description": "EH improvement (+1, +2) and impairment (-1, -2) tokens",
                "additionalProperties": { "type": "integer", "minimum": -2, "maximum": 2 },
            },
            "possessions": refs,
            "location": string("AH2e: `arkham` (default) or `other_world`"),
            "sliders": {
                "type": "object",
                "description": "AH2e: the stop of each of the card's sliders, numbered from 1 (speed_sneak = 2); a slider not named stands at its second stop",
                "additionalProperties": { "type": "integer", "minimum": 1, "maximum": 4 },
            },
        }),
        &[],
        "the investigator",
    )
}

/// `[test]`: one skill test outside combat.
fn test() -> Value {
    closed(
        json!({
            "skill": { "enum": SKILLS },
            "modifier": ranged(bounds::MODIFIER, "default 0"),
            "difficulty": ranged(bounds::DIFFICULTY, "AH2e, default 1"),
            "kind": string("a label, e.g. `spell`"),
            "encounter": { "enum": crate::kernel::EncounterKind::NAMES, "description": "EH: the kind of encounter the test is part of (none by default)" },
        }),
        &["skill"],
        "one skill test outside combat",
    )
}

/// One `[[monsters]]` entry: a card and its overrides.
fn monster(card_ref: Value) -> Value {
    closed(
        json!({
            "card": card_ref,
            "damage": { "type": "integer", "minimum": 0, "description": "EH: Health tokens on it before the encounter" },
            "ambush": boolean("EH: spawned by an ambush effect"),
            "toughness": ranged(bounds::TOUGHNESS, "overrides the printed toughness"),
            "epic": boolean("overrides whether it is Epic"),
        }),
        &["card"],
        "one monster of the combat",
    )
}

/// `[dice]`: fixed faces or a seed.
fn dice() -> Value {
    closed(
        json!({
            "faces": { "type": "array", "items": { "type": "integer", "minimum": 1, "maximum": 6 },
                       "description": "every die rolled takes the next face" },
            "seed": { "type": "integer", "minimum": 0, "description": "dice from the seeded generator" },
            "flips": { "type": "array", "items": { "type": "integer", "minimum": 1, "maximum": 255 },
                       "description": "EH: the copy (1-based, of the card's `backs`) each card flipped turns out to be, in the order flipped" },
        }),
        &[],
        "exactly one of `faces` or `seed`, and optionally `flips`",
    )
}

/// `[choices]`: the player's decisions, AH2e's rounds among them.
fn choices() -> Value {
    let policy = json!({
        "anyOf": [
            { "enum": ["none", "until_pass", "max"] },
            { "type": "object", "additionalProperties": { "enum": ["none", "until_pass", "max"] } },
        ],
        "description": "one policy for every test, or a table by test kind",
    });
    let round = closed(
        json!({
            "action": { "enum": ["fight", "flee"] },
            "wield": strings("weapons and spells in hand; `id#2` is the second copy of a card held twice"),
            "cast": strings("spells among `wield` cast this round (`id#2`: its second copy)"),
        }),
        &["action"],
        "AH2e: one combat round",
    );
    closed(
        json!({
            "rerolls": policy.clone(),
            "clues": policy,
            "use": strings("cards whose optional (\"may\") effect the player takes"),
            "order": strings("EH: the order among Normal monsters"),
            "first": strings("cards whose effects resolve before the monster's at the same moment (the same hook); otherwise the monster's first"),
            "evade": boolean("AH2e: try to evade before combat"),
            "rounds": { "type": "array", "items": round },
        }),
        &[],
        "the player's decisions",
    )
}

/// `[rules]`: readings of the rules where sources disagree.
fn rules() -> Value {
    closed(
        json!({
            "clues_after_zero_dice": boolean("AH2e: may Clue tokens add dice to a check of 0 dice (default true)"),
        }),
        &[],
        "readings of the rules where sources disagree",
    )
}

#[cfg(test)]
mod tests;
