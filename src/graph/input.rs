//! Input contracts: compiling `input`, the one-line `expects` text, and checking a fire's payload.
//!
//! `input: 'none'` is checked before schema detection; an object with a string `type` or an object
//! `properties` is a JSON Schema kept verbatim; anything else is refused `BAD_INPUT` (docs/graph.md §5.1).
//! The payload check (docs/session.md §8.1) is structural and deliberately partial: it judges missing
//! required keys, wrong primitive types and keys a closed object does not list, two levels deep, and
//! declines to judge any level using a keyword it does not implement. Its sentences name keys and
//! type names only, never values. Uses `def`, `model`; used by `compile` and by the session's fire.

use crate::codes::ErrorCode;
use serde_json::{Map, Value};

use super::def::DefValue;
use super::error::GraphError;
use super::model::InputContract;
use super::names::quote;

/// Keywords whose meaning the shape check does not implement: a schema level carrying one is not judged.
const UNJUDGED_KEYWORDS: [&str; 7] = [
    "$ref", "allOf", "anyOf", "oneOf", "enum", "format", "pattern",
];
/// Levels judged: the payload itself and one level inside it.
const MAX_DEPTH: usize = 2;
/// At most this many keys are listed when describing a received payload.
const MAX_LISTED_KEYS: usize = 10;
/// A payload's key names are cut at this length in messages (they are the caller's, not the author's).
const MAX_KEY_CHARS: usize = 40;
/// How deep an authored schema may nest before it is refused (the converter's recursion stays bounded).
const MAX_SCHEMA_DEPTH: usize = 64;

/// Compile an authored `input` (`owner` names the action, e.g. "action 'wizard.name-it'").
/// Absent (`undefined`) → [`InputContract::Unknown`]; `null` is refused like any other non-form.
pub fn compile_input(value: &DefValue, owner: &str) -> Result<InputContract, GraphError> {
    if value.is_undefined() {
        return Ok(InputContract::Unknown);
    }
    if value.as_str() == Some("none") {
        return Ok(InputContract::NoInput);
    }
    let accepted = "accepted forms: 'none' (the action takes nothing) or a JSON Schema object with a string `type` or an object `properties`, e.g. { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }; omit `input` when the shape is unknown";
    let is_schema = value.get("type").is_some_and(|t| t.as_str().is_some())
        || value
            .get("properties")
            .is_some_and(|p| p.as_object().is_some());
    if !is_schema {
        let shown = match value {
            DefValue::String(text) => format!("the string {}", quote(text)),
            other => other.type_name(),
        };
        return Err(GraphError::new(
            ErrorCode::BadInput,
            format!(
                "{owner} `input` is {shown}, which is not a recognised input schema; {accepted}"
            ),
        ));
    }
    if !depth_within(value, MAX_SCHEMA_DEPTH) {
        return Err(GraphError::new(
            ErrorCode::BadInput,
            format!(
                "{owner} `input` nests deeper than {MAX_SCHEMA_DEPTH} levels; flatten the schema"
            ),
        ));
    }
    match value.to_json() {
        Some(schema) => Ok(InputContract::Schema(schema)),
        None => Err(GraphError::new(
            ErrorCode::BadInput,
            format!("{owner} `input` holds a function or another non-JSON value; a JSON Schema must be plain data"),
        )),
    }
}

/// Whether `value` nests no deeper than `limit` (checked without recursion).
pub fn depth_within(value: &DefValue, limit: usize) -> bool {
    let mut stack = vec![(value, 0usize)];
    while let Some((current, depth)) = stack.pop() {
        if depth > limit {
            return false;
        }
        match current {
            DefValue::Array(items) => stack.extend(items.iter().map(|v| (v, depth + 1))),
            DefValue::Object(entries) => stack.extend(entries.iter().map(|(_, v)| (v, depth + 1))),
            _ => {}
        }
    }
    true
}

/// The one-line shape: `none`, `{ name: string }`, `object`… `None` when no input was declared.
pub fn expects_text(input: &InputContract) -> Option<String> {
    match input {
        InputContract::Unknown => None,
        InputContract::NoInput => Some("none".into()),
        InputContract::Schema(schema) => Some(describe_expected(schema)),
    }
}

