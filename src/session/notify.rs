//! Change notification (`docs/decisions.md` decision 29, `docs/session.md` §19): the call scope every
//! public mutating method runs in, what counts as a change, and the rounds in which the host's
//! listeners hear of it.
//!
//! The rule. A call that changed what a reader of the session can see notifies the host **once**, after
//! the **outermost** call returns (a handler's `updateState`, a `navigate`'s `sync`, the port's
//! confirm-then-fire are all part of the call that started them). The host (`Host::changed`) runs the
//! app's listeners; they may call back in. While listeners run, the session counts as inside a call,
//! so a mutation made by a listener is not notified from inside the listener: when the round ends and
//! the session changed during it, a new round runs. A listener that only reads therefore ends the loop
//! after one round; listeners that keep changing the session are stopped after [`MAX_ROUNDS`] rounds
//! with a warning, never by a stack overflow. A throwing listener is the host's to catch; it reports the
//! text through [`Session::listener_threw`], which warns and stops nothing.
//!
//! What counts as a change: every version bump (rows, commits, cursor moves, structure changes,
//! journey frames) and the changes that do not bump it (docs/session.md §3): a gap row (refusal, dead end,
//! `reportGap`), a fire coming to rest (its settlement, incl. a deferred handler's), what a handler
//! produced, an arrival upgrade and a first position report, a new or answered ask, a work row opened
//! or ended. Reads, refusals that record nothing (`UNKNOWN_TRANSITION`, usage errors), a `sync` of the
//! page the session already knows it is on, and a `setNavigate` that only swaps one function for
//! another change nothing and notify nobody. The count is `version + quiet changes`, compared with
//! the count the listeners last heard.
//!
//! Uses `host` (`changed`, `warn`). Used by every public mutating method of the session (the
//! `*_body` methods of the other modules are the unscoped implementations wrapped here), by
//! `serve::port` and the JS layer (`Session::scoped` batches a composite call into one notification).

use std::cell::Cell;

use serde_json::Value;

use super::state::Inner;
use super::*;
use crate::graph::DefValue;
use crate::host::{CallbackId, HandlerOutcome};

/// Listener rounds after one outermost call before the session stops notifying and warns: listeners
/// that change the session every time they hear of a change would otherwise never stop.
pub const MAX_ROUNDS: u32 = 64;

/// The non-bumping change counter (lives in `Inner`, so row-level code can count a change).
#[derive(Debug, Default)]
pub(crate) struct Quiet {
    changes: u64,
}

/// The call depth and what the listeners last heard (lives in `Session`, outside the `RefCell`).
#[derive(Debug, Default)]
pub(crate) struct Calls {
    depth: Cell<u32>,
    heard: Cell<u64>,
}

impl Calls {
    pub fn starting_at(revision: u64) -> Calls {
        Calls {
            depth: Cell::new(0),
            heard: Cell::new(revision),
        }
    }
}

impl Inner {
    /// Count a change a reader can see that does not bump the version.
    pub fn touch(&mut self) {
        self.quiet.changes += 1;
    }

    /// Every change so far: version bumps plus quiet changes. Only ever grows.
    pub fn revision(&self) -> u64 {
        self.version.saturating_add(self.quiet.changes)
    }
}

impl Session {
    /// Run `f` as one call: whatever it (and everything nested in it) changes is notified once, after
    /// the outermost call returns. The JS layer and the port use it to make a composite call one call.
    ///
    /// Generic only in `f`: entering and leaving are one out-of-line body each, so each of the two
    /// dozen callers' instances is its own body plus two calls (docs/size.md).
    pub fn scoped<R>(&self, f: impl FnOnce() -> R) -> R {
        let depth = self.enter_call();
        let result = f();
        self.leave_call(depth);
        result
    }

    /// Raise the call depth; returns the depth to restore.
    #[inline(never)]
    fn enter_call(&self) -> u32 {
        let depth = self.calls.depth.get();
        self.calls.depth.set(depth.saturating_add(1));
        depth
    }

