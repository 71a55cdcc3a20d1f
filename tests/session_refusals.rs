//! Pins the ordered fire checks (docs/session.md §8.1): each refusal is one `fire-rejected` gap row with
//! the right reason, principal, evidence and captured `does`, is indexed as an attempt, and never bumps.

mod session_support;

use groundfacts::codes::Refusal;
use std::rc::Rc;

use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::json;
use session_support::*;

fn fire(s: &Session, id: &str, payload: Option<serde_json::Value>) -> FireResult {
    s.fire(
        id,
        FireOptions {
            source: None,
            payload,
            ..Default::default()
        },
    )
    .expect("fire never errs outside a predicate")
}

fn wired() -> (Rc<ClosureHost>, Session, String) {
    let (host, s) = fresh_shop(None);
    let search = reporting(&host, json!({"search.q": "x"}));
    let ret = returning(&host);
    let group = s
        .register_actions(
            "home",
            vec![
                ("search".into(), search),
                ("toggle".into(), ret),
                ("premium".into(), ret),
                ("greyed".into(), ret),
                ("open-cart".into(), ret),
            ],
            vec![],
        )
        .unwrap();
    (host, s, group)
}

#[test]
fn an_unknown_id_is_refused_without_a_captured_name() {
    let (_h, s, _) = wired();
    let v = s.version();
    let r = fire(&s, "home.invented", None);
    assert_eq!(r.reason, Some(Refusal::UnknownAffordance));
    assert!(r
        .available
        .as_ref()
        .unwrap()
        .contains(&"home.search".to_string()));
    let gap = s.gaps().pop().unwrap();
    assert_eq!(gap.affordance_id.as_deref(), Some("home.invented"));
    assert_eq!(gap.does, None, "UNKNOWN_AFFORDANCE keeps nothing");
    assert_eq!(
        gap.principal,
        Some(Principal::Agent),
        "source defaults to agent"
    );
    assert_eq!(s.version(), v);
    let view = s.attempts_tail(None, 1).pop().unwrap();
    assert_eq!(view.kind, AttemptKind::Refused);
    assert_eq!(view.rejection_reason, Some(Refusal::UnknownAffordance));
    assert_eq!(view.key, v);
}

#[test]
fn an_action_of_another_page_is_not_on_node() {
    let (_h, s, _) = wired();
    let r = fire(&s, "cart.checkout", None);
    assert_eq!(r.reason, Some(Refusal::NotOnNode));
    assert_eq!(r.node.as_deref(), Some("home"));
    assert_eq!(
        s.gaps().pop().unwrap().does.as_deref(),
        Some("Place the order")
    );
}

#[test]
fn a_closed_guard_is_refused_with_all_its_evidence() {
    let (_h, s, _) = wired();
    let r = fire(&s, "home.premium", None);
    assert_eq!(r.reason, Some(Refusal::GuardFailed));
    let ev = r.evidence.unwrap();
    assert_eq!(ev.len(), 1);
    assert_eq!(ev[0].key, "user.plan");
    assert!(!ev[0].result);
    assert!(s.gaps().pop().unwrap().evidence.is_some());
}

#[test]
fn a_payload_to_a_no_input_action_is_refused_but_a_blank_one_is_erased() {
    let (_h, s, _) = wired();
    let r = fire(&s, "home.toggle", Some(json!({"value": ""})));
    assert_eq!(r.reason, Some(Refusal::PayloadInvalid));
    assert!(r.issues.unwrap()[0].contains("takes no input"));
    let r = fire(&s, "home.toggle", Some(json!(null)));
    assert_eq!(r.reason, Some(Refusal::PayloadInvalid), "null is not blank");
    let ok = fire(&s, "home.toggle", Some(json!({})));
    assert!(ok.ok);
    assert_eq!(
        s.transition(ok.transition_id.as_deref().unwrap())
            .unwrap()
            .payload,
        None,
        "blank payload erased"
    );
}

#[test]
fn a_payload_that_breaks_the_schema_is_refused() {
    let (_h, s, _) = wired();
    let r = fire(&s, "home.search", Some(json!({"q": 3})));
    assert_eq!(r.reason, Some(Refusal::PayloadInvalid));
    assert!(!r.issues.unwrap().is_empty());
    let r = fire(&s, "home.search", None);
    assert_eq!(r.reason, Some(Refusal::PayloadInvalid));
}

