//! The walker: a session over one compiled graph — cursor, version clock, flat state, what is on
//! offer, live wiring, fires and their settlement, the two ledgers, asks, work rows and journey frames.
//!
//! Every public method takes `&self`. All mutable state sits in one `RefCell<Inner>` (`state`),
//! borrowed in short scopes and **never across a `Host` call**: a call-out is prepared under a borrow,
//! the borrow is released, the host is called (and may re-enter any method), then the session
//! re-borrows and re-reads records by index. Warnings and "settled" notices are queued in an outbox
//! and delivered after the fact they report is recorded.
//!
//! Sub-modules:
//! - `ledger/`: the record types handed out, and how the rows are read, kept and folded.
//! - `persist/`: the snapshot wire format, taking one and restoring a session from one.
//!
//! The walker's own files:
//! - rows and clock: `state` (internal rows, version clock, outbox), `warnings` (what is queued for
//!   `onWarn`), `limits` (`maxValueBytes`), `error` (`SessionError`), `words` (each record enum's word).
//! - what is on offer: `offers` (`available()`), `mounts` (`registerActions`, groups, structure
//!   bumps), `mounting` (a page still mounting), `busy` (`setBusy`), `unblock` (`whatUnblocks`).
//! - fires: `fire` (ordered checks, the record, arms; its kept payload text in `payload_text`), `concurrency` (once, single-flight), `settle`
//!   (commit step, verify, failure spine, handler completion), `report` (`updateState`, `sync`, the
//!   attribution ladder), `navigation` (`setNavigate`, a thenable `navigate`), `deadend`.
//! - the human and journey doors: `asks`, `before_ask` (the checks before an ask is minted), `work`,
//!   `journeys`, `focus` (the tree API), `reach` (`howToReach`), `redacted` (`producedFor`, `redact`).
//! - calls and lifetime: `notify` (the call scope and change notification; the public mutating
//!   methods live there), `depth` (the re-entrancy depth limit), `lifecycle` (`close()`).
//! - `results`: the public argument and result types of the calls.
//! - `test_host`: `ClosureHost`, a native host for tests and benches (`cfg(test)` or the
//!   `test-support` feature; never in the shipped module).
//!
//! What depends on what: `ledger/` and `persist/` extend the walker's rows (`state`); `ledger/`
//! uses nothing in `persist/`; `persist/` reads the ledger's record types and the walker's own
//! (`focus`, `journeys`, `concurrency`, `limits`). The walker reaches `persist/` only for
//! `snapshot()` / restore and a restored baseline (`mounts`).
//!
//! Uses `graph` (model, guards, input, routes) and `host`. Used by `facts`, `serve`, `js`.

mod asks;
mod before_ask;
mod concurrency;
mod deadend;
pub mod depth;
mod error;
mod fire;
mod focus;
mod instances;
mod journeys;
mod ledger;
pub mod lifecycle;
mod payload_text;

mod busy;
mod limits;
mod mounting;
mod mounts;
mod navigation;
mod notify;
mod offers;
mod persist;
mod reach;
mod redacted;
mod report;
pub mod results;
mod settle;
mod state;
#[cfg(any(test, feature = "test-support"))]
pub mod test_host;
mod unblock;
mod warnings;
mod words;
mod work;

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::{Map, Value};

use crate::graph::{Action, NavigationGraph};
use crate::host::Host;

pub use error::{SessionError, SessionErrorKind};
pub use focus::{FocusChange, FocusHistory, FocusRecord, InPage, SnapTree};
pub use ledger::attempt_rows::{AttemptRow, AttemptRows};
pub use ledger::facts_view::{TransitionView, TransitionViewKind};
pub use notify::MAX_ROUNDS as MAX_NOTIFY_ROUNDS;
pub use reach::{Hop, NotNow, RouteAnswer};

pub use instances::InstanceRef;
pub use ledger::lost::HistoryLost;
pub use ledger::records::*;
pub use ledger::retention::{FoldedAttempts, FoldedFire, DEFAULT_RETAIN, MAX_RETAIN};
pub use ledger::row::{JsonText, TransitionRow};
pub use limits::{DEFAULT_MAX_VALUE_BYTES, MAX_MAX_VALUE_BYTES};
pub use persist::{
    graph_fingerprint, read_snapshot, SessionSnapshot, SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION,
};
pub use results::*;
pub use unblock::{GreyedNow, GreyedWhy, StatedCondition, Unblocker};

