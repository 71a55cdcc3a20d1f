//! The compiled graph as plain data (`graph.describe()`, docs/graph.md §13): pages, actions, journeys
//! and containers (a list's with the actions it repeats) with everything a static check reads — where
//! each action is offered, its guards, verify, writes, destination and input — and nothing the app's
//! functions hold (a verify predicate is named, never handed out). `groundfacts/testing`'s `lintGraph`
//! runs over it in TypeScript, so the rules cost the shipped module only this serialisation
//! (docs/graph.md §13.4 says why).
//!
//! Reads `model`; used by `js::graph` (the `describe` method). tsify derives the TypeScript on wasm32.

use serde::Serialize;
use serde_json::Value;

use super::model::{
    ActionOrigin, ControlLocator, Filter, InputContract, NavigationGraph, Op, Verify,
};

/// One `key op threshold` conjunct of a compiled filter.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct DescribedCondition {
    pub key: String,
    pub op: Op,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "JsonValue"))]
    pub threshold: Value,
}

/// How an action's verify is declared: a filter (its conditions) or the app's predicate.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum DescribedVerify {
    Filter { conditions: Vec<DescribedCondition> },
    Predicate,
}

/// A page: its id, route (as its source wrote it), whether that route is literal, and `does`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct DescribedPage {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub route: Option<String>,
    pub literal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub does: Option<String>,
}

/// A compiled action, by its qualified id.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct DescribedAction {
    pub id: String,
    pub does: String,
    /// The pages that offer it, in order.
    pub on: Vec<String>,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "'page' | 'cross-link' | 'root'"))]
    pub origin: &'static str,
    /// The composed `when` (page guard + own), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub when: Option<Vec<DescribedCondition>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub enabled_when: Option<Vec<DescribedCondition>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub verify: Option<DescribedVerify>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub go_to: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub writes: Option<Vec<String>>,
    /// `'none'`, the JSON Schema, or absent (no contract).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional, type = "Expects"))]
    pub input: Option<Value>,
    pub confirm: bool,
    pub role: String,
    /// The literal href firing it hands to `navigate` when nothing else is wired.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub url_href: Option<String>,
    /// The person's on-screen control, by ARIA role and accessible name (`control`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub control: Option<ControlLocator>,
}

/// A journey: its steps as qualified action ids.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct DescribedJourney {
    pub id: String,
    pub does: String,
    pub steps: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub when: Option<Vec<DescribedCondition>>,
}

/// A container (area, tab or modal) by its path.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct DescribedContainer {
    pub path: String,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "'area' | 'tab' | 'modal'"))]
    pub kind: &'static str,
    pub does: String,
    pub page: String,
    pub parent: String,
    /// A list: the page actions (qualified ids) that exist once per row (`repeats`,
    /// docs/graph.md §15); absent for a container that does not repeat.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub repeats: Option<Vec<String>>,
}

/// What `graph.describe()` returns.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct GraphDescription {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub does: Option<String>,
    pub pages: Vec<DescribedPage>,
    pub actions: Vec<DescribedAction>,
    pub journeys: Vec<DescribedJourney>,
    pub containers: Vec<DescribedContainer>,
}

fn conditions(filter: &Filter) -> Vec<DescribedCondition> {
    filter
        .conditions
        .iter()
        .map(|c| DescribedCondition {
            key: c.key.clone(),
            op: c.op,
            threshold: c.threshold.clone(),
        })
        .collect()
}

/// The graph as plain data, in compiled order (docs/graph.md §3.5).
pub fn describe(graph: &NavigationGraph) -> GraphDescription {
    let pages = graph
        .pages
        .iter()
        .map(|p| DescribedPage {
            id: p.id.clone(),
            route: p.route.clone(),
            literal: p.pattern.as_ref().is_some_and(|r| r.is_literal()),
            does: p.description.clone(),
        })
        .collect();
    let actions = graph
        .actions
        .iter()
        .map(|a| DescribedAction {
            id: a.id.clone(),
            does: a.does.clone(),
            on: a.on.clone(),
            origin: match a.origin {
                ActionOrigin::CrossLink => "cross-link",
                ActionOrigin::Root => "root",
                ActionOrigin::Page | ActionOrigin::Mounted => "page",
            },
            when: a.guard.as_ref().map(conditions),
            enabled_when: a.enabled_when.as_ref().map(conditions),
            verify: a.verify.as_ref().map(|v| match v {
                Verify::Filter(f) => DescribedVerify::Filter {
                    conditions: conditions(f),
                },
                Verify::Predicate(_) => DescribedVerify::Predicate,
            }),
            go_to: a.navigates_to.clone(),
            writes: a.writes.clone(),
            input: match &a.input {
                InputContract::Unknown => None,
                InputContract::NoInput => Some(Value::from("none")),
                InputContract::Schema(schema) => Some(schema.clone()),
            },
            confirm: a.high_effect,
            role: a.role.clone(),
            url_href: a.url_href.clone(),
            control: a.control.clone(),
        })
        .collect();
    let journeys = graph
        .journeys
        .iter()
        .map(|j| DescribedJourney {
            id: j.id.clone(),
            does: j.does.clone(),
            steps: j.steps.clone(),
            when: j.precondition.as_ref().map(conditions),
        })
        .collect();
    let containers = graph
        .containers
        .iter()
        .map(|c| DescribedContainer {
            path: c.path.clone(),
            kind: c.kind.name(),
            does: c.does.clone(),
            page: c.page.clone(),
            parent: c.parent.clone(),
            repeats: (!c.repeats.is_empty()).then(|| c.repeats.clone()),
        })
        .collect();
    GraphDescription {
        id: graph.id.clone(),
        does: graph.description.clone(),
        pages,
        actions,
        journeys,
        containers,
    }
}
