//! Every number in a card or scenario has a range (`kernel::bounds`, the table of numbers (docs/scenario-files.md)),
//! checked at load: a number outside it is E0105 at the number itself, naming the range, and nothing is
//! played. Inside the ranges, the kernel's arithmetic cannot overflow: scenarios with every number at
//! the ends of its range play to the end in this (overflow-checked) test build.

use crate::defs::{CardSet, Code, Diagnostic, SourceFile, render_all};
use crate::scenario::{events, play_file};
use proptest::prelude::*;

const PATH: &str = "numbers.toml";

fn refused(text: &str) -> Vec<Diagnostic> {
    match play_file(&SourceFile::new(PATH, text), &|g| CardSet::base(g)) {
        Err(ds) => ds,
        Ok(p) => panic!(
            "expected a refusal, got a played scenario (error: {:?})",
            p.error
        ),
    }
}

/// The one diagnostic of `text`: E0105 at `line:col`, naming `range`.
fn out_of_range(text: &str, line_col: &str, range: &str) {
    let ds = refused(text);
    assert_eq!(ds.len(), 1, "{}", render_all(&ds, false));
    let d = &ds[0];
    assert_eq!(d.code, Code::OutOfRange, "{d}");
    assert_eq!(
        d.location().as_deref(),
        Some(format!("{PATH}:{line_col}").as_str()),
        "{d}"
    );
    assert!(
        d.message.contains(range),
        "{:?} should name {range:?}",
        d.message
    );
}

#[test]
fn a_huge_skill_is_refused_at_its_value() {
    out_of_range(
        "game = \"eldritch\"\n[investigator]\nwill = 2147483647\n[test]\nskill = \"will\"\n[dice]\nseed = 1\n",
        "3:8",
        "a skill is 0 to 20",
    );
}

#[test]
fn a_skill_too_large_for_32_bits_is_refused_by_its_range_too() {
    out_of_range(
        "game = \"arkham\"\n[investigator]\nfight = 99999999999\n[test]\nskill = \"fight\"\n[dice]\nseed = 1\n",
        "3:9",
        "a skill is 0 to 20",
    );
}

#[test]
fn a_huge_test_modifier_is_refused_at_its_value() {
    out_of_range(
        "game = \"eldritch\"\n[test]\nskill = \"will\"\nmodifier = 2147483647\n[dice]\nseed = 1\n",
        "4:12",
        "a modifier is -20 to 20",
    );
}

#[test]
fn a_huge_bonus_printed_on_a_card_is_refused_at_its_value() {
    out_of_range(
        "game = \"eldritch\"\n[investigator]\npossessions = [{ id = \"idol\", name = \"Idol\", kind = \"asset\", bonuses = [{ skill = \"will\", value = 2147483647 }] }]\n[test]\nskill = \"will\"\n[dice]\nseed = 1\n",
        "3:99",
        "a bonus is -20 to 20",
    );
}

#[test]
fn a_huge_number_of_tokens_is_refused_at_its_value() {
    out_of_range(
        "game = \"eldritch\"\n[investigator]\nclues = 2147483647\n[test]\nskill = \"will\"\n[dice]\nseed = 1\n",
        "3:9",
        "a number of tokens is 0 to 99",
    );
}

#[test]
fn a_negative_toughness_in_a_scenario_is_refused_at_its_value() {
    out_of_range(
        "game = \"eldritch\"\n[[monsters]]\ncard = { id = \"blob\", name = \"Blob\", kind = \"monster\", toughness = 1 }\ntoughness = -1\n[dice]\nseed = 1\n",
        "4:13",
        "a toughness is 0 to 99",
    );
}

#[test]
fn a_negative_toughness_printed_on_a_monster_card_is_refused_at_its_value() {
    out_of_range(
        "game = \"eldritch\"\n[[monsters]]\ncard = { id = \"blob\", name = \"Blob\", kind = \"monster\", toughness = -3 }\n[dice]\nseed = 1\n",
        "3:68",
        "a toughness is 0 to 99",
    );
}

/// A toughness of 0 stands for an EH toughness reduced to 0 (EH FAQ); an AH2e monster's toughness is the
/// difficulty of the combat check, at least 1.
#[test]
fn an_arkham_toughness_of_0_is_refused_at_its_value() {
    out_of_range(
        "game = \"arkham\"\n[[monsters]]\ncard = { id = \"blob\", name = \"Blob\", kind = \"monster\", toughness = 1 }\ntoughness = 0\n[dice]\nseed = 1\n",
        "4:13",
        "an Arkham Horror toughness is 1 to 99",
    );
}

#[test]
fn a_negative_health_is_refused_at_its_value() {
    out_of_range(
        "game = \"eldritch\"\n[investigator]\nhealth = -5\n[test]\nskill = \"will\"\n[dice]\nseed = 1\n",
        "3:10",
        "Health (Stamina) is 1 to 99",
    );
}