/// A JSON Schema's one-line shape (docs/graph.md §5.2): flat, `?` on keys not required, `any` when untyped.
fn describe_expected(schema: &Value) -> String {
    let Value::Object(schema) = schema else {
        return "object".into();
    };
    let properties = declared_properties(schema);
    if properties.is_empty() {
        return schema
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("object")
            .to_string();
    }
    let required = required_keys(schema);
    let fields: Vec<String> = properties
        .iter()
        .map(|(name, property)| {
            let declared = property
                .get("type")
                .and_then(Value::as_str)
                .unwrap_or("any");
            let mark = if required.contains(&name.as_str()) {
                ""
            } else {
                "?"
            };
            format!("{name}{mark}: {declared}")
        })
        .collect();
    format!("{{ {} }}", fields.join(", "))
}

fn declared_properties(schema: &Map<String, Value>) -> Vec<(&String, &Value)> {
    match keyword(schema, "properties") {
        Some(Value::Object(properties)) => properties.iter().collect(),
        _ => Vec::new(),
    }
}

fn required_keys(schema: &Map<String, Value>) -> Vec<&str> {
    match keyword(schema, "required") {
        Some(Value::Array(keys)) => keys.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// The JSON Schema word for a value's type, as messages use it.
fn type_word(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn show_key(key: &str) -> String {
    if key.chars().count() > MAX_KEY_CHARS {
        format!("{}…", key.chars().take(MAX_KEY_CHARS).collect::<String>())
    } else {
        key.to_string()
    }
}

/// A received payload as keys and type names only: `{ name: string }`, `{}`, `null`, `string`.
pub fn describe_received(payload: Option<&Value>) -> String {
    let Some(payload) = payload else {
        return "nothing".into();
    };
    let Value::Object(map) = payload else {
        return type_word(payload).into();
    };
    if map.is_empty() {
        return "{}".into();
    }
    let mut shown: Vec<String> = map
        .iter()
        .take(MAX_LISTED_KEYS)
        .map(|(k, v)| format!("{}: {}", show_key(k), type_word(v)))
        .collect();
    if map.len() > MAX_LISTED_KEYS {
        shown.push("…".into());
    }
    format!("{{ {} }}", shown.join(", "))
}

/// Check a fire's payload against the contract. `Ok(payload_to_use)`: for `'none'` a blank payload is
/// erased (`None`); otherwise the payload is passed through. `Err(issues)`: sentences naming the
/// received shape by key and type names only — never values.
pub fn check_payload(
    input: &InputContract,
    payload: Option<&Value>,
) -> Result<Option<Value>, Vec<String>> {
    checked_payload(input, payload).map(|kept| kept.cloned())
}

/// [`check_payload`] without the copy: the payload kept (borrowed), for a caller that owns it.
pub fn checked_payload<'a>(
    input: &InputContract,
    payload: Option<&'a Value>,
) -> Result<Option<&'a Value>, Vec<String>> {
    match input {
        InputContract::Unknown => Ok(payload),
        InputContract::NoInput => {
            let blank = match payload {
                None => true,
                Some(Value::String(text)) => text.is_empty(),
                Some(Value::Object(map)) => map.is_empty(),
                Some(_) => false,
            };
            if blank {
                Ok(None)
            } else {
                Err(vec![format!(
                    "this action takes no input: omit the payload (received {})",
                    describe_received(payload)
                )])
            }
        }
        InputContract::Schema(schema) => check_schema(schema, payload).map(|()| payload),
    }
}

/// A schema keyword's value. A schema has a handful of keys: scanning them beats hashing the name
/// (every fire with a declared input asks several).
fn keyword<'a>(schema: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    schema
        .iter()
        .find(|(k, _)| k.as_str() == name)
        .map(|(_, v)| v)
}

fn declines_to_judge(schema: &Map<String, Value>) -> bool {
    // A schema has a handful of keys: scanning them beats hashing every keyword.
    schema
        .keys()
        .any(|k| UNJUDGED_KEYWORDS.contains(&k.as_str()))
}

