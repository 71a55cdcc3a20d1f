//! The authoring input as the core receives it: a JS-shaped value tree ([`DefValue`]).
//!
//! The JS layer converts whatever the app passed (plain objects, arrays, functions) into this tree,
//! keeping JS own-key order and turning functions into host [`CallbackId`]s; native tests build it
//! with the helpers below. The compiler (`compile`, `sources`) reads only this type, so every
//! authoring rule is testable without JS. Used by `graph::*` and `session::mount`.

use serde_json::Value;

/// An opaque handle for an app function (a handler or a verify predicate) that the host owns.
/// The core stores and compares ids; only the host can call what they name. It lives with the
/// definitions because that is where functions first appear; `host` re-exports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallbackId(pub u32);

impl CallbackId {
    /// `ids` in ascending order, each once. Sorted through a binary heap, not `sort_unstable`: the
    /// wasm then carries no quicksort instantiated for ids (docs/size.md).
    pub fn sorted_unique(ids: Vec<CallbackId>) -> Vec<CallbackId> {
        let mut ids = std::collections::BinaryHeap::from(ids).into_sorted_vec();
        ids.dedup();
        ids
    }
}

/// A JS value as authored. Objects keep their own-key order (integer-like keys first, as JS does).
#[derive(Debug, Clone, PartialEq)]
pub enum DefValue {
    Undefined,
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<DefValue>),
    Object(Vec<(String, DefValue)>),
    /// A JS function, held by the host.
    Function(CallbackId),
    /// Something else JS can hold (symbol, bigint, a class instance the converter refuses):
    /// the text names its type for error messages.
    Unsupported(String),
}

impl DefValue {
    /// The JS-facing name of this value's type, for messages ("a string", "an array", …).
    pub fn type_name(&self) -> &str {
        match self {
            DefValue::Undefined => "undefined",
            DefValue::Null => "null",
            DefValue::Bool(_) => "a boolean",
            DefValue::Number(_) => "a number",
            DefValue::String(_) => "a string",
            DefValue::Array(_) => "an array",
            DefValue::Object(_) => "an object",
            DefValue::Function(_) => "a function",
            DefValue::Unsupported(t) => t,
        }
    }

    /// Absent in the JS sense: `undefined` (authors' `null` is handled per field).
    pub fn is_undefined(&self) -> bool {
        matches!(self, DefValue::Undefined)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            DefValue::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&[(String, DefValue)]> {
        match self {
            DefValue::Object(entries) => Some(entries),
            _ => None,
        }
    }

    /// Own property `key` of an object (first match), if any and not `undefined`.
    pub fn get(&self, key: &str) -> Option<&DefValue> {
        self.as_object()?
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
            .filter(|v| !v.is_undefined())
    }

    /// Plain JSON data, if this value holds no function or unsupported value anywhere.
    /// `undefined` object members are dropped, as `JSON.stringify` does; `undefined` in an array
    /// becomes `null`. Non-finite numbers become `null`.
    pub fn to_json(&self) -> Option<Value> {
        Some(match self {
            DefValue::Undefined | DefValue::Null => Value::Null,
            DefValue::Bool(b) => Value::Bool(*b),
            DefValue::Number(n) => number_to_json(*n),
            DefValue::String(s) => Value::String(s.clone()),
            DefValue::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|v| v.to_json())
                    .collect::<Option<Vec<_>>>()?,
            ),
            DefValue::Object(entries) => {
                let mut map = serde_json::Map::new();
                for (k, v) in entries {
                    if v.is_undefined() {
                        continue;
                    }
                    map.insert(k.clone(), v.to_json()?);
                }
                Value::Object(map)
            }
            DefValue::Function(_) | DefValue::Unsupported(_) => return None,
        })
    }

    /// The inverse of [`DefValue::to_json`], for tests and for the session's own data.
    pub fn from_json(value: &Value) -> DefValue {
        match value {
            Value::Null => DefValue::Null,
            Value::Bool(b) => DefValue::Bool(*b),
            Value::Number(n) => DefValue::Number(n.as_f64().unwrap_or(f64::NAN)),
            Value::String(s) => DefValue::String(s.clone()),
            Value::Array(items) => DefValue::Array(items.iter().map(DefValue::from_json).collect()),
            Value::Object(map) => DefValue::Object(
                map.iter()
                    .map(|(k, v)| (k.clone(), DefValue::from_json(v)))
                    .collect(),
            ),
        }
    }
}

/// A JS number as JSON: integers stay integers (so `1` prints as `1`, not `1.0`); NaN/±∞ → null.
pub fn number_to_json(n: f64) -> Value {
    if !n.is_finite() {
        return Value::Null;
    }
    if n.fract() == 0.0 && n.abs() < 9.007_199_254_740_992e15 {
        return Value::from(n as i64);
    }
    serde_json::Number::from_f64(n)
        .map(Value::Number)
        .unwrap_or(Value::Null)
}

/// Build an object value from pairs (test and internal convenience).
pub fn obj<I, K>(entries: I) -> DefValue
where
    I: IntoIterator<Item = (K, DefValue)>,
    K: Into<String>,
{
    DefValue::Object(entries.into_iter().map(|(k, v)| (k.into(), v)).collect())
}

/// A string value.
pub fn s(text: &str) -> DefValue {
    DefValue::String(text.to_string())
}

/// Parse JSON text into a [`DefValue`] (tests: author a definition as a JSON literal).
/// Key order is preserved. Functions cannot be written in JSON; splice them in with [`obj`].
pub fn from_json_text(text: &str) -> Result<DefValue, serde_json::Error> {
    let v: Value = serde_json::from_str(text)?;
    Ok(DefValue::from_json(&v))
}

#[cfg(test)]
mod tests {
    use super::CallbackId;

    #[test]
    fn sorted_unique_sorts_and_drops_repeats() {
        let ids = |v: &[u32]| v.iter().map(|&n| CallbackId(n)).collect::<Vec<_>>();
        assert_eq!(
            CallbackId::sorted_unique(ids(&[5, 1, 5, 3, 1, 9, 0])),
            ids(&[0, 1, 3, 5, 9])
        );
        assert_eq!(CallbackId::sorted_unique(Vec::new()), ids(&[]));
    }
}
