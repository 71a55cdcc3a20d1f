//! The size limit (`docs/decisions.md` decision 25): `maxValueBytes`, the measure every door uses, and
//! the refusals. Inputs, payloads, state values and the texts a session would keep (`by`/`note`, gap
//! text, positions, stimulus labels, ids) above the limit are refused `PAYLOAD_TOO_LARGE` with the
//! limit in the message: as data where the call returns a result (a refused fire is a recorded
//! attempt), as a usage error where it does not. A handler's produced data over the limit is not kept;
//! a thrown message is capped.
//!
//! [`json_size_over`] measures a value's compact JSON without writing it: a quick upper bound from
//! the lengths answers for most values, and otherwise a count that stops at the limit, so an oversized
//! value is walked only as far as the limit (the JS layer's reader stops earlier still, in
//! `js::fast`). Uses `state`; used by `ledger::retention` (the option), `fire`, `report`, `asks`,
//! `work`, `settle`, `persist::restore` and `serve`.

use crate::codes::{ErrorCode, Refusal};
use std::rc::Rc;

use serde_json::Value;

use super::state::Inner;
use super::*;

/// `maxValueBytes` when the app names none: 64 KiB of compact JSON.
pub const DEFAULT_MAX_VALUE_BYTES: usize = 64 * 1024;
/// The largest size limit a session accepts (64 MiB).
pub const MAX_MAX_VALUE_BYTES: usize = 64 * 1024 * 1024;
/// Longest failure message (a handler's thrown text) a row keeps, in bytes.
pub const FAILURE_MESSAGE_CAP: usize = 1_000;

/// Whether `value`'s compact JSON is longer than `limit` bytes (measured without building it).
pub fn json_size_over(value: &Value, limit: usize) -> bool {
    // Most values measured (a report's members, a small payload) are far under the limit: a bound
    // from their lengths answers without serialising them.
    if size_bound(value, 1).is_some_and(|bound| bound <= limit) {
        return false;
    }
    let mut left = limit;
    spend(value, &mut left).is_none()
}

/// Take `value`'s compact JSON length — byte for byte what `serde_json::to_writer` writes — from
/// `left`; `None` as soon as it does not fit (so a huge value is not walked to its end). Counted, not
/// written, so the module carries no second instance of serde_json's writers for a path only values
/// over the quick bound take.
fn spend(value: &Value, left: &mut usize) -> Option<()> {
    let mut take = |n: usize| -> Option<()> {
        *left = left.checked_sub(n)?;
        Some(())
    };
    match value {
        Value::Null => take(4),
        Value::Bool(flag) => take(if *flag { 4 } else { 5 }),
        Value::Number(n) => take(number_len(n)),
        Value::String(s) => take(escaped_len(s)),
        Value::Array(items) => {
            take(2 + items.len().saturating_sub(1))?;
            items.iter().try_for_each(|item| spend(item, left))
        }
        Value::Object(members) => {
            // Braces, a colon per member and the commas between them.
            take(2 + members.len() + members.len().saturating_sub(1))?;
            members.iter().try_for_each(|(key, item)| {
                *left = left.checked_sub(escaped_len(key))?;
                spend(item, left)
            })
        }
    }
}

/// A string's length as serde_json writes it: quoted, `"` and `\` and the five short control escapes
/// (`\b \t \n \f \r`) two bytes, any other byte under 0x20 six (`\u00XX`), every other byte one.
fn escaped_len(text: &str) -> usize {
    text.bytes().fold(2usize, |sum, byte| {
        sum.saturating_add(match byte {
            b'"' | b'\\' | 0x08 | 0x09 | 0x0a | 0x0c | 0x0d => 2,
            0x00..=0x1f => 6,
            _ => 1,
        })
    })
}

/// A number's length as serde_json writes it: an integer's digits (and sign), a float's shortest
/// form from the same `zmij` serde_json writes it with.
fn number_len(n: &serde_json::Number) -> usize {
    let digits = |mut u: u64| {
        let mut count = 1;
        while u >= 10 {
            u /= 10;
            count += 1;
        }
        count
    };
    if let Some(u) = n.as_u64() {
        digits(u)
    } else if let Some(i) = n.as_i64() {
        1 + digits(i.unsigned_abs())
    } else {
        // A `Value` holds only finite floats.
        zmij::Buffer::new()
            .format_finite(n.as_f64().unwrap_or(0.0))
            .len()
    }
}