    /// Notify if this was the outermost call, then restore the depth `enter_call` returned.
    #[inline(never)]
    fn leave_call(&self, depth: u32) {
        if depth == 0 {
            self.notify_rounds();
        }
        self.calls.depth.set(depth);
    }

    /// Whether a call is running (listeners count as inside the call that they hear about).
    pub fn in_call(&self) -> bool {
        self.calls.depth.get() > 0
    }

    /// Rounds of `Host::changed` until a round changes nothing (the depth stays raised throughout).
    fn notify_rounds(&self) {
        // Listeners are app code that may call back in: a re-entry door like any other (decision 24).
        // At the limit they are not called now; the change stays unheard until this session's next
        // outermost call, which notifies it.
        if super::depth::at_limit() {
            return;
        }
        for round in 0..=MAX_ROUNDS {
            let revision = self.inner.borrow().revision();
            if revision == self.calls.heard.get() {
                return;
            }
            self.calls.heard.set(revision);
            if round == MAX_ROUNDS {
                self.inner.borrow_mut().warn(format!(
                    "subscribe listeners changed the session in each of {MAX_ROUNDS} rounds of notification in a row, so the session stopped notifying for this call (it would never end). A listener should read the session, or change it only when something it reads calls for it."
                ));
                self.flush();
                return;
            }
            {
                let _open = super::depth::CallOut::open();
                self.host.changed(self);
            }
            self.flush();
        }
    }

    /// A listener threw (the host caught it): warn, and stop nothing.
    pub fn listener_threw(&self, message: &str) {
        self.inner.borrow_mut().warn(format!(
            "a subscribe listener threw: {message} — the session is unchanged by it and the other listeners still ran. Catch errors inside the listener."
        ));
        self.flush();
    }
}

/// The public mutating methods: each is its module's `*_body`, run as one call.
impl Session {
    /// Fire an action. Refusals are data (`ok:false`); `Err` only for `REENTRANCY`.
    pub fn fire(&self, id: &str, options: FireOptions) -> Result<FireResult, SessionError> {
        self.scoped(|| self.fire_with(id, options, None, true, None))
    }

    /// [`Session::fire`] without the Rust-side `transition` snapshot (serialisation skips it, so the JS
    /// layer never reads it; snapshotting copies the payload and produced data on every fire).
    pub fn fire_unsnapshotted(
        &self,
        id: &str,
        options: FireOptions,
    ) -> Result<FireResult, SessionError> {
        self.scoped(|| self.fire_with(id, options, None, false, None))
    }

