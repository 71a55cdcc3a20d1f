//! Pins dead-end detection beyond the seed control (docs/session.md §12, decision 6): the unwired and
//! off-graph variants, once per node, and a claimed hop checked only after its handler returns.

mod session_support;

use std::rc::Rc;

use groundfacts::host::HandlerOutcome;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use session_support::*;

#[test]
fn a_page_with_served_but_unwired_actions_is_a_dead_end_saying_not_materialized() {
    let (host, s) = fresh_shop(None);
    let h = returning(&host);
    // Wiring exists (on cart), so landing on home — where nothing is wired — is a dead end.
    s.register_actions("cart", vec![("checkout".into(), h)], vec![])
        .unwrap();
    let gaps = s.gaps();
    assert_eq!(gaps.len(), 1);
    assert_eq!(gaps[0].kind, GapKind::DeadEnd);
    assert_eq!(gaps[0].node, "home");
    let warnings = host.warnings();
    assert_eq!(warnings.len(), 1);
    assert!(warnings[0].contains("NOT_MATERIALIZED"), "{}", warnings[0]);
    assert_eq!(s.attempt_count(), 0, "a dead end is not an attempt");
}

#[test]
fn an_off_graph_position_is_recorded_once_per_node() {
    let host = Rc::new(ClosureHost::new());
    host.set_navigate(|_, _| HandlerOutcome::Returned(None));
    let s = shop_session(&host, shop_graph(None), None);
    s.sync("/settings/profile", SyncOptions::default()).unwrap();
    s.sync("home", SyncOptions::default()).unwrap();
    s.sync("/settings/profile", SyncOptions::default()).unwrap();
    let dead: Vec<GapRecord> = s
        .gaps()
        .into_iter()
        .filter(|g| g.kind == GapKind::DeadEnd)
        .collect();
    assert_eq!(dead.len(), 1);
    assert!(dead[0].off_graph);
    assert_eq!(
        host.warnings()
            .iter()
            .filter(|w| w.contains("/settings/profile"))
            .count(),
        1
    );
}

#[test]
fn a_claimed_hop_whose_handler_mounts_the_target_page_is_not_a_dead_end() {
    let (host, s) = fresh_shop(None);
    let checkout = returning(&host);
    // The open-cart handler mounts the cart page's wiring synchronously, as a component would.
    let open = host.handler(move |s, _| {
        s.register_actions("cart", vec![("checkout".into(), checkout)], vec![])
            .unwrap();
        HandlerOutcome::Returned(None)
    });
    let t = returning(&host);
    s.register_actions(
        "home",
        vec![("open-cart".into(), open), ("toggle".into(), t)],
        vec![],
    )
    .unwrap();
    let r = s.fire("home.open-cart", FireOptions::default()).unwrap();
    assert_eq!(r.effect_status, Some(EffectStatus::Performed));
    assert_eq!(s.node(), "cart");
    assert!(
        s.gaps().is_empty(),
        "checked after the handler returned: {:?}",
        s.gaps()
    );
}
