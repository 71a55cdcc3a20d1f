//! The two taps: `updateState(delta)` (the store; the attribution ladder of docs/session.md §5, with the
//! handler-window stack of decision 2) and `sync(pageOrPath)` (the router; claims, arrival, walk
//! position). Used by the JS layer and, through re-entry, by handlers.

use crate::codes::ErrorCode;
use crate::codes::Refusal;
use std::rc::Rc;

use serde_json::{Map, Value};

use super::state::{Affordance, Arm, Inner, Rec, RowRef, Settled};
use super::*;
use crate::graph::guards::json_type_phrase;
use crate::graph::match_route;

/// Which ladder rung took a report.
enum Rung {
    /// Settle this pending fire (`in_window`: its handler is running, so verify waits for its return).
    Settle {
        idx: u32,
        basis: AttributionBasis,
        certainty: Certainty,
        in_window: bool,
    },
    /// Mint an inferred fired row for this action.
    Infer(Rc<Affordance>),
    /// Mint a stimulus row.
    Floor { basis: AttributionBasis },
}

impl Inner {
    /// A bare non-fire row (stimulus, sync, structure-swap), committed and unobservable.
    pub fn stimulus_row(
        &self,
        stage: Rc<str>,
        stimulus: Rc<str>,
        principal: Principal,
        basis: AttributionBasis,
    ) -> Rec {
        Rec {
            row: TransitionRow {
                stage,
                n: self.next_n(),
                kind: CauseKind::Stimulus,
                principal,
                basis,
                certainty: Certainty::Observed,
                stimulus: Some(stimulus),
                inferred: false,
                timestamp: self.last_now,
                payload: None,
                outcome: Outcome::Committed,
                effect_verified: Some(EffectVerified::Unobservable),
                from_node: Rc::clone(&self.node),
                to_node: Some(Rc::clone(&self.node)),
                to_node_claimed: false,
                arrival: None,
                unverified_edge: false,
                guard_unevaluated: None,
                produced: None,
                cursor_version: self.version,
                ask_n: None,
                materialized: true,
            },
            affordance: None,
            arm: Arm::None,
            latch_open: false,
            in_flight: false,
            verdict_deferred: false,
            dead_end_deferred: false,
            already_true: false,
            settled: None,
        }
    }

    /// Move the cursor to `target` by a report (a `sync:<node>` row, version +1), then the checks a
    /// resting cursor runs. Returns the row's index.
    pub fn move_cursor(
        &mut self,
        target: Rc<str>,
        stimulus: Rc<str>,
        principal: Principal,
        basis: AttributionBasis,
        _now: f64,
    ) -> u32 {
        let stage: Rc<str> = Rc::from(format!("sync:{target}").as_str());
        let mut row = self.stimulus_row(stage, stimulus, principal, basis);
        row.to_node = Some(Rc::clone(&target));
        row.unverified_edge = true;
        let idx = self.push_transition(row);
        self.tree_on_move(&target);
        self.node = target;
        self.position_reported = true;
        self.bump();
        self.check_demotion();
        self.check_dead_end();
        idx
    }

    /// Fold a settling rung into a fire's attribution: weaker certainty replaces, stronger never does,
    /// equal takes the settling rung's basis.
    fn fold_attribution(rec: &mut Rec, basis: AttributionBasis, certainty: Certainty) {
        let weaker = certainty == Certainty::Inferred && rec.certainty == Certainty::Observed;
        if weaker || certainty == rec.certainty {
            rec.basis = basis;
            rec.certainty = certainty;
        }
    }

