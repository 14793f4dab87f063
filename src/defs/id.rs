//! Card ids: the printed name lowercased, each run of other characters one `_` (scenario spec).

/// `.45 Automatic` → `45_automatic`, `Cultist of Nephren-Ka` → `cultist_of_nephren_ka`.
pub fn card_id(name: &str) -> String {
    let mut out = String::new();
    let mut gap = false;
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            if gap && !out.is_empty() {
                out.push('_');
            }
            gap = false;
            out.push(c);
        } else {
            gap = true;
        }
    }
    out
}

/// Up to three of `candidates` closest to `wanted`, best first, for "did you mean" hints.
pub fn closest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut scored: Vec<(f64, &str)> = candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(wanted, c), c))
        .filter(|(s, _)| *s > 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
    scored
        .into_iter()
        .take(3)
        .map(|(_, c)| c.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_lowercase_and_join_runs_of_other_characters_with_one_underscore() {
        assert_eq!(card_id(".12 Gauge Thing"), "12_gauge_thing");
        assert_eq!(card_id("Twice--Hyphenated  Name"), "twice_hyphenated_name");
        assert_eq!(card_id("  Trimmed "), "trimmed");
        assert_eq!(card_id("Keeper of the Ash-Gate"), "keeper_of_the_ash_gate");
    }

    #[test]
    fn ids_follow_the_scenario_spec_examples() {
        assert_eq!(card_id(".38 Toy Pistol"), "38_toy_pistol");
        assert_eq!(card_id("Double-edged Parasol"), "double_edged_parasol");
    }

    #[test]
    fn closest_suggests_near_ids_only() {
        let ids = ["alpha_beast", "alpha_bird", "gamma", "delta_worm"];
        assert_eq!(closest("alpha_beastt", ids)[0], "alpha_beast");
        assert!(closest("zzzz", ids).is_empty());
    }
}
