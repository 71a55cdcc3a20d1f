//! A page that is still mounting (docs/session.md §32; decision 40). An agent moved by a `navigate`
//! that returns nothing (Next's `router.push`) and then acting at once, before the new page's
//! components have registered their actions, is refused `PAGE_MOUNTING` (retriable, a recorded
//! attempt whose facts line says the page was still loading) — not `NOT_MATERIALIZED`; the window
//! closes at the page's first registration, after 5 s by the host's clock or after 5 answers; a page
//! that mounted before the router reported it, the start page and url gestures never get the answer.
//! The port says the same for a name the page has not declared yet.

mod session_support;

use groundfacts::codes::Refusal;
use std::rc::Rc;

use groundfacts::facts::ground_truth;
use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::host::HandlerOutcome;
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::json;
use session_support::agent;

/// `home` → `notes` by a url gesture whose `navigate` returns nothing (the router moves later);
/// `notes` has `add` and `remove`, wired only by the page's components.
fn app(start: &str) -> (Rc<ClosureHost>, Rc<Session>) {
    let def = from_json_text(
        &json!({"pages": {
            "home": {"route": "/", "does": "the home page", "actions": {
                "open-notes": {"does": "Open the notes", "goTo": "notes", "input": "none"}
            }},
            "notes": {"route": "/notes", "does": "the notes", "actions": {
                "add": {"does": "Add a note", "input": "none"},
                "remove": {"does": "Remove a note", "input": "none"}
            }}
        }})
        .to_string(),
    )
    .unwrap();
    let host = Rc::new(ClosureHost::new());
    host.set_navigate(|_, _| HandlerOutcome::Returned(None));
    host.now.set(1_000.0);
    let graph = build_navigation_graph("notes-app", &def).unwrap();
    let options = SessionOptions {
        node: Some(start.into()),
        ..Default::default()
    };
    let s = Session::new(Rc::new(graph), host.clone(), options).unwrap();
    (host, Rc::new(s))
}

fn moved() -> (Rc<ClosureHost>, Rc<Session>) {
    let (host, s) = app("home");
    let r = s.fire("home.open-notes", agent(None)).unwrap();
    assert!(r.ok, "{r:?}");
    assert_eq!(s.node(), "notes", "the claimed hop moved the cursor");
    (host, s)
}

fn wire(host: &ClosureHost, s: &Session, name: &str) -> Rc<std::cell::Cell<u32>> {
    let ran = Rc::new(std::cell::Cell::new(0));
    let count = Rc::clone(&ran);
    let handler = host.handler(move |_, _| {
        count.set(count.get() + 1);
        HandlerOutcome::Returned(None)
    });
    s.register_actions("notes", vec![(name.into(), handler)], vec![])
        .unwrap();
    ran
}

#[test]
fn acting_at_once_after_a_move_is_refused_page_mounting_and_the_line_says_the_page_was_loading() {
    let (host, s) = moved();
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert!(!r.ok);
    assert_eq!(r.reason, Some(Refusal::PageMounting));
    let text = ground_truth(&s, None, None).text;
    let line = text
        .lines()
        .find(|l| l.contains("notes.add"))
        .unwrap_or_else(|| panic!("no line for the refusal:\n{text}"));
    assert!(
        line.contains("PAGE_MOUNTING") && line.contains("the page was still loading"),
        "{line}"
    );
    // The components mount: the retry runs the handler.
    let ran = wire(&host, &s, "add");
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert!(r.ok, "{r:?}");
    assert_eq!(ran.get(), 1);
}

#[test]
fn once_the_page_registered_anything_an_unwired_action_is_not_materialized() {
    let (host, s) = moved();
    wire(&host, &s, "remove");
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert_eq!(r.reason, Some(Refusal::NotMaterialized));
}

