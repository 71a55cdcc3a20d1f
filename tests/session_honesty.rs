//! Honest grading (`docs/decisions.md` decisions 20–22): a cursor move only `navigate` was asked to
//! make is a claim until the app confirms it; a report credited by queue order or signature is marked
//! as inferred; a handler failure after an inferred credit re-grades the fire; and a handler-failure
//! warning never disagrees with the facts block.

mod session_support;

use std::rc::Rc;

use groundfacts::facts::ground_truth;
use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::{from_json_text, DefValue};
use groundfacts::host::{HandlerOutcome, PredicateAnswer};
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{Outcome, Session, SessionOptions, SyncOptions, UpdateOptions};
use serde_json::json;
use session_support::*;

const CLAIMED: &str = "You are on: cart (claimed \u{2014} the app has not confirmed it).";

fn block(session: &Session) -> String {
    ground_truth(session, None, None).text
}

/// The shop on `home` whose `navigate` ignores every push (the router stays on `/`).
fn ignoring_navigate() -> (Rc<ClosureHost>, Rc<Session>) {
    let host = Rc::new(ClosureHost::new());
    host.set_navigate(|_, _| HandlerOutcome::Returned(None));
    let session = Rc::new(shop_session(&host, shop_graph(None), None));
    (host, session)
}

#[test]
fn a_navigation_nobody_confirmed_is_a_claim_in_the_block_the_brief_and_whats_here() {
    let (_host, session) = ignoring_navigate();
    let r = session.fire("home.open-cart", agent(None)).unwrap();
    assert!(r.ok);
    assert_eq!(session.node(), "cart");
    let text = block(&session);
    assert!(text.contains(&format!("\n{CLAIMED}\n")), "{text}");
    let brief = groundfacts::facts::context_brief(&session, None).text;
    assert!(brief.starts_with(CLAIMED), "{brief}");
    let port = AgentPort::new(Rc::clone(&session), PortOptions::default());
    let here = port.call("shop.whats_here", &json!({}));
    assert_eq!(here["arrival"], "claimed", "{here}");

    // The router's report confirms it: the seed's plain line again, and no `arrival` mark.
    session.sync("cart", SyncOptions::default()).unwrap();
    let text = block(&session);
    assert!(text.contains("\nYou are on: cart.\n"), "{text}");
    assert!(port
        .call("shop.whats_here", &json!({}))
        .get("arrival")
        .is_none());
}

#[test]
fn a_held_verify_confirms_a_claimed_arrival() {
    let host = Rc::new(ClosureHost::new());
    host.set_navigate(|_, _| HandlerOutcome::Returned(None));
    let held = host.predicate(|_, _| PredicateAnswer::Held);
    let mut def = from_json_text(
        r#"{"pages":{"a":{"route":"/a","actions":{"go":{"does":"Go to b","goTo":"b","input":"none","verify":"P"}}},
            "b":{"route":"/b"}}}"#,
    )
    .unwrap();
    if let DefValue::Object(pages) = &mut def {
        if let Some((_, DefValue::Object(p))) = pages.first_mut() {
            let a = p
                .iter_mut()
                .find(|(k, _)| k == "a")
                .map(|(_, v)| v)
                .unwrap();
            if let DefValue::Object(a) = a {
                let actions = a
                    .iter_mut()
                    .find(|(k, _)| k == "actions")
                    .map(|(_, v)| v)
                    .unwrap();
                if let DefValue::Object(actions) = actions {
                    if let Some((_, DefValue::Object(go))) = actions.first_mut() {
                        go.iter_mut().find(|(k, _)| k == "verify").unwrap().1 =
                            DefValue::Function(held);
                    }
                }
            }
        }
    }
    let graph = build_navigation_graph("ab", &def).unwrap();
    let session = Session::new(
        Rc::new(graph),
        host.clone(),
        SessionOptions {
            node: Some("a".into()),
            ..Default::default()
        },
    )
    .unwrap();
    session.fire("a.go", agent(None)).unwrap();
    let text = block(&session);
    assert!(text.contains("\nYou are on: b.\n"), "{text}");
}

