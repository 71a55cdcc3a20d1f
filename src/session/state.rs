//! The session's internal state: compact ledger rows, the served catalogue (compiled actions plus live
//! mount declarations), the registry, queues, the version clock and the outbox of call-outs.
//!
//! Rows share ids, node names and the captured affordance as `Rc`s so a recorded attempt costs a
//! couple of hundred bytes; public snapshots (`ledger::records`) are built from them on demand by `ledger::reads`.
//! The rows are declared once with their snapshot form (docs/records.md): a transition row carries its
//! `ledger::row::TransitionRow`; gap rows (`ledger::row::Gap`), asks and work rows are their own
//! snapshot items, and journey frames are kept as the `JourneyFrame` records `journeyFrame()` returns.
//! Used by every other session module; never exposed.

use crate::codes::ErrorCode;
use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;

use crate::json_types::JsonValue;
use serde_json::{Map, Value};

use super::error::SessionError;
pub(crate) use super::ledger::compact::{json_text, json_value, push_decimal};
use super::ledger::records::*;
pub(crate) use super::ledger::row::{Failure, Gap, GapDetail, Settled, TransitionRow};
use super::results::*;
use crate::graph::{Action, NavigationGraph};
use crate::host::CallbackId;

/// A served action with its id and sentence as shared strings. Immutable: a remount with new wording
/// is a new `Affordance`, so a row that captured the old one keeps the old words.
#[derive(Debug)]
pub(crate) struct Affordance {
    pub id: Rc<str>,
    pub does: Rc<str>,
    pub action: Rc<Action>,
}

impl Affordance {
    pub fn new(action: Action) -> Affordance {
        Affordance {
            id: Rc::from(action.id.as_str()),
            does: Rc::from(action.does.as_str()),
            action: Rc::new(action),
        }
    }
}

/// How a fire will come to rest (docs/session.md §9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arm {
    /// Declares writes, state tap on: waits for an attributed report.
    AwaitingState,
    /// Declares writes, no tap: settles when its handler completes.
    SettleOnCompletion,
    /// Declares writes, nothing runs: born at rest, unobservable.
    BornAtRest,
    /// Declares no writes: committed at once; verify after the handler.
    NoWrites,
    /// Not a fire (stimulus, sync, structure, inferred).
    None,
}

/// One transition row: its kept fields ([`TransitionRow`], declared once with its snapshot form) and
/// the walker's latches beside them. Reads and writes of the kept fields go through `Deref`.
#[derive(Debug)]
pub(crate) struct Rec {
    pub row: TransitionRow,
    /// Fired rows: the affordance as served at fire time (does, writes, verify, goTo).
    pub affordance: Option<Rc<Affordance>>,
    pub arm: Arm,
    /// The settlement latch: open while the fire has not come to rest.
    pub latch_open: bool,
    /// The handler (or a deferred promise) is still running.
    pub in_flight: bool,
    /// A report committed this fire inside its handler window; verify waits for the handler's return.
    pub verdict_deferred: bool,
    /// A claimed hop whose dead-end check waits for the handler's return (decision 6).
    pub dead_end_deferred: bool,
    /// The action's filter verify covered its writes and already held at fire time: the fire settled
    /// when its handler returned, and its line says the effect held before it (docs/session.md §23).
    pub already_true: bool,
    pub settled: Option<Settled>,
}

impl std::ops::Deref for Rec {
    type Target = TransitionRow;
    fn deref(&self) -> &TransitionRow {
        &self.row
    }
}

impl std::ops::DerefMut for Rec {
    fn deref_mut(&mut self) -> &mut TransitionRow {
        &mut self.row
    }
}

impl Rec {
    /// `<stage>#<n>`, built without the formatting machinery (every result and view line asks for it).
    pub fn id(&self) -> String {
        let mut id = String::with_capacity(self.stage.len() + 11);
        id.push_str(&self.stage);
        id.push('#');
        push_decimal(&mut id, u64::from(self.n));
        id
    }
    pub fn is_fire(&self) -> bool {
        self.kind == CauseKind::Fired
    }
}

/// Which ledger row an attempt index entry points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RowRef {
    Gap(u32),
    Transition(u32),
}

/// One entry of the append-only attempt index, kept in (key, rank) order. The rank is the row's
/// ledger: gap rows (refusals) 0, transitions (fires) 1.
#[derive(Debug, Clone, Copy)]
pub(crate) struct AttemptRef {
    pub key: u64,
    pub row: RowRef,
}

impl AttemptRef {
    pub fn rank(&self) -> u8 {
        match self.row {
            RowRef::Gap(_) => 0,
            RowRef::Transition(_) => 1,
        }
    }
}

/// A live handler registration.
#[derive(Debug, Clone)]
pub(crate) struct RegEntry {
    pub handler: CallbackId,
    pub group: u32,
    pub enabled: bool,
}

