//! Reading authored objects field by field: the key law (decision 10 — unknown keys are refused with
//! the nearest valid key; renamed and not-yet-supported keys get their own messages) and typed readers
//! where JS `null` and `undefined` both mean "absent".
//!
//! Uses `def`, `error`, `names`. Used by `compile`, `actions`, `merge`, `sources`.

use super::def::DefValue;
use super::error::GraphError;
use super::names::{nearest, quote};
use crate::codes::ErrorCode;

/// Keys of the reference's container tree this release spells differently or does not support: areas,
/// tabs and modals are declared under one `containers` object (docs/graph.md §2.2).
const CONTAINER_KEYS: [&str; 6] = ["areas", "tabs", "modals", "repeats", "instances", "blocks"];
/// Reference action fields this release does not support.
const UNSUPPORTED_ACTION_KEYS: [&str; 7] = [
    "reads",
    "blockedBecause",
    "humanDecides",
    "principalPolicy",
    "observability",
    "freshness",
    "concurrency",
];

/// The entries of an object value, or a `BAD_VALUE` error naming what `what` was instead.
pub fn expect_object<'a>(
    value: &'a DefValue,
    what: &str,
    fix: &str,
) -> Result<&'a [(String, DefValue)], GraphError> {
    value.as_object().ok_or_else(|| {
        GraphError::new(
            ErrorCode::BadValue,
            format!("{what} is {}, not an object: {fix}", value.type_name()),
        )
    })
}

/// Own entries that are present (not `undefined`), in own-key order.
pub fn present(entries: &[(String, DefValue)]) -> impl Iterator<Item = (&String, &DefValue)> {
    entries
        .iter()
        .filter(|(_, v)| !v.is_undefined())
        .map(|(k, v)| (k, v))
}

/// Refuse any present key of `entries` outside `allowed`. `place` says where the object sits
/// ("the definition", "page 'wizard'", "action 'wizard.name-it'").
pub fn check_keys(
    entries: &[(String, DefValue)],
    allowed: &[&str],
    place: &str,
) -> Result<(), GraphError> {
    for (key, _) in present(entries) {
        if allowed.contains(&key.as_str()) {
            continue;
        }
        if key == "tools" || key == "skills" {
            let instead = if key == "tools" {
                "actions"
            } else {
                "journeys"
            };
            return Err(GraphError::new(
                ErrorCode::RenamedKey,
                format!("{place} uses `{key}`, which is now called `{instead}`: write `{instead}:` instead"),
            ));
        }
        if CONTAINER_KEYS.contains(&key.as_str()) {
            return Err(GraphError::new(
                ErrorCode::UnsupportedKey,
                format!(
                    "{place} uses `{key}`: areas, tabs and modals are declared on a page as containers: {{ name: {{ kind: 'area' | 'tab' | 'modal', does: '…' }} }} (a list's repeated actions are named by its container's `repeats: ['action', …]`); write that instead"
                ),
            ));
        }
        if UNSUPPORTED_ACTION_KEYS.contains(&key.as_str()) {
            return Err(GraphError::new(
                ErrorCode::UnsupportedKey,
                format!("{place} uses `{key}`, which is not supported in this release; remove it"),
            ));
        }
        let hint = nearest(key, allowed.iter().copied())
            .map(|n| format!(" — did you mean `{n}`?"))
            .unwrap_or_else(|| ".".into());
        let valid = allowed
            .iter()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(GraphError::new(
            ErrorCode::UnknownKey,
            format!(
                "{place} has the unknown key {}{hint} The keys allowed there are {valid}.",
                quote(key)
            ),
        ));
    }
    Ok(())
}

/// A field that is absent when `undefined` or `null`.
pub fn field<'a>(entries: &'a [(String, DefValue)], key: &str) -> Option<&'a DefValue> {
    entries
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
        .filter(|v| !matches!(v, DefValue::Undefined | DefValue::Null))
}

/// An optional string field (`null`/`undefined` = absent); any other type is refused `BAD_VALUE`.
pub fn optional_string(
    entries: &[(String, DefValue)],
    key: &str,
    place: &str,
) -> Result<Option<String>, GraphError> {
    match field(entries, key) {
        None => Ok(None),
        Some(DefValue::String(text)) => Ok(Some(text.clone())),
        Some(other) => Err(GraphError::new(
            ErrorCode::BadValue,
            format!(
                "{place} `{key}` is {}: it must be a string",
                other.type_name()
            ),
        )),
    }
}

/// An optional boolean field (`null`/`undefined` = absent); any other type is refused `BAD_VALUE`.
pub fn optional_bool(
    entries: &[(String, DefValue)],
    key: &str,
    place: &str,
) -> Result<Option<bool>, GraphError> {
    match field(entries, key) {
        None => Ok(None),
        Some(DefValue::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(GraphError::new(
            ErrorCode::BadValue,
            format!(
                "{place} `{key}` is {}: it must be true or false",
                other.type_name()
            ),
        )),
    }
}
