//! Acting through the port: `do_action` (resolution against what is served, the teaching refusal),
//! and the confirm gate + fire + result shaping shared with the journey tools.
//!
//! Uses `session` (`available`, `served_action`, `confirm_ask`, `decline`, `fire`) and
//! `graph::guards` (the teaching refusal's evidence). Used by `serve::port` and `serve::journey`.
//!
//! What is an attempt here: only a `fire()` is. An unresolvable name, a needs-confirm and a decline
//! never reach `fire()`, so they leave no line in the facts block (the ask is its own line there).

use crate::codes::Refusal;
use serde_json::{json, Value};

use super::args::Args;
use super::port::{AgentPort, ToolResult};
use super::shapes::{error_head, Judgment, Obj, Out, SettleWith};
use super::texts;
use super::tools::ToolKind;
use crate::session::{AvailableEdge, FireOptions, FireResult, SettlementState};

/// Who a gate or fire result is about: a plain action, or a journey's step.
pub(super) enum Acting<'a> {
    Action,
    Step { journey: &'a str },
}

impl Acting<'_> {
    fn label(&self, out: &mut Out, id: &str) {
        match self {
            Acting::Action => {
                out.action(id);
            }
            Acting::Step { journey } => {
                out.journey(*journey).step(id);
            }
        }
    }
}

impl AgentPort {
    pub(super) fn do_action(&self, args: &Args) -> ToolResult {
        let available = self.session.available();
        let served: Vec<String> = available
            .edges
            .iter()
            .map(|e| e.affordance_id.clone())
            .collect();
        let Some(name) = args.string("action") else {
            let mut out = error_head(Refusal::ActionRequired);
            out.why(texts::ACTION_REQUIRED).actions(served);
            self.position(&mut out);
            return Ok(out);
        };
        let matches = resolve(&available.edges, name);
        match matches.as_slice() {
            [edge] => {
                let edge = (*edge).clone();
                self.act(
                    &edge.affordance_id.clone(),
                    Some(&edge),
                    args,
                    Acting::Action,
                )
            }
            [] => Ok(self.teaching_refusal(name, served)),
            several => {
                let mut out = error_head(Refusal::AmbiguousAction);
                let candidates: Vec<&str> =
                    several.iter().map(|e| e.affordance_id.as_str()).collect();
                out.why(texts::AMBIGUOUS_ACTION)
                    .candidates(candidates)
                    .actions(served);
                self.position(&mut out);
                Ok(out)
            }
        }
    }

    /// UNKNOWN_ACTION, saying what the graph knows about the name — never an attempt.
    fn teaching_refusal(&self, name: &str, served: Vec<String>) -> Out {
        let declared = self.declared_action(name);
        // docs/session.md §32: a name the page just entered has not registered yet.
        if declared.is_none() && self.session.page_still_mounting() {
            let mut out = error_head(Refusal::PageMounting);
            out.why(texts::PAGE_MOUNTING)
                .retriable(true)
                .actions(served);
            self.position(&mut out);
            return out;
        }
        let mut out = error_head(Refusal::UnknownAction);
        let node = self.session.node();
        if let Some(action) = declared {
            if !action.on.contains(&node) {
                out.why(texts::ACTION_ELSEWHERE).offered_on(&action.on);
            } else if let Some(guard) = &action.guard {
                let verdict = self
                    .session
                    .redaction()
                    .evaluate(guard, &self.session.state());
                if verdict.passed {
                    out.why(texts::ACTION_NOT_OFFERED_NOW);
                } else {
                    out.why(texts::ACTION_GUARD_UNMET)
                        .evidence(verdict.evidence);
                    if !verdict.unevaluated.is_empty() {
                        out.guard_unevaluated(verdict.unevaluated);
                    }
                }
            } else {
                out.why(texts::ACTION_NOT_OFFERED_NOW);
            }
        }
        out.actions(served);
        self.position(&mut out);
        out
    }

