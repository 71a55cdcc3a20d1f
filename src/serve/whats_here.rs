//! `whats_here {sinceVersion?, routeTo?}`: the facts block first, then the brief, the action rows, the
//! journeys startable here, the declared hops to the `routeTo` page, and the position.
//!
//! Uses `facts` (the two texts), `session` (`available`, `journey_frame`) and the graph's journeys.
//! Used by `serve::port`. Action rows follow `available()` order and are never narrowed by an open
//! journey frame: the page's way out stays on offer while a journey is open.
//!
//! The result is a typed [`WhatsHere`], not an `args::Out` map, and [`WhatsHere::write_json`]
//! writes it as JSON text by hand: keys as fixed fragments, each string scanned once, no `Map`, no
//! hashing, no `Value` per row (docs/boundary.md). Its serde derive is the
//! reference the text must equal byte for byte (tests/serve_whats_here_text.rs, over many sessions
//! and states), and the native `call` reads its `Value` back from the hand-written text, so
//! `serve::shapes::check` checks that text in every native test.

use std::rc::Rc;

use serde::{Serialize, Serializer};
use serde_json::Value;

use super::args::Args;
use super::port::AgentPort;
use super::shapes::{Obj, RouteTo};
use crate::graph::{Action, InputContract};
use crate::session::{AvailableEdge, StatedCondition, Unblocker};

/// What the `journeysElsewhere` list means, said on the result that carries it.
const JOURNEYS_ELSEWHERE_MEANS: &str =
    "These journeys are declared, but none starts on this page right now. \
Go to the page their first step is on and they appear in journeys.";

/// The `whats_here` result, in the order a model reads it (docs/facts-and-serving.md §4.1).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WhatsHere {
    ok: bool,
    /// The facts block; `None` (written as `null`) once `js::port` took the text out to set in place.
    pub facts: Option<String>,
    /// The brief; as `facts`.
    pub brief: Option<String>,
    actions: Rows,
    /// docs/session.md §34: each list on this page, its repeated actions and its live rows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    lists: Vec<ListRow>,
    journeys: Vec<JourneyRow>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    journeys_elsewhere: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    journeys_elsewhere_means: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    route_to: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    arrival: Option<&'static str>,
    you_are_on: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    looking_at: Option<String>,
    version: u64,
}

/// A list on this page (docs/session.md §34): fire one of `actions` with `instance` set to a row's id;
/// each row is named by the app's own label.
#[derive(Debug, Serialize)]
struct ListRow {
    list: String,
    does: String,
    actions: Vec<String>,
    instances: Vec<crate::session::InstanceRef>,
}

/// A journey startable here, or the open one (`frame: "open"`).
#[derive(Debug, Serialize)]
struct JourneyRow {
    journey: String,
    does: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    frame: Option<&'static str>,
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

/// One served action as a model reads it (docs/facts-and-serving.md §4.5): presence-only marks
/// (never `false` for "not"; `enabled` and `materialized` only as `false`), `expects` verbatim.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ActionRow<'a> {
    action: &'a str,
    does: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    goes_to: Option<&'a str>,
    #[serde(skip_serializing_if = "is_false")]
    high_effect: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    enabled: Option<bool>,
    /// docs/facts-and-serving.md §7.2: why it is grey and what writes what it waits on.
    #[serde(skip_serializing_if = "Option::is_none")]
    blocked_because: Option<&'a [StatedCondition]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unblocked_by: Option<&'a [Unblocker]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    busy: Option<&'a str>,
    #[serde(skip_serializing_if = "is_false")]
    guard_unevaluated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    materialized: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expects: Option<Expects<'a>>,
}

/// `expects`: `"none"` or the schema verbatim (absent when no input was declared).
#[derive(Serialize)]
#[serde(untagged)]
enum Expects<'a> {
    None(&'static str),
    Schema(&'a Value),
}

fn is_false(flag: &bool) -> bool {
    !*flag
}

/// JSON text under construction: fixed fragments pushed as they are, strings escaped as serde_json
/// escapes them, nested typed values written by serde_json.
struct Json<'a>(&'a mut Vec<u8>);

