//! Card ids follow the scenario spec: the printed name lowercased, each run of other characters one `_`.

use mythos::defs::card_id;

#[test]
fn ids_follow_the_scenario_spec_examples() {
    assert_eq!(card_id(".45 Automatic"), "45_automatic");
    assert_eq!(
        card_id("Double-barreled Shotgun"),
        "double_barreled_shotgun"
    );
    assert_eq!(card_id("Cultist of Nephren-Ka"), "cultist_of_nephren_ka");
}