#[test]
fn a_huge_number_of_investigators_is_refused_at_its_value() {
    out_of_range(
        "game = \"eldritch\"\ninvestigators_in_game = 4294967295\n[test]\nskill = \"will\"\n[dice]\nseed = 1\n",
        "2:25",
        "the number of investigators is 1 to 8",
    );
}

/// One number from each end of `lo..=hi`, or between.
fn edge(lo: i64, hi: i64) -> impl Strategy<Value = i64> {
    prop_oneof![Just(lo), Just(hi), lo..=hi]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// EH: an investigator and a test with every number at an end of its range plays to the end, and
    /// the pool is skill + modifier + improvement token, at least 1 (no bonus here). Focus: at most 2
    /// (Masks of Nyarlathotep, Focus Action).
    #[test]
    fn eldritch_tests_at_the_ends_of_every_range_play_and_count_right(
        skill in edge(0, 20), modifier in edge(-20, 20), token in prop_oneof![Just(-2), Just(2)],
        clues in edge(0, 99), focus in edge(0, 2), health in edge(1, 99), sanity in edge(1, 99),
        seed in any::<u64>(),
    ) {
        // An impairment may not take the skill below 1 (RG, Impairment Tokens): such a setup is
        // refused, so a -2 token comes with a skill of at least 3.
        let skill = if token < 0 { skill.max(1 - token) } else { skill };
        let text = format!(
            "game = \"eldritch\"\n[investigator]\nwill = {skill}\nclues = {clues}\nfocus = {focus}\n\
             health = {health}\nsanity = {sanity}\nimprovements = {{ will = {token} }}\n\
             [test]\nskill = \"will\"\nmodifier = {modifier}\n[choices]\nrerolls = \"max\"\n\
             [dice]\nseed = {seed}\n"
        );
        let played = play_file(&SourceFile::new(PATH, text), &|g| CardSet::base(g)).expect("in range");
        prop_assert!(played.error.is_none(), "{:?}", played.error);
        let pool = played.encounter.table.tests[0].pool as i64;
        prop_assert_eq!(pool, (skill + modifier + token).max(1));
    }

    /// AH2e: a combat against a synthetic monster with every number at an end of its range plays to
    /// the end, and Stamina and Sanity stay between 0 and their maximum.
    #[test]
    fn arkham_combats_at_the_ends_of_every_range_play_to_the_end(
        fight in edge(0, 20), will in edge(0, 20), stamina in edge(1, 99), sanity in edge(1, 99),
        clues in edge(0, 99), toughness in edge(1, 99), rating in edge(-20, 20), damage in edge(0, 20),
        awareness in edge(-20, 20), keyword in edge(0, 20), gates in edge(0, 8), players in edge(1, 8),
        seed in any::<u64>(),
    ) {
        let text = format!(
            "game = \"arkham\"\ninvestigators_in_game = {players}\nopen_gates = {gates}\n\
             [investigator]\nfight = {fight}\nwill = {will}\nstamina = {stamina}\nsanity = {sanity}\n\
             clues = {clues}\n\
             [[monsters]]\ncard = {{ id = \"edge\", name = \"Edge\", kind = \"monster\", \
             toughness = {toughness}, awareness = {awareness}, nightmarish = {keyword}, \
             overwhelming = {keyword}, horror = {{ rating = {rating}, damage = {damage} }}, \
             combat = {{ rating = {rating}, damage = {damage} }} }}\n\
             [choices]\nclues = \"until_pass\"\n[dice]\nseed = {seed}\n"
        );
        let played = play_file(&SourceFile::new(PATH, text), &|g| CardSet::base(g)).expect("in range");
        prop_assert!(played.error.is_none(), "{:?}", played.error);
        let inv = &played.encounter.table.investigator;
        prop_assert!((0..=inv.max_health).contains(&inv.health), "{inv:?}");
        prop_assert!((0..=inv.max_sanity).contains(&inv.sanity), "{inv:?}");
        // What the result object reads of the end state is there to be read.
        let _ = events(&played);
        for m in played.encounter.table.monsters.iter() {
            let _ = played.encounter.procedure().health_tokens(m);
        }
    }
}

#[test]
fn the_readme_table_of_numbers_is_the_kernels_table() {
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/scenario-files.md"
    ))
    .expect("docs/scenario-files.md");
    let section = readme
        .split("## Numbers")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a Numbers section");
    let rows: Vec<String> = section
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| number |"))
        .map(str::to_string)
        .collect();
    let table: Vec<String> = crate::kernel::bounds::ALL
        .iter()
        .map(|(keys, b)| format!("| {} | {} to {} | {keys} |", b.what, b.min, b.max))
        .collect();
    assert_eq!(rows, table);
}
