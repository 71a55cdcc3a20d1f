//! Settlement: the commit step, verify (filter or predicate, asked once after the effect), the
//! failure spine (reject / roll back + walk back / commit stands), handler completion (sync and
//! deferred), and the retained first settlement. Used by `fire` and `report`.

use crate::codes::ErrorCode;
use crate::codes::Refusal;
use std::rc::Rc;

use serde_json::{Map, Value};

use super::state::{json_text, Arm, Failure, Inner, Outgoing, Settled};
use super::*;
use crate::graph::guards::quick_check;
use crate::graph::Verify;
use crate::host::{HandlerOutcome, PredicateAnswer};

/// The seed's explanation of a failed verify contract (decision 17: exact text).
pub(crate) const VERIFY_FAILED_EXPLANATION: &str = "This action declares a verify contract — a condition the app itself said must hold once the action had settled. It did not hold: the app was asked whether this happened, and answered no.";

/// What a verify step needs after the borrow is released.
pub(crate) enum VerdictPlan {
    /// Decided without calling out.
    Decided(
        Option<VerifyHeld>,
        Option<Vec<crate::graph::guards::ConditionEvidence>>,
    ),
    /// Ask this predicate about this state.
    Predicate(crate::host::CallbackId, Value, Rc<str>),
}

impl Inner {
    /// Merge a reported delta into the flat state (each key replaced wholesale).
    pub fn apply_delta(&mut self, delta: &Map<String, Value>) {
        for (k, v) in delta {
            // A reported key is usually already there (a store reports its whole projection): replace
            // the value in place instead of cloning a key the map would drop. Same order either way.
            match self.state.get_mut(k) {
                Some(slot) => *slot = v.clone(),
                None => {
                    self.state.insert(k.clone(), v.clone());
                }
            }
        }
        if !delta.is_empty() {
            self.state_version += 1;
        }
    }

    /// The commit step (docs/session.md §9.1) for fire `idx`: stamp the state axis, claim the navigation,
    /// outcome committed, version +1. `delta` is the settling report, if one exists.
    pub fn commit_fire(&mut self, idx: u32, delta: Option<&Map<String, Value>>) {
        let node = Rc::clone(&self.node);
        let Some(rec) = self.rec_mut(idx) else { return };
        let Some(aff) = rec.affordance.clone() else {
            return;
        };
        let action = &aff.action;
        rec.effect_verified = Some(match (action.declares_writes(), delta) {
            (true, Some(d)) => {
                // A report has a handful of keys: scanning them beats hashing each written key.
                let has = |k: &String| {
                    if d.len() <= 8 {
                        d.keys().any(|r| r == k)
                    } else {
                        d.contains_key(k)
                    }
                };
                EffectVerified::Observed(action.writes.iter().flatten().all(has))
            }
            _ => EffectVerified::Unobservable,
        });
        let mut moved_to = None;
        match &action.navigates_to {
            Some(target) => {
                let target: Rc<str> = Rc::from(target.as_str());
                rec.to_node_claimed = true;
                if rec.arrival != Some(Arrival::Observed) {
                    rec.arrival = Some(Arrival::Claimed);
                }
                if node == rec.from_node && target != rec.from_node {
                    moved_to = Some(Rc::clone(&target));
                }
                rec.to_node = Some(target);
            }
            None => rec.to_node = Some(Rc::clone(&rec.from_node)),
        }
        rec.outcome = Outcome::Committed;
        if moved_to.is_some() && rec.in_flight {
            // Decision 6: a page whose component mounts its actions synchronously on arrival must
            // not be called a dead end, so a claimed hop is checked when the handler returns.
            rec.dead_end_deferred = true;
        }
        let check_now = moved_to.is_some() && !rec.in_flight;
        if let Some(target) = moved_to {
            self.tree_on_move(&target);
            self.node = self.intern(&target);
            self.position_reported = false;
        }
        self.bump();
        if check_now {
            self.check_dead_end();
        }
        self.check_demotion();
    }

