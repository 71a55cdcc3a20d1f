//! Redaction (docs/session.md §28, docs/facts-and-serving.md §8, decision 32): which app values never
//! leave the session, and the one marker that stands where they would be.
//!
//! A [`Redaction`] names state keys (exact, `prefix.*`, or `*` for every key) and paths inside what a
//! fire carries (its payload) and what its handler returns (`card.number`, `items.*.pin`, `*` for the
//! whole value). It is authored as `redact: { keys, paths }` in the graph definition ([`compile`],
//! errors `BAD_REDACT` / `UNKNOWN_KEY` / `BAD_VALUE`) and in `createSession` options (the JS layer
//! calls [`compile`] too, so a bad pattern there is the same `GraphValidationError`); a session
//! merges the two ([`Redaction::merged`]).
//!
//! What it does to values: [`Redaction::value`] gives a copy of a payload or returned value with
//! every matched path replaced by [`MARKER`] (`None` when nothing matched, so the common case copies
//! nothing); [`Redaction::key`] says whether a state key's value is hidden; [`Redaction::evaluate`]
//! is the guard evaluation whose evidence carries the marker as `actualSummary` for a hidden key (the
//! verdict itself is computed on the real value). Uses `guards`, `def`, `fields`, `names`. Used by
//! `compile` (the graph's own), the session (records, evidence, snapshots, `producedFor`), `serve`
//! (`why`, teaching refusals) and `js` (`createSession` options).

use serde_json::{Map, Value};

use super::def::DefValue;
use super::error::GraphError;
use super::fields::{check_keys, field};
use super::guards::{evaluate, GuardVerdict};
use super::model::Filter;
use super::names::{is_line_break, quote};
use crate::codes::ErrorCode;

/// The one text that stands where a redacted value would be.
pub const MARKER: &str = "[redacted]";
/// The most patterns one `redact` list may hold.
pub const MAX_PATTERNS: usize = 1000;
/// The most segments one path may have (values nest at most 64 deep anyway).
const MAX_SEGMENTS: usize = 64;

/// The compiled patterns: hidden state keys and hidden paths inside payloads and returned values.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Redaction {
    /// `*` was named: every state key is hidden.
    all_keys: bool,
    /// Exact key names.
    keys: Vec<String>,
    /// `auth.*` kept as `auth.`: every key starting so.
    prefixes: Vec<String>,
    /// Paths, split into segments; a segment `*` matches any member or element.
    paths: Vec<Vec<String>>,
}

impl Redaction {
    /// Nothing is hidden.
    pub fn is_empty(&self) -> bool {
        !self.all_keys && self.keys.is_empty() && self.prefixes.is_empty() && self.paths.is_empty()
    }

    /// Whether the value at state key `key` is hidden.
    pub fn key(&self, key: &str) -> bool {
        self.all_keys
            || self.keys.iter().any(|k| k == key)
            || self.prefixes.iter().any(|p| key.starts_with(p.as_str()))
    }

    /// A copy of a payload or returned value with every named path replaced by [`MARKER`], or `None`
    /// when no path matched (the value leaves as it is, and nothing was copied).
    pub fn value(&self, value: &Value) -> Option<Value> {
        if self.paths.is_empty() {
            return None;
        }
        if !self.paths.iter().any(|p| touches(value, p, true)) {
            return None;
        }
        let mut copy = value.clone();
        for path in &self.paths {
            apply(&mut copy, path, true);
        }
        Some(copy)
    }

    /// `value` as it may leave: redacted when a path matched, else as it is.
    pub fn value_out(&self, value: Value) -> Value {
        self.value(&value).unwrap_or(value)
    }

