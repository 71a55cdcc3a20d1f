//! Snapshot and restore across a reload (docs/session.md §20): the seed wizard survives with the same
//! version, facts block and brief, counters continuing; right after restore the facts are the
//! originals; re-registering the same handlers changes nothing and a different structure is a change;
//! retention's folded counts survive; open fires come back open. Helpers in tests/snapshot_support.

mod session_support;
mod snapshot_support;

use groundfacts::session::*;
use serde_json::{json, Value};
use session_support::*;
use snapshot_support::*;

#[test]
fn the_seed_wizard_survives_a_reload_with_the_same_version_facts_and_brief() {
    let w = seed_run();
    let before = facts(&w.session);
    assert!(before
        .0
        .ends_with(&SEED_FACTS_BLOCK[SEED_FACTS_BLOCK.find("You are on").unwrap()..]));
    let snapshot = json_of(&w.session);
    assert_eq!(snapshot["format"], json!(SNAPSHOT_FORMAT));
    assert_eq!(snapshot["formatVersion"], json!(1));

    // Restored, then the components re-mount (the same two registerActions calls).
    let r = wizard_from(true, false, SessionOptions::default(), Some(&snapshot)).unwrap();
    let s = &r.session;
    assert_eq!(
        s.version(),
        12,
        "re-registering the same handlers bumps nothing"
    );
    assert_eq!(s.node(), "review");
    assert_eq!(facts(s), before);
    assert_eq!(s.transitions(), w.session.transitions());
    assert_eq!(s.gaps(), w.session.gaps());
    assert_eq!(s.asks(), w.session.asks());
    assert_eq!(s.state(), w.session.state());
    assert_eq!(s.journey_frame(), w.session.journey_frame());
    assert_eq!(s.snapshot().transitions, w.session.snapshot().transitions);

    // Counters continue: the next fire and ask are numbered as the original session numbers them.
    let next = s.fire("go-to-projects", agent(None)).unwrap();
    let original = w.session.fire("go-to-projects", agent(None)).unwrap();
    assert_eq!(next.transition_id.as_deref(), Some("go-to-projects#6"));
    assert_eq!(next.transition_id, original.transition_id);
    assert_eq!(next.version, original.version);
    let ask = s
        .confirm_ask("review.create-project", Principal::Agent, None)
        .unwrap();
    assert_eq!(ask.ask_id, "ask#2");
}

#[test]
fn right_after_restore_before_any_remount_the_facts_and_version_are_the_originals() {
    let w = seed_run();
    let snapshot = json_of(&w.session);
    let host = std::rc::Rc::new(groundfacts::session::test_host::ClosureHost::new());
    let graph = w.session.graph();
    let s = Session::restore(graph, host, SessionOptions::default(), &snapshot).unwrap();
    assert_eq!(s.version(), 12);
    assert_eq!(facts(&s), facts(&w.session));
    // Captions are the rows' own words, with nothing registered yet.
    let rows = s.transitions();
    assert_eq!(rows[1].cause.does.as_deref(), Some("Name the project"));
}

fn restored_shop(
    snapshot: &Value,
) -> (
    std::rc::Rc<groundfacts::session::test_host::ClosureHost>,
    Session,
) {
    let host = std::rc::Rc::new(groundfacts::session::test_host::ClosureHost::new());
    let graph = std::rc::Rc::new(shop_graph(None));
    let s = Session::restore(graph, host.clone(), SessionOptions::default(), snapshot).unwrap();
    (host, s)
}

#[test]
fn re_registering_the_same_groups_after_restore_changes_neither_version_nor_facts() {
    let (host, s) = fresh_shop(None);
    let groups = shop_wired(&s, &host);
    s.set_enabled(&groups[0], "toggle", false).unwrap();
    s.fire("home.search", agent(Some(json!({"q": "tea"}))))
        .unwrap();
    // A refusal and a mount-declared fire, so the captions of both kinds are in the rows.
    s.fire("home.premium", agent(None)).unwrap();
    s.fire("home.share", agent(None)).unwrap();
    let version = s.version();
    let before = facts(&s);
    let snapshot = json_of(&s);

    let (host2, r) = restored_shop(&snapshot);
    assert_eq!(r.version(), version);
    assert_eq!(facts(&r), before);
    // Before re-mounting, the mount-declared row keeps its words.
    let share = r
        .gaps()
        .into_iter()
        .find(|g| g.affordance_id.as_deref() == Some("home.share"))
        .unwrap();
    assert_eq!(share.does.as_deref(), Some("Share the basket"));
    assert!(
        r.served_action("home.share").is_some(),
        "served before any re-mount"
    );
    let rows = r.transitions().len();

    let groups2 = shop_wired(&r, &host2);
    r.set_enabled(&groups2[0], "toggle", false).unwrap();
    assert_eq!(
        r.version(),
        version,
        "re-registration is not a structure change"
    );
    assert_eq!(r.transitions().len(), rows, "no structure-swap row");
    assert_eq!(facts(&r), before);
    assert_eq!(r.gaps(), s.gaps());
    assert_eq!(
        r.available(),
        s.available(),
        "the same structure is served again"
    );

    // StrictMode's unmount and re-mount right after the first mount is no change either.
    r.unregister(&groups2[1]).unwrap();
    let again = shop_wired(&r, &host2);
    assert_eq!(
        r.version(),
        version,
        "an unmount and re-mount while nothing moved"
    );
    assert_eq!(r.transitions().len(), rows);

    // Once the version moves, the baseline has lapsed: a real change bumps as always.
    r.fire("home.search", agent(Some(json!({"q": "tea"}))))
        .unwrap();
    let version = r.version();
    r.unregister(&again[1]).unwrap();
    assert_eq!(r.version(), version + 1);
    assert!(r
        .transitions()
        .last()
        .unwrap()
        .id
        .starts_with("stimulus:structure-swap#"));
}