    /// Retain the first settlement of fire `idx` (later calls change nothing) and queue the notice.
    pub fn settle_rest(
        &mut self,
        idx: u32,
        status: EffectStatus,
        verify_held: Option<VerifyHeld>,
        error: Option<Failure>,
    ) {
        let Some(rec) = self.rec_mut(idx) else { return };
        if !rec.latch_open {
            return;
        }
        rec.latch_open = false;
        rec.settled = Some(Settled {
            effect_status: status,
            outcome: rec.outcome,
            writes_observed: rec.effect_verified,
            verify_held,
            error: error.map(Box::new),
        });
        let id = rec.id();
        let step = Rc::clone(&rec.stage);
        if matches!(status, EffectStatus::Performed | EffectStatus::Unobservable) {
            self.frame_step_fired(&step, false);
        }
        self.outbox.push(Outgoing::Settled(id));
        self.flight_settled(idx, status);
        self.touch();
    }

    /// The failure spine (docs/session.md §9.4) for fire `idx`.
    pub fn failure_spine(&mut self, idx: u32, error: Failure, verify_route: bool) {
        let now = self.last_now;
        if let Some(pos) = self.pending.iter().position(|&p| p == idx) {
            self.pending.remove(pos);
            if let Some(rec) = self.rec_mut(idx) {
                rec.outcome = Outcome::Rejected;
            }
            self.bump();
        } else {
            let mut walk_back = None;
            let node = Rc::clone(&self.node);
            if let Some(rec) = self.rec_mut(idx) {
                // Decision 21–22: a report credited by inference proves nothing about this handler,
                // so its failure re-grades the fire (the report itself stays applied).
                let inferred = !verify_route && rec.certainty == Certainty::Inferred;
                let claims_only = rec.effect_verified == Some(EffectVerified::Unobservable);
                if rec.outcome == Outcome::Committed && (inferred || claims_only) {
                    rec.outcome = if claims_only {
                        Outcome::RolledBack
                    } else {
                        Outcome::Rejected
                    };
                    if rec.to_node_claimed {
                        if let Some(to) = &rec.to_node {
                            if *to == node && *to != rec.from_node {
                                walk_back = Some(Rc::clone(&rec.from_node));
                            }
                        }
                    }
                    self.bump();
                }
            }
            if let Some(from) = walk_back {
                self.move_cursor(
                    from,
                    Rc::from("navigation"),
                    Principal::System,
                    AttributionBasis::DeclaredStimulus,
                    now,
                );
            }
        }
        let held = verify_route.then_some(VerifyHeld::Failed);
        // docs/session.md §29: the settlement agrees with the block. A commit an observed report
        // backs stands after a handler failure (the block says DID happen), so it settles performed,
        // the failure kept as its error.
        let stands = !verify_route
            && self
                .rec(idx)
                .is_some_and(|r| r.outcome == Outcome::Committed);
        let status = if stands {
            EffectStatus::Performed
        } else {
            EffectStatus::Refused
        };
        self.settle_rest(idx, status, held, Some(error));
    }

