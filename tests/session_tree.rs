//! Pins the tree API (docs/graph.md §2.2, docs/session.md §4.1, docs/facts-and-serving.md §2.1):
//! containers compile to dotted paths under the name law; `show` / `hide` / `observeFocus` address
//! only the cursor's page and refuse anything else with a typed error; showing a tab hides its sibling
//! tabs; focus follows visibility; a move to another page forgets focus; the facts block and the brief
//! print `Focus: <path>.` only while a focus below page level is known; the port carries `lookingAt`;
//! the focus ledger is bounded by `retain` with a folded count; a snapshot carries it all; listeners
//! hear focus changes; a container path given to `sync` or `registerActions` means its page.
//! Fixture: tests/tree_support.

mod tree_support;

use std::cell::Cell;
use std::rc::Rc;

use groundfacts::facts;
use groundfacts::graph::def::from_json_text;
use groundfacts::graph::{build_navigation_graph, ContainerKind};
use groundfacts::serve::AgentPort;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Value};
use tree_support::*;

#[test]
fn containers_compile_to_paths_depth_first() {
    let graph = graph_of(tree_def()).unwrap();
    let paths: Vec<&str> = graph.containers.iter().map(|c| c.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "review.files",
            "review.files.upload",
            "review.notes",
            "review.help",
            "review.side"
        ]
    );
    let upload = graph.container("review.files.upload").unwrap();
    assert_eq!(upload.kind, ContainerKind::Modal);
    assert_eq!(upload.parent, "review.files");
    assert_eq!(upload.page, "review");
    assert_eq!(
        graph.container("review.files").unwrap().children,
        ["review.files.upload"]
    );
    // Containers hold no actions: the page's served actions are unchanged.
    assert!(graph.action("review.submit").is_some());
}

#[test]
fn bad_container_shapes_are_refused_with_a_code_naming_the_value() {
    let cases: [(Value, &str, &str); 8] = [
        (
            json!({"x": {"kind": "drawer", "does": "d"}}),
            "BAD_CONTAINER_KIND",
            "'drawer'",
        ),
        (
            json!({"x": {"does": "d"}}),
            "BAD_CONTAINER_KIND",
            "no `kind`",
        ),
        (
            json!({"x": {"kind": 3, "does": "d"}}),
            "BAD_CONTAINER_KIND",
            "a number",
        ),
        (json!({"x": {"kind": "tab"}}), "MISSING_DOES", "'p.x'"),
        (
            json!({"x.y": {"kind": "tab", "does": "d"}}),
            "BAD_NAME",
            "'x.y'",
        ),
        (
            json!({"x": {"kind": "tab", "does": "d", "kidn": 1}}),
            "UNKNOWN_KEY",
            "'kidn'",
        ),
        (
            json!({"x": {"kind": "tab", "does": "d", "actions": {}}}),
            "UNSUPPORTED_KEY",
            "`actions`",
        ),
        (
            json!({"x": "tab"}),
            "BAD_VALUE",
            "container 'p.x' is a string",
        ),
    ];
    for (containers, code, names) in cases {
        let err = graph_of(json!({"pages": {"p": {"containers": containers}}})).unwrap_err();
        assert_eq!(err.code, code, "{}", err.message);
        assert!(err.message.contains(names), "{}", err.message);
        assert!(err.message.starts_with("groundfacts: "), "{}", err.message);
    }
    let err =
        graph_of(json!({"pages": {"p": {"containers": {"x\ny": {"kind": "tab", "does": "d"}}}}}))
            .unwrap_err();
    assert_eq!(err.code, "INVALID_NAME");
    let err = graph_of(
        json!({"pages": {"p": {"containers": {"save": {"kind": "area", "does": "d"}},
        "actions": {"save": {"does": "Save"}}}}}),
    )
    .unwrap_err();
    assert_eq!(err.code, "CONTAINER_ACTION_CLASH");
    assert!(err.message.contains("'p.save'"), "{}", err.message);
    // The reference's bucket keys point at `containers`.
    let err = graph_of(json!({"pages": {"p": {"tabs": {}}}})).unwrap_err();
    assert_eq!(err.code, "UNSUPPORTED_KEY");
    assert!(err.message.contains("containers:"), "{}", err.message);
    // A graph without containers keeps its snapshot fingerprint; one with them differs.
    let plain = graph_of(json!({"pages": {"p": {}}})).unwrap();
    let with =
        graph_of(json!({"pages": {"p": {"containers": {"a": {"kind": "area", "does": "d"}}}}}))
            .unwrap();
    assert_ne!(graph_fingerprint(&plain), graph_fingerprint(&with));
}

