//! Pins the two lookup tables: journey step resolution (docs/graph.md §3.3) and matchRoute (docs/graph.md §7).

use groundfacts::graph::def::from_json_text;
use groundfacts::graph::model::{NavigationGraph, Page};
use groundfacts::graph::routes::match_route_in;
use groundfacts::graph::{build_navigation_graph, match_route, resolve_name, Resolution};
use serde_json::json;

fn steps_of(
    pages: serde_json::Value,
    roots: serde_json::Value,
    step: serde_json::Value,
) -> Result<Vec<String>, String> {
    let def = json!({"pages": pages, "actions": roots, "journeys": {"j": {"does": "J", "steps": [step]}}});
    build_navigation_graph("g", &from_json_text(&def.to_string()).expect("json"))
        .map(|g| g.journey("j").map(|j| j.steps.clone()).unwrap_or_default())
        .map_err(|e| e.code.to_string())
}

#[test]
fn step_resolution_table() {
    let wizard = json!({"wizard": {"actions": {"name-it": {"does": "N"}}}});
    assert_eq!(
        steps_of(wizard.clone(), json!({}), json!("name-it")),
        Ok(vec!["wizard.name-it".into()])
    );
    assert_eq!(
        steps_of(wizard, json!({}), json!("it")),
        Err("UNKNOWN_STEP".into())
    );
    let saves = json!({"a": {"actions": {"save": {"does": "S"}}}, "b": {"actions": {"save": {"does": "S"}}}});
    assert_eq!(
        steps_of(saves.clone(), json!({}), json!("save")),
        Err("AMBIGUOUS_STEP".into())
    );
    assert_eq!(
        steps_of(saves.clone(), json!({}), json!("b.save")),
        Ok(vec!["b.save".into()])
    );
    let root_and_page = json!({"a": {"actions": {"save": {"does": "S"}}}});
    assert_eq!(
        steps_of(
            root_and_page,
            json!({"save": {"does": "S", "on": "a"}}),
            json!("save")
        ),
        Ok(vec!["save".into()])
    );
    assert_eq!(
        steps_of(saves.clone(), json!({}), json!("")),
        Err("UNKNOWN_STEP".into())
    );
    assert_eq!(
        steps_of(saves.clone(), json!({}), json!({"step": ""})),
        Err("BAD_STEP".into())
    );
    assert_eq!(
        steps_of(saves, json!({}), json!({"name": "x"})),
        Err("UNKNOWN_KEY".into())
    );
}

#[test]
fn suffixes_resolve_on_segment_boundaries_with_links_and_nested_ids() {
    // `a.m.save` can only come from mounts or containers; the shared resolver handles it either way.
    assert_eq!(
        resolve_name("m.save", ["a.m.save", "b.save"]),
        Resolution::Found("a.m.save".into())
    );
    assert_eq!(
        resolve_name("go-to-b", ["go-to-a", "go-to-b"]),
        Resolution::Found("go-to-b".into())
    );
    assert_eq!(resolve_name("", ["a"]), Resolution::NotFound);
    let def = json!({"pages": {"a": {"route": "/a"}, "b": {"route": "/b"}},
                     "journeys": {"j": {"does": "J", "steps": ["go-to-b"]}}});
    let def = json!({"sources": [{"kind": "routes", "pages": {"a": {"route": "/a"}, "b": {"route": "/b"}}, "crossLinks": true}],
                     "journeys": def["journeys"]});
    let graph = build_navigation_graph("g", &from_json_text(&def.to_string()).expect("json"))
        .expect("graph");
    assert_eq!(graph.journey("j").expect("j").steps, vec!["go-to-b"]);
}

fn pages(list: &[(&str, &str)]) -> Vec<Page> {
    list.iter()
        .map(|(id, route)| Page {
            id: id.to_string(),
            route: Some(route.to_string()),
            description: None,
        })
        .collect()
}

#[test]
fn match_route_table() {
    let orders = pages(&[("orders", "/orders/:id"), ("ordersNew", "/orders/new")]);
    assert_eq!(
        match_route_in(&orders, "/orders/new").as_deref(),
        Some("ordersNew")
    );
    assert_eq!(
        match_route_in(&orders, "/orders/123/?tab=x#top").as_deref(),
        Some("orders")
    );
    assert_eq!(match_route_in(&orders, "/orders"), None);
    let ties = pages(&[("short", "/o/:id"), ("long", "/o/:orderId")]);
    assert_eq!(match_route_in(&ties, "/o/7").as_deref(), Some("long"));
    let roots = pages(&[("a", ""), ("b", "/")]);
    assert_eq!(match_route_in(&roots, "/").as_deref(), Some("b"));
    let splat = pages(&[("splat", "/files/*")]);
    assert_eq!(match_route_in(&splat, "/files/a.pdf"), None);
    assert_eq!(match_route_in(&splat, "/files/*").as_deref(), Some("splat"));
    let first = pages(&[("one", "/x"), ("two", "/x")]);
    assert_eq!(match_route_in(&first, "//x//").as_deref(), Some("one"));
    assert_eq!(match_route_in(&first, "https://example.com/x"), None);
    assert_eq!(match_route_in(&first, "/X"), None);
}

#[test]
fn match_route_reads_a_compiled_graph() {
    let def = json!({"pages": {"orders": {"route": "/orders/:id"}, "home": {}, "new": {"route": "/orders/new"}}});
    let graph: NavigationGraph =
        build_navigation_graph("g", &from_json_text(&def.to_string()).expect("json"))
            .expect("graph");
    assert_eq!(match_route(&graph, "/orders/new").as_deref(), Some("new"));
    assert_eq!(match_route(&graph, "/orders/9").as_deref(), Some("orders"));
    assert_eq!(match_route(&graph, "/"), None);
}