#[test]
fn a_greyed_control_is_refused_with_its_failing_conjuncts() {
    let (_h, s, _) = wired();
    let r = fire(&s, "home.greyed", None);
    assert_eq!(r.reason, Some(Refusal::ToolDisabled));
    assert_eq!(r.evidence.unwrap()[0].key, "user.plan");
    assert_eq!(
        s.gaps().pop().unwrap().does.as_deref(),
        Some("A greyed control"),
        "a real control keeps its name"
    );
}

#[test]
fn a_switched_off_control_is_refused_without_evidence() {
    let (_h, s, group) = wired();
    s.set_enabled(&group, "toggle", false).unwrap();
    let edge = s
        .available()
        .edges
        .into_iter()
        .find(|e| e.affordance_id == "home.toggle")
        .unwrap();
    assert_eq!(edge.enabled, Some(false));
    let r = fire(&s, "home.toggle", None);
    assert_eq!(r.reason, Some(Refusal::ToolDisabled));
    assert!(r.evidence.is_none());
    s.set_enabled(&group, "toggle", true).unwrap();
    assert!(fire(&s, "home.toggle", None).ok);
}

#[test]
fn an_agent_fire_of_an_unwired_action_is_not_materialized_but_a_user_fire_is_recorded() {
    let (_h, s, _) = wired();
    let r = fire(&s, "home.unwired", None);
    assert_eq!(r.reason, Some(Refusal::NotMaterialized));
    let user = s
        .fire(
            "home.unwired",
            FireOptions {
                source: Some(Principal::User),
                payload: None,
                ..Default::default()
            },
        )
        .unwrap();
    assert!(user.ok);
    assert_eq!(user.materialized, Some(false));
    assert_eq!(user.effect_status, Some(EffectStatus::Unobservable));
}

#[test]
fn refusals_never_bump_and_sit_before_the_fire_that_closes_their_version() {
    let (_h, s, _) = wired();
    let v = s.version();
    fire(&s, "home.premium", None);
    fire(&s, "home.invented", None);
    assert_eq!(s.version(), v);
    let ok = fire(&s, "home.toggle", None);
    assert!(ok.ok);
    let tail = s.attempts_tail(None, 3);
    assert_eq!(
        tail.iter().map(|a| a.key).collect::<Vec<_>>(),
        vec![v, v, v]
    );
    assert_eq!(
        tail.iter().map(|a| a.kind).collect::<Vec<_>>(),
        vec![
            AttemptKind::Refused,
            AttemptKind::Refused,
            AttemptKind::Fired
        ]
    );
}

#[test]
fn enforced_approval_refuses_an_unapproved_high_effect_fire_and_honours_a_yes() {
    let (host, s) = fresh_shop(Some(true));
    let checkout = reporting(&host, json!({"orders.count": 1}));
    s.register_actions("cart", vec![("checkout".into(), checkout)], vec![])
        .unwrap();
    s.sync("cart", SyncOptions::default()).unwrap();

    let v = s.version();
    let r = fire(&s, "cart.checkout", None);
    assert_eq!(r.reason, Some(Refusal::ApprovalRequired));
    assert_eq!(s.version(), v);
    let approval_warnings = || {
        host.warnings()
            .iter()
            .filter(|w| w.contains("APPROVAL_REQUIRED"))
            .count()
    };
    assert_eq!(approval_warnings(), 1);

    let ask = s
        .confirm_ask("cart.checkout", Principal::Agent, None)
        .unwrap();
    assert_eq!(ask.ask_id, "ask#1");
    assert_eq!(
        fire(&s, "cart.checkout", None).reason,
        Some(Refusal::ApprovalRequired),
        "unanswered"
    );
    assert_eq!(approval_warnings(), 1, "warned once per action and reason");
    assert_eq!(s.ask_summary(20).awaiting_total, 1);

    assert!(s.approve("ask#1", Some("ana".into()), None).unwrap().ok);
    let again = s.approve("ask#1", None, None).unwrap();
    assert_eq!(again.reason, Some(Refusal::AskAlreadyAnswered));
    assert_eq!(
        s.decline("ask#9", None, None).unwrap().reason,
        Some(Refusal::UnknownAsk)
    );
    let summary = s.ask_summary(20);
    assert_eq!(summary.lines.len(), 1);
    assert_eq!(summary.lines[0].answer, Some(AskAnswer::Approved));

    let placed = fire(&s, "cart.checkout", None);
    assert!(placed.ok);
    assert_eq!(placed.effect_status, Some(EffectStatus::Performed));
    assert_eq!(
        s.transition(placed.transition_id.as_deref().unwrap())
            .unwrap()
            .ask_id
            .as_deref(),
        Some("ask#1")
    );
    let book = s.asks();
    assert_eq!(
        book.len(),
        1,
        "answered asks stay in the book under enforcement"
    );
    assert!(book[0].spent);
    assert_eq!(
        fire(&s, "cart.checkout", None).reason,
        Some(Refusal::ApprovalRequired),
        "an approval is single-use"
    );
    // A user fire is not gated.
    assert!(
        s.fire(
            "cart.checkout",
            FireOptions {
                source: Some(Principal::User),
                payload: None,
                ..Default::default()
            }
        )
        .unwrap()
        .ok
    );
}