#[test]
fn focus_line_appears_only_while_a_focus_below_page_level_is_known() {
    let (_, session) = session_with(json!({}), None);
    sync(&session, "review");
    let before = facts_text(&session);
    assert!(!before.contains("Focus:"), "{before}");
    session
        .observe_focus("review.files", Principal::User)
        .unwrap();
    let text = facts_text(&session);
    assert!(
        text.contains("\nYou are on: review.\nFocus: review.files.\n"),
        "{text}"
    );
    let brief = facts::context_brief(&session, None).text;
    assert!(
        brief.contains("You are on: review.\nFocus: review.files."),
        "{brief}"
    );
    // Back at page level: no line.
    session.observe_focus("review", Principal::User).unwrap();
    assert_eq!(session.focus(), None);
    assert_eq!(facts_text(&session), before);
    // A move to another page forgets the focus, and coming back does not revive it.
    session
        .observe_focus("review.notes", Principal::User)
        .unwrap();
    sync(&session, "home");
    assert_eq!(session.focus(), None);
    assert!(!facts_text(&session).contains("Focus:"));
    sync(&session, "review");
    assert_eq!(session.focus(), None);
    assert_eq!(session.where_in_page().visible, ["review.side"]);
}

#[test]
fn focus_is_not_a_navigation_and_serving_does_not_move() {
    let (_, session) = session_with(json!({}), None);
    sync(&session, "review");
    let version = session.version();
    let served = session.available();
    session
        .observe_focus("review.files.upload", Principal::Agent)
        .unwrap();
    assert_eq!(session.version(), version);
    assert_eq!(session.node(), "review");
    assert_eq!(session.available(), served);
}

#[test]
fn unknown_and_other_page_paths_are_refused_and_record_nothing() {
    let (_, session) = session_with(json!({}), None);
    sync(&session, "review");
    let err = session.show("review.nope").unwrap_err();
    assert_eq!(err.code, "UNKNOWN_CONTAINER");
    assert!(
        err.message.contains("'review.nope'") && err.message.contains("review.files"),
        "{}",
        err.message
    );
    let err = session.observe_focus("home", Principal::User).unwrap_err();
    assert_eq!(err.code, "UNKNOWN_CONTAINER");
    assert!(err.message.contains("sync()"), "{}", err.message);
    sync(&session, "home");
    let err = session
        .observe_focus("review.files", Principal::User)
        .unwrap_err();
    assert_eq!(err.code, "NOT_ON_THIS_PAGE");
    assert!(err.message.contains("sync('review')"), "{}", err.message);
    assert!(session.focus_history().rows.is_empty());
    // The session stays usable.
    sync(&session, "review");
    session.show("review.help").unwrap();
}

