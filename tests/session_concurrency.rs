//! Pins once and single-flight (decision 37, docs/session.md §26) and the order of checks before an
//! ask (decision 35, docs/session.md §27): both refusals are recorded attempts naming the open or
//! performed fire, reach the port with it, survive a snapshot, and compose with the confirm gate (an
//! approval for a refused second fire is not spent; a failed first fire of a 'once' action does not
//! count). An invalid call to a confirm-gated action through the port is refused for what it is, with
//! no ask minted.

use std::cell::Cell;
use std::rc::Rc;

use groundfacts::codes::Refusal;
use groundfacts::facts::read::ground_truth;
use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::host::{CallbackId, HandlerOutcome};
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Value};

/// How the next handler call ends.
#[derive(Clone, Copy)]
enum Next {
    /// Returns without a report: the fire stays open (the state tap awaits one).
    Open,
    /// Reports its declared write: settled performed.
    Report,
    /// Throws: settled failed.
    Throw,
}

struct Booking {
    host: Rc<ClosureHost>,
    session: Rc<Session>,
    next: Rc<Cell<Next>>,
}

fn graph() -> groundfacts::graph::NavigationGraph {
    let def = json!({"pages": {"book": {"route": "/", "does": "the booking page", "actions": {
        "reserve": {"does": "Reserve the room", "confirm": true, "writes": ["bookings.count"],
                    "concurrency": "single-flight",
                    "input": {"type": "object", "required": ["nights"],
                              "properties": {"nights": {"type": "integer", "minimum": 1, "maximum": 14}}}},
        "pay": {"does": "Pay the deposit", "writes": ["deposit.paid"], "concurrency": "once", "input": "none"},
        "note": {"does": "Add a note", "writes": ["note"]}
    }}}});
    build_navigation_graph("booking", &from_json_text(&def.to_string()).unwrap()).unwrap()
}

fn handler(host: &ClosureHost, next: &Rc<Cell<Next>>, key: &'static str) -> CallbackId {
    let next = Rc::clone(next);
    host.handler(move |s, _| match next.get() {
        Next::Open => HandlerOutcome::Returned(None),
        Next::Report => {
            s.update_state(&json!({ key: 1 }), UpdateOptions::default())
                .unwrap();
            HandlerOutcome::Returned(None)
        }
        Next::Throw => HandlerOutcome::Threw("the card was declined".into()),
    })
}

fn wire(host: &Rc<ClosureHost>, session: &Session, next: &Rc<Cell<Next>>) {
    let handlers = vec![
        ("reserve".to_string(), handler(host, next, "bookings.count")),
        ("pay".to_string(), handler(host, next, "deposit.paid")),
        ("note".to_string(), handler(host, next, "note")),
    ];
    session.register_actions("book", handlers, vec![]).unwrap();
}

fn booking(enforced: Option<bool>) -> Booking {
    let host = Rc::new(ClosureHost::new());
    let state = json!({"bookings.count": 0, "deposit.paid": 0, "note": 0});
    let session = Session::new(
        Rc::new(graph()),
        host.clone(),
        SessionOptions {
            state: state.as_object().cloned(),
            require_human_approval: enforced,
            ..SessionOptions::default()
        },
    )
    .unwrap();
    let next = Rc::new(Cell::new(Next::Open));
    wire(&host, &session, &next);
    Booking {
        host,
        session: Rc::new(session),
        next,
    }
}

fn fire(s: &Session, id: &str, source: Principal, payload: Option<Value>) -> FireResult {
    s.fire(
        id,
        FireOptions {
            source: Some(source),
            payload,
        },
    )
    .unwrap()
}

fn settle(s: &Session, transition: &str, key: &str) {
    s.update_state(
        &json!({ key: 1 }),
        UpdateOptions {
            transition_id: Some(transition.into()),
            ..UpdateOptions::default()
        },
    )
    .unwrap();
}

fn block(s: &Session) -> String {
    ground_truth(s, None, None).text
}

#[test]
fn single_flight_refuses_a_fire_while_one_is_open_and_names_it() {
    let b = booking(None);
    let s = &b.session;
    let nights = || Some(json!({"nights": 2}));
    let first = fire(s, "book.reserve", Principal::Agent, nights());
    assert!(first.ok, "{first:?}");
    let open = first.transition_id.clone().unwrap();
    let version = s.version();
    let second = fire(s, "book.reserve", Principal::Agent, nights());
    assert_eq!(second.reason, Some(Refusal::PriorFirePending));
    assert_eq!(second.prior_transition_id.as_deref(), Some(open.as_str()));
    assert_eq!(s.version(), version, "a refusal never bumps");
    let gap = s.gaps().pop().unwrap();
    assert_eq!(gap.rejection_reason, Some(Refusal::PriorFirePending));
    assert_eq!(gap.affordance_id.as_deref(), Some("book.reserve"));
    let text = block(s);
    assert!(
        text.contains("agent's fire of book.reserve was refused: PRIOR_FIRE_PENDING"),
        "{text}"
    );
    // A person's fire is held by the same open fire: nothing happens twice, whoever asks.
    let by_user = fire(s, "book.reserve", Principal::User, nights());
    assert_eq!(by_user.reason, Some(Refusal::PriorFirePending));
    // Once the open fire settles, the next one runs.
    settle(s, &open, "bookings.count");
    let third = fire(s, "book.reserve", Principal::Agent, nights());
    assert!(third.ok, "{third:?}");
    // An action that declares nothing may overlap itself.
    let a = fire(s, "book.note", Principal::Agent, None);
    let b2 = fire(s, "book.note", Principal::Agent, None);
    assert!(a.ok && b2.ok);
    assert!(b.host.warnings().iter().all(|w| !w.contains("panic")));
}

