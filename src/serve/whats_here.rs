//! `whats_here {sinceVersion?, routeTo?}`: the facts block first, then the brief, the action rows, the
//! journeys startable here, the declared hops to the `routeTo` page, and the position.
//!
//! Uses `facts` (the two texts), `session` (`available`, `journey_frame`) and the graph's journeys.
//! Used by `serve::port`. Action rows follow `available()` order and are never narrowed by an open
//! journey frame: the page's way out stays on offer while a journey is open.

use serde_json::{json, Value};

use super::args::{Args, Out};
use super::port::{AgentPort, ToolResult};
use crate::session::AvailableEdge;

/// What the `journeysElsewhere` list means, said on the result that carries it.
const JOURNEYS_ELSEWHERE_MEANS: &str =
    "These journeys are declared, but none starts on this page right now. \
Go to the page their first step is on and they appear in journeys.";

impl AgentPort {
    pub(super) fn whats_here(&self, args: &Args) -> ToolResult {
        // A cursor is a whole version; anything else a model sends is read as "no cursor".
        let since = args
            .number("sinceVersion")
            .filter(|n| *n >= 0.0)
            .map(|n| n.floor() as u64);
        // One `available()` serves the brief's offer and greyed lines and the action rows below.
        let available = self.session.available();
        let (facts, brief) = super::facts_texts(&self.session, since, &available.edges);
        let mut out = Out::ok(true);
        out.set("facts", facts).set("brief", brief);
        let graph = self.session.graph();
        let frame = self.session.journey_frame();
        let mut journeys = Vec::new();
        let mut elsewhere = Vec::new();
        for journey in &graph.journeys {
            let open = frame.as_ref().is_some_and(|f| f.journey_id == journey.id);
            let startable = journey
                .steps
                .first()
                .is_some_and(|first| available.edges.iter().any(|e| &e.affordance_id == first));
            if open || startable {
                let mut row = Out::new();
                row.set("journey", journey.id.clone())
                    .set("does", journey.does.clone());
                if open {
                    row.set("frame", "open");
                }
                journeys.push(row.done());
            } else {
                elsewhere.push(journey.id.clone());
            }
        }
        // The rows take the edges (names and schemas) instead of copying them once more.
        out.set(
            "actions",
            Value::Array(available.edges.into_iter().map(action_row).collect()),
        );
        out.set("journeys", Value::Array(journeys));
        if !elsewhere.is_empty() {
            out.set("journeysElsewhere", json!(elsewhere))
                .set("journeysElsewhereMeans", JOURNEYS_ELSEWHERE_MEANS);
        }
        // docs/facts-and-serving.md §4.4: the declared hops to a page the model asked about.
        if let Some(target) = args.string("routeTo") {
            let route = match self.session.route_to(target) {
                Ok(answer) => answer.to_json(),
                Err(error) => {
                    let pages: Vec<&str> = graph.page_ids().collect();
                    let says = format!(
                        "'{target}' is not a page of this app, so there is no route to it. The pages are: {}.",
                        pages.join(", ")
                    );
                    json!({"page": target, "route": null, "reason": error.code, "howToGetThere": says})
                }
            };
            out.set("routeTo", route);
        }
        // Decision 20: the cursor stands only on a fire's claim; the app has not confirmed it.
        if self.session.position_claimed() {
            out.set("arrival", "claimed");
        }
        self.position(&mut out);
        Ok(out)
    }
}

/// One served action as a model reads it (docs/facts-and-serving.md §4.5): presence-only marks,
/// `expects` verbatim. The edge's names and schema move into the row instead of being copied.
fn action_row(mut edge: AvailableEdge) -> Value {
    let action = std::mem::take(&mut edge.affordance_id);
    let does = std::mem::take(&mut edge.description);
    let goes_to = edge.goes_to.take();
    let expects = edge.expects.take();
    row_with(&edge, action, does, goes_to, expects)
}

/// The row of `edge`, with its id, `does`, `goesTo` and `expects` given (moved or copied).
fn row_with(
    edge: &AvailableEdge,
    action: String,
    does: String,
    goes_to: Option<String>,
    expects: Option<Value>,
) -> Value {
    let mut row = Out::new();
    row.set("action", action).set("does", does);
    row.set_opt("goesTo", goes_to);
    row.set_true("highEffect", edge.high_effect);
    if edge.enabled == Some(false) {
        row.set("enabled", false);
    }
    // docs/facts-and-serving.md §7.2: why it is grey and what writes what it waits on.
    if let Some(blocked) = &edge.blocked_because {
        row.set(
            "blockedBecause",
            serde_json::to_value(blocked).unwrap_or(Value::Null),
        );
    }
    if let Some(unblocked) = &edge.unblocked_by {
        row.set(
            "unblockedBy",
            serde_json::to_value(unblocked).unwrap_or(Value::Null),
        );
    }
    row.set_opt("busy", edge.busy.clone());
    row.set_true("guardUnevaluated", !edge.guard_unevaluated.is_empty());
    if edge.materialized == Some(false) {
        row.set("materialized", false);
    }
    row.set_opt("expects", expects);
    row.done()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_carry_only_what_is_true_and_expects_verbatim() {
        let schema =
            json!({"type":"object","properties":{"name":{"type":"string"}},"required":["name"]});
        let edge = AvailableEdge {
            affordance_id: "wizard.next-to-review".into(),
            description: "Go on to the review step".into(),
            enabled: Some(false),
            goes_to: Some("review".into()),
            expects: Some(schema.clone()),
            high_effect: false,
            blocked_because: None,
            unblocked_by: None,
            busy: None,
            materialized: Some(true),
            guard_unevaluated: vec![],
            disabled_evidence: vec![],
            writes: vec![],
        };
        assert_eq!(
            action_row(edge),
            json!({"action":"wizard.next-to-review","does":"Go on to the review step","goesTo":"review","enabled":false,"expects":schema})
        );
    }
}
