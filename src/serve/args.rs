//! Reading a tool call's arguments the forgiving way (results are written through `serve::shapes`).
//!
//! Uses only `serde_json`. Used by every tool in `serve`. A model sends whatever it sends: a wrong
//! type is treated as absent (never an error, never a panic), `confirm`/`decline` count only when
//! literally `true`, and an empty string is a missing argument.

use serde_json::{Map, Value};

/// The arguments of one call, as loosely typed as a model sends them.
pub struct Args<'a> {
    object: Option<&'a Map<String, Value>>,
}

impl<'a> Args<'a> {
    pub fn new(raw: &'a Value) -> Args<'a> {
        Args {
            object: raw.as_object(),
        }
    }

    fn get(&self, key: &str) -> Option<&'a Value> {
        self.object.and_then(|o| o.get(key))
    }

    /// A non-empty string, else absent.
    pub fn string(&self, key: &str) -> Option<&'a str> {
        self.get(key)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
    }

    /// True only for a literal JSON `true`.
    pub fn flag(&self, key: &str) -> bool {
        matches!(self.get(key), Some(Value::Bool(true)))
    }

    /// A number, else absent. Negative or fractional cursors are floored at 0 by the caller's type.
    pub fn number(&self, key: &str) -> Option<f64> {
        self.get(key)
            .and_then(Value::as_f64)
            .filter(|n| n.is_finite())
    }

    /// The raw value (for `input`, which the session checks against the declared contract).
    pub fn value(&self, key: &str) -> Option<&'a Value> {
        self.get(key).filter(|v| !v.is_null())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn mistyped_arguments_read_as_absent() {
        let raw =
            json!({"action": 7, "confirm": "true", "decline": 1, "sinceVersion": "3", "key": ""});
        let args = Args::new(&raw);
        assert_eq!(args.string("action"), None);
        assert!(!args.flag("confirm"));
        assert!(!args.flag("decline"));
        assert_eq!(args.number("sinceVersion"), None);
        assert_eq!(args.string("key"), None);
    }

    #[test]
    fn a_non_object_argument_value_reads_as_no_arguments() {
        for raw in [json!(null), json!("whats_here"), json!([1, 2])] {
            let args = Args::new(&raw);
            assert_eq!(args.string("action"), None);
            assert!(!args.flag("confirm"));
        }
    }

    #[test]
    fn only_literal_true_confirms() {
        let raw = json!({"confirm": true, "sinceVersion": 4});
        let args = Args::new(&raw);
        assert!(args.flag("confirm"));
        assert_eq!(args.number("sinceVersion"), Some(4.0));
    }
}
