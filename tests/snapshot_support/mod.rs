//! Shared helpers for the snapshot tests (tests/session_snapshot.rs, tests/session_snapshot_reload.rs;
//! docs/session.md §20): a session's snapshot read back through JSON text, as sessionStorage keeps it,
//! the facts block and brief, and the shop's components wired. Needs `mod session_support;` beside it.
#![allow(dead_code)]

use groundfacts::facts::{context_brief, ground_truth};
use groundfacts::session::*;
use serde_json::{json, Value};

use crate::session_support::*;

pub fn json_of(s: &Session) -> Value {
    // Through text, as sessionStorage keeps it.
    let text = serde_json::to_string(&s.snapshot()).unwrap();
    serde_json::from_str(&text).unwrap()
}

pub fn facts(s: &Session) -> (String, String) {
    (
        ground_truth(s, None, None).text,
        context_brief(s, None).text,
    )
}

/// A session over the shop graph with a declared mount action and handlers wired (the "components").
pub fn shop_wired(s: &Session, host: &groundfacts::session::test_host::ClosureHost) -> Vec<String> {
    use groundfacts::graph::def::from_json_text;
    let search = reporting(host, json!({"search.q": "tea"}));
    let toggle = host.handler(|_, _| groundfacts::host::HandlerOutcome::Returned(None));
    let declared = from_json_text(r#"{"does": "Share the basket", "input": "none"}"#).unwrap();
    let home = s
        .register_actions(
            "home",
            vec![("search".into(), search), ("toggle".into(), toggle)],
            vec![("share".into(), declared)],
        )
        .unwrap();
    let checkout = reporting(host, json!({"orders.count": 1}));
    let cart = s
        .register_actions("cart", vec![("checkout".into(), checkout)], vec![])
        .unwrap();
    vec![home, cart]
}
