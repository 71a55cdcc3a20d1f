//! Shared fixture for the grey, busy and already-true tests (tests/session_grey.rs, session_busy.rs,
//! session_already_true.rs; docs/session.md §21–§23): an upload page whose `submit` waits on three
//! conditions, a writer on another page, verify-carrying actions, a state holding a distinctive value
//! that must never leak into any text, and readers for an action's edge and the two texts.
#![allow(dead_code)]

use std::rc::Rc;

use groundfacts::facts::{context_brief, ground_truth};
use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::host::HandlerOutcome;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Map, Value};

/// A state value no graph operand contains: if it shows up anywhere, a state value leaked.
pub const SECRET: &str = "ZQX-7731-uploading";

pub fn graph() -> groundfacts::graph::NavigationGraph {
    let def = from_json_text(
        &json!({
            "pages": {
                "upload": {"route": "/upload", "does": "the upload step", "actions": {
                    "start": {"does": "Upload the file", "input": "none", "writes": ["upload.status"]},
                    "reset": {"does": "Count the files again", "input": "none", "writes": ["upload.count"]},
                    "submit": {"does": "Submit the wizard", "input": "none", "writes": ["wizard.sent"],
                               "enabledWhen": {"upload.status": {"eq": "done"}, "upload.count": {"gte": 1}, "upload.kind": {"in": ["pdf", "png"]}}},
                    "again": {"does": "Retry the upload", "input": "none", "writes": ["retry.state"],
                              "enabledWhen": {"retry.state": {"eq": "idle"}}},
                    "mark": {"does": "Mark it seen", "input": "none", "writes": ["seen.flag"],
                             "verify": {"seen.flag": {"eq": true}}},
                    "partial": {"does": "Set two keys", "input": "none", "writes": ["pa", "pb"],
                                "verify": {"pa": {"eq": 1}}}
                }},
                "elsewhere": {"route": "/elsewhere", "does": "another page", "actions": {
                    "finish": {"does": "Finish the upload from here", "input": "none", "writes": ["upload.status", "upload.count"]}
                }}
            }
        })
        .to_string(),
    )
    .expect("def");
    build_navigation_graph("up", &def).expect("compiles")
}

pub fn state(extra: Value) -> Map<String, Value> {
    let mut m = match json!({
        "upload.status": SECRET, "upload.count": 0, "upload.kind": "pdf",
        "retry.state": "busy", "seen.flag": false, "pa": 0, "pb": 0, "wizard.sent": false
    }) {
        Value::Object(m) => m,
        _ => unreachable!(),
    };
    if let Value::Object(e) = extra {
        m.extend(e);
    }
    m
}

pub struct Fixture {
    pub host: Rc<ClosureHost>,
    pub session: Rc<Session>,
    pub group: String,
}

/// A session on `upload` with every action wired to a handler that returns at once, except `start`,
/// whose handler returns a thenable (token 7) so its fire stays running.
pub fn fixture(extra: Value) -> Fixture {
    let host = Rc::new(ClosureHost::new());
    let session = Rc::new(
        Session::new(
            Rc::new(graph()),
            host.clone(),
            SessionOptions {
                node: Some("upload".into()),
                state: Some(state(extra)),
                ..SessionOptions::default()
            },
        )
        .expect("session"),
    );
    let ret = host.handler(|_, _| HandlerOutcome::Returned(None));
    let deferred = host.handler(|_, _| HandlerOutcome::Deferred(7));
    let group = session
        .register_actions(
            "upload",
            vec![
                ("start".into(), deferred),
                ("reset".into(), ret),
                ("submit".into(), ret),
                ("again".into(), ret),
                ("mark".into(), ret),
                ("partial".into(), ret),
            ],
            vec![],
        )
        .unwrap();
    Fixture {
        host,
        session,
        group,
    }
}

pub fn agent() -> FireOptions {
    FireOptions {
        source: None,
        payload: None,
        ..Default::default()
    }
}

pub fn edge(s: &Session, id: &str) -> Value {
    let a = serde_json::to_value(s.available()).unwrap();
    a["edges"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["affordanceId"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("{id} is not offered"))
}

pub fn texts(s: &Session) -> (String, String) {
    (
        ground_truth(s, None, None).text,
        context_brief(s, None).text,
    )
}

pub fn assert_no_secret(what: &str, text: &str) {
    assert!(
        !text.contains(SECRET) && !text.contains("ZQX"),
        "a state value leaked into {what}: {text}"
    );
}