#[test]
fn the_seed_run_still_prints_the_plain_position_line() {
    let Wizard { session, .. } = wizard(true, false, SessionOptions::default());
    session.commit_journey("new-project").unwrap();
    session
        .fire("wizard.name-it", agent(obj(json!({"name": "Ion"}))))
        .unwrap();
    session
        .fire(
            "wizard.pick-recipe",
            agent(obj(json!({"recipe": "dose-response"}))),
        )
        .unwrap();
    session.fire("wizard.next-to-review", agent(None)).unwrap();
    assert!(block(&session).contains("\nYou are on: review.\n"));
}

/// The shop with a no-op `search` handler: it returns without reporting anything.
fn shop_with(
    handler: impl Fn(&Session, Option<&serde_json::Value>) -> HandlerOutcome + 'static,
) -> (Rc<ClosureHost>, Session) {
    let host = Rc::new(ClosureHost::new());
    let session = shop_session(&host, shop_graph(None), None);
    let h = host.handler(handler);
    session
        .register_actions("home", vec![("search".into(), h)], vec![])
        .unwrap();
    (host, session)
}

fn whole_store(session: &Session) {
    let mut store = shop_state();
    store.insert("user.plan".into(), json!("pro"));
    session
        .update_state(&serde_json::Value::Object(store), UpdateOptions::default())
        .unwrap();
}

#[test]
fn a_report_credited_by_queue_order_is_marked_as_inferred() {
    let (_host, session) = shop_with(|_, _| HandlerOutcome::Returned(None));
    session
        .fire("home.search", agent(obj(json!({"q": "x"}))))
        .unwrap();
    // An unrelated whole-store report (a plan change elsewhere in the app) is credited by queue order.
    whole_store(&session);
    let text = block(&session);
    assert!(
        text.ends_with(
            "  • DID happen — agent fired home.search (committed; declared effect observed; attributed by inference, not observed)"
        ),
        "{text}"
    );
}

#[test]
fn a_report_credited_by_signature_is_marked_as_inferred() {
    let (_host, session) = shop_with(|_, _| HandlerOutcome::Deferred(7));
    session
        .fire("home.search", agent(obj(json!({"q": "x"}))))
        .unwrap();
    // The handler is still in flight, so queue order skips it; the signature rung credits it.
    whole_store(&session);
    let text = block(&session);
    assert!(
        text.ends_with(
            "(committed; declared effect observed; attributed by inference, not observed)"
        ),
        "{text}"
    );
}

#[test]
fn a_report_inside_the_handler_window_stays_observed() {
    let (_host, session) = shop_with(|s, _| {
        s.update_state(&json!({"search.q": "x"}), UpdateOptions::default())
            .unwrap();
        HandlerOutcome::Returned(None)
    });
    session
        .fire("home.search", agent(obj(json!({"q": "x"}))))
        .unwrap();
    assert!(block(&session).ends_with(
        "  • DID happen — agent fired home.search (committed; declared effect observed)"
    ));
}

#[test]
fn a_deferred_handler_that_rejects_after_an_inferred_credit_is_regraded_as_failed() {
    let (host, session) = shop_with(|_, _| HandlerOutcome::Deferred(3));
    session
        .fire("home.search", agent(obj(json!({"q": "x"}))))
        .unwrap();
    whole_store(&session);
    assert!(block(&session).contains("DID happen — agent fired home.search"));
    let before = session.version();
    session
        .complete_deferred_handler(3, HandlerOutcome::Threw("network down".into()))
        .unwrap();
    let text = block(&session);
    assert!(
        text.ends_with("  • did NOT happen — agent fired home.search (the app refused it; attributed by inference, not observed)"),
        "{text}"
    );
    assert!(session.version() > before);
    let row = session
        .transitions()
        .into_iter()
        .find(|t| t.id.starts_with("home.search#"))
        .unwrap();
    assert_eq!(row.outcome, Outcome::Rejected);
    let warned = host.warnings().join("\n");
    assert!(
        warned.contains("network down — recorded as not performed."),
        "{warned}"
    );
}

