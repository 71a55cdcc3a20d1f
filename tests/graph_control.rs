//! Pins an action's `control: { role, name }` (docs/session.md §33): compiled with its name's white
//! space collapsed, carried on `available()` edges and `describe()`, refused when malformed, and left
//! out of the snapshot fingerprint when undeclared.

use groundfacts::codes::ErrorCode;
use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::graph::describe::describe;
use groundfacts::session::graph_fingerprint;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{Session, SessionOptions};
use serde_json::{json, Value};
use std::rc::Rc;

fn graph(
    control: Value,
) -> Result<groundfacts::graph::NavigationGraph, groundfacts::graph::GraphError> {
    let mut save = json!({"does": "Save the note", "input": "none"});
    if !control.is_null() {
        save["control"] = control;
    }
    let def =
        json!({"pages": {"note": {"actions": {"save": save, "close": {"does": "Close it"}}}}});
    build_navigation_graph("notes", &from_json_text(&def.to_string()).expect("def"))
}

#[test]
fn a_declared_control_reaches_the_edge_and_the_description() {
    let g = graph(json!({"role": "Button", "name": "  Save\n note "})).expect("compiles");
    let described = describe(&g);
    let save = described
        .actions
        .iter()
        .find(|a| a.id == "note.save")
        .unwrap();
    let control = save.control.as_ref().expect("control");
    assert_eq!(
        (control.role.as_str(), control.name.as_str()),
        ("button", "Save note")
    );
    let s = Session::new(
        Rc::new(g),
        Rc::new(ClosureHost::new()),
        SessionOptions::default(),
    )
    .unwrap();
    let edges = s.available().edges;
    let edge = edges
        .iter()
        .find(|e| e.affordance_id == "note.save")
        .unwrap();
    assert_eq!(
        edge.control.as_ref().map(|c| c.name.as_str()),
        Some("Save note")
    );
    let shown = serde_json::to_value(edge).unwrap();
    assert_eq!(
        shown["control"],
        json!({"role": "button", "name": "Save note"})
    );
    let close = edges
        .iter()
        .find(|e| e.affordance_id == "note.close")
        .unwrap();
    assert!(serde_json::to_value(close)
        .unwrap()
        .get("control")
        .is_none());
}

#[test]
fn a_malformed_control_is_refused_with_the_fix() {
    for bad in [
        json!("button"),
        json!({"role": "button"}),
        json!({"role": "", "name": "x"}),
        json!({"role": "button", "name": "x", "label": "y"}),
    ] {
        let err = graph(bad.clone()).expect_err("refused");
        assert!(
            matches!(err.code, ErrorCode::BadValue | ErrorCode::UnknownKey),
            "{bad}: {:?}",
            err.code
        );
        assert!(err.message.contains("control"), "{}", err.message);
    }
}

#[test]
fn an_undeclared_control_leaves_the_fingerprint_alone() {
    let plain = graph(Value::Null).unwrap();
    let with = graph(json!({"role": "button", "name": "Save"})).unwrap();
    assert_ne!(graph_fingerprint(&plain), graph_fingerprint(&with));
    let shown = format!("{:?}", plain.actions[0]);
    assert!(
        shown.ends_with("concurrency: Parallel, control: None }"),
        "{shown}"
    );
}
