//! Reading the ledgers: `transitions()`, `gaps()`, `pending()`, `settlementIfKnown()`, and the
//! attempt index's counts (all, since a cursor), whose cost does not grow with history (the newest-N
//! rows themselves are read by `attempt_rows`). Used by the JS layer, `facts`, `serve`.

use std::rc::Rc;

use crate::codes::ErrorCode;
use crate::session::state::{json_value, Gap, Inner, Rec, RowRef};
use crate::session::*;

/// A transition row's members as a record shows them, shared with the row instead of copied (names
/// are the row's `Rc<str>`s; `payload` and `produced` its kept JSON texts, unparsed): what the JS layer
/// builds an `UpdateResult`'s record from (`js::fast`), at the moment `snapshot` would be taken.
/// Made only for rows whose record has no `alreadyTrue` and whose numbers are exact as doubles
/// (≤ 2^53); any other row is snapshotted.
#[derive(Debug, Clone)]
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) struct SharedRow {
    /// The row's kept fields (the record's `materialized` shows only `false`).
    pub row: TransitionRow,
    /// The affordance's id and `does` (fired rows).
    pub affordance: Option<(Rc<str>, Rc<str>)>,
}

impl std::ops::Deref for SharedRow {
    type Target = TransitionRow;
    fn deref(&self) -> &TransitionRow {
        &self.row
    }
}

impl SharedRow {
    /// The row shared, or `None` where it must be snapshotted (see the type).
    pub(crate) fn of(rec: &Rec) -> Option<SharedRow> {
        if rec.already_true || rec.cursor_version > 1 << 53 {
            return None;
        }
        Some(SharedRow {
            row: rec.row.clone(),
            affordance: rec
                .affordance
                .as_ref()
                .map(|a| (Rc::clone(&a.id), Rc::clone(&a.does))),
        })
    }
}

impl Inner {
    /// A detached public snapshot of a transition row.
    pub fn snapshot(&self, rec: &Rec) -> TransitionRecord {
        TransitionRecord {
            id: rec.id(),
            cause: Cause {
                kind: rec.kind,
                principal: rec.principal,
                affordance_id: rec.affordance.as_ref().map(|a| str::to_owned(&a.id)),
                does: rec.affordance.as_ref().map(|a| str::to_owned(&a.does)),
                stimulus: rec.stimulus.as_ref().map(|s| str::to_owned(s)),
                inferred: rec.inferred,
            },
            attribution: Attribution {
                principal: rec.principal,
                basis: rec.basis,
                certainty: rec.certainty,
            },
            timestamp: rec.timestamp,
            payload: rec.payload.as_deref().map(json_value),
            outcome: rec.outcome,
            effect_verified: rec.effect_verified,
            from_node: str::to_owned(&rec.from_node),
            to_node: rec.to_node.as_ref().map(|n| str::to_owned(n)),
            to_node_claimed: rec.to_node_claimed,
            arrival: rec.arrival,
            unverified_edge: rec.unverified_edge,
            guard_unevaluated: rec.guard_unevaluated.as_deref().cloned(),
            produced: rec.produced.as_deref().map(json_value),
            cursor_version: rec.cursor_version,
            ask_id: rec.ask_n.map(|n| format!("ask#{n}")),
            materialized: (!rec.materialized).then_some(false),
            already_true: crate::session::unblock::already_true_of(rec),
            instance: self
                .lists
                .row(rec.n)
                .map(|(id, label)| crate::session::InstanceRef {
                    id: id.to_string(),
                    label: label.to_string(),
                }),
        }
    }