    /// [`Session::fire_unsnapshotted`] when the caller already holds the payload's compact JSON text
    /// exactly as the record would write it (`FirePayloadText`): the record keeps that text instead of
    /// writing the payload out again.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(crate) fn fire_with_text(
        &self,
        id: &str,
        options: FireOptions,
        instance: Option<&str>,
        payload_text: Option<super::payload_text::FirePayloadText>,
    ) -> Result<FireResult, SessionError> {
        self.scoped(|| self.fire_with(id, options, instance, false, payload_text))
    }

    /// Report a (partial, flat) state delta (`report`). A non-object delta → `BAD_DELTA`.
    pub fn update_state(
        &self,
        delta: &Value,
        options: UpdateOptions,
    ) -> Result<UpdateResult, SessionError> {
        self.scoped(|| self.update_state_body(delta, options, false))
            .map(|(result, _)| result)
    }

    /// [`Session::update_state`] whose reported row comes back shared ([`SharedRow`]) instead of as
    /// the result's `transition`, where it can: the JS layer builds the record from it without
    /// copying names or parsing the payload's kept text.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(crate) fn update_state_shared(
        &self,
        delta: &Value,
        options: UpdateOptions,
    ) -> Result<(UpdateResult, Option<SharedRow>), SessionError> {
        self.scoped(|| self.update_state_body(delta, options, true))
    }

    /// Report the router's position: a page id, or a path resolved with `matchRoute` (`report`).
    pub fn sync(
        &self,
        node_or_path: &str,
        options: SyncOptions,
    ) -> Result<SyncResult, SessionError> {
        self.scoped(|| self.sync_body(node_or_path, options))
    }

    /// Bind handlers and declare mount actions on `page`; returns the group id (`mounts`).
    pub fn register_actions(
        &self,
        page: &str,
        handlers: Vec<(String, CallbackId)>,
        actions: Vec<(String, DefValue)>,
    ) -> Result<String, SessionError> {
        self.scoped(|| self.register_actions_body(page, handlers, actions, None))
    }

    /// Release a group (`mounts`). Idempotent; an unknown group id → `UNKNOWN_GROUP`.
    pub fn unregister(&self, group: &str) -> Result<(), SessionError> {
        self.scoped(|| self.unregister_body(group))
    }

    /// Switch a registered control on or off (`mounts`).
    pub fn set_enabled(&self, group: &str, name: &str, on: bool) -> Result<(), SessionError> {
        self.scoped(|| self.set_enabled_body(group, name, on))
    }

    /// Open (or reuse) a confirm card for action `id` (`asks`).
    pub fn confirm_ask(
        &self,
        id: &str,
        source: Principal,
        input: Option<Value>,
    ) -> Result<ConfirmAsk, SessionError> {
        self.scoped(|| self.confirm_ask_body(id, source, input, None))
    }

    /// [`Session::confirm_ask`] for one row of a list (docs/session.md §34): the approval is spent
    /// only by a fire for that row.
    pub fn confirm_ask_in(
        &self,
        id: &str,
        source: Principal,
        input: Option<Value>,
        instance: Option<&str>,
    ) -> Result<ConfirmAsk, SessionError> {
        self.scoped(|| self.confirm_ask_body(id, source, input, instance))
    }

    /// A person says yes (`asks`).
    pub fn approve(
        &self,
        ask_id: &str,
        by: Option<String>,
        note: Option<String>,
    ) -> Result<DoorResult, SessionError> {
        self.scoped(|| self.approve_body(ask_id, by, note))
    }

    /// A person says no (`asks`).
    pub fn decline(
        &self,
        ask_id: &str,
        by: Option<String>,
        note: Option<String>,
    ) -> Result<DoorResult, SessionError> {
        self.scoped(|| self.decline_body(ask_id, by, note))
    }

    /// Start a work row (`work`); returns `work#N`.
    pub fn begin_work(&self, affordance_id: Option<&str>) -> Result<String, SessionError> {
        self.scoped(|| self.begin_work_body(affordance_id))
    }

    /// Close a work row (`work`). `false` when unknown or already closed.
    pub fn end_work(&self, work_id: &str) -> bool {
        self.scoped(|| self.end_work_body(work_id))
    }

    /// Record that the user asked for something the app could not do (`work`).
    pub fn report_gap(
        &self,
        request: &str,
        actions_may_be_stale: bool,
    ) -> Result<(), SessionError> {
        self.scoped(|| self.report_gap_body(request, actions_may_be_stale))
    }

    /// Open a frame over journey `id` (`journeys`).
    pub fn commit_journey(&self, id: &str) -> Result<CommitJourneyResult, SessionError> {
        self.scoped(|| self.commit_journey_body(id))
    }

    /// Close the open frame (`journeys`).
    pub fn leave_journey(&self) -> Result<Option<JourneyFrame>, SessionError> {
        self.scoped(|| self.leave_journey_body())
    }

    /// Finish a fire whose handler (or `navigate`) returned a thenable (`settle`, `navigation`).
    pub fn complete_deferred_handler(
        &self,
        token: u32,
        outcome: HandlerOutcome,
    ) -> Result<(), SessionError> {
        self.scoped(|| self.complete_deferred_body(token, outcome))
    }
}