/// A `registerActions` group.
#[derive(Debug)]
pub(crate) struct Group {
    pub page: Rc<str>,
    /// Ids this group registered a handler for.
    pub handler_ids: Vec<Rc<str>>,
    /// Ids this group declared at mount.
    pub declared: Vec<Rc<str>>,
    pub callbacks: Vec<CallbackId>,
    /// False once unregistered (a second `unregister` is a no-op).
    pub live: bool,
}

crate::record::wire! {
    /// A confirm ask, kept as its snapshot writes it (`asks` in a snapshot, `SnapAsk` to TypeScript).
    #[cfg_attr(target_arch = "wasm32", tsify(rename = "SnapAsk"))]
    pub struct Ask {
        pub n: u32,
        pub affordance_id: Rc<str>,
        pub does: Option<Rc<str>>,
        pub input: Option<JsonValue>,
        /// The list row the ask is about (docs/session.md §34); absent for every other ask. Its approval
        /// is spent only by a fire for that row.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub instance: Option<Rc<str>>,
        pub answer: Option<AskAnswer>,
        pub spent: bool,
        /// Left the book (default mode: spent or closed); such asks are not written.
        #[serde(skip)]
        pub removed: bool,
        pub by: Option<String>,
        pub note: Option<String>,
    }
}

crate::record::wire! {
    /// A work row, kept as its snapshot writes it (`work` in a snapshot: one declaration for both).
    pub struct Work {
        pub n: u32,
        pub transition: Option<u32>,
        pub affordance_id: Option<Rc<str>>,
        pub does: Option<Rc<str>>,
        pub started_at: f64,
        pub principal: Principal,
        pub open: bool,
    }
}

/// The offered ids at (version, structure generation, node).
pub(crate) type OfferedCache = (u64, u64, Rc<str>, Rc<[Rc<str>]>);

/// A call-out queued while borrowed, delivered after release.
#[derive(Debug)]
pub(crate) enum Outgoing {
    Warn(String),
    /// A runtime warning that restates what the record already holds as data (a refusal, a
    /// handler failure): the app's `onWarn` only, never the console (docs/session.md §29.4).
    Note(String),
    Settled(String),
    Release(Vec<CallbackId>),
}

pub(crate) struct Inner {
    pub graph: Rc<NavigationGraph>,
    pub node: Rc<str>,
    pub position_reported: bool,
    pub version: u64,
    pub state_version: u64,
    /// Bumped on every served-structure change (also the dead-end fingerprint).
    pub structure_gen: u64,
    /// The version right after the last structure bump: a change while `version` still equals it
    /// coalesces into that bump.
    pub last_structure_bump: Option<u64>,
    pub state: Map<String, Value>,
    pub state_tap: bool,
    pub can_navigate: bool,
    pub enforced: bool,
    pub approval_option_passed: bool,

    /// Page ids as shared strings, for node interning.
    pub page_names: HashMap<Rc<str>, ()>,
    /// Compiled actions in graph order, and their index.
    pub compiled: Vec<Rc<Affordance>>,
    pub compiled_index: HashMap<Rc<str>, usize>,
    /// Live mount declarations: id → stack of (group, affordance), newest last.
    pub mounted: HashMap<Rc<str>, Vec<(u32, Rc<Affordance>)>>,
    /// Mount-declared ids in first-declaration order (served after the compiled ones).
    pub mount_order: Vec<Rc<str>>,
    pub registry: HashMap<Rc<str>, RegEntry>,
    pub groups: HashMap<u32, Group>,
    pub next_group: u32,
    pub journey_ids: Vec<String>,

    /// The kept rows, oldest first (at most `keep.retain` each; `ledger::retention` folds the rest).
    pub transitions: VecDeque<Rec>,
    pub gaps: VecDeque<Gap>,
    pub attempts: VecDeque<AttemptRef>,
    /// Bounded ledgers: the options, the folded counts, the absolute index of the oldest kept rows.
    pub keep: super::ledger::retention::Retention,
    /// Record indexes of fires awaiting a state report, oldest first.
    pub pending: Vec<u32>,
    /// Record indexes whose handler is executing, innermost last.
    pub windows: Vec<u32>,
    /// The open navigation claim: (record index, claimed target).
    pub claim: Option<(u32, Rc<str>)>,
    /// Deferred handler tokens → record index.
    pub deferred: HashMap<u32, u32>,
    /// Action ids whose verify predicate is running (innermost last).
    pub predicates: Vec<Rc<str>>,

    pub asks: Vec<Ask>,
    pub next_confirm: u32,
    pub work: Vec<Work>,
    /// The open journey frame and the closed ones, kept as `journeyFrame()` shows them.
    pub frame: Option<JourneyFrame>,
    pub closed_frames: Vec<JourneyFrame>,

