//! Redaction (docs/session.md §28, docs/facts-and-serving.md §8): state keys and payload / returned-value
//! paths named in `redact` never leave the session. Pinned case by case (each field that can carry an
//! app value shows the marker; guards, verify and handlers still see the real value; `producedFor`),
//! then as a property: a random store, random payloads and returned values with random redacted keys
//! and paths (split between the graph and the session options), random fires and reads through the
//! port — no redacted value appears in any string the package returns or hands to a callback other
//! than the app's own handlers and predicates. Bounded for `cargo test`
//! (`PROPTEST_CASES=2000 cargo test --release --test redaction` runs long).

use std::cell::RefCell;
use std::rc::Rc;

use groundfacts::codes::ErrorCode;
use groundfacts::facts::{context_brief, ground_truth};
use groundfacts::graph::def::{from_json_text, DefValue};
use groundfacts::graph::redact::{compile, MARKER};
use groundfacts::graph::{build_navigation_graph, NavigationGraph, Redaction};
use groundfacts::host::{HandlerOutcome, PredicateAnswer};
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{FireOptions, Session, SessionOptions, UpdateOptions};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

const KEYS: [&str; 5] = [
    "auth.token",
    "auth.otp",
    "card.number",
    "user.name",
    "count",
];
const KEY_PATTERNS: [&str; 6] = ["auth.token", "auth.*", "card.*", "user.name", "count", "*"];
const PATH_PATTERNS: [&str; 7] = [
    "password",
    "card.number",
    "items.*.pin",
    "cards.cvc",
    "list.1",
    "deep.a.b",
    "*",
];
const ACTIONS: [&str; 6] = ["login", "pay", "locked", "greyed", "check", "nope"];

fn redact_def(keys: &[&str], paths: &[&str]) -> DefValue {
    DefValue::from_json(&json!({ "keys": keys, "paths": paths }))
}

fn redaction(keys: &[&str], paths: &[&str]) -> Redaction {
    compile(&redact_def(keys, paths), "createSession: options").expect("patterns")
}

/// A vault app: a guard, a greyed control, a failing verify and a high-effect action over state keys.
fn graph(keys: &[&str], paths: &[&str]) -> NavigationGraph {
    let def = json!({
        "redact": { "keys": keys, "paths": paths },
        "pages": {
            "vault": { "route": "/vault", "does": "the vault", "actions": {
                "login": { "does": "Sign in", "writes": ["auth.token"], "verify": { "auth.token": { "ne": null } } },
                "pay": { "does": "Pay the bill", "confirm": true, "writes": ["count"] },
                "locked": { "does": "Open the locked drawer", "when": { "auth.otp": { "eq": "open-sesame" } } },
                "greyed": { "does": "Use the saved card", "enabledWhen": { "card.number": { "eq": "0000" } } },
                "check": { "does": "Check the name", "writes": ["user.name"], "verify": { "user.name": { "eq": "nobody" } } }
            }},
            "done": { "route": "/done", "does": "the end" }
        },
        "journeys": { "flow": { "does": "Sign in and pay", "steps": ["login", "pay"] } }
    });
    let def = from_json_text(&def.to_string()).expect("def");
    build_navigation_graph("vault", &def).expect("vault compiles")
}

/// The app: its store, what its handlers received, and the values they return and report.
#[derive(Default)]
struct App {
    received: Vec<Option<Value>>,
    /// What each handler reports next (a whole-store delta) and returns.
    report: Value,
    produce: Option<Value>,
}

struct Vault {
    session: Rc<Session>,
    host: Rc<ClosureHost>,
    app: Rc<RefCell<App>>,
}

fn vault(graph: NavigationGraph, options: SessionOptions) -> Vault {
    let host = Rc::new(ClosureHost::new());
    let app = Rc::new(RefCell::new(App::default()));
    let session = Rc::new(Session::new(Rc::new(graph), host.clone(), options).expect("session"));
    let mut handlers = Vec::new();
    for name in ["login", "pay", "locked", "greyed", "check"] {
        let app = Rc::clone(&app);
        let id = host.handler(move |s, payload| {
            let (report, produce) = {
                let mut app = app.borrow_mut();
                app.received.push(payload.cloned());
                (app.report.clone(), app.produce.clone())
            };
            if report.as_object().is_some_and(|m| !m.is_empty()) {
                s.update_state(&report, UpdateOptions::default())
                    .expect("tap");
            }
            HandlerOutcome::Returned(produce)
        });
        handlers.push((name.to_string(), id));
    }
    session
        .register_actions("vault", handlers, vec![])
        .expect("handlers");
    Vault { session, host, app }
}

