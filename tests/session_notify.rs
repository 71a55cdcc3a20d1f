//! Pins change notification (docs/decisions.md decision 29) with listeners that re-enter the session:
//! once per outermost call (never from inside a handler), every change a reader sees (quiet ones
//! included), nothing for reads and for refusals that record nothing, rounds for listeners that change
//! the session (bounded), a throwing listener warned about without stopping the others, and
//! unsubscribing from inside a listener.

mod session_support;

use groundfacts::codes::Refusal;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use groundfacts::facts;
use groundfacts::host::HandlerOutcome;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::json;
use session_support::*;

/// A listener that counts and remembers the version it saw.
fn counting(host: &ClosureHost) -> Rc<RefCell<Vec<u64>>> {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let log = Rc::clone(&seen);
    host.subscribe(move |s| {
        log.borrow_mut().push(s.version());
        Ok(())
    });
    seen
}

#[test]
fn a_fire_whose_handler_reports_state_notifies_once_after_it_returns() {
    let (host, s) = fresh_shop(None);
    let during = Rc::new(Cell::new(u32::MAX));
    let h = {
        let host_seen = Rc::clone(&during);
        let host2 = Rc::clone(&host);
        host.handler(move |s, _| {
            s.update_state(&json!({"search.q": "lamp"}), UpdateOptions::default())
                .unwrap();
            // Inside the handler (and after its nested updateState) nobody has been told yet.
            host_seen.set(host2.changed_calls.get());
            HandlerOutcome::Returned(None)
        })
    };
    s.register_actions("home", vec![("search".into(), h)], vec![])
        .unwrap();
    let seen = counting(&host);
    let before = host.changed_calls.get();
    let v0 = s.version();
    let r = s
        .fire("home.search", agent(Some(json!({"q": "lamp"}))))
        .unwrap();
    assert_eq!(r.effect_status, Some(EffectStatus::Performed));
    assert_eq!(
        during.get(),
        before,
        "no notification from inside the handler"
    );
    assert_eq!(
        host.changed_calls.get(),
        before + 1,
        "one notification for the whole call"
    );
    assert_eq!(
        r.version,
        Some(v0 + 2),
        "the fire moved the version twice (record, then the report's commit)"
    );
    assert_eq!(
        *seen.borrow(),
        vec![s.version()],
        "the listener ran once, after everything, and saw the end state"
    );
}

#[test]
fn reads_and_refusals_that_record_nothing_do_not_notify() {
    let (host, s) = fresh_shop(None);
    s.register_actions("home", vec![("toggle".into(), returning(&host))], vec![])
        .unwrap();
    s.fire("home.toggle", agent(None)).unwrap();
    let seen = counting(&host);
    let _ = (
        s.available(),
        s.transitions(),
        s.gaps(),
        s.pending(),
        s.asks(),
        s.open_work(),
        s.state(),
        s.node(),
    );
    let _ = facts::ground_truth(&s, None, None);
    let _ = facts::context_brief(&s, None);
    // An unknown transition id is refused with nothing recorded; so are usage errors.
    let u = s
        .update_state(
            &json!({"a": 1}),
            UpdateOptions {
                transition_id: Some("nope#9".into()),
                ..Default::default()
            },
        )
        .unwrap();
    assert!(!u.ok);
    assert!(s
        .update_state(&json!([1]), UpdateOptions::default())
        .is_err());
    assert!(s.unregister("mount:home#99").is_err());
    assert!(s
        .confirm_ask("no-such-action", Principal::Agent, None)
        .is_err());
    assert!(!s.approve("ask#77", Some("Ana".into()), None).unwrap().ok);
    assert!(!s.end_work("work#5"));
    // The page the session already knows it is on.
    let r = s.sync("home", SyncOptions::default()).unwrap();
    assert!(!r.changed);
    assert!(
        seen.borrow().is_empty(),
        "nothing changed, nobody was told: {:?}",
        seen.borrow()
    );
}

#[test]
fn a_refused_fire_records_a_gap_row_and_notifies_without_a_bump() {
    let (host, s) = fresh_shop(None);
    let seen = counting(&host);
    let v = s.version();
    let r = s.fire("home.premium", agent(None)).unwrap();
    assert_eq!(r.reason, Some(Refusal::GuardFailed));
    assert_eq!(s.version(), v, "a refusal never bumps");
    assert_eq!(
        seen.borrow().len(),
        1,
        "but the facts block shows it, so listeners hear of it"
    );
}