#[test]
fn a_handler_that_throws_after_its_own_report_warns_what_the_block_says() {
    let (host, session) = shop_with(|s, _| {
        s.update_state(&json!({"search.q": "x"}), UpdateOptions::default())
            .unwrap();
        HandlerOutcome::Threw("late failure".into())
    });
    session
        .fire("home.search", agent(obj(json!({"q": "x"}))))
        .unwrap();
    let text = block(&session);
    assert!(
        text.ends_with(
            "  • DID happen — agent fired home.search (committed; declared effect observed)"
        ),
        "{text}"
    );
    let warned = host.warnings().join("\n");
    assert!(warned.contains("late failure"), "{warned}");
    assert!(
        !warned.contains("recorded as not performed"),
        "the warning contradicts the block: {warned}"
    );
    assert!(warned.contains("stands"), "{warned}");
}

#[test]
fn a_failed_verify_after_an_inferred_credit_keeps_the_commit_and_grades_by_the_contract() {
    let host = Rc::new(ClosureHost::new());
    let session = shop_session(&host, shop_graph(None), None);
    let h = host.handler(|_, _| HandlerOutcome::Deferred(5));
    session
        .register_actions("home", vec![("checked".into(), h)], vec![])
        .unwrap();
    session.fire("home.checked", agent(None)).unwrap();
    // In flight, so the signature rung credits the whole store; its filter verify (checked.x = 1) is
    // asked once the handler comes to rest (docs/session.md §29), and fails.
    whole_store(&session);
    session
        .complete_deferred_handler(5, HandlerOutcome::Returned(None))
        .unwrap();
    let row = session
        .transitions()
        .into_iter()
        .find(|t| t.id.starts_with("home.checked#"))
        .unwrap();
    assert_eq!(
        row.outcome,
        Outcome::Committed,
        "a verify failure is not a handler failure"
    );
    assert!(block(&session).ends_with(
        "  • did NOT happen — agent fired home.checked (the app's own verify contract did not hold afterwards; attributed by inference, not observed)"
    ));
}

#[test]
fn a_handler_failure_after_an_inferred_credit_walks_a_claimed_move_back() {
    let host = Rc::new(ClosureHost::new());
    let def = from_json_text(
        r#"{"pages":{"a":{"route":"/a","actions":{"send":{"does":"Send and go","goTo":"b","writes":["sent"]}}},"b":{"route":"/b"}}}"#,
    )
    .unwrap();
    let graph = build_navigation_graph("ab", &def).unwrap();
    let state = match json!({"sent": false, "other": 0}) {
        serde_json::Value::Object(m) => m,
        _ => unreachable!(),
    };
    let options = SessionOptions {
        node: Some("a".into()),
        state: Some(state),
        ..Default::default()
    };
    let session = Session::new(Rc::new(graph), host.clone(), options).unwrap();
    let h = host.handler(|_, _| HandlerOutcome::Deferred(9));
    session
        .register_actions("a", vec![("send".into(), h)], vec![])
        .unwrap();
    session.fire("a.send", agent(None)).unwrap();
    session
        .update_state(&json!({"sent": true, "other": 1}), UpdateOptions::default())
        .unwrap();
    assert_eq!(session.node(), "b", "the credited commit claimed the move");
    session
        .complete_deferred_handler(9, HandlerOutcome::Threw("send failed".into()))
        .unwrap();
    assert_eq!(session.node(), "a", "the claimed move is walked back");
    assert!(block(&session).contains("did NOT happen — agent fired a.send (the app refused it; attributed by inference, not observed)"));
}
