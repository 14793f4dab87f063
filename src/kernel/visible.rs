//! Text that came from a file, a pack, a script or a user, made safe to print on a terminal: every
//! control character (ESC, BEL, a line break, a carriage return...) shown as its escape (`\u{1b}`,
//! `\n`), so that no such text can move the cursor, set a colour or a title, or start a line of its
//! own. Imports nothing.

use std::borrow::Cow;

/// `text` with every control character shown as its escape; borrowed when there is none.
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::visible;

    #[test]
    fn control_characters_are_shown_as_escapes() {
        assert_eq!(visible("plain"), "plain");
        assert_eq!(visible("a\u{1b}]0;x\u{7}b"), "a\\u{1b}]0;x\\u{7}b");
        assert_eq!(visible("one\ntwo\r"), "one\\ntwo\\r");
        assert_eq!(visible("\u{9b}31m"), "\\u{9b}31m");
        assert!(!visible("\u{0}\u{7f}\u{85}").chars().any(char::is_control));
    }
}
