//! The journey tools (`<g>.journey.<id>`): open or keep the journey's frame, disclose its steps as
//! data (readySteps / laterSteps), and take a step through the same gate and fire as do_action.
//!
//! Uses `session` (`journey_frame`, `commit_journey`, `leave_journey`, `journey_plan`, `available`,
//! `state`) and `graph::guards` (another frame's precondition check). Used by `serve::port`.
//!
//! readySteps follows docs/decisions.md 8: a step whose guard passes and whose page is current is listed
//! even while its control is greyed — the greyed state reaches the model as the TOOL_DISABLED refusal
//! when it takes the step. Step rows carry `step`, `does`, `expects` and nothing about destinations.

use super::acting::Acting;
use super::args::Args;
use super::port::{AgentPort, ToolResult};
use super::shapes::{error_head, AwaitingHuman, Judgment, Obj, Out, ServedStep};
use super::texts;
use crate::codes::Refusal;
use crate::session::{FrameStatus, JourneyPlan, PlanStep, StepStatus};

impl AgentPort {
    pub(super) fn journey(&self, journey_id: &str, args: &Args) -> ToolResult {
        if let Some(refusal) = self.ensure_frame(journey_id)? {
            return Ok(refusal);
        }
        let Some(step_name) = args.string("step") else {
            let mut out = Out::answer(true);
            out.journey(journey_id);
            out.merge(self.frame_data(journey_id)?);
            self.position(&mut out);
            return Ok(out);
        };
        let steps = self.declared_steps(journey_id);
        let step = match resolve_step(&steps, step_name) {
            StepMatch::One(step) => step,
            StepMatch::None | StepMatch::Several => {
                let mut out = error_head(Refusal::UnknownStep);
                out.journey(journey_id)
                    .why(texts::UNKNOWN_STEP)
                    .steps(steps);
                self.position(&mut out);
                return Ok(out);
            }
        };
        let available = self.session.available();
        let edge = available
            .edges
            .iter()
            .find(|e| e.affordance_id == step)
            .cloned();
        let acted = self.act(
            &step,
            edge.as_ref(),
            args,
            Acting::Step {
                journey: journey_id,
            },
        )?;
        // Frame data is read after the fire; the fire's own fields (ok, judgment, …) win.
        let mut out = Out::answer(true);
        out.journey(journey_id);
        if self
            .session
            .journey_frame()
            .is_some_and(|f| f.journey_id == journey_id)
        {
            out.merge(self.frame_data(journey_id)?);
        }
        out.merge(acted);
        self.position(&mut out);
        Ok(out)
    }

    /// Make `journey_id`'s frame the open one. `Some(result)` when it cannot be opened.
    fn ensure_frame(&self, journey_id: &str) -> Result<Option<Out>, crate::session::SessionError> {
        let current = self.session.journey_frame();
        if current.as_ref().is_some_and(|f| f.journey_id == journey_id) {
            return Ok(None);
        }
        if let Some(other) = current {
            // Check the target's precondition before leaving the current frame, so a blocked switch
            // does not cost the model the frame it had.
            let graph = self.session.graph();
            if let Some(pre) = graph
                .journey(journey_id)
                .and_then(|j| j.precondition.as_ref())
            {
                let verdict = self
                    .session
                    .redaction()
                    .evaluate(pre, &self.session.state());
                if !verdict.passed {
                    let mut out = Out::answer(false);
                    out.judgment(Judgment::Blocked)
                        .journey(journey_id)
                        .why(texts::JOURNEY_BLOCKED)
                        .evidence(verdict.evidence)
                        .kept_frame(other.journey_id);
                    self.position(&mut out);
                    return Ok(Some(out));
                }
            }
            self.session.leave_journey()?;
        }
        let committed = self.session.commit_journey(journey_id)?;
        if committed.ok {
            return Ok(None);
        }
        let reason = committed.reason.unwrap_or(Refusal::JourneyRefused);
        let mut out = Out::answer(false);
        if reason == Refusal::PreconditionFailed {
            out.judgment(Judgment::Blocked)
                .journey(journey_id)
                .why(texts::JOURNEY_BLOCKED);
            // A failed precondition always carries its evidence.
            if let Some(evidence) = committed.evidence {
                out.evidence(evidence);
            }
        } else {
            out.judgment(Judgment::Error)
                .journey(journey_id)
                .reason(reason);
        }
        self.position(&mut out);
        Ok(Some(out))
    }

