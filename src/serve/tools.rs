//! The fixed tool array of the port: names, descriptions and input schemas, built once.
//!
//! Uses `graph::NavigationGraph` (graph id, declared journeys), `serve::texts` (constants) and
//! `serve::tool_name` (encoding). Used by `serve::port`, which builds the array at construction and
//! hands out copies — the array never changes for the port's life, whatever the session does
//! (a tool-set change would bust a model host's prompt cache and re-teach the model every turn).

use crate::json_types::JsonSchema;
use serde::Serialize;
use serde_json::{json, Map, Value};

use super::texts;
use super::tool_name::{encode_tool_name, provider_names};
use crate::graph::NavigationGraph;

/// One tool as a model host (MCP-shaped) sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ToolDescription {
    pub name: String,
    pub description: String,
    pub input_schema: JsonSchema,
}

/// Which generic tool a name dispatches to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolKind {
    /// `<g>.journey.<id>`, carrying the journey id.
    Journey(String),
    WhatsHere,
    Why,
    DoAction,
    DidItWork,
}

/// The tool array plus the name → kind table the dispatcher reads.
#[derive(Debug, Clone)]
pub struct ToolTable {
    pub tools: Vec<ToolDescription>,
    /// Each tool's name, then its provider name (`serve::formats`) when that differs.
    pub kinds: Vec<(String, ToolKind)>,
    /// The OpenAI/Anthropic-safe name of each tool, parallel to `tools`.
    pub provider: Vec<String>,
}

impl ToolTable {
    /// Build the array for `graph`. `gated` picks the confirm/decline argument wording (fixed per session).
    pub fn build(graph: &NavigationGraph, gated: bool) -> ToolTable {
        let g = graph.id.as_str();
        let mut tools = Vec::new();
        let mut kinds = Vec::new();
        let mut push = |composed: String, kind: ToolKind, description: String, schema: Value| {
            let name = encode_tool_name(&composed);
            kinds.push((name.clone(), kind));
            tools.push(ToolDescription {
                name,
                description,
                input_schema: schema,
            });
        };
        for journey in &graph.journeys {
            push(
                format!("{g}.journey.{}", journey.id),
                ToolKind::Journey(journey.id.clone()),
                format!("{} {}", journey.does, texts::JOURNEY_USAGE),
                journey_schema(gated),
            );
        }
        push(
            format!("{g}.whats_here"),
            ToolKind::WhatsHere,
            texts::WHATS_HERE.into(),
            whats_here_schema(),
        );
        push(
            format!("{g}.why"),
            ToolKind::Why,
            texts::WHY.into(),
            why_schema(),
        );
        push(
            format!("{g}.do_action"),
            ToolKind::DoAction,
            texts::DO_ACTION.into(),
            do_action_schema(
                gated,
                graph.containers.iter().any(|c| !c.repeats.is_empty()),
            ),
        );
        push(
            format!("{g}.did_it_work"),
            ToolKind::DidItWork,
            texts::DID_IT_WORK.into(),
            did_it_work_schema(),
        );
        let journey_ids: Vec<&str> = graph.journeys.iter().map(|j| j.id.as_str()).collect();
        let provider = provider_names(g, &journey_ids);
        for (name, (_, tool_kind)) in provider.iter().zip(kinds.clone()) {
            if !kinds.iter().any(|(n, _)| n == name) {
                kinds.push((name.clone(), tool_kind));
            }
        }
        ToolTable {
            tools,
            kinds,
            provider,
        }
    }

    pub fn kind_of(&self, name: &str) -> Option<&ToolKind> {
        self.kinds.iter().find(|(n, _)| n == name).map(|(_, k)| k)
    }

    /// The encoded name of the tool of `kind` (always present: every table has the four generics).
    pub fn name_of(&self, kind: &ToolKind) -> String {
        self.kinds
            .iter()
            .find(|(_, k)| k == kind)
            .map(|(n, _)| n.clone())
            .unwrap_or_default()
    }

    /// The provider (OpenAI/Anthropic) name of the tool of `kind`.
    pub fn provider_name_of(&self, kind: &ToolKind) -> String {
        self.kinds
            .iter()
            .zip(&self.provider)
            .find(|((_, k), _)| k == kind)
            .map(|(_, p)| p.clone())
            .unwrap_or_default()
    }

    /// The tools' own (MCP) names, in array order.
    pub fn names(&self) -> Vec<String> {
        self.tools.iter().map(|t| t.name.clone()).collect()
    }
}

fn object_schema(properties: Map<String, Value>, required: &[&str]) -> Value {
    let mut schema = Map::new();
    schema.insert("type".into(), json!("object"));
    schema.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        schema.insert("required".into(), json!(required));
    }
    schema.insert("additionalProperties".into(), json!(false));
    Value::Object(schema)
}

fn prop(kind: &str, description: &str) -> Value {
    json!({ "type": kind, "description": description })
}