fn state(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}

/// Every string the package hands out after a run (not the app's own `state()`).
fn everything(v: &Vault, port: &AgentPort, results: &[Value]) -> String {
    let mut out = String::new();
    for r in results {
        out.push_str(&r.to_string());
        out.push('\n');
    }
    let s = &v.session;
    out.push_str(&serde_json::to_string(&s.transitions()).unwrap());
    out.push_str(&serde_json::to_string(&s.gaps()).unwrap());
    out.push_str(&serde_json::to_string(&s.pending()).unwrap());
    out.push_str(&serde_json::to_string(&s.asks()).unwrap());
    out.push_str(&serde_json::to_string(&s.snapshot()).unwrap());
    out.push_str(&serde_json::to_string(&s.journey_plan("flow")).unwrap());
    for t in s.transitions() {
        if let Ok(Some(settled)) = s.settlement_if_known(&t.id) {
            out.push_str(&serde_json::to_string(&settled).unwrap());
        }
        if let Some(produced) = s.produced_for(&t.id) {
            out.push_str(&produced.to_string());
        }
    }
    out.push_str(&ground_truth(s, None, None).text);
    out.push_str(&context_brief(s, None).text);
    out.push_str(&v.host.warnings().join("\n"));
    out.push_str(&port.call("vault.whats_here", &json!({})).to_string());
    out
}

// ── case by case ────────────────────────────────────────────────────────────────────────────────

#[test]
fn a_redacted_state_value_is_the_marker_in_why_evidence_and_snapshots_but_guards_see_it() {
    let g = graph(&["auth.*"], &[]);
    let v = vault(
        g,
        SessionOptions {
            node: Some("vault".into()),
            state: Some(state(&[
                ("auth.token", json!("sk-live-STORE-SECRET-9f8e7d")),
                ("auth.otp", json!("OTP-CODE-771204")),
                ("user.name", json!("Ada")),
            ])),
            ..SessionOptions::default()
        },
    );
    let port = AgentPort::new(Rc::clone(&v.session), PortOptions::default());
    let why = port.call("vault.why", &json!({ "key": "auth.token" }));
    assert_eq!(why["value"], MARKER, "{why}");
    assert_eq!(why["holds"], true);
    // Key names are the graph's vocabulary: not redacted.
    assert_eq!(why["key"], "auth.token");
    let plain = port.call("vault.why", &json!({ "key": "user.name" }));
    assert_eq!(plain["value"], "Ada", "an unnamed key is not redacted");

    // The guard on `auth.otp` is evaluated on the real value (it fails), its evidence shows the marker.
    let refused = port.call("vault.do_action", &json!({ "action": "locked" }));
    let text = refused.to_string();
    assert!(!text.contains("OTP-CODE"), "{text}");
    // Through the session's own door the refusal is an attempt, with a gap row.
    let fired = v
        .session
        .fire("vault.locked", FireOptions::default())
        .unwrap();
    assert!(!fired.ok);
    let gaps = serde_json::to_value(v.session.gaps()).unwrap();
    let evidence = &gaps[0]["evidence"][0];
    assert_eq!(evidence["key"], "auth.otp", "{gaps}");
    assert_eq!(evidence["actualSummary"], MARKER, "{gaps}");
    assert_eq!(evidence["result"], false);
    // The real value opens it: a guard sees the real value, not the marker.
    v.session
        .update_state(
            &json!({ "auth.otp": "open-sesame" }),
            UpdateOptions::default(),
        )
        .unwrap();
    let opened = port.call("vault.do_action", &json!({ "action": "locked" }));
    assert_eq!(opened["ok"], true, "{opened}");

    // A snapshot leaves the hidden keys out and keeps the rest.
    let snap = serde_json::to_value(v.session.snapshot()).unwrap();
    assert!(
        snap["state"].get("auth.token").is_none(),
        "{}",
        snap["state"]
    );
    assert_eq!(snap["state"]["user.name"], "Ada");
    assert!(!snap.to_string().contains("sk-live"));
    // The app's own read of its store is whole.
    assert_eq!(
        v.session.state()["auth.token"],
        "sk-live-STORE-SECRET-9f8e7d"
    );
}

