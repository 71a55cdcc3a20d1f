//! Redaction as a property (docs/session.md §28): a random store, random payloads and returned values
//! with random redacted keys and paths (split between the graph and the session options), random
//! fires and reads through the port — no redacted value appears in any string the package returns or
//! hands to a callback other than the app's own handlers and predicates, the handlers get every
//! payload whole, and unnamed keys still answer their value. Bounded for `cargo test`
//! (`PROPTEST_CASES=2000 cargo test --release --test fuzz_redaction` runs long).

mod redaction_support;

use std::rc::Rc;

use groundfacts::graph::redact::MARKER;
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::{SessionOptions, UpdateOptions};
use proptest::prelude::*;
use redaction_support::*;
use serde_json::{json, Map, Value};

/// Whether the test's own reading of a key pattern list hides `key`.
fn hidden(patterns: &[&str], key: &str) -> bool {
    patterns.iter().any(|p| {
        *p == "*"
            || *p == key
            || p.strip_suffix(".*")
                .is_some_and(|prefix| key.starts_with(&format!("{prefix}.")))
    })
}

/// A value holding `secret` only where `path` points (a `*` segment becomes a member or a list,
/// `wrap` puts a named segment's object inside a list, which a named segment looks through).
fn placed(path: &str, secret: &str, wrap: bool) -> Value {
    let segments: Vec<&str> = path.split('.').collect();
    let mut value = Value::String(secret.to_string());
    for (i, segment) in segments.iter().enumerate().rev() {
        value = if *segment == "*" {
            if wrap {
                json!([value])
            } else {
                json!({ "any": value })
            }
        } else if let Ok(n) = segment.parse::<usize>() {
            let mut list = vec![json!("filler"); n];
            list.push(value);
            Value::Array(list)
        } else {
            let inner = json!({ *segment: value });
            if wrap && i > 0 {
                json!([inner])
            } else {
                inner
            }
        };
    }
    value
}

/// Merge `b` into `a`, keeping `a` where the two disagree (a dropped secret is simply not there).
fn merge(a: &mut Value, b: Value) {
    if let (Value::Object(a), Value::Object(b)) = (a, b) {
        for (k, v) in b {
            match a.get_mut(&k) {
                Some(existing) => merge(existing, v),
                None => {
                    a.insert(k, v);
                }
            }
        }
    }
}

/// Secret values, each unique to its run and place.
struct Secrets {
    seed: u32,
    next: u32,
    all: Vec<String>,
}

impl Secrets {
    fn mint(&mut self, what: &str) -> String {
        self.next += 1;
        let s = format!("S3CRET-{what}-{}-{}", self.seed, self.next);
        self.all.push(s.clone());
        s
    }

    /// A payload with a secret at every picked path and a plain note.
    fn payload(&mut self, picks: &[(&str, bool)]) -> Value {
        let mut payload = json!({ "note": "plain-note" });
        for (path, wrap) in picks {
            let s = self.mint("payload");
            merge(&mut payload, placed(path, &s, *wrap));
        }
        payload
    }
}

