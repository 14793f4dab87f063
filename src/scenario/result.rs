//! The `events` of the result object of docs/scenario.md: the structured transcript as JSON. The
//! rest of the result object is typed in the API (`api/outcome.rs`, `mythos::Outcome`), the one
//! place a field of it is added.

use super::Played;
use serde_json::{Value, json};

/// The events as JSON. A bonus left out keeps its `reason` as text, as the contract has always
/// spelled it, with the typed reason beside it as `exclusion` (an addition).
pub fn events(p: &Played) -> Vec<Value> {
    let names = p.names();
    p.encounter
        .run
        .events
        .iter()
        .map(|ev| {
            let mut v = json!(ev);
            if let (crate::kernel::Event::BonusIgnored { reason, .. }, Some(obj)) =
                (ev, v.as_object_mut())
            {
                let text =
                    crate::transcript::exclusion_text(reason, &names, p.encounter.setup.game);
                if let Some(why) = obj.insert("reason".into(), json!(text)) {
                    obj.insert("exclusion".into(), why);
                }
            }
            v
        })
        .collect()
}
