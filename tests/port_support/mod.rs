//! Shared helpers for the port contract tests (tests/serve_port*.rs): a port over the seed wizard,
//! the tool array as bytes, the ledgers' sizes (to prove a call was not an attempt), and the agent's
//! walk to the review page through `do_action`. Needs `mod session_support;` beside it.
#![allow(dead_code)]

use std::rc::Rc;

use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::{Session, SessionOptions};
use serde_json::json;

use crate::session_support::*;

pub fn port() -> (AgentPort, Rc<Session>) {
    let Wizard { session, .. } = wizard(true, false, SessionOptions::default());
    let session = Rc::new(session);
    (
        AgentPort::new(Rc::clone(&session), PortOptions::default()),
        session,
    )
}

pub fn tools_bytes(port: &AgentPort) -> String {
    serde_json::to_string(&port.tools_json()).unwrap()
}

/// Everything the ledgers hold, to prove a call was not an attempt.
pub fn ledgers(session: &Session) -> (u64, usize, usize) {
    (
        session.version(),
        session.gaps().len(),
        session.transitions().len(),
    )
}

pub fn seed_name(port: &AgentPort) {
    let r = port.call(
        "wizard.do_action",
        &json!({"action": "name-it", "input": {"name": "Ion channel screen"}}),
    );
    assert_eq!(r["ok"], true, "{r}");
}

pub fn walk_to_review(port: &AgentPort) {
    seed_name(port);
    let r = port.call(
        "wizard.do_action",
        &json!({"action": "pick-recipe", "input": {"recipe": "dose-response"}}),
    );
    assert_eq!(r["ok"], true, "{r}");
    let r = port.call("wizard.do_action", &json!({"action": "next-to-review"}));
    assert_eq!(r["ok"], true, "{r}");
}