#[test]
fn changes_that_do_not_bump_the_version_notify() {
    let (host, s) = fresh_shop(None);
    let seen = counting(&host);
    let v = s.version();
    let count = || seen.borrow().len();
    let ask = s
        .confirm_ask("cart.checkout", Principal::Agent, None)
        .unwrap();
    assert_eq!(count(), 1, "a new ask");
    s.confirm_ask("cart.checkout", Principal::Agent, None)
        .unwrap();
    assert_eq!(count(), 1, "reusing the open ask changes nothing");
    assert!(s.decline(&ask.ask_id, None, None).unwrap().ok);
    assert_eq!(count(), 2, "a person's answer");
    s.report_gap("export to PDF", false).unwrap();
    assert_eq!(count(), 3, "reportGap");
    let work = s.begin_work(Some("home.search")).unwrap();
    assert_eq!(count(), 4, "beginWork");
    assert!(s.end_work(&work));
    assert_eq!(count(), 5, "ending work");
    assert!(!s.end_work(&work));
    assert_eq!(count(), 5, "ending it twice changes nothing");
    assert_eq!(s.version(), v, "none of these bumped the version");
}

#[test]
fn enabled_toggles_notify_and_a_toggle_to_the_same_value_does_not() {
    let (host, s) = fresh_shop(None);
    let group = s
        .register_actions("home", vec![("toggle".into(), returning(&host))], vec![])
        .unwrap();
    let seen = counting(&host);
    s.set_enabled(&group, "toggle", false).unwrap();
    assert_eq!(seen.borrow().len(), 1);
    s.set_enabled(&group, "toggle", false).unwrap();
    assert_eq!(seen.borrow().len(), 1, "already off");
    s.unregister(&group).unwrap();
    assert_eq!(seen.borrow().len(), 2);
    s.unregister(&group).unwrap();
    assert_eq!(seen.borrow().len(), 2, "a second unregister is a no-op");
}

#[test]
fn an_arrival_upgrade_and_a_deferred_completion_notify_without_a_bump() {
    let host = Rc::new(ClosureHost::new());
    host.set_navigate(|_, _| HandlerOutcome::Returned(None));
    let s = shop_session(&host, shop_graph(None), None);
    let later = host.handler(|_, _| HandlerOutcome::Deferred(3));
    s.register_actions("home", vec![("toggle".into(), later)], vec![])
        .unwrap();
    s.register_actions("cart", vec![("checkout".into(), returning(&host))], vec![])
        .unwrap();
    s.fire("home.toggle", agent(None)).unwrap();
    let seen = counting(&host);
    let v = s.version();
    s.complete_deferred_handler(3, HandlerOutcome::Returned(None))
        .unwrap();
    assert_eq!(seen.borrow().len(), 1, "the fire came to rest");
    // A claimed hop (navigate returned without a router report), then the router confirms it.
    s.fire("home.open-cart", agent(None)).unwrap();
    assert_eq!(seen.borrow().len(), 2);
    let v2 = s.version();
    assert!(v2 > v);
    let r = s.sync("cart", SyncOptions::default()).unwrap();
    assert!(!r.changed);
    assert_eq!(s.version(), v2, "the arrival upgrade does not bump");
    assert_eq!(seen.borrow().len(), 3, "but a facts panel shows it");
    s.sync("cart", SyncOptions::default()).unwrap();
    assert_eq!(
        seen.borrow().len(),
        3,
        "the same report again changes nothing"
    );
}

#[test]
fn a_listener_that_reads_runs_one_round_and_one_that_writes_once_gets_a_second() {
    let (host, s) = fresh_shop(None);
    let texts = Rc::new(RefCell::new(Vec::new()));
    let log = Rc::clone(&texts);
    host.subscribe(move |s| {
        log.borrow_mut()
            .push(facts::ground_truth(s, None, None).text);
        Ok(())
    });
    let wrote = Rc::new(Cell::new(false));
    let flag = Rc::clone(&wrote);
    host.subscribe(move |s| {
        if !flag.replace(true) {
            // A mutating call from inside a listener: notified in the next round, not from in here.
            s.report_gap("from a listener", false)
                .map_err(|e| e.message)?;
        }
        Ok(())
    });
    s.report_gap("first", false).unwrap();
    assert_eq!(
        host.changed_calls.get(),
        2,
        "the listener's change made exactly one more round"
    );
    assert_eq!(texts.borrow().len(), 2);
    s.report_gap("second", false).unwrap();
    assert_eq!(
        host.changed_calls.get(),
        3,
        "a reading listener ends the loop after one round"
    );
}