#[test]
fn a_different_structure_after_restore_is_a_change() {
    let (host, s) = fresh_shop(None);
    shop_wired(&s, &host);
    s.fire("home.search", agent(Some(json!({"q": "tea"}))))
        .unwrap();
    let (host2, r) = restored_shop(&json_of(&s));
    shop_wired(&r, &host2);
    let version = s.version();
    assert_eq!(r.version(), version);
    // A structure the snapshot never served is a change, exactly as it is on the original session.
    use groundfacts::graph::def::from_json_text;
    for (session, host) in [(&r, &host2), (&s, &host)] {
        let other = from_json_text(r#"{"does": "Something new", "input": "none"}"#).unwrap();
        let cb = host.handler(|_, _| groundfacts::host::HandlerOutcome::Returned(None));
        session
            .register_actions(
                "home",
                vec![("search".into(), cb)],
                vec![("brand-new".into(), other)],
            )
            .unwrap();
    }
    assert_eq!(
        r.version(),
        version + 1,
        "a structure the snapshot never served bumps"
    );
    assert_eq!(r.version(), s.version());
    assert_eq!(facts(&r), facts(&s));
}

#[test]
fn retention_and_folded_counts_survive() {
    let host = std::rc::Rc::new(groundfacts::session::test_host::ClosureHost::new());
    let s = shop_session(&host, shop_graph(None), None);
    let s = {
        drop(s);
        Session::new(
            std::rc::Rc::new(shop_graph(None)),
            host.clone(),
            SessionOptions {
                node: Some("home".into()),
                state: Some(shop_state()),
                retain: Some(3.0),
                ..SessionOptions::default()
            },
        )
        .unwrap()
    };
    shop_wired(&s, &host);
    for i in 0..10 {
        s.fire("home.search", agent(Some(json!({"q": format!("q{i}")}))))
            .unwrap();
        s.fire("home.premium", agent(None)).unwrap();
    }
    let folded = s.folded_attempts();
    assert!(folded.total > 0);
    let (_, r) = restored_shop(&json_of(&s));
    assert_eq!(r.folded_attempts(), folded);
    assert_eq!(r.limits(), (3, s.limits().1));
    assert_eq!(facts(&r), facts(&s));
    assert_eq!(r.transitions(), s.transitions());
    // Retention continues to apply after the restore.
    r.fire("home.premium", agent(None)).unwrap();
    s.fire("home.premium", agent(None)).unwrap();
    assert_eq!(r.folded_attempts(), s.folded_attempts());
    assert_eq!(r.gaps(), s.gaps());
    assert_eq!(r.transitions(), s.transitions());
    assert_eq!(facts(&r), facts(&s));
}

#[test]
fn open_fires_come_back_open_never_performed() {
    let (host, s) = fresh_shop(None);
    // search declares writes and its handler does not report: it awaits a state report.
    let silent = host.handler(|_, _| groundfacts::host::HandlerOutcome::Returned(None));
    // toggle's handler defers (a promise still running at snapshot time).
    let deferring = host.handler(|_, _| groundfacts::host::HandlerOutcome::Deferred(7));
    s.register_actions(
        "home",
        vec![("search".into(), silent), ("toggle".into(), deferring)],
        vec![],
    )
    .unwrap();
    let waiting = s
        .fire("home.search", agent(Some(json!({"q": "tea"}))))
        .unwrap();
    let running = s.fire("home.toggle", agent(None)).unwrap();
    assert_eq!(s.pending().len(), 1);
    let before = facts(&s);
    let snapshot = json_of(&s);

    let (host2, r) = restored_shop(&snapshot);
    assert_eq!(
        facts(&r),
        before,
        "open fires read 'not yet known' exactly as before"
    );
    assert!(before.0.contains("not yet known"));
    assert!(!before.0.contains("DID happen"));
    let warnings = host2.warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let waiting_id = waiting.transition_id.unwrap();
    let running_id = running.transition_id.unwrap();
    assert!(warnings[0].contains(&waiting_id) && warnings[0].contains(&running_id));
    assert!(warnings[0].contains("never performed"));
    // The fire awaiting state is still pending and a report settles it.
    assert_eq!(
        r.pending().iter().map(|p| p.id.clone()).collect::<Vec<_>>(),
        vec![waiting_id.clone()]
    );
    assert!(
        r.settlement_if_known(&running_id).unwrap().is_none(),
        "the deferred fire stays open"
    );
    r.update_state(&json!({"search.q": "tea"}), UpdateOptions::default())
        .unwrap();
    let settled = r.settlement_if_known(&waiting_id).unwrap().unwrap();
    assert_eq!(settled.effect_status, EffectStatus::Performed);
    assert!(r.pending().is_empty());
    // The old deferred token means nothing after the reload.
    assert!(r
        .complete_deferred_handler(7, groundfacts::host::HandlerOutcome::Returned(None))
        .is_err());
}
