//! Pins graph sources and the merge: crossLinks true / named / false, params never linked, merge phase order, hand overrides.

use groundfacts::graph::def::{from_json_text, DefValue};
use groundfacts::graph::{build_navigation_graph, from_journeys, from_routes, NavigationGraph};
use serde_json::{json, Value};

fn table() -> DefValue {
    from_json_text(
        r#"{"home":"/","projects":{"route":"/projects","does":"the Projects list"},
            "wizard":"/projects/new","project":"/projects/:id","files":"/files/*"}"#,
    )
    .expect("json")
}

fn routes(options: Value) -> Value {
    from_routes(
        &table(),
        &from_json_text(&options.to_string()).expect("json"),
    )
    .expect("fromRoutes")
}

fn build(def: Value) -> NavigationGraph {
    build_navigation_graph("g", &from_json_text(&def.to_string()).expect("json")).expect("compiles")
}

fn ids(graph: &NavigationGraph) -> Vec<&str> {
    graph.action_ids().collect()
}

#[test]
fn cross_links_true_links_every_literal_page_and_skips_params_and_wildcards() {
    let graph = build(json!({"sources": [routes(json!({"crossLinks": true}))],
                             "pages": {"wizard": {"actions": {"pick-file": {"does": "Choose a file"}}}}}));
    assert_eq!(
        ids(&graph),
        vec![
            "wizard.pick-file",
            "go-to-home",
            "go-to-projects",
            "go-to-wizard"
        ]
    );
    let home = graph.action("go-to-home").expect("link");
    assert_eq!(home.on, vec!["projects", "wizard", "project", "files"]);
    assert_eq!(home.url_href.as_deref(), Some("/"));
    assert_eq!(
        graph.action("go-to-wizard").expect("link").does,
        "Go to wizard"
    );
    assert_eq!(
        graph.action("go-to-projects").expect("link").does,
        "Go to the Projects list"
    );
}

