//! Reading a snapshot's JSON into the wire types of `snapshot`: the compact path that replaces
//! `serde_json::from_value::<SessionSnapshot>` in the shipped module (docs/size.md, "The snapshot
//! reader").
//!
//! Same acceptance as serde's derive over a `serde_json::Value` for every input `snapshot()` can write
//! and every edit the fuzz test makes (tests/session_snapshot.rs checks the two agree): objects read
//! by key (unknown keys ignored), an absent `Option` field or `null` is `None`, any other absent field
//! is an error, integers must be whole and in range, enum words are read through each enum's
//! `as_str` (tested against serde, so each enum's words stay in one place). The derive keeps
//! `Deserialize` on the types (tests compare against it); only this path is compiled into the wasm,
//! which saves what serde_json's `Value` deserializer costs when instantiated for every snapshot
//! type (≈26 KB gzip of the shipped module). Errors name the path (`transitions[3].outcome is not …`).
//! Uses `snapshot`, `records`, `results`. Used by `persist::restore`.

use serde_json::{Map, Value};

use crate::session::focus::{FocusChange, FocusRecord, SnapTree};
use crate::session::persist::*;
use crate::session::*;

/// Read a whole snapshot (its header already checked by the caller); `Err` is a description of what
/// is wrong, for `RESTORE_DAMAGED`.
pub fn read_snapshot(value: &Value) -> Result<SessionSnapshot, String> {
    let mut snapshot = SessionSnapshot::blank();
    snapshot.fill(value).map_err(|e| format!("snapshot{e}"))?;
    Ok(snapshot)
}

/// A place one JSON value is read into, in place over a [`Blank`] value. Errors start with the path
/// below the value read (`.clock.version`, `[2]`) or a space, so callers can prefix their own.
///
/// Structs are read through one shared loop ([`fields`]) over a static list of their keys and a list
/// of `&mut dyn Slot`, one a field: the per-type code is a `fill` per leaf type, and each struct's is
/// only the list of its fields' addresses. Nothing is inlined into one reader per struct, so the reader
/// is a few small functions instead of one large one a struct (docs/size.md, "The snapshot reader").
trait Slot {
    fn fill(&mut self, v: &Value) -> Result<(), String>;
    /// Whether an absent key leaves the blank value (an `Option`, a `[default]` field), as serde's
    /// derive does; any other absent key is an error.
    fn may_be_absent(&self) -> bool {
        false
    }
}

/// The value a slot holds before it is read (an empty string, zero, `None`, a fixed enum variant):
/// never seen, since a struct either reads every field or is refused whole.
trait Blank {
    fn blank() -> Self;
}

// The helpers below are kept out of line (`inline(never)`): each reader calls them instead of
// carrying its own copy of a map lookup or a `format!`.

#[inline(never)]
fn not(what: &str) -> String {
    format!(" is not {what}")
}

#[inline(never)]
fn object(v: &Value) -> Result<&Map<String, Value>, String> {
    v.as_object().ok_or_else(|| not("an object"))
}

#[inline(never)]
fn array(v: &Value) -> Result<&[Value], String> {
    v.as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| not("an array"))
}

#[inline(never)]
fn at_key(key: &str, e: String) -> String {
    format!(".{key}{e}")
}

#[inline(never)]
fn at_index(i: usize, e: String) -> String {
    format!("[{i}]{e}")
}

/// Read an object's fields, in order, each under its key: the one loop every struct goes through.
/// The first field that is wrong (or absent when it may not be) refuses the struct.
#[inline(never)]
fn fields(v: &Value, keys: &[&str], slots: &mut [&mut dyn Slot]) -> Result<(), String> {
    let o = object(v)?;
    for (key, slot) in keys.iter().zip(slots.iter_mut()) {
        let read = match o.get(*key) {
            Some(v) => slot.fill(v),
            None if slot.may_be_absent() => Ok(()),
            None => Err(" is missing".to_string()),
        };
        read.map_err(|e| at_key(key, e))?;
    }
    Ok(())
}

