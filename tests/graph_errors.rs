//! Pins every build-time error code: a bad definition that triggers it, and a message that says what and how to fix.

use groundfacts::graph::def::{from_json_text, obj, s, DefValue};
use groundfacts::graph::{
    build_navigation_graph, compile_mount_action, from_journeys, from_routes, GraphError,
};
use groundfacts::host::CallbackId;
use serde_json::json;

fn build(def: serde_json::Value) -> Result<groundfacts::graph::NavigationGraph, GraphError> {
    build_navigation_graph("g", &from_json_text(&def.to_string()).expect("json"))
}

fn refused(def: serde_json::Value, code: &str) -> String {
    let err = build(def.clone()).expect_err(&format!("{def} should be refused"));
    assert_eq!(err.code, code, "{}", err.message);
    assert!(err.message.starts_with("groundfacts: "), "{}", err.message);
    err.message
}

fn page_with(action: serde_json::Value) -> serde_json::Value {
    json!({"pages": {"p": {"route": "/p", "actions": {"x": action}}, "q": {"route": "/q/:id"}}})
}

#[test]
fn empty_graph_id_and_no_pages() {
    let err = build_navigation_graph(
        "  ",
        &from_json_text(r#"{"pages":{"a":{}}}"#).expect("json"),
    )
    .expect_err("blank id");
    assert_eq!(err.code, "EMPTY_GRAPH_ID");
    assert!(refused(json!({"pages": {}}), "NO_PAGES").contains("'g'"));
    refused(json!({}), "NO_PAGES");
}

#[test]
fn unknown_keys_name_the_key_the_place_and_the_nearest_valid_key() {
    let message = refused(page_with(json!({"does": "X", "goto": "q"})), "UNKNOWN_KEY");
    assert!(
        message.contains("'goto'")
            && message.contains("action 'p.x'")
            && message.contains("did you mean `goTo`?"),
        "{message}"
    );
    let message = refused(json!({"pages": {"p": {"rout": "/p"}}}), "UNKNOWN_KEY");
    assert!(
        message.contains("page 'p'") && message.contains("`route`"),
        "{message}"
    );
    let message = refused(json!({"page": {"p": {}}}), "UNKNOWN_KEY");
    assert!(
        message.contains("the definition") && message.contains("`pages`"),
        "{message}"
    );
    refused(
        json!({"pages": {"p": {"actions": {"x": {"does": "X", "on": ["p"]}}}}}),
        "UNKNOWN_KEY",
    );
    refused(
        json!({"pages": {"p": {}}, "journeys": {"j": {"does": "J", "steps": ["x"], "precondition": {}}}}),
        "UNKNOWN_KEY",
    );
}

#[test]
fn renamed_and_unsupported_keys() {
    assert!(refused(json!({"pages": {"p": {}}, "tools": {}}), "RENAMED_KEY").contains("`actions`"));
    assert!(
        refused(json!({"pages": {"p": {}}, "skills": {}}), "RENAMED_KEY").contains("`journeys`")
    );
    refused(json!({"pages": {"p": {"tools": {}}}}), "RENAMED_KEY");
    let message = refused(
        json!({"pages": {"p": {"modals": {"m": {}}}}}),
        "UNSUPPORTED_KEY",
    );
    assert!(
        message.contains("containers: { name: { kind: 'area' | 'tab' | 'modal'"),
        "{message}"
    );
    refused(json!({"pages": {"p": {"areas": {}}}}), "UNSUPPORTED_KEY");
    refused(json!({"pages": {"p": {"tabs": {}}}}), "UNSUPPORTED_KEY");
    refused(
        json!({"pages": {"p": {"when": {"a": {"eq": 1}}}}}),
        "UNSUPPORTED_KEY",
    );
    refused(
        page_with(json!({"does": "X", "reads": ["a"]})),
        "UNSUPPORTED_KEY",
    );
}

#[test]
fn field_types_are_enforced() {
    let message = refused(
        page_with(json!({"does": "X", "writes": "project.name"})),
        "BAD_VALUE",
    );
    assert!(
        message.contains("`writes`") && message.contains("a string"),
        "{message}"
    );
    refused(
        page_with(json!({"does": "X", "writes": ["a", 1]})),
        "BAD_VALUE",
    );
    refused(
        page_with(json!({"does": "X", "confirm": "yes"})),
        "BAD_VALUE",
    );
    refused(page_with(json!({"does": "X", "confirm": 1})), "BAD_VALUE");
    refused(page_with(json!({"does": "X", "role": "jump"})), "BAD_VALUE");
    refused(page_with(json!({"does": 3})), "BAD_VALUE");
    refused(json!({"pages": {"p": {"route": 5}}}), "BAD_VALUE");
    refused(json!({"pages": ["p"]}), "BAD_VALUE");
    refused(
        json!({"pages": {"p": {}}, "journeys": {"j": {"does": "J", "steps": "x"}}}),
        "BAD_VALUE",
    );
    // `null` is absent for optional fields…
    let graph = build(page_with(
        json!({"does": "X", "writes": null, "confirm": null, "goTo": null, "when": null}),
    ))
    .expect("nulls are absent");
    assert!(!graph.action("p.x").expect("x").high_effect);
}

#[test]
fn names_obey_the_name_law() {
    let message = refused(json!({"pages": {"a.b": {}}}), "BAD_NAME");
    assert!(
        message.contains("'a.b'") && message.contains("reserved"),
        "{message}"
    );
    refused(
        json!({"pages": {"p": {"actions": {"x/y": {"does": "X"}}}}}),
        "BAD_NAME",
    );
    refused(
        json!({"pages": {"p": {"actions": {" ": {"does": "X"}}}}}),
        "BAD_NAME",
    );
    refused(
        json!({"pages": {"p": {}}, "journeys": {"j|k": {"does": "J", "steps": ["x"]}}}),
        "BAD_NAME",
    );
    refused(
        json!({"pages": {"p": {"actions": {"leave-journey": {"does": "X"}}}}}),
        "RESERVED_ACTION",
    );
    refused(
        json!({"pages": {"p": {}}, "actions": {"leave-journey": {"does": "X", "on": "p"}}}),
        "RESERVED_ACTION",
    );
    build(json!({"pages": {"toString": {"actions": {"toString": {"does": "X"}}}}}))
        .expect("JS-ish names are fine");
}

#[test]
fn does_is_required() {
    refused(page_with(json!({})), "MISSING_DOES");
    refused(page_with(json!({"does": "  "})), "MISSING_DOES");
    refused(
        json!({"pages": {"p": {}}, "journeys": {"j": {"steps": ["x"]}}}),
        "MISSING_DOES",
    );
}

#[test]
fn filters_and_inputs_are_checked_in_every_use() {
    refused(page_with(json!({"does": "X", "when": {}})), "BAD_FILTER");
    refused(
        page_with(json!({"does": "X", "enabledWhen": {"a": true}})),
        "BAD_FILTER",
    );
    refused(
        page_with(json!({"does": "X", "verify": {"a": {"eq": 1, "bogus": 2}}})),
        "BAD_FILTER",
    );
    refused(
        page_with(json!({"does": "X", "verify": "done"})),
        "BAD_FILTER",
    );
    refused(
        json!({"pages": {"p": {"actions": {"x": {"does": "X"}}}}, "journeys": {"j": {"does": "J", "steps": ["x"], "when": {"k": {"in": "a"}}}}}),
        "BAD_FILTER",
    );
    assert!(refused(
        page_with(json!({"does": "X", "input": "None"})),
        "BAD_INPUT"
    )
    .contains("'none'"));
    refused(page_with(json!({"does": "X", "input": null})), "BAD_INPUT");
}

#[test]
fn go_to_on_and_bindings_must_name_real_pages_and_literal_addresses() {
    let message = refused(
        page_with(json!({"does": "X", "goTo": "nowhere"})),
        "UNKNOWN_GOTO",
    );
    assert!(
        message.contains("'nowhere'") && message.contains("'p', 'q'"),
        "{message}"
    );
    refused(
        page_with(json!({"does": "X", "goTo": "p.x"})),
        "UNKNOWN_GOTO",
    );
    refused(
        json!({"pages": {"p": {}}, "actions": {"help": {"does": "Help"}}}),
        "ROOT_ACTION_NO_PAGES",
    );
    refused(
        json!({"pages": {"p": {}}, "actions": {"help": {"does": "Help", "on": []}}}),
        "ROOT_ACTION_NO_PAGES",
    );
    refused(
        json!({"pages": {"p": {}}, "actions": {"help": {"does": "Help", "on": ["z"]}}}),
        "UNKNOWN_PAGE",
    );
    let message = refused(
        page_with(json!({"does": "X", "binding": {"kind": "url", "href": "/o/:id"}})),
        "PARAM_ROUTE",
    );
    assert!(message.contains("never guessed"), "{message}");
    refused(
        page_with(json!({"does": "X", "binding": {"kind": "element", "selector": "#a"}})),
        "UNKNOWN_KEY",
    );
    refused(
        page_with(json!({"does": "X", "binding": {"kind": "keychord"}})),
        "BAD_BINDING",
    );
    refused(
        page_with(json!({"does": "X", "binding": {"kind": "url", "href": 3}})),
        "BAD_BINDING",
    );
    let graph = build(page_with(
        json!({"does": "X", "binding": {"kind": "url", "href": "/o/1"}}),
    ))
    .expect("literal href");
    assert_eq!(
        graph.action("p.x").and_then(|a| a.url_href.as_deref()),
        Some("/o/1")
    );
}

#[test]
fn duplicate_ids_and_route_conflicts() {
    let a = from_routes(
        &from_json_text(r#"{"home":"/"}"#).expect("json"),
        &DefValue::Undefined,
    )
    .expect("a");
    let b = from_routes(
        &from_json_text(r#"{"home":"/home"}"#).expect("json"),
        &DefValue::Undefined,
    )
    .expect("b");
    refused(json!({"sources": [a, b]}), "DUPLICATE_ID");
    let j = from_journeys(&from_json_text(r#"{"j":{"does":"J","steps":["x"]}}"#).expect("json"))
        .expect("j");
    refused(
        json!({"pages": {"p": {"actions": {"x": {"does": "X"}}}}, "sources": [j.clone(), j]}),
        "DUPLICATE_ID",
    );
    refused(
        json!({"pages": {"p": {}}, "actions": {"p": {"does": "X", "on": "p"}}}),
        "DUPLICATE_ID",
    );
    let links = from_routes(
        &from_json_text(r#"{"x":"/x","go-to-x":"/y"}"#).expect("json"),
        &from_json_text(r#"{"crossLinks":true}"#).expect("json"),
    )
    .expect("links");
    refused(json!({"sources": [links]}), "DUPLICATE_ID");
    let routes = from_routes(
        &from_json_text(r#"{"cart":"/cart"}"#).expect("json"),
        &DefValue::Undefined,
    )
    .expect("routes");
    let message = refused(
        json!({"sources": [routes.clone()], "pages": {"cart": {"route": "/cart/items"}}}),
        "ROUTE_CONFLICT",
    );
    assert!(
        message.contains("'/cart/items'") && message.contains("'/cart'"),
        "{message}"
    );
    build(json!({"sources": [routes], "pages": {"cart": {"route": "cart/"}}}))
        .expect("equivalent routes merge");
}

#[test]
fn sources_must_be_known_kinds() {
    refused(json!({"sources": {"kind": "routes"}}), "BAD_SOURCE");
    refused(json!({"sources": [42]}), "BAD_SOURCE");
    let message = refused(
        json!({"sources": [{"kind": "router", "pages": {}}]}),
        "BAD_SOURCE",
    );
    assert!(
        message.contains("'router'") && message.contains("sources[0]"),
        "{message}"
    );
    refused(
        json!({"sources": [{"kind": "routes", "pages": []}]}),
        "BAD_SOURCE",
    );
    refused(
        json!({"sources": [{"kind": "routes", "pages": {"a": "/a"}, "crossLinks": "yes"}]}),
        "BAD_SOURCE",
    );
    refused(json!({"sources": [{"kind": "live"}]}), "BAD_SOURCE");
    refused(
        json!({"sources": [{"kind": "routes", "pages": {"a": {"route": "/a", "actions": {}}}}]}),
        "UNKNOWN_KEY",
    );
    refused(
        json!({"sources": [{"kind": "routes", "pages": {"a": "/a", "b": "/b"}, "crossLinks": ["c"]}]}),
        "UNKNOWN_PAGE",
    );
    refused(
        json!({"sources": [{"kind": "routes", "pages": {"a": "/a", "b": "/b/:id"}, "crossLinks": ["b"]}]}),
        "PARAM_ROUTE",
    );
}

#[test]
fn journey_steps_are_checked() {
    let base = |steps: serde_json::Value| {
        json!({"pages": {"a": {"actions": {"save": {"does": "S"}}}, "b": {"actions": {"save": {"does": "S"}}}},
               "journeys": {"j": {"does": "J", "steps": steps}}})
    };
    refused(base(json!([])), "NO_STEPS");
    refused(
        json!({"pages": {"p": {}}, "journeys": {"j": {"does": "J"}}}),
        "NO_STEPS",
    );
    refused(base(json!([3])), "BAD_STEP");
    refused(base(json!([{"step": ""}])), "BAD_STEP");
    refused(base(json!([{"name": "save"}])), "UNKNOWN_KEY");
    let message = refused(base(json!(["nope"])), "UNKNOWN_STEP");
    assert!(message.contains("'a.save', 'b.save'"), "{message}");
    refused(base(json!([""])), "UNKNOWN_STEP");
    let message = refused(base(json!(["save"])), "AMBIGUOUS_STEP");
    assert!(
        message.contains("a.save | b.save") && message.contains("qualified"),
        "{message}"
    );
}

#[test]
fn factories_refuse_bad_tables() {
    let err = from_routes(
        &from_json_text(r#"{"a":5}"#).expect("json"),
        &DefValue::Undefined,
    )
    .expect_err("route type");
    assert_eq!(err.code, "BAD_VALUE");
    assert!(err.message.contains("a number"));
    let err = from_routes(
        &from_json_text(r#"{"a":{"route":"/a","label":"A"}}"#).expect("json"),
        &DefValue::Undefined,
    )
    .expect_err("extra key");
    assert_eq!(err.code, "UNKNOWN_KEY");
    let err = from_routes(
        &from_json_text(r#"{"a":{"route":"/a","actions":{}}}"#).expect("json"),
        &DefValue::Undefined,
    )
    .expect_err("actions");
    assert!(err.message.contains("never controls"), "{}", err.message);
    let err = from_routes(
        &from_json_text(r#"{"a.b":"/a"}"#).expect("json"),
        &DefValue::Undefined,
    )
    .expect_err("name");
    assert_eq!(err.code, "BAD_NAME");
    assert!(err.message.contains("fromRoutes"));
    let err = from_routes(
        &from_json_text(r#"{"a":"/a"}"#).expect("json"),
        &from_json_text(r#"{"crosslinks":true}"#).expect("json"),
    )
    .expect_err("typo");
    assert!(
        err.message.contains("did you mean `crossLinks`?"),
        "{}",
        err.message
    );
    let err = from_journeys(&from_json_text(r#"{"j":{"does":"J","steps":"a"}}"#).expect("json"))
        .expect_err("steps");
    assert_eq!(err.code, "BAD_VALUE");
    let err = from_journeys(&from_json_text(r#"{"j/k":{"does":"J","steps":[]}}"#).expect("json"))
        .expect_err("name");
    assert_eq!(err.code, "BAD_NAME");
}

#[test]
fn mount_actions_follow_page_action_rules() {
    let graph =
        build(json!({"pages": {"p": {"route": "/p"}, "q": {"route": "/q"}}})).expect("graph");
    let def = obj([
        ("does", s("Save")),
        ("goTo", s("q")),
        ("handler", DefValue::Function(CallbackId(7))),
    ]);
    let (action, handler) = compile_mount_action(&graph, "p", "save", &def).expect("mount");
    assert_eq!(action.id, "p.save");
    assert_eq!(action.on, vec!["p"]);
    assert_eq!(handler, Some(CallbackId(7)));
    assert_eq!(action.url_href.as_deref(), Some("/q"));
    let code = |page: &str, name: &str, def: &DefValue| {
        compile_mount_action(&graph, page, name, def)
            .expect_err("refused")
            .code
    };
    assert_eq!(code("zz", "save", &def), "UNKNOWN_PAGE");
    assert_eq!(code("p", "leave-journey", &def), "RESERVED_ACTION");
    assert_eq!(code("p", "a.b", &def), "BAD_NAME");
    assert_eq!(
        code(
            "p",
            "save",
            &obj([("does", s("S")), ("goTo", s("nowhere"))])
        ),
        "UNKNOWN_GOTO"
    );
    assert_eq!(
        code("p", "save", &obj([("does", s("S")), ("handler", s("fn"))])),
        "BAD_VALUE"
    );
}
