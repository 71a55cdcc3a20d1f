//! Pins the app's `navigate` after creation and when it is async (docs/decisions.md decisions 27–28):
//! `setNavigate` behaves from then on as if it had been given at creation (url gestures, the
//! `materialized` marker, dead-end detection) and records a wiring change only when it turns navigation
//! on or off; `sync` with a principal records a person's move as theirs; a `navigate` that returns a
//! thenable keeps its fire open until the thenable ends or the router reports arrival (in either
//! order), a rejection is refused and walked back, a rejection after arrival only warns, and a `sync`
//! from inside `navigate` counts as arrival.

mod session_support;

use groundfacts::codes::Refusal;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use groundfacts::facts;
use groundfacts::graph::def::{from_json_text, DefValue};
use groundfacts::graph::{build_navigation_graph, NavigationGraph};
use groundfacts::host::{CallbackId, HandlerOutcome, PredicateAnswer};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::json;
use session_support::*;

/// `home` → `cart` by url gesture, with a verify predicate on the hop; `cart` has nothing wired.
fn hop_graph(verify: CallbackId) -> NavigationGraph {
    let mut def = from_json_text(
        &json!({"pages": {
            "home": {"route": "/", "does": "the home page", "actions": {
                "open-cart": {"does": "Open the cart", "goTo": "cart", "input": "none", "verify": "PREDICATE"},
                "toggle": {"does": "Toggle the panel", "input": "none"}
            }},
            "cart": {"route": "/cart", "does": "the cart", "actions": {
                "checkout": {"does": "Place the order", "input": "none"}
            }}
        }})
        .to_string(),
    )
    .unwrap();
    fn put(def: &mut DefValue, cb: CallbackId) {
        match def {
            DefValue::String(s) if s == "PREDICATE" => *def = DefValue::Function(cb),
            DefValue::Object(entries) => entries.iter_mut().for_each(|(_, v)| put(v, cb)),
            _ => {}
        }
    }
    put(&mut def, verify);
    build_navigation_graph("hop", &def).unwrap()
}

struct Hop {
    host: Rc<ClosureHost>,
    s: Rc<Session>,
    asked: Rc<Cell<u32>>,
}

/// A session on `home` whose `navigate` is `nav` (given at creation when `at_creation`).
fn hop(nav: impl Fn(&Session, &str) -> HandlerOutcome + 'static, at_creation: bool) -> Hop {
    let host = Rc::new(ClosureHost::new());
    let asked = Rc::new(Cell::new(0));
    let count = Rc::clone(&asked);
    let verify = host.predicate(move |_, _| {
        count.set(count.get() + 1);
        PredicateAnswer::Held
    });
    let mut nav = Some(nav);
    if at_creation {
        if let Some(f) = nav.take() {
            host.set_navigate(f);
        }
    }
    let s = Session::new(
        Rc::new(hop_graph(verify)),
        host.clone(),
        SessionOptions {
            node: Some("home".into()),
            ..Default::default()
        },
    )
    .unwrap();
    let s = Rc::new(s);
    if let Some(f) = nav.take() {
        host.set_navigate(f);
        s.navigate_replaced().unwrap();
    }
    Hop { host, s, asked }
}

fn settled(s: &Session, id: &str) -> Option<FireSettlement> {
    s.settlement_if_known(id).unwrap()
}

// ---- setNavigate (decision 28) ----

#[test]
fn set_navigate_makes_url_gestures_materialise_from_then_on() {
    let host = Rc::new(ClosureHost::new());
    let s = shop_session(&host, shop_graph(None), None);
    let refused = s.fire("home.open-cart", agent(None)).unwrap();
    assert_eq!(
        refused.reason,
        Some(Refusal::NotMaterialized),
        "no navigate, no url gesture"
    );
    let hrefs = Rc::new(RefCell::new(Vec::new()));
    let log = Rc::clone(&hrefs);
    host.set_navigate(move |_, href| {
        log.borrow_mut().push(href.to_string());
        HandlerOutcome::Returned(None)
    });
    let v = s.version();
    s.navigate_replaced().unwrap();
    assert_eq!(
        s.version(),
        v + 1,
        "turning url gestures on is a structure change"
    );
    assert_eq!(
        s.transitions().last().unwrap().id,
        format!("stimulus:structure-swap#{}", s.transitions().len() - 1)
    );
    let r = s.fire("home.open-cart", agent(None)).unwrap();
    assert!(r.ok, "{r:?}");
    assert_eq!(*hrefs.borrow(), vec!["/cart".to_string()]);
    assert_eq!(s.node(), "cart");
}

