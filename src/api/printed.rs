//! A card's printed values as a player reads them off the card: `("cost", "2")`, `("health", "8")`,
//! `("will test", "-1, horror 1")`, in the order a card shows them. For `mythos cards` and pickers. May
//! import `defs`.

use crate::defs::RawCard;
use toml::Spanned;

fn num(v: &Option<Spanned<i64>>) -> Option<String> {
    v.as_ref().map(|v| v.get_ref().to_string())
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// The printed values of `raw`, each as a name and its value in words, in the order a card shows them.
pub(super) fn values(raw: &RawCard) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut put = |k: &str, v: Option<String>| {
        if let Some(v) = v {
            out.push((k.to_string(), v));
        }
    };
    put("occupation", raw.occupation.clone());
    if let Some(skills) = &raw.skills {
        let words: Vec<String> = skills
            .iter()
            .map(|(s, v)| format!("{s} {}", v.get_ref()))
            .collect();
        put("skills", Some(words.join(", ")));
    }
    if let Some(sliders) = &raw.sliders {
        for (pair, stops) in sliders {
            let words: Vec<String> = stops
                .iter()
                .map(|[a, b]| format!("{}/{}", a.get_ref(), b.get_ref()))
                .collect();
            put(pair, Some(words.join(" ")));
        }
    }
    put("health", num(&raw.health));
    put("stamina", num(&raw.stamina));
    put("sanity", num(&raw.sanity));
    put("focus", num(&raw.focus));
    put("home", raw.home.clone());
    put("cost", num(&raw.cost));
    put("price", num(&raw.price));
    put("hands", num(&raw.hands));
    put(
        "casting modifier",
        raw.casting_modifier.as_ref().map(|v| signed(*v.get_ref())),
    );
    put("sanity cost", num(&raw.sanity_cost));
    put("maximum Stamina bonus", num(&raw.max_stamina_bonus));
    put("maximum Sanity bonus", num(&raw.max_sanity_bonus));
    for b in &raw.bonuses {
        let what = b
            .skill
            .as_ref()
            .map(|s| s.get_ref().clone())
            .or_else(|| b.check.as_ref().map(|c| format!("{} checks", c.get_ref())))
            .unwrap_or_default();
        let mut words = format!("{} {what}", signed(*b.value.get_ref()));
        if let Some(d) = b.during.as_ref().filter(|d| d.get_ref() != "any") {
            words.push_str(&format!(" during {}", d.get_ref()));
        }
        if let Some(k) = &b.kind {
            words.push_str(&format!(" ({})", k.get_ref()));
        }
        if b.may {
            words.push_str(" (may)");
        }
        put("bonus", Some(words));
    }
    if let Some(t) = &raw.toughness {
        let plus = if raw.toughness_adds_investigators {
            " + the number of investigators"
        } else {
            ""
        };
        put("toughness", Some(format!("{}{plus}", t.get_ref())));
    }
    for (name, test, loss) in [
        ("will test", &raw.will, "horror"),
        ("strength test", &raw.strength, "damage"),
    ] {
        if let Some(t) = test {
            let mut words = t
                .modifier
                .as_ref()
                .map_or(String::new(), |m| signed(*m.get_ref()));
            if let Some(s) = &t.skill {
                words = format!("{} {words}", s.get_ref());
            }
            let lost = t.horror.as_ref().or(t.damage.as_ref());
            if let Some(l) = lost {
                words.push_str(&format!(", {loss} {}", l.get_ref()));
            }
            put(name, Some(words.trim().to_string()));
        }
    }
    put(
        "awareness",
        raw.awareness.as_ref().map(|v| signed(*v.get_ref())),
    );
    for (name, rating) in [("horror", &raw.horror), ("combat", &raw.combat)] {
        if let Some(r) = rating {
            let value = match r.rating.get_ref().number() {
                Some(n) => signed(i64::from(n)),
                None => crate::defs::RATING_X.to_string(),
            };
            let damage = r
                .damage
                .as_ref()
                .map_or(String::new(), |d| format!(", damage {}", d.get_ref()));
            put(name, Some(format!("{value}{damage}")));
        }
    }
    if !raw.abilities.is_empty() {
        let words: Vec<&str> = raw.abilities.iter().map(|a| a.get_ref().as_str()).collect();
        put("abilities", Some(words.join(", ")));
    }
    put("nightmarish", num(&raw.nightmarish));
    put("overwhelming", num(&raw.overwhelming));
    put("movement", raw.movement.clone());
    put("dimension", raw.dimension.clone());
    if raw.epic {
        put("epic", Some("yes".to_string()));
    }
    put("copies", num(&raw.count));
    out
}