/// A `#[serde(default)]` field: absent reads as the blank (`false`), present must be well-typed.
struct OrDefault<'a, T>(&'a mut T);

impl<T: Slot> Slot for OrDefault<'_, T> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        self.0.fill(v)
    }
    fn may_be_absent(&self) -> bool {
        true
    }
}

/// A pair, written by serde as a two-item array.
impl<A: Slot + Blank, B: Slot + Blank> Slot for (A, B) {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        match v.as_array().map(Vec::as_slice) {
            Some([a, b]) => {
                self.0.fill(a).map_err(|e| at_index(0, e))?;
                self.1.fill(b).map_err(|e| at_index(1, e))
            }
            _ => Err(not("a two-item array")),
        }
    }
}

impl<A: Blank, B: Blank> Blank for (A, B) {
    fn blank() -> Self {
        (A::blank(), B::blank())
    }
}

impl<T: Slot + Blank> Slot for Option<T> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        if v.is_null() {
            *self = None;
            Ok(())
        } else {
            self.insert(T::blank()).fill(v)
        }
    }
    fn may_be_absent(&self) -> bool {
        true
    }
}

impl<T> Blank for Option<T> {
    fn blank() -> Self {
        None
    }
}

/// A list being read: the one loop over its items ([`items`]) is shared by every item type; only
/// reading one item and pushing it is per type.
trait List {
    fn start(&mut self, len: usize);
    fn push_read(&mut self, item: &Value) -> Result<(), String>;
}

impl<T: Slot + Blank> List for Vec<T> {
    fn start(&mut self, len: usize) {
        self.clear();
        self.reserve_exact(len);
    }
    fn push_read(&mut self, item: &Value) -> Result<(), String> {
        let mut x = T::blank();
        x.fill(item)?;
        self.push(x);
        Ok(())
    }
}

#[inline(never)]
fn items(v: &Value, list: &mut dyn List) -> Result<(), String> {
    let items = array(v)?;
    list.start(items.len());
    for (i, item) in items.iter().enumerate() {
        list.push_read(item).map_err(|e| at_index(i, e))?;
    }
    Ok(())
}

impl<T: Slot + Blank> Slot for Vec<T> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        items(v, self)
    }
}

impl<T> Blank for Vec<T> {
    fn blank() -> Self {
        Vec::new()
    }
}

impl Slot for Value {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        v.clone_into(self);
        Ok(())
    }
}

impl Slot for Map<String, Value> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        object(v)?.clone_into(self);
        Ok(())
    }
}

impl Slot for String {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        let text = v.as_str().ok_or_else(|| not("a string"))?;
        text.clone_into(self);
        Ok(())
    }
}

impl Slot for bool {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        *self = v.as_bool().ok_or_else(|| not("true or false"))?;
        Ok(())
    }
}

impl Slot for f64 {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        *self = v.as_f64().ok_or_else(|| not("a number"))?;
        Ok(())
    }
}

/// A whole number ≥ 0 that fits `T` (a float, even a whole one, is refused, as serde refuses it).
fn whole<T: TryFrom<u64>>(v: &Value) -> Result<T, String> {
    v.as_u64()
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| not("a whole number in range"))
}

macro_rules! numbers {
    ($($ty:ty),*) => {$(
        impl Slot for $ty {
            fn fill(&mut self, v: &Value) -> Result<(), String> {
                *self = whole(v)?;
                Ok(())
            }
        }
    )*};
}

numbers!(u64, u32, usize);

macro_rules! blanks {
    ($($ty:ty = $blank:expr),* $(,)?) => {$(
        impl Blank for $ty {
            fn blank() -> Self {
                $blank
            }
        }
    )*};
}

blanks!(
    Value = Value::Null, Map<String, Value> = Map::new(), String = String::new(), bool = false,
    f64 = 0.0, u64 = 0, u32 = 0, usize = 0,
);

