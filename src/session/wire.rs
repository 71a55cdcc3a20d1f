//! Hand-written JSON for a refused `FireResult` (an unknown id, a greyed action: one per refused
//! attempt, so as hot as a fire) — byte-for-byte what serde_json writes for it.
//!
//! Why: the JS layer hands a result over as text for `JSON.parse`, and in the size-optimised wasm build
//! serde_json's generic writer costs ~5 ns a byte (a call chain per token). benches/js/boundary.cjs
//! times this writer against serde_json's text and serde-wasm-bindgen (docs/boundary.md). Accepted
//! fires and update results no longer come here: `js::fast` builds them as JS objects. Shapes it does
//! not cover (refusal evidence, issues) return `false` and the caller uses serde. The tests compare it
//! with serde_json. Words come from each enum's `as_str` (`session::words`). Used by `js::session`.

use super::results::*;
use super::state::decimal_digits;

/// Append `text` as a JSON string, escaping exactly as serde_json does.
fn string(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0..=0x1f => b"",
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(b"\\u00");
            out.push(HEX[usize::from(b >> 4)]);
            out.push(HEX[usize::from(b & 0xf)]);
        } else {
            out.extend_from_slice(escape);
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

fn key(out: &mut Vec<u8>, first: &mut bool, name: &str) {
    if !*first {
        out.push(b',');
    }
    *first = false;
    out.push(b'"');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b"\":");
}

fn uint(out: &mut Vec<u8>, n: u64) {
    let mut buf = [0u8; 20];
    out.extend_from_slice(decimal_digits(n, &mut buf));
}

fn boolean(out: &mut Vec<u8>, b: bool) {
    out.extend_from_slice(if b { b"true" } else { b"false" });
}

fn quoted(out: &mut Vec<u8>, word: &str) {
    out.push(b'"');
    out.extend_from_slice(word.as_bytes());
    out.push(b'"');
}

/// Append `r` as serde_json writes it; `false` (with `out` to be discarded) for shapes left to serde.
pub fn fire_result(out: &mut Vec<u8>, r: &FireResult) -> bool {
    if r.evidence.is_some() || r.issues.is_some() {
        return false;
    }
    let mut first = true;
    out.push(b'{');
    key(out, &mut first, "ok");
    boolean(out, r.ok);
    if let Some(id) = &r.transition_id {
        key(out, &mut first, "transitionId");
        string(out, id);
    }
    if let Some(s) = r.settlement {
        key(out, &mut first, "settlement");
        quoted(out, s.as_str());
    }
    if let Some(e) = r.effect_status {
        key(out, &mut first, "effectStatus");
        quoted(out, e.as_str());
    }
    if let Some(v) = r.version {
        key(out, &mut first, "version");
        uint(out, v);
    }
    if let Some(reason) = r.reason {
        key(out, &mut first, "reason");
        string(out, reason);
    }
    if let Some(id) = &r.affordance_id {
        key(out, &mut first, "affordanceId");
        string(out, id);
    }
    if let Some(ids) = &r.available {
        key(out, &mut first, "available");
        out.push(b'[');
        for (i, id) in ids.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            string(out, id);
        }
        out.push(b']');
    }
    for (name, value) in [("node", &r.node), ("askId", &r.ask_id)] {
        if let Some(value) = value {
            key(out, &mut first, name);
            string(out, value);
        }
    }
    if let Some(m) = r.materialized {
        key(out, &mut first, "materialized");
        boolean(out, m);
    }
    out.push(b'}');
    true
}

#[cfg(test)]
mod tests {
    use super::super::records::EffectStatus;
    use super::*;
    use serde::Serialize;

    fn same<T: Serialize>(value: &T, write: fn(&mut Vec<u8>, &T) -> bool) {
        let mut out = Vec::new();
        if write(&mut out, value) {
            assert_eq!(
                String::from_utf8(out).unwrap(),
                serde_json::to_string(value).unwrap()
            );
        }
    }

    #[test]
    fn fire_results_are_written_as_serde_writes_them() {
        let mut fired = FireResult::refused("UNKNOWN_AFFORDANCE");
        fired.affordance_id = Some("x".into());
        fired.available = Some(vec!["a".into(), "b\"".into()]);
        same(&fired, fire_result);
        fired.available = Some(vec![]);
        fired.node = Some("n".into());
        fired.ask_id = Some("ask#2".into());
        fired.materialized = Some(true);
        same(&fired, fire_result);
        let mut accepted = FireResult::refused("");
        accepted.ok = true;
        accepted.reason = None;
        accepted.transition_id = Some("p.a#1".into());
        accepted.settlement = Some(SettlementState::AwaitingState);
        accepted.effect_status = Some(EffectStatus::Pending);
        accepted.version = Some(7);
        accepted.materialized = Some(false);
        same(&accepted, fire_result);
    }
}