/// An upper bound of `value`'s compact JSON length, for scalars and (with `levels` left) an object or
/// array of them; `None` for anything deeper. A string's byte escapes to at most 6 bytes (`\u00XX`);
/// a number is at most 24 bytes (`-1.7976931348623157e308` is 23).
fn size_bound(value: &Value, levels: u32) -> Option<usize> {
    let string = |s: &str| s.len().saturating_mul(6).saturating_add(2);
    match value {
        Value::Null | Value::Bool(_) => Some(5),
        Value::Number(_) => Some(24),
        Value::String(s) => Some(string(s)),
        Value::Array(items) if levels > 0 => items.iter().try_fold(2usize, |sum, item| {
            Some(
                sum.saturating_add(size_bound(item, levels - 1)?)
                    .saturating_add(1),
            )
        }),
        Value::Object(members) if levels > 0 => members.iter().try_fold(2usize, |sum, (k, v)| {
            let member = string(k).saturating_add(2);
            Some(
                sum.saturating_add(member)
                    .saturating_add(size_bound(v, levels - 1)?),
            )
        }),
        _ => None,
    }
}

/// The message a too-large value is refused with.
pub fn too_large_message(what: &str, limit: usize) -> String {
    crate::messages::prefixed(format!(
        "{what} is larger than this session's limit of {limit} bytes of JSON, so it was refused and not kept. Send less (a reference or an id instead of the data), or raise maxValueBytes in createSession (docs/decisions.md decision 25)."
    ))
}

/// `text` cut to at most `cap` bytes on a character boundary, with `…` when cut.
pub fn capped_text(text: &str, cap: usize) -> String {
    if text.len() <= cap {
        return text.to_string();
    }
    let mut end = cap;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut out = text.get(..end).unwrap_or("").to_string();
    out.push('\u{2026}');
    out
}

impl Inner {
    /// Whether a value is over the size limit.
    pub fn too_large(&self, value: &Value) -> bool {
        json_size_over(value, self.keep.max_value_bytes)
    }

    /// Whether a text the session would keep is over the size limit.
    pub fn text_too_large(&self, text: &str) -> bool {
        text.len() > self.keep.max_value_bytes
    }

    /// The usage error for a too-large value at a door that throws.
    pub fn too_large_error(&self, what: &str) -> SessionError {
        SessionError::usage(
            ErrorCode::PayloadTooLarge,
            too_large_message(what, self.keep.max_value_bytes),
        )
    }
}

impl Session {
    /// Whether `value` is above this session's size limit.
    pub fn value_too_large(&self, value: &Value) -> bool {
        self.inner.borrow().too_large(value)
    }
}

/// `createSession`'s check of the initial state: every value within the size limit.
pub(crate) fn check_initial_state(
    state: &serde_json::Map<String, Value>,
    limit: usize,
) -> Result<(), SessionError> {
    match state.iter().find(|(_, v)| json_size_over(v, limit)) {
        Some((key, _)) => Err(SessionError::usage(
            ErrorCode::PayloadTooLarge,
            too_large_message(
                &format!("createSession: options.state['{}']", key.escape_debug()),
                limit,
            ),
        )),
        None => Ok(()),
    }
}

impl Inner {
    /// `updateState`'s refusal when a delta value, a key or the stimulus label is over the size
    /// limit (nothing of the report is applied or kept).
    pub fn oversized_update(
        &self,
        delta: &serde_json::Map<String, Value>,
        options: &UpdateOptions,
    ) -> Option<UpdateResult> {
        let what = if let Some((key, _)) = delta.iter().find(|(_, v)| self.too_large(v)) {
            format!(
                "updateState: the value of '{}'",
                capped_text(&key.escape_debug().to_string(), 100)
            )
        } else if delta.keys().any(|k| self.text_too_large(k)) {
            "updateState: a key".to_string()
        } else if options
            .stimulus
            .as_deref()
            .is_some_and(|s| self.text_too_large(s))
        {
            "updateState: options.stimulus".to_string()
        } else {
            return None;
        };
        Some(UpdateResult {
            ok: false,
            attributed: None,
            transition: None,
            version: self.version,
            reason: Some(Refusal::PayloadTooLarge),
            pending: None,
            issues: Some(vec![too_large_message(&what, self.keep.max_value_bytes)]),
        })
    }

    /// `sync`'s check: a position or stimulus label over the size limit is a usage error.
    pub fn oversized_sync(
        &self,
        node_or_path: &str,
        options: &SyncOptions,
    ) -> Result<(), SessionError> {
        if self.text_too_large(node_or_path) {
            return Err(self.too_large_error("sync: pageOrPath"));
        }
        if options
            .stimulus
            .as_deref()
            .is_some_and(|s| self.text_too_large(s))
        {
            return Err(self.too_large_error("sync: options.stimulus"));
        }
        Ok(())
    }

