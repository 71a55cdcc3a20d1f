//! Reading a tool call's arguments the forgiving way, and the plain-JSON result envelope.
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

/// An ordered JSON object under construction. Insertion order is the order a model reads.
#[derive(Debug, Default, Clone)]
pub struct Out(pub Map<String, Value>);

impl Out {
    pub fn new() -> Out {
        Out(Map::new())
    }

    pub fn ok(ok: bool) -> Out {
        let mut out = Out::new();
        out.set("ok", ok);
        out
    }

    pub fn set(&mut self, key: &str, value: impl Into<Value>) -> &mut Out {
        self.0.insert(key.to_string(), value.into());
        self
    }

    pub fn set_opt(&mut self, key: &str, value: Option<impl Into<Value>>) -> &mut Out {
        if let Some(v) = value {
            self.0.insert(key.to_string(), v.into());
        }
        self
    }

    /// Set `key: true` only when `flag` (presence-only booleans: never `false` for "not").
    pub fn set_true(&mut self, key: &str, flag: bool) -> &mut Out {
        if flag {
            self.0.insert(key.to_string(), Value::Bool(true));
        }
        self
    }

    /// Copy every entry of `other` over this object (later keys win, earlier order kept).
    pub fn merge(&mut self, other: Out) -> &mut Out {
        for (k, v) in other.0 {
            self.0.insert(k, v);
        }
        self
    }

    pub fn has(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }

    pub fn done(self) -> Value {
        Value::Object(self.0)
    }
}

/// `{ok:false, judgment:"error", reason}` — the head of every port-level refusal.
pub fn error_head(reason: impl Into<Value>) -> Out {
    let mut out = Out::ok(false);
    out.set("judgment", "error").set("reason", reason);
    out
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

    #[test]
    fn merge_keeps_first_position_and_takes_later_values() {
        let mut a = Out::ok(true);
        a.set("judgment", "one-ready-step").set("x", 1);
        let mut b = Out::ok(false);
        b.set("judgment", "rejected");
        a.merge(b);
        assert_eq!(
            serde_json::to_string(&a.done()).unwrap(),
            r#"{"ok":false,"judgment":"rejected","x":1}"#
        );
    }
}
