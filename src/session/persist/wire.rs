//! The snapshot wire format: what `session.snapshot()` returns and `createSession(…, { restore })`
//! reads (docs/session.md §20). Plain JSON, no functions: the cursor, the version clock and every
//! counter, both ledgers as kept under retention with their folded counts, the captions rows captured,
//! asks, journey frames, open work, the state projection, the attempt index, the served structure at
//! snapshot time (the re-registration baseline) and a fingerprint of the compiled graph.
//!
//! The rows the walker keeps as their snapshot writes them are declared with the rows (gap rows,
//! settlements and the transition row's kept fields in `ledger::row`, asks and work rows in `state`,
//! folded fires in `ledger::retention`, journey frames in `results`; docs/records.md); the items
//! declared here are the rest.
//!
//! Only types, the format constants and the fingerprint live here; `persist::take` builds a snapshot
//! from a session, `persist::restore` validates one and builds a session from it. Used by `js::session`
//! (as JSON) and the native tests.

use crate::json_types::{AppState, JsonValue};
use serde::{Deserialize, Serialize};

use crate::graph::{Filter, NavigationGraph, Verify};
use crate::session::*;

use crate::record::wire;

/// The `format` marker every snapshot carries.
pub const SNAPSHOT_FORMAT: &str = "groundfacts-session";
/// The newest `formatVersion` this build writes and reads.
pub const SNAPSHOT_FORMAT_VERSION: u32 = 1;

wire! {
    /// `session.snapshot()`: a versioned, plain-JSON copy of everything a session knows but its functions.
    /// `createSession(graph, navigate, { restore })` continues from it. Keep it whole (`JSON.stringify` /
    /// `JSON.parse` round-trip it exactly); its parts are not an API to edit.
    pub struct SessionSnapshot {
        /// Always `"groundfacts-session"`.
        #[cfg_attr(target_arch = "wasm32", tsify(type = "'groundfacts-session'"))]
        pub format: String,
        /// `1`. A newer version is refused `RESTORE_NEWER_FORMAT`.
        pub format_version: u32,
        /// The fingerprint of the compiled graph ([`graph_fingerprint`]); another graph's is refused
        /// `RESTORE_OTHER_GRAPH`.
        pub graph: String,
        /// The graph's id, for messages.
        pub graph_id: String,
        pub cursor: SnapCursor,
        pub clock: SnapClock,
        /// The flat state projection, and whether the state tap is on (arm A).
        pub state: AppState,
        pub state_tap: bool,
        pub require_human_approval: bool,
        /// Whether the app passed `requireHumanApproval` at all (it arms a one-time warning when not).
        pub approval_option_passed: bool,
        pub retain: usize,
        pub max_value_bytes: usize,
        pub folded: SnapFolded,
        /// The captions (affordances) rows captured, each once; rows name them by index.
        pub affordances: Vec<SnapAffordance>,
        pub transitions: Vec<SnapTransition>,
        /// Gap rows, as the walker keeps them (each its own snapshot item).
        #[cfg_attr(target_arch = "wasm32", tsify(type = "SnapGap[]"))]
        pub gaps: Vec<crate::session::state::Gap>,
        pub attempts: Vec<SnapAttempt>,
        /// Record indexes of fires awaiting a state report, oldest first.
        pub pending: Vec<u32>,
        /// The open navigation claim: the fire's record index and its claimed page.
        pub claim: Option<SnapClaim>,
        /// The ask book, as the walker keeps it (each ask its own snapshot item).
        #[cfg_attr(target_arch = "wasm32", tsify(type = "SnapAsk[]"))]
        pub asks: Vec<crate::session::state::Ask>,
        /// Work rows, as the walker keeps them (`state::Work` is its own snapshot item).
        pub work: Vec<crate::session::state::Work>,
        pub frame: Option<JourneyFrame>,
        pub closed_frames: Vec<JourneyFrame>,
        /// What was served at snapshot time beyond the compiled graph: mount declarations and handler
        /// registrations. A restored session treats re-registering it as no change (decision 7).
        pub served: Vec<SnapServed>,
        /// The mount declarations served at snapshot time, in served order; served again at once after
        /// restore (until a re-mount declares them anew).
        pub mounted: Vec<SnapMounted>,
        /// Once-per-session warnings already given (so a reload does not repeat them).
        pub warned: SnapWarned,
        /// The tree API's focus, visibility and focus ledger (`focus`); absent when never used.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub tree: Option<SnapTree>,
        /// Set when the record lost part of its history at a module restart (docs/session.md §25);
        /// absent otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub history_lost: Option<crate::session::HistoryLost>,
        /// `concurrency: 'once'` actions already performed: `[actionId, transitionId]` pairs
        /// (docs/session.md §26); absent when none.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub once: Vec<(String, String)>,
        /// Lists (docs/session.md §34): `{ live: [{ list, id, label }], fired: [{ n, id, label }] }`, the
        /// rows served and the row each kept fire was for; absent when the session never had a list row.
        #[serde(default, skip_serializing_if = "crate::json_types::JsonValue::is_null")]
        pub lists: crate::json_types::JsonValue,
    }
}

