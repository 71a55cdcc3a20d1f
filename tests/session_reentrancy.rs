//! Pins re-entrancy (decisions 1–4): handlers, navigate and predicates call back into the session;
//! throws become recorded failures plus a warning; nested fires get their own window; predicates
//! are readers whose mutations are refused with REENTRANCY and record nothing; deferred handlers.

mod session_support;

use std::cell::RefCell;
use std::rc::Rc;

use groundfacts::host::{HandlerOutcome, PredicateAnswer};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::json;
use session_support::*;

fn search(q: &str) -> FireOptions {
    agent(Some(json!({"q": q})))
}

#[test]
fn a_handler_that_throws_before_reporting_is_recorded_as_not_performed() {
    let (host, s) = fresh_shop(None);
    let boom = host.handler(|_, _| HandlerOutcome::Threw("network down".into()));
    s.register_actions("home", vec![("search".into(), boom)], vec![])
        .unwrap();
    let v = s.version();
    let r = s.fire("home.search", search("x")).unwrap();
    assert!(r.ok, "a record exists");
    assert_eq!(r.effect_status, Some(EffectStatus::Refused));
    let settled = s
        .settlement_if_known(r.transition_id.as_deref().unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(settled.outcome, Outcome::Rejected);
    assert_eq!(settled.error.unwrap().reason, "HANDLER_THREW");
    assert!(s.pending().is_empty());
    assert_eq!(s.version(), v + 2, "record, then reject");
    assert!(host
        .warnings()
        .iter()
        .any(|w| w.contains("'home.search' threw: network down")));
    // The session still works afterwards.
    assert!(s.fire("home.search", search("y")).unwrap().ok);
}

#[test]
fn a_handler_that_reports_then_throws_keeps_the_commit_and_carries_the_error() {
    let (host, s) = fresh_shop(None);
    let half = host.handler(|s, _| {
        s.update_state(&json!({"search.q": "x"}), UpdateOptions::default())
            .unwrap();
        HandlerOutcome::Threw("late failure".into())
    });
    s.register_actions("home", vec![("search".into(), half)], vec![])
        .unwrap();
    let r = s.fire("home.search", search("x")).unwrap();
    // The block says DID happen (the fire's own report backs the commit), so the settlement says
    // performed too, the failure kept as its error (docs/session.md §29).
    assert_eq!(r.effect_status, Some(EffectStatus::Performed));
    let settled = s
        .settlement_if_known(r.transition_id.as_deref().unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(
        settled.outcome,
        Outcome::Committed,
        "the report backs the commit"
    );
    assert_eq!(
        settled.transition.effect_verified,
        Some(EffectVerified::Observed(true))
    );
    assert_eq!(settled.error.unwrap().message, "late failure");
    assert_eq!(s.state()["search.q"], json!("x"));
    assert!(host.warnings().iter().any(|w| w.contains("late failure")));
}

#[test]
fn a_returned_failure_is_refused_with_a_warning() {
    let (host, s) = fresh_shop(None);
    let no = host.handler(|_, _| HandlerOutcome::ReturnedFailure("out of stock".into()));
    s.register_actions("home", vec![("toggle".into(), no)], vec![])
        .unwrap();
    let r = s.fire("home.toggle", agent(None)).unwrap();
    assert_eq!(r.effect_status, Some(EffectStatus::Refused));
    let settled = s
        .settlement_if_known(r.transition_id.as_deref().unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(
        settled.outcome,
        Outcome::RolledBack,
        "a claims-only commit is rolled back"
    );
    assert_eq!(settled.error.unwrap().reason, "HANDLER_FAILED");
    assert!(host
        .warnings()
        .iter()
        .any(|w| w.contains("returned failure: out of stock")));
}

#[test]
fn a_throwing_navigate_is_rolled_back_and_walked_back() {
    let host = Rc::new(ClosureHost::new());
    host.set_navigate(|_, _| HandlerOutcome::Threw("router exploded".into()));
    let s = shop_session(&host, shop_graph(None), None);
    let r = s.fire("home.open-cart", agent(None)).unwrap();
    assert_eq!(r.effect_status, Some(EffectStatus::Refused));
    assert_eq!(s.node(), "home", "the claimed hop is walked back");
    let settled = s
        .settlement_if_known(r.transition_id.as_deref().unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(settled.outcome, Outcome::RolledBack);
    assert_eq!(settled.error.unwrap().reason, "NAVIGATE_THREW");
    assert!(host
        .warnings()
        .iter()
        .any(|w| w.contains("router exploded")));
}

#[test]
fn a_throwing_predicate_is_unevaluable_with_a_warning() {
    let host = Rc::new(ClosureHost::new());
    let p = host.predicate(|_, _| PredicateAnswer::Threw("bad predicate".into()));
    let s = shop_session(&host, shop_graph(Some(p)), None);
    let h = reporting(&host, json!({"checked.x": 1}));
    s.register_actions("home", vec![("checked".into(), h)], vec![])
        .unwrap();
    let r = s.fire("home.checked", agent(None)).unwrap();
    assert_eq!(r.effect_status, Some(EffectStatus::Performed));
    let settled = s
        .settlement_if_known(r.transition_id.as_deref().unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(settled.verify_held, Some(VerifyHeld::Unevaluable));
    assert_eq!(
        serde_json::to_value(&settled).unwrap()["verifyHeld"],
        json!("unevaluable")
    );
    assert!(host.warnings().iter().any(|w| w.contains("bad predicate")));
}

#[test]
fn a_predicate_that_mutates_is_refused_and_nothing_is_recorded() {
    let host = Rc::new(ClosureHost::new());
    let seen: Rc<RefCell<Vec<SessionError>>> = Rc::default();
    let reads = Rc::new(RefCell::new(0usize));
    let (seen2, reads2) = (Rc::clone(&seen), Rc::clone(&reads));
    let p = host.predicate(move |s, state| {
        // Reads are allowed, and see the committed report.
        assert_eq!(state["checked.x"], json!(1));
        *reads2.borrow_mut() = s.transitions().len();
        let mut errs = seen2.borrow_mut();
        errs.push(
            s.update_state(&json!({"checked.x": 2}), UpdateOptions::default())
                .unwrap_err(),
        );
        errs.push(s.fire("home.toggle", FireOptions::default()).unwrap_err());
        errs.push(s.sync("cart", SyncOptions::default()).unwrap_err());
        errs.push(s.report_gap("x", false).unwrap_err());
        PredicateAnswer::Held
    });
    let s = shop_session(&host, shop_graph(Some(p)), None);
    let h = reporting(&host, json!({"checked.x": 1}));
    let t = returning(&host);
    s.register_actions(
        "home",
        vec![("checked".into(), h), ("toggle".into(), t)],
        vec![],
    )
    .unwrap();
    let r = s.fire("home.checked", agent(None)).unwrap();
    assert_eq!(r.effect_status, Some(EffectStatus::Performed));
    let errs = seen.borrow();
    assert_eq!(errs.len(), 4);
    assert!(errs
        .iter()
        .all(|e| e.code == "REENTRANCY" && e.kind == SessionErrorKind::Reentrancy));
    assert!(errs[0].message.contains("updateState") && errs[0].message.contains("home.checked"));
    assert!(errs[1].message.contains("fire()"));
    assert_eq!(
        s.state()["checked.x"],
        json!(1),
        "the refused report changed nothing"
    );
    assert_eq!(s.node(), "home");
    assert!(s.gaps().is_empty());
    assert_eq!(
        s.transitions().len(),
        *reads.borrow(),
        "no row was added by the refused calls"
    );
    // After the predicate, mutation works again.
    assert!(
        s.update_state(&json!({"checked.x": 3}), UpdateOptions::default())
            .unwrap()
            .ok
    );
}

#[test]
fn nested_fires_each_take_their_own_window() {
    let (host, s) = fresh_shop(None);
    // The outer handler (search) fires the checked change, whose handler reports its own key; then
    // the outer reports its own. Each report goes to the innermost pending fire of the stack.
    let inner_h = reporting(&host, json!({"checked.x": 1}));
    let outer_h = host.handler(|s, _| {
        let nested = s.fire("home.checked", FireOptions::default()).unwrap();
        assert_eq!(nested.effect_status, Some(EffectStatus::Performed));
        s.update_state(&json!({"search.q": "x"}), UpdateOptions::default())
            .unwrap();
        HandlerOutcome::Returned(None)
    });
    s.register_actions(
        "home",
        vec![("search".into(), outer_h), ("checked".into(), inner_h)],
        vec![],
    )
    .unwrap();
    let r = s.fire("home.search", search("x")).unwrap();
    assert_eq!(r.effect_status, Some(EffectStatus::Performed));
    let rows = s.transitions();
    let outer = rows
        .iter()
        .find(|t| t.cause.affordance_id.as_deref() == Some("home.search"))
        .unwrap();
    let inner = rows
        .iter()
        .find(|t| t.cause.affordance_id.as_deref() == Some("home.checked"))
        .unwrap();
    assert_eq!(outer.effect_verified, Some(EffectVerified::Observed(true)));
    assert_eq!(outer.attribution.basis, AttributionBasis::HandlerWindow);
    assert_eq!(inner.effect_verified, Some(EffectVerified::Observed(true)));
    assert_eq!(inner.attribution.basis, AttributionBasis::HandlerWindow);
    assert!(s.pending().is_empty());
    assert_eq!(
        rows.iter()
            .filter(|t| t.cause.kind == CauseKind::Stimulus)
            .count(),
        1,
        "only the structure row"
    );
}

#[test]
fn a_report_inside_a_no_writes_handler_is_a_stimulus_not_credited_elsewhere() {
    let (host, s) = fresh_shop(None);
    let user_search = host.handler(|_, _| HandlerOutcome::Deferred(7));
    let toggle = reporting(&host, json!({"search.q": "z"}));
    s.register_actions(
        "home",
        vec![("search".into(), user_search), ("toggle".into(), toggle)],
        vec![],
    )
    .unwrap();
    let pending = s.fire("home.search", search("z")).unwrap();
    assert_eq!(pending.settlement, Some(SettlementState::AwaitingState));
    // The toggle's handler reports search.q: decision 2 forbids crediting the pending search.
    s.fire("home.toggle", agent(None)).unwrap();
    assert_eq!(s.pending().len(), 1, "the search is still pending");
    let last_stimulus = s
        .transitions()
        .into_iter()
        .rfind(|t| t.cause.kind == CauseKind::Stimulus)
        .unwrap();
    assert_eq!(last_stimulus.cause.stimulus.as_deref(), Some("unknown"));
}

#[test]
fn a_deferred_handler_stays_open_until_completed() {
    let (host, s) = fresh_shop(None);
    let later = host.handler(|_, _| HandlerOutcome::Deferred(42));
    s.register_actions("home", vec![("toggle".into(), later)], vec![])
        .unwrap();
    let r = s.fire("home.toggle", agent(None)).unwrap();
    let id = r.transition_id.clone().unwrap();
    assert_eq!(r.effect_status, Some(EffectStatus::Pending));
    assert_eq!(s.settlement_if_known(&id).unwrap(), None);
    assert_eq!(s.awaiting_settlement(), vec![id.clone()]);
    s.complete_deferred_handler(42, HandlerOutcome::Returned(Some(json!({"n": 1}))))
        .unwrap();
    let settled = s.settlement_if_known(&id).unwrap().unwrap();
    assert_eq!(settled.effect_status, EffectStatus::Performed);
    assert_eq!(settled.data, Some(json!({"n": 1})));
    assert_eq!(host.settled.borrow().last(), Some(&id));
    assert_eq!(
        s.complete_deferred_handler(42, HandlerOutcome::Returned(None))
            .unwrap_err()
            .code,
        "UNKNOWN_DEFERRED"
    );
}

#[test]
fn a_deferred_fire_with_writes_is_settled_by_a_later_report() {
    let (host, s) = fresh_shop(None);
    let later = host.handler(|_, _| HandlerOutcome::Deferred(1));
    s.register_actions("home", vec![("search".into(), later)], vec![])
        .unwrap();
    let r = s.fire("home.search", search("q")).unwrap();
    let id = r.transition_id.unwrap();
    let v = s.version();
    // In flight: FIFO skips it, the signature rung matches it.
    let u = s
        .update_state(&json!({"search.q": "q"}), UpdateOptions::default())
        .unwrap();
    assert_eq!(u.attributed, Some(true));
    assert_eq!(
        u.transition.unwrap().attribution.basis,
        AttributionBasis::SignatureMatch
    );
    assert_eq!(s.version(), v + 1);
    // An inferred credit waits for the handler (docs/session.md §29): at rest once it resolves.
    assert!(!s.is_at_rest(&id).unwrap());
    s.complete_deferred_handler(1, HandlerOutcome::Returned(None))
        .unwrap();
    assert!(s.is_at_rest(&id).unwrap());
}

#[test]
fn settlement_of_a_report_row_or_unknown_id_is_an_error() {
    let (host, s) = fresh_shop(None);
    let r = returning(&host);
    s.register_actions("home", vec![("toggle".into(), r)], vec![])
        .unwrap();
    assert_eq!(
        s.settlement_if_known("stimulus:structure-swap#0")
            .unwrap_err()
            .code,
        "NOT_A_FIRE"
    );
    assert_eq!(
        s.settlement_if_known("home.toggle#9").unwrap_err().code,
        "UNKNOWN_TRANSITION"
    );
    assert_eq!(
        s.update_state(&json!([1]), UpdateOptions::default())
            .unwrap_err()
            .code,
        "BAD_DELTA"
    );
}
