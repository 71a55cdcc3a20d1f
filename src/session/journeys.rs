//! Journey frames at the session level: `commitJourney`, `leaveJourney`, `journeyFrame`, demotion,
//! and `journeyPlan` (step statuses; greyed steps stay ready, decision 8; a step joins the frame's
//! fired steps only when performed, decision 9). Frames are kept as the `JourneyFrame` records
//! `journeyFrame()` returns and a snapshot writes, so reading one is a clone. Used by the JS layer and
//! `serve` (the journey tool).

use crate::codes::Refusal;
use std::rc::Rc;

use super::offers::expects_value;
use super::state::{Gap, GapDetail, Inner};
use super::*;
use crate::graph::guards::evaluate;

impl Inner {
    /// A fire of `step` was performed (or inferred): credit the open frame if the step is one of its.
    pub fn frame_step_fired(&mut self, step: &Rc<str>, inferred: bool) {
        let graph = Rc::clone(&self.graph);
        let Some(frame) = self.frame.as_mut() else {
            return;
        };
        let Some(journey) = graph.journey(&frame.journey_id) else {
            return;
        };
        if !journey.steps.iter().any(|s| **s == **step) {
            return;
        }
        let list = if inferred {
            &mut frame.inferred_steps
        } else {
            &mut frame.fired_steps
        };
        if !list.iter().any(|s| **s == **step) {
            list.push(String::from(&**step));
        }
    }

    /// After a world change: an open frame whose journey precondition now fails closes `demoted`.
    pub fn check_demotion(&mut self) {
        let Some(frame) = &self.frame else { return };
        let Some(journey) = self.graph.journey(&frame.journey_id) else {
            return;
        };
        let Some(pre) = &journey.precondition else {
            return;
        };
        if evaluate(pre, &self.state).passed {
            return;
        }
        self.close_frame(FrameStatus::Demoted);
    }

    fn close_frame(&mut self, status: FrameStatus) -> Option<JourneyFrame> {
        let mut frame = self.frame.take()?;
        self.bump();
        frame.status = status;
        frame.closed_at_version = Some(self.version);
        self.closed_frames.push(frame.clone());
        self.trim_side_tables();
        Some(frame)
    }

    pub fn plan(&self, journey_id: &str) -> Option<JourneyPlan> {
        let journey = self.graph.journey(journey_id)?;
        let frame = self.frame.as_ref().filter(|f| &*f.journey_id == journey_id);
        let steps = journey
            .steps
            .iter()
            .map(|step| {
                let done = frame.is_some_and(|f| f.fired_steps.iter().any(|s| **s == **step));
                let inferred =
                    frame.is_some_and(|f| f.inferred_steps.iter().any(|s| **s == **step));
                let awaiting_state = self
                    .pending
                    .iter()
                    .any(|&p| self.rec(p).is_some_and(|r| *r.stage == **step));
                let open_ask = self
                    .asks
                    .iter()
                    .find(|a| {
                        !a.removed
                            && !a.spent
                            && *a.affordance_id == **step
                            && a.answer != Some(AskAnswer::Declined)
                    })
                    .map(|a| format!("ask#{}", a.n));
                let Some(aff) = self.served(step) else {
                    return PlanStep {
                        step: step.clone(),
                        status: if done {
                            StepStatus::Done
                        } else if inferred {
                            StepStatus::InferredDone
                        } else {
                            StepStatus::OffNode
                        },
                        does: String::new(),
                        expects: None,
                        high_effect: false,
                        enabled: None,
                        blocked_on: None,
                        blocked_because: None,
                        unblocked_by: None,
                        busy: None,
                        guard_unevaluated: None,
                        materialized: None,
                        awaiting_state,
                        open_ask,
                    };
                };
                let verdict = self.guard_verdict(aff);
                let guard_passes = verdict.as_ref().is_none_or(|v| v.passed);
                let status = if done {
                    StepStatus::Done
                } else if inferred {
                    StepStatus::InferredDone
                } else if !guard_passes {
                    StepStatus::Blocked
                } else if self.on_current_page(aff) && self.graph.page(&self.node).is_some() {
                    StepStatus::Ready
                } else {
                    StepStatus::OffNode
                };
                // docs/session.md §21: a greyed step says what it waits on and what writes it.
                let greyed = self.greyed(aff);
                let why = greyed
                    .as_ref()
                    .filter(|e| !e.is_empty())
                    .map(|e| self.greyed_why(aff, e));
                PlanStep {
                    step: step.clone(),
                    status,
                    does: aff.does.to_string(),
                    expects: expects_value(&aff.action.input),
                    high_effect: aff.action.high_effect,
                    enabled: greyed.map(|_| false),
                    blocked_because: why.as_ref().map(|w| w.blocked_because.clone()),
                    unblocked_by: why.map(|w| w.unblocked_by),
                    busy: self.busy_label(&aff.id).map(|l| l.to_string()),
                    blocked_on: (status == StepStatus::Blocked)
                        .then(|| verdict.as_ref().map(|v| v.failing()).unwrap_or_default()),
                    guard_unevaluated: verdict.map(|v| v.unevaluated).filter(|u| !u.is_empty()),
                    materialized: self.wiring_exists().then(|| self.materializable(aff)),
                    awaiting_state,
                    open_ask,
                }
            })
            .collect();
        Some(JourneyPlan {
            journey_id: journey.id.clone(),
            does: journey.does.clone(),
            steps,
        })
    }
}

