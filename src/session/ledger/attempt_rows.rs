//! The attempt index read in place: the newest-N attempts at or after a cursor, as borrowed rows.
//!
//! The facts block prints a line per shown attempt every turn, so what a row costs to read is paid
//! up to `maxAttempts` times a turn. [`AttemptRows`] holds one shared borrow of the session for the
//! duration of a render and lends each row's fields (references to the ledgers' shared strings: no
//! clone, no id formatted), together with the label rule's catalogue question
//! ([`AttemptRows::is_served`]) on the same borrow. The owned [`AttemptView`] (`Session::attempts_tail`) is built from the same rows.
//! Nothing here reaches the host, so holding the borrow across a render is safe. Used by
//! `facts::read`.

use crate::codes::Refusal;
use std::cell::Ref;
use std::rc::Rc;

use crate::session::state::{AttemptRef, Inner, RowRef};
use crate::session::*;

/// One attempt as the facts block reads it: borrowed from the session's rows (the shared strings
/// themselves, so an owned view is a reference-count bump away).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AttemptRow<'a> {
    pub kind: AttemptKind,
    /// The ordering key: gap version (rank 0) or fire-time cursor version (rank 1).
    pub key: u64,
    pub principal: Principal,
    /// As asked (refusals) or as fired; `None` for a stale-actions row.
    pub affordance_id: Option<&'a Rc<str>>,
    /// The authored sentence captured at the moment (absent = not declared then).
    pub does: Option<&'a Rc<str>>,
    pub rejection_reason: Option<Refusal>,
    pub journey_id: Option<&'a Rc<str>>,
    /// Fired rows: the live outcome.
    pub outcome: Option<Outcome>,
    pub effect_verified: Option<EffectVerified>,
    /// Fired rows: `verifyHeld` of the retained settlement, if any.
    pub verify_held: Option<VerifyHeld>,
    /// Fired rows: the first settlement's effect status, if at rest.
    pub settled_status: Option<EffectStatus>,
    /// Fired rows: the fire's credit is inferred — a row minted by inference (rung 6), or a report
    /// credited to it by queue order or signature (`docs/decisions.md` decision 21).
    pub inferred: bool,
    /// `false` when nothing was wired to execute the fire.
    pub materialized: bool,
    /// Fired rows: the action's verify already held when it was fired (docs/session.md §23).
    pub already_true: bool,
    /// Fired rows: the record's sequence number (its id is `affordance_id#n`, built only on request).
    pub transition_n: Option<u32>,
}

/// The newest attempts of one read, oldest first, with the session borrowed (shared) until dropped.
pub struct AttemptRows<'s> {
    inner: Ref<'s, Inner>,
    start: usize,
}

impl AttemptRows<'_> {
    /// How many rows [`Self::iter`] yields.
    pub fn len(&self) -> usize {
        self.inner.attempts.len().saturating_sub(self.start)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The rows, oldest first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = AttemptRow<'_>> + '_ {
        let inner = &*self.inner;
        let entries = inner.attempts.range(self.start.min(inner.attempts.len())..);
        // A row the index names always exists; a missing one would print as a stale-actions line
        // rather than shift every later line (the iterator's length stays the index's).
        entries.map(move |e| row(inner, e).unwrap_or_else(|| missing(e.key)))
    }

    /// Whether the session serves `id` right now (compiled, or a live mount declaration): the label
    /// rule's "declared now", answered on this read's borrow.
    pub fn is_served(&self, id: &str) -> bool {
        self.inner.served(id).is_some()
    }
}

fn missing(key: u64) -> AttemptRow<'static> {
    AttemptRow {
        kind: AttemptKind::StaleActions,
        key,
        principal: Principal::System,
        affordance_id: None,
        does: None,
        rejection_reason: None,
        journey_id: None,
        outcome: None,
        effect_verified: None,
        verify_held: None,
        settled_status: None,
        inferred: false,
        materialized: true,
        already_true: false,
        transition_n: None,
    }
}

fn row<'a>(inner: &'a Inner, entry: &AttemptRef) -> Option<AttemptRow<'a>> {
    Some(match entry.row {
        RowRef::Gap(g) => {
            let gap = inner.gap_at(g)?;
            AttemptRow {
                kind: if gap.kind == GapKind::FireRejected {
                    AttemptKind::Refused
                } else {
                    AttemptKind::StaleActions
                },
                key: entry.key,
                principal: gap.principal.unwrap_or(Principal::System),
                affordance_id: gap.affordance_id.as_ref(),
                does: gap.does.as_ref(),
                rejection_reason: gap.rejection_reason,
                journey_id: gap.detail.as_ref().and_then(|d| d.journey_id.as_ref()),
                outcome: None,
                effect_verified: None,
                verify_held: None,
                settled_status: None,
                inferred: false,
                materialized: true,
                already_true: false,
                transition_n: None,
            }
        }
        RowRef::Transition(t) => {
            let rec = inner.rec(t)?;
            AttemptRow {
                kind: AttemptKind::Fired,
                key: entry.key,
                principal: rec.principal,
                affordance_id: Some(&rec.stage),
                does: rec.affordance.as_ref().map(|a| &a.does),
                rejection_reason: None,
                journey_id: None,
                outcome: Some(rec.outcome),
                effect_verified: rec.effect_verified,
                verify_held: rec.settled.as_ref().and_then(|s| s.verify_held),
                settled_status: rec.settled.as_ref().map(|s| s.effect_status),
                inferred: rec.inferred || rec.certainty == Certainty::Inferred,
                materialized: rec.materialized,
                already_true: rec.already_true,
                transition_n: Some(rec.n),
            }
        }
    })
}

impl AttemptView {
    fn from_row(row: AttemptRow<'_>) -> AttemptView {
        AttemptView {
            kind: row.kind,
            key: row.key,
            principal: row.principal,
            affordance_id: row.affordance_id.cloned(),
            does: row.does.cloned(),
            rejection_reason: row.rejection_reason,
            journey_id: row.journey_id.cloned(),
            outcome: row.outcome,
            effect_verified: row.effect_verified,
            verify_held: row.verify_held,
            settled_status: row.settled_status,
            inferred: row.inferred,
            materialized: row.materialized,
            already_true: row.already_true,
            transition_n: row.transition_n,
        }
    }
}

impl Session {
    /// The newest `max` attempts with key ≥ `since` (all if `None`), oldest first, read in place.
    /// O(log n); the session stays borrowed (shared) while the result lives, so drop it before any
    /// call that changes the session.
    pub fn attempt_rows(&self, since: Option<u64>, max: usize) -> AttemptRows<'_> {
        let inner = self.inner.borrow();
        let from = since.map_or(0, |s| inner.attempts.partition_point(|a| a.key < s));
        let start = from.max(inner.attempts.len().saturating_sub(max));
        AttemptRows { inner, start }
    }

    /// The newest `max` attempts with key ≥ `since` (all if `None`), oldest first, as owned views.
    /// O(log n + max).
    pub fn attempts_tail(&self, since: Option<u64>, max: usize) -> Vec<AttemptView> {
        let rows = self.attempt_rows(since, max);
        let views = rows.iter().map(AttemptView::from_row).collect();
        views
    }
}