    fn gap_snapshot(&self, gap: &Gap) -> GapRecord {
        let detail = gap.detail.as_deref();
        GapRecord {
            kind: gap.kind,
            timestamp: gap.timestamp,
            node: str::to_owned(&gap.node),
            version: gap.version,
            available_actions: gap
                .available_actions
                .iter()
                .map(|a| str::to_owned(a))
                .collect(),
            available_journeys: self.journey_ids.clone(),
            affordance_id: gap.affordance_id.as_ref().map(|a| str::to_owned(a)),
            does: gap.does.as_ref().map(|d| str::to_owned(d)),
            rejection_reason: gap.rejection_reason,
            principal: gap.principal,
            evidence: detail
                .and_then(|d| d.evidence.as_ref())
                .map(|e| e.0.clone()),
            journey_id: detail
                .and_then(|d| d.journey_id.as_ref())
                .map(|j| str::to_owned(j)),
            off_graph: gap.off_graph,
            request: detail
                .and_then(|d| d.request.as_ref())
                .map(|r| str::to_owned(r)),
            reason: detail
                .and_then(|d| d.reason.as_ref())
                .map(|r| str::to_owned(r)),
            actions_may_be_stale: gap.actions_may_be_stale,
        }
    }

    /// Push a gap row; an attempt (`fire-rejected`, or a stale-actions report) also joins the index.
    pub fn push_gap(&mut self, gap: Gap) {
        let idx = self.keep.g_base.wrapping_add(self.gaps.len() as u32);
        let attempt = gap.kind == GapKind::FireRejected
            || (gap.kind == GapKind::Reported && gap.actions_may_be_stale);
        let key = gap.version;
        crate::session::ledger::retention::reserve_within(&mut self.gaps, self.keep.retain);
        self.gaps.push_back(gap);
        self.touch();
        if attempt {
            self.index_attempt(key, RowRef::Gap(idx));
        }
        self.enforce_retention();
    }

    fn settlement(&self, idx: u32) -> Option<FireSettlement> {
        let rec = self.rec(idx)?;
        let settled = rec.settled.as_ref()?;
        Some(FireSettlement {
            transition_id: rec.id(),
            did: str::to_owned(&rec.stage),
            effect_status: settled.effect_status,
            outcome: settled.outcome,
            writes_observed: settled.writes_observed,
            verify_held: settled.verify_held,
            error: settled.error.as_ref().map(|f| f.public()),
            data: if settled.effect_status == EffectStatus::Refused {
                None
            } else {
                rec.produced.as_deref().map(json_value)
            },
            transition: self.snapshot(rec),
        })
    }

    /// Resolve `id` to a fire's record index, or the error `settlementOf` throws.
    fn fire_index(&self, id: &str) -> Result<u32, SessionError> {
        let awaiting = || {
            let ids: Vec<String> = self
                .transitions
                .iter()
                .filter(|r| r.is_fire() && r.latch_open)
                .map(Rec::id)
                .collect();
            if ids.is_empty() {
                "none".to_string()
            } else {
                ids.join(", ")
            }
        };
        match self.find_transition(id) {
            None if self.was_folded(id) => Err(SessionError::usage(
                ErrorCode::UnknownTransition,
                format!(
                    "transition '{id}' is older than the rows this session keeps (its newest {} per ledger; docs/decisions.md decision 25), so it was folded into the facts block's counts and its settlement is no longer held. Fires still awaiting settlement: {}.",
                    self.keep.retain,
                    awaiting()
                ),
            )),
            None => Err(SessionError::usage(
                ErrorCode::UnknownTransition,
                format!("no transition '{id}' exists in this session. Fires still awaiting settlement: {}.", awaiting()),
            )),
            Some(idx) if !self.rec(idx).is_some_and(Rec::is_fire) => Err(SessionError::usage(
                ErrorCode::NotAFire,
                format!("'{id}' is a report row (stimulus, sync or structure-swap), not a fire, so it has no settlement. Fires still awaiting settlement: {}.", awaiting()),
            )),
            Some(idx) => Ok(idx),
        }
    }
}

impl Session {
    /// Every kept transition row, oldest first (detached snapshots): at most `retain` rows, the
    /// older ones folded (`folded_attempts`, `docs/decisions.md` decision 25).
    pub fn transitions(&self) -> Vec<TransitionRecord> {
        let inner = self.inner.borrow();
        inner
            .transitions
            .iter()
            .map(|r| inner.snapshot(r))
            .collect()
    }