wire! {
    /// Where the session stands.
    pub struct SnapCursor {
        pub node: String,
        /// False while the cursor is only claimed (no router report since the last claimed hop).
        pub position_reported: bool,
        /// How the cursor got there: the newest fire row that moved it, `claimed` or `observed`.
        pub arrival: Option<Arrival>,
    }
}

wire! {
    /// The version clock and every counter.
    pub struct SnapClock {
        pub version: u64,
        pub state_version: u64,
        pub structure_gen: u64,
        pub last_structure_bump: Option<u64>,
        /// Absolute index of the oldest kept transition / gap (rows are numbered from it).
        pub transition_base: u32,
        pub gap_base: u32,
        /// The next `mount:<page>#N`, `ask#N` and `work#N`.
        pub next_group: u32,
        pub next_ask: u32,
        pub next_work: u32,
        /// Unanswered asks dropped from a full book (still counted as awaiting).
        pub awaiting_dropped: usize,
    }
}

wire! {
    /// The folded counts of decision 25.
    pub struct SnapFolded {
        pub total: u64,
        pub refused: u64,
        pub stale: u64,
        pub fires: Vec<SnapFoldedFire>,
        pub through_key: Option<u64>,
    }
}

wire! {
    /// One folded fire's grading facts (`FoldedFire`, in the same object) and how many fires had them.
    pub struct SnapFoldedFire {
        #[serde(flatten)]
        pub fire: FoldedFire,
        pub count: u64,
    }
}

wire! {
    /// A served action as a row captured it (or as a mount declaration served it).
    pub struct SnapAffordance {
        pub id: String,
        pub does: String,
        /// Declared by the graph (else declared at mount, and rebuilt from the fields below).
        pub compiled: bool,
        /// Mount declarations: the page it was declared on, and the rest of the compiled declaration.
        pub page: Option<String>,
        pub writes: Option<Vec<String>>,
        pub go_to: Option<String>,
        pub confirm: bool,
        /// `null` (not declared), `"none"`, or the JSON Schema.
        pub input: JsonValue,
        pub when: Option<Vec<SnapCondition>>,
        pub enabled_when: Option<Vec<SnapCondition>>,
        pub verify: Option<Vec<SnapCondition>>,
        /// The verify was a function: it comes back when the component re-mounts.
        pub verify_predicate: bool,
        pub role: String,
        pub url_href: Option<String>,
        /// `'single-flight'` or `'once'` (docs/session.md §26); absent when undeclared.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub concurrency: Option<String>,
    }
}

wire! {
    /// One `key op threshold` conjunct of a declared filter.
    pub struct SnapCondition {
        pub key: String,
        pub op: String,
        pub threshold: JsonValue,
    }
}

wire! {
    /// A mount declaration served at snapshot time: its id and its caption (index into `affordances`).
    pub struct SnapMounted {
        pub id: String,
        pub affordance: u32,
    }
}

/// How a fire was to come to rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum SnapArm {
    AwaitingState,
    SettleOnCompletion,
    BornAtRest,
    NoWrites,
    None,
}

/// Written from `as_str`: one string write, where serde's derive puts a table of every variant into
/// the serializer (docs/size.md).
impl Serialize for SnapArm {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl SnapArm {
    /// The wire word, written and read (tested against serde's `rename_all` below).
    pub const fn as_str(self) -> &'static str {
        match self {
            SnapArm::AwaitingState => "awaiting-state",
            SnapArm::SettleOnCompletion => "settle-on-completion",
            SnapArm::BornAtRest => "born-at-rest",
            SnapArm::NoWrites => "no-writes",
            SnapArm::None => "none",
        }
    }
}

wire! {
    /// One transition row: its kept fields (`TransitionRow`, in the same object) and what only the
    /// walker's latches and the captions table add.
    pub struct SnapTransition {
        #[serde(flatten)]
        pub row: TransitionRow,
        /// Index into `affordances` (fired rows).
        pub affordance: Option<u32>,
        pub arm: SnapArm,
        /// The fire had not come to rest.
        pub open: bool,
        /// Its handler (or a thenable `navigate` returned) was still running.
        pub in_flight: bool,
        /// Its verify already held at fire time (docs/session.md §23); absent (false) in older snapshots.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub already_true: bool,
        /// Its retained settlement (`state::Settled`, its own snapshot item).
        #[cfg_attr(target_arch = "wasm32", tsify(type = "SnapSettled | null"))]
        pub settled: Option<crate::session::state::Settled>,
        /// Report rows: the keys whose value the report changed.
        pub changed_keys: Option<Vec<String>>,
    }
}