#[test]
fn a_later_set_navigate_serves_what_navigate_at_creation_serves() {
    let later = hop(|_, _| HandlerOutcome::Returned(None), false);
    let early = hop(|_, _| HandlerOutcome::Returned(None), true);
    let edges = |s: &Session| {
        s.available()
            .edges
            .into_iter()
            .map(|e| (e.affordance_id, e.materialized))
            .collect::<Vec<_>>()
    };
    assert_eq!(edges(&later.s), edges(&early.s));
    assert!(edges(&later.s).contains(&("home.open-cart".to_string(), Some(true))));
    assert!(later.s.can_navigate());
    // Landing on the unwired cart is a dead end in both (dead-end detection is armed by navigate),
    // once its mounting window has ended (docs/session.md §32) and a check runs (a structure change).
    for h in [&later, &early] {
        h.s.sync("cart", SyncOptions::default()).unwrap();
        h.host.now.set(10_000.0);
        let toggle = returning(&h.host);
        h.s.register_actions("home", vec![("toggle".into(), toggle)], vec![])
            .unwrap();
        assert!(h
            .s
            .gaps()
            .iter()
            .any(|g| g.kind == GapKind::DeadEnd && g.node == "cart"));
    }
}

#[test]
fn swapping_one_navigate_for_another_records_nothing_and_null_turns_gestures_off() {
    let h = hop(|_, _| HandlerOutcome::Returned(Some(json!("first"))), true);
    let notified = Rc::new(Cell::new(0));
    let n = Rc::clone(&notified);
    h.host.subscribe(move |_| {
        n.set(n.get() + 1);
        Ok(())
    });
    let (v, rows) = (h.s.version(), h.s.transitions().len());
    let used = Rc::new(Cell::new(false));
    let flag = Rc::clone(&used);
    h.host.set_navigate(move |_, _| {
        flag.set(true);
        HandlerOutcome::Returned(None)
    });
    h.s.navigate_replaced().unwrap();
    assert_eq!(
        (h.s.version(), h.s.transitions().len(), notified.get()),
        (v, rows, 0),
        "a swap changes nothing a reader sees"
    );
    h.s.fire("home.open-cart", agent(None)).unwrap();
    assert!(used.get(), "the new function is the one called");
    h.s.sync("home", SyncOptions::default()).unwrap();
    h.host.clear_navigate();
    h.s.navigate_replaced().unwrap();
    assert!(!h.s.can_navigate());
    let r = h.s.fire("home.open-cart", agent(None)).unwrap();
    assert_eq!(r.reason, Some(Refusal::NotMaterialized));
}

#[test]
fn set_navigate_is_refused_inside_a_verify_predicate() {
    let host = Rc::new(ClosureHost::new());
    let errors = Rc::new(RefCell::new(Vec::new()));
    let slot: Rc<RefCell<Option<Rc<Session>>>> = Rc::new(RefCell::new(None));
    let (log, me) = (Rc::clone(&errors), Rc::clone(&slot));
    let verify = host.predicate(move |_, _| {
        if let Some(s) = me.borrow().as_ref() {
            log.borrow_mut()
                .push(s.navigate_replaced().unwrap_err().code);
        }
        PredicateAnswer::Held
    });
    host.set_navigate(|_, _| HandlerOutcome::Returned(None));
    let s = Rc::new(
        Session::new(
            Rc::new(hop_graph(verify)),
            host.clone(),
            SessionOptions::default(),
        )
        .unwrap(),
    );
    *slot.borrow_mut() = Some(Rc::clone(&s));
    s.fire("home.open-cart", agent(None)).unwrap();
    *slot.borrow_mut() = None;
    assert_eq!(*errors.borrow(), vec!["REENTRANCY"]);
}

// ---- a person's navigation (decision 28) ----

#[test]
fn a_sync_with_principal_user_is_recorded_and_told_as_the_persons() {
    let (_host, s) = fresh_shop(None);
    let r = s
        .sync(
            "cart",
            SyncOptions {
                principal: Some(Principal::User),
                ..Default::default()
            },
        )
        .unwrap();
    let row = r.transition.unwrap();
    assert_eq!(row.cause.principal, Principal::User);
    assert_eq!(row.attribution.principal, Principal::User);
    assert_eq!(row.attribution.basis, AttributionBasis::DeclaredStimulus);
    s.sync("home", SyncOptions::default()).unwrap();
    let brief = facts::context_brief(&s, None).text;
    assert!(
        brief.contains("user navigation: cursor moved home \u{2192} cart"),
        "{brief}"
    );
    assert!(
        brief.contains("system navigation: cursor moved cart \u{2192} home"),
        "{brief}"
    );
}

