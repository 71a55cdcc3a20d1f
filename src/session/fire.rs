//! Acting: `fire(id, {source, payload})` — the ordered checks of docs/session.md §8.1 (each refusal one
//! `fire-rejected` gap row, never a bump), the record (captured affordance, version bump), the claim
//! window, ask spending, the settlement arm, and the synchronous handler / `navigate` call inside a
//! handler window. Uses `graph::{guards, input}`, `settle`, `asks`. Used by the JS layer and `serve`.

use crate::codes::Refusal;
use std::rc::Rc;

use serde_json::Value;

use super::payload_text::FirePayloadText;
use super::state::{json_text, Affordance, Arm, Gap, GapDetail, Inner, Rec, RowRef};
use super::*;
use crate::graph::guards::ConditionEvidence;
use crate::graph::input::checked_payload;
use crate::host::CallbackId;

/// What executes a fire (docs/session.md §10).
enum Runner {
    Handler(CallbackId),
    Navigate(String),
}

/// The outcome of the checks and the record, decided under one borrow.
enum Prepared {
    Refused(Box<FireResult>),
    Accepted {
        idx: u32,
        runner: Option<Runner>,
        /// Whether the handler gets the fire's payload (a blank one of an `input: 'none'` action is
        /// erased); the caller owns it, so it is not copied.
        keeps_payload: bool,
    },
}

/// The extras a refusal carries into its gap row and result.
#[derive(Default)]
struct RefusalDetail {
    evidence: Option<Vec<ConditionEvidence>>,
    issues: Option<Vec<String>>,
    ask_n: Option<u32>,
    /// The open or performed fire a concurrency refusal names.
    prior: Option<String>,
    available: bool,
    node: bool,
}

impl Inner {
    /// Write the `fire-rejected` gap row and build the refusal result. Never bumps the version.
    fn refuse(
        &mut self,
        id: &str,
        served: Option<&Rc<Affordance>>,
        principal: Principal,
        reason: Refusal,
        detail: RefusalDetail,
    ) -> FireResult {
        let offered = self.offered_ids();
        let affordance_id: Rc<str> = match served {
            Some(a) => Rc::clone(&a.id),
            // An id nobody serves, retried, shares the last refusal's copy (decision 25's budget).
            None => match self
                .gaps
                .back()
                .and_then(|g| g.affordance_id.as_ref())
                .filter(|last| &***last == id)
            {
                Some(last) => Rc::clone(last),
                None => Rc::from(id),
            },
        };
        self.push_gap(Gap {
            kind: GapKind::FireRejected,
            timestamp: self.last_now,
            node: Rc::clone(&self.node),
            version: self.version,
            available_actions: Rc::clone(&offered),
            affordance_id: Some(affordance_id),
            does: served.map(|a| Rc::clone(&a.does)),
            rejection_reason: Some(reason),
            principal: Some(principal),
            off_graph: false,
            actions_may_be_stale: false,
            detail: GapDetail::boxed(detail.evidence.clone(), None, None, None),
        });
        let mut result = FireResult::refused(reason);
        result.affordance_id = Some(id.to_string());
        result.evidence = detail.evidence;
        result.issues = detail.issues;
        result.ask_id = detail.ask_n.map(|n| format!("ask#{n}"));
        result.prior_transition_id = detail.prior;
        if detail.available {
            result.available = Some(offered.iter().map(|a| a.to_string()).collect());
        }
        if detail.node {
            result.node = Some(self.node.to_string());
        }
        result
    }

