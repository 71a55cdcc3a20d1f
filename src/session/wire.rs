//! Hand-written JSON for the results every fire produces — `FireResult`, `UpdateResult` and the
//! `TransitionRecord` inside it — byte-for-byte what serde_json writes for them.
//!
//! Why: the JS layer serialises each result to text for `JSON.parse`, and in the size-optimised wasm
//! build serde_json's generic writer costs ~5 ns a byte (a call chain per token); a fire with a state
//! report in its handler spent ~2 µs there. This writer appends straight into one buffer. Shapes it
//! does not cover (refusal evidence, rare fields) return `false` and the caller uses serde. The tests
//! compare it with serde_json on every row of a seed run, so a field added to a record type without
//! teaching this file fails them. Used by `js::session`.

use serde::Serialize;

use super::records::*;
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

/// Anything else (floats, JSON values, enums) through serde_json itself: one call, same bytes.
fn serde<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> bool {
    serde_json::to_writer(out, value).is_ok()
}

fn boolean(out: &mut Vec<u8>, b: bool) {
    out.extend_from_slice(if b { b"true" } else { b"false" });
}

fn quoted(out: &mut Vec<u8>, word: &str) {
    out.push(b'"');
    out.extend_from_slice(word.as_bytes());
    out.push(b'"');
}

fn effect_verified(out: &mut Vec<u8>, e: EffectVerified) {
    match e {
        EffectVerified::Observed(b) => boolean(out, b),
        EffectVerified::Unobservable => out.extend_from_slice(b"\"unobservable\""),
    }
}