    /// The state as it may leave (a snapshot): hidden keys are left out, so a restored session holds
    /// no stand-in a guard could compare (the app's next report brings the real value back).
    pub fn state_out(&self, state: &Map<String, Value>) -> Map<String, Value> {
        if !self.has_keys() {
            return state.clone();
        }
        state
            .iter()
            .filter(|(k, _)| !self.key(k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// Whether any state key pattern was named.
    pub fn has_keys(&self) -> bool {
        self.all_keys || !self.keys.is_empty() || !self.prefixes.is_empty()
    }

    /// The guard verdict on the real state, its evidence carrying [`MARKER`] as the summary of
    /// every hidden key's value.
    pub fn evaluate(&self, filter: &Filter, state: &Map<String, Value>) -> GuardVerdict {
        let mut verdict = evaluate(filter, state);
        if self.has_keys() {
            for e in &mut verdict.evidence {
                if self.key(&e.key) {
                    e.actual_summary = MARKER.to_string();
                }
            }
        }
        verdict
    }

    /// Both sets of patterns (the graph's, then a session's own).
    pub fn merged(&self, other: &Redaction) -> Redaction {
        let mut out = self.clone();
        out.all_keys |= other.all_keys;
        for k in &other.keys {
            if !out.keys.contains(k) {
                out.keys.push(k.clone());
            }
        }
        for p in &other.prefixes {
            if !out.prefixes.contains(p) {
                out.prefixes.push(p.clone());
            }
        }
        for p in &other.paths {
            if !out.paths.contains(p) {
                out.paths.push(p.clone());
            }
        }
        out
    }
}

/// Whether `path` names anything inside `value` (no copy made).
fn touches(value: &Value, path: &[String], root: bool) -> bool {
    let Some((first, rest)) = path.split_first() else {
        return value.as_str() != Some(MARKER);
    };
    match value {
        Value::Object(map) => map
            .iter()
            .any(|(k, v)| (first == "*" || k == first) && touches(v, rest, false)),
        Value::Array(items) => match element(first) {
            Some(index) => items
                .iter()
                .enumerate()
                .any(|(i, v)| index.is_none_or(|n| n == i) && touches(v, rest, false)),
            None => items.iter().any(|v| touches(v, path, false)),
        },
        _ => root && rest.is_empty() && first == "*" && value.as_str() != Some(MARKER),
    }
}

/// Replace what `path` names inside `value` with the marker.
fn apply(value: &mut Value, path: &[String], root: bool) {
    let Some((first, rest)) = path.split_first() else {
        *value = Value::String(MARKER.to_string());
        return;
    };
    match value {
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                if first == "*" || k == first {
                    apply(v, rest, false);
                }
            }
        }
        Value::Array(items) => match element(first) {
            Some(index) => {
                for (i, v) in items.iter_mut().enumerate() {
                    if index.is_none_or(|n| n == i) {
                        apply(v, rest, false);
                    }
                }
            }
            // A named segment looks inside every element of a list (`cards.number`).
            None => {
                for v in items.iter_mut() {
                    apply(v, path, false);
                }
            }
        },
        // `*` alone hides a whole value that has no members.
        _ if root && rest.is_empty() && first == "*" => *value = Value::String(MARKER.to_string()),
        _ => {}
    }
}

/// How a segment meets a list: `*` every element (`Some(None)`), a decimal index one
/// (`Some(Some(i))`), any other name none (`None`: it looks inside each element instead).
fn element(segment: &str) -> Option<Option<usize>> {
    if segment == "*" {
        return Some(None);
    }
    if segment.is_empty() || !segment.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    segment.parse().ok().map(Some)
}

/// Compile an authored `redact` value (`{ keys?, paths? }`); `place` names where it sits
/// ("the definition", "createSession: options").
pub fn compile(value: &DefValue, place: &str) -> Result<Redaction, GraphError> {
    let owner = format!("{place} `redact`");
    let Some(entries) = value.as_object() else {
        return Err(bad(format!(
            "{owner} is {}, not an object: write redact: {{ keys: ['auth.token', 'card.*'], paths: ['password', 'card.number'] }}",
            value.type_name()
        )));
    };
    check_keys(entries, &["keys", "paths"], &owner)?;
    let mut out = Redaction::default();
    for pattern in list(field(entries, "keys"), &owner, "keys")? {
        check_text(pattern, &owner, "keys")?;
        if pattern == "*" {
            out.all_keys = true;
        } else if let Some(prefix) = pattern.strip_suffix(".*") {
            if prefix.is_empty() || prefix.contains('*') {
                return Err(bad_pattern(&owner, "keys", pattern, KEY_RULE));
            }
            out.prefixes.push(format!("{prefix}."));
        } else if pattern.contains('*') {
            return Err(bad_pattern(&owner, "keys", pattern, KEY_RULE));
        } else {
            out.keys.push(pattern.to_string());
        }
    }
    for pattern in list(field(entries, "paths"), &owner, "paths")? {
        check_text(pattern, &owner, "paths")?;
        let segments: Vec<String> = pattern.split('.').map(str::to_string).collect();
        let bad_segment = segments
            .iter()
            .any(|s| s.is_empty() || (s.contains('*') && s != "*"));
        if bad_segment || segments.len() > MAX_SEGMENTS {
            return Err(bad_pattern(&owner, "paths", pattern, PATH_RULE));
        }
        out.paths.push(segments);
    }
    Ok(out)
}

const KEY_RULE: &str = "a key pattern is a state key exactly, a key prefix ending `.*` (`auth.*` hides `auth.token` and `auth.otp`), or `*` for every key; `*` may appear nowhere else";
const PATH_RULE: &str = "a path is member names joined by dots (`card.number`), where a segment `*` matches any member or list element and a number a list index (`items.*.pin`, `items.0`), or `*` alone for the whole value; no segment may be empty and `*` must be a whole segment";

/// The strings of a `keys` / `paths` list (absent: none).
fn list<'a>(
    value: Option<&'a DefValue>,
    owner: &str,
    name: &str,
) -> Result<Vec<&'a str>, GraphError> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let DefValue::Array(items) = value else {
        return Err(bad(format!(
            "{owner}.{name} is {}, not an array: list the patterns as strings, e.g. {name}: ['{}']",
            value.type_name(),
            if name == "keys" {
                "auth.token"
            } else {
                "card.number"
            }
        )));
    };
    if items.len() > MAX_PATTERNS {
        return Err(bad(format!(
            "{owner}.{name} lists {} patterns, over the limit of {MAX_PATTERNS}: name a prefix (`auth.*`) instead of every key",
            items.len()
        )));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| match item {
            DefValue::String(text) => Ok(text.as_str()),
            other => Err(bad(format!(
                "{owner}.{name}[{i}] is {}: every pattern is a string",
                other.type_name()
            ))),
        })
        .collect()
}

