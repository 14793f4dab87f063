//! Events → text a player can follow line by line. (JSON is the events themselves, serialized by
//! `scenario::result_object`.) Depends on `kernel` only.

mod text;

pub use text::{Names, render_events, render_header, render_summary};