/// Append `t` as serde_json writes it.
pub fn transition(out: &mut Vec<u8>, t: &TransitionRecord) -> bool {
    let mut first = true;
    out.push(b'{');
    key(out, &mut first, "id");
    string(out, &t.id);
    key(out, &mut first, "cause");
    {
        let c = &t.cause;
        let mut first = true;
        out.push(b'{');
        key(out, &mut first, "kind");
        quoted(out, c.kind.as_str());
        key(out, &mut first, "principal");
        quoted(out, c.principal.as_str());
        for (name, value) in [
            ("affordanceId", &c.affordance_id),
            ("does", &c.does),
            ("stimulus", &c.stimulus),
        ] {
            if let Some(value) = value {
                key(out, &mut first, name);
                string(out, value);
            }
        }
        if c.inferred {
            key(out, &mut first, "inferred");
            out.extend_from_slice(b"true");
        }
        out.push(b'}');
    }
    key(out, &mut first, "attribution");
    {
        let a = &t.attribution;
        let mut first = true;
        out.push(b'{');
        key(out, &mut first, "principal");
        quoted(out, a.principal.as_str());
        key(out, &mut first, "basis");
        quoted(out, a.basis.as_str());
        key(out, &mut first, "certainty");
        quoted(out, a.certainty.as_str());
        out.push(b'}');
    }
    key(out, &mut first, "timestamp");
    if !serde(out, &t.timestamp) {
        return false;
    }
    if let Some(payload) = &t.payload {
        key(out, &mut first, "payload");
        if !serde(out, payload) {
            return false;
        }
    }
    key(out, &mut first, "outcome");
    quoted(out, t.outcome.as_str());
    if let Some(e) = t.effect_verified {
        key(out, &mut first, "effectVerified");
        effect_verified(out, e);
    }
    key(out, &mut first, "fromNode");
    string(out, &t.from_node);
    if let Some(to) = &t.to_node {
        key(out, &mut first, "toNode");
        string(out, to);
    }
    if t.to_node_claimed {
        key(out, &mut first, "toNodeClaimed");
        out.extend_from_slice(b"true");
    }
    if let Some(arrival) = t.arrival {
        key(out, &mut first, "arrival");
        quoted(out, arrival.as_str());
    }
    if t.unverified_edge {
        key(out, &mut first, "unverifiedEdge");
        out.extend_from_slice(b"true");
    }
    if let Some(keys) = &t.guard_unevaluated {
        key(out, &mut first, "guardUnevaluated");
        if !serde(out, keys) {
            return false;
        }
    }
    if let Some(produced) = &t.produced {
        key(out, &mut first, "produced");
        if !serde(out, produced) {
            return false;
        }
    }
    key(out, &mut first, "cursorVersion");
    uint(out, t.cursor_version);
    if let Some(ask) = &t.ask_id {
        key(out, &mut first, "askId");
        string(out, ask);
    }
    if let Some(m) = t.materialized {
        key(out, &mut first, "materialized");
        boolean(out, m);
    }
    out.push(b'}');
    true
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

/// Append `r` as serde_json writes it; `false` for shapes left to serde.
pub fn update_result(out: &mut Vec<u8>, r: &UpdateResult) -> bool {
    if r.issues.is_some() {
        return false;
    }
    let mut first = true;
    out.push(b'{');
    key(out, &mut first, "ok");
    boolean(out, r.ok);
    if let Some(a) = r.attributed {
        key(out, &mut first, "attributed");
        boolean(out, a);
    }
    if let Some(t) = &r.transition {
        key(out, &mut first, "transition");
        if !transition(out, t) {
            return false;
        }
    }
    key(out, &mut first, "version");
    uint(out, r.version);
    if let Some(reason) = r.reason {
        key(out, &mut first, "reason");
        string(out, reason);
    }
    if let Some(pending) = &r.pending {
        key(out, &mut first, "pending");
        if !serde(out, pending) {
            return false;
        }
    }
    out.push(b'}');
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn same<T: Serialize>(value: &T, write: fn(&mut Vec<u8>, &T) -> bool) {
        let mut out = Vec::new();
        if write(&mut out, value) {
            assert_eq!(
                String::from_utf8(out).unwrap(),
                serde_json::to_string(value).unwrap()
            );
        }
    }

    fn record() -> TransitionRecord {
        TransitionRecord {
            id: "page.act\"ion#3".into(),
            cause: Cause {
                kind: CauseKind::Fired,
                principal: Principal::User,
                affordance_id: Some("page.action".into()),
                does: Some("Say \"hi\"\n\t\u{1}\u{8}\u{c}\r\\ — ünïcode ✓".into()),
                stimulus: Some("navigation".into()),
                inferred: true,
            },
            attribution: Attribution {
                principal: Principal::System,
                basis: AttributionBasis::SignatureMatch,
                certainty: Certainty::Inferred,
            },
            timestamp: 1_795_979_054_364.5,
            payload: Some(json!({"b": [1, 2.5, null], "a": {"x": "y"}})),
            outcome: Outcome::RolledBack,
            effect_verified: Some(EffectVerified::Unobservable),
            from_node: "a".into(),
            to_node: Some("b".into()),
            to_node_claimed: true,
            arrival: Some(Arrival::Observed),
            unverified_edge: true,
            guard_unevaluated: Some(vec!["k".into()]),
            produced: Some(json!("done")),
            cursor_version: 18_446_744_073_709_551_615,
            ask_id: Some("ask#1".into()),
            materialized: Some(false),
        }
    }

    #[test]
    fn a_record_with_every_field_is_written_as_serde_writes_it() {
        same(&record(), transition);
        let mut bare = record();
        bare.cause.affordance_id = None;
        bare.cause.does = None;
        bare.cause.stimulus = None;
        bare.cause.inferred = false;
        bare.payload = None;
        bare.effect_verified = Some(EffectVerified::Observed(false));
        bare.to_node = None;
        bare.to_node_claimed = false;
        bare.arrival = Some(Arrival::Claimed);
        bare.unverified_edge = false;
        bare.guard_unevaluated = None;
        bare.produced = None;
        bare.cursor_version = 0;
        bare.ask_id = None;
        bare.materialized = None;
        bare.timestamp = f64::NAN;
        same(&bare, transition);
    }

    #[test]
    fn fire_and_update_results_are_written_as_serde_writes_them() {
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

        let update = UpdateResult {
            ok: true,
            attributed: Some(false),
            transition: Some(record()),
            version: 9,
            reason: None,
            pending: None,
            issues: None,
        };
        same(&update, update_result);
        let refused = UpdateResult {
            ok: false,
            attributed: None,
            transition: None,
            version: 0,
            reason: Some("UNKNOWN_TRANSITION"),
            pending: Some(vec!["a#1".into()]),
            issues: None,
        };
        same(&refused, update_result);
    }
}
