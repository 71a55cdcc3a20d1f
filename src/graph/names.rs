//! Names: the name law every authored id obeys, the exact-then-unique-suffix resolution of a short
//! name to a qualified id, and the small text helpers messages share (quoting, "did you mean").
//!
//! Pure functions over strings. Used by `compile`, `sources`, `guards`, and by the session and the
//! port, which resolve the names a model sends with the same rule as journey steps (docs/graph.md §3.3).

use super::error::GraphError;
use crate::codes::ErrorCode;

/// Characters no name may contain: they delimit paths, instances and tool names.
pub const RESERVED_CHARS: [char; 6] = ['.', '[', ']', '#', '/', '|'];

/// The runtime's journey escape tool name: no action may be called this.
pub const RESERVED_ACTION_NAME: &str = "leave-journey";

/// The longest name shown verbatim in a message; longer ones are cut so a message stays readable.
const MAX_SHOWN_CHARS: usize = 80;

/// A value quoted for a message: `'name'`, cut past 80 characters.
pub fn quote(text: &str) -> String {
    if text.chars().count() > MAX_SHOWN_CHARS {
        let cut: String = text.chars().take(MAX_SHOWN_CHARS).collect();
        format!("'{cut}…'")
    } else {
        format!("'{text}'")
    }
}

/// A list of ids for a message: `'a', 'b', 'c'` (at most 20, then "and N more"), or "none".
pub fn quote_list<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    // Generic only in collecting: the body is one copy for every caller's iterator type.
    quote_all(&items.into_iter().collect::<Vec<&str>>())
}

fn quote_all(items: &[&str]) -> String {
    const MAX_LISTED: usize = 20;
    if items.is_empty() {
        return "none".into();
    }
    let mut shown: Vec<String> = items.iter().take(MAX_LISTED).map(|s| quote(s)).collect();
    if items.len() > MAX_LISTED {
        shown.push(format!("and {} more", items.len() - MAX_LISTED));
    }
    shown.join(", ")
}

/// A line or paragraph break (`docs/decisions.md` decision 23): `\n \r \v \f`, U+0085, U+2028, U+2029.
pub fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// `text` with every line break and control character written as `\uXXXX`, so it stays on one
/// line wherever it is printed. The one escaping function: the facts block, the brief and every
/// message that quotes app data (state keys, names) use it.
pub fn escape_text(text: &str) -> std::borrow::Cow<'_, str> {
    // Printable ASCII holds no control character and no line break: most authored text is that,
    // and a byte scan answers it without decoding characters (every served text passes here).
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let escaped = |c: char| c.is_control() || is_line_break(c);
    if !text.chars().any(escaped) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            out.push_str(&format!("\\u{:04X}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The `INVALID_NAME` refusal for a name carrying `what` (a character as `U+XXXX`, named) at UTF-16
/// position `at` (as JS counts it). Shared with the JS layer, which finds lone surrogates.
pub fn invalid_name(owner: &str, name: &str, what: &str, at: usize) -> GraphError {
    GraphError::new(
        ErrorCode::InvalidName,
        format!(
            "{owner} {} contains {what} at position {at}: a name is one line of well-formed text, never silently changed, so two names cannot collapse into one id; remove that character",
            quote(&escape_text(name))
        ),
    )
}

/// Refuse a name (or a reference to one, such as a journey step) that carries a line break.
pub fn check_one_line(name: &str, owner: &str) -> Result<(), GraphError> {
    match name.char_indices().find(|&(_, c)| is_line_break(c)) {
        Some((byte, c)) => {
            let at = name
                .get(..byte)
                .map_or(0, |head| head.encode_utf16().count());
            Err(invalid_name(
                owner,
                name,
                &format!("U+{:04X} (a line break)", u32::from(c)),
                at,
            ))
        }
        None => Ok(()),
    }
}

/// Check the name law (docs/graph.md §3.1). `owner` says what is being named, e.g. "page" or
/// "action on page 'wizard'"; the message names it, the name and the reserved set.
pub fn check_name(name: &str, owner: &str) -> Result<(), GraphError> {
    check_one_line(name, owner)?;
    if name.trim().is_empty() {
        return Err(GraphError::new(
            ErrorCode::BadName,
            format!(
                "{owner} has an empty name {}: give it a non-blank name",
                quote(name)
            ),
        ));
    }
    if let Some(c) = name.chars().find(|c| RESERVED_CHARS.contains(c)) {
        return Err(GraphError::new(
            ErrorCode::BadName,
            format!(
                "{owner} {} contains '{c}': the characters . [ ] # / | are reserved as path and tool-name delimiters; rename it (a '-' works)",
                quote(name)
            ),
        ));
    }
    Ok(())
}

/// What a short name resolved to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    Found(String),
    NotFound,
    /// Several ids end with `"." + name`; all of them, in candidate order.
    Ambiguous(Vec<String>),
}

/// Resolve `name` among `ids`: an exact id wins; else the ids ending with `"." + name` (a suffix on a
/// segment boundary) — exactly one is found, several are ambiguous. A blank name matches nothing.
pub fn resolve_name<'a>(name: &str, ids: impl IntoIterator<Item = &'a str> + Clone) -> Resolution {
    if name.is_empty() {
        return Resolution::NotFound;
    }
    if ids.clone().into_iter().any(|id| id == name) {
        return Resolution::Found(name.to_string());
    }
    let suffix = format!(".{name}");
    let mut matches: Vec<String> = ids
        .into_iter()
        .filter(|id| id.ends_with(&suffix))
        .map(str::to_string)
        .collect();
    match matches.len() {
        0 => Resolution::NotFound,
        1 => matches
            .pop()
            .map(Resolution::Found)
            .unwrap_or(Resolution::NotFound),
        _ => Resolution::Ambiguous(matches),
    }
}

