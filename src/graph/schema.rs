//! The JSON-Schema keywords an input contract may use (docs/graph.md §11): the authoring check that
//! refuses any other keyword (`UNSUPPORTED_KEY`) or a malformed value (`BAD_INPUT`), and the fire-time
//! check that judges a payload against every keyword, at every level.
//!
//! A violation names the argument (`'nights'`, `'guests[0].name'`, or `the input`), the rule and the
//! allowed range or set, taken from the author's schema; the received value itself is never shown
//! (only its JSON type). `pattern` is compiled and matched by `crate::pattern` (the JS engine's
//! `RegExp` in the wasm); `minLength` / `maxLength` count Unicode code points, as JSON Schema does.
//! Uses `error`, `names`, `crate::pattern`; used by `input`.

use serde_json::{Map, Value};

use super::error::GraphError;
use crate::codes::ErrorCode;

/// Every keyword the check implements, in the order the README lists them.
pub const CHECKED_KEYWORDS: [&str; 16] = [
    "type",
    "properties",
    "required",
    "additionalProperties",
    "enum",
    "const",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "pattern",
    "items",
    "minItems",
    "maxItems",
];
/// Annotations: words that assert nothing about a value, so accepting them ignores no rule.
const ANNOTATIONS: [&str; 6] = [
    "title",
    "description",
    "default",
    "examples",
    "$schema",
    "$comment",
];
const TYPE_WORDS: [&str; 7] = [
    "string", "number", "integer", "boolean", "array", "object", "null",
];
/// A numeric bound: its keyword, its sign in messages, and whether a value meets it.
type Bound = (&'static str, &'static str, fn(f64, f64) -> bool);
/// At most this many allowed values are listed in a refusal.
const MAX_LISTED_VALUES: usize = 20;

fn bad(owner: &str, at: &str, rule: String) -> GraphError {
    GraphError::new(ErrorCode::BadInput, format!("{owner} `input`{at}: {rule}"))
}

/// Check an authored schema's keywords, every level (`owner` names the action). The schema's depth is
/// already bounded by the caller, so the recursion is too.
pub fn check_keywords(schema: &Value, owner: &str) -> Result<(), GraphError> {
    check_level(schema, owner, "")
}

fn check_level(schema: &Value, owner: &str, at: &str) -> Result<(), GraphError> {
    let Value::Object(map) = schema else {
        return Err(bad(
            owner,
            at,
            "a schema must be an object such as { type: 'string' }; boolean schemas are not supported".into(),
        ));
    };
    for (key, value) in map {
        let key = key.as_str();
        if ANNOTATIONS.contains(&key) {
            continue;
        }
        if !CHECKED_KEYWORDS.contains(&key) {
            return Err(GraphError::new(
                ErrorCode::UnsupportedKey,
                format!(
                    "{owner} `input`{at} uses `{key}`, a JSON-Schema keyword groundfacts does not check, so the contract would not mean what it says; remove it (checked keywords: {})",
                    CHECKED_KEYWORDS.join(", ")
                ),
            ));
        }
        check_value(key, value, owner, at)?;
    }
    Ok(())
}

fn check_value(key: &str, value: &Value, owner: &str, at: &str) -> Result<(), GraphError> {
    let known = |v: &Value| v.as_str().is_some_and(|t| TYPE_WORDS.contains(&t));
    let rule = match (key, value) {
        ("type", Value::Array(words)) if !words.is_empty() && words.iter().all(known) => None,
        ("type", word) if known(word) => None,
        ("type", _) => Some(format!(
            "must be one of {} or a non-empty list of them",
            TYPE_WORDS.join(", ")
        )),
        ("properties", Value::Object(properties)) => {
            for (name, property) in properties {
                check_level(property, owner, &format!("{at}.properties.{name}"))?;
            }
            None
        }
        ("properties", _) => Some("must be an object of { name: schema }".into()),
        ("required", Value::Array(keys)) if keys.iter().all(Value::is_string) => None,
        ("required", _) => Some("must be a list of key names".into()),
        ("additionalProperties", Value::Bool(_)) => None,
        ("additionalProperties", Value::Object(_)) => {
            check_level(value, owner, &format!("{at}.additionalProperties"))?;
            None
        }
        ("additionalProperties", _) => Some("must be true, false or a schema".into()),
        ("enum", Value::Array(allowed)) if !allowed.is_empty() => None,
        ("enum", _) => Some("must be a non-empty list of the allowed values".into()),
        ("minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum", Value::Number(_)) => None,
        ("minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum", _) => {
            Some("must be a number".into())
        }
        ("minLength" | "maxLength" | "minItems" | "maxItems", _) if value.as_u64().is_some() => None,
        ("minLength" | "maxLength" | "minItems" | "maxItems", _) => {
            Some("must be a whole number, 0 or more".into())
        }
        ("pattern", Value::String(text)) => crate::pattern::error(text).map(|e| format!(
            "is not a regular expression ({e}); write it in the syntax JSON Schema names (ECMA-262: classes, groups, alternation, repetition, anchors)"
        )),
        ("pattern", _) => Some("must be a regular expression written as a string".into()),
        ("items", _) => {
            check_level(value, owner, &format!("{at}.items"))?;
            None
        }
        _ => None,
    };
    match rule {
        Some(rule) => Err(bad(owner, at, format!("`{key}` {rule}"))),
        None => Ok(()),
    }
}

