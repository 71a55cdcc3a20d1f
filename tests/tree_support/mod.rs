//! Shared fixture for the tree and route tests (tests/session_tree.rs, tests/session_routes.rs;
//! docs/graph.md §2.2): a five-page graph whose `review` page holds tabs, a modal and a nested area,
//! a session over it, and small readers (the facts text, a `sync` that must succeed).
#![allow(dead_code)]

use std::rc::Rc;

use groundfacts::facts;
use groundfacts::graph::def::from_json_text;
use groundfacts::graph::{build_navigation_graph, NavigationGraph};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Map, Value};

pub fn graph_of(def: Value) -> Result<NavigationGraph, groundfacts::graph::GraphError> {
    build_navigation_graph("tree", &from_json_text(&def.to_string()).unwrap())
}

/// `home` → `review` (tabs `files` / `notes`, a `help` modal, a `side` area with a nested tab) →
/// `done`; `settings` only through a guarded link.
pub fn tree_def() -> Value {
    json!({"pages": {
        "home": {"does": "the start", "actions": {
            "open-review": {"does": "Open the review", "goTo": "review", "input": "none"},
            "open-settings": {"does": "Open settings", "goTo": "settings", "input": "none",
                "when": {"user.admin": {"eq": true}}}
        }},
        "review": {"does": "the review page", "containers": {
            "files": {"kind": "tab", "does": "the uploaded files", "containers": {
                "upload": {"kind": "modal", "does": "the upload dialog"}
            }},
            "notes": {"kind": "tab", "does": "the reviewer's notes"},
            "help": {"kind": "modal", "does": "the help dialog"},
            "side": {"kind": "area", "does": "the side panel"}
        }, "actions": {
            "submit": {"does": "Submit the review", "goTo": "done", "input": "none",
                "enabledWhen": {"upload.done": {"eq": true}}},
            "back": {"does": "Back home", "goTo": "home", "input": "none"}
        }},
        "done": {"does": "the end", "actions": {
            "restart": {"does": "Start again", "goTo": "home", "input": "none"}
        }},
        "settings": {"does": "the settings"},
        "island": {"does": "a page nothing links to", "actions": {
            "seed": {"does": "Write the seed", "writes": ["island.seed"], "input": "none"}
        }}
    }, "journeys": {
        "finish": {"does": "Finish the review", "steps": ["review.submit"]}
    }})
}

pub fn session_with(state: Value, retain: Option<f64>) -> (Rc<ClosureHost>, Session) {
    let graph = Rc::new(graph_of(tree_def()).unwrap());
    let host = Rc::new(ClosureHost::new());
    let state: Map<String, Value> = serde_json::from_value(state).unwrap();
    let session = Session::new(
        graph,
        host.clone(),
        SessionOptions {
            state: Some(state),
            retain,
            ..SessionOptions::default()
        },
    )
    .unwrap();
    (host, session)
}

pub fn sync(session: &Session, page: &str) {
    session.sync(page, SyncOptions::default()).unwrap();
}

pub fn facts_text(session: &Session) -> String {
    facts::ground_truth(session, None, None).text
}