    /// The action a name means in the graph as it stands (served mounts included): the exact id, else
    /// the one declared id ending in `.name`. Used only to teach; an invented name finds nothing.
    fn declared_action(&self, name: &str) -> Option<std::rc::Rc<crate::graph::Action>> {
        if let Some(action) = self.session.served_action(name) {
            return Some(action);
        }
        let graph = self.session.graph();
        let suffix = format!(".{name}");
        let mut ids = graph.action_ids().filter(|id| id.ends_with(&suffix));
        match (ids.next(), ids.next()) {
            (Some(only), None) => self.session.served_action(only),
            _ => None,
        }
    }

    /// The confirm gate, then `fire()`. `edge` is the served row for `id`, if it is served here now.
    pub(super) fn act(
        &self,
        id: &str,
        edge: Option<&AvailableEdge>,
        args: &Args,
        who: Acting,
    ) -> ToolResult {
        let input = args.value("input").cloned();
        if input
            .as_ref()
            .is_some_and(|i| self.session.value_too_large(i))
        {
            // Decision 25: refused by `fire()` before anything else (a recorded attempt), never asked about.
            let fired = self.session.fire(
                id,
                FireOptions {
                    source: Some(self.options.source),
                    payload: input,
                    ..Default::default()
                },
            )?;
            return Ok(self.fire_result(id, &fired, edge));
        }
        // docs/session.md §27: every check that does not wait on a person's answer comes first; a
        // call one of them refuses is fired at once (a recorded attempt with its real reason), never
        // asked about.
        let instance = args.string("instance");
        let performable = || {
            self.session
                .refusal_before_ask(id, self.options.source, input.as_ref())
                .is_none()
                && self.session.instance_refusal(id, instance).is_none()
        };
        let high_effect = edge.is_some_and(|e| e.high_effect);
        let asking = self.options.confirm_high_effect || self.gated;
        if asking && high_effect && !args.flag("confirm") && performable() {
            return if args.flag("decline") {
                self.decline(id, input, instance, who)
            } else {
                self.needs_confirm(id, input, instance, who, None)
            };
        }
        let fired = self.session.fire_in(
            id,
            FireOptions {
                source: Some(self.options.source),
                payload: input.clone(),
                ..Default::default()
            },
            instance,
        )?;
        if !fired.ok
            && fired
                .reason
                .is_some_and(|r| matches!(r, Refusal::ApprovalRequired | Refusal::ApprovalDeclined))
            && high_effect
        {
            // Enforced approval refused the confirmed fire: a recorded attempt, and the question
            // goes back to the human with a card.
            return self.needs_confirm(id, input, instance, who, Some(&fired));
        }
        Ok(self.fire_result(id, &fired, edge))
    }

    fn needs_confirm(
        &self,
        id: &str,
        input: Option<Value>,
        instance: Option<&str>,
        who: Acting,
        refused: Option<&FireResult>,
    ) -> ToolResult {
        let ask = self
            .session
            .confirm_ask_in(id, self.options.source, input, instance)?;
        let mut out = Out::answer(false);
        out.judgment(Judgment::NeedsConfirm);
        who.label(&mut out, id);
        out.does(&ask.receipts.will_do.does).performed(false);
        match refused {
            Some(fired) => {
                out.did(id);
                if let Some(reason) = fired.reason {
                    out.reason(reason);
                }
                out.why(texts::APPROVAL_ENFORCED);
            }
            None => {
                out.why(texts::NEEDS_CONFIRM);
            }
        }
        out.ask_id(ask.ask_id)
            .receipts(ask.receipts)
            .how_to_act(texts::NEEDS_CONFIRM_HOW);
        self.position(&mut out);
        Ok(out)
    }

