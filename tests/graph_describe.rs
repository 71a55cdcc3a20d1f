//! Pins `graph.describe()`'s data (src/graph/describe.rs, docs/graph.md §13): the seed wizard as the lint
//! reads it — every compiled action in order with where it is offered, guards as conditions, a verify
//! predicate named and never handed out, inputs and writes as authored, journeys by qualified step ids;
//! and a list's container with the actions it repeats (docs/graph.md §15).

use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::graph::describe::describe;
use groundfacts::host::CallbackId;
use serde_json::json;

#[path = "session_support/mod.rs"]
mod session_support;

#[test]
fn the_seed_wizard_described() {
    let graph = session_support::wizard_graph(true, CallbackId(1));
    let data = serde_json::to_value(describe(&graph)).expect("serialises");
    assert_eq!(data["id"], "wizard");
    assert_eq!(
        data["pages"][0],
        json!({ "id": "projects", "route": "/projects", "literal": true, "does": "the Projects list" })
    );
    let ids: Vec<&str> = data["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .map(|a| a["id"].as_str().expect("id"))
        .collect();
    assert_eq!(ids, graph.action_ids().collect::<Vec<_>>());
    assert_eq!(
        data["actions"][1],
        json!({
            "id": "wizard.pick-recipe",
            "does": "Pick the analysis recipe",
            "on": ["wizard"],
            "origin": "page",
            "when": [{ "key": "project.name", "op": "ne", "threshold": "" }],
            "verify": { "kind": "filter", "conditions": [{ "key": "project.recipe", "op": "ne", "threshold": "" }] },
            "writes": ["project.recipe"],
            "input": { "type": "object", "properties": { "recipe": { "type": "string" } }, "required": ["recipe"] },
            "confirm": false,
            "role": "action"
        })
    );
    let next = &data["actions"][2];
    assert_eq!(next["verify"], json!({ "kind": "predicate" }));
    assert_eq!(next["enabledWhen"][0]["key"], "project.recipe");
    assert_eq!(next["goTo"], "review");
    assert_eq!(next["input"], "none");
    assert_eq!(next["urlHref"], "/projects/new/review");
    let link = &data["actions"][4];
    assert_eq!(link["id"], "go-to-projects");
    assert_eq!(link["origin"], "cross-link");
    assert_eq!(link["on"], json!(["wizard", "review"]));
    assert_eq!(data["actions"][3]["confirm"], true);
    assert_eq!(
        data["journeys"][0]["steps"],
        json!([
            "wizard.name-it",
            "wizard.pick-recipe",
            "wizard.next-to-review",
            "review.create-project"
        ])
    );
    assert_eq!(data["containers"], json!([]));
}

#[test]
fn a_list_container_names_what_it_repeats() {
    let def = json!({"pages": {"projects": {"route": "/projects", "does": "the Projects list",
    "containers": {
        "rows": {"kind": "area", "does": "One row per project", "repeats": ["open", "archive"]},
        "filters": {"kind": "tab", "does": "Filter the list"}
    },
    "actions": {
        "open": {"does": "Open the project"},
        "archive": {"does": "Archive the project"},
        "new": {"does": "Start a new project"}
    }}}});
    let graph = build_navigation_graph("lists", &from_json_text(&def.to_string()).expect("json"))
        .expect("builds");
    let data = serde_json::to_value(describe(&graph)).expect("serialises");
    assert_eq!(
        data["containers"],
        json!([
            {
                "path": "projects.rows", "kind": "area", "does": "One row per project",
                "page": "projects", "parent": "projects",
                "repeats": ["projects.open", "projects.archive"]
            },
            {
                "path": "projects.filters", "kind": "tab", "does": "Filter the list",
                "page": "projects", "parent": "projects"
            }
        ]),
        "a list names its repeated actions by qualified id; a container that repeats nothing has no key"
    );
}