    fn declared_steps(&self, journey_id: &str) -> Vec<String> {
        let graph = self.session.graph();
        let mut steps: Vec<String> = Vec::new();
        for step in graph
            .journey(journey_id)
            .map(|j| j.steps.as_slice())
            .unwrap_or_default()
        {
            if !steps.contains(step) {
                steps.push(step.clone());
            }
        }
        steps
    }

    /// `{frame, judgment, readySteps, laterSteps, …, howToAct}` for the open frame; closes it as
    /// completed when every step is done.
    fn frame_data(&self, journey_id: &str) -> ToolResult {
        let mut out = Out::new();
        let Some(plan) = self.session.journey_plan(journey_id) else {
            out.frame(FrameStatus::Open)
                .judgment(Judgment::NavigateOrWait)
                .ready_steps(Vec::<Obj<ServedStep>>::new())
                .later_steps(Vec::<Obj<ServedStep>>::new())
                .how_to_act(texts::JOURNEY_HOW_NONE);
            return Ok(out);
        };
        if !plan.steps.is_empty()
            && plan
                .steps
                .iter()
                .all(|s| matches!(s.status, StepStatus::Done | StepStatus::InferredDone))
        {
            self.session.leave_journey()?;
            out.frame(FrameStatus::Completed).judgment(Judgment::Done);
            return Ok(out);
        }
        let mut out = disclose(&plan);
        // Nothing to do here and the next step is on another page: name the declared hops there
        // (docs/facts-and-serving.md §4.8), marked where a hop is not available now.
        let next = plan
            .steps
            .iter()
            .find(|s| !matches!(s.status, StepStatus::Done | StepStatus::InferredDone));
        let nothing_here = !plan.steps.iter().any(|s| s.status == StepStatus::Ready);
        if let Some(step) = next.filter(|s| nothing_here && s.status == StepStatus::OffNode) {
            if let Some(answer) = self.session.route_to_action(&step.step) {
                let mut route = super::port::route_to(answer);
                route.step(&step.step);
                out.route_to(route);
            }
        }
        Ok(out)
    }
}

/// The open-frame disclosure of a plan (pure, so its rules are testable without a session).
fn disclose(plan: &JourneyPlan) -> Out {
    let mut ready: Vec<Obj<ServedStep>> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let mut awaiting_state: Vec<&str> = Vec::new();
    let mut awaiting_human: Vec<Obj<AwaitingHuman>> = Vec::new();
    let mut later: Vec<Obj<ServedStep>> = Vec::new();
    for step in &plan.steps {
        if seen.contains(&step.step.as_str()) {
            continue;
        }
        seen.push(&step.step);
        if step.awaiting_state {
            awaiting_state.push(&step.step);
        } else if let Some(ask) = &step.open_ask {
            let mut row = Obj::<AwaitingHuman>::new();
            row.ask_id(ask).step(&step.step);
            awaiting_human.push(row);
        } else if step.status == StepStatus::Ready {
            ready.push(step_row(step));
        } else {
            later.push(later_row(step));
        }
    }
    let mut out = Out::new();
    let judgment = match ready.len() {
        0 => Judgment::NavigateOrWait,
        1 => Judgment::OneReadyStep,
        _ => Judgment::NeedsChoice,
    };
    let how = if ready.is_empty() {
        texts::JOURNEY_HOW_NONE
    } else {
        texts::JOURNEY_HOW_READY
    };
    out.frame(FrameStatus::Open).judgment(judgment);
    if !awaiting_state.is_empty() {
        out.awaiting_state(awaiting_state);
    }
    if !awaiting_human.is_empty() {
        out.awaiting_human(awaiting_human);
    }
    out.ready_steps(ready).later_steps(later).how_to_act(how);
    out
}

fn step_row(step: &PlanStep) -> Obj<ServedStep> {
    let mut row = Obj::<ServedStep>::new();
    row.step(&step.step).does(&step.does);
    if step.high_effect {
        row.high_effect(true);
    }
    if step
        .guard_unevaluated
        .as_ref()
        .is_some_and(|g| !g.is_empty())
    {
        row.guard_unevaluated(true);
    }
    if let Some(busy) = &step.busy {
        row.busy(busy);
    }
    if let Some(expects) = &step.expects {
        row.expects(expects.clone());
    }
    row
}

fn later_row(step: &PlanStep) -> Obj<ServedStep> {
    let mut row = Obj::<ServedStep>::new();
    row.step(&step.step).status(step.status);
    if step.enabled == Some(false) {
        row.enabled(false);
    }
    if let Some(evidence) = &step.blocked_on {
        row.blocked_on(evidence);
    }
    // docs/facts-and-serving.md §7.2: a greyed later step says what it waits on and what writes it.
    if let Some(conditions) = &step.blocked_because {
        row.blocked_because(conditions);
    }
    if let Some(writers) = &step.unblocked_by {
        row.unblocked_by(writers);
    }
    if let Some(busy) = &step.busy {
        row.busy(busy);
    }
    row
}