#[test]
fn once_refuses_after_one_performed_fire_but_not_after_a_failed_one() {
    let b = booking(None);
    let s = &b.session;
    b.next.set(Next::Throw);
    let failed = fire(s, "book.pay", Principal::Agent, None);
    assert!(failed.ok, "accepted, then failed: {failed:?}");
    assert_eq!(failed.effect_status, Some(EffectStatus::Refused));
    // A failed first fire does not count: the action can be fired again.
    b.next.set(Next::Open);
    let open = fire(s, "book.pay", Principal::Agent, None);
    assert!(open.ok, "{open:?}");
    let open_id = open.transition_id.unwrap();
    // While it is open, 'once' says what single-flight says.
    let held = fire(s, "book.pay", Principal::Agent, None);
    assert_eq!(held.reason, Some(Refusal::PriorFirePending));
    assert_eq!(held.prior_transition_id.as_deref(), Some(open_id.as_str()));
    settle(s, &open_id, "deposit.paid");
    let again = fire(s, "book.pay", Principal::Agent, None);
    assert_eq!(again.reason, Some(Refusal::DuplicateExecution));
    assert_eq!(again.prior_transition_id.as_deref(), Some(open_id.as_str()));
    let text = block(s);
    assert!(
        text.contains("agent's fire of book.pay was refused: DUPLICATE_EXECUTION"),
        "{text}"
    );
    // Refusals are attempts: each is a fire-rejected row.
    let reasons: Vec<_> = s.gaps().iter().filter_map(|g| g.rejection_reason).collect();
    assert_eq!(
        reasons,
        [Refusal::PriorFirePending, Refusal::DuplicateExecution]
    );
}

#[test]
fn a_performed_fire_that_settles_in_its_handler_counts_at_once() {
    let b = booking(None);
    let s = &b.session;
    b.next.set(Next::Report);
    let done = fire(s, "book.pay", Principal::User, None);
    assert_eq!(done.effect_status, Some(EffectStatus::Performed));
    let again = fire(s, "book.pay", Principal::Agent, None);
    assert_eq!(again.reason, Some(Refusal::DuplicateExecution));
    assert_eq!(again.prior_transition_id, done.transition_id);
}

#[test]
fn a_snapshot_keeps_both_policies_state() {
    let b = booking(None);
    let s = &b.session;
    b.next.set(Next::Report);
    let paid = fire(s, "book.pay", Principal::Agent, None)
        .transition_id
        .unwrap();
    b.next.set(Next::Open);
    let open = fire(
        s,
        "book.reserve",
        Principal::Agent,
        Some(json!({"nights": 3})),
    )
    .transition_id
    .unwrap();
    let snapshot = serde_json::to_value(s.snapshot()).unwrap();
    assert_eq!(snapshot["once"], json!([["book.pay", paid]]));
    // Through text, as an app keeps it.
    let text = serde_json::to_string(&snapshot).unwrap();
    let host = Rc::new(ClosureHost::new());
    let restored = Session::restore(
        Rc::new(graph()),
        host.clone(),
        SessionOptions::default(),
        &serde_json::from_str(&text).unwrap(),
    )
    .unwrap();
    let next = Rc::new(Cell::new(Next::Report));
    wire(&host, &restored, &next);
    let duplicate = fire(&restored, "book.pay", Principal::Agent, None);
    assert_eq!(duplicate.reason, Some(Refusal::DuplicateExecution));
    assert_eq!(
        duplicate.prior_transition_id.as_deref(),
        Some(paid.as_str())
    );
    let pending = fire(
        &restored,
        "book.reserve",
        Principal::Agent,
        Some(json!({"nights": 3})),
    );
    assert_eq!(pending.reason, Some(Refusal::PriorFirePending));
    assert_eq!(pending.prior_transition_id.as_deref(), Some(open.as_str()));
    // The open fire settles after the reload, and the policy lets the next one through.
    settle(&restored, &open, "bookings.count");
    assert!(
        fire(
            &restored,
            "book.reserve",
            Principal::Agent,
            Some(json!({"nights": 3}))
        )
        .ok
    );
    // A session that performed nothing writes no `once` at all (older snapshots stay as they were).
    let fresh = booking(None);
    assert!(serde_json::to_value(fresh.session.snapshot())
        .unwrap()
        .get("once")
        .is_none());
}