    /// `fire`'s first check: the message for an id or payload over the size limit, and the action
    /// served under the id (none for an id that long, which is kept as no id at all).
    pub fn oversized_fire(
        &self,
        id: &str,
        payload: Option<&Value>,
    ) -> Option<(String, Option<Rc<super::state::Affordance>>)> {
        let what = if self.text_too_large(id) {
            "the action id"
        } else if payload.is_some_and(|p| self.too_large(p)) {
            "the payload"
        } else {
            return None;
        };
        let served = if self.text_too_large(id) {
            None
        } else {
            self.served(id).cloned()
        };
        Some((too_large_message(what, self.keep.max_value_bytes), served))
    }

    /// `approve` / `decline`: `by` or `note` over the size limit is refused as data.
    pub fn oversized_decision(
        &self,
        by: &Option<String>,
        note: &Option<String>,
    ) -> Option<DoorResult> {
        let limit = self.keep.max_value_bytes;
        let over = |t: &Option<String>| t.as_deref().is_some_and(|t| t.len() > limit);
        (over(by) || over(note)).then(|| DoorResult {
            ok: false,
            reason: Some(Refusal::PayloadTooLarge),
            explanation: Some(too_large_message("by or note", limit)),
        })
    }

    /// A handler's produced data, unless it is over the size limit (then a warning, and nothing kept).
    pub fn keepable_produced(&mut self, value: Option<Value>, stage: &str) -> Option<Value> {
        match value {
            Some(v) if self.too_large(&v) => {
                let what = format!("the value the handler for '{stage}' returned");
                let message = too_large_message(&what, self.keep.max_value_bytes);
                self.warn(message);
                None
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn the_size_measure_stops_at_the_limit() {
        let value = json!({ "a": "x".repeat(100), "b": [1, 2, 3] });
        let exact = serde_json::to_string(&value).unwrap().len();
        assert!(!json_size_over(&value, exact));
        assert!(json_size_over(&value, exact - 1));
        assert_eq!(capped_text("héllo", 2), "h\u{2026}");
        assert_eq!(capped_text("hi", 2), "hi");
    }

    #[test]
    fn the_quick_bound_is_never_under_the_exact_size() {
        let values = [
            json!(null),
            json!(true),
            json!(-1.797_693_134_862_315_7e308),
            json!(5e-324),
            json!(u64::MAX),
            json!(i64::MIN),
            json!("\u{1}\u{1f}\"\\ é 😀 \n"),
            json!({ "\u{1}k": "\u{2}", "n": -0.000_001_5, "b": false }),
            json!([null, "x\u{7}", 1.5, [1]]),
            json!({ "deep": { "a": 1 } }),
            json!({}),
            json!([]),
            json!([[], {}, [[]]]),
            json!({ "a": [], "b": {}, "": "" }),
            json!(0),
            json!(-1),
            json!(9),
            json!(10),
            json!(i64::MAX),
            json!(u64::MAX - 1),
            json!(0.1 + 0.2),
            json!(1e21),
            json!(1e-7),
            json!(-0.0),
            json!(123_456_789.125),
            json!("\u{7f}\u{8}\u{9}\u{a}\u{b}\u{c}\u{d}\u{e}\u{0}/"),
        ];
        for value in values {
            let exact = serde_json::to_string(&value).unwrap().len();
            if let Some(bound) = size_bound(&value, 1) {
                assert!(bound >= exact, "{value}: bound {bound} < {exact}");
            }
            // The answer at the exact size is the same whichever way it is reached.
            assert!(!json_size_over(&value, exact), "{value}");
            assert!(json_size_over(&value, exact - 1), "{value}");
            assert_counted_exactly(&value);
        }
    }

    /// The count is serde_json's length to the byte: it fits in exactly that many and not one fewer.
    fn assert_counted_exactly(value: &Value) {
        let exact = serde_json::to_string(value).unwrap().len();
        let mut left = exact;
        assert_eq!(spend(value, &mut left), Some(()), "{value}");
        assert_eq!(left, 0, "{value}");
        let mut short = exact - 1;
        assert_eq!(spend(value, &mut short), None, "{value}");
    }

    fn any_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| json!(n)),
            any::<u64>().prop_map(|n| json!(n)),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(|f| json!(f)),
            any::<String>().prop_map(Value::String),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::vec((any::<String>(), inner), 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn the_count_is_serde_jsons_length(value in any_json()) {
            assert_counted_exactly(&value);
        }
    }
}