impl std::ops::Deref for SnapTransition {
    type Target = TransitionRow;
    fn deref(&self) -> &TransitionRow {
        &self.row
    }
}

impl std::ops::DerefMut for SnapTransition {
    fn deref_mut(&mut self) -> &mut TransitionRow {
        &mut self.row
    }
}

/// Which ledger an attempt index entry points into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum SnapLedger {
    Gap,
    Transition,
}

/// Written from `as_str`: one string write, where serde's derive puts a table of every variant into
/// the serializer (docs/size.md).
impl Serialize for SnapLedger {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl SnapLedger {
    /// The wire word, written and read (tested against serde's `rename_all` below).
    pub const fn as_str(self) -> &'static str {
        match self {
            SnapLedger::Gap => "gap",
            SnapLedger::Transition => "transition",
        }
    }
}

wire! {
    /// One entry of the attempt index: its ordering key and the absolute index of its row.
    pub struct SnapAttempt {
        pub key: u64,
        pub ledger: SnapLedger,
        pub row: u32,
    }
}

wire! {
    pub struct SnapClaim {
        pub transition: u32,
        pub target: String,
    }
}

wire! {
    /// One served id beyond the graph's own: a mount declaration (its caption) and/or a registered handler.
    #[derive(Eq, PartialOrd, Ord)]
    pub struct SnapServed {
        pub id: String,
        /// The mount-declared caption served under `id` (absent for a graph action with a handler).
        pub declared: Option<String>,
        pub handler: bool,
        pub enabled: bool,
    }
}

wire! {
    #[derive(Default)]
    pub struct SnapWarned {
        pub once: Vec<String>,
        pub dead_end_nodes: Vec<String>,
    }
}

/// A fingerprint of the compiled graph: FNV-1a (64-bit) over a canonical text of its pages, actions
/// (function predicates as a marker, never their ids, which differ between page loads) and journeys.
/// The same graph definition gives the same fingerprint on every load; any change to what a session
/// reads from the graph gives another.
pub fn graph_fingerprint(graph: &NavigationGraph) -> String {
    let mut text = String::new();
    use std::fmt::Write;
    let _ = write!(text, "{:?}|{:?}|", graph.id, graph.description);
    for page in &graph.pages {
        let _ = write!(
            text,
            "P{:?}{:?}{:?};",
            page.id, page.route, page.description
        );
    }
    for action in &graph.actions {
        let mut a = action.clone();
        let predicate = matches!(a.verify, Some(Verify::Predicate(_)));
        if predicate {
            a.verify = None;
        }
        // An undeclared `concurrency` (the last field) is left out, so the fingerprints of graphs
        // from before it existed are unchanged (their snapshots still restore).
        let shown = format!("{a:?}");
        // Likewise an undeclared `control` (after it).
        let shown = match shown.strip_suffix(", control: None }") {
            Some(head) => format!("{head} }}"),
            None => shown,
        };
        let shown = match shown.strip_suffix(", concurrency: Parallel }") {
            Some(head) => format!("{head} }}"),
            None => shown,
        };
        let _ = write!(text, "A{shown}{predicate};");
    }
    for journey in &graph.journeys {
        let _ = write!(text, "J{journey:?};");
    }
    // Containers only when declared, and a container that repeats nothing without its empty
    // `repeats` (docs/graph.md §15): a graph that declares no list writes no list-shaped text, so its
    // fingerprint, and the snapshots an app stored under it, do not depend on lists being supported.
    for container in &graph.containers {
        let shown = format!("{container:?}");
        let shown = match shown.strip_suffix(", repeats: [] }") {
            Some(head) => format!("{head} }}"),
            None => shown,
        };
        let _ = write!(text, "C{shown};");
    }
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    let mut out = String::from("fnv1a64:");
    let _ = write!(out, "{hash:016x}");
    out
}

/// A filter as conjuncts on the wire.
pub(crate) fn filter_out(filter: &Filter) -> Vec<SnapCondition> {
    filter
        .conditions
        .iter()
        .map(|c| SnapCondition {
            key: c.key.clone(),
            op: c.op.name().to_string(),
            threshold: c.threshold.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snapshot_enums_words_are_the_ones_serde_writes() {
        use SnapArm as A;
        for arm in [
            A::AwaitingState,
            A::SettleOnCompletion,
            A::BornAtRest,
            A::NoWrites,
            A::None,
        ] {
            assert_eq!(serde_json::to_value(arm).unwrap(), arm.as_str());
            assert_eq!(
                serde_json::from_value::<SnapArm>(arm.as_str().into()).unwrap(),
                arm
            );
        }
        for ledger in [SnapLedger::Gap, SnapLedger::Transition] {
            assert_eq!(serde_json::to_value(ledger).unwrap(), ledger.as_str());
            let back = serde_json::from_value::<SnapLedger>(ledger.as_str().into()).unwrap();
            assert_eq!(back, ledger);
        }
    }
}