impl Json<'_> {
    fn raw(&mut self, fragment: &str) {
        self.0.extend_from_slice(fragment.as_bytes());
    }

    /// A JSON string. Text with nothing to escape (no control character, quote or backslash: nearly
    /// all of it) is copied whole; anything else is written by serde_json, so the escapes are its own.
    fn str(&mut self, text: &str) {
        if text.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
            self.0.push(b'"');
            self.0.extend_from_slice(text.as_bytes());
            self.0.push(b'"');
        } else {
            self.value(text);
        }
    }

    /// A JSON value as serde_json writes it: containers walked here (their keys and strings through
    /// [`Json::str`]), numbers written by serde_json.
    fn json(&mut self, value: &Value) {
        match value {
            Value::Null => self.raw("null"),
            Value::Bool(flag) => self.bool(*flag),
            Value::Number(n) => self.value(n),
            Value::String(text) => self.str(text),
            Value::Array(items) => {
                self.raw("[");
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.raw(",");
                    }
                    self.json(item);
                }
                self.raw("]");
            }
            Value::Object(members) => {
                self.raw("{");
                for (i, (key, item)) in members.iter().enumerate() {
                    if i > 0 {
                        self.raw(",");
                    }
                    self.str(key);
                    self.raw(":");
                    self.json(item);
                }
                self.raw("}");
            }
        }
    }

    fn value<T: Serialize + ?Sized>(&mut self, value: &T) {
        // Writing into a Vec cannot fail, and every value here has string keys.
        let _ = serde_json::to_writer(&mut *self.0, value);
    }

    fn bool(&mut self, flag: bool) {
        self.raw(if flag { "true" } else { "false" });
    }
}

impl WhatsHere {
    /// The result as JSON text, byte for byte what `serde_json::to_string(self)` writes: the fields
    /// in declaration order, optional ones only when serde would write them.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        let mut j = Json(out);
        j.raw("{\"ok\":");
        j.bool(self.ok);
        for (key, text) in [(",\"facts\":", &self.facts), (",\"brief\":", &self.brief)] {
            j.raw(key);
            match text {
                Some(text) => j.str(text),
                None => j.raw("null"),
            }
        }
        j.raw(",\"actions\":[");
        for (i, (edge, action)) in self
            .actions
            .edges
            .iter()
            .zip(&self.actions.actions)
            .enumerate()
        {
            if i > 0 {
                j.raw(",");
            }
            write_row(&mut j, &row(edge, &action.input));
        }
        j.raw("]");
        if !self.lists.is_empty() {
            j.raw(",\"lists\":");
            j.value(&self.lists);
        }
        j.raw(",\"journeys\":[");
        for (i, journey) in self.journeys.iter().enumerate() {
            j.raw(if i > 0 {
                ",{\"journey\":"
            } else {
                "{\"journey\":"
            });
            j.str(&journey.journey);
            j.raw(",\"does\":");
            j.str(&journey.does);
            if let Some(frame) = journey.frame {
                j.raw(",\"frame\":");
                j.str(frame);
            }
            j.raw("}");
        }
        j.raw("]");
        if !self.journeys_elsewhere.is_empty() {
            j.raw(",\"journeysElsewhere\":[");
            for (i, id) in self.journeys_elsewhere.iter().enumerate() {
                if i > 0 {
                    j.raw(",");
                }
                j.str(id);
            }
            j.raw("]");
        }
        if let Some(means) = self.journeys_elsewhere_means {
            j.raw(",\"journeysElsewhereMeans\":");
            j.str(means);
        }
        if let Some(route) = &self.route_to {
            j.raw(",\"routeTo\":");
            j.json(route);
        }
        if let Some(arrival) = self.arrival {
            j.raw(",\"arrival\":");
            j.str(arrival);
        }
        j.raw(",\"youAreOn\":");
        j.str(&self.you_are_on);
        if let Some(focus) = &self.looking_at {
            j.raw(",\"lookingAt\":");
            j.str(focus);
        }
        j.raw(",\"version\":");
        j.value(&self.version);
        j.raw("}");
    }

    /// [`WhatsHere::write_json`] as a `String`.
    pub fn json_text(&self) -> String {
        let mut out = Vec::with_capacity(1024);
        self.write_json(&mut out);
        String::from_utf8(out).unwrap_or_default()
    }
}