    /// How a handler-failure warning ends: what the facts block now says about fire `idx`, so the
    /// warning and the block never disagree (a commit backed by the fire's own report stands).
    fn failure_end(&self, idx: u32) -> &'static str {
        match self.rec(idx).map(|r| r.outcome) {
            Some(Outcome::Committed) => {
                " — the state report it made first stands: the facts block grades the fire by that report, not as failed. Report state only once the work succeeded."
            }
            _ => " — recorded as not performed.",
        }
    }

    /// Prepare the verify step of fire `idx`: a filter is decided here; a predicate is handed back
    /// (with a detached state copy) for the caller to ask once the borrow is released.
    pub fn plan_verdict(&mut self, idx: u32) -> VerdictPlan {
        let Some(rec) = self.rec(idx) else {
            return VerdictPlan::Decided(None, None);
        };
        let Some(aff) = rec.affordance.clone() else {
            return VerdictPlan::Decided(None, None);
        };
        match &aff.action.verify {
            None => VerdictPlan::Decided(None, None),
            Some(Verify::Filter(filter)) => match quick_check(filter, &self.state) {
                (false, _) => VerdictPlan::Decided(
                    Some(VerifyHeld::Failed),
                    Some(self.keep.redact.evaluate(filter, &self.state).failing()),
                ),
                (true, false) => VerdictPlan::Decided(Some(VerifyHeld::Unevaluable), None),
                (true, true) => VerdictPlan::Decided(Some(VerifyHeld::Held), None),
            },
            Some(Verify::Predicate(cb)) => {
                self.predicates.push(Rc::clone(&aff.id));
                VerdictPlan::Predicate(*cb, Value::Object(self.state.clone()), Rc::clone(&aff.id))
            }
        }
    }

    /// Apply a verify verdict to fire `idx`: held / unevaluable / none → performed; failed → spine.
    pub fn apply_verdict(
        &mut self,
        idx: u32,
        held: Option<VerifyHeld>,
        evidence: Option<Vec<crate::graph::guards::ConditionEvidence>>,
    ) {
        if held == Some(VerifyHeld::Failed) {
            let error = Failure {
                reason: Refusal::VerifyFailed,
                message: VERIFY_FAILED_EXPLANATION.into(),
                evidence: evidence.map(super::ledger::row::Evidence),
            };
            self.failure_spine(idx, error, true);
        } else {
            if held == Some(VerifyHeld::Held) {
                self.confirm_arrival_by_verify(idx);
            }
            self.settle_rest(idx, EffectStatus::Performed, held, None);
        }
    }

    /// Decision 20: a held verify makes fire `idx`'s claimed arrival observed, if the cursor is
    /// still where it claimed to go.
    fn confirm_arrival_by_verify(&mut self, idx: u32) {
        let node = Rc::clone(&self.node);
        let Some(rec) = self.rec_mut(idx) else { return };
        if rec.to_node_claimed && rec.to_node.as_ref() == Some(&node) {
            rec.arrival = Some(Arrival::Observed);
            self.position_reported = true;
        }
    }
}

impl Session {
    /// Ask the verify contract of fire `idx` and settle it (borrow released around a predicate).
    pub(crate) fn run_verdict(&self, idx: u32) {
        let plan = self.inner.borrow_mut().plan_verdict(idx);
        match plan {
            VerdictPlan::Decided(held, evidence) => {
                self.inner.borrow_mut().apply_verdict(idx, held, evidence)
            }
            VerdictPlan::Predicate(cb, state, action) => {
                let answer = {
                    let _open = depth::CallOut::open();
                    self.host.ask_predicate(self, cb, &state)
                };
                let mut inner = self.inner.borrow_mut();
                inner.predicates.pop();
                let held = match answer {
                    PredicateAnswer::Held => VerifyHeld::Held,
                    PredicateAnswer::Failed => VerifyHeld::Failed,
                    PredicateAnswer::Threw(message) => {
                        inner.warn(format!(
                            "the verify predicate of '{action}' threw ({message}); the fire is settled with verifyHeld 'unevaluable'. Make the predicate return true or false without throwing."
                        ));
                        VerifyHeld::Unevaluable
                    }
                    PredicateAnswer::NotBoolean(what) => {
                        inner.warn(format!(
                            "the verify predicate of '{action}' returned {what}, not a boolean; the fire is settled with verifyHeld 'unevaluable'. Predicates must answer synchronously with true or false."
                        ));
                        VerifyHeld::Unevaluable
                    }
                };
                inner.apply_verdict(idx, Some(held), None);
            }
        }
    }