    /// The checks of docs/session.md §8.1, then the record and its arm.
    fn prepare_fire(
        &mut self,
        id: &str,
        principal: Principal,
        payload: Option<&Value>,
        payload_text: Option<FirePayloadText>,
        invoke: bool,
        instance: Option<&str>,
    ) -> Prepared {
        // Decision 25: nothing over the size limit is looked at further or kept.
        if let Some((issue, served)) = self.oversized_fire(id, payload) {
            let detail = RefusalDetail {
                issues: Some(vec![issue]),
                ..Default::default()
            };
            let kept_id = if served.is_some() { id } else { "" };
            let mut result = self.refuse(
                kept_id,
                served.as_ref(),
                principal,
                Refusal::PayloadTooLarge,
                detail,
            );
            result.affordance_id = (!self.text_too_large(id)).then(|| id.to_string());
            return Prepared::Refused(Box::new(result));
        }
        let Some(aff) = self.served(id).cloned() else {
            let detail = RefusalDetail {
                available: true,
                ..Default::default()
            };
            return Prepared::Refused(Box::new(self.refuse(
                id,
                None,
                principal,
                Refusal::UnknownAffordance,
                detail,
            )));
        };
        if !self.on_current_page(&aff) {
            let detail = RefusalDetail {
                node: true,
                ..Default::default()
            };
            return Prepared::Refused(Box::new(self.refuse(
                id,
                Some(&aff),
                principal,
                Refusal::NotOnNode,
                detail,
            )));
        }
        // docs/session.md §34: a repeated action is fired for one live row, and only it takes one.
        let on = match self.fire_instance(&aff, instance) {
            Ok(on) => on,
            Err(reason) => {
                let message = self.instance_message(&aff, reason, instance);
                let live = self.instance_refs(&aff);
                let mut result =
                    self.refuse(id, Some(&aff), principal, reason, RefusalDetail::default());
                result.message = Some(message);
                result.instances = live;
                return Prepared::Refused(Box::new(result));
            }
        };
        let verdict = self.guard_verdict_lean(&aff);
        if let Some(v) = &verdict {
            if !v.passed {
                let detail = RefusalDetail {
                    evidence: Some(v.evidence.clone()),
                    ..Default::default()
                };
                return Prepared::Refused(Box::new(self.refuse(
                    id,
                    Some(&aff),
                    principal,
                    Refusal::GuardFailed,
                    detail,
                )));
            }
        }
        let payload = match checked_payload(&aff.action.input, payload) {
            Ok(p) => p,
            Err(issues) => {
                let detail = RefusalDetail {
                    issues: Some(issues),
                    ..Default::default()
                };
                return Prepared::Refused(Box::new(self.refuse(
                    id,
                    Some(&aff),
                    principal,
                    Refusal::PayloadInvalid,
                    detail,
                )));
            }
        };
        if let Some(evidence) = self.greyed(&aff) {
            let evidence = (!evidence.is_empty()).then_some(evidence);
            let detail = RefusalDetail {
                evidence,
                ..Default::default()
            };
            return Prepared::Refused(Box::new(self.refuse(
                id,
                Some(&aff),
                principal,
                Refusal::ToolDisabled,
                detail,
            )));
        }
        // docs/session.md §22: the app said it is busy; its words ride as data only.
        if let Some(label) = self.busy_label(&aff.id) {
            let mut result = self.refuse(
                id,
                Some(&aff),
                principal,
                Refusal::Busy,
                RefusalDetail::default(),
            );
            result.busy = Some(label.to_string());
            return Prepared::Refused(Box::new(result));
        }
        // docs/session.md §33: `invoke: false` records an act the app already carried out; nothing runs.
        let runner = if invoke {
            self.runner_for(&aff, on.as_ref().map(|(i, _)| i))
        } else {
            None
        };
        if principal == Principal::Agent && runner.is_none() {
            // docs/session.md §32: not wired *yet* on a page just entered is said as such.
            let node = Rc::clone(&self.node);
            // A url gesture is wired by `setNavigate`, not by a component: mounting never fixes it.
            let here = aff.action.url_href.is_none() && aff.action.on.iter().any(|p| **p == *node);
            let reason = if here && self.take_mounting_answer(&node) {
                Refusal::PageMounting
            } else {
                Refusal::NotMaterialized
            };
            return Prepared::Refused(Box::new(self.refuse(
                id,
                Some(&aff),
                principal,
                reason,
                RefusalDetail::default(),
            )));
        }
        // docs/session.md §26–27: after every capability check, before a person's approval is spent.
        if let Some((reason, prior)) = self.concurrency_refusal(&aff, on.as_ref().map(|(i, _)| i)) {
            let detail = RefusalDetail {
                prior: Some(prior),
                ..Default::default()
            };
            return Prepared::Refused(Box::new(self.refuse(
                id,
                Some(&aff),
                principal,
                reason,
                detail,
            )));
        }
        let mut ask_n = None;
        if principal == Principal::Agent && aff.action.high_effect && self.enforced {
            match self.approval_gate(&aff, payload, on.as_ref().map(|(row, _)| &**row)) {
                Ok(n) => ask_n = Some(n),
                Err((reason, consulted)) => {
                    let why = if reason == Refusal::ApprovalDeclined {
                        "a person declined it; the answer stands until a person approves a new ask"
                            .to_string()
                    } else {
                        format!("it is high-effect and no person's approval is on record. Open a card with confirmAsk('{}') and have a person approve it", aff.id)
                    };
                    // A refusal is data (docs/session.md §29.4): `onWarn` hears it, the console does not.
                    self.note_once(
                        format!("approval:{}:{reason}", aff.id),
                        format!(
                            "the agent's fire of '{}' was refused {reason}: {why}.",
                            aff.id
                        ),
                    );
                    let detail = RefusalDetail {
                        ask_n: consulted,
                        ..Default::default()
                    };
                    return Prepared::Refused(Box::new(self.refuse(
                        id,
                        Some(&aff),
                        principal,
                        reason,
                        detail,
                    )));
                }
            }
        }
        if !self.enforced {
            ask_n = self.close_oldest_ask(&aff);
            if ask_n.is_none()
                && principal == Principal::Agent
                && aff.action.high_effect
                && !self.approval_option_passed
            {
                self.warn_once(
                    "unasked-high-effect".into(),
                    format!(
                        "the agent fired high-effect action '{id}' with no ask on record, so no person saw it first. Open a card before such a fire: session.confirmAsk('{id}') returns an askId and receipts to show a person (the port's do_action does this when called without confirm: true). Pass requireHumanApproval: true to createSession to make the ask binding, or requireHumanApproval: false to silence this warning. Said once per session.",
                        id = aff.id
                    ),
                );
            }
        }
        // The row's instance is known before it is minted: its arm may settle it at once, and the
        // concurrency policies read the instance from here.
        if let Some(on) = on {
            let next = self.next_n();
            self.lists.rows.insert(next, on);
        }
        let idx = self.record_fire(
            &aff,
            principal,
            payload.map(|p| (p, payload_text)),
            runner.is_some(),
            verdict.map(|v| v.unevaluated),
            ask_n,
        );
        if !invoke {
            // The app performed it: the row is not "nothing was wired to run it".
            if let Some(rec) = self.rec_mut(idx) {
                rec.materialized = true;
            }
        }
        Prepared::Accepted {
            idx,
            runner,
            keeps_payload: payload.is_some(),
        }
    }