#[derive(Debug, Clone)]
enum Op {
    Fire(usize, bool),
    Confirm(usize),
    Why(usize),
    DidItWork,
    WhatsHere,
    Journey(bool),
    Report(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0..ACTIONS.len(), any::<bool>()).prop_map(|(a, p)| Op::Fire(a, p)),
        1 => (0..ACTIONS.len()).prop_map(Op::Confirm),
        2 => (0..KEYS.len()).prop_map(Op::Why),
        2 => Just(Op::DidItWork),
        1 => Just(Op::WhatsHere),
        1 => any::<bool>().prop_map(Op::Journey),
        2 => (0..KEYS.len()).prop_map(Op::Report),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn no_redacted_value_leaves_the_session(
        key_picks in prop::collection::vec((0..KEY_PATTERNS.len(), any::<bool>()), 1..4),
        path_picks in prop::collection::vec((0..PATH_PATTERNS.len(), any::<bool>(), any::<bool>()), 1..4),
        ops in prop::collection::vec(op(), 1..24),
        seed in 0u32..1_000_000,
    ) {
        let mut graph_keys = Vec::new();
        let mut option_keys = Vec::new();
        for (i, in_graph) in &key_picks {
            if *in_graph { graph_keys.push(KEY_PATTERNS[*i]) } else { option_keys.push(KEY_PATTERNS[*i]) }
        }
        let mut graph_paths = Vec::new();
        let mut option_paths = Vec::new();
        for (i, in_graph, _) in &path_picks {
            if *in_graph { graph_paths.push(PATH_PATTERNS[*i]) } else { option_paths.push(PATH_PATTERNS[*i]) }
        }
        let keys: Vec<&str> = graph_keys.iter().chain(&option_keys).copied().collect();
        let mut minted = Secrets { seed, next: 0, all: Vec::new() };
        // The store: a secret at every hidden key, a plain value elsewhere.
        let mut store = Map::new();
        for (n, key) in KEYS.iter().enumerate() {
            let value = if hidden(&keys, key) { minted.mint("state") } else { format!("plain-{n}") };
            store.insert(key.to_string(), json!(value));
        }
        let v = vault(
            graph(&graph_keys, &graph_paths),
            SessionOptions {
                node: Some("vault".into()),
                state: Some(store.clone()),
                redact: redaction(&option_keys, &option_paths),
                ..SessionOptions::default()
            },
        );
        let port = AgentPort::new(Rc::clone(&v.session), PortOptions::default());
        let mut results = Vec::new();
        let mut sent: Vec<Value> = Vec::new();
        let mut last_id: Option<String> = None;
        let picks: Vec<(&str, bool)> = path_picks.iter().map(|(i, _, w)| (PATH_PATTERNS[*i], *w)).collect();
        for op in &ops {
            // What handlers report and return next: secrets only where redaction names them.
            let mut report = Map::new();
            for key in KEYS.iter().filter(|k| hidden(&keys, k)) {
                report.insert(key.to_string(), json!(minted.mint("report")));
            }
            let mut produce = json!({ "receipt": "plain-receipt" });
            for (path, wrap) in &picks {
                let s = minted.mint("produced");
                merge(&mut produce, placed(path, &s, !*wrap));
            }
            {
                let mut app = v.app.borrow_mut();
                app.report = Value::Object(report.clone());
                app.produce = Some(produce);
            }
            let r = match op {
                Op::Fire(a, with_payload) => {
                    let mut args = json!({ "action": ACTIONS[*a] });
                    if *with_payload {
                        let p = minted.payload(&picks);
                        sent.push(p.clone());
                        args["input"] = p;
                    }
                    port.call("vault.do_action", &args)
                }
                Op::Confirm(a) => {
                    let p = minted.payload(&picks);
                    sent.push(p.clone());
                    port.call("vault.do_action", &json!({ "action": ACTIONS[*a], "input": p, "confirm": true }))
                }
                Op::Why(k) => port.call("vault.why", &json!({ "key": KEYS[*k] })),
                Op::DidItWork => match &last_id {
                    Some(id) => port.call("vault.did_it_work", &json!({ "transitionId": id })),
                    None => port.call("vault.whats_here", &json!({})),
                },
                Op::WhatsHere => port.call("vault.whats_here", &json!({})),
                Op::Journey(step) => {
                    if *step {
                        let p = minted.payload(&picks);
                        sent.push(p.clone());
                        port.call("vault.journey.flow", &json!({ "step": "login", "input": p }))
                    } else {
                        port.call("vault.journey.flow", &json!({}))
                    }
                }
                Op::Report(k) => {
                    let key = KEYS[*k];
                    let value = if hidden(&keys, key) { minted.mint("tap") } else { "plain-tap".into() };
                    let r = v.session.update_state(&json!({ key: value }), UpdateOptions::default()).unwrap();
                    serde_json::to_value(r).unwrap()
                }
            };
            if let Some(id) = r["transitionId"].as_str() {
                last_id = Some(id.to_string());
            }
            results.push(r);
        }
        let all = everything(&v, &port, &results);
        for s in &minted.all {
            prop_assert!(!all.contains(s.as_str()), "{s} left the session:\n{all}");
        }
        // The handlers got every payload whole, in order.
        let received: Vec<Value> = v.app.borrow().received.iter().flatten().cloned().collect();
        for p in &received {
            prop_assert!(sent.contains(p), "a handler got {p}, which was never sent whole");
        }
        // Plain values still leave: redaction hid what it was told to, not everything.
        for (key, value) in &v.session.state() {
            let why = port.call("vault.why", &json!({ "key": key }));
            if hidden(&keys, key) {
                prop_assert_eq!(&why["value"], MARKER);
            } else {
                prop_assert_eq!(&why["value"], value);
            }
        }
    }
}