#[test]
fn enforced_approval_refuses_after_a_human_no() {
    let (host, s) = fresh_shop(Some(true));
    let checkout = reporting(&host, json!({"orders.count": 1}));
    s.register_actions("cart", vec![("checkout".into(), checkout)], vec![])
        .unwrap();
    s.sync("cart", SyncOptions::default()).unwrap();
    let ask = s
        .confirm_ask("cart.checkout", Principal::Agent, None)
        .unwrap();
    assert!(
        s.decline(&ask.ask_id, Some("ana".into()), Some("not today".into()))
            .unwrap()
            .ok
    );
    let r = fire(&s, "cart.checkout", None);
    assert_eq!(r.reason, Some(Refusal::ApprovalDeclined));
    assert_eq!(
        s.gaps().pop().unwrap().rejection_reason,
        Some(Refusal::ApprovalDeclined)
    );
    assert_eq!(s.asks()[0].answer, Some(AskAnswer::Declined));
}

#[test]
fn capability_refusals_come_before_the_approval_question() {
    let (host, s) = fresh_shop(Some(true));
    s.sync("cart", SyncOptions::default()).unwrap();
    // Past the page's mounting window (docs/session.md §32), nothing wired: NOT_MATERIALIZED, not
    // APPROVAL_REQUIRED.
    host.now.set(10_000.0);
    assert_eq!(
        fire(&s, "cart.checkout", None).reason,
        Some(Refusal::NotMaterialized)
    );
}

#[test]
fn the_human_doors_need_a_decider_under_enforcement_and_default_mode_keeps_no_answered_asks() {
    let (_, enforced) = fresh_shop(Some(true));
    enforced.sync("cart", SyncOptions::default()).unwrap();
    let ask = enforced
        .confirm_ask("cart.checkout", Principal::Agent, None)
        .unwrap();
    for door in [
        enforced.approve(&ask.ask_id, None, None).unwrap(),
        enforced
            .decline(&ask.ask_id, Some("  ".into()), None)
            .unwrap(),
    ] {
        assert_eq!(door.reason, Some(Refusal::NeedsDecider));
    }
    assert_eq!(
        enforced.asks()[0].answer,
        None,
        "a refused door records nothing"
    );

    let (_, default) = fresh_shop(None);
    default.sync("cart", SyncOptions::default()).unwrap();
    let first = default
        .confirm_ask("cart.checkout", Principal::Agent, None)
        .unwrap();
    assert_eq!(
        default
            .approve(&first.ask_id, Some("ana".into()), None)
            .unwrap()
            .reason,
        Some(Refusal::NotEnforced)
    );
    assert_eq!(default.asks().len(), 1, "still awaiting");
    assert!(default.decline(&first.ask_id, None, None).unwrap().ok);
    assert!(
        default.asks().is_empty(),
        "a no closes the card in default mode"
    );
    assert_eq!(default.ask_summary(20), AskSummary::default());
}
