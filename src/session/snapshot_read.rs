//! Reading a snapshot's JSON into the wire types of `snapshot`: the compact path that replaces
//! `serde_json::from_value::<SessionSnapshot>` in the shipped module (docs/size.md, "The snapshot
//! reader").
//!
//! Same acceptance as serde's derive over a `serde_json::Value` for every input `snapshot()` can write
//! and every edit the fuzz test makes (tests/session_snapshot.rs checks the two agree): objects read
//! by key (unknown keys ignored), an absent `Option` field or `null` is `None`, any other absent field
//! is an error, integers must be whole and in range, enum words are read by the serde derive itself
//! (through a string deserializer, so each enum's words stay in one place). The derive keeps
//! `Deserialize` on the types (tests compare against it); only this path is compiled into the wasm,
//! which saves what serde_json's `Value` deserializer costs when instantiated for every snapshot
//! type (≈26 KB gzip of the shipped module). Errors name the path (`transitions[3].outcome is not …`).
//! Uses `snapshot`, `records`, `results`. Used by `snapshot_restore`.

use serde::de::{DeserializeOwned, IntoDeserializer};
use serde_json::{Map, Value};

use super::focus::{FocusChange, FocusRecord, SnapTree};
use super::snapshot::*;
use super::*;

/// Read a whole snapshot (its header already checked by the caller); `Err` is a description of what
/// is wrong, for `RESTORE_DAMAGED`.
pub fn read_snapshot(value: &Value) -> Result<SessionSnapshot, String> {
    SessionSnapshot::read(value).map_err(|e| format!("snapshot{e}"))
}

/// One wire type read from JSON. Errors start with the path below the value read (`.clock.version`,
/// `[2]`) or a space, so callers can prefix their own.
trait Read: Sized {
    fn read(v: &Value) -> Result<Self, String>;
    /// What an absent key reads as: an error, except for `Option` (serde's derive does the same).
    fn absent() -> Result<Self, String> {
        Err(" is missing".to_string())
    }
}

// The helpers below are kept out of line (`inline(never)`): each generic reader calls them instead of
// carrying its own copy of a map lookup or a `format!`, which is most of what the reader weighs.

#[inline(never)]
fn not(what: &str) -> String {
    format!(" is not {what}")
}

#[inline(never)]
fn object(v: &Value) -> Result<&Map<String, Value>, String> {
    v.as_object().ok_or_else(|| not("an object"))
}

#[inline(never)]
fn member<'a>(o: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    o.get(key)
}

#[inline(never)]
fn at_key(key: &str, e: String) -> String {
    format!(".{key}{e}")
}

#[inline(never)]
fn at_index(i: usize, e: String) -> String {
    format!("[{i}]{e}")
}

#[inline(never)]
fn field<T: Read>(o: &Map<String, Value>, key: &str) -> Result<T, String> {
    match member(o, key) {
        Some(v) => T::read(v),
        None => T::absent(),
    }
    .map_err(|e| at_key(key, e))
}

#[inline(never)]
fn field_or_default<T: Read + Default>(o: &Map<String, Value>, key: &str) -> Result<T, String> {
    match member(o, key) {
        Some(v) => T::read(v).map_err(|e| at_key(key, e)),
        None => Ok(T::default()),
    }
}

/// A pair, written by serde as a two-item array.
impl<A: Read, B: Read> Read for (A, B) {
    fn read(v: &Value) -> Result<Self, String> {
        match v.as_array().map(Vec::as_slice) {
            Some([a, b]) => Ok((
                A::read(a).map_err(|e| at_index(0, e))?,
                B::read(b).map_err(|e| at_index(1, e))?,
            )),
            _ => Err(not("a two-item array")),
        }
    }
}

impl<T: Read> Read for Option<T> {
    fn read(v: &Value) -> Result<Self, String> {
        if v.is_null() {
            Ok(None)
        } else {
            T::read(v).map(Some)
        }
    }
    fn absent() -> Result<Self, String> {
        Ok(None)
    }
}

impl<T: Read> Read for Vec<T> {
    fn read(v: &Value) -> Result<Self, String> {
        let items = v.as_array().ok_or_else(|| not("an array"))?;
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            out.push(T::read(item).map_err(|e| at_index(i, e))?);
        }
        Ok(out)
    }
}

impl Read for Value {
    fn read(v: &Value) -> Result<Self, String> {
        Ok(v.clone())
    }
}

impl Read for Map<String, Value> {
    fn read(v: &Value) -> Result<Self, String> {
        object(v).cloned()
    }
}