/// A unit-variant enum from its word: the variant of `all` whose `as_str` it is (each enum's words
/// live in its `as_str`, which `session::words` and `snapshot` test against serde).
fn word<T: Copy>(v: &Value, all: &[T], as_str: fn(T) -> &'static str) -> Result<T, String> {
    let text = v.as_str().ok_or_else(|| not("a string"))?;
    all.iter()
        .copied()
        .find(|&w| as_str(w) == text)
        .ok_or_else(|| format!(" '{text}' is not a word this library writes"))
}

/// Each enum with every variant (the first is its blank, never seen). The match below each makes a
/// variant added to the enum and not here a compile error, so no word goes unread.
macro_rules! words {
    ($($ty:ident: [$($variant:ident),+]),* $(,)?) => {$(
        impl Slot for $ty {
            fn fill(&mut self, v: &Value) -> Result<(), String> {
                *self = word(v, &[$($ty::$variant),+], $ty::as_str)?;
                Ok(())
            }
        }
        impl Blank for $ty {
            fn blank() -> Self {
                [$($ty::$variant),+][0]
            }
        }
        const _: fn($ty) = |w| match w {
            $($ty::$variant)|+ => {}
        };
    )*};
}

words!(
    Principal: [Agent, User, System, Unknown],
    CauseKind: [Fired, Stimulus],
    AttributionBasis: [
        CallerAsserted,
        NamedByReport,
        DeclaredStimulus,
        HandlerWindow,
        QueueOrder,
        SignatureMatch,
        Unknown
    ],
    Certainty: [Observed, Inferred],
    Outcome: [Pending, Committed, Rejected, RolledBack, Superseded],
    EffectStatus: [Pending, Performed, Refused, Unobservable],
    Arrival: [Claimed, Observed],
    GapKind: [FireRejected, DeadEnd, Reported],
    AskAnswer: [Approved, Declined],
    FrameStatus: [Open, Completed, Cancelled, Demoted],
    SnapArm: [AwaitingState, SettleOnCompletion, BornAtRest, NoWrites, None],
    SnapLedger: [Gap, Transition],
    FocusChange: [Focus, Show, Hide],
);

/// `true` / `false` / the one word: the two tri-state axes (their `Serialize` impls write these).
fn bool_or(v: &Value, word: &str) -> Result<Option<bool>, String> {
    match v {
        Value::Bool(b) => Ok(Some(*b)),
        Value::String(s) if s == word => Ok(None),
        _ => Err(format!(" is not true, false or '{word}'")),
    }
}

impl Slot for EffectVerified {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        *self = bool_or(v, "unobservable")?
            .map_or(EffectVerified::Unobservable, EffectVerified::Observed);
        Ok(())
    }
}

impl Slot for VerifyHeld {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        *self = match bool_or(v, "unevaluable")? {
            Some(true) => VerifyHeld::Held,
            Some(false) => VerifyHeld::Failed,
            None => VerifyHeld::Unevaluable,
        };
        Ok(())
    }
}

blanks!(
    EffectVerified = EffectVerified::Unobservable,
    VerifyHeld = VerifyHeld::Unevaluable,
);

/// Each struct read field by field, under the camelCase keys its `#[serde(rename_all)]` gives it
/// (a misspelt key fails the parity test in tests/session_snapshot.rs).
/// A key marked `[default]` reads as the type's default when absent (serde's `#[serde(default)]`).
macro_rules! structs {
    (@slot $self:ident, $field:ident) => { &mut $self.$field };
    (@slot $self:ident, $field:ident, default) => { &mut OrDefault(&mut $self.$field) };
    ($($ty:ident { $($field:ident: $key:literal $([$dflt:ident])?),* $(,)? })*) => {$(
        impl Slot for $ty {
            fn fill(&mut self, v: &Value) -> Result<(), String> {
                fields(v, &[$($key),*], &mut [$(structs!(@slot self, $field $(, $dflt)?)),*])
            }
        }
        impl Blank for $ty {
            fn blank() -> Self {
                $ty { $($field: Blank::blank(),)* }
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
        once: "once" [default],
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
        concurrency: "concurrency",
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