enum StepMatch {
    One(String),
    None,
    Several,
}

/// A step name against the journey's declared steps: exact, else the unique id ending in `.name`.
fn resolve_step(steps: &[String], name: &str) -> StepMatch {
    if steps.iter().any(|s| s == name) {
        return StepMatch::One(name.to_string());
    }
    let suffix = format!(".{name}");
    let found: Vec<&String> = steps.iter().filter(|s| s.ends_with(&suffix)).collect();
    match found.as_slice() {
        [one] => StepMatch::One((*one).clone()),
        [] => StepMatch::None,
        _ => StepMatch::Several,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn step(id: &str, status: StepStatus) -> PlanStep {
        PlanStep {
            step: id.into(),
            status,
            does: format!("does {id}"),
            expects: Some(json!("none")),
            high_effect: false,
            enabled: None,
            blocked_on: None,
            blocked_because: None,
            unblocked_by: None,
            busy: None,
            guard_unevaluated: None,
            materialized: Some(true),
            awaiting_state: false,
            open_ask: None,
        }
    }

    fn plan(steps: Vec<PlanStep>) -> JourneyPlan {
        JourneyPlan {
            journey_id: "j".into(),
            does: "J".into(),
            steps,
        }
    }

    #[test]
    fn a_greyed_ready_step_is_still_listed_and_rows_carry_no_destination() {
        let mut greyed = step("w.next", StepStatus::Ready);
        greyed.enabled = Some(false);
        let out = disclose(&plan(vec![
            step("w.name", StepStatus::Ready),
            greyed,
            step("r.create", StepStatus::OffNode),
        ]));
        let v = out.done();
        assert_eq!(v["judgment"], "needs-choice");
        assert_eq!(
            v["readySteps"],
            json!([{"step":"w.name","does":"does w.name","expects":"none"},{"step":"w.next","does":"does w.next","expects":"none"}])
        );
        assert_eq!(
            v["laterSteps"],
            json!([{"step":"r.create","status":"off-node"}])
        );
        assert_eq!(v["howToAct"], texts::JOURNEY_HOW_READY);
    }

    #[test]
    fn judgment_counts_ready_steps() {
        let one = disclose(&plan(vec![
            step("a.x", StepStatus::Ready),
            step("a.y", StepStatus::Blocked),
        ]))
        .done();
        assert_eq!(one["judgment"], "one-ready-step");
        let none = disclose(&plan(vec![step("a.y", StepStatus::OffNode)])).done();
        assert_eq!(none["judgment"], "navigate-or-wait");
        assert_eq!(none["howToAct"], texts::JOURNEY_HOW_NONE);
    }

    #[test]
    fn steps_awaiting_a_report_or_a_human_are_never_re_advertised() {
        let mut pending = step("a.x", StepStatus::Ready);
        pending.awaiting_state = true;
        let mut asked = step("a.y", StepStatus::Ready);
        asked.open_ask = Some("ask#1".into());
        asked.high_effect = true;
        let v = disclose(&plan(vec![pending, asked])).done();
        assert_eq!(v["readySteps"], json!([]));
        assert_eq!(v["awaitingState"], json!(["a.x"]));
        assert_eq!(v["awaitingHuman"], json!([{"askId":"ask#1","step":"a.y"}]));
    }

    #[test]
    fn high_effect_and_unevaluated_marks_appear_only_when_true() {
        let mut s = step("a.x", StepStatus::Ready);
        s.high_effect = true;
        s.guard_unevaluated = Some(vec!["k".into()]);
        s.expects = None;
        let v = disclose(&plan(vec![s])).done();
        assert_eq!(
            v["readySteps"],
            json!([{"step":"a.x","does":"does a.x","highEffect":true,"guardUnevaluated":true}])
        );
    }

    #[test]
    fn step_names_resolve_exactly_or_by_a_unique_dot_suffix() {
        let steps: Vec<String> = ["wizard.name-it", "wizard.next", "review.next"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert!(
            matches!(resolve_step(&steps, "name-it"), StepMatch::One(s) if s == "wizard.name-it")
        );
        assert!(
            matches!(resolve_step(&steps, "review.next"), StepMatch::One(s) if s == "review.next")
        );
        assert!(matches!(resolve_step(&steps, "next"), StepMatch::Several));
        assert!(matches!(resolve_step(&steps, "it"), StepMatch::None));
    }
}