    /// Pick the rung for a report (docs/session.md §5; decision 2 for reports inside a handler window).
    fn choose_rung(&self, delta: &Map<String, Value>, explicit: bool) -> Rung {
        if explicit {
            return Rung::Floor {
                basis: AttributionBasis::DeclaredStimulus,
            };
        }
        if !self.windows.is_empty() {
            // Inside a handler: only the innermost pending fire of the window stack may take it.
            for &w in self.windows.iter().rev() {
                if self.pending.contains(&w) {
                    return Rung::Settle {
                        idx: w,
                        basis: AttributionBasis::HandlerWindow,
                        certainty: Certainty::Observed,
                        in_window: true,
                    };
                }
            }
            return Rung::Floor {
                basis: AttributionBasis::Unknown,
            };
        }
        if let Some(&idx) = self
            .pending
            .iter()
            .find(|&&p| self.rec(p).is_some_and(|r| !r.in_flight))
        {
            return Rung::Settle {
                idx,
                basis: AttributionBasis::QueueOrder,
                certainty: Certainty::Inferred,
                in_window: false,
            };
        }
        let covered = |aff: &Affordance| {
            aff.action.declares_writes()
                && aff
                    .action
                    .writes
                    .iter()
                    .flatten()
                    .all(|k| delta.contains_key(k))
        };
        let matches: Vec<u32> = self
            .pending
            .iter()
            .copied()
            .filter(|&p| {
                self.rec(p)
                    .and_then(|r| r.affordance.as_deref())
                    .is_some_and(covered)
            })
            .collect();
        if let [only] = matches.as_slice() {
            return Rung::Settle {
                idx: *only,
                basis: AttributionBasis::SignatureMatch,
                certainty: Certainty::Inferred,
                in_window: false,
            };
        }
        if self.pending.is_empty() && !delta.is_empty() {
            let candidates: Vec<&Rc<Affordance>> = self
                .served_all()
                .filter(|a| self.registry.contains_key(&a.id) && covered(a) && self.offered_now(a))
                .collect();
            if let [only] = candidates.as_slice() {
                return Rung::Infer(Rc::clone(only));
            }
        }
        Rung::Floor {
            basis: AttributionBasis::Unknown,
        }
    }

    /// Settle pending fire `idx` with a report: out of the queue first, commit, stamp, version +1.
    fn settle_by_report(
        &mut self,
        idx: u32,
        delta: &Map<String, Value>,
        basis: AttributionBasis,
        certainty: Certainty,
    ) {
        if let Some(pos) = self.pending.iter().position(|&p| p == idx) {
            self.pending.remove(pos);
        }
        if let Some(rec) = self.rec_mut(idx) {
            Inner::fold_attribution(rec, basis, certainty);
        }
        // docs/session.md §23: a settling report that changes a written key's value shows the fire
        // changed the state after all; it is graded like any other fire.
        let changed_a_write = self.rec(idx).is_some_and(|rec| {
            rec.already_true
                && rec.affordance.as_ref().is_some_and(|a| {
                    a.action
                        .writes
                        .iter()
                        .flatten()
                        .any(|k| delta.get(k).is_some_and(|v| self.state.get(k) != Some(v)))
                })
        });
        if changed_a_write {
            if let Some(rec) = self.rec_mut(idx) {
                rec.already_true = false;
            }
        }
        self.apply_delta(delta);
        self.commit_fire(idx, Some(delta));
    }

    /// Rung 6: a fired row nobody announced, credited by effect signature.
    fn infer_fire(&mut self, aff: Rc<Affordance>, delta: &Map<String, Value>) -> u32 {
        self.apply_delta(delta);
        let mut row = self.stimulus_row(
            Rc::clone(&aff.id),
            Rc::from("unknown"),
            Principal::Unknown,
            AttributionBasis::SignatureMatch,
        );
        row.kind = CauseKind::Fired;
        row.stimulus = None;
        row.inferred = true;
        row.certainty = Certainty::Inferred;
        row.effect_verified = Some(EffectVerified::Observed(true));
        row.settled = Some(Settled {
            effect_status: EffectStatus::Unobservable,
            outcome: Outcome::Committed,
            writes_observed: Some(EffectVerified::Observed(true)),
            verify_held: None,
            error: None,
        });
        row.affordance = Some(Rc::clone(&aff));
        let key = self.version;
        let idx = self.push_transition(row);
        self.index_attempt(key, RowRef::Transition(idx));
        self.bump();
        self.frame_step_fired(&aff.id, true);
        self.check_demotion();
        idx
    }

    /// Rung 7: no state change goes unrecorded.
    fn floor_row(
        &mut self,
        delta: &Map<String, Value>,
        stimulus: Option<&str>,
        principal: Option<Principal>,
        basis: AttributionBasis,
    ) -> u32 {
        let changed = self.changed_key_names(delta);
        self.apply_delta(delta);
        let label = stimulus.unwrap_or("unknown");
        let stage: Rc<str> = Rc::from(format!("stimulus:{label}").as_str());
        let row = self.stimulus_row(
            stage,
            Rc::from(label),
            principal.unwrap_or(Principal::System),
            basis,
        );
        let idx = self.next_n();
        if !changed.is_empty() {
            self.report_keys.insert(idx, changed);
        }
        self.push_transition(row);
        self.bump();
        self.check_demotion();
        idx
    }

