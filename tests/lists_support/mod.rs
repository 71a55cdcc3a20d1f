//! Shared fixture for the list tests (docs/session.md §34): the Projects page whose `rows` area
//! repeats `open` and `archive`, two rows registered the way row components do, and a fire helper.
#![allow(dead_code)]

use std::cell::RefCell;
use std::rc::Rc;

use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::host::HandlerOutcome;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Value};

pub fn def() -> Value {
    json!({"pages": {"projects": {"route": "/projects", "does": "the Projects list",
    "containers": {"rows": {"kind": "area", "does": "one row per project", "repeats": ["open", "archive"]}},
    "actions": {
        "open": {"does": "Open the project"},
        "archive": {"does": "Archive the project", "writes": ["archived"], "concurrency": "single-flight"},
        "new": {"does": "Start a new project"}
    }}}})
}

pub struct Rows {
    pub session: Rc<Session>,
    pub host: Rc<ClosureHost>,
    /// (row id, action) each handler call was for.
    pub ran: Rc<RefCell<Vec<(String, String)>>>,
}

/// Register one row the way a row component does: its own handlers, its own instance.
pub fn mount_row(r: &Rows, id: &str, label: &str) -> Result<String, SessionError> {
    let mut handlers = Vec::new();
    for action in ["open", "archive"] {
        let ran = Rc::clone(&r.ran);
        let (row, name) = (id.to_string(), action.to_string());
        let cb = r.host.handler(move |_, _| {
            ran.borrow_mut().push((row.clone(), name.clone()));
            HandlerOutcome::Returned(None)
        });
        handlers.push((action.to_string(), cb));
    }
    r.session.register_row(
        "projects",
        handlers,
        vec![],
        InstanceRef {
            id: id.into(),
            label: label.into(),
        },
    )
}

pub fn rows() -> Rows {
    let host = Rc::new(ClosureHost::new());
    let session = Session::new(
        Rc::new(
            build_navigation_graph("lists", &from_json_text(&def().to_string()).unwrap()).unwrap(),
        ),
        host.clone(),
        SessionOptions {
            state: json!({"archived": 0}).as_object().cloned(),
            ..SessionOptions::default()
        },
    )
    .unwrap();
    let r = Rows {
        session: Rc::new(session),
        host,
        ran: Rc::default(),
    };
    mount_row(&r, "p1", "Alpha").unwrap();
    mount_row(&r, "p2", "Beta").unwrap();
    r
}

pub fn fire_on(s: &Session, id: &str, instance: Option<&str>, who: Principal) -> FireResult {
    s.fire_in(
        id,
        FireOptions {
            source: Some(who),
            payload: None,
            ..Default::default()
        },
        instance,
    )
    .unwrap()
}