/// The JSON Schema word for a value's type, as messages use it.
pub fn type_word(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

pub fn matches_type(declared: &str, value: &Value) -> bool {
    match declared {
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => value.as_f64().is_some_and(|n| n.fract() == 0.0),
        "boolean" => value.is_boolean(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "null" => value.is_null(),
        _ => true,
    }
}

/// JSON Schema equality: numbers compare by value (`1` equals `1.0`), the rest structurally.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

fn keyword<'a>(schema: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    schema
        .iter()
        .find(|(k, _)| k.as_str() == name)
        .map(|(_, v)| v)
}

/// How a refusal names the argument at `path`.
fn argument(path: &str) -> String {
    if path.is_empty() {
        "the input".into()
    } else {
        format!("'{path}'")
    }
}

/// The value keywords of one level (everything but `type` and the object keywords), judged on
/// `value` at `path`.
pub fn check_value_rules(
    schema: &Map<String, Value>,
    value: &Value,
    path: &str,
    defects: &mut Vec<String>,
) {
    let who = || argument(path);
    if let Some(Value::Array(allowed)) = keyword(schema, "enum") {
        if !allowed.iter().any(|a| same(a, value)) {
            let mut shown: Vec<String> = allowed
                .iter()
                .take(MAX_LISTED_VALUES)
                .map(Value::to_string)
                .collect();
            if allowed.len() > MAX_LISTED_VALUES {
                shown.push("…".into());
            }
            defects.push(format!(
                "{} must be one of {} (enum)",
                who(),
                shown.join(", ")
            ));
        }
    }
    if let Some(expected) = keyword(schema, "const") {
        if !same(expected, value) {
            defects.push(format!("{} must be exactly {expected} (const)", who()));
        }
    }
    if let Some(n) = value.as_f64() {
        let bounds: [Bound; 4] = [
            ("minimum", "≥", |n, b| n >= b),
            ("maximum", "≤", |n, b| n <= b),
            ("exclusiveMinimum", ">", |n, b| n > b),
            ("exclusiveMaximum", "<", |n, b| n < b),
        ];
        for (word, sign, holds) in bounds {
            if let Some(bound) = keyword(schema, word).filter(|b| b.is_number()) {
                if !holds(n, bound.as_f64().unwrap_or(f64::NAN)) {
                    defects.push(format!("{} must be {sign} {bound} ({word} {bound})", who()));
                }
            }
        }
    }
    let count_rule = |word: &str, count: usize, unit: &str, defects: &mut Vec<String>| {
        let Some(limit) = keyword(schema, word).and_then(Value::as_u64) else {
            return;
        };
        let (fails, how) = if word.starts_with("min") {
            (count < limit as usize, "at least")
        } else {
            (count > limit as usize, "at most")
        };
        if fails {
            let plural = if limit == 1 { "" } else { "s" };
            defects.push(format!(
                "{} must have {how} {limit} {unit}{plural} ({word} {limit})",
                who()
            ));
        }
    };
    match value {
        Value::String(text) => {
            let chars = text.chars().count();
            count_rule("minLength", chars, "character", defects);
            count_rule("maxLength", chars, "character", defects);
            if let Some(Value::String(pattern)) = keyword(schema, "pattern") {
                if !crate::pattern::matches(pattern, text) {
                    defects.push(format!(
                        "{} must match the pattern {} (pattern)",
                        who(),
                        Value::from(pattern.as_str())
                    ));
                }
            }
        }
        Value::Array(items) => {
            count_rule("minItems", items.len(), "item", defects);
            count_rule("maxItems", items.len(), "item", defects);
        }
        _ => {}
    }
}
