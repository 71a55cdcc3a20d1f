//! Input contracts: compiling `input`, the one-line `expects` text, and checking a fire's payload.
//!
//! `input: 'none'` is checked before schema detection; an object with a string `type` or an object
//! `properties` is a JSON Schema kept verbatim; anything else is refused `BAD_INPUT` (docs/graph.md §5.1).
//! A schema may use only the keywords `schema` checks (docs/graph.md §11; any other is refused
//! `UNSUPPORTED_KEY` here), and the payload check (docs/session.md §8.1) judges every one of them at
//! every level. Its sentences name keys, type names and the author's allowed ranges or sets, never
//! the received values. Uses `def`, `model`, `schema`; used by `compile` and by the session's fire.

use crate::codes::ErrorCode;
use serde_json::{Map, Value};

use super::def::DefValue;
use super::error::GraphError;
use super::model::InputContract;
use super::names::quote;
use super::schema::{self, matches_type, type_word};

/// At most this many defects are listed for one payload.
const MAX_DEFECTS: usize = 20;
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
            other => other.type_name().to_string(),
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
        Some(schema) => {
            schema::check_keywords(&schema, owner)?;
            Ok(InputContract::Schema(schema))
        }
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

fn check_schema(schema: &Value, payload: Option<&Value>) -> Result<(), Vec<String>> {
    let Value::Object(schema_map) = schema else {
        return Ok(());
    };
    let declares_object = keyword(schema_map, "type").and_then(Value::as_str) == Some("object")
        || matches!(keyword(schema_map, "properties"), Some(Value::Object(_)));
    let mut defects = Vec::new();
    if !declares_object {
        // A bare-type schema: the payload itself is the argument.
        if let Some(value) = payload {
            judge(schema_map, value, "", &mut defects);
        }
        return if defects.is_empty() {
            Ok(())
        } else {
            Err(defects)
        };
    }
    // Only refusals quote the expected shape; an accepted payload never formats it.
    let expected = || describe_expected(schema);
    let Some(given @ Value::Object(_)) = payload else {
        if payload.is_none() && required_keys(schema_map).is_empty() {
            return Ok(());
        }
        return Err(vec![format!(
            "expected {}, received {}",
            expected(),
            describe_received(payload)
        )]);
    };
    judge(schema_map, given, "", &mut defects);
    if defects.is_empty() {
        return Ok(());
    }
    if defects.len() > MAX_DEFECTS {
        defects.truncate(MAX_DEFECTS);
        defects.push("…".into());
    }
    defects.push(format!(
        "expected {}, received {}",
        expected(),
        describe_received(payload)
    ));
    Err(defects)
}

/// The declared `type` as a message writes it (`string`, `string or null`), when `value` fails it.
fn type_failure(schema: &Map<String, Value>, value: &Value) -> Option<String> {
    match keyword(schema, "type")? {
        Value::String(declared) => (!matches_type(declared, value)).then(|| declared.clone()),
        Value::Array(words) => {
            let words: Vec<&str> = words.iter().filter_map(Value::as_str).collect();
            (!words.iter().any(|w| matches_type(w, value))).then(|| words.join(" or "))
        }
        _ => None,
    }
}

/// Judge `value` at `path` against one schema level and everything inside it (docs/graph.md §11).
fn judge(schema: &Map<String, Value>, value: &Value, path: &str, defects: &mut Vec<String>) {
    if defects.len() > MAX_DEFECTS {
        return;
    }
    if let Some(declared) = type_failure(schema, value) {
        defects.push(if path.is_empty() {
            format!("expected {declared}, received {}", type_word(value))
        } else {
            format!("'{path}' should be {declared}, not {}", type_word(value))
        });
        return;
    }
    schema::check_value_rules(schema, value, path, defects);
    match value {
        Value::Object(given) => collect_defects(schema, given, path, defects),
        Value::Array(items) => {
            if let Some(Value::Object(item_schema)) = keyword(schema, "items") {
                for (i, item) in items.iter().enumerate() {
                    judge(item_schema, item, &format!("{path}[{i}]"), defects);
                }
            }
        }
        _ => {}
    }
}

/// The object keywords of one level: `required`, `properties`, `additionalProperties`.
fn collect_defects(
    schema: &Map<String, Value>,
    given: &Map<String, Value>,
    path: &str,
    defects: &mut Vec<String>,
) {
    let prefix = if path.is_empty() {
        String::new()
    } else {
        format!("{path}.")
    };
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
                defects.push(format!("missing required key '{prefix}{key}'"));
            }
        }
    }
    let additional = keyword(schema, "additionalProperties");
    let mut unexpected: Vec<String> = Vec::new();
    for (key, value) in given {
        let inner = format!("{prefix}{}", show_key(key));
        match (declared(key), additional) {
            (Some(Value::Object(property)), _) => judge(property, value, &inner, defects),
            (Some(_), _) => {}
            (None, Some(Value::Bool(false))) => unexpected.push(format!("'{inner}'")),
            (None, Some(Value::Object(rest))) => judge(rest, value, &inner, defects),
            (None, _) => {}
        }
    }
    if !unexpected.is_empty() {
        let count = unexpected.len();
        unexpected.truncate(MAX_LISTED_KEYS);
        if count > MAX_LISTED_KEYS {
            unexpected.push("…".into());
        }
        let word = if count == 1 {
            "unexpected key"
        } else {
            "unexpected keys"
        };
        defects.push(format!("{word} {}", unexpected.join(", ")));
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