#[test]
fn a_failed_verify_and_a_greyed_refusal_carry_the_marker_and_predicates_get_the_real_state() {
    let host = Rc::new(ClosureHost::new());
    let saw = Rc::new(RefCell::new(Vec::new()));
    let seen = Rc::clone(&saw);
    let predicate = host.predicate(move |_, state| {
        seen.borrow_mut().push(state.clone());
        PredicateAnswer::Held
    });
    let def = json!({
        "redact": { "keys": ["card.number"] },
        "pages": { "p": { "route": "/", "actions": {
            "greyed": { "does": "Use the card", "enabledWhen": { "card.number": { "eq": "0000" } } },
            "checked": { "does": "Check", "writes": ["card.number"], "verify": "PRED" }
        }}}
    });
    let mut def = from_json_text(&def.to_string()).unwrap();
    if let DefValue::Object(top) = &mut def {
        let pages = &mut top.iter_mut().find(|(k, _)| k == "pages").unwrap().1;
        if let DefValue::Object(pages) = pages {
            if let DefValue::Object(p) = &mut pages[0].1 {
                if let DefValue::Object(actions) =
                    &mut p.iter_mut().find(|(k, _)| k == "actions").unwrap().1
                {
                    if let DefValue::Object(checked) = &mut actions[1].1 {
                        checked.iter_mut().find(|(k, _)| k == "verify").unwrap().1 =
                            DefValue::Function(predicate);
                    }
                }
            }
        }
    }
    let g = build_navigation_graph("p", &def).unwrap();
    let session = Rc::new(
        Session::new(
            Rc::new(g),
            host.clone(),
            SessionOptions {
                state: Some(state(&[("card.number", json!("4111-1111-SECRET"))])),
                ..SessionOptions::default()
            },
        )
        .unwrap(),
    );
    let h = host.handler(|s, _| {
        s.update_state(
            &json!({ "card.number": "4242-NEW-SECRET" }),
            UpdateOptions::default(),
        )
        .unwrap();
        HandlerOutcome::Returned(None)
    });
    let h2 = host.handler(|_, _| HandlerOutcome::Returned(None));
    session
        .register_actions(
            "p",
            vec![("checked".into(), h), ("greyed".into(), h2)],
            vec![],
        )
        .unwrap();
    let port = AgentPort::new(Rc::clone(&session), PortOptions::default());
    let greyed = port.call("p.do_action", &json!({ "action": "greyed" }));
    assert_eq!(greyed["reason"], "TOOL_DISABLED", "{greyed}");
    assert!(!greyed.to_string().contains("SECRET"), "{greyed}");
    let fired = port.call("p.do_action", &json!({ "action": "checked" }));
    assert_eq!(fired["ok"], true, "{fired}");
    assert_eq!(
        saw.borrow()[0]["card.number"],
        "4242-NEW-SECRET",
        "the predicate gets the real state"
    );
    let all = format!(
        "{}{}{}",
        serde_json::to_string(&session.gaps()).unwrap(),
        serde_json::to_string(&session.transitions()).unwrap(),
        port.call("p.whats_here", &json!({}))
    );
    assert!(!all.contains("SECRET"), "{all}");
}

