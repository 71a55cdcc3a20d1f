//! `howToReach` cost on large graphs (docs/session.md §6.1): one call walks every served `goTo` offer
//! once, so its cost follows the number of (action, page) offers, not history. Two shapes: a chain of
//! 1,000 pages (the route is 999 hops long) and 300 pages under full-mesh cross-links (~90,000 offers,
//! every route one hop). Prints each time against its target as met / NOT met; never asserts a time.

use std::rc::Rc;
use std::time::Instant;

use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{Session, SessionOptions};
use serde_json::{json, Map, Value};

fn session_of(def: Value) -> Session {
    let graph = build_navigation_graph("bench", &from_json_text(&def.to_string()).expect("def"))
        .expect("graph");
    Session::new(
        Rc::new(graph),
        Rc::new(ClosureHost::new()),
        SessionOptions::default(),
    )
    .expect("session")
}

fn measure(label: &str, session: &Session, target: &str, budget_ms: f64) {
    let runs = 20;
    let start = Instant::now();
    let mut hops = 0;
    for _ in 0..runs {
        hops = session
            .how_to_reach(target)
            .expect("known page")
            .map_or(0, |r| r.len());
    }
    let per_call = start.elapsed().as_secs_f64() * 1000.0 / f64::from(runs);
    let verdict = if per_call <= budget_ms {
        "met"
    } else {
        "NOT met"
    };
    println!("{label}: {per_call:.3} ms per howToReach ({hops} hops); target ≤ {budget_ms} ms: {verdict}");
}

fn main() {
    let n = 1_000;
    let mut pages = Map::new();
    for i in 0..n {
        let mut page = json!({});
        if i + 1 < n {
            page = json!({"actions": {"next": {"does": "Next", "goTo": format!("p{}", i + 1)}}});
        }
        pages.insert(format!("p{i}"), page);
    }
    let chain = session_of(json!({ "pages": pages }));
    measure("chain of 1,000 pages", &chain, &format!("p{}", n - 1), 5.0);

    let m = 300;
    let mut routes = Map::new();
    for i in 0..m {
        routes.insert(format!("m{i}"), json!(format!("/m{i}")));
    }
    let def = json!({"sources": [{"kind": "routes", "pages": routes, "crossLinks": true}]});
    let mesh = session_of(def);
    measure(
        "300 pages, full-mesh cross-links",
        &mesh,
        &format!("m{}", m - 1),
        50.0,
    );
}
