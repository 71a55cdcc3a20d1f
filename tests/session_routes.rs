//! Pins route planning (docs/session.md §6.1, docs/facts-and-serving.md §4.3): `howToReach` returns
//! the shortest declared route, prefers hops on offer now, marks the ones that are not, and says why
//! when none; the journey tool names the hops to a step on another page; `why` names declared
//! writers; `whats_here`'s `route_to` answers with hops, "already here" or why not. Fixture:
//! tests/tree_support.

mod tree_support;

use std::rc::Rc;

use groundfacts::serve::AgentPort;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Map, Value};
use tree_support::*;

fn hops(route: &[Hop]) -> Vec<(String, String, Option<NotNow>)> {
    route
        .iter()
        .map(|h| (h.action.clone(), h.to.clone(), h.not_available_now))
        .collect()
}

#[test]
fn how_to_reach_returns_the_shortest_declared_route_and_marks_what_is_not_available_now() {
    let (_, session) = session_with(json!({"upload.done": false, "user.admin": false}), None);
    assert_eq!(session.how_to_reach("home").unwrap(), Some(vec![]));
    let route = session.how_to_reach("done").unwrap().unwrap();
    assert_eq!(
        hops(&route),
        [
            ("home.open-review".into(), "review".into(), None),
            ("review.submit".into(), "done".into(), Some(NotNow::Greyed)),
        ]
    );
    let route = session.how_to_reach("settings").unwrap().unwrap();
    assert_eq!(
        hops(&route),
        [(
            "home.open-settings".into(),
            "settings".into(),
            Some(NotNow::Hidden)
        )]
    );
    assert_eq!(session.how_to_reach("island").unwrap(), None);
    let answer = session.route_to("island").unwrap();
    assert!(answer
        .why
        .unwrap()
        .contains("No declared route reaches 'island'"));
    // From elsewhere, through the way back.
    sync(&session, "done");
    let route = session.how_to_reach("review").unwrap().unwrap();
    assert_eq!(
        hops(&route),
        [
            ("done.restart".into(), "home".into(), None),
            ("home.open-review".into(), "review".into(), None)
        ]
    );
    // Once the guard holds, no hop is marked.
    session
        .update_state(&json!({"user.admin": true}), UpdateOptions::default())
        .unwrap();
    sync(&session, "home");
    let route = session.how_to_reach("settings").unwrap().unwrap();
    assert_eq!(route[0].not_available_now, None);
}

#[test]
fn how_to_reach_refuses_unknown_nodes_and_says_why_off_graph() {
    let (_, session) = session_with(json!({}), None);
    let err = session.how_to_reach("nowhere").unwrap_err();
    assert_eq!(err.code, "UNKNOWN_NODE");
    assert!(
        err.message.contains("'nowhere'") && err.message.contains("home"),
        "{}",
        err.message
    );
    let err = session.how_to_reach("review.files").unwrap_err();
    assert_eq!(err.code, "UNKNOWN_NODE");
    assert!(
        err.message.contains("container of page 'review'"),
        "{}",
        err.message
    );
    sync(&session, "/somewhere-else");
    assert_eq!(session.how_to_reach("review").unwrap(), None);
    assert!(session
        .route_to("review")
        .unwrap()
        .why
        .unwrap()
        .contains("not a page of the graph"));
}

#[test]
fn an_open_route_is_preferred_over_a_shorter_blocked_one() {
    let graph = Rc::new(
        graph_of(json!({"pages": {
            "a": {"actions": {
                "direct": {"does": "Jump", "goTo": "c", "when": {"k": {"eq": 1}}},
                "step": {"does": "Step", "goTo": "b"}
            }},
            "b": {"actions": {"on": {"does": "On", "goTo": "c"}}},
            "c": {}
        }}))
        .unwrap(),
    );
    let mut state = Map::new();
    state.insert("k".into(), json!(0));
    let session = Session::new(
        graph,
        Rc::new(ClosureHost::new()),
        SessionOptions {
            state: Some(state),
            ..SessionOptions::default()
        },
    )
    .unwrap();
    let route = session.how_to_reach("c").unwrap().unwrap();
    assert_eq!(
        route.iter().map(|h| h.action.as_str()).collect::<Vec<_>>(),
        ["a.step", "b.on"]
    );
}

