//! groundTruth / contextBrief cost against history length: 10, 1,000 and 10,000 recorded attempts.
//! A turn must cost the same at any length (target: 10k/10 ≤ 1.5× at the default dial); the ratios
//! are printed, with the equal-lines ratio and the per-line cost beside them, not asserted.

use std::hint::black_box;
use std::rc::Rc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use groundfacts::facts::{context_brief, context_brief_capped, ground_truth};
use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::host::HandlerOutcome;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{FireOptions, Principal, Session, SessionOptions};
use serde_json::json;

const SIZES: [usize; 3] = [10, 1_000, 10_000];

/// A session holding `attempts` attempts: every tenth a refusal of an invented id, the rest fires.
fn session_with(attempts: usize) -> Session {
    let host = Rc::new(ClosureHost::new());
    let def = json!({"pages": {"desk": {"actions": {
        "tick": {"does": "Tick the counter", "input": "none"},
        "tock": {"does": "Tock the counter", "input": "none"}
    }}}});
    let graph = Rc::new(
        build_navigation_graph("bench", &from_json_text(&def.to_string()).unwrap()).unwrap(),
    );
    let noop = host.handler(|_, _| HandlerOutcome::Returned(None));
    let options = SessionOptions {
        node: Some("desk".into()),
        ..SessionOptions::default()
    };
    let session = Session::new(graph, host, options).unwrap();
    session
        .register_actions(
            "desk",
            vec![("tick".into(), noop), ("tock".into(), noop)],
            vec![],
        )
        .unwrap();
    let agent = || FireOptions {
        source: Some(Principal::Agent),
        payload: None,
        ..Default::default()
    };
    for i in 0..attempts {
        let id = match i % 10 {
            9 => "desk.invented",
            n if n % 2 == 0 => "desk.tick",
            _ => "desk.tock",
        };
        session.fire(id, agent()).unwrap();
    }
    assert_eq!(session.attempt_count(), attempts);
    session
}

/// Mean time per call over `rounds` calls, best of five runs (the least disturbed by the machine).
fn per_call(rounds: u32, mut f: impl FnMut()) -> Duration {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..rounds {
                f();
            }
            t.elapsed() / rounds
        })
        .min()
        .unwrap_or_default()
}

fn bench(c: &mut Criterion) {
    let sessions: Vec<(usize, Session)> = SIZES.iter().map(|&n| (n, session_with(n))).collect();

    let mut group = c.benchmark_group("groundTruth");
    for (n, s) in &sessions {
        group.bench_with_input(BenchmarkId::from_parameter(n), s, |b, s| {
            b.iter(|| ground_truth(black_box(s), None, None))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("contextBrief");
    for (n, s) in &sessions {
        group.bench_with_input(BenchmarkId::from_parameter(n), s, |b, s| {
            b.iter(|| context_brief(black_box(s), None))
        });
    }
    group.finish();

    // The target is stated at the default dial (20), where the 10-attempt session shows 10 lines and the
    // others 20: that ratio carries the cost of 10 more lines. With the dial at 10 every size shows 10
    // lines, which isolates growth with history; the difference at 10k gives the cost of one line.
    let time = |f: &dyn Fn(&Session)| -> Vec<Duration> {
        sessions
            .iter()
            .map(|(_, s)| per_call(2_000, || f(s)))
            .collect()
    };
    let same_facts = time(&|s| drop(black_box(ground_truth(s, None, Some(10)))));
    let same_brief = time(&|s| drop(black_box(context_brief_capped(s, None, Some(10)))));
    let default_facts = time(&|s| drop(black_box(ground_truth(s, None, None))));
    let default_brief = time(&|s| drop(black_box(context_brief(s, None))));
    let ratio =
        |d: &[Duration], hi: usize, lo: usize| d[hi].as_secs_f64() / d[lo].as_secs_f64().max(1e-12);
    let report = |name: &str, same: &[Duration], default: &[Duration]| {
        let target = ratio(default, 2, 0);
        println!(
            "{name}: default dial (20) → 10: {:?}, 1k: {:?}, 10k: {:?}; ratio 10k/10 = {:.2}x, target <= 1.5x {} (10 attempts show 10 lines, 10k show 20); 10k/1k = {:.2}x",
            default[0], default[1], default[2], target, if target <= 1.5 { "met" } else { "NOT met" }, ratio(default, 2, 1)
        );
        println!(
            "{name}: equal lines (dial 10) → 10: {:?}, 1k: {:?}, 10k: {:?}; ratio 10k/10 = {:.2}x (history alone); per shown line ≈ {:?}",
            same[0], same[1], same[2], ratio(same, 2, 0), default[2].saturating_sub(same[2]) / 10
        );
    };
    report("groundTruth", &same_facts, &default_facts);
    report("contextBrief", &same_brief, &default_brief);
}

criterion_group!(benches, bench);
criterion_main!(benches);
