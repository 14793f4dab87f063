//! When exact odds may group the faces of a roll that count alike: no card that is or may come
//! into play reads the raw faces or die positions.

use crate::scenario::Prepared;

/// Cards whose scripts could read the dice's own faces (not only what they count for): with any of
/// them in play, faces that count alike cannot be grouped.
fn reads_raw_faces(code: &str) -> bool {
    // Comments say what the card does; only the code counts.
    let code: String = code
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let after_roll_reads_result =
        code.contains("after_roll") && (code.contains("successes") || code.contains("passed"));
    ["faces", "failing_dice", "set_face", "reroll"]
        .iter()
        .any(|w| code.contains(w))
        || after_roll_reads_result
}

/// Whether exact odds may group faces that count alike: no card that is or may come into play has a
/// script that looks at the raw faces or at die positions.
pub(super) fn collapse_allowed(p: &Prepared) -> bool {
    let s = &p.setup;
    let mut ids: Vec<&String> = s.investigator.possessions.iter().collect();
    ids.extend(s.investigator.conditions.iter());
    ids.extend(s.investigator.card.iter());
    ids.extend(s.monsters.iter().map(|m| &m.id));
    // Conditions can be gained during the encounter.
    ids.extend(
        p.set
            .cards
            .values()
            .filter(|c| c.kind == crate::defs::CardKind::Condition)
            .map(|c| &c.id),
    );
    !ids.iter()
        .filter_map(|id| p.set.scripts.get(*id))
        .any(|src| reads_raw_faces(&src.code))
}
