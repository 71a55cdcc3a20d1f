//! The native side of the JS bench (`node benches/js/bench.cjs`): the same seed-wizard scenarios,
//! run on the core without the JS boundary, so the JS numbers can be read as "native + boundary".
//! Prints a human summary, or one JSON line with `--json` (what bench.cjs reads). Reports numbers
//! only; asserts nothing. Run: `cargo bench --bench parity` (add `-- --json` for the machine line).

#[path = "support/counting_alloc.rs"]
mod counting_alloc;
#[path = "../tests/session_support/mod.rs"]
mod session_support;

use std::hint::black_box;
use std::rc::Rc;
use std::time::{Duration, Instant};

use groundfacts::facts::ground_truth;
use groundfacts::graph::match_route;
use groundfacts::host::{HandlerOutcome, PredicateAnswer};
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{FireOptions, Session, SessionOptions, SyncOptions, UpdateOptions};
use serde_json::{json, Map, Value};

const SIZES: [usize; 3] = [10, 1_000, 10_000];

/// What the handler of `wizard.name-it` gives back (the JS bench's two handler shapes).
#[derive(Clone, Copy, PartialEq)]
enum Returns {
    /// Reports through `update_state` and returns nothing (the seed app's handlers).
    Nothing,
    /// Returns `update_state`'s result, which the session keeps as the fire's produced data.
    UpdateResult,
    /// Reports the whole 3-key store (how the README wires a store) and returns nothing.
    WholeStore,
}

struct Bench {
    session: Rc<Session>,
    host: Rc<ClosureHost>,
    n: usize,
}

/// The JS bench's session: the seed wizard graph (cross-links on), the projection as state, and a
/// `name-it` handler that reports `{'project.name': input.name}` from inside the handler.
fn bench_session(returns: Returns) -> Bench {
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
        let delta = if returns == Returns::WholeStore {
            json!({ "project.name": name, "project.recipe": "", "projects.count": 0 })
        } else {
            json!({ "project.name": name })
        };
        let result = s.update_state(&delta, UpdateOptions::default());
        match (returns, result) {
            (Returns::UpdateResult, Ok(r)) => {
                HandlerOutcome::Returned(serde_json::to_value(r).ok())
            }
            _ => HandlerOutcome::Returned(None),
        }
    });
    let state: Map<String, Value> = match json!({"project.name": "", "project.recipe": "", "projects.count": 0})
    {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    let options = SessionOptions {
        node: Some("wizard".into()),
        state: Some(state),
        ..SessionOptions::default()
    };
    let session = Rc::new(Session::new(graph, host.clone(), options).expect("createSession"));
    session
        .register_actions("wizard", vec![("name-it".into(), name_it)], vec![])
        .expect("registerActions");
    Bench {
        session,
        host,
        n: 0,
    }
}

impl Bench {
    fn fire_and_settle(&mut self) {
        self.n += 1;
        let payload = Some(json!({ "name": format!("name {}", self.n) }));
        let fired = self
            .session
            .fire(
                "wizard.name-it",
                FireOptions {
                    source: None,
                    payload,
                    ..Default::default()
                },
            )
            .expect("fire");
        black_box(fired);
    }

    fn refuse(&self) {
        black_box(
            self.session
                .fire("wizard.not-an-action", FireOptions::default())
                .expect("fire"),
        );
    }

    /// `attempts` attempts, half settled fires and half refusals (the JS bench's mix).
    fn fill(&mut self, attempts: usize) {
        for _ in 0..attempts / 2 {
            self.fire_and_settle();
            self.refuse();
        }
    }

    /// The host's own test records grow per fire; they are not the session's memory.
    fn drop_host_records(&self) {
        drop(std::mem::take(&mut *self.host.settled.borrow_mut()));
        drop(std::mem::take(&mut *self.host.warnings.borrow_mut()));
    }
}

/// Median µs per call over seven rounds of ~`round` each, after a warm-up.
fn per_call(round: Duration, mut f: impl FnMut()) -> f64 {
    let warm = Instant::now();
    while warm.elapsed() < round {
        f();
    }
    let mut samples: Vec<f64> = (0..7)
        .map(|_| {
            let start = Instant::now();
            let mut calls = 0u32;
            while start.elapsed() < round {
                for _ in 0..16 {
                    f();
                }
                calls += 16;
            }
            start.elapsed().as_secs_f64() * 1e6 / f64::from(calls)
        })
        .collect();
    samples.sort_by(|a, b| a.total_cmp(b));
    samples[3]
}

fn heap_per_attempt(returns: Returns) -> f64 {
    let mut b = bench_session(returns);
    b.fill(4_000); // past the first growth steps of every vector
    b.drop_host_records();
    let before = counting_alloc::live_bytes();
    b.fill(40_000);
    b.drop_host_records();
    let after = counting_alloc::live_bytes();
    (after - before) as f64 / 40_000.0
}

fn main() {
    let json_out = std::env::args().any(|a| a == "--json");
    let round = Duration::from_millis(40);
    let mut rows = Vec::new();
    for size in SIZES {
        let mut b = bench_session(Returns::Nothing);
        b.fill(size);
        let port = AgentPort::new(Rc::clone(&b.session), PortOptions::default());
        let available = per_call(round, || drop(black_box(b.session.available())));
        let facts = per_call(round, || {
            drop(black_box(ground_truth(&b.session, None, None)))
        });
        let whats_here = per_call(round, || {
            drop(black_box(port.call("wizard.whats_here", &json!({}))))
        });
        let fire = per_call(round, || b.fire_and_settle());
        b.drop_host_records();
        let mut r = bench_session(Returns::UpdateResult);
        r.fill(size);
        let fire_returning = per_call(round, || r.fire_and_settle());
        r.drop_host_records();
        let mut w = bench_session(Returns::WholeStore);
        w.fill(size);
        let fire_store = per_call(round, || w.fire_and_settle());
        rows.push(json!({
            "size": size, "fire": fire, "fireReturning": fire_returning, "fireStore": fire_store, "available": available,
            "groundTruth": facts, "whatsHere": whats_here,
        }));
    }
    let heap = json!({ "nothing": heap_per_attempt(Returns::Nothing), "updateResult": heap_per_attempt(Returns::UpdateResult) });
    if json_out {
        println!("{}", json!({ "rows": rows, "heapPerAttempt": heap }));
        return;
    }
    println!("native core — µs per op (median of 7 rounds)");
    println!("attempts  fire+settle  fire(returns result)  available()  groundTruth()  whats_here");
    for r in &rows {
        let f = |k: &str| r[k].as_f64().unwrap_or(f64::NAN);
        println!(
            "{:>8}  {:>11.2}  {:>20.2}  {:>11.2}  {:>13.2}  {:>10.2}",
            r["size"].as_u64().unwrap_or(0),
            f("fire"),
            f("fireReturning"),
            f("available"),
            f("groundTruth"),
            f("whatsHere")
        );
    }
    println!(
        "heap bytes per recorded attempt: {:.0} (handler returns nothing), {:.0} (handler returns its update result)",
        heap["nothing"].as_f64().unwrap_or(f64::NAN),
        heap["updateResult"].as_f64().unwrap_or(f64::NAN)
    );
}