#[test]
fn payload_and_returned_paths_are_the_marker_everywhere_but_the_handler_gets_them_whole() {
    let g = graph(&[], &["password", "card.number"]);
    let v = vault(
        g,
        SessionOptions {
            node: Some("vault".into()),
            redact: redaction(&[], &["items.*.pin"]),
            ..SessionOptions::default()
        },
    );
    v.app.borrow_mut().produce = Some(
        json!({ "receipt": "R-1", "card": { "number": "4111-PRODUCED-SECRET", "brand": "visa" } }),
    );
    let port = AgentPort::new(Rc::clone(&v.session), PortOptions::default());
    let payload = json!({ "user": "ada", "password": "hunter2-PAYLOAD-SECRET",
                          "items": [{ "pin": "PIN-SECRET-1" }, { "pin": "PIN-SECRET-2", "qty": 2 }] });
    let fired = port.call(
        "vault.do_action",
        &json!({ "action": "login", "input": payload }),
    );
    assert_eq!(fired["ok"], true, "{fired}");
    assert_eq!(
        v.app.borrow().received[0].as_ref(),
        Some(&payload),
        "the handler gets it whole"
    );
    let id = fired["transitionId"].as_str().unwrap().to_string();
    let t = v
        .session
        .transitions()
        .into_iter()
        .find(|t| t.id == id)
        .unwrap();
    assert_eq!(
        t.payload,
        Some(json!({ "user": "ada", "password": MARKER,
                     "items": [{ "pin": MARKER }, { "pin": MARKER, "qty": 2 }] }))
    );
    let produced = json!({ "receipt": "R-1", "card": { "number": MARKER, "brand": "visa" } });
    assert_eq!(t.produced, Some(produced.clone()));
    assert_eq!(v.session.produced_for(&id), Some(produced.clone()));
    let did = port.call("vault.did_it_work", &json!({ "transitionId": id }));
    assert_eq!(
        did["data"], produced,
        "did_it_work carries the same value: {did}"
    );
    // A fresh copy each time; nothing for an id with no kept row.
    assert_eq!(v.session.produced_for("vault.login#999"), None);
    assert_eq!(v.session.produced_for("not an id"), None);
    // The facts block never carries it.
    let block = ground_truth(&v.session, None, None).text;
    assert!(!block.contains("R-1") && !block.contains(MARKER), "{block}");
}

#[test]
fn an_ask_binds_the_real_input_and_its_snapshot_keeps_the_marker() {
    let g = graph(&[], &["password"]);
    let v = vault(
        g,
        SessionOptions {
            node: Some("vault".into()),
            ..SessionOptions::default()
        },
    );
    let port = AgentPort::new(Rc::clone(&v.session), PortOptions::default());
    let input = json!({ "password": "ASK-SECRET" });
    let asked = port.call(
        "vault.do_action",
        &json!({ "action": "pay", "input": input }),
    );
    assert_eq!(asked["judgment"], "needs-confirm", "{asked}");
    let fired = port.call(
        "vault.do_action",
        &json!({ "action": "pay", "input": input, "confirm": true }),
    );
    assert_eq!(fired["ok"], true, "the ask matched the real input: {fired}");
    let all = format!(
        "{asked}{fired}{}",
        serde_json::to_string(&v.session.snapshot()).unwrap()
    );
    assert!(!all.contains("ASK-SECRET"), "{all}");
}

#[test]
fn without_redaction_the_same_run_shows_the_values() {
    // The control: the property below could not pass by hiding everything or by never looking.
    let g = graph(&[], &[]);
    let v = vault(
        g,
        SessionOptions {
            node: Some("vault".into()),
            state: Some(state(&[("auth.otp", json!("OTP-VISIBLE"))])),
            ..SessionOptions::default()
        },
    );
    let port = AgentPort::new(Rc::clone(&v.session), PortOptions::default());
    let r = port.call(
        "vault.do_action",
        &json!({ "action": "login", "input": { "password": "PW-VISIBLE" } }),
    );
    let all = everything(
        &v,
        &port,
        &[r, port.call("vault.why", &json!({ "key": "auth.otp" }))],
    );
    assert!(all.contains("OTP-VISIBLE") && all.contains("PW-VISIBLE"));
    assert!(!all.contains(MARKER));
}

#[test]
fn bad_patterns_in_the_graph_are_graph_validation_errors() {
    for redact in [
        json!({ "keys": ["auth*"] }),
        json!({ "paths": ["a..b"] }),
        json!({ "keys": "auth.token" }),
        json!(["auth.token"]),
    ] {
        let def = json!({ "redact": redact, "pages": { "p": { "route": "/" } } });
        let err =
            build_navigation_graph("g", &from_json_text(&def.to_string()).unwrap()).unwrap_err();
        assert_eq!(err.code, ErrorCode::BadRedact, "{redact}: {}", err.message);
        assert!(err.message.contains("`redact`"), "{}", err.message);
    }
    let def = json!({ "redact": { "key": [] }, "pages": { "p": { "route": "/" } } });
    let err = build_navigation_graph("g", &from_json_text(&def.to_string()).unwrap()).unwrap_err();
    assert_eq!(err.code, ErrorCode::UnknownKey);
}

// ── the property ────────────────────────────────────────────────────────────────────────────────

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