// ---- async navigate (decision 27) ----

#[test]
fn resolve_then_sync_settles_on_the_resolution_and_the_sync_confirms_arrival() {
    let h = hop(|_, _| HandlerOutcome::Deferred(1), true);
    let r = h.s.fire("home.open-cart", agent(None)).unwrap();
    let id = r.transition_id.unwrap();
    assert_eq!(
        r.effect_status,
        Some(EffectStatus::Pending),
        "open while the thenable runs"
    );
    assert_eq!(h.s.awaiting_settlement(), vec![id.clone()]);
    assert_eq!(h.asked.get(), 0, "verify waits for the end");
    h.s.complete_deferred_handler(1, HandlerOutcome::Returned(None))
        .unwrap();
    let done = settled(&h.s, &id).unwrap();
    assert_eq!(
        (done.effect_status, done.verify_held),
        (EffectStatus::Performed, Some(VerifyHeld::Held))
    );
    // The held verify already makes the arrival observed (decision 20); the router's sync keeps it so.
    assert_eq!(done.transition.arrival, Some(Arrival::Observed));
    h.s.sync("cart", SyncOptions::default()).unwrap();
    assert_eq!(
        h.s.transition(&id).unwrap().arrival,
        Some(Arrival::Observed)
    );
    assert_eq!(h.asked.get(), 1, "asked once");
}

#[test]
fn sync_before_resolve_settles_on_arrival_and_the_later_resolution_changes_nothing() {
    let h = hop(|_, _| HandlerOutcome::Deferred(2), true);
    let id =
        h.s.fire("home.open-cart", agent(None))
            .unwrap()
            .transition_id
            .unwrap();
    assert!(settled(&h.s, &id).is_none());
    h.s.sync("cart", SyncOptions::default()).unwrap();
    let done = settled(&h.s, &id).expect("arrival ends the wait");
    assert_eq!(done.effect_status, EffectStatus::Performed);
    assert_eq!(done.transition.arrival, Some(Arrival::Observed));
    assert_eq!(h.asked.get(), 1, "the verify contract is asked at arrival");
    let v = h.s.version();
    h.s.complete_deferred_handler(2, HandlerOutcome::Returned(None))
        .unwrap();
    assert_eq!((h.s.version(), h.asked.get()), (v, 1));
    assert_eq!(settled(&h.s, &id).unwrap(), done);
    assert!(
        h.host
            .warnings()
            .iter()
            .all(|w| !w.contains("failed after")),
        "a resolution is no news"
    );
}

#[test]
fn a_rejection_refuses_the_fire_and_walks_the_claimed_move_back() {
    let h = hop(|_, _| HandlerOutcome::Deferred(3), true);
    let id =
        h.s.fire("home.open-cart", agent(None))
            .unwrap()
            .transition_id
            .unwrap();
    assert_eq!(h.s.node(), "cart", "claimed");
    h.s.complete_deferred_handler(3, HandlerOutcome::Threw("navigation aborted".into()))
        .unwrap();
    let done = settled(&h.s, &id).unwrap();
    assert_eq!(done.effect_status, EffectStatus::Refused);
    assert_eq!(done.error.as_ref().unwrap().reason, "NAVIGATE_THREW");
    assert_eq!(done.transition.outcome, Outcome::RolledBack);
    assert_eq!(h.s.node(), "home", "walked back");
    let back = h.s.transitions().last().cloned().unwrap();
    assert_eq!(
        (back.cause.principal, back.to_node.as_deref()),
        (Principal::System, Some("home"))
    );
    assert_eq!(h.asked.get(), 0, "no verify on the failure route");
    assert!(h.host.warnings().iter().any(|w| w
        .starts_with("groundfacts: navigate for 'home.open-cart'")
        && w.contains("navigation aborted")));
}

