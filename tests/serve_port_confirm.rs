//! Pins the port's confirm gate (docs/session.md §13): a high-effect action answers
//! `needs_confirm`, `confirm: true` fires it and closes the ask, `did_it_work` answers an open ask and
//! a decline closes it without firing; under enforced approval `confirm` is only a request and only
//! the person's door frees the fire. Helpers in tests/port_support.

mod port_support;
mod session_support;

use std::rc::Rc;

use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::SessionOptions;
use port_support::*;
use serde_json::json;
use session_support::*;

// ── the confirm gate ────────────────────────────────────────────────────────────────────────────

#[test]
fn needs_confirm_then_confirm_true_fires_and_closes_the_ask() {
    let (port, session) = port();
    walk_to_review(&port);
    let before = ledgers(&session);
    let ask = port.call("wizard.do_action", &json!({"action": "create-project"}));
    assert_eq!(ask["ok"], false);
    assert_eq!(ask["judgment"], "needs-confirm");
    assert_eq!(ask["askId"], "ask#1");
    assert_eq!(ask["performed"], false);
    assert_eq!(ask["receipts"]["youAreOn"], "review");
    assert!(ask["howToAct"].as_str().unwrap().contains("confirm: true"));
    assert_eq!(ledgers(&session), before, "an ask is not an attempt");
    assert_eq!(session.asks().len(), 1);

    // Asking again reuses the open card.
    let again = port.call(
        "wizard.do_action",
        &json!({"action": "review.create-project"}),
    );
    assert_eq!(again["askId"], "ask#1");

    let fired = port.call(
        "wizard.do_action",
        &json!({"action": "create-project", "confirm": true}),
    );
    assert_eq!(fired["ok"], true, "{fired}");
    assert!(
        session.asks().is_empty(),
        "ask#1 closed by the confirmed fire"
    );
    let record = session
        .transition(fired["transitionId"].as_str().unwrap())
        .unwrap();
    assert_eq!(record.ask_id.as_deref(), Some("ask#1"));
    // The closed ask answers as the fire that spent it.
    let by_ask = port.call("wizard.did_it_work", &json!({"transitionId": "ask#1"}));
    assert_eq!(by_ask["settled"], true, "{by_ask}");
    assert_eq!(by_ask["did"], "review.create-project");
}

#[test]
fn an_open_ask_is_answered_by_did_it_work_and_a_decline_closes_it_without_firing() {
    let (port, session) = port();
    walk_to_review(&port);
    port.call("wizard.do_action", &json!({"action": "create-project"}));
    let r = port.call("wizard.did_it_work", &json!({"transitionId": "ask#1"}));
    assert_eq!(r["judgment"], "awaiting-human");
    assert_eq!(r["settled"], false);
    assert_eq!(r["did"], "review.create-project");

    let before = ledgers(&session);
    let declined = port.call(
        "wizard.do_action",
        &json!({"action": "create-project", "decline": true}),
    );
    assert_eq!(declined["judgment"], "declined", "{declined}");
    assert_eq!(declined["askId"], "ask#1");
    assert_eq!(ledgers(&session), before, "a decline is not an attempt");
    assert!(
        session.asks().is_empty(),
        "in default mode a relayed no closes the card: it leaves the book"
    );
    let text = groundfacts::facts::ground_truth(&session, None, None).text;
    assert!(
        !text.contains("ask#1"),
        "no ask line is left behind: {text}"
    );
}

// ── enforced approval ───────────────────────────────────────────────────────────────────────────

#[test]
fn under_enforced_approval_confirm_is_a_request_and_only_the_human_door_frees_the_fire() {
    let options = SessionOptions {
        require_human_approval: Some(true),
        ..SessionOptions::default()
    };
    let Wizard { session, .. } = wizard(true, false, options);
    let session = Rc::new(session);
    let port = AgentPort::new(Rc::clone(&session), PortOptions::default());
    let open = AgentPort::new(
        Rc::new(wizard(true, false, SessionOptions::default()).session),
        PortOptions::default(),
    );
    assert_ne!(
        tools_bytes(&port),
        tools_bytes(&open),
        "the gated confirm/decline wording is chosen at construction"
    );

    walk_to_review(&port);
    let ask = port.call("wizard.do_action", &json!({"action": "create-project"}));
    assert_eq!(ask["judgment"], "needs-confirm");
    assert_eq!(ask["askId"], "ask#1");

    // confirm:true without a human yes: a recorded refusal, and the question goes back to the human.
    let gaps_before = session.gaps().len();
    let pushed = port.call(
        "wizard.do_action",
        &json!({"action": "create-project", "confirm": true}),
    );
    assert_eq!(pushed["judgment"], "needs-confirm", "{pushed}");
    assert_eq!(pushed["reason"], "APPROVAL_REQUIRED");
    assert_eq!(pushed["did"], "review.create-project");
    assert_eq!(pushed["askId"], "ask#1");
    assert_eq!(
        session.gaps().len(),
        gaps_before + 1,
        "the refused fire is an attempt"
    );

    // A relayed decline closes nothing under enforcement.
    let relayed = port.call(
        "wizard.do_action",
        &json!({"action": "create-project", "decline": true}),
    );
    assert_eq!(relayed["judgment"], "declined");
    assert!(relayed["why"].is_string());
    assert_eq!(
        port.call("wizard.did_it_work", &json!({"transitionId": "ask#1"}))["judgment"],
        "awaiting-human"
    );

    session.approve("ask#1", Some("Ana".into()), None).unwrap();
    assert_eq!(
        port.call("wizard.did_it_work", &json!({"transitionId": "ask#1"}))["judgment"],
        "approved-not-yet-done"
    );
    let fired = port.call(
        "wizard.do_action",
        &json!({"action": "create-project", "confirm": true}),
    );
    assert_eq!(fired["ok"], true, "{fired}");
    assert_eq!(fired["effectStatus"], "performed");
}