#[test]
fn the_journey_tool_names_the_hops_to_a_step_on_another_page() {
    let (host, session) = session_with(json!({"upload.done": false}), None);
    let handler = host.handler(|_, _| groundfacts::host::HandlerOutcome::Returned(None));
    session
        .register_actions("review", vec![("submit".into(), handler)], vec![])
        .unwrap();
    let session = Rc::new(session);
    let port = AgentPort::new(Rc::clone(&session), Default::default());
    let opened = port.call("tree.journey.finish", &json!({}));
    assert_eq!(opened["judgment"], "navigate-or-wait", "{opened}");
    let route = &opened["routeTo"];
    assert_eq!(route["step"], "review.submit");
    assert_eq!(route["page"], "review");
    assert_eq!(
        route["route"],
        json!([{"action": "home.open-review", "to": "review"}])
    );
    assert!(route["howToGetThere"]
        .as_str()
        .unwrap()
        .contains("home.open-review → review"));
    // On the step's page the step is ready: no route.
    sync(&session, "review");
    let here = port.call("tree.journey.finish", &json!({}));
    assert!(here.get("routeTo").is_none(), "{here}");
}

#[test]
fn why_names_declared_writers_and_says_when_no_route_reaches_them() {
    let (_, session) = session_with(json!({}), None);
    let session = Rc::new(session);
    let port = AgentPort::new(Rc::clone(&session), Default::default());
    let why = port.call("tree.why", &json!({"key": "island.seed"}));
    let writers = why["declaredWriters"].as_array().unwrap();
    assert_eq!(writers.len(), 1);
    assert_eq!(writers[0]["action"], "island.seed");
    assert_eq!(writers[0]["route"], Value::Null);
    assert!(writers[0]["howToGetThere"]
        .as_str()
        .unwrap()
        .contains("No declared route reaches 'island'"));
    // A key nobody declares: no list.
    let why = port.call("tree.why", &json!({"key": "nobody.writes"}));
    assert!(why.get("declaredWriters").is_none(), "{why}");
}

#[test]
fn whats_here_answers_route_to_with_hops_already_here_or_why_not() {
    let (_, session) = session_with(json!({"upload.done": false}), None);
    let session = Rc::new(session);
    let port = AgentPort::new(Rc::clone(&session), Default::default());
    let tools = port.tools_json();
    assert_eq!(
        tools[1]["inputSchema"]["properties"]["routeTo"]["type"], "string",
        "{}",
        tools[1]
    );
    let here = port.call("tree.whats_here", &json!({"routeTo": "done"}));
    assert_eq!(here["routeTo"]["page"], "done");
    assert_eq!(
        here["routeTo"]["route"],
        json!([{"action": "home.open-review", "to": "review"}, {"action": "review.submit", "to": "done", "notAvailableNow": "greyed"}])
    );
    assert!(here["routeTo"]["howToGetThere"]
        .as_str()
        .unwrap()
        .contains("does not work yet"));
    let home = port.call("tree.whats_here", &json!({"routeTo": "home"}));
    assert_eq!(home["routeTo"]["route"], json!([]));
    assert_eq!(
        home["routeTo"]["howToGetThere"],
        "You are already on 'home'."
    );
    let nowhere = port.call("tree.whats_here", &json!({"routeTo": "nowhere"}));
    assert_eq!(nowhere["ok"], true);
    assert_eq!(nowhere["routeTo"]["reason"], "UNKNOWN_NODE");
    assert!(nowhere["routeTo"]["howToGetThere"]
        .as_str()
        .unwrap()
        .contains("The pages are: home, review, done, settings, island."));
    // Without the argument, no routeTo.
    assert!(port
        .call("tree.whats_here", &json!({}))
        .get("routeTo")
        .is_none());
}