impl Session {
    /// Open a frame over journey `id` (agent principal).
    pub(super) fn commit_journey_body(
        &self,
        id: &str,
    ) -> Result<CommitJourneyResult, SessionError> {
        self.guard("commitJourney")?;
        let now = self.host.now_ms();
        let result = {
            let mut inner = self.inner.borrow_mut();
            inner.last_now = now;
            let mut result = CommitJourneyResult {
                ok: false,
                frame: None,
                plan: None,
                version: inner.version,
                reason: None,
                known: None,
                journey_id: None,
                evidence: None,
                affordance_id: None,
            };
            let graph = Rc::clone(&inner.graph);
            match graph.journey(id) {
                None => {
                    result.reason = Some(Refusal::UnknownJourney);
                    result.known = Some(inner.journey_ids.clone());
                }
                Some(_) if inner.frame.is_some() => {
                    result.reason = Some(Refusal::FrameAlreadyOpen);
                    result.journey_id = inner.frame.as_ref().map(|f| f.journey_id.clone());
                }
                Some(journey) => {
                    let pre = journey
                        .precondition
                        .as_ref()
                        .map(|p| inner.keep.redact.evaluate(p, &inner.state));
                    let first = journey.steps.first().and_then(|s| inner.served(s).cloned());
                    if let Some(v) = pre.filter(|v| !v.passed) {
                        result.reason = Some(Refusal::PreconditionFailed);
                        result.evidence = Some(v.failing());
                    } else if let Some(aff) = first.filter(|a| !inner.materializable(a)) {
                        result.reason = Some(Refusal::EntryNotMaterialized);
                        result.affordance_id = Some(aff.id.to_string());
                        let offered = inner.offered_ids();
                        let (node, version) = (Rc::clone(&inner.node), inner.version);
                        inner.push_gap(Gap {
                            kind: GapKind::FireRejected,
                            timestamp: now,
                            node,
                            version,
                            available_actions: offered,
                            affordance_id: Some(Rc::clone(&aff.id)),
                            does: Some(Rc::clone(&aff.does)),
                            rejection_reason: Some(Refusal::EntryNotMaterialized),
                            principal: Some(Principal::Agent),
                            off_graph: false,
                            actions_may_be_stale: false,
                            detail: GapDetail::boxed(None, Some(Rc::from(id)), None, None),
                        });
                    } else {
                        inner.bump();
                        inner.frame = Some(JourneyFrame {
                            journey_id: id.to_owned(),
                            status: FrameStatus::Open,
                            principal: Principal::Agent,
                            opened_at: now,
                            opened_at_version: inner.version,
                            fired_steps: Vec::new(),
                            inferred_steps: Vec::new(),
                            closed_at_version: None,
                        });
                        result.ok = true;
                        result.frame = inner.frame.clone();
                        result.plan = inner.plan(id);
                        result.version = inner.version;
                    }
                }
            }
            result
        };
        self.flush();
        Ok(result)
    }

    /// Close the open frame (`completed` iff every step was fired or inferred, else `cancelled`).
    pub(super) fn leave_journey_body(&self) -> Result<Option<JourneyFrame>, SessionError> {
        self.guard("leaveJourney")?;
        let now = self.host.now_ms();
        let mut inner = self.inner.borrow_mut();
        inner.last_now = now;
        let Some(frame) = &inner.frame else {
            return Ok(None);
        };
        let all_done = inner.graph.journey(&frame.journey_id).is_some_and(|j| {
            j.steps.iter().all(|s| {
                frame
                    .fired_steps
                    .iter()
                    .chain(&frame.inferred_steps)
                    .any(|f| **f == **s)
            })
        });
        let status = if all_done {
            FrameStatus::Completed
        } else {
            FrameStatus::Cancelled
        };
        Ok(inner.close_frame(status))
    }

    /// The open frame, if any.
    pub fn journey_frame(&self) -> Option<JourneyFrame> {
        self.inner.borrow().frame.clone()
    }

    /// Frames already closed, oldest first.
    pub fn closed_frames(&self) -> Vec<JourneyFrame> {
        self.inner.borrow().closed_frames.clone()
    }

    /// Step statuses of journey `id` now; `None` for an unknown journey.
    pub fn journey_plan(&self, id: &str) -> Option<JourneyPlan> {
        self.inner.borrow().plan(id)
    }
}