#[test]
fn the_window_closes_after_five_seconds_by_the_hosts_clock() {
    let (host, s) = moved();
    host.now.set(1_000.0 + 4_999.0);
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert_eq!(r.reason, Some(Refusal::PageMounting));
    host.now.set(1_000.0 + 5_001.0);
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert_eq!(r.reason, Some(Refusal::NotMaterialized));
    // Closed for good: the clock going back does not reopen it.
    host.now.set(1_000.0);
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert_eq!(r.reason, Some(Refusal::NotMaterialized));
}

#[test]
fn a_page_that_never_registers_gets_five_mounting_answers_on_a_host_with_no_clock() {
    let (host, s) = app("home");
    host.now.set(0.0);
    s.fire("home.open-notes", agent(None)).unwrap();
    let reasons: Vec<Option<Refusal>> = (0..7)
        .map(|_| s.fire("notes.add", agent(None)).unwrap().reason)
        .collect();
    assert_eq!(
        reasons,
        [
            [Some(Refusal::PageMounting); 5].as_slice(),
            [Some(Refusal::NotMaterialized); 2].as_slice()
        ]
        .concat()
    );
}

#[test]
fn a_page_mounted_before_the_router_reported_it_and_the_start_page_open_no_window() {
    // A person's click: the new page's effects register before the router tap's sync.
    let (host, s) = app("home");
    wire(&host, &s, "remove");
    s.sync(
        "notes",
        SyncOptions {
            principal: Some(Principal::User),
            ..Default::default()
        },
    )
    .unwrap();
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert_eq!(r.reason, Some(Refusal::NotMaterialized));
    // A deep link: the session's own start page.
    let (_, s) = app("notes");
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert_eq!(r.reason, Some(Refusal::NotMaterialized));
}

#[test]
fn a_sync_to_the_same_page_keeps_the_window_and_a_move_elsewhere_closes_it() {
    let (_, s) = moved();
    s.sync("notes", SyncOptions::default()).unwrap();
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert_eq!(
        r.reason,
        Some(Refusal::PageMounting),
        "same page, still mounting"
    );
    s.sync("home", SyncOptions::default()).unwrap();
    s.sync("notes", SyncOptions::default()).unwrap();
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert_eq!(
        r.reason,
        Some(Refusal::PageMounting),
        "a new arrival opens a new window"
    );
    let (_, s) = moved();
    s.sync("home", SyncOptions::default()).unwrap();
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert_eq!(r.reason, Some(Refusal::NotOnNode));
}

#[test]
fn the_port_answers_page_mounting_retriable_for_a_served_and_a_not_yet_declared_name() {
    let (host, s) = moved();
    let port = AgentPort::new(Rc::clone(&s), PortOptions::default());
    let tool = "notes-app.do_action";
    let r = port.call(tool, &json!({"action": "add"}));
    assert_eq!(r["ok"], false, "{r}");
    assert_eq!(r["reason"], "PAGE_MOUNTING", "{r}");
    assert_eq!(r["retriable"], true, "{r}");
    // A name only the page's components declare: unknown until they mount.
    let r = port.call(tool, &json!({"action": "archive"}));
    assert_eq!(r["reason"], "PAGE_MOUNTING", "{r}");
    assert_eq!(r["retriable"], true, "{r}");
    let handler = host.handler(|_, _| HandlerOutcome::Returned(None));
    let declared =
        from_json_text(&json!({"does": "Archive the notes", "input": "none"}).to_string()).unwrap();
    s.register_actions(
        "notes",
        vec![("archive".into(), handler)],
        vec![("archive".into(), declared)],
    )
    .unwrap();
    let r = port.call(tool, &json!({"action": "archive"}));
    assert_eq!(r["ok"], true, "{r}");
    let r = port.call(tool, &json!({"action": "invented"}));
    assert_eq!(
        r["reason"], "UNKNOWN_ACTION",
        "mounted: an unknown name is unknown again: {r}"
    );
}

