//! `whats_here {sinceVersion?, routeTo?}`: the facts block first, then the brief, the action rows, the
//! journeys startable here, the declared hops to the `routeTo` page, and the position.
//!
//! Uses `facts` (the two texts), `session` (`available`, `journey_frame`) and the graph's journeys.
//! Used by `serve::port`. Action rows follow `available()` order and are never narrowed by an open
//! journey frame: the page's way out stays on offer while a journey is open.
//!
//! The result is a typed [`WhatsHere`], not an `args::Out` map: its `Serialize` writes it straight to
//! JSON text, with no `Map` and no `Value` per row, through `shapes::Stream`'s setters, so its keys and
//! their types are `ServeResult`'s and each action row's are `ServedAction`'s (lists and journey rows
//! are `ServedList` and `ServedJourney` themselves): a key either lacks does not compile. The wasm
//! boundary hands JS that text through `JSON.parse`, the facts block and the brief set in place
//! (docs/boundary.md); the native `call` reads its `Value` back from the same text.

use std::rc::Rc;

use serde::{Serialize, Serializer};
use serde_json::Value;

use super::args::Args;
use super::port::AgentPort;
use super::shapes::{
    ActionList, Obj, RouteTo, ServeResult, ServedAction, ServedJourney, ServedList, Stream, Writes,
};
use crate::graph::{Action, InputContract};
use crate::session::{Arrival, AvailableEdge, FrameStatus};

/// What the `journeysElsewhere` list means, said on the result that carries it.
const JOURNEYS_ELSEWHERE_MEANS: &str =
    "These journeys are declared, but none starts on this page right now. \
Go to the page their first step is on and they appear in journeys.";

/// The `whats_here` result, in the order a model reads it (docs/facts-and-serving.md §4.1). Its keys
/// are [`ServeResult`]'s, written through `Stream`'s setters in `Serialize` below.
#[derive(Debug)]
pub struct WhatsHere {
    /// The facts block; `None` (written as `null`) once `js::port` took the text out to set in place.
    pub facts: Option<String>,
    /// The brief; as `facts`.
    pub brief: Option<String>,
    actions: Rows,
    /// docs/session.md §34: each list on this page, its repeated actions and its live rows.
    lists: Vec<ServedList>,
    journeys: Vec<ServedJourney>,
    journeys_elsewhere: Vec<String>,
    journeys_elsewhere_means: Option<&'static str>,
    route_to: Option<Obj<RouteTo>>,
    arrival: Option<Arrival>,
    you_are_on: String,
    looking_at: Option<String>,
    version: u64,
}

impl Serialize for WhatsHere {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = Stream::<ServeResult, _>::open(serializer)?;
        out.ok(&true)?
            .facts(&self.facts)?
            .brief(&self.brief)?
            .actions(&self.actions)?;
        if !self.lists.is_empty() {
            out.lists(&self.lists)?;
        }
        out.journeys(&self.journeys)?;
        if !self.journeys_elsewhere.is_empty() {
            out.journeys_elsewhere(&self.journeys_elsewhere)?;
        }
        if let Some(means) = self.journeys_elsewhere_means {
            out.journeys_elsewhere_means(means)?;
        }
        if let Some(route) = &self.route_to {
            out.route_to(route)?;
        }
        if let Some(arrival) = &self.arrival {
            out.arrival(arrival)?;
        }
        out.you_are_on(&self.you_are_on)?;
        if let Some(focus) = &self.looking_at {
            out.looking_at(focus)?;
        }
        out.version(&self.version)?;
        out.close()
    }
}

/// The offered edges with the action each came from (its `expects` is read from the action, not
/// copied into the edge).
#[derive(Debug)]
struct Rows {
    edges: Vec<AvailableEdge>,
    actions: Vec<Rc<Action>>,
}

impl Serialize for Rows {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let rows = self.edges.iter().zip(&self.actions);
        serializer.collect_seq(rows.map(|(edge, action)| row(edge, &action.input)))
    }
}

/// The action rows, each a [`ServedAction`].
impl Writes<ActionList> for Rows {}

/// One served action as a model reads it (docs/facts-and-serving.md §4.5): presence-only marks
/// (never `false` for "not"; `enabled` and `materialized` only as `false`), `expects` verbatim.
struct ActionRow<'a> {
    edge: &'a AvailableEdge,
    expects: Option<Expects<'a>>,
}

impl Serialize for ActionRow<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let edge = self.edge;
        let mut row = Stream::<ServedAction, _>::open(serializer)?;
        row.action(&edge.affordance_id)?.does(&edge.description)?;
        if let Some(page) = &edge.goes_to {
            row.goes_to(page)?;
        }
        if edge.high_effect {
            row.high_effect(&true)?;
        }
        if edge.enabled == Some(false) {
            row.enabled(&false)?;
        }
        // docs/facts-and-serving.md §7.2: why it is grey and what writes what it waits on.
        if let Some(because) = &edge.blocked_because {
            row.blocked_because(because)?;
        }
        if let Some(unblockers) = &edge.unblocked_by {
            row.unblocked_by(unblockers)?;
        }
        if let Some(busy) = &edge.busy {
            row.busy(busy)?;
        }
        if !edge.guard_unevaluated.is_empty() {
            row.guard_unevaluated(&true)?;
        }
        if edge.materialized == Some(false) {
            row.materialized(&false)?;
        }
        if let Some(expects) = &self.expects {
            row.expects(expects)?;
        }
        row.close()
    }
}