impl Read for String {
    fn read(v: &Value) -> Result<Self, String> {
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| not("a string"))
    }
}

impl Read for bool {
    fn read(v: &Value) -> Result<Self, String> {
        v.as_bool().ok_or_else(|| not("true or false"))
    }
}

impl Read for f64 {
    fn read(v: &Value) -> Result<Self, String> {
        v.as_f64().ok_or_else(|| not("a number"))
    }
}

/// A whole number ≥ 0 that fits `T` (a float, even a whole one, is refused, as serde refuses it).
fn whole<T: TryFrom<u64>>(v: &Value) -> Result<T, String> {
    v.as_u64()
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| not("a whole number in range"))
}

impl Read for u64 {
    fn read(v: &Value) -> Result<Self, String> {
        whole(v)
    }
}

impl Read for u32 {
    fn read(v: &Value) -> Result<Self, String> {
        whole(v)
    }
}

impl Read for usize {
    fn read(v: &Value) -> Result<Self, String> {
        whole(v)
    }
}

/// A unit-variant enum, read by its own serde derive from the string: the words live in the type's
/// `#[serde(rename_all)]` only.
fn word<T: DeserializeOwned>(v: &Value) -> Result<T, String> {
    let text = v.as_str().ok_or_else(|| not("a string"))?;
    let de: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
        text.into_deserializer();
    T::deserialize(de).map_err(|_| format!(" '{text}' is not a word this library writes"))
}

macro_rules! words {
    ($($ty:ty),* $(,)?) => {$(
        impl Read for $ty {
            fn read(v: &Value) -> Result<Self, String> {
                word(v)
            }
        }
    )*};
}

words!(
    Principal,
    CauseKind,
    AttributionBasis,
    Certainty,
    Outcome,
    EffectStatus,
    Arrival,
    GapKind,
    AskAnswer,
    FrameStatus,
    SnapArm,
    SnapLedger,
    FocusChange,
);

/// `true` / `false` / the one word: the two tri-state axes (their `Serialize` impls write these).
fn bool_or(v: &Value, word: &str) -> Result<Option<bool>, String> {
    match v {
        Value::Bool(b) => Ok(Some(*b)),
        Value::String(s) if s == word => Ok(None),
        _ => Err(format!(" is not true, false or '{word}'")),
    }
}

impl Read for EffectVerified {
    fn read(v: &Value) -> Result<Self, String> {
        Ok(bool_or(v, "unobservable")?
            .map_or(EffectVerified::Unobservable, EffectVerified::Observed))
    }
}

impl Read for VerifyHeld {
    fn read(v: &Value) -> Result<Self, String> {
        Ok(match bool_or(v, "unevaluable")? {
            Some(true) => VerifyHeld::Held,
            Some(false) => VerifyHeld::Failed,
            None => VerifyHeld::Unevaluable,
        })
    }
}

/// Each struct read field by field, under the camelCase keys its `#[serde(rename_all)]` gives it
/// (a misspelt key fails the parity test in tests/session_snapshot.rs).
/// A key marked `[default]` reads as the type's default when absent (serde's `#[serde(default)]`).
macro_rules! structs {
    (@get $o:ident, $key:literal) => { field($o, $key)? };
    (@get $o:ident, $key:literal, default) => { field_or_default($o, $key)? };
    ($($ty:ident { $($field:ident: $key:literal $([$dflt:ident])?),* $(,)? })*) => {$(
        impl Read for $ty {
            fn read(v: &Value) -> Result<Self, String> {
                let o = object(v)?;
                Ok($ty { $($field: structs!(@get o, $key $(, $dflt)?),)* })
            }
        }
    )*};
}