    /// Whether something would execute a fire of `aff` (a handler, or a url and `navigate`).
    pub(super) fn can_run(&self, aff: &Affordance) -> bool {
        self.runner_for(aff, None).is_some()
            || (self.repeats_in(aff).is_some()
                && self.lists.handlers.keys().any(|(a, _)| *a == aff.id))
    }

    fn runner_for(&self, aff: &Affordance, instance: Option<&Rc<str>>) -> Option<Runner> {
        // A row's own handler first (docs/session.md §34); a handler bound for the whole list runs
        // for every row.
        if let Some(entry) =
            instance.and_then(|i| self.lists.handlers.get(&(Rc::clone(&aff.id), Rc::clone(i))))
        {
            return Some(Runner::Handler(entry.handler));
        }
        if let Some(entry) = self.registry.get(&aff.id) {
            return Some(Runner::Handler(entry.handler));
        }
        match &aff.action.url_href {
            Some(href) if self.can_navigate => Some(Runner::Navigate(href.clone())),
            _ => None,
        }
    }

    /// Mint the record (version +1), open the claim window, pick the arm, settle what is born at rest.
    fn record_fire(
        &mut self,
        aff: &Rc<Affordance>,
        principal: Principal,
        payload: Option<(&Value, Option<FirePayloadText>)>,
        runs: bool,
        unevaluated: Option<Vec<String>>,
        ask_n: Option<u32>,
    ) -> u32 {
        let action = &aff.action;
        // docs/session.md §23: a filter verify that covers every declared write and already holds
        // means no report is coming; the fire settles when what runs it returns.
        let already_true = runs && self.already_true(aff).is_some();
        let arm = match (action.declares_writes(), self.state_tap, runs) {
            (true, _, true) if already_true => Arm::SettleOnCompletion,
            (true, true, _) => Arm::AwaitingState,
            (true, false, true) => Arm::SettleOnCompletion,
            (true, false, false) => Arm::BornAtRest,
            (false, _, _) => Arm::NoWrites,
        };
        let idx = self.next_n();
        let mut rec: Rec = self.stimulus_row(
            Rc::clone(&aff.id),
            Rc::from(""),
            principal,
            AttributionBasis::CallerAsserted,
        );
        rec.kind = CauseKind::Fired;
        rec.stimulus = None;
        rec.affordance = Some(Rc::clone(aff));
        // docs/session.md §28: the row keeps the payload as it may leave; the handler gets it whole.
        rec.payload = payload.map(|(value, text)| {
            JsonText(match (self.keep.redact.value(value), text) {
                (Some(redacted), _) => json_text(&redacted),
                (None, Some(FirePayloadText(text))) => text,
                (None, None) => json_text(value),
            })
        });
        rec.outcome = Outcome::Pending;
        rec.effect_verified = None;
        rec.to_node = None;
        rec.guard_unevaluated = unevaluated.filter(|u| !u.is_empty()).map(Box::new);
        rec.ask_n = ask_n;
        rec.materialized = runs || !self.wiring_exists();
        rec.arm = arm;
        rec.latch_open = true;
        rec.in_flight = runs;
        rec.already_true = already_true;
        // Any recorded fire closes an older claim window; a navigating one opens its own.
        self.claim = action.navigates_to.as_ref().map(|t| (idx, self.intern(t)));
        let key = self.version;
        self.push_transition(rec);
        self.flight_recorded(aff, idx);
        self.index_attempt(key, RowRef::Transition(idx));
        self.bump();
        match arm {
            Arm::AwaitingState | Arm::SettleOnCompletion => self.pending.push(idx),
            Arm::BornAtRest => {
                self.commit_fire(idx, None);
                self.settle_rest(idx, EffectStatus::Unobservable, None, None);
            }
            Arm::NoWrites => {
                self.commit_fire(idx, None);
                if !runs {
                    self.settle_rest(idx, EffectStatus::Unobservable, None, None);
                }
            }
            Arm::None => {}
        }
        idx
    }