    pub dead_end_seen: HashSet<(Rc<str>, u64)>,
    pub dead_end_warned: HashSet<Rc<str>>,
    pub warned_once: HashSet<String>,
    /// Offered ids cached per (version, structure gen, node).
    pub offered_cache: Option<OfferedCache>,
    pub outbox: Vec<Outgoing>,
    /// The host clock read at the start of the current call (row timestamps).
    pub last_now: f64,
    /// The page just moved to, while its components mount (docs/session.md §32).
    pub mounting: super::mounting::Mounting,
    /// Report (floor) rows only, by record index: the names of the keys whose value the report changed.
    /// Never values. Kept beside the ledger so fire rows pay nothing (their declared `writes` say what
    /// they touch) and a report that changed nothing has no entry.
    pub report_keys: HashMap<u32, Box<[Rc<str>]>>,
    /// State key names as shared strings, so report rows naming the same key share one allocation.
    pub key_names: HashSet<Rc<str>>,
    /// Changes a reader sees that do not bump the version (decision 29).
    pub quiet: super::notify::Quiet,
    /// Navigate fires waiting on a thenable (decision 27).
    pub nav: super::navigation::NavWaits,
    /// A restored session: the version at restore and the served structure of the snapshot, which
    /// re-registering rebuilds without a bump (`persist::restore`).
    pub baseline: Option<(u64, Vec<super::persist::SnapServed>)>,
    /// Busy marks (`group.setBusy`, docs/session.md §22): action id → (group, the app's sentence).
    pub busy: HashMap<Rc<str>, (u32, Rc<str>)>,
    /// The tree API: containers shown, the reader's focus and its ledger (`focus`).
    pub tree: super::focus::Tree,
    /// Set when this record continues one whose history was lost (`ledger::lost`, docs/session.md §25).
    pub history_lost: Option<super::ledger::lost::HistoryLost>,
    pub flights: super::concurrency::Flights,
    /// Lists: live instances, per-instance handlers, the instance each fire row named (`instances`).
    pub lists: super::instances::Lists,
}

impl Inner {
    pub fn new(
        graph: &Rc<NavigationGraph>,
        options: SessionOptions,
        can_navigate: bool,
    ) -> Result<Inner, SessionError> {
        let node = match &options.node {
            Some(n) => {
                if graph.page(n).is_none() {
                    let known: Vec<&str> = graph.page_ids().collect();
                    return Err(SessionError::usage(
                        ErrorCode::UnknownNode,
                        format!(
                            "createSession: node '{n}' is not a page of graph '{}'. Known pages: {}. Pass one of them, or omit node to start on the first page.",
                            graph.id,
                            known.join(", ")
                        ),
                    ));
                }
                n.clone()
            }
            None => match graph.pages.first() {
                Some(p) => p.id.clone(),
                None => {
                    return Err(SessionError::usage(
                        ErrorCode::UnknownNode,
                        format!("createSession: graph '{}' has no pages, so there is nowhere to start. Declare at least one page.", graph.id),
                    ))
                }
            },
        };
        let mut page_names = HashMap::new();
        for p in &graph.pages {
            page_names.insert(Rc::from(p.id.as_str()), ());
        }
        let mut compiled = Vec::with_capacity(graph.actions.len());
        let mut compiled_index = HashMap::new();
        for (i, a) in graph.actions.iter().enumerate() {
            let aff = Rc::new(Affordance::new(a.clone()));
            compiled_index.insert(Rc::clone(&aff.id), i);
            compiled.push(aff);
        }
        let keep =
            super::ledger::retention::Retention::new(options.retain, options.max_value_bytes)?
                .redacting(&graph.redact, &options.redact);
        if let Some(state) = &options.state {
            super::limits::check_initial_state(state, keep.max_value_bytes)?;
        }
        let state_tap = options.state.is_some();
        let mut inner = Inner {
            graph: Rc::clone(graph),
            node: Rc::from(""),
            position_reported: true,
            version: 0,
            state_version: 0,
            structure_gen: 0,
            last_structure_bump: None,
            state: options.state.unwrap_or_default(),
            state_tap,
            can_navigate,
            enforced: options.require_human_approval == Some(true),
            approval_option_passed: options.require_human_approval.is_some(),
            page_names,
            compiled,
            compiled_index,
            mounted: HashMap::new(),
            mount_order: Vec::new(),
            registry: HashMap::new(),
            groups: HashMap::new(),
            next_group: 0,
            journey_ids: graph.journeys.iter().map(|j| j.id.clone()).collect(),
            transitions: VecDeque::new(),
            gaps: VecDeque::new(),
            attempts: VecDeque::new(),
            keep,
            pending: Vec::new(),
            windows: Vec::new(),
            claim: None,
            deferred: HashMap::new(),
            predicates: Vec::new(),
            asks: Vec::new(),
            next_confirm: 1,
            work: Vec::new(),
            frame: None,
            closed_frames: Vec::new(),
            dead_end_seen: HashSet::new(),
            dead_end_warned: HashSet::new(),
            warned_once: HashSet::new(),
            offered_cache: None,
            outbox: Vec::new(),
            last_now: 0.0,
            mounting: Default::default(),
            report_keys: HashMap::new(),
            key_names: HashSet::new(),
            quiet: Default::default(),
            nav: Default::default(),
            baseline: None,
            busy: HashMap::new(),
            tree: Default::default(),
            history_lost: None,
            flights: Default::default(),
            lists: Default::default(),
        };
        inner.node = inner.intern(&node);
        Ok(inner)
    }