#[test]
fn an_approval_for_a_fire_refused_prior_fire_pending_is_not_spent() {
    let b = booking(Some(true));
    let s = &b.session;
    let nights = json!({"nights": 2});
    // A person's own fire is open.
    let open = fire(s, "book.reserve", Principal::User, Some(nights.clone()))
        .transition_id
        .unwrap();
    let ask = s
        .confirm_ask("book.reserve", Principal::Agent, Some(nights.clone()))
        .unwrap()
        .ask_id;
    assert!(s.approve(&ask, Some("Ana".into()), None).unwrap().ok);
    let refused = fire(s, "book.reserve", Principal::Agent, Some(nights.clone()));
    assert_eq!(refused.reason, Some(Refusal::PriorFirePending));
    assert_eq!(refused.prior_transition_id.as_deref(), Some(open.as_str()));
    let book = s.asks();
    assert_eq!(book.len(), 1);
    assert!(!book[0].spent, "the approval waits for a fire that can run");
    settle(s, &open, "bookings.count");
    let fired = fire(s, "book.reserve", Principal::Agent, Some(nights));
    assert!(fired.ok, "{fired:?}");
    let record = s
        .transition(fired.transition_id.as_deref().unwrap())
        .unwrap();
    assert_eq!(record.ask_id.as_deref(), Some(ask.as_str()));
    assert!(s.asks()[0].spent);
}

#[test]
fn the_port_refuses_an_invalid_confirm_gated_call_for_what_it_is_and_asks_nobody() {
    for enforced in [None, Some(true)] {
        let b = booking(enforced);
        let port = AgentPort::new(Rc::clone(&b.session), PortOptions::default());
        let gaps = b.session.gaps().len();
        let out = port.call(
            "booking.do_action",
            &json!({"action": "reserve", "input": {"nights": 0}}),
        );
        assert_eq!(out["ok"], false, "{out}");
        assert_eq!(out["reason"], "PAYLOAD_INVALID", "{out}");
        assert!(out.get("askId").is_none(), "{out}");
        let issues = out["issues"].to_string();
        assert!(
            issues.contains("'nights' must be ≥ 1 (minimum 1)"),
            "{issues}"
        );
        assert!(b.session.asks().is_empty(), "no ask was minted");
        assert_eq!(
            b.session.gaps().len(),
            gaps + 1,
            "the refusal is a recorded attempt"
        );
        // A valid call is asked about, as before.
        let ask = port.call(
            "booking.do_action",
            &json!({"action": "reserve", "input": {"nights": 2}}),
        );
        assert_eq!(ask["judgment"], "needs-confirm", "{ask}");
    }
}

#[test]
fn the_port_shows_each_concurrency_refusal_with_the_prior_fire_and_asks_nobody() {
    let b = booking(None);
    let port = AgentPort::new(Rc::clone(&b.session), PortOptions::default());
    let open = fire(
        &b.session,
        "book.reserve",
        Principal::User,
        Some(json!({"nights": 2})),
    )
    .transition_id
    .unwrap();
    let out = port.call(
        "booking.do_action",
        &json!({"action": "reserve", "input": {"nights": 2}}),
    );
    assert_eq!(out["reason"], "PRIOR_FIRE_PENDING", "{out}");
    assert_eq!(out["priorTransitionId"], open.as_str());
    assert!(
        out["why"].as_str().unwrap().contains("did_it_work"),
        "{out}"
    );
    assert!(
        b.session.asks().is_empty(),
        "never asked about a fire that cannot run"
    );
    b.next.set(Next::Report);
    let paid = port.call("booking.do_action", &json!({"action": "pay"}));
    assert_eq!(paid["ok"], true, "{paid}");
    let again = port.call("booking.do_action", &json!({"action": "pay"}));
    assert_eq!(again["reason"], "DUPLICATE_EXECUTION", "{again}");
    assert_eq!(again["priorTransitionId"], paid["transitionId"]);
    assert!(again.get("retriable").is_none());
}

#[test]
fn concurrency_is_authored_as_one_of_two_words() {
    let def = |word: &str| json!({"pages": {"p": {"actions": {"a": {"does": "Do it", "concurrency": word}}}}});
    let err = build_navigation_graph("g", &from_json_text(&def("twice").to_string()).unwrap())
        .unwrap_err();
    assert_eq!(err.code, "BAD_VALUE");
    assert!(
        err.message.contains("'single-flight'") && err.message.contains("'once'"),
        "{}",
        err.message
    );
    for word in ["single-flight", "once", "parallel"] {
        build_navigation_graph("g", &from_json_text(&def(word).to_string()).unwrap()).unwrap();
    }
    // Declaring a policy is part of what a snapshot's graph fingerprint covers; declaring none
    // (or the default out loud) leaves it as it was.
    let plain = json!({"pages": {"p": {"actions": {"a": {"does": "Do it"}}}}});
    let fp = |v: &Value| {
        groundfacts::session::graph_fingerprint(
            &build_navigation_graph("g", &from_json_text(&v.to_string()).unwrap()).unwrap(),
        )
    };
    assert_eq!(fp(&plain), fp(&def("parallel")));
    assert_ne!(fp(&plain), fp(&def("once")));
}
