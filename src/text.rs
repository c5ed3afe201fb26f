//! Strings from files, made safe to print for people.
//!
//! Names, ids and file names come from files anyone may write. Before they
//! reach a terminal, characters that would control it (escape sequences,
//! other control characters) or hide or reorder text (bidirectional
//! overrides, zero-width characters) are written as `\u{…}`, and long ones
//! are cut with an ellipsis, so that a report keeps its shape. JSON output
//! keeps every string exactly as read.

use std::borrow::Cow;
use std::fmt::Write;

/// The most characters of a name (player, ruleset, tile, file) shown in a
/// text report.
pub const MAX_NAME: usize = 60;

/// The most characters of a message or help line shown in a diagnostic.
pub const MAX_MESSAGE: usize = 600;

/// Whether `c` must not reach a terminal as it is: control characters,
/// bidirectional controls, zero-width and other invisible characters, and
/// noncharacters.
#[must_use]
pub fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFFB}'
                | '\u{FFFE}'
                | '\u{FFFF}'
        )
}

/// Writes `c` as people should see it: itself, or `\u{…}` if hidden.
pub(crate) fn push_shown(out: &mut String, c: char) {
    if hidden(c) {
        let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
    } else {
        out.push(c);
    }
}

/// `text` with every hidden character written as `\u{…}`; line breaks and
/// tabs are kept when `lines` is true.
#[must_use]
pub fn escaped(text: &str, lines: bool) -> Cow<'_, str> {
    let keep = |c: char| lines && matches!(c, '\n' | '\t');
    if !text.chars().any(|c| hidden(c) && !keep(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if keep(c) {
            out.push(c);
        } else {
            push_shown(&mut out, c);
        }
    }
    Cow::Owned(out)
}

/// `text` cut to at most `max` characters, the last being an ellipsis.
#[must_use]
pub fn cut(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some(_) => {
            let end = text
                .char_indices()
                .nth(max.saturating_sub(1))
                .map_or(text.len(), |(i, _)| i);
            Cow::Owned(format!("{}…", &text[..end]))
        }
    }
}

/// `n` and the word for it, singular or plural: "1 tile", "2 tiles".
#[must_use]
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A name for a text report: escaped, on one line, and at most [`MAX_NAME`]
/// characters.
#[must_use]
pub fn name(text: &str) -> String {
    cut(&escaped(text, false), MAX_NAME).into_owned()
}

/// A message for a diagnostic: escaped (line breaks kept) and at most
/// [`MAX_MESSAGE`] characters.
#[must_use]
pub fn message(text: &str) -> String {
    cut(&escaped(text, true), MAX_MESSAGE).into_owned()
}

/// Words joined as "a x, a y or a z" ("nothing" when there are none).
#[must_use]
pub fn or_list(words: &[&str]) -> String {
    match words {
        [] => "nothing".to_string(),
        [one] => format!("a {one}"),
        [init @ .., last] => format!("a {} or a {last}", init.join(", a ")),
    }
}

/// "s" when `n` is not one.
#[must_use]
pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A follower's word in a sentence: the big follower by its full name.
#[must_use]
pub fn figure_word(word: &str) -> &str {
    if word == "big" { "big follower" } else { word }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_invisible_characters_are_written_out() {
        assert_eq!(name("red"), "red");
        assert_eq!(name("\u{1b}[2Jred"), "\\u{1b}[2Jred");
        assert_eq!(name("red\u{200b}"), "red\\u{200b}");
        assert_eq!(name("\u{202e}der"), "\\u{202e}der");
        assert_eq!(name("a\nb"), "a\\u{a}b");
        assert_eq!(message("a\nb\u{7f}"), "a\nb\\u{7f}");
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        let long = "é".repeat(70_000);
        let shown = name(&long);
        assert_eq!(shown.chars().count(), MAX_NAME);
        assert!(shown.ends_with('…'));
        assert_eq!(name(&"x".repeat(MAX_NAME)), "x".repeat(MAX_NAME));
    }
}