    fn decline(
        &self,
        id: &str,
        input: Option<Value>,
        instance: Option<&str>,
        who: Acting,
    ) -> ToolResult {
        let ask = self
            .session
            .confirm_ask_in(id, self.options.source, input, instance)?;
        let mut out = Out::answer(false);
        out.judgment(Judgment::Declined);
        who.label(&mut out, id);
        out.ask_id(&ask.ask_id);
        if self.gated {
            // Only the human's own door can decline under enforcement; the card stays open.
            out.why(texts::DECLINED_RELAYED);
        } else {
            self.session.decline(&ask.ask_id, None, None)?;
        }
        self.position(&mut out);
        Ok(out)
    }

    /// docs/facts-and-serving.md §4.6 success / refusal shapes.
    pub(super) fn fire_result(
        &self,
        id: &str,
        fired: &FireResult,
        edge: Option<&AvailableEdge>,
    ) -> Out {
        if fired.ok {
            let mut out = Out::answer(true);
            out.did(id);
            if let Some(settlement) = fired.settlement {
                out.settlement(settlement);
            }
            if let Some(status) = fired.effect_status {
                out.effect_status(status);
            }
            if let Some(transition) = &fired.transition_id {
                out.transition_id(transition);
            }
            // docs/session.md §34: the row by the app's own id and label, never the caller's words.
            if let Some(on) = &fired.instance {
                out.instance(&on.id).on(&on.label);
            }
            if fired.settlement == Some(SettlementState::AwaitingState)
                || fired.effect_status == Some(crate::session::EffectStatus::Pending)
            {
                let tool = self.tool_name(ToolKind::DidItWork);
                let mut settle_with = Obj::<SettleWith>::new();
                settle_with.tool(&tool).arg("transitionId");
                out.how_to_settle(texts::how_to_settle(&tool))
                    .settle_with(settle_with);
            }
            let unevaluated = fired
                .transition
                .as_ref()
                .is_some_and(|t| t.guard_unevaluated.as_ref().is_some_and(|g| !g.is_empty()));
            if unevaluated {
                out.guard_unevaluated(true);
            }
            if fired.materialized == Some(false) {
                out.materialized(false);
            }
            // docs/session.md §23: nothing will report what already held; say so, claim nothing.
            if let Some(held) = &fired.already_true {
                out.already_true(held).why(texts::ALREADY_TRUE);
            }
            self.position(&mut out);
            return out;
        }
        let reason = fired.reason.unwrap_or(Refusal::Refused);
        let mut out = Out::answer(false);
        out.judgment(Judgment::Rejected).did(id).reason(reason);
        if let Some(evidence) = &fired.evidence {
            out.evidence(evidence);
        }
        // docs/facts-and-serving.md §7.2: a greyed control says what it waits on and what writes it.
        let why_grey = (reason == Refusal::ToolDisabled)
            .then(|| self.session.greyed_why(id))
            .flatten()
            .filter(|w| !w.blocked_because.is_empty());
        if let Some(w) = &why_grey {
            out.blocked_because(&w.blocked_because)
                .unblocked_by(&w.unblocked_by);
        }
        if let Some(issues) = &fired.issues {
            out.issues(issues);
        }
        if let Some(node) = &fired.node {
            out.node(node);
        }
        if let Some(ask) = &fired.ask_id {
            out.ask_id(ask);
        }
        if let Some(busy) = &fired.busy {
            out.busy(busy);
        }
        if let Some(prior) = &fired.prior_transition_id {
            out.prior_transition_id(prior);
        }
        if let Some(rows) = &fired.instances {
            out.instances(rows);
        }
        if reason == Refusal::PayloadInvalid {
            let expects = edge
                .and_then(|e| e.expects.clone())
                .or_else(|| self.declared_expects(id));
            if let Some(expects) = expects {
                out.expects(expects);
            }
        }
        if matches!(
            reason,
            Refusal::ToolDisabled | Refusal::Busy | Refusal::PageMounting
        ) {
            out.retriable(true);
        }
        let mut why = refusal_why(
            reason,
            fired.evidence.as_ref().is_some_and(|e| !e.is_empty()),
        );
        if why_grey.is_some_and(|w| !w.unblocked_by.is_empty()) {
            why.push_str(texts::TOOL_DISABLED_UNBLOCKERS);
        }
        out.why(why);
        self.position(&mut out);
        out
    }