#[test]
fn named_cross_links_link_only_those_pages_and_refuse_params() {
    let graph =
        build(json!({"sources": [routes(json!({"crossLinks": ["projects", "projects"]}))]}));
    assert_eq!(ids(&graph), vec!["go-to-projects"]);
    for bad in ["project", "files"] {
        let err = from_routes(
            &table(),
            &from_json_text(&json!({"crossLinks": [bad]}).to_string()).expect("json"),
        )
        .expect_err("param route");
        assert_eq!(err.code, "PARAM_ROUTE");
        assert!(
            err.message.contains("params are never guessed"),
            "{}",
            err.message
        );
    }
    let err = from_routes(
        &table(),
        &from_json_text(r#"{"crossLinks":["projcts"]}"#).expect("json"),
    )
    .expect_err("unknown");
    assert_eq!(err.code, "UNKNOWN_PAGE");
    assert!(err.message.contains("'projects'"), "{}", err.message);
}

#[test]
fn cross_links_false_or_absent_means_no_links() {
    let off = routes(json!({"crossLinks": false}));
    assert_eq!(off.get("crossLinks"), None);
    assert_eq!(ids(&build(json!({"sources": [off]}))).len(), 0);
    let absent = from_routes(&table(), &DefValue::Undefined).expect("fromRoutes");
    assert_eq!(ids(&build(json!({"sources": [absent]}))).len(), 0);
    // A hand-crafted source with crossLinks:false is also no links, never a crash.
    let graph = build(
        json!({"sources": [{"kind": "routes", "pages": {"a": {"route": "/a"}, "b": {"route": "/b"}}, "crossLinks": false}]}),
    );
    assert_eq!(ids(&graph).len(), 0);
}

#[test]
fn a_one_page_graph_gets_no_link() {
    let source = from_routes(
        &from_json_text(r#"{"home":"/"}"#).expect("json"),
        &from_json_text(r#"{"crossLinks":true}"#).expect("json"),
    )
    .expect("src");
    let graph = build(json!({"sources": [source]}));
    assert_eq!(graph.pages.len(), 1);
    assert_eq!(ids(&graph).len(), 0);
}

#[test]
fn hand_pages_merge_field_by_field_and_keep_their_position() {
    let source = routes(json!({"crossLinks": true}));
    let graph = build(json!({"sources": [source],
        "pages": {"extra": {"route": "/extra"}, "projects": {"does": "all projects"}, "wizard": {"route": "/projects/new/"}}}));
    assert_eq!(
        graph.page_ids().collect::<Vec<_>>(),
        vec!["home", "projects", "wizard", "project", "files", "extra"]
    );
    let projects = graph.page("projects").expect("page");
    assert_eq!(projects.route.as_deref(), Some("/projects"));
    assert_eq!(projects.description.as_deref(), Some("all projects"));
    // The hand spelling of an equivalent route is kept, and the link uses it.
    assert_eq!(
        graph
            .action("go-to-wizard")
            .and_then(|a| a.url_href.as_deref()),
        Some("/projects/new/")
    );
    assert_eq!(
        graph.action("go-to-projects").expect("link").does,
        "Go to all projects"
    );
    // Hand-only pages receive links but get none of their own (only route tables ask for links).
    assert!(graph
        .action("go-to-home")
        .expect("link")
        .on
        .contains(&"extra".to_string()));
    assert!(graph.action("go-to-extra").is_none());
}

#[test]
fn hand_root_actions_replace_links_in_place_and_append_the_rest() {
    let graph = build(json!({"sources": [routes(json!({"crossLinks": true}))],
    "actions": {
        "help": {"does": "Open help", "on": ["home", "wizard", "home"]},
        "go-to-projects": {"does": "Back to projects", "on": "wizard", "goTo": "projects"}
    }}));
    assert_eq!(
        ids(&graph),
        vec!["go-to-home", "go-to-projects", "go-to-wizard", "help"]
    );
    let replaced = graph.action("go-to-projects").expect("replaced");
    assert_eq!(replaced.does, "Back to projects");
    assert_eq!(replaced.on, vec!["wizard"]);
    assert_eq!(replaced.url_href.as_deref(), Some("/projects"));
    let help = graph.action("help").expect("help");
    assert_eq!(help.on, vec!["home", "wizard", "home"]);
    assert_eq!(help.node, "home");
    assert_eq!(help.role, "action");
}

#[test]
fn hand_journeys_replace_sourced_ones_in_place() {
    let journeys = from_journeys(&from_json_text(
        r#"{"first":{"does":"First","steps":["a"]},"second":{"does":"Second","steps":["b"],"when":{"k":{"eq":1}}}}"#,
    ).expect("json")).expect("fromJourneys");
    assert_eq!(
        journeys["journeys"]["second"]["when"],
        json!({"k": {"eq": 1}})
    );
    let graph = build(json!({"sources": [journeys],
        "pages": {"p": {"actions": {"a": {"does": "A"}, "b": {"does": "B"}}}},
        "journeys": {"third": {"does": "Third", "steps": [{"step": "p.a"}, "b", "a"]}, "first": {"does": "Hand first", "steps": ["b"]}}}));
    let order: Vec<(&str, &str)> = graph
        .journeys
        .iter()
        .map(|j| (j.id.as_str(), j.does.as_str()))
        .collect();
    assert_eq!(
        order,
        vec![
            ("first", "Hand first"),
            ("second", "Second"),
            ("third", "Third")
        ]
    );
    assert_eq!(
        graph.journey("third").expect("j").steps,
        vec!["p.a", "p.b", "p.a"]
    );
    assert!(graph.journey("second").expect("j").precondition.is_some());
}

#[test]
fn affordance_order_is_page_actions_then_links_then_hand_roots() {
    let graph = build(json!({
        "actions": {"z-root": {"does": "Z", "on": "b"}},
        "pages": {"b": {"route": "/b", "actions": {"two": {"does": "2"}, "one": {"does": "1"}}},
                  "a": {"route": "/a", "actions": {"x": {"does": "X"}}}},
        "sources": [from_routes(&from_json_text(r#"{"c":"/c"}"#).expect("json"), &from_json_text(r#"{"crossLinks":true}"#).expect("json")).expect("src")]
    }));
    assert_eq!(graph.page_ids().collect::<Vec<_>>(), vec!["c", "b", "a"]);
    assert_eq!(
        ids(&graph),
        vec!["b.two", "b.one", "a.x", "go-to-c", "z-root"]
    );
}

#[test]
fn url_href_is_the_binding_else_a_literal_go_to_route() {
    let graph = build(
        json!({"sources": [routes(json!({}))], "pages": {"home": {"actions": {
            "open": {"does": "Open a project", "goTo": "project"},
            "list": {"does": "List projects", "goTo": "projects"},
            "bound": {"does": "Open project 1", "goTo": "project", "binding": {"kind": "url", "href": "/projects/1"}},
            "stay": {"does": "Refresh", "goTo": ""}
        }}}}),
    );
    let href = |id: &str| graph.action(id).and_then(|a| a.url_href.clone());
    assert_eq!(href("home.open"), None);
    assert_eq!(href("home.list").as_deref(), Some("/projects"));
    assert_eq!(href("home.bound").as_deref(), Some("/projects/1"));
    let stay = graph.action("home.stay").expect("stay");
    assert_eq!(
        (
            stay.navigates_to.clone(),
            stay.role.as_str(),
            stay.url_href.clone()
        ),
        (None, "action", None)
    );
}