#[test]
fn a_shown_tab_hides_its_siblings_and_focus_follows_visibility() {
    let (_, session) = session_with(json!({}), None);
    sync(&session, "review");
    // Areas are visible by default; which tab is selected is unknown until the app says.
    assert_eq!(session.where_in_page().visible, ["review.side"]);
    session.show("review.files").unwrap();
    assert_eq!(
        session.where_in_page().visible,
        ["review.files", "review.side"]
    );
    // Focusing inside shows the path; focusing a modal in `files` keeps `files` shown.
    session
        .observe_focus("review.files.upload", Principal::User)
        .unwrap();
    assert_eq!(
        session.where_in_page().visible,
        ["review.files", "review.files.upload", "review.side"]
    );
    // Selecting the sibling tab hides `files` and what is inside: focus moves up to page level.
    session.show("review.notes").unwrap();
    assert_eq!(
        session.where_in_page().visible,
        ["review.notes", "review.side"]
    );
    assert_eq!(session.focus(), None);
    // Modals stack: opening `help` hides nothing; hiding it moves focus out of it.
    session
        .observe_focus("review.help", Principal::User)
        .unwrap();
    assert_eq!(
        session.where_in_page().visible,
        ["review.notes", "review.help", "review.side"]
    );
    session.hide("review.help").unwrap();
    assert_eq!(session.focus(), None);
    // Hiding a nested modal moves focus to its parent, not to page level.
    session
        .observe_focus("review.files.upload", Principal::User)
        .unwrap();
    session.hide("review.files.upload").unwrap();
    assert_eq!(session.focus().as_deref(), Some("review.files"));
    let rows = session.focus_history().rows;
    let last = rows.last().unwrap();
    assert_eq!(last.change, FocusChange::Hide);
    assert_eq!(last.focus_after.as_deref(), Some("review.files"));
    assert_eq!(rows[1].change, FocusChange::Focus);
    assert_eq!(rows[1].principal, Some(Principal::User));
}

#[test]
fn the_focus_ledger_is_bounded_by_retain_with_a_folded_count_and_unchanged_calls_record_nothing() {
    let (_, session) = session_with(json!({}), Some(3.0));
    sync(&session, "review");
    session.show("review.files").unwrap();
    session.show("review.files").unwrap(); // nothing changed: no row
    assert_eq!(session.focus_history().rows.len(), 1);
    for path in [
        "review.notes",
        "review.files",
        "review.notes",
        "review.files",
    ] {
        session.show(path).unwrap();
    }
    let history = session.focus_history();
    assert_eq!(history.rows.len(), 3);
    assert_eq!(history.folded, 2);
    assert_eq!(history.rows[2].path, "review.files");
}

#[test]
fn listeners_hear_focus_changes_and_only_changes() {
    let (host, session) = session_with(json!({}), None);
    sync(&session, "review");
    let heard = Rc::new(Cell::new(0));
    let h = heard.clone();
    host.subscribe(move |_| {
        h.set(h.get() + 1);
        Ok(())
    });
    session
        .observe_focus("review.files", Principal::User)
        .unwrap();
    assert_eq!(heard.get(), 1);
    session
        .observe_focus("review.files", Principal::User)
        .unwrap();
    assert_eq!(heard.get(), 1);
    session.show("review.notes").unwrap();
    assert_eq!(heard.get(), 2);
}

#[test]
fn a_snapshot_carries_focus_visibility_and_the_ledger() {
    let (_, session) = session_with(json!({}), Some(2.0));
    sync(&session, "review");
    // Untouched: the snapshot has no tree part at all.
    assert!(session.snapshot().tree.is_none());
    session.show("review.help").unwrap();
    session.show("review.notes").unwrap();
    session
        .observe_focus("review.files.upload", Principal::Agent)
        .unwrap();
    let snap = serde_json::to_value(session.snapshot()).unwrap();
    let graph = session.graph();
    let restored = Session::restore(
        graph.clone(),
        Rc::new(ClosureHost::new()),
        SessionOptions::default(),
        &snap,
    )
    .unwrap();
    assert_eq!(restored.where_in_page(), session.where_in_page());
    assert_eq!(restored.focus_history(), session.focus_history());
    assert_eq!(restored.focus_history().folded, 1);
    assert_eq!(facts_text(&restored), facts_text(&session));
    // A tree part naming a container of another page is refused as damaged.
    let mut bad = snap.clone();
    bad["tree"]["focus"] = json!("review.nope");
    let err = Session::restore(
        graph,
        Rc::new(ClosureHost::new()),
        SessionOptions::default(),
        &bad,
    )
    .err()
    .unwrap();
    assert_eq!(err.code, "RESTORE_DAMAGED");
}

