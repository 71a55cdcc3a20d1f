//! The app's `navigate` after creation and when it is async (`docs/decisions.md` decisions 27–28,
//! `docs/session.md` §10).
//!
//! `setNavigate` (decision 28): the host swaps the function, then [`Session::navigate_replaced`]
//! re-reads whether there is one. Having one or not is wiring, exactly as if it had been given to
//! `createSession`: it decides whether url gestures materialise (`fire`'s runner, `available()`'s
//! `materialized`, the port's `whats_here`) and arms the dead-end check. Turning it on or off is
//! therefore a structure change (one `stimulus:structure-swap` row and bump, coalesced with adjacent
//! mounts, decision 7) followed by the dead-end check of the current page; swapping one function for
//! another changes nothing a reader sees and records nothing.
//!
//! An async `navigate` (decision 27): when it returns a thenable the fire stays open until the
//! thenable ends **or** a `sync` reports arrival on the claimed page, whichever comes first; then the
//! completion runs as for a handler (`settle::complete`: verify, performed / refused). A rejection
//! before arrival is the failure spine: the fire is refused and its claimed cursor move is walked
//! back. A rejection after the router reported arrival cannot unsay the arrival: the settlement
//! stands and the session warns. A `sync` to the target from inside `navigate` (before the thenable
//! is even returned) counts as arrival too. Deferred tokens stay in `Inner::deferred` (the same
//! machinery as a handler's promise); this module only remembers which of them are navigates.
//!
//! Uses `state`, `settle`. Used by `fire` (what `navigate` returned), `report` (arrival by `sync`),
//! `settle` (a late end) and the JS layer (`setNavigate`).

use super::state::Inner;
use super::*;
use crate::host::HandlerOutcome;

/// Tokens of navigates that ended by arrival kept for their late end; beyond this the oldest is
/// forgotten (its late end is then ignored, as an unknown token is).
const ARRIVED_KEPT: usize = 1024;

/// Navigate fires waiting on a thenable.
#[derive(Debug, Default)]
pub(crate) struct NavWaits {
    /// (token, record index) of a thenable a `navigate` returned, until it ends or arrival is reported.
    open: Vec<(u32, u32)>,
    /// (token, record index) of fires that came to rest by arrival while their thenable was running.
    arrived: Vec<(u32, u32)>,
}

impl NavWaits {
    /// Remove a navigate token; `true` when it was one.
    pub fn take_open(&mut self, token: u32) -> bool {
        match self.open.iter().position(|&(t, _)| t == token) {
            Some(at) => {
                self.open.remove(at);
                true
            }
            None => false,
        }
    }

    fn take_arrived(&mut self, token: u32) -> Option<u32> {
        let at = self.arrived.iter().position(|&(t, _)| t == token)?;
        Some(self.arrived.remove(at).1)
    }

    fn keep_arrived(&mut self, token: u32, idx: u32) {
        if self.arrived.len() >= ARRIVED_KEPT {
            self.arrived.remove(0);
        }
        self.arrived.push((token, idx));
    }
}

impl Inner {
    /// The router reported arrival on the page fire `idx` claimed: if that fire's `navigate` thenable
    /// is still running, stop waiting for it and return the fire to complete now.
    pub fn arrival_ends_wait(&mut self, idx: u32) -> Option<u32> {
        let at = self.nav.open.iter().position(|&(_, i)| i == idx)?;
        let (token, idx) = self.nav.open.remove(at);
        self.deferred.remove(&token);
        self.nav.keep_arrived(token, idx);
        Some(idx)
    }
}

impl Session {
    /// `setNavigate(fn | null)`: the host already holds the new function (or none). Turning url
    /// gestures on or off is a wiring change; swapping functions records nothing.
    pub fn navigate_replaced(&self) -> Result<(), SessionError> {
        self.scoped(|| {
            self.guard("setNavigate")?;
            let can = self.host.can_navigate();
            let now = self.host.now_ms();
            {
                let mut inner = self.inner.borrow_mut();
                inner.last_now = now;
                if inner.can_navigate != can {
                    inner.can_navigate = can;
                    let _ = inner.structure_changed();
                    inner.check_dead_end();
                }
            }
            self.flush();
            Ok(())
        })
    }

    /// What `navigate` returned for fire `idx`. A thenable keeps the fire open — unless the router
    /// already reported arrival on the claimed page from inside `navigate`: then the wait is over.
    pub(super) fn navigate_returned(&self, idx: u32, outcome: HandlerOutcome) -> HandlerOutcome {
        let HandlerOutcome::Deferred(token) = outcome else {
            return outcome;
        };
        let mut inner = self.inner.borrow_mut();
        if inner
            .rec(idx)
            .is_some_and(|r| r.arrival == Some(Arrival::Observed))
        {
            inner.nav.keep_arrived(token, idx);
            return HandlerOutcome::Returned(None);
        }
        inner.nav.open.push((token, idx));
        HandlerOutcome::Deferred(token)
    }

    /// Complete fire `idx` because the router reported arrival while its `navigate` thenable ran.
    pub(super) fn complete_on_arrival(&self, idx: u32) {
        self.complete(idx, HandlerOutcome::Returned(None), true);
    }

    /// A thenable that ended after its fire came to rest by arrival: a failure is warned about (the
    /// arrival stands). `false` when `token` is not such a thenable.
    pub(super) fn late_navigate_end(&self, token: u32, outcome: &HandlerOutcome) -> bool {
        let mut inner = self.inner.borrow_mut();
        let Some(idx) = inner.nav.take_arrived(token) else {
            return false;
        };
        let failure = match outcome {
            HandlerOutcome::Threw(message) | HandlerOutcome::ReturnedFailure(message) => {
                message.clone()
            }
            HandlerOutcome::Returned(_) | HandlerOutcome::Deferred(_) => return true,
        };
        let (stage, to) = match inner.rec(idx) {
            Some(rec) => (
                rec.stage.to_string(),
                rec.to_node.as_deref().unwrap_or(&rec.from_node).to_string(),
            ),
            None => return true,
        };
        inner.note(format!(
            "navigate for '{stage}' failed after the router had already reported arrival on '{to}': {failure} — the arrival stands (the router said so) and the fire stays settled. If the app is not on '{to}', sync the page it is on."
        ));
        true
    }
}