#[test]
fn a_rejection_after_the_router_reported_arrival_only_warns() {
    let h = hop(|_, _| HandlerOutcome::Deferred(4), true);
    let id =
        h.s.fire("home.open-cart", agent(None))
            .unwrap()
            .transition_id
            .unwrap();
    h.s.sync("cart", SyncOptions::default()).unwrap();
    let done = settled(&h.s, &id).unwrap();
    let v = h.s.version();
    h.s.complete_deferred_handler(4, HandlerOutcome::Threw("late".into()))
        .unwrap();
    assert_eq!(settled(&h.s, &id).unwrap(), done, "the settlement stands");
    assert_eq!(
        (h.s.node(), h.s.version()),
        ("cart".to_string(), v),
        "no walk-back: the router said we are there"
    );
    let warning = h
        .host
        .warnings()
        .into_iter()
        .find(|w| w.contains("late"))
        .expect("warned");
    assert!(warning.starts_with("groundfacts: navigate for 'home.open-cart' failed after the router had already reported arrival on 'cart'"), "{warning}");
    assert_eq!(
        h.s.complete_deferred_handler(4, HandlerOutcome::Returned(None))
            .unwrap_err()
            .code,
        "UNKNOWN_DEFERRED",
        "each token ends once"
    );
}

#[test]
fn a_sync_from_inside_navigate_counts_as_arrival_even_before_the_thenable_is_returned() {
    let h = hop(
        |s, href| {
            assert_eq!(href, "/cart");
            let r = s.sync("cart", SyncOptions::default()).unwrap();
            assert!(!r.changed, "the claimed hop already moved the cursor");
            HandlerOutcome::Deferred(5)
        },
        true,
    );
    let r = h.s.fire("home.open-cart", agent(None)).unwrap();
    assert_eq!(
        r.effect_status,
        Some(EffectStatus::Performed),
        "not left open: arrival was already reported"
    );
    assert_eq!(
        h.s.transition(&r.transition_id.unwrap()).unwrap().arrival,
        Some(Arrival::Observed)
    );
    assert_eq!(h.asked.get(), 1);
    h.s.complete_deferred_handler(5, HandlerOutcome::Threw("too late".into()))
        .unwrap();
    assert!(h
        .host
        .warnings()
        .iter()
        .any(|w| w.contains("too late") && w.contains("arrival stands")));
}

#[test]
fn a_thenable_that_rejects_inside_then_is_a_throw_and_walks_back() {
    // The JS host turns a thenable that calls its reject callback before `then` returns into a throw.
    let h = hop(
        |_, _| HandlerOutcome::Threw("rejected synchronously".into()),
        true,
    );
    let r = h.s.fire("home.open-cart", agent(None)).unwrap();
    assert_eq!(r.effect_status, Some(EffectStatus::Refused));
    assert_eq!(h.s.node(), "home");
}

#[test]
fn the_dead_end_check_of_an_async_hop_waits_for_its_end() {
    let mounted = Rc::new(RefCell::new(None));
    let h = hop(|_, _| HandlerOutcome::Deferred(6), true);
    h.s.fire("home.open-cart", agent(None)).unwrap();
    assert!(
        !h.s.gaps().iter().any(|g| g.kind == GapKind::DeadEnd),
        "the new page has not mounted yet"
    );
    // The page mounts its actions while the router is still working, then the thenable resolves.
    let handler = returning(&h.host);
    *mounted.borrow_mut() = Some(
        h.s.register_actions("cart", vec![("checkout".into(), handler)], vec![])
            .unwrap(),
    );
    h.s.complete_deferred_handler(6, HandlerOutcome::Returned(None))
        .unwrap();
    assert!(
        !h.s.gaps().iter().any(|g| g.kind == GapKind::DeadEnd),
        "{:?}",
        h.s.gaps()
    );
    // Without a mount the check runs when the thenable ends (after the page's mounting window,
    // docs/session.md §32).
    let h = hop(|_, _| HandlerOutcome::Deferred(7), true);
    h.s.fire("home.open-cart", agent(None)).unwrap();
    h.host.now.set(10_000.0);
    h.s.complete_deferred_handler(7, HandlerOutcome::Returned(None))
        .unwrap();
    assert!(h
        .s
        .gaps()
        .iter()
        .any(|g| g.kind == GapKind::DeadEnd && g.node == "cart"));
}

#[test]
fn an_async_navigate_notifies_at_the_fire_and_again_when_it_ends() {
    let h = hop(|_, _| HandlerOutcome::Deferred(8), true);
    let seen = Rc::new(Cell::new(0));
    let n = Rc::clone(&seen);
    h.host.subscribe(move |_| {
        n.set(n.get() + 1);
        Ok(())
    });
    h.s.fire("home.open-cart", agent(None)).unwrap();
    assert_eq!(seen.get(), 1);
    h.s.sync("cart", SyncOptions::default()).unwrap();
    assert_eq!(
        seen.get(),
        2,
        "arrival and the settlement it brings are one call"
    );
    h.s.complete_deferred_handler(8, HandlerOutcome::Returned(None))
        .unwrap();
    assert_eq!(seen.get(), 2, "the late resolution changes nothing");
}
