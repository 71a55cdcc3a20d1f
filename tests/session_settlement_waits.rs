//! A settlement waits for its own handler (docs/session.md §29, decision 41): an inferred credit
//! (queue order, signature) never settles a fire whose handler is still running; the settlement is
//! given when the handler comes to rest, and from then on every read — `settlement_if_known`,
//! `is_at_rest`, the port's `did_it_work` — agrees with the facts block's grade of that fire.
//! Each path is driven with the re-entrant closure host: a late rejection after an unrelated
//! whole-store report, a late resolution, a late report, and a verify contract turning while the
//! handler runs.

mod session_support;

use std::rc::Rc;

use groundfacts::facts::ground_truth;
use groundfacts::host::HandlerOutcome;
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{EffectStatus, Session, UpdateOptions};
use serde_json::{json, Value};
use session_support::*;

/// The shop with `action` on `home` wired to `handler`.
fn shop(
    action: &str,
    handler: impl Fn(&Session, Option<&Value>) -> HandlerOutcome + 'static,
) -> (Rc<ClosureHost>, Rc<Session>) {
    let host = Rc::new(ClosureHost::new());
    let session = Rc::new(shop_session(&host, shop_graph(None), None));
    let h = host.handler(handler);
    session
        .register_actions("home", vec![(action.into(), h)], vec![])
        .unwrap();
    (host, session)
}

/// An unrelated whole-store report: a plan change elsewhere in the app, with `extra` on top.
fn whole_store(session: &Session, extra: Value) {
    let mut store = shop_state();
    store.insert("user.plan".into(), json!("pro"));
    if let Value::Object(extra) = extra {
        store.extend(extra);
    }
    session
        .update_state(&Value::Object(store), UpdateOptions::default())
        .unwrap();
}

/// The block's line for the one fire of `stage`.
fn block_line(session: &Session, stage: &str) -> String {
    let text = ground_truth(session, None, None).text;
    let needle = format!("fired {stage} ");
    text.lines()
        .find(|l| l.contains(&needle))
        .unwrap_or_else(|| panic!("no line for {stage}: {text}"))
        .to_string()
}

/// Every settlement read of fire `id`, checked against the block's line for it. Returns the
/// settlement's status, `None` while none was given.
fn reads_agree(session: &Rc<Session>, id: &str, stage: &str) -> Option<EffectStatus> {
    let line = block_line(session, stage);
    let settled = session.settlement_if_known(id).unwrap();
    let at_rest = session.is_at_rest(id).unwrap();
    let port = AgentPort::new(Rc::clone(session), PortOptions::default());
    let polled = port.call("shop.did_it_work", &json!({ "transitionId": id }));
    assert_eq!(
        at_rest,
        settled.is_some(),
        "is_at_rest vs settlement: {line}"
    );
    match &settled {
        None => {
            assert_eq!(polled["judgment"], "still-pending", "{polled} / {line}");
            assert_eq!(polled["settled"], false);
        }
        Some(s) => {
            let failed = line.contains("did NOT happen");
            let refused = s.effect_status == EffectStatus::Refused;
            assert_eq!(
                failed, refused,
                "the settlement says {:?} but the block says: {line}",
                s.effect_status
            );
            assert_eq!(polled["settled"], true, "{polled}");
            assert_eq!(
                polled["effectStatus"],
                serde_json::to_value(s.effect_status).unwrap(),
                "{polled}"
            );
            // The receipt is the live record's outcome: nothing moved after it was given.
            assert!(polled.get("outcomeNow").is_none(), "{polled}");
        }
    }
    settled.map(|s| s.effect_status)
}

#[test]
fn a_late_rejection_after_an_unrelated_report_is_the_first_and_only_settlement() {
    let (_host, session) = shop("search", |_, _| HandlerOutcome::Deferred(3));
    let id = session
        .fire("home.search", agent(obj(json!({"q": "x"}))))
        .unwrap()
        .transition_id
        .unwrap();
    whole_store(&session, json!({}));
    // Credited by signature while the handler runs: committed in the block, but not settled.
    assert!(block_line(&session, "home.search").contains("attributed by inference"));
    assert_eq!(reads_agree(&session, &id, "home.search"), None);
    session
        .complete_deferred_handler(3, HandlerOutcome::Threw("network down".into()))
        .unwrap();
    assert_eq!(
        reads_agree(&session, &id, "home.search"),
        Some(EffectStatus::Refused)
    );
    assert!(block_line(&session, "home.search").contains("did NOT happen"));
    // Later reports change nothing about a settlement once given.
    whole_store(&session, json!({"search.q": "y"}));
    assert_eq!(
        reads_agree(&session, &id, "home.search"),
        Some(EffectStatus::Refused)
    );
}