/// `input`, `confirm`, `decline`: shared verbatim by the journey tools and do_action.
fn acting_properties(properties: &mut Map<String, Value>, gated: bool) {
    properties.insert("input".into(), prop("object", texts::ARG_INPUT));
    let (confirm, decline) = if gated {
        (texts::ARG_CONFIRM_GATED, texts::ARG_DECLINE_GATED)
    } else {
        (texts::ARG_CONFIRM, texts::ARG_DECLINE)
    };
    properties.insert("confirm".into(), prop("boolean", confirm));
    properties.insert("decline".into(), prop("boolean", decline));
}

fn journey_schema(gated: bool) -> Value {
    let mut p = Map::new();
    p.insert("step".into(), prop("string", texts::ARG_STEP));
    acting_properties(&mut p, gated);
    object_schema(p, &[])
}

fn whats_here_schema() -> Value {
    let mut p = Map::new();
    p.insert(
        "sinceVersion".into(),
        prop("number", texts::ARG_SINCE_VERSION),
    );
    p.insert("routeTo".into(), prop("string", texts::ARG_ROUTE_TO));
    object_schema(p, &[])
}

fn why_schema() -> Value {
    let mut p = Map::new();
    p.insert("key".into(), prop("string", texts::ARG_KEY));
    object_schema(p, &["key"])
}

fn do_action_schema(gated: bool, lists: bool) -> Value {
    let mut p = Map::new();
    p.insert("action".into(), prop("string", texts::ARG_ACTION));
    // docs/session.md §34: only a graph with a list takes an instance, so others keep their schema.
    if lists {
        p.insert("instance".into(), prop("string", texts::ARG_INSTANCE));
    }
    acting_properties(&mut p, gated);
    object_schema(p, &["action"])
}

fn did_it_work_schema() -> Value {
    let mut p = Map::new();
    p.insert(
        "transitionId".into(),
        prop("string", texts::ARG_TRANSITION_ID),
    );
    object_schema(p, &["transitionId"])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::model::Journey;

    fn graph(id: &str, journeys: &[&str]) -> NavigationGraph {
        let journeys = journeys
            .iter()
            .map(|j| Journey {
                id: (*j).into(),
                does: format!("Do {j}"),
                steps: vec![],
                precondition: None,
            })
            .collect();
        NavigationGraph::from_parts(id.into(), None, vec![], vec![], journeys)
    }

    #[test]
    fn journeys_come_first_in_declaration_order_then_the_four_generics() {
        let table = ToolTable::build(&graph("wizard", &["new-project", "archive"]), false);
        assert_eq!(
            table.names(),
            [
                "wizard.journey.new-project",
                "wizard.journey.archive",
                "wizard.whats_here",
                "wizard.why",
                "wizard.do_action",
                "wizard.did_it_work"
            ]
        );
        assert!(table.tools[0]
            .description
            .starts_with("Do new-project Call with no arguments"));
    }

    #[test]
    fn every_schema_is_a_closed_object() {
        let table = ToolTable::build(&graph("g", &["j"]), false);
        for tool in &table.tools {
            assert_eq!(tool.input_schema["type"], "object", "{}", tool.name);
            assert_eq!(
                tool.input_schema["additionalProperties"], false,
                "{}",
                tool.name
            );
        }
        assert_eq!(
            table.tools[1].input_schema["properties"]["sinceVersion"]["type"],
            "number"
        );
        assert_eq!(table.tools[2].input_schema["required"], json!(["key"]));
        assert_eq!(table.tools[3].input_schema["required"], json!(["action"]));
        assert_eq!(
            table.tools[4].input_schema["required"],
            json!(["transitionId"])
        );
        assert!(table.tools[0].input_schema.get("required").is_none());
        // The acting arguments are the same objects on the journey tool and on do_action.
        for arg in ["input", "confirm", "decline"] {
            assert_eq!(
                table.tools[0].input_schema["properties"][arg],
                table.tools[3].input_schema["properties"][arg]
            );
        }
    }

    #[test]
    fn whats_here_tells_the_model_to_trust_facts() {
        let table = ToolTable::build(&graph("g", &[]), false);
        let d = &table.tools[0].description;
        assert!(d.contains("authoritative record"));
        assert!(d.contains("trust facts over your own account"));
    }

    #[test]
    fn the_gated_wording_differs_only_in_confirm_and_decline() {
        let open = ToolTable::build(&graph("g", &[]), false);
        let gated = ToolTable::build(&graph("g", &[]), true);
        let open_do = &open.tools[2].input_schema["properties"];
        let gated_do = &gated.tools[2].input_schema["properties"];
        assert_ne!(open_do["confirm"], gated_do["confirm"]);
        assert_ne!(open_do["decline"], gated_do["decline"]);
        assert_eq!(open_do["input"], gated_do["input"]);
    }

    #[test]
    fn odd_graph_ids_are_encoded_and_dispatch_by_the_encoded_name() {
        let table = ToolTable::build(&graph("my shop", &[]), false);
        // The underscore of `whats_here` is doubled once the name as a whole needs encoding.
        assert_eq!(table.tools[0].name, "_enc_my_u0020shop.whats__here");
        assert_eq!(
            table.kind_of("_enc_my_u0020shop.whats__here"),
            Some(&ToolKind::WhatsHere)
        );
        assert_eq!(table.kind_of("my shop.whats_here"), None);
    }
}
