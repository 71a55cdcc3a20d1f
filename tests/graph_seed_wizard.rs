//! Pins the seed wizard (guarded-journeys.md): it compiles unchanged, in the seed's order, with the seed's links.

use groundfacts::graph::def::{from_json_text, DefValue};
use groundfacts::graph::guards::evaluate;
use groundfacts::graph::input::expects_text;
use groundfacts::graph::{
    build_navigation_graph, from_routes, match_route, ActionOrigin, InputContract, NavigationGraph,
    Verify,
};
use groundfacts::host::CallbackId;
use serde_json::json;

#[path = "session_support/mod.rs"]
mod session_support;

/// The seed graph, authored once for every contract test (its predicate is callback 1).
fn seed_graph() -> NavigationGraph {
    session_support::wizard_graph(true, CallbackId(1))
}

#[test]
fn seed_wizard_compiles_in_seed_order() {
    let graph = seed_graph();
    assert_eq!(graph.id, "wizard");
    assert_eq!(
        graph.page_ids().collect::<Vec<_>>(),
        vec!["projects", "wizard", "review"]
    );
    assert_eq!(
        graph.action_ids().collect::<Vec<_>>(),
        vec![
            "wizard.name-it",
            "wizard.pick-recipe",
            "wizard.next-to-review",
            "review.create-project",
            "go-to-projects",
            "go-to-wizard",
            "go-to-review"
        ]
    );
    let journey = graph.journey("new-project").expect("journey");
    assert_eq!(
        journey.steps,
        vec![
            "wizard.name-it",
            "wizard.pick-recipe",
            "wizard.next-to-review",
            "review.create-project"
        ]
    );
    assert_eq!(
        journey.does,
        "Create a project: name it, pick a recipe, review it, create it"
    );
}

#[test]
fn seed_links_keep_the_route_tables_descriptions() {
    let graph = seed_graph();
    let projects = graph.action("go-to-projects").expect("link");
    assert_eq!(projects.on, vec!["wizard", "review"]);
    assert_eq!(projects.does, "Go to the Projects list");
    assert_eq!(projects.navigates_to.as_deref(), Some("projects"));
    assert_eq!(projects.url_href.as_deref(), Some("/projects"));
    assert_eq!(projects.role, "next");
    assert_eq!(projects.origin, ActionOrigin::CrossLink);
    assert_eq!(expects_text(&projects.input), None);
    // Decision 11: a hand page merges over the route table's page; its `does` survives.
    assert_eq!(
        graph.action("go-to-review").expect("link").does,
        "Go to the Review step"
    );
    assert_eq!(
        graph.action("go-to-review").expect("link").on,
        vec!["projects", "wizard"]
    );
    assert_eq!(
        graph.action("go-to-wizard").expect("link").does,
        "Go to the New Project wizard"
    );
    assert_eq!(
        graph.page("wizard").and_then(|p| p.description.as_deref()),
        Some("the New Project wizard")
    );
    assert_eq!(
        graph.page("review").and_then(|p| p.route.as_deref()),
        Some("/projects/new/review")
    );
}

#[test]
fn seed_actions_compile_their_contracts() {
    let graph = seed_graph();
    let name_it = graph.action("wizard.name-it").expect("name-it");
    assert_eq!(
        expects_text(&name_it.input).as_deref(),
        Some("{ name: string }")
    );
    assert_eq!(name_it.writes, Some(vec!["project.name".to_string()]));
    assert!(matches!(name_it.verify, Some(Verify::Filter(_))));
    assert_eq!(name_it.role, "action");

    let pick = graph.action("wizard.pick-recipe").expect("pick-recipe");
    let guard = pick.guard.as_ref().expect("guard");
    let state = json!({"project.name": ""});
    assert!(!evaluate(guard, state.as_object().expect("map")).passed);

    let next = graph.action("wizard.next-to-review").expect("next");
    assert_eq!(next.url_href.as_deref(), Some("/projects/new/review"));
    assert_eq!(next.input, InputContract::NoInput);
    assert_eq!(expects_text(&next.input).as_deref(), Some("none"));
    assert_eq!(next.verify, Some(Verify::Predicate(CallbackId(1))));
    assert!(next.enabled_when.is_some() && next.guard.is_none());
    assert_eq!(next.role, "next");
    assert!(!next.high_effect);

    let create = graph.action("review.create-project").expect("create");
    assert!(create.high_effect);
    assert_eq!(create.on, vec!["review"]);
    assert_eq!(create.url_href, None);
    assert!(create.declares_writes());
}

#[test]
fn seed_routes_match_their_pages() {
    let graph = seed_graph();
    assert_eq!(
        match_route(&graph, "/projects/new/review").as_deref(),
        Some("review")
    );
    assert_eq!(
        match_route(&graph, "/projects/new?x=1").as_deref(),
        Some("wizard")
    );
    assert_eq!(match_route(&graph, "/nowhere"), None);
}

#[test]
fn without_cross_links_the_seed_has_no_links() {
    let routes = from_json_text(
        r#"{"projects":{"route":"/projects","does":"the Projects list"},"wizard":"/projects/new"}"#,
    )
    .expect("routes");
    let source = from_routes(&routes, &DefValue::Undefined).expect("fromRoutes");
    assert_eq!(
        source,
        json!({"kind":"routes","pages":{"projects":{"route":"/projects","does":"the Projects list"},"wizard":{"route":"/projects/new"}}})
    );
    let def = from_json_text(&json!({"sources": [source]}).to_string()).expect("def");
    let graph = build_navigation_graph("wizard", &def).expect("compiles");
    assert_eq!(graph.action_ids().count(), 0);
    assert_eq!(graph.pages.len(), 2);
}
