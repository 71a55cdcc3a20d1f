//! Pins captured names (decision 5, docs/session.md §11.3): mount-declared actions are offered at once and
//! leave at unmount; every row keeps the `does` captured when it was minted — through unmount and a
//! remount with new wording — and a pending fire settles with the affordance captured at fire time.

mod session_support;

use groundfacts::codes::Refusal;
use groundfacts::graph::def::{obj, s as text, DefValue};
use groundfacts::host::HandlerOutcome;
use groundfacts::session::*;
use serde_json::json;
use session_support::*;

fn send_def(does: &str, handler: Option<groundfacts::host::CallbackId>) -> DefValue {
    let mut entries = vec![
        ("does".to_string(), text(does)),
        (
            "writes".to_string(),
            DefValue::Array(vec![text("outbox.sent")]),
        ),
        (
            "verify".to_string(),
            obj([("outbox.sent", obj([("gt", DefValue::Number(0.0))]))]),
        ),
    ];
    if let Some(h) = handler {
        entries.push(("handler".to_string(), DefValue::Function(h)));
    }
    DefValue::Object(entries)
}

#[test]
fn a_mounted_action_is_offered_at_once_and_leaves_at_unmount_but_history_keeps_its_name() {
    let (host, s) = fresh_shop(None);
    let send = reporting(&host, json!({"outbox.sent": 1}));
    let group = s
        .register_actions(
            "home",
            vec![],
            vec![("send".into(), send_def("Send the message", Some(send)))],
        )
        .unwrap();
    let edge = s
        .available()
        .edges
        .into_iter()
        .find(|e| e.affordance_id == "home.send")
        .expect("offered at once");
    assert_eq!(edge.description, "Send the message");

    let fired = s.fire("home.send", agent(None)).unwrap();
    assert_eq!(fired.effect_status, Some(EffectStatus::Performed));
    let ask = s.confirm_ask("home.send", Principal::Agent, None).unwrap();

    s.unregister(&group).unwrap();
    assert!(
        s.available()
            .edges
            .iter()
            .all(|e| e.affordance_id != "home.send"),
        "gone from the offer"
    );
    assert_eq!(
        s.transitions()
            .iter()
            .find(|t| t.id == fired.transition_id.clone().unwrap())
            .unwrap()
            .cause
            .does
            .as_deref(),
        Some("Send the message")
    );
    assert_eq!(
        s.asks()
            .iter()
            .find(|a| a.ask_id == ask.ask_id)
            .unwrap()
            .does
            .as_deref(),
        Some("Send the message")
    );
    let view = s.attempts_tail(None, 1).pop().unwrap();
    assert_eq!(view.does.as_deref(), Some("Send the message"));

    // A fire of the vanished id is UNKNOWN_AFFORDANCE and captures nothing.
    let r = s.fire("home.send", agent(None)).unwrap();
    assert_eq!(r.reason, Some(Refusal::UnknownAffordance));
    assert_eq!(s.gaps().last().unwrap().does, None);
    // unregister is idempotent; an unknown group is an error.
    s.unregister(&group).unwrap();
    assert_eq!(
        s.unregister("mount:home#99").unwrap_err().code,
        "UNKNOWN_GROUP"
    );
}

#[test]
fn a_remount_with_new_wording_does_not_rewrite_history_nor_backfill() {
    let (host, s) = fresh_shop(None);
    // Refused before it exists: no name captured, and none backfilled later.
    s.fire("home.send", agent(None)).unwrap();
    let send = reporting(&host, json!({"outbox.sent": 1}));
    let g1 = s
        .register_actions(
            "home",
            vec![],
            vec![("send".into(), send_def("Send the message", Some(send)))],
        )
        .unwrap();
    let first = s.fire("home.send", agent(None)).unwrap();
    s.unregister(&g1).unwrap();
    let send2 = reporting(&host, json!({"outbox.sent": 2}));
    s.register_actions(
        "home",
        vec![],
        vec![("send".into(), send_def("Send it now", Some(send2)))],
    )
    .unwrap();
    let second = s.fire("home.send", agent(None)).unwrap();

    assert_eq!(s.gaps()[0].does, None, "never backfilled");
    let rows = s.transitions();
    let does_of = |id: &Option<String>| {
        rows.iter()
            .find(|t| Some(&t.id) == id.as_ref())
            .unwrap()
            .cause
            .does
            .clone()
    };
    assert_eq!(
        does_of(&first.transition_id).as_deref(),
        Some("Send the message")
    );
    assert_eq!(
        does_of(&second.transition_id).as_deref(),
        Some("Send it now")
    );
    assert_eq!(
        s.available()
            .edges
            .iter()
            .find(|e| e.affordance_id == "home.send")
            .unwrap()
            .description,
        "Send it now"
    );
}

#[test]
fn a_pending_fire_of_an_unmounted_action_settles_with_its_captured_verify() {
    let (host, s) = fresh_shop(None);
    let later = host.handler(|_, _| HandlerOutcome::Returned(None));
    let group = s
        .register_actions(
            "home",
            vec![],
            vec![("send".into(), send_def("Send the message", Some(later)))],
        )
        .unwrap();
    let fired = s.fire("home.send", agent(None)).unwrap();
    let id = fired.transition_id.unwrap();
    assert_eq!(s.pending()[0].does.as_deref(), Some("Send the message"));
    s.unregister(&group).unwrap();
    assert_eq!(s.pending().len(), 1, "unmount leaves pending fires alone");
    // The report arrives after unmount and fails the captured verify.
    s.update_state(
        &json!({"outbox.sent": 0}),
        UpdateOptions {
            transition_id: Some(id.clone()),
            ..Default::default()
        },
    )
    .unwrap();
    let settled = s.settlement_if_known(&id).unwrap().unwrap();
    assert_eq!(settled.verify_held, Some(VerifyHeld::Failed));
    assert_eq!(settled.effect_status, EffectStatus::Refused);
    assert_eq!(
        settled.transition.attribution.basis,
        AttributionBasis::NamedByReport
    );
}

#[test]
fn a_bad_mount_declaration_is_a_graph_error_and_changes_nothing() {
    let (host, s) = fresh_shop(None);
    let v = s.version();
    let bad = obj([("does", text("x")), ("goTo", text("nowhere"))]);
    let err = s
        .register_actions("home", vec![], vec![("bad".into(), bad)])
        .unwrap_err();
    assert_eq!(err.kind, SessionErrorKind::GraphValidation);
    assert_eq!(s.version(), v);
    assert_eq!(
        s.register_actions("attic", vec![], vec![])
            .unwrap_err()
            .code,
        "UNKNOWN_NODE"
    );
    let h = returning(&host);
    assert_eq!(
        s.register_actions("home", vec![("nope".into(), h)], vec![])
            .unwrap_err()
            .code,
        "UNKNOWN_ACTION"
    );
    assert!(s.transitions().is_empty());
}