#[test]
fn a_navigate_that_returns_a_thenable_moves_the_cursor_at_once_and_the_window_opens_with_it() {
    // React Router's navigate returns a promise: the hop is claimed at once, the fire stays open.
    let (host, s) = app("home");
    host.set_navigate(|_, _| HandlerOutcome::Deferred(7));
    let port = AgentPort::new(Rc::clone(&s), PortOptions::default());
    let tool = "notes-app.do_action";
    let r = port.call(tool, &json!({"action": "open-notes"}));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(s.node(), "notes");
    let r = port.call(tool, &json!({"action": "add"}));
    assert_eq!(r["reason"], "PAGE_MOUNTING", "{r}");
    s.complete_deferred_handler(7, HandlerOutcome::Returned(None))
        .unwrap();
    let r = port.call(tool, &json!({"action": "add"}));
    assert_eq!(
        r["reason"], "PAGE_MOUNTING",
        "the thenable ending mounts nothing: {r}"
    );
    wire(&host, &s, "add");
    let r = port.call(tool, &json!({"action": "add"}));
    assert_eq!(r["ok"], true, "{r}");
}

#[test]
fn a_page_still_mounting_is_no_dead_end_until_its_window_ends() {
    let (host, s) = moved();
    let dead_end = |host: &ClosureHost| {
        host.warnings
            .borrow()
            .iter()
            .any(|w| w.contains("page 'notes' offers"))
    };
    assert!(!dead_end(&host), "{:?}", host.warnings.borrow());
    // The window ends with nothing registered: the next check (a structure change) calls it one.
    host.now.set(1_000.0 + 6_000.0);
    let handler = host.handler(|_, _| HandlerOutcome::Returned(None));
    s.register_actions("home", vec![("open-notes".into(), handler)], vec![])
        .unwrap();
    assert!(dead_end(&host), "{:?}", host.warnings.borrow());
}

/// Registers `add` on `notes`; the group's id.
fn wire_group(host: &ClosureHost, s: &Session) -> String {
    let handler = host.handler(|_, _| HandlerOutcome::Returned(None));
    s.register_actions("notes", vec![("add".into(), handler)], vec![])
        .unwrap()
}

fn notes_dead_end(host: &ClosureHost) -> bool {
    host.warnings
        .borrow()
        .iter()
        .any(|w| w.contains("page 'notes' offers"))
}

#[test]
fn an_unmount_and_remount_on_the_cursors_page_is_no_dead_end() {
    // React StrictMode (every dev render): mount → unmount → mount, after a move and on the start page.
    for (host, s) in [moved(), app("notes")] {
        let group = wire_group(&host, &s);
        s.unregister(&group).unwrap();
        wire_group(&host, &s);
        assert!(!notes_dead_end(&host), "{:?}", host.warnings.borrow());
        assert!(s.fire("notes.add", agent(None)).unwrap().ok);
    }
}

#[test]
fn a_page_unmounting_before_the_router_reports_the_move_is_no_dead_end() {
    // A person's link click: the old page's cleanup runs before the location tap's sync.
    let (host, s) = app("notes");
    let group = wire_group(&host, &s);
    s.unregister(&group).unwrap();
    s.sync("home", SyncOptions::default()).unwrap();
    assert!(!notes_dead_end(&host), "{:?}", host.warnings.borrow());
}

#[test]
fn a_page_left_unwired_by_an_unmount_is_a_dead_end_at_the_next_check() {
    let (host, s) = app("notes");
    let group = wire_group(&host, &s);
    s.unregister(&group).unwrap();
    let r = s.fire("notes.add", agent(None)).unwrap();
    assert_eq!(
        r.reason,
        Some(Refusal::NotMaterialized),
        "an unmount opens no mounting window"
    );
    // The next check (a structure change) judges the page.
    let handler = host.handler(|_, _| HandlerOutcome::Returned(None));
    s.register_actions("home", vec![("open-notes".into(), handler)], vec![])
        .unwrap();
    assert!(notes_dead_end(&host), "{:?}", host.warnings.borrow());
}