#[test]
fn the_port_carries_looking_at_only_while_focus_is_known() {
    let (_, session) = session_with(json!({}), None);
    let session = Rc::new(session);
    sync(&session, "review");
    let port = AgentPort::new(Rc::clone(&session), Default::default());
    let here = port.call("tree.whats_here", &json!({}));
    assert!(here.get("lookingAt").is_none(), "{here}");
    session
        .observe_focus("review.files", Principal::User)
        .unwrap();
    let here = port.call("tree.whats_here", &json!({}));
    assert_eq!(here["lookingAt"], "review.files");
    assert_eq!(here["youAreOn"], "review");
    assert!(here["facts"]
        .as_str()
        .unwrap()
        .contains("Focus: review.files."));
}

#[test]
fn sync_of_a_container_path_moves_to_its_page_with_one_warning() {
    let (host, session) = session_with(json!({}), None);
    let result = session
        .sync("review.files", SyncOptions::default())
        .unwrap();
    assert_eq!(result.node, "review");
    assert_eq!(session.node(), "review");
    session.sync("home", SyncOptions::default()).unwrap();
    session
        .sync("review.notes", SyncOptions::default())
        .unwrap();
    let warnings: Vec<String> = host
        .warnings()
        .into_iter()
        .filter(|w| w.contains("names a container"))
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("observeFocus('review.files')"),
        "{}",
        warnings[0]
    );
    // It is not a focus report.
    assert_eq!(session.focus(), None);
}

#[test]
fn a_verify_predicate_may_not_move_the_focus() {
    use groundfacts::graph::def::DefValue;
    use groundfacts::host::{HandlerOutcome, PredicateAnswer};
    let host = Rc::new(ClosureHost::new());
    let seen: Rc<std::cell::RefCell<Option<&'static str>>> = Rc::default();
    let s2 = seen.clone();
    let predicate = host.predicate(move |session, _| {
        *s2.borrow_mut() = session.show("p.panel").err().map(|e| e.code.as_str());
        PredicateAnswer::Held
    });
    let mut def = from_json_text(
        &json!({"pages": {"p": {"containers": {"panel": {"kind": "modal", "does": "a dialog"}},
            "actions": {"check": {"does": "Check", "input": "none", "verify": "PRED"}}}}})
        .to_string(),
    )
    .unwrap();
    fn put(def: &mut DefValue, cb: groundfacts::host::CallbackId) {
        match def {
            DefValue::String(s) if s == "PRED" => *def = DefValue::Function(cb),
            DefValue::Object(entries) => entries.iter_mut().for_each(|(_, v)| put(v, cb)),
            _ => {}
        }
    }
    put(&mut def, predicate);
    let graph = Rc::new(build_navigation_graph("g", &def).unwrap());
    let session = Session::new(graph, host.clone(), SessionOptions::default()).unwrap();
    let handler = host.handler(|_, _| HandlerOutcome::Returned(None));
    session
        .register_actions("p", vec![("check".into(), handler)], vec![])
        .unwrap();
    session.fire("p.check", FireOptions::default()).unwrap();
    assert_eq!(*seen.borrow(), Some("REENTRANCY"));
    assert!(session.where_in_page().visible.is_empty());
}

#[test]
fn a_component_inside_a_container_registers_on_its_page() {
    let (host, session) = session_with(json!({"upload.done": true}), None);
    sync(&session, "review");
    let handler = host.handler(|_, _| groundfacts::host::HandlerOutcome::Returned(None));
    let group = session
        .register_actions(
            "review.files.upload",
            vec![("submit".into(), handler)],
            vec![],
        )
        .unwrap();
    assert!(group.starts_with("mount:review#"), "{group}");
    let edge = session
        .available()
        .edges
        .into_iter()
        .find(|e| e.affordance_id == "review.submit")
        .unwrap();
    assert_eq!(edge.materialized, Some(true));
    let err = session
        .register_actions("review.nope", vec![], vec![])
        .unwrap_err();
    assert_eq!(err.code, "UNKNOWN_NODE");
}