/// A pattern is one non-blank line.
fn check_text(pattern: &str, owner: &str, name: &str) -> Result<(), GraphError> {
    if pattern.trim().is_empty() {
        return Err(bad(format!(
            "{owner}.{name} holds a blank pattern: name a key or path, or remove it"
        )));
    }
    if pattern.chars().any(is_line_break) {
        return Err(bad(format!(
            "{owner}.{name} holds {}, which contains a line break: a pattern is one line",
            quote(pattern)
        )));
    }
    Ok(())
}

fn bad_pattern(owner: &str, name: &str, pattern: &str, rule: &str) -> GraphError {
    bad(format!(
        "{owner}.{name} holds {}, which is not a pattern: {rule}",
        quote(pattern)
    ))
}

fn bad(message: String) -> GraphError {
    GraphError::new(ErrorCode::BadRedact, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::def::{obj, s};
    use serde_json::json;

    fn red(keys: &[&str], paths: &[&str]) -> Redaction {
        let def = obj([
            ("keys", DefValue::Array(keys.iter().map(|k| s(k)).collect())),
            (
                "paths",
                DefValue::Array(paths.iter().map(|p| s(p)).collect()),
            ),
        ]);
        compile(&def, "the definition").unwrap()
    }

    #[test]
    fn keys_match_exactly_or_by_prefix() {
        let r = red(&["auth.token", "card.*"], &[]);
        assert!(r.key("auth.token"));
        assert!(!r.key("auth.tokens"));
        assert!(r.key("card.number"));
        assert!(r.key("card.a.b"));
        assert!(!r.key("card"));
        assert!(!r.key("cards.x"));
        assert!(red(&["*"], &[]).key("anything"));
    }

    #[test]
    fn paths_hide_members_elements_and_whole_values() {
        let r = red(&[], &["card.number", "items.*.pin", "secret"]);
        let v = json!({"card": {"number": "4111", "name": "A"}, "items": [{"pin": 1}, {"pin": 2, "x": 3}],
                       "list": [{"secret": "s"}], "secret": {"deep": true}});
        let out = r.value(&v).unwrap();
        assert_eq!(
            out,
            json!({"card": {"number": MARKER, "name": "A"}, "items": [{"pin": MARKER}, {"pin": MARKER, "x": 3}],
                   "list": [{"secret": "s"}], "secret": MARKER})
        );
        // A named segment looks inside list elements.
        let r2 = red(&[], &["cards.number"]);
        let out = r2
            .value(&json!({"cards": [{"number": 1}, {"number": 2}]}))
            .unwrap();
        assert_eq!(
            out,
            json!({"cards": [{"number": MARKER}, {"number": MARKER}]})
        );
        assert_eq!(r2.value(&json!({"other": 1})), None);
        assert_eq!(red(&[], &["*"]).value(&json!("pin")), Some(json!(MARKER)));
        assert_eq!(
            red(&[], &["*"]).value(&json!({"a": 1, "b": [2]})),
            Some(json!({"a": MARKER, "b": MARKER}))
        );
        assert_eq!(
            red(&[], &["list.1"]).value(&json!({"list": [1, 2, 3]})),
            Some(json!({"list": [1, MARKER, 3]}))
        );
        assert_eq!(red(&[], &[]).value(&json!({"a": 1})), None);
    }

    #[test]
    fn bad_patterns_are_refused_with_a_code() {
        for (keys, paths) in [
            (vec!["a*"], vec![]),
            (vec!["*.b"], vec![]),
            (vec![".*"], vec![]),
            (vec![" "], vec![]),
            (vec!["a\nb"], vec![]),
            (vec![], vec!["a..b"]),
            (vec![], vec!["a.b*"]),
            (vec![], vec![".a"]),
            (vec![], vec![""]),
        ] {
            let def = obj([
                ("keys", DefValue::Array(keys.iter().map(|k| s(k)).collect())),
                (
                    "paths",
                    DefValue::Array(paths.iter().map(|p| s(p)).collect()),
                ),
            ]);
            let err = compile(&def, "the definition").unwrap_err();
            assert_eq!(err.code, ErrorCode::BadRedact, "{keys:?} {paths:?}");
            assert!(err.message.contains("`redact`"), "{}", err.message);
        }
        let err = compile(&obj([("key", DefValue::Array(vec![]))]), "x").unwrap_err();
        assert_eq!(err.code, ErrorCode::UnknownKey);
        let err = compile(&DefValue::Array(vec![]), "x").unwrap_err();
        assert_eq!(err.code, ErrorCode::BadRedact);
        let err = compile(&obj([("keys", s("a"))]), "x").unwrap_err();
        assert_eq!(err.code, ErrorCode::BadRedact);
        let err = compile(
            &obj([("keys", DefValue::Array(vec![DefValue::Number(1.0)]))]),
            "x",
        )
        .unwrap_err();
        assert_eq!(err.code, ErrorCode::BadRedact);
    }

    #[test]
    fn merged_sets_hide_both() {
        let r = red(&["a"], &["p"]).merged(&red(&["b.*"], &["q"]));
        assert!(r.key("a") && r.key("b.c") && !r.key("c"));
        assert!(r.value(&json!({"q": 1})).is_some());
        assert!(r.value(&json!({"p": 1})).is_some());
    }
}