#[test]
fn listeners_that_always_change_the_session_are_stopped_with_a_warning() {
    let (host, s) = fresh_shop(None);
    host.subscribe(|s| s.report_gap("again", false).map_err(|e| e.message));
    s.report_gap("start", false).unwrap();
    assert_eq!(host.changed_calls.get(), MAX_NOTIFY_ROUNDS);
    let warnings = host.warnings();
    let stop = warnings
        .iter()
        .find(|w| w.contains("rounds of notification"))
        .expect("a warning");
    assert!(stop.starts_with("groundfacts: "), "{stop}");
    // The session is still usable and notifies again on the next call.
    let calls = host.changed_calls.get();
    s.report_gap("later", false).unwrap();
    assert!(host.changed_calls.get() > calls);
}

#[test]
fn a_throwing_listener_warns_and_the_others_still_run() {
    let (host, s) = fresh_shop(None);
    host.subscribe(|_| Err("listener exploded".into()));
    let seen = counting(&host);
    s.register_actions("home", vec![("toggle".into(), returning(&host))], vec![])
        .unwrap();
    let r = s.fire("home.toggle", agent(None)).unwrap();
    assert!(r.ok);
    assert_eq!(
        seen.borrow().len(),
        2,
        "the second listener heard both calls"
    );
    let warned: Vec<String> = host
        .warnings()
        .into_iter()
        .filter(|w| w.contains("listener exploded"))
        .collect();
    assert_eq!(warned.len(), 2);
    assert!(
        warned[0].starts_with("groundfacts: a subscribe listener threw: listener exploded"),
        "{}",
        warned[0]
    );
    assert_eq!(
        s.transitions().last().unwrap().id,
        "home.toggle#1",
        "the fire stands"
    );
}

#[test]
fn unsubscribing_inside_a_listener_is_safe_for_itself_and_for_later_listeners() {
    let (host, s) = fresh_shop(None);
    let calls = Rc::new(RefCell::new(Vec::new()));
    let second_id = Rc::new(Cell::new(u32::MAX));
    let (log, victim, h) = (Rc::clone(&calls), Rc::clone(&second_id), Rc::clone(&host));
    // The first listener unsubscribes itself and the second one, on its first call.
    let first_id = Rc::new(Cell::new(u32::MAX));
    let me = Rc::clone(&first_id);
    let id = host.subscribe(move |_| {
        log.borrow_mut().push("first");
        h.unsubscribe(me.get());
        h.unsubscribe(victim.get());
        Ok(())
    });
    first_id.set(id);
    let log2 = Rc::clone(&calls);
    second_id.set(host.subscribe(move |_| {
        log2.borrow_mut().push("second");
        Ok(())
    }));
    let log3 = Rc::clone(&calls);
    host.subscribe(move |_| {
        log3.borrow_mut().push("third");
        Ok(())
    });
    s.report_gap("one", false).unwrap();
    assert_eq!(
        *calls.borrow(),
        vec!["first", "third"],
        "the second was unsubscribed before its turn"
    );
    s.report_gap("two", false).unwrap();
    assert_eq!(*calls.borrow(), vec!["first", "third", "third"]);
}

#[test]
fn a_batched_scope_notifies_once_for_several_calls() {
    let (host, s) = fresh_shop(None);
    let seen = counting(&host);
    s.scoped(|| {
        s.report_gap("a", false).unwrap();
        s.sync("cart", SyncOptions::default()).unwrap();
        s.confirm_ask("cart.checkout", Principal::Agent, None)
            .unwrap();
        assert!(
            seen.borrow().is_empty(),
            "nothing before the outermost call returns"
        );
    });
    assert_eq!(seen.borrow().len(), 1);
}