structs! {
    SessionSnapshot {
        format: "format",
        format_version: "formatVersion",
        graph: "graph",
        graph_id: "graphId",
        cursor: "cursor",
        clock: "clock",
        state: "state",
        state_tap: "stateTap",
        require_human_approval: "requireHumanApproval",
        approval_option_passed: "approvalOptionPassed",
        retain: "retain",
        max_value_bytes: "maxValueBytes",
        folded: "folded",
        affordances: "affordances",
        transitions: "transitions",
        gaps: "gaps",
        attempts: "attempts",
        pending: "pending",
        claim: "claim",
        asks: "asks",
        work: "work",
        frame: "frame",
        closed_frames: "closedFrames",
        served: "served",
        mounted: "mounted",
        warned: "warned",
        tree: "tree",
        history_lost: "historyLost",
    }
    SnapCursor {
        node: "node",
        position_reported: "positionReported",
        arrival: "arrival",
    }
    SnapClock {
        version: "version",
        state_version: "stateVersion",
        structure_gen: "structureGen",
        last_structure_bump: "lastStructureBump",
        transition_base: "transitionBase",
        gap_base: "gapBase",
        next_group: "nextGroup",
        next_ask: "nextAsk",
        next_work: "nextWork",
        awaiting_dropped: "awaitingDropped",
    }
    SnapFolded {
        total: "total",
        refused: "refused",
        stale: "stale",
        fires: "fires",
        through_key: "throughKey",
    }
    SnapFoldedFire {
        open: "open",
        materialized: "materialized",
        outcome: "outcome",
        verify_held: "verifyHeld",
        effect_verified: "effectVerified",
        inferred: "inferred",
        already_true: "alreadyTrue" [default],
        count: "count",
    }
    SnapAffordance {
        id: "id",
        does: "does",
        compiled: "compiled",
        page: "page",
        writes: "writes",
        go_to: "goTo",
        confirm: "confirm",
        input: "input",
        when: "when",
        enabled_when: "enabledWhen",
        verify: "verify",
        verify_predicate: "verifyPredicate",
        role: "role",
        url_href: "urlHref",
    }
    SnapCondition {
        key: "key",
        op: "op",
        threshold: "threshold",
    }
    SnapMounted {
        id: "id",
        affordance: "affordance",
    }
    SnapTransition {
        stage: "stage",
        n: "n",
        kind: "kind",
        principal: "principal",
        basis: "basis",
        certainty: "certainty",
        affordance: "affordance",
        stimulus: "stimulus",
        inferred: "inferred",
        timestamp: "timestamp",
        payload: "payload",
        outcome: "outcome",
        effect_verified: "effectVerified",
        from_node: "fromNode",
        to_node: "toNode",
        to_node_claimed: "toNodeClaimed",
        arrival: "arrival",
        unverified_edge: "unverifiedEdge",
        guard_unevaluated: "guardUnevaluated",
        produced: "produced",
        cursor_version: "cursorVersion",
        ask_n: "askN",
        materialized: "materialized",
        arm: "arm",
        open: "open",
        in_flight: "inFlight",
        already_true: "alreadyTrue" [default],
        settled: "settled",
        changed_keys: "changedKeys",
    }
    SnapSettled {
        effect_status: "effectStatus",
        outcome: "outcome",
        writes_observed: "writesObserved",
        verify_held: "verifyHeld",
        error: "error",
    }
    SnapFailure {
        reason: "reason",
        message: "message",
        evidence: "evidence",
    }
    SnapEvidence {
        key: "key",
        op: "op",
        threshold: "threshold",
        actual_summary: "actualSummary",
        result: "result",
        note: "note",
    }
    SnapGap {
        kind: "kind",
        timestamp: "timestamp",
        node: "node",
        version: "version",
        available_actions: "availableActions",
        affordance_id: "affordanceId",
        does: "does",
        rejection_reason: "rejectionReason",
        principal: "principal",
        off_graph: "offGraph",
        actions_may_be_stale: "actionsMayBeStale",
        evidence: "evidence",
        journey_id: "journeyId",
        request: "request",
        reason: "reason",
    }
    SnapAttempt {
        key: "key",
        ledger: "ledger",
        row: "row",
    }
    SnapClaim {
        transition: "transition",
        target: "target",
    }
    SnapAsk {
        n: "n",
        affordance_id: "affordanceId",
        does: "does",
        input: "input",
        answer: "answer",
        spent: "spent",
        by: "by",
        note: "note",
    }
    SnapWork {
        n: "n",
        transition: "transition",
        affordance_id: "affordanceId",
        does: "does",
        started_at: "startedAt",
        principal: "principal",
        open: "open",
    }
    SnapServed {
        id: "id",
        declared: "declared",
        handler: "handler",
        enabled: "enabled",
    }
    HistoryLost {
        restarts: "restarts",
        at_version: "atVersion",
    }
    SnapTree {
        focus: "focus",
        explicit: "explicit",
        rows: "rows",
        folded: "folded",
    }
    FocusRecord {
        change: "change",
        path: "path",
        page: "page",
        principal: "principal",
        focus_after: "focusAfter",
        version: "version",
        timestamp: "timestamp",
    }
    SnapWarned {
        once: "once",
        dead_end_nodes: "deadEndNodes",
    }
    JourneyFrame {
        journey_id: "journeyId",
        status: "status",
        principal: "principal",
        opened_at: "openedAt",
        opened_at_version: "openedAtVersion",
        fired_steps: "firedSteps",
        inferred_steps: "inferredSteps",
        closed_at_version: "closedAtVersion",
    }
}