    /// The newest transition row, shared (`None` where it would be snapshotted): what the JS
    /// layer's bench times building an `UpdateResult`'s record from.
    #[cfg(feature = "bench-paths")]
    pub(crate) fn newest_shared_row(&self) -> Option<SharedRow> {
        self.inner
            .borrow()
            .transitions
            .back()
            .and_then(SharedRow::of)
    }

    /// One transition by id, if it exists.
    pub fn transition(&self, id: &str) -> Option<TransitionRecord> {
        let inner = self.inner.borrow();
        inner
            .find_transition(id)
            .and_then(|i| inner.rec(i))
            .map(|r| inner.snapshot(r))
    }

    /// The rows that changed state key `key`, oldest first: committed fires whose action (as captured
    /// at fire time) declares `key` in `writes`, and report rows whose delta changed its value.
    pub fn transitions_touching(&self, key: &str) -> Vec<TransitionRecord> {
        let inner = self.inner.borrow();
        inner
            .transitions
            .iter()
            .zip((0u32..).map(|i| inner.keep.t_base.wrapping_add(i)))
            .filter(|(r, idx)| {
                if r.is_fire() {
                    r.outcome == Outcome::Committed
                        && r.affordance
                            .as_ref()
                            .is_some_and(|a| a.action.writes.iter().flatten().any(|w| w == key))
                } else {
                    inner.changed_keys(*idx).iter().any(|k| &**k == key)
                }
            })
            .map(|(r, _)| inner.snapshot(r))
            .collect()
    }

    /// Every kept gap row, oldest first (at most `retain`; older ones folded like transitions).
    pub fn gaps(&self) -> Vec<GapRecord> {
        let inner = self.inner.borrow();
        inner.gaps.iter().map(|g| inner.gap_snapshot(g)).collect()
    }

    /// Fires still awaiting a state report, oldest first.
    pub fn pending(&self) -> Vec<PendingInfo> {
        let inner = self.inner.borrow();
        inner
            .pending
            .iter()
            .filter_map(|&p| inner.rec(p))
            .map(|r| PendingInfo {
                id: r.id(),
                affordance_id: str::to_owned(&r.stage),
                does: r.affordance.as_ref().map(|a| str::to_owned(&a.does)),
                fired_at: r.timestamp,
            })
            .collect()
    }

    /// Fires whose settlement latch is still open (a superset of `pending()`), fire order.
    pub fn awaiting_settlement(&self) -> Vec<String> {
        let inner = self.inner.borrow();
        inner
            .transitions
            .iter()
            .filter(|r| r.is_fire() && r.latch_open)
            .map(Rec::id)
            .collect()
    }

    /// The retained settlement of a fire, or `None` while it is open. Unknown id or a non-fire row
    /// (stimulus, sync, structure-swap) → `UNKNOWN_TRANSITION` / `NOT_A_FIRE`.
    pub fn settlement_if_known(&self, id: &str) -> Result<Option<FireSettlement>, SessionError> {
        let inner = self.inner.borrow();
        let idx = inner.fire_index(id)?;
        Ok(inner.settlement(idx))
    }

    /// Whether a fire is at rest (its settlement is retained).
    pub fn is_at_rest(&self, id: &str) -> Result<bool, SessionError> {
        let inner = self.inner.borrow();
        let idx = inner.fire_index(id)?;
        Ok(inner.rec(idx).is_some_and(|r| !r.latch_open))
    }

    /// How many attempts (refusals, stale-actions reports, fires) the session keeps as rows (see
    /// `folded_attempts` for the ones folded into counts).
    pub fn attempt_count(&self) -> usize {
        self.inner.borrow().attempts.len()
    }

    /// How many attempts have key ≥ `since` (O(log n)).
    pub fn attempts_since_count(&self, since: u64) -> usize {
        let inner = self.inner.borrow();
        inner.attempts.len() - inner.attempts.partition_point(|a| a.key < since)
    }
}
