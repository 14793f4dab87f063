//! What a card keeps between its hook calls in one play (`ctx.card.set`): a value of its own store,
//! rolled back with a failed hook and part of the memo key of exact odds. Imports nothing.

use serde::Serialize;
use std::collections::BTreeMap;

pub use crate::limits::STORE_KEYS;

/// A value a card keeps: a whole number, a yes/no or a short text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum Stored {
    Int(i64),
    Bool(bool),
    Text(String),
}

/// One card's store: key → value, in key order.
pub type Store = BTreeMap<String, Stored>;