    /// `FireResult` for an accepted fire: the truth at return time (`snapshot`: with the record).
    fn accepted_result(&self, idx: u32, snapshot: bool) -> FireResult {
        let mut result = FireResult::refused(Refusal::Refused);
        result.ok = true;
        result.reason = None;
        if let Some(rec) = self.rec(idx) {
            result.transition_id = Some(rec.id());
            result.settlement = Some(if rec.latch_open {
                SettlementState::AwaitingState
            } else {
                SettlementState::Settled
            });
            result.effect_status = Some(
                rec.settled
                    .as_ref()
                    .map_or(EffectStatus::Pending, |s| s.effect_status),
            );
            result.materialized = (!rec.materialized).then_some(false);
            result.already_true = super::unblock::already_true_of(rec);
            result.instance = self.lists.row(idx).map(|(id, label)| InstanceRef {
                id: id.to_string(),
                label: label.to_string(),
            });
            if snapshot {
                result.transition = Some(self.snapshot(rec));
            }
        }
        result.version = Some(self.version);
        result
    }
}

impl Session {
    /// The body of `fire` / `fire_unsnapshotted` / `fire_with_text` (`notify` runs it as one call).
    /// A handler is called exactly one call-out deeper than this (one `CallOut`), which a host may
    /// rely on to match what the caller of `fire` lent it for this fire's input (`js::session::host`).
    pub(super) fn fire_with(
        &self,
        id: &str,
        options: FireOptions,
        instance: Option<&str>,
        snapshot: bool,
        payload_text: Option<FirePayloadText>,
    ) -> Result<FireResult, SessionError> {
        self.guard("fire")?;
        let now = self.host.now_ms();
        let principal = options.source.unwrap_or(Principal::Agent);
        let invoke = options.invoke.unwrap_or(true);
        if !invoke && principal == Principal::Agent {
            // docs/session.md §33: the agent's door is the port, which always runs the handler.
            return Err(SessionError::usage(
                crate::codes::ErrorCode::AgentInvokeFalse,
                format!("fire('{id}', {{ invoke: false }}) records an act the app already carried out, which only a person's (or the app's own) door does; the agent's door is the port, whose fire runs the registered handler. Pass source: 'user' for a person's act, or drop invoke: false"),
            ));
        }
        let prepared = {
            let mut inner = self.inner.borrow_mut();
            inner.last_now = now;
            if depth::at_limit() {
                // Decision 24: too deep to run app code again; refused as data, recorded, no call-out.
                let served = inner.served(id).cloned();
                let result = inner.refuse(
                    id,
                    served.as_ref(),
                    principal,
                    depth::REASON,
                    RefusalDetail::default(),
                );
                return Ok(result);
            }
            inner.prepare_fire(
                id,
                principal,
                options.payload.as_ref(),
                payload_text,
                invoke,
                instance,
            )
        };
        self.flush();
        let (idx, runner, payload) = match prepared {
            Prepared::Refused(result) => return Ok(*result),
            Prepared::Accepted {
                idx,
                runner,
                keeps_payload,
            } => (idx, runner, options.payload.filter(|_| keeps_payload)),
        };
        if let Some(runner) = runner {
            self.inner.borrow_mut().windows.push(idx);
            let (outcome, via_navigate) = {
                let _open = depth::CallOut::open();
                match &runner {
                    Runner::Handler(cb) => {
                        (self.host.call_handler(self, *cb, payload.as_ref()), false)
                    }
                    Runner::Navigate(href) => (
                        self.navigate_returned(idx, self.host.navigate(self, href)),
                        true,
                    ),
                }
            };
            let after = self.host.now_ms();
            {
                let mut inner = self.inner.borrow_mut();
                if let Some(pos) = inner.windows.iter().rposition(|&w| w == idx) {
                    inner.windows.remove(pos);
                }
                inner.last_now = after;
            }
            self.complete(idx, outcome, via_navigate);
            self.flush();
        }
        Ok(self.inner.borrow().accepted_result(idx, snapshot))
    }
}