    /// A node name as a shared string (page ids are shared; off-graph names are allocated).
    pub fn intern(&self, node: &str) -> Rc<str> {
        match self.page_names.get_key_value(node) {
            Some((k, _)) => Rc::clone(k),
            None => Rc::from(node),
        }
    }

    /// The affordance served under `id` now: compiled first, else the newest live mount declaration.
    pub fn served(&self, id: &str) -> Option<&Rc<Affordance>> {
        if let Some(&i) = self.compiled_index.get(id) {
            return self.compiled.get(i);
        }
        self.mounted
            .get(id)
            .and_then(|stack| stack.last())
            .map(|(_, a)| a)
    }

    /// Every served affordance in served order (compiled, then mount-declared).
    pub fn served_all(&self) -> impl Iterator<Item = &Rc<Affordance>> {
        self.compiled.iter().chain(
            self.mount_order
                .iter()
                .filter(|id| !self.compiled_index.contains_key(*id))
                .filter_map(|id| self.mounted.get(id).and_then(|s| s.last()).map(|(_, a)| a)),
        )
    }

    /// The names of the keys in `delta` whose value differs from the state now (a same-value write
    /// changes nothing), interned, in report order.
    pub fn changed_key_names(&mut self, delta: &Map<String, Value>) -> Box<[Rc<str>]> {
        let changed: Vec<&String> = delta
            .iter()
            .filter(|(k, v)| self.state.get(*k) != Some(*v))
            .map(|(k, _)| k)
            .collect();
        changed
            .into_iter()
            .map(|k| match self.key_names.get(k.as_str()) {
                Some(name) => Rc::clone(name),
                None => {
                    let name: Rc<str> = Rc::from(k.as_str());
                    self.key_names.insert(Rc::clone(&name));
                    name
                }
            })
            .collect()
    }

    /// The keys report row `idx` changed (empty for fire rows and reports that changed nothing).
    pub fn changed_keys(&self, idx: u32) -> &[Rc<str>] {
        self.report_keys.get(&idx).map_or(&[], |keys| keys)
    }

    /// Advance the clock by one.
    pub fn bump(&mut self) -> u64 {
        self.version += 1;
        self.version
    }

    /// The next transition counter value (`<stage>#<n>`): absolute, wrapping at 2^32 (`ledger::retention`).
    pub fn next_n(&self) -> u32 {
        self.keep.t_base.wrapping_add(self.transitions.len() as u32)
    }

    /// The kept transition at absolute index `idx` (`None` once folded).
    pub fn rec(&self, idx: u32) -> Option<&Rec> {
        self.transitions
            .get(idx.wrapping_sub(self.keep.t_base) as usize)
    }

    pub fn rec_mut(&mut self, idx: u32) -> Option<&mut Rec> {
        self.transitions
            .get_mut(idx.wrapping_sub(self.keep.t_base) as usize)
    }

    /// Resolve a transition id (`<stage>#<n>`) to its record index (kept rows only).
    pub fn find_transition(&self, id: &str) -> Option<u32> {
        let (stage, n) = id.rsplit_once('#')?;
        let n: u32 = n.parse().ok()?;
        let rec = self.rec(n)?;
        (&*rec.stage == stage && rec.n == n).then_some(n)
    }

    /// The verify predicate currently running, if any (mutating calls are refused meanwhile).
    pub fn predicate_running(&self) -> Option<Rc<str>> {
        self.predicates.last().cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_stay_compact() {
        // The memory budget is ≤ 300 bytes per recorded attempt, vector slack included.
        println!(
            "Rec {} Gap {} AttemptRef {}",
            std::mem::size_of::<Rec>(),
            std::mem::size_of::<Gap>(),
            std::mem::size_of::<AttemptRef>()
        );
        assert!(std::mem::size_of::<Rec>() <= 200);
        assert!(std::mem::size_of::<Gap>() <= 120);
        assert_eq!(std::mem::size_of::<AttemptRef>(), 16);
    }
}