fn check_schema(schema: &Value, payload: Option<&Value>) -> Result<(), Vec<String>> {
    let Value::Object(schema_map) = schema else {
        return Ok(());
    };
    if declines_to_judge(schema_map) {
        return Ok(());
    }
    // Only refusals quote the expected shape; an accepted payload never formats it.
    let expected = || describe_expected(schema);
    let declares_object = keyword(schema_map, "type").and_then(Value::as_str) == Some("object")
        || matches!(keyword(schema_map, "properties"), Some(Value::Object(_)));
    if !declares_object {
        // A bare-type schema: judge the primitive type only.
        return match (keyword(schema_map, "type").and_then(Value::as_str), payload) {
            (Some(declared), Some(value)) if !matches_type(declared, value) => Err(vec![format!(
                "expected {declared}, received {}",
                type_word(value)
            )]),
            _ => Ok(()),
        };
    }
    let Some(Value::Object(given)) = payload else {
        if payload.is_none() && required_keys(schema_map).is_empty() {
            return Ok(());
        }
        return Err(vec![format!(
            "expected {}, received {}",
            expected(),
            describe_received(payload)
        )]);
    };
    let mut defects = Vec::new();
    collect_defects(schema_map, given, "", 1, &mut defects);
    if defects.is_empty() {
        return Ok(());
    }
    defects.push(format!(
        "expected {}, received {}",
        expected(),
        describe_received(payload)
    ));
    Err(defects)
}

fn matches_type(declared: &str, value: &Value) -> bool {
    match declared {
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => value.as_f64().is_some_and(|n| n.fract() == 0.0),
        "boolean" => value.is_boolean(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "null" => value.is_null(),
        // A type union or a word this check does not know: not judged.
        _ => true,
    }
}

fn collect_defects(
    schema: &Map<String, Value>,
    given: &Map<String, Value>,
    path: &str,
    depth: usize,
    defects: &mut Vec<String>,
) {
    // Read in place, on every fire with a declared input: no list of the schema's properties or
    // required keys is made, and a small payload is scanned rather than hashed.
    let properties = match keyword(schema, "properties") {
        Some(Value::Object(properties)) => Some(properties),
        _ => None,
    };
    let declared = |key: &str| {
        properties.and_then(|p| {
            p.iter()
                .find(|(name, _)| name.as_str() == key)
                .map(|(_, v)| v)
        })
    };
    let has = |key: &str| {
        if given.len() <= 8 {
            given.keys().any(|k| k == key)
        } else {
            given.contains_key(key)
        }
    };
    if let Some(Value::Array(required)) = keyword(schema, "required") {
        for key in required.iter().filter_map(Value::as_str) {
            if !has(key) {
                defects.push(format!("missing required key '{path}{key}'"));
            }
        }
    }
    for (key, value) in given {
        let Some(Value::Object(property)) = declared(key) else {
            continue;
        };
        if declines_to_judge(property) {
            continue;
        }
        if let Some(declared) = keyword(property, "type").and_then(Value::as_str) {
            if !matches_type(declared, value) {
                defects.push(format!(
                    "'{path}{}' should be {declared}, not {}",
                    show_key(key),
                    type_word(value)
                ));
                continue;
            }
        }
        if let (true, Value::Object(inner), Some(Value::Object(_))) =
            (depth < MAX_DEPTH, value, keyword(property, "properties"))
        {
            collect_defects(
                property,
                inner,
                &format!("{path}{key}."),
                depth + 1,
                defects,
            );
        }
    }
    let closed = keyword(schema, "additionalProperties") == Some(&Value::Bool(false))
        && keyword(schema, "patternProperties").is_none();
    if closed {
        let unexpected: Vec<String> = given
            .keys()
            .filter(|k| declared(k).is_none())
            .map(|k| format!("'{path}{}'", show_key(k)))
            .collect();
        if !unexpected.is_empty() {
            let mut shown: Vec<String> = unexpected.iter().take(MAX_LISTED_KEYS).cloned().collect();
            if unexpected.len() > MAX_LISTED_KEYS {
                shown.push("…".into());
            }
            let word = if unexpected.len() == 1 {
                "unexpected key"
            } else {
                "unexpected keys"
            };
            defects.push(format!("{word} {}", shown.join(", ")));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn received_shapes_never_show_values() {
        let text = describe_received(Some(&json!({"secret": "hunter2", "n": 4})));
        assert_eq!(text, "{ secret: string, n: number }");
        assert!(!text.contains("hunter2"));
    }

    #[test]
    fn depth_is_checked_without_recursion() {
        let mut value = DefValue::Null;
        for _ in 0..10_000 {
            value = DefValue::Array(vec![value]);
        }
        assert!(!depth_within(&value, 64));
        // Drop the deep value iteratively so the test itself cannot overflow the stack.
        let mut current = value;
        while let DefValue::Array(mut items) = current {
            current = items.pop().unwrap_or(DefValue::Null);
        }
    }
}
