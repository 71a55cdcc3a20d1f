//! The vault app the redaction tests share (`tests/redaction.rs`, `tests/fuzz_redaction.rs`): a graph
//! with a guard, a greyed control, a failing verify and a high-effect action over state keys, its
//! handlers (which record their payload, report a delta and return a value), and `everything`, every
//! string the package hands out after a run.
#![allow(dead_code)]

use std::cell::RefCell;
use std::rc::Rc;

use groundfacts::facts::{context_brief, ground_truth};
use groundfacts::graph::def::{from_json_text, DefValue};
use groundfacts::graph::redact::compile;
use groundfacts::graph::{build_navigation_graph, NavigationGraph, Redaction};
use groundfacts::host::HandlerOutcome;
use groundfacts::serve::AgentPort;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{Session, SessionOptions, UpdateOptions};
use serde_json::{json, Map, Value};

pub const KEYS: [&str; 5] = [
    "auth.token",
    "auth.otp",
    "card.number",
    "user.name",
    "count",
];
pub const KEY_PATTERNS: [&str; 6] = ["auth.token", "auth.*", "card.*", "user.name", "count", "*"];
pub const PATH_PATTERNS: [&str; 7] = [
    "password",
    "card.number",
    "items.*.pin",
    "cards.cvc",
    "list.1",
    "deep.a.b",
    "*",
];
pub const ACTIONS: [&str; 6] = ["login", "pay", "locked", "greyed", "check", "nope"];

pub fn redact_def(keys: &[&str], paths: &[&str]) -> DefValue {
    DefValue::from_json(&json!({ "keys": keys, "paths": paths }))
}

pub fn redaction(keys: &[&str], paths: &[&str]) -> Redaction {
    compile(&redact_def(keys, paths), "createSession: options").expect("patterns")
}

/// A vault app: a guard, a greyed control, a failing verify and a high-effect action over state keys.
pub fn graph(keys: &[&str], paths: &[&str]) -> NavigationGraph {
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
pub struct App {
    pub received: Vec<Option<Value>>,
    /// What each handler reports next (a whole-store delta) and returns.
    pub report: Value,
    pub produce: Option<Value>,
}

pub struct Vault {
    pub session: Rc<Session>,
    pub host: Rc<ClosureHost>,
    pub app: Rc<RefCell<App>>,
}

pub fn vault(graph: NavigationGraph, options: SessionOptions) -> Vault {
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

pub fn state(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}

/// Every string the package hands out after a run (not the app's own `state()`).
pub fn everything(v: &Vault, port: &AgentPort, results: &[Value]) -> String {
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