/// The candidate closest to `typed` if it is plausibly a typo of it (case-insensitive edit distance).
pub fn nearest<'a>(typed: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed_lower = crate::case::lowercase(typed);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let distance = edit_distance(&typed_lower, &crate::case::lowercase(candidate));
        let limit = (candidate.chars().count() / 3).max(1);
        if distance <= limit && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// Levenshtein distance over chars; long inputs are compared on a prefix so a message stays cheap.
fn edit_distance(a: &str, b: &str) -> usize {
    const MAX_CHARS: usize = 64;
    let a: Vec<char> = a.chars().take(MAX_CHARS).collect();
    let b: Vec<char> = b.chars().take(MAX_CHARS).collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut current = Vec::with_capacity(b.len() + 1);
        current.push(i + 1);
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous.get(j).copied().unwrap_or(0) + usize::from(ca != cb);
            let delete = previous.get(j + 1).copied().unwrap_or(0) + 1;
            let insert = current.get(j).copied().unwrap_or(0) + 1;
            current.push(substitute.min(delete).min(insert));
        }
        previous = current;
    }
    previous.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_suggests_case_and_one_letter_typos() {
        let keys = ["does", "goTo", "when", "enabledWhen", "verify"];
        assert_eq!(nearest("goto", keys), Some("goTo"));
        assert_eq!(nearest("enabledwhn", keys), Some("enabledWhen"));
        assert_eq!(nearest("zzzzzz", keys), None);
    }

    #[test]
    fn suffix_resolution_needs_a_segment_boundary() {
        let ids = ["wizard.name-it", "a.save", "b.save"];
        assert_eq!(
            resolve_name("name-it", ids),
            Resolution::Found("wizard.name-it".into())
        );
        assert_eq!(resolve_name("it", ids), Resolution::NotFound);
        assert_eq!(
            resolve_name("save", ids),
            Resolution::Ambiguous(vec!["a.save".into(), "b.save".into()])
        );
    }

    #[test]
    fn line_breaks_are_refused_by_code_character_and_position() {
        for c in [
            '\n', '\r', '\u{0B}', '\u{0C}', '\u{85}', '\u{2028}', '\u{2029}',
        ] {
            let err = check_name(&format!("ab{c}c"), "page").unwrap_err();
            assert_eq!(err.code, "INVALID_NAME");
            assert!(
                err.message.contains(&format!("U+{:04X}", u32::from(c))),
                "{}",
                err.message
            );
            assert!(err.message.contains("position 2"), "{}", err.message);
            assert!(
                !err.message.contains(c),
                "the message itself stays one line: {}",
                err.message
            );
        }
        // Position counts UTF-16 units, as the JS caller does.
        assert!(check_name("\u{1F600}\n", "page")
            .unwrap_err()
            .message
            .contains("position 2"));
    }

    #[test]
    fn escape_text_keeps_every_break_and_control_on_one_line() {
        assert_eq!(
            escape_text("a\u{2028}b\nc\u{0}"),
            "a\\u2028b\\u000Ac\\u0000"
        );
        assert!(matches!(
            escape_text("plain.key"),
            std::borrow::Cow::Borrowed(_)
        ));
    }

    #[test]
    fn reserved_characters_are_refused() {
        assert!(check_name("a.b", "page").is_err());
        assert!(check_name("  ", "page").is_err());
        assert!(check_name("toString", "page").is_ok());
    }
}