    /// Resolve what the router reported: a page id, else a path through `matchRoute`, else the raw
    /// string (off-graph, followed, never refused).
    fn resolve_position(&self, reported: &str) -> Rc<str> {
        if self.graph.page(reported).is_some() {
            return self.intern(reported);
        }
        // A container path (the tree API) is a place inside its page: the cursor moves to the page.
        if let Some(container) = self.graph.container(reported) {
            return self.intern(&container.page);
        }
        if reported.starts_with('/') {
            if let Some(page) = match_route(&self.graph, reported) {
                return self.intern(&page);
            }
        }
        Rc::from(reported)
    }
}

impl Session {
    /// Whether the cursor stands where only a fire's claim put it (`docs/decisions.md` decision 20):
    /// no `sync` to that page and no held verify has confirmed it since.
    pub fn position_claimed(&self) -> bool {
        !self.inner.borrow().position_reported
    }

    /// Report a (partial, flat) state delta. A non-object delta → `BAD_DELTA`. With `shared`, the
    /// reported row comes back as a [`SharedRow`] instead of the result's `transition` where it can
    /// (taken at the same moment).
    pub(super) fn update_state_body(
        &self,
        delta: &Value,
        options: UpdateOptions,
        shared: bool,
    ) -> Result<(UpdateResult, Option<SharedRow>), SessionError> {
        self.guard("updateState")?;
        let Value::Object(delta) = delta else {
            return Err(SessionError::usage(
                ErrorCode::BadDelta,
                format!("updateState: the delta must be a plain object of flat state keys, got {}. Report e.g. {{ 'project.name': 'x' }}.", json_type_phrase(delta)),
            ));
        };
        if let Some(refused) = self.inner.borrow().oversized_update(delta, &options) {
            return Ok((refused, None));
        }
        let now = self.host.now_ms();
        let (idx, attributed, verdict) = {
            let mut inner = self.inner.borrow_mut();
            inner.last_now = now;
            if depth::at_limit() {
                // Decision 24: a report this deep is refused as data (it could run predicates and `onWarn`).
                inner.refuse_too_deep(
                    "updateState",
                    options.principal.unwrap_or(Principal::System),
                );
                let version = inner.version;
                return Ok((
                    UpdateResult {
                        ok: false,
                        attributed: None,
                        transition: None,
                        version,
                        reason: Some(depth::REASON),
                        pending: None,
                        issues: None,
                    },
                    None,
                ));
            }
            let rung = if let Some(named) = &options.transition_id {
                match inner
                    .find_transition(named)
                    .filter(|i| inner.pending.contains(i))
                {
                    Some(idx) => {
                        let in_window = inner.windows.contains(&idx);
                        Rung::Settle {
                            idx,
                            basis: AttributionBasis::NamedByReport,
                            certainty: Certainty::Observed,
                            in_window,
                        }
                    }
                    None => {
                        let pending = inner
                            .pending
                            .iter()
                            .filter_map(|&p| inner.rec(p).map(Rec::id))
                            .collect();
                        return Ok((
                            UpdateResult {
                                ok: false,
                                attributed: None,
                                transition: None,
                                version: inner.version,
                                reason: Some(Refusal::UnknownTransition),
                                pending: Some(pending),
                                issues: None,
                            },
                            None,
                        ));
                    }
                }
            } else {
                inner.choose_rung(
                    delta,
                    options.stimulus.is_some() || options.principal.is_some(),
                )
            };
            match rung {
                Rung::Settle {
                    idx,
                    basis,
                    certainty,
                    in_window,
                } => {
                    // docs/session.md §29 (decision 41): an inferred credit never settles a fire whose
                    // own handler is still running; like a report inside the handler window, the
                    // verdict (and so the settlement) waits for the handler to come to rest.
                    let held = in_window
                        || (certainty == Certainty::Inferred
                            && inner.rec(idx).is_some_and(|r| r.in_flight));
                    inner.settle_by_report(idx, delta, basis, certainty);
                    if held {
                        if let Some(rec) = inner.rec_mut(idx) {
                            rec.verdict_deferred = true;
                        }
                    }
                    (idx, true, !held)
                }
                Rung::Infer(aff) => (inner.infer_fire(aff, delta), false, false),
                Rung::Floor { basis } => (
                    inner.floor_row(delta, options.stimulus.as_deref(), options.principal, basis),
                    false,
                    false,
                ),
            }
        };
        if verdict {
            self.run_verdict(idx);
        }
        self.flush();
        let inner = self.inner.borrow();
        let row = inner.rec(idx);
        let shared_row = row.filter(|_| shared).and_then(SharedRow::of);
        let transition = match shared_row {
            Some(_) => None,
            None => row.map(|r| inner.snapshot(r)),
        };
        Ok((
            UpdateResult {
                ok: true,
                attributed: Some(attributed),
                transition,
                version: inner.version,
                reason: None,
                pending: None,
                issues: None,
            },
            shared_row,
        ))
    }

