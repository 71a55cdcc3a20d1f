//! Names: the name law every authored id obeys, the exact-then-unique-suffix resolution of a short
//! name to a qualified id, and the small text helpers messages share (quoting, "did you mean").
//!
//! Pure functions over strings. Used by `compile`, `sources`, `guards`, and by the session and the
//! port, which resolve the names a model sends with the same rule as journey steps (docs/graph.md §3.3).

use super::error::GraphError;

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
    const MAX_LISTED: usize = 20;
    let items: Vec<&str> = items.into_iter().collect();
    if items.is_empty() {
        return "none".into();
    }
    let mut shown: Vec<String> = items.iter().take(MAX_LISTED).map(|s| quote(s)).collect();
    if items.len() > MAX_LISTED {
        shown.push(format!("and {} more", items.len() - MAX_LISTED));
    }
    shown.join(", ")
}

/// Check the name law (docs/graph.md §3.1). `owner` says what is being named, e.g. "page" or
/// "action on page 'wizard'"; the message names it, the name and the reserved set.
pub fn check_name(name: &str, owner: &str) -> Result<(), GraphError> {
    if name.trim().is_empty() {
        return Err(GraphError::new(
            "BAD_NAME",
            format!(
                "{owner} has an empty name {}: give it a non-blank name",
                quote(name)
            ),
        ));
    }
    if let Some(c) = name.chars().find(|c| RESERVED_CHARS.contains(c)) {
        return Err(GraphError::new(
            "BAD_NAME",
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
    let typed_lower = typed.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let distance = edit_distance(&typed_lower, &candidate.to_lowercase());
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
    fn reserved_characters_are_refused() {
        assert!(check_name("a.b", "page").is_err());
        assert!(check_name("  ", "page").is_err());
        assert!(check_name("toString", "page").is_ok());
    }
}
