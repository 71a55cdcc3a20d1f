//! Cheap reads for the brief (`facts::read`): the newest-N transitions at or after a cursor version
//! and the frames demoted since then, without snapshotting the ledger.
//!
//! Transitions are appended with a non-decreasing `cursor_version`, so a cursor is a binary search and
//! the tail is a slice: a turn costs the same at any history length. Closed frames are appended in
//! closing order, so the recent demotions are a walk back from the end. Added by the facts layer
//! beside the attempt index in `ledger::reads`; used only by `facts::read`.

use std::rc::Rc;

use crate::session::state::Rec;
use crate::session::*;

/// What kind of row a brief line describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransitionViewKind {
    /// A fire (inferred ones included).
    Fired,
    /// A position report that moved the cursor (`sync:<node>`).
    Moved,
    /// A coalesced wiring change (`stimulus:structure-swap`).
    StructureChanged,
    /// Any other report (a state delta nobody claimed).
    Report,
}

/// One transition as the brief needs it: shared strings, no payload, no produced data.
#[derive(Debug, Clone, PartialEq)]
pub struct TransitionView {
    pub kind: TransitionViewKind,
    pub principal: Principal,
    /// Fired rows: the affordance id as fired.
    pub affordance_id: Option<Rc<str>>,
    /// Fired rows: the `does` captured at fire time.
    pub does: Option<Rc<str>>,
    pub from_node: Rc<str>,
    pub to_node: Option<Rc<str>>,
    pub inferred: bool,
    pub materialized: bool,
    /// Claimed a navigation that no position report has confirmed.
    pub navigation_unconfirmed: bool,
    pub outcome: Outcome,
    pub effect_verified: Option<EffectVerified>,
    /// Fired rows: the retained settlement says the app's verify contract did not hold.
    pub verify_failed: bool,
    /// Report rows: the names of the keys the report changed (never values), in report order.
    pub changed_keys: Vec<Rc<str>>,
    /// Fired rows of a list: the row's label as the app reported it (docs/session.md §34).
    pub instance_label: Option<Rc<str>>,
}

fn transition_view(rec: &Rec, changed_keys: &[Rc<str>], on: Option<&Rc<str>>) -> TransitionView {
    let kind = if rec.is_fire() {
        TransitionViewKind::Fired
    } else if rec.stage.starts_with("sync:") {
        TransitionViewKind::Moved
    } else if &*rec.stage == "stimulus:structure-swap" {
        TransitionViewKind::StructureChanged
    } else {
        TransitionViewKind::Report
    };
    TransitionView {
        kind,
        principal: rec.principal,
        affordance_id: rec.is_fire().then(|| Rc::clone(&rec.stage)),
        does: rec.affordance.as_ref().map(|a| Rc::clone(&a.does)),
        from_node: Rc::clone(&rec.from_node),
        to_node: rec.to_node.clone(),
        inferred: rec.inferred || rec.certainty == Certainty::Inferred,
        materialized: rec.materialized,
        navigation_unconfirmed: rec.to_node_claimed && rec.arrival == Some(Arrival::Claimed),
        outcome: rec.outcome,
        effect_verified: rec.effect_verified,
        verify_failed: rec
            .settled
            .as_ref()
            .is_some_and(|st| st.verify_held == Some(VerifyHeld::Failed)),
        changed_keys: changed_keys.to_vec(),
        instance_label: on.cloned(),
    }
}

impl Session {
    /// How many transitions have `cursor_version ≥ since` (all of them for `None`). O(log n).
    pub fn transitions_since_count(&self, since: Option<u64>) -> usize {
        let inner = self.inner.borrow();
        let from = since.map_or(0, |s| {
            inner.transitions.partition_point(|r| r.cursor_version < s)
        });
        inner.transitions.len() - from
    }

    /// The newest `max` transitions with `cursor_version ≥ since`, oldest first. O(log n + max).
    pub fn transitions_tail(&self, since: Option<u64>, max: usize) -> Vec<TransitionView> {
        let inner = self.inner.borrow();
        let from = since.map_or(0, |s| {
            inner.transitions.partition_point(|r| r.cursor_version < s)
        });
        let start = from.max(inner.transitions.len().saturating_sub(max));
        let rows = inner
            .transitions
            .range(start.min(inner.transitions.len())..);
        let base = inner.keep.t_base;
        rows.zip(start..)
            .map(|(rec, i)| {
                let idx = base.wrapping_add(i as u32);
                let on = inner.lists.row(idx).map(|(_, label)| label);
                transition_view(rec, inner.changed_keys(idx), on)
            })
            .collect()
    }

    /// Journey ids of the newest `max` frames demoted at or after `since`, oldest first.
    pub fn demoted_since(&self, since: Option<u64>, max: usize) -> Vec<Rc<str>> {
        let inner = self.inner.borrow();
        let floor = since.unwrap_or(0);
        let mut ids: Vec<Rc<str>> = inner
            .closed_frames
            .iter()
            .rev()
            .take_while(|f| f.closed_at_version.unwrap_or(0) >= floor)
            .filter(|f| f.status == FrameStatus::Demoted)
            .take(max)
            .map(|f| Rc::from(f.journey_id.as_str()))
            .collect();
        ids.reverse();
        ids
    }
}