    /// Report the router's position: a page id, or a path resolved with `matchRoute`.
    pub(super) fn sync_body(
        &self,
        node_or_path: &str,
        options: SyncOptions,
    ) -> Result<SyncResult, SessionError> {
        self.guard("sync")?;
        self.inner.borrow().oversized_sync(node_or_path, &options)?;
        let now = self.host.now_ms();
        let mut arrived = None;
        let mut result = {
            let mut inner = self.inner.borrow_mut();
            inner.last_now = now;
            let target = inner.resolve_position(node_or_path);
            if inner.graph.container(node_or_path).is_some() {
                inner.warn_once(
                    "sync-container".to_string(),
                    format!("sync('{node_or_path}') names a container, not a page: the session moved to its page '{target}'. Report where inside the page the reader is with observeFocus('{node_or_path}') (docs/session.md §4.1)."),
                );
            }
            if depth::at_limit() {
                // Decision 24: refused as data; the cursor stays where it was.
                inner.refuse_too_deep(
                    &format!("sync:{target}"),
                    options.principal.unwrap_or(Principal::System),
                );
                let off_graph = inner.graph.page(&inner.node).is_none();
                return Ok(SyncResult {
                    changed: false,
                    transition: None,
                    node: inner.node.to_string(),
                    version: inner.version,
                    off_graph,
                    reason: Some(depth::REASON),
                });
            }
            if let Some((claim_idx, claimed)) = inner.claim.take() {
                if claimed == target {
                    if let Some(rec) = inner
                        .rec_mut(claim_idx)
                        .filter(|r| r.arrival != Some(Arrival::Observed))
                    {
                        rec.arrival = Some(Arrival::Observed);
                        inner.touch();
                    }
                    arrived = inner.arrival_ends_wait(claim_idx);
                }
            }
            let off_graph = inner.graph.page(&target).is_none();
            if target == inner.node {
                if !inner.position_reported {
                    inner.position_reported = true;
                    inner.touch();
                    inner.check_dead_end();
                }
                SyncResult {
                    changed: false,
                    transition: None,
                    node: target.to_string(),
                    version: inner.version,
                    off_graph,
                    reason: None,
                }
            } else {
                let stimulus: Rc<str> =
                    Rc::from(options.stimulus.as_deref().unwrap_or("navigation"));
                let principal = options.principal.unwrap_or(Principal::System);
                let basis = if options.stimulus.is_some() || options.principal.is_some() {
                    AttributionBasis::DeclaredStimulus
                } else {
                    AttributionBasis::Unknown
                };
                let idx = inner.move_cursor(Rc::clone(&target), stimulus, principal, basis, now);
                SyncResult {
                    changed: true,
                    transition: inner.rec(idx).map(|r| inner.snapshot(r)),
                    node: target.to_string(),
                    version: inner.version,
                    off_graph,
                    reason: None,
                }
            }
        };
        // Decision 27: arrival ends the wait on a `navigate` thenable; the fire completes now.
        if let Some(idx) = arrived {
            self.complete_on_arrival(idx);
            result.version = self.version();
        }
        self.flush();
        Ok(result)
    }
}