/// `expects`: `"none"` or the schema verbatim (absent when no input was declared).
#[derive(Serialize)]
#[serde(untagged)]
enum Expects<'a> {
    None(&'static str),
    Schema(&'a Value),
}

impl Writes<Value> for Expects<'_> {}

impl WhatsHere {
    /// The result as serde_json writes it (what the wasm boundary hands JS through `JSON.parse`).
    pub fn json_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

fn row<'a>(edge: &'a AvailableEdge, input: &'a InputContract) -> ActionRow<'a> {
    ActionRow {
        edge,
        expects: match input {
            InputContract::Unknown => None,
            InputContract::NoInput => Some(Expects::None("none")),
            InputContract::Schema(schema) => Some(Expects::Schema(schema)),
        },
    }
}

impl AgentPort {
    /// The repeating containers of the current page with their live rows (docs/session.md §34).
    fn lists_here(&self) -> Vec<ServedList> {
        let graph = self.session.graph();
        if graph.containers.is_empty() {
            return Vec::new();
        }
        let node = self.session.node();
        graph
            .containers
            .iter()
            .filter(|c| c.page == node && !c.repeats.is_empty())
            .map(|c| ServedList {
                list: c.path.clone(),
                does: c.does.clone(),
                actions: c.repeats.clone(),
                instances: self.session.instances(&c.path),
            })
            .collect()
    }

    pub(super) fn whats_here(&self, args: &Args) -> WhatsHere {
        // A cursor is a whole version; anything else a model sends is read as "no cursor".
        let since = args
            .number("sinceVersion")
            .filter(|n| *n >= 0.0)
            .map(|n| n.floor() as u64);
        // One `available()` serves the brief's offer and greyed lines and the action rows below.
        // Lent: the edges carry no schema copy; each row reads `expects` from its action.
        let (edges, actions) = self.session.available_lent();
        let (facts, brief) = super::facts_texts(&self.session, since, &edges);
        let graph = self.session.graph();
        let frame = self.session.journey_frame();
        let mut journeys = Vec::new();
        let mut elsewhere = Vec::new();
        for journey in &graph.journeys {
            let open = frame.as_ref().is_some_and(|f| f.journey_id == journey.id);
            let startable = journey
                .steps
                .first()
                .is_some_and(|first| edges.iter().any(|e| &e.affordance_id == first));
            if open || startable {
                journeys.push(ServedJourney {
                    journey: journey.id.clone(),
                    does: journey.does.clone(),
                    frame: open.then_some(FrameStatus::Open),
                });
            } else {
                elsewhere.push(journey.id.clone());
            }
        }
        // docs/facts-and-serving.md §4.4: the declared hops to a page the model asked about.
        let route_to = args.string("routeTo").map(|target| {
            match self.session.route_to(target) {
                Ok(answer) => super::port::route_to(answer),
                Err(error) => {
                    let pages: Vec<&str> = graph.page_ids().collect();
                    let says = format!(
                        "'{target}' is not a page of this app, so there is no route to it. The pages are: {}.",
                        pages.join(", ")
                    );
                    let mut route = Obj::<RouteTo>::new();
                    let no_route: Option<Vec<crate::session::Hop>> = None;
                    route
                        .page(target)
                        .route(no_route)
                        .reason(error.code)
                        .how_to_get_there(says);
                    route
                }
            }
        });
        let journeys_elsewhere_means = (!elsewhere.is_empty()).then_some(JOURNEYS_ELSEWHERE_MEANS);
        WhatsHere {
            facts: Some(facts),
            brief: Some(brief),
            lists: self.lists_here(),
            actions: Rows { edges, actions },
            journeys,
            journeys_elsewhere: elsewhere,
            journeys_elsewhere_means,
            route_to,
            // Decision 20: the cursor stands only on a fire's claim; the app has not confirmed it.
            arrival: self.session.position_claimed().then_some(Arrival::Claimed),
            // `youAreOn`, `lookingAt`, `version`: the position every result ends with (`port::position`).
            you_are_on: self.session.node(),
            looking_at: self.session.focus(),
            version: self.session.version(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rows_carry_only_what_is_true_and_expects_verbatim() {
        let schema =
            json!({"type":"object","properties":{"name":{"type":"string"}},"required":["name"]});
        let edge = AvailableEdge {
            affordance_id: "wizard.next-to-review".into(),
            description: "Go on to the review step".into(),
            enabled: Some(false),
            goes_to: Some("review".into()),
            expects: None,
            high_effect: false,
            blocked_because: None,
            unblocked_by: None,
            busy: None,
            control: None,
            materialized: Some(true),
            guard_unevaluated: vec![],
        };
        let input = InputContract::Schema(schema.clone());
        assert_eq!(
            serde_json::to_value(row(&edge, &input)).unwrap(),
            json!({"action":"wizard.next-to-review","does":"Go on to the review step","goesTo":"review","enabled":false,"expects":schema})
        );
        let none = serde_json::to_value(row(&edge, &InputContract::NoInput)).unwrap();
        assert_eq!(none["expects"], json!("none"));
        let unknown = serde_json::to_value(row(&edge, &InputContract::Unknown)).unwrap();
        assert!(unknown.get("expects").is_none());
    }
}