#[test]
fn a_late_resolution_after_an_inferred_credit_settles_performed() {
    let (_host, session) = shop("search", |_, _| HandlerOutcome::Deferred(4));
    let id = session
        .fire("home.search", agent(obj(json!({"q": "x"}))))
        .unwrap()
        .transition_id
        .unwrap();
    whole_store(&session, json!({}));
    assert_eq!(reads_agree(&session, &id, "home.search"), None);
    session
        .complete_deferred_handler(4, HandlerOutcome::Returned(None))
        .unwrap();
    assert_eq!(
        reads_agree(&session, &id, "home.search"),
        Some(EffectStatus::Performed)
    );
    assert!(block_line(&session, "home.search").contains("DID happen"));
}

#[test]
fn a_late_report_after_the_handler_returned_settles_by_queue_order() {
    let (_host, session) = shop("search", |_, _| HandlerOutcome::Returned(None));
    let id = session
        .fire("home.search", agent(obj(json!({"q": "x"}))))
        .unwrap()
        .transition_id
        .unwrap();
    // The handler returned without reporting: the fire waits for the store.
    assert_eq!(reads_agree(&session, &id, "home.search"), None);
    assert!(block_line(&session, "home.search").contains("not yet known"));
    whole_store(&session, json!({"search.q": "x"}));
    assert_eq!(
        reads_agree(&session, &id, "home.search"),
        Some(EffectStatus::Performed)
    );
}

#[test]
fn a_verify_that_turns_while_the_handler_runs_is_asked_when_it_comes_to_rest() {
    // checked.x = 0 at the credit (the filter verify would fail), 1 by the time the handler resolves.
    let (_host, session) = shop("checked", |_, _| HandlerOutcome::Deferred(5));
    let id = session
        .fire("home.checked", agent(None))
        .unwrap()
        .transition_id
        .unwrap();
    whole_store(&session, json!({}));
    assert_eq!(reads_agree(&session, &id, "home.checked"), None);
    session
        .update_state(&json!({"checked.x": 1}), UpdateOptions::default())
        .unwrap();
    session
        .complete_deferred_handler(5, HandlerOutcome::Returned(None))
        .unwrap();
    assert_eq!(
        reads_agree(&session, &id, "home.checked"),
        Some(EffectStatus::Performed)
    );

    // The other way round: held at the credit, failed when the handler resolves.
    let (_host, session) = shop("checked", |_, _| HandlerOutcome::Deferred(6));
    let id = session
        .fire("home.checked", agent(None))
        .unwrap()
        .transition_id
        .unwrap();
    whole_store(&session, json!({"checked.x": 1}));
    assert_eq!(reads_agree(&session, &id, "home.checked"), None);
    session
        .update_state(&json!({"checked.x": 2}), UpdateOptions::default())
        .unwrap();
    session
        .complete_deferred_handler(6, HandlerOutcome::Returned(None))
        .unwrap();
    assert_eq!(
        reads_agree(&session, &id, "home.checked"),
        Some(EffectStatus::Refused)
    );
    assert!(block_line(&session, "home.checked").contains("verify contract did not hold"));
}

#[test]
fn a_report_named_by_transition_id_is_observed_and_settles_at_once() {
    let (_host, session) = shop("search", |_, _| HandlerOutcome::Deferred(8));
    let id = session
        .fire("home.search", agent(obj(json!({"q": "x"}))))
        .unwrap()
        .transition_id
        .unwrap();
    session
        .update_state(
            &json!({"search.q": "x"}),
            UpdateOptions {
                transition_id: Some(id.clone()),
                ..UpdateOptions::default()
            },
        )
        .unwrap();
    assert_eq!(
        reads_agree(&session, &id, "home.search"),
        Some(EffectStatus::Performed)
    );
    // Its own report stands: a later rejection does not re-grade it, and the settlement stays.
    session
        .complete_deferred_handler(8, HandlerOutcome::Threw("late".into()))
        .unwrap();
    assert_eq!(
        reads_agree(&session, &id, "home.search"),
        Some(EffectStatus::Performed)
    );
}

#[test]
fn a_handler_that_fails_after_its_own_report_settles_as_the_block_grades_it() {
    let (_host, session) = shop("search", |s, _| {
        s.update_state(&json!({"search.q": "x"}), UpdateOptions::default())
            .unwrap();
        HandlerOutcome::Threw("late failure".into())
    });
    let id = session
        .fire("home.search", agent(obj(json!({"q": "x"}))))
        .unwrap()
        .transition_id
        .unwrap();
    assert!(block_line(&session, "home.search").contains("DID happen"));
    assert_eq!(
        reads_agree(&session, &id, "home.search"),
        Some(EffectStatus::Performed)
    );
    let settled = session.settlement_if_known(&id).unwrap().unwrap();
    assert!(settled.error.unwrap().message.contains("late failure"));
}