    fn declared_expects(&self, id: &str) -> Option<Value> {
        use crate::graph::InputContract;
        match &self.session.served_action(id)?.input {
            InputContract::Unknown => None,
            InputContract::NoInput => Some(json!("none")),
            InputContract::Schema(schema) => Some(schema.clone()),
        }
    }
}

/// Served edges matching `name`: the exact id, else every id ending in `.name`.
fn resolve<'a>(edges: &'a [AvailableEdge], name: &str) -> Vec<&'a AvailableEdge> {
    if let Some(exact) = edges.iter().find(|e| e.affordance_id == name) {
        return vec![exact];
    }
    let suffix = format!(".{name}");
    edges
        .iter()
        .filter(|e| e.affordance_id.ends_with(&suffix))
        .collect()
}

fn refusal_why(reason: Refusal, has_evidence: bool) -> String {
    match reason {
        Refusal::ToolDisabled if has_evidence => {
            format!("{}{}", texts::TOOL_DISABLED, texts::TOOL_DISABLED_EVIDENCE)
        }
        Refusal::ToolDisabled => texts::TOOL_DISABLED.to_string(),
        Refusal::GuardFailed => texts::GUARD_FAILED.to_string(),
        Refusal::NotOnNode => texts::NOT_ON_NODE.to_string(),
        Refusal::PayloadInvalid => texts::PAYLOAD_INVALID.to_string(),
        Refusal::NotMaterialized => texts::NOT_MATERIALIZED.to_string(),
        Refusal::PageMounting => texts::PAGE_MOUNTING.to_string(),
        Refusal::ReentrancyDepth => texts::REENTRANCY_DEPTH.to_string(),
        Refusal::Busy => texts::BUSY.to_string(),
        Refusal::PriorFirePending => texts::PRIOR_FIRE_PENDING.to_string(),
        Refusal::DuplicateExecution => texts::DUPLICATE_EXECUTION.to_string(),
        Refusal::InstanceUnknown => texts::INSTANCE_UNKNOWN.to_string(),
        Refusal::InstanceRequired => texts::INSTANCE_REQUIRED.to_string(),
        _ => texts::REFUSED_OTHER.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(id: &str) -> AvailableEdge {
        AvailableEdge {
            affordance_id: id.into(),
            description: String::new(),
            enabled: None,
            goes_to: None,
            expects: None,
            high_effect: false,
            blocked_because: None,
            unblocked_by: None,
            busy: None,
            control: None,
            materialized: None,
            guard_unevaluated: vec![],
        }
    }

    #[test]
    fn resolution_prefers_the_exact_id_then_a_dot_suffix() {
        let edges = [
            edge("wizard.name-it"),
            edge("go-to-projects"),
            edge("a.save"),
            edge("b.save"),
        ];
        let ids = |name: &str| {
            resolve(&edges, name)
                .iter()
                .map(|e| e.affordance_id.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids("wizard.name-it"), ["wizard.name-it"]);
        assert_eq!(ids("name-it"), ["wizard.name-it"]);
        assert_eq!(ids("go-to-projects"), ["go-to-projects"]);
        assert_eq!(ids("save"), ["a.save", "b.save"]);
        assert!(ids("it").is_empty(), "a suffix must start at a dot");
        assert!(ids("projects").is_empty());
    }

    #[test]
    fn a_disabled_refusal_explains_the_switch_and_mentions_evidence_only_when_there_is_some() {
        assert_eq!(
            refusal_why(Refusal::ToolDisabled, false),
            texts::TOOL_DISABLED
        );
        assert!(refusal_why(Refusal::ToolDisabled, true).ends_with(texts::TOOL_DISABLED_EVIDENCE));
        assert_eq!(
            refusal_why(Refusal::HandlerThrew, false),
            texts::REFUSED_OTHER
        );
    }
}
