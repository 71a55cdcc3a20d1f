#[path = "../tests/session_support/mod.rs"]
mod session_support;
use groundfacts::graph::match_route;
use groundfacts::host::{HandlerOutcome, PredicateAnswer};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{FireOptions, Session, SessionOptions, SyncOptions, UpdateOptions};
use serde_json::{json, Map, Value};
use std::rc::Rc;
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20000);
    let host = Rc::new(ClosureHost::new());
    let predicate = host.predicate(|_, _| PredicateAnswer::Failed);
    let graph = Rc::new(session_support::wizard_graph(true, predicate));
    let g = Rc::clone(&graph);
    host.set_navigate(move |s, href| {
        let page = match_route(&g, href).unwrap_or_default();
        let _ = s.sync(&page, SyncOptions::default());
        HandlerOutcome::Returned(None)
    });
    let name_it = host.handler(move |s, input| {
        let name = input
            .and_then(|v| v.get("name"))
            .cloned()
            .unwrap_or(Value::Null);
        let delta = json!({ "project.name": name, "project.recipe": "", "projects.count": 0 });
        let _ = s.update_state(&delta, UpdateOptions::default());
        HandlerOutcome::Returned(None)
    });
    let state: Map<String, Value> = match json!({"project.name": "", "project.recipe": "", "projects.count": 0})
    {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    let session = Rc::new(
        Session::new(
            graph,
            host.clone(),
            SessionOptions {
                node: Some("wizard".into()),
                state: Some(state),
                ..SessionOptions::default()
            },
        )
        .unwrap(),
    );
    session
        .register_actions("wizard", vec![("name-it".into(), name_it)], vec![])
        .unwrap();
    for i in 0..n {
        let payload = Some(json!({ "name": format!("name {i}") }));
        let _ = session.fire(
            "wizard.name-it",
            FireOptions {
                source: None,
                payload,
            },
        );
        if i % 2 == 0 {
            let _ = session.fire("wizard.not-an-action", FireOptions::default());
        }
        if i % 1000 == 0 {
            drop(std::mem::take(&mut *host.settled.borrow_mut()));
            drop(std::mem::take(&mut *host.warnings.borrow_mut()));
        }
    }
}