    /// A fire's handler (or `navigate`) came back with `outcome`: completion or the failure spine.
    pub(crate) fn complete(&self, idx: u32, outcome: HandlerOutcome, via_navigate: bool) {
        let needs_verdict = {
            let mut inner = self.inner.borrow_mut();
            let Some(rec) = inner.rec_mut(idx) else {
                return;
            };
            // A claimed hop is checked when what executes it comes to rest (decision 6): a thenable's
            // page mounts later, so not on the thenable's return.
            let deferred_dead_end = !matches!(outcome, HandlerOutcome::Deferred(_))
                && std::mem::take(&mut rec.dead_end_deferred);
            let stage = Rc::clone(&rec.stage);
            let mut verdict_deferred = false;
            if !matches!(outcome, HandlerOutcome::Deferred(_)) {
                rec.in_flight = false;
                verdict_deferred = std::mem::take(&mut rec.verdict_deferred);
            }
            let (latch_open, arm) = (rec.latch_open, rec.arm);
            let needs = match outcome {
                HandlerOutcome::Deferred(token) => {
                    inner.deferred.insert(token, idx);
                    false
                }
                HandlerOutcome::Returned(value) => {
                    // Decision 25: produced data over the size limit is not kept (the fire stands).
                    let value = inner.keepable_produced(value, &stage);
                    // docs/session.md §28: kept as it may leave (`producedFor`, `did_it_work`).
                    let value = value.map(|v| inner.keep.redact.value_out(v));
                    if let (Some(v), Some(rec)) = (value, inner.rec_mut(idx)) {
                        rec.produced = Some(JsonText(json_text(&v)));
                        inner.touch();
                    }
                    if !latch_open {
                        false
                    } else if verdict_deferred {
                        true
                    } else {
                        match arm {
                            Arm::SettleOnCompletion => {
                                if let Some(pos) = inner.pending.iter().position(|&p| p == idx) {
                                    inner.pending.remove(pos);
                                    inner.commit_fire(idx, None);
                                }
                                true
                            }
                            Arm::NoWrites => true,
                            Arm::AwaitingState | Arm::BornAtRest | Arm::None => false,
                        }
                    }
                }
                HandlerOutcome::Threw(message) => {
                    let message =
                        super::limits::capped_text(&message, super::limits::FAILURE_MESSAGE_CAP);
                    let (reason, who) = if via_navigate {
                        (Refusal::NavigateThrew, "navigate for")
                    } else {
                        (Refusal::HandlerThrew, "handler for")
                    };
                    inner.failure_spine(
                        idx,
                        Failure {
                            reason,
                            message: message.clone().into(),
                            evidence: None,
                        },
                        false,
                    );
                    let end = inner.failure_end(idx);
                    inner.note(format!("{who} '{stage}' threw: {message}{end}"));
                    false
                }
                HandlerOutcome::ReturnedFailure(message) => {
                    let message =
                        super::limits::capped_text(&message, super::limits::FAILURE_MESSAGE_CAP);
                    inner.failure_spine(
                        idx,
                        Failure {
                            reason: Refusal::HandlerFailed,
                            message: message.clone().into(),
                            evidence: None,
                        },
                        false,
                    );
                    let end = inner.failure_end(idx);
                    inner.note(format!(
                        "handler for '{stage}' returned failure: {message}{end}"
                    ));
                    false
                }
            };
            if deferred_dead_end {
                inner.check_dead_end();
            }
            needs
        };
        if needs_verdict {
            self.run_verdict(idx);
        }
    }

    /// Finish a fire whose handler returned a thenable (`HandlerOutcome::Deferred(token)`).
    pub(super) fn complete_deferred_body(
        &self,
        token: u32,
        outcome: HandlerOutcome,
    ) -> Result<(), SessionError> {
        self.guard("completeDeferredHandler")?;
        let now = self.host.now_ms();
        let (idx, via_navigate) = {
            let mut inner = self.inner.borrow_mut();
            inner.last_now = now;
            (inner.deferred.remove(&token), inner.nav.take_open(token))
        };
        let Some(idx) = idx else {
            if self.late_navigate_end(token, &outcome) {
                self.flush();
                return Ok(());
            }
            return Err(SessionError::usage(
                ErrorCode::UnknownDeferred,
                format!("completeDeferredHandler: no fire is waiting on deferred handler token {token}. Each token completes once."),
            ));
        };
        let outcome = match outcome {
            // A thenable resolving to another thenable is not a completion the core can wait on twice.
            HandlerOutcome::Deferred(_) => HandlerOutcome::Returned(None),
            other => other,
        };
        self.complete(idx, outcome, via_navigate);
        self.flush();
        Ok(())
    }
}
