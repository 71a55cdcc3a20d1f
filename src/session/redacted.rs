//! Redaction inside the session (docs/session.md §28): the merged patterns a session hides
//! ([`Session::redaction`], read by `serve` for `why` and teaching refusals) and
//! `session.producedFor(transitionId)`, the fire's returned value as a model may read it.
//!
//! Payloads and returned values are redacted once, when their record is made (`fire`, `settle`), so
//! every reader of a row — `transitions()`, `did_it_work`, snapshots, the JS fast paths — gets the
//! marker without redacting again; guard evidence is redacted where it is evaluated
//! (`Redaction::evaluate`); state values where they leave (`why`, snapshots). Uses `state`,
//! `graph::redact`. Used by `serve`, `js` and the native tests.

use std::rc::Rc;

use serde_json::Value;

use super::state::json_value;
use super::Session;
use crate::graph::Redaction;
use crate::session::EffectStatus;

impl Session {
    /// What this session hides: the graph's `redact` with the `createSession` options' own.
    pub fn redaction(&self) -> Rc<Redaction> {
        Rc::clone(&self.inner.borrow().keep.redact)
    }

    /// `session.producedFor(transitionId)`: a fresh copy of what that fire's handler returned, with
    /// redaction applied — the value `did_it_work` carries as `data` — or `None` when nothing was
    /// kept (no such kept row, the handler returned nothing or is still running, the value was over
    /// the size limit, or the fire settled as refused).
    pub fn produced_for(&self, transition_id: &str) -> Option<Value> {
        let inner = self.inner.borrow();
        let rec = inner.rec(inner.find_transition(transition_id)?)?;
        if rec
            .settled
            .as_ref()
            .is_some_and(|s| s.effect_status == EffectStatus::Refused)
        {
            return None;
        }
        rec.produced.as_deref().map(json_value)
    }
}
