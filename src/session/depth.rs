//! The re-entrancy depth limit (`docs/decisions.md` decision 24).
//!
//! Every call the core makes into the app (a handler, `navigate`, a verify predicate, `onWarn`) is a
//! *call-out*, and the app may call straight back in from it. Call-outs nest on one stack (wasm's
//! shadow stack and the JS stack are shared by every session of the page), so the depth is one
//! thread-local counter for all sessions, not a per-session one. While [`LIMIT`] call-outs are open,
//! the doors that run app code again — `fire` (and so the port's `do_action` and journey tools, and
//! url gestures through `navigate`), `sync` and `updateState` — are refused as data with reason
//! [`REASON`] and a gap row, and warnings wait in the outbox for a shallower call to deliver them.
//! Nothing at any depth can then exhaust a stack: the deepest nesting is bounded by [`LIMIT`] + 2
//! (a predicate or `onWarn` opened from the innermost allowed level).
//! Used by `fire`, `report`, `settle` and the session's `flush`; read by the JS layer for its own
//! export-entry backstop, and reset by `js::unwind` after a JS exception skipped wasm frames.

use std::cell::Cell;

/// Call-outs that may be open when a door is entered; one more is refused.
///
/// Chosen well inside the tightest stack: with the limit lifted, wasm's 1 MiB shadow stack runs out
/// first (nested `do_action`s through the port cost the most per level), and at this limit most of
/// the JS stack is still free in Node and Chromium (`benches/js/release.cjs` prints the measured
/// margin).
pub const LIMIT: u32 = 64;

/// The refusal reason.
pub const REASON: crate::codes::Refusal = crate::codes::Refusal::ReentrancyDepth;

thread_local! {
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// How many call-outs are open right now (0 when the app called in from its own code).
pub fn depth() -> u32 {
    DEPTH.with(Cell::get)
}

/// Whether a door entered now must be refused.
pub fn at_limit() -> bool {
    depth() >= LIMIT
}

/// Zero again, once no wasm frame is on the stack after a JS exception skipped some (their `CallOut`s
/// were never dropped; `js::unwind`). Never called while a call-out is open.
pub fn reset_unwound() {
    DEPTH.with(|d| d.set(0));
}

/// An open call-out: counts one level until dropped (also when the call-out unwinds).
pub struct CallOut(());

impl CallOut {
    pub fn open() -> CallOut {
        DEPTH.with(|d| d.set(d.get().saturating_add(1)));
        CallOut(())
    }
}

impl Drop for CallOut {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

use std::rc::Rc;

use super::state::{Gap, GapDetail, Inner};
use super::{GapKind, Principal};

impl Inner {
    /// Record a door refused at the depth limit: one `fire-rejected` gap row naming what was asked
    /// (`sync:<page>`, `updateState`), so the facts block shows it as an attempt that did not happen.
    pub(crate) fn refuse_too_deep(&mut self, asked: &str, principal: Principal) {
        let offered = self.offered_ids();
        self.push_gap(Gap {
            kind: GapKind::FireRejected,
            timestamp: self.last_now,
            node: Rc::clone(&self.node),
            version: self.version,
            available_actions: offered,
            affordance_id: Some(Rc::from(asked)),
            does: None,
            rejection_reason: Some(REASON),
            principal: Some(principal),
            off_graph: false,
            actions_may_be_stale: false,
            detail: GapDetail::NONE,
        });
    }
}
