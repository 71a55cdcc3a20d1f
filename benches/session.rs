//! Session cost as history grows: fire+settle and `available()` at 10, 1,000 and 10,000 recorded
//! attempts (criterion), then a plain pass that prints the 10k/10 ratios and the heap bytes one
//! recorded attempt costs (a counting global allocator). Ratios, not timings, are the point: per-turn
//! cost must not grow with history.

#[path = "support/counting_alloc.rs"]
mod counting_alloc;

use std::rc::Rc;
use std::time::{Duration, Instant};

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::host::HandlerOutcome;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{FireOptions, Session, SessionOptions, UpdateOptions};
use serde_json::{json, Value};

const LEVELS: [usize; 3] = [10, 1_000, 10_000];

/// A session with a store-tapped action (`save`, reports in its handler), a click (`toggle`), and an
/// unwired action whose agent fires are refused.
fn session() -> Session {
    let def = from_json_text(
        &json!({"pages": {"home": {"route": "/", "actions": {
            "save": {"does": "Save the draft", "writes": ["draft.saved"], "verify": {"draft.saved": {"gt": 0}}},
            "toggle": {"does": "Toggle the panel", "input": "none"},
            "unwired": {"does": "Not wired"}
        }}}})
        .to_string(),
    )
    .expect("def");
    let graph = Rc::new(build_navigation_graph("bench", &def).expect("graph"));
    let host = Rc::new(ClosureHost::new());
    let save = host.handler(|s, _| {
        s.update_state(&json!({"draft.saved": 1}), UpdateOptions::default())
            .expect("tap");
        HandlerOutcome::Returned(None)
    });
    let toggle = host.handler(|_, _| HandlerOutcome::Returned(None));
    let state = match json!({"draft.saved": 0}) {
        Value::Object(m) => m,
        _ => unreachable!(),
    };
    let s = Session::new(
        graph,
        host,
        SessionOptions {
            state: Some(state),
            ..Default::default()
        },
    )
    .expect("session");
    s.register_actions(
        "home",
        vec![("save".into(), save), ("toggle".into(), toggle)],
        vec![],
    )
    .expect("wire");
    s
}

/// Record `n` attempts: a mix of settled fires, clicks and refusals.
fn fill(s: &Session, n: usize) {
    for i in 0..n {
        let id = match i % 3 {
            0 => "home.save",
            1 => "home.toggle",
            _ => "home.unwired",
        };
        s.fire(id, FireOptions::default()).expect("fire");
    }
}

fn fire_and_settle(s: &Session) {
    black_box(s.fire("home.save", FireOptions::default()).expect("fire"));
}

/// Time `iters` fire+settle calls at a history of about `level`, rebuilding every 100 fires so the
/// history the measurement sees stays near `level`.
fn timed_fires(level: usize, iters: u64) -> Duration {
    let mut total = Duration::ZERO;
    let mut left = iters;
    while left > 0 {
        let s = session();
        fill(&s, level);
        let chunk = left.min(100);
        let start = Instant::now();
        for _ in 0..chunk {
            fire_and_settle(&s);
        }
        total += start.elapsed();
        left -= chunk;
    }
    total
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("session");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    for level in LEVELS {
        group.bench_function(format!("fire+settle @{level}"), |b| {
            b.iter_custom(|iters| timed_fires(level, iters))
        });
        let s = session();
        fill(&s, level);
        group.bench_function(format!("available @{level}"), |b| {
            b.iter(|| black_box(s.available()))
        });
        group.bench_function(format!("attempts_tail(20) @{level}"), |b| {
            b.iter(|| black_box(s.attempts_tail(None, 20)))
        });
    }
    group.finish();
    report();
}

/// The plain pass: per-call cost ratios 10k/10 and heap bytes per recorded attempt.
fn report() {
    let per_call = |level: usize| {
        let n = 2_000;
        timed_fires(level, n).as_secs_f64() / n as f64
    };
    let avail = |level: usize| {
        let s = session();
        fill(&s, level);
        let start = Instant::now();
        for _ in 0..2_000 {
            black_box(s.available());
        }
        start.elapsed().as_secs_f64() / 2_000.0
    };
    let (f10, f10k) = (per_call(10), per_call(10_000));
    let (a10, a10k) = (avail(10), avail(10_000));
    println!(
        "fire+settle: {:.2} µs @10, {:.2} µs @10k — ratio 10k/10 = {:.2}",
        f10 * 1e6,
        f10k * 1e6,
        f10k / f10
    );
    println!(
        "available(): {:.2} µs @10, {:.2} µs @10k — ratio 10k/10 = {:.2}",
        a10 * 1e6,
        a10k * 1e6,
        a10k / a10
    );

    let s = session();
    fill(&s, 300); // let the vectors reach a steady growth pattern first
    let before = counting_alloc::live_bytes();
    fill(&s, 10_000);
    let after = counting_alloc::live_bytes();
    println!(
        "heap per recorded attempt (mix of settled fires, clicks, refusals; incl. vector slack): {:.0} bytes",
        (after - before) as f64 / 10_000.0
    );
    black_box(&s);
}

criterion_group!(benches, bench);
criterion_main!(benches);
