//! Pins the version clock (decision 7): what bumps, what coalesces, what never bumps; and the
//! attribution ladder's floor and inference rows.

mod session_support;

use groundfacts::codes::Refusal;
use groundfacts::session::*;
use serde_json::json;
use session_support::*;

#[test]
fn consecutive_structure_changes_coalesce_into_one_bump() {
    let (host, s) = fresh_shop(None);
    assert_eq!(s.version(), 0);
    let a = returning(&host);
    let g1 = s
        .register_actions("home", vec![("toggle".into(), a)], vec![])
        .unwrap();
    s.register_actions("home", vec![("search".into(), a)], vec![])
        .unwrap();
    s.unregister(&g1).unwrap();
    assert_eq!(s.version(), 1);
    assert_eq!(s.transitions().len(), 1);
    // Any other bump ends the run: the next change is a new row.
    s.update_state(&json!({"user.plan": "pro"}), UpdateOptions::default())
        .unwrap();
    s.register_actions("home", vec![("toggle".into(), a)], vec![])
        .unwrap();
    assert_eq!(s.version(), 3);
    let stages: Vec<String> = s.transitions().iter().map(|t| t.id.clone()).collect();
    assert_eq!(
        stages,
        vec![
            "stimulus:structure-swap#0",
            "stimulus:unknown#1",
            "stimulus:structure-swap#2"
        ]
    );
    // Registering nothing changes nothing.
    s.register_actions("home", vec![], vec![]).unwrap();
    assert_eq!(s.version(), 3);
}

#[test]
fn a_no_writes_fire_moves_two_and_a_writes_fire_one_plus_its_report() {
    let (host, s) = fresh_shop(None);
    let t = returning(&host);
    let later = returning(&host);
    s.register_actions(
        "home",
        vec![("toggle".into(), t), ("search".into(), later)],
        vec![],
    )
    .unwrap();
    let v = s.version();
    s.fire("home.toggle", FireOptions::default()).unwrap();
    assert_eq!(s.version(), v + 2);
    let r = s
        .fire(
            "home.search",
            FireOptions {
                source: None,
                payload: Some(json!({"q": "a"})),
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(r.settlement, Some(SettlementState::AwaitingState));
    assert_eq!(s.version(), v + 3);
    assert_eq!(s.pending()[0].id, r.transition_id.clone().unwrap());
    let u = s
        .update_state(&json!({"search.q": "a"}), UpdateOptions::default())
        .unwrap();
    assert_eq!(
        u.transition.unwrap().attribution.basis,
        AttributionBasis::QueueOrder
    );
    assert_eq!(s.version(), v + 4);
}

#[test]
fn syncs_bump_only_when_the_cursor_moves() {
    let (_, s) = fresh_shop(None);
    assert!(!s.sync("home", SyncOptions::default()).unwrap().changed);
    assert_eq!(s.version(), 0);
    let moved = s.sync("/cart", SyncOptions::default()).unwrap();
    assert!(moved.changed);
    assert_eq!(moved.node, "cart");
    assert_eq!(s.version(), 1);
    let off = s.sync("/nowhere/at/all", SyncOptions::default()).unwrap();
    assert!(off.off_graph);
    assert!(s.available().edges.is_empty());
    assert_eq!(s.version(), 2);
}

#[test]
fn a_report_nobody_claims_is_a_stimulus_row_and_a_signature_match_is_inferred() {
    let (host, s) = fresh_shop(None);
    let h = returning(&host);
    s.register_actions("home", vec![("search".into(), h)], vec![])
        .unwrap();
    let v = s.version();
    // Exactly one registered action on this page writes search.q, and nothing is pending: inference.
    let u = s
        .update_state(
            &json!({"search.q": "typed by hand"}),
            UpdateOptions::default(),
        )
        .unwrap();
    assert_eq!(u.attributed, Some(false));
    let row = u.transition.unwrap();
    assert!(row.cause.inferred);
    assert_eq!(row.cause.principal, Principal::Unknown);
    assert_eq!(row.cause.does.as_deref(), Some("Search the catalogue"));
    assert_eq!(s.version(), v + 1);
    let view = s.attempts_tail(None, 1).pop().unwrap();
    assert!(view.inferred);
    assert_eq!(view.kind, AttemptKind::Fired);
    // An explicit stimulus skips fire matching.
    let u = s
        .update_state(
            &json!({"search.q": "again"}),
            UpdateOptions {
                stimulus: Some("keyboard".into()),
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(
        u.transition.unwrap().id,
        format!("stimulus:keyboard#{}", s.transitions().len() - 1)
    );
    assert_eq!(s.attempt_count(), 1, "stimulus rows are not attempts");
}

#[test]
fn journey_frames_bump_on_open_and_close_only() {
    let w = wizard(true, false, SessionOptions::default());
    let s = &w.session;
    let v = s.version();
    assert!(s.commit_journey("new-project").unwrap().ok);
    let again = s.commit_journey("new-project").unwrap();
    assert_eq!(again.reason, Some(Refusal::FrameAlreadyOpen));
    assert_eq!(
        s.commit_journey("nope").unwrap().reason,
        Some(Refusal::UnknownJourney)
    );
    assert_eq!(s.version(), v + 1);
    let closed = s.leave_journey().unwrap().unwrap();
    assert_eq!(closed.status, FrameStatus::Cancelled);
    assert_eq!(s.version(), v + 2);
    assert!(s.leave_journey().unwrap().is_none());
    assert_eq!(s.version(), v + 2);
}

#[test]
fn work_rows_and_reported_gaps_do_not_bump() {
    let (_, s) = fresh_shop(None);
    let w = s.begin_work(Some("home.search")).unwrap();
    assert_eq!(w, "work#0");
    assert_eq!(
        s.open_work()[0].does.as_deref(),
        Some("Search the catalogue")
    );
    s.report_gap("please add dark mode", false).unwrap();
    s.report_gap("the list may have changed", true).unwrap();
    assert_eq!(s.version(), 0);
    assert_eq!(
        s.attempt_count(),
        1,
        "only the stale-actions report is an attempt"
    );
    assert_eq!(s.attempts_tail(None, 5)[0].kind, AttemptKind::StaleActions);
    assert!(s.end_work(&w));
    assert!(!s.end_work(&w));
    assert!(s.open_work().is_empty());
}