pub(crate) use ledger::reads::SharedRow;
#[cfg(target_arch = "wasm32")]
pub(crate) use payload_text::FirePayloadText;
/// `n` in decimal, appended without the formatting machinery (also used by `facts`).
pub(crate) use state::push_decimal;
use state::Inner;

/// A session: one walker over one graph, talking to the app through a [`Host`].
pub struct Session {
    graph: Rc<NavigationGraph>,
    host: Rc<dyn Host>,
    inner: RefCell<Inner>,
    /// The call scope and what listeners last heard (decision 29, `notify`).
    calls: notify::Calls,
    life: lifecycle::Life,
}

impl Session {
    /// `createSession(graph, navigate?, options?)`. Unknown `options.node` → `UNKNOWN_NODE`.
    pub fn new(
        graph: Rc<NavigationGraph>,
        host: Rc<dyn Host>,
        options: SessionOptions,
    ) -> Result<Session, SessionError> {
        let inner = Inner::new(&graph, options, host.can_navigate())?;
        let calls = notify::Calls::starting_at(inner.revision());
        Ok(Session {
            graph,
            host,
            inner: RefCell::new(inner),
            calls,
            life: lifecycle::Life::default(),
        })
    }

    /// The compiled graph this session walks.
    pub fn graph(&self) -> Rc<NavigationGraph> {
        Rc::clone(&self.graph)
    }

    /// The cursor: a page id, or whatever off-graph string the app reported through `sync`.
    pub fn node(&self) -> String {
        str::to_owned(&self.inner.borrow().node)
    }

    /// The version clock (decision 7).
    pub fn version(&self) -> u64 {
        self.inner.borrow().version
    }

    /// A detached copy of the flat state.
    pub fn state(&self) -> Map<String, Value> {
        self.inner.borrow().state.clone()
    }

    /// The action served under `id` right now (compiled, else the newest live mount declaration).
    pub fn served_action(&self, id: &str) -> Option<Rc<Action>> {
        self.inner.borrow().served(id).map(|a| Rc::clone(&a.action))
    }

    /// Whether `requireHumanApproval` is on.
    pub fn requires_human_approval(&self) -> bool {
        self.inner.borrow().enforced
    }

    /// Whether the app gave the session a `navigate` function.
    pub fn can_navigate(&self) -> bool {
        self.host.can_navigate()
    }
}

impl Session {
    /// Refuse a mutating `call` while a verify predicate runs (decision 3).
    fn guard(&self, call: &str) -> Result<(), SessionError> {
        match self.inner.borrow().predicate_running() {
            Some(action) => Err(SessionError::reentrancy(call, &action)),
            None => Ok(()),
        }
    }

    /// Deliver queued call-outs (warnings, settled notices, released callbacks), borrow released.
    fn flush(&self) {
        loop {
            let batch = {
                let mut inner = self.inner.borrow_mut();
                if depth::at_limit() {
                    // Decision 24: `onWarn` may call back in, so at the depth limit warnings wait in
                    // the outbox for a shallower call's flush; the other items never run app code.
                    let (warnings, rest) =
                        std::mem::take(&mut inner.outbox)
                            .into_iter()
                            .partition(|o| {
                                matches!(o, state::Outgoing::Warn(_) | state::Outgoing::Note(_))
                            });
                    inner.outbox = warnings;
                    rest
                } else {
                    std::mem::take(&mut inner.outbox)
                }
            };
            if batch.is_empty() {
                return;
            }
            for item in batch {
                match item {
                    state::Outgoing::Warn(message) => {
                        let _open = depth::CallOut::open();
                        self.host.warn(self, &message)
                    }
                    state::Outgoing::Note(message) => {
                        let _open = depth::CallOut::open();
                        self.host.note(self, &message)
                    }
                    state::Outgoing::Settled(id) => {
                        let _open = depth::CallOut::open();
                        self.host.settled(self, &id)
                    }
                    state::Outgoing::Release(ids) => self.host.release_callbacks(&ids),
                }
            }
        }
    }
}