/// One [`ActionRow`], in its declaration order (what serde writes for it).
fn write_row(j: &mut Json<'_>, row: &ActionRow<'_>) {
    j.raw("{\"action\":");
    j.str(row.action);
    j.raw(",\"does\":");
    j.str(row.does);
    if let Some(page) = row.goes_to {
        j.raw(",\"goesTo\":");
        j.str(page);
    }
    if row.high_effect {
        j.raw(",\"highEffect\":true");
    }
    if let Some(enabled) = row.enabled {
        j.raw(",\"enabled\":");
        j.bool(enabled);
    }
    if let Some(conditions) = row.blocked_because {
        j.raw(",\"blockedBecause\":");
        j.value(conditions);
    }
    if let Some(writers) = row.unblocked_by {
        j.raw(",\"unblockedBy\":");
        j.value(writers);
    }
    if let Some(label) = row.busy {
        j.raw(",\"busy\":");
        j.str(label);
    }
    if row.guard_unevaluated {
        j.raw(",\"guardUnevaluated\":true");
    }
    if let Some(materialized) = row.materialized {
        j.raw(",\"materialized\":");
        j.bool(materialized);
    }
    match row.expects {
        Some(Expects::None(word)) => {
            j.raw(",\"expects\":");
            j.str(word);
        }
        Some(Expects::Schema(schema)) => {
            j.raw(",\"expects\":");
            j.json(schema);
        }
        None => {}
    }
    j.raw("}");
}

fn row<'a>(edge: &'a AvailableEdge, input: &'a InputContract) -> ActionRow<'a> {
    ActionRow {
        action: &edge.affordance_id,
        does: &edge.description,
        goes_to: edge.goes_to.as_deref(),
        high_effect: edge.high_effect,
        enabled: (edge.enabled == Some(false)).then_some(false),
        blocked_because: edge.blocked_because.as_deref(),
        unblocked_by: edge.unblocked_by.as_deref(),
        busy: edge.busy.as_deref(),
        guard_unevaluated: !edge.guard_unevaluated.is_empty(),
        materialized: (edge.materialized == Some(false)).then_some(false),
        expects: match input {
            InputContract::Unknown => None,
            InputContract::NoInput => Some(Expects::None("none")),
            InputContract::Schema(schema) => Some(Expects::Schema(schema)),
        },
    }
}

impl AgentPort {
    /// The repeating containers of the current page with their live rows (docs/session.md §34).
    fn lists_here(&self) -> Vec<ListRow> {
        let graph = self.session.graph();
        if graph.containers.is_empty() {
            return Vec::new();
        }
        let node = self.session.node();
        graph
            .containers
            .iter()
            .filter(|c| c.page == node && !c.repeats.is_empty())
            .map(|c| ListRow {
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
                journeys.push(JourneyRow {
                    journey: journey.id.clone(),
                    does: journey.does.clone(),
                    frame: open.then_some("open"),
                });
            } else {
                elsewhere.push(journey.id.clone());
            }
        }
        // docs/facts-and-serving.md §4.4: the declared hops to a page the model asked about.
        let route_to = args.string("routeTo").map(|target| {
            match self.session.route_to(target) {
                Ok(answer) => super::port::route_to(answer).done(),
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
                    route.done()
                }
            }
        });
        let journeys_elsewhere_means = (!elsewhere.is_empty()).then_some(JOURNEYS_ELSEWHERE_MEANS);
        WhatsHere {
            ok: true,
            facts: Some(facts),
            brief: Some(brief),
            lists: self.lists_here(),
            actions: Rows { edges, actions },
            journeys,
            journeys_elsewhere: elsewhere,
            journeys_elsewhere_means,
            route_to,
            // Decision 20: the cursor stands only on a fire's claim; the app has not confirmed it.
            arrival: self.session.position_claimed().then_some("claimed"),
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
