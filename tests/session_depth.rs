//! Pins the re-entrancy depth limit (`docs/decisions.md` decision 24): every door that runs app code
//! again — `fire` inside a handler, the port's `do_action`, `navigate`, `sync` and `updateState` —
//! is refused as data with reason `REENTRANCY_DEPTH` once `depth::LIMIT` call-outs are open, and
//! recorded as a gap row. Each test lets the app try to re-enter 10,000 levels deep (without the
//! limit this overflows the test thread's stack), then checks the session — and a new one — still
//! fires normally.

mod session_support;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use groundfacts::host::HandlerOutcome;
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::depth;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Value};
use session_support::*;

const TRIES: u32 = 10_000;

/// The reasons the nested calls came back with, innermost last.
type Seen = Rc<RefCell<Vec<String>>>;

fn reason_of_fire(r: &FireResult) -> String {
    r.reason
        .map_or_else(|| "ok".to_string(), |r| r.as_str().to_string())
}

/// After the storm: no call-out is open, the session still fires, a fresh session works too.
fn still_works(host: &Rc<ClosureHost>, s: &Session) {
    assert_eq!(depth::depth(), 0, "every call-out closed again");
    let plain = returning(host);
    s.register_actions("home", vec![("toggle".into(), plain)], vec![])
        .unwrap();
    s.sync("home", SyncOptions::default()).unwrap();
    assert!(s.fire("home.toggle", agent(None)).unwrap().ok);
    let (fresh_host, fresh) = fresh_shop(None);
    let plain = returning(&fresh_host);
    fresh
        .register_actions("home", vec![("toggle".into(), plain)], vec![])
        .unwrap();
    assert!(fresh.fire("home.toggle", agent(None)).unwrap().ok);
}

fn depth_gaps(s: &Session) -> Vec<GapRecord> {
    s.gaps()
        .into_iter()
        .filter(|g| g.rejection_reason == Some(depth::REASON))
        .collect()
}

/// Nested calls that ran (`ok`), then the refusal; nothing deeper was attempted after a refusal.
fn assert_refused_at_limit(seen: &Seen) {
    let seen = seen.borrow();
    let ran = seen.iter().take_while(|r| *r == "ok").count();
    assert_eq!(
        ran as u32,
        depth::LIMIT - 1,
        "the outer call plus LIMIT - 1 nested ones ran: {seen:?}"
    );
    assert_eq!(
        seen.get(ran).map(String::as_str),
        Some(depth::REASON.as_str()),
        "then a refusal as data"
    );
}

#[test]
fn fire_inside_its_own_handler_is_refused_at_the_limit() {
    let host = Rc::new(ClosureHost::new());
    let s = shop_session(&host, shop_graph(None), None);
    let seen: Seen = Rc::default();
    let tries = Rc::new(Cell::new(0u32));
    let h = {
        let (seen, tries) = (seen.clone(), tries.clone());
        host.handler(move |s, _| {
            if tries.get() < TRIES {
                tries.set(tries.get() + 1);
                let r = s
                    .fire("home.toggle", agent(None))
                    .expect("data, not an error");
                seen.borrow_mut().push(reason_of_fire(&r));
            }
            HandlerOutcome::Returned(None)
        })
    };
    s.register_actions("home", vec![("toggle".into(), h)], vec![])
        .unwrap();
    assert!(s.fire("home.toggle", agent(None)).unwrap().ok);
    seen.borrow_mut().reverse(); // pushed innermost first
    assert_refused_at_limit(&seen);
    let gaps = depth_gaps(&s);
    assert_eq!(gaps.len(), 1, "one gap row for the one refused fire");
    assert_eq!(gaps[0].affordance_id.as_deref(), Some("home.toggle"));
    let block = groundfacts::facts::ground_truth(&s, None, None).text;
    assert!(
        block.contains("fire of home.toggle was refused: REENTRANCY_DEPTH"),
        "{block}"
    );
    still_works(&host, &s);
}

#[test]
fn do_action_through_the_port_inside_a_handler_is_refused_at_the_limit() {
    let host = Rc::new(ClosureHost::new());
    let s = Rc::new(shop_session(&host, shop_graph(None), None));
    let port = Rc::new(AgentPort::new(Rc::clone(&s), PortOptions::default()));
    let seen: Seen = Rc::default();
    let tries = Rc::new(Cell::new(0u32));
    let h = {
        let (seen, tries, port) = (seen.clone(), tries.clone(), Rc::downgrade(&port));
        host.handler(move |_, _| {
            if tries.get() < TRIES {
                tries.set(tries.get() + 1);
                let Some(port) = port.upgrade() else {
                    return HandlerOutcome::Returned(None);
                };
                let r: Value = port.call("shop.do_action", &json!({"action": "toggle"}));
                let reason = r
                    .get("reason")
                    .and_then(Value::as_str)
                    .unwrap_or("ok")
                    .to_string();
                seen.borrow_mut().push(reason);
            }
            HandlerOutcome::Returned(None)
        })
    };
    s.register_actions("home", vec![("toggle".into(), h)], vec![])
        .unwrap();
    let top = port.call("shop.do_action", &json!({"action": "toggle"}));
    assert_eq!(top["ok"], json!(true), "{top}");
    seen.borrow_mut().reverse();
    assert_refused_at_limit(&seen);
    assert_eq!(depth_gaps(&s).len(), 1);
    still_works(&host, &s);
}

#[test]
fn sync_and_update_state_are_refused_at_the_limit_and_change_nothing() {
    let host = Rc::new(ClosureHost::new());
    let s = shop_session(&host, shop_graph(None), None);
    let syncs: Seen = Rc::default();
    let updates: Seen = Rc::default();
    let fires: Seen = Rc::default();
    let tries = Rc::new(Cell::new(0u32));
    let h = {
        let (syncs, updates, fires, tries) =
            (syncs.clone(), updates.clone(), fires.clone(), tries.clone());
        host.handler(move |s, _| {
            if tries.get() < TRIES {
                tries.set(tries.get() + 1);
                let r = s.sync("home", SyncOptions::default()).expect("data");
                syncs
                    .borrow_mut()
                    .push(r.reason.map_or("ok", |r| r.as_str()).to_string());
                let r = s
                    .update_state(
                        &json!({"search.q": tries.get().to_string()}),
                        UpdateOptions::default(),
                    )
                    .expect("data");
                updates
                    .borrow_mut()
                    .push(r.reason.map_or("ok", |r| r.as_str()).to_string());
                let r = s.fire("home.toggle", agent(None)).expect("data");
                fires.borrow_mut().push(reason_of_fire(&r));
            }
            HandlerOutcome::Returned(None)
        })
    };
    s.register_actions("home", vec![("toggle".into(), h)], vec![])
        .unwrap();
    assert!(s.fire("home.toggle", agent(None)).unwrap().ok);
    // Handlers run at depths 1..=LIMIT; at depth LIMIT all three doors are refused.
    let ran = |seen: &Seen| seen.borrow().iter().filter(|r| *r == "ok").count() as u32;
    let refused = |seen: &Seen| {
        seen.borrow()
            .iter()
            .filter(|r| *r == depth::REASON.as_str())
            .count() as u32
    };
    assert_eq!(
        (ran(&syncs), refused(&syncs)),
        (depth::LIMIT - 1, 1),
        "{:?}",
        syncs.borrow()
    );
    assert_eq!((ran(&updates), refused(&updates)), (depth::LIMIT - 1, 1));
    assert_eq!((ran(&fires), refused(&fires)), (depth::LIMIT - 1, 1));
    let refused_state = depth::LIMIT.to_string();
    assert_ne!(
        s.state()["search.q"],
        json!(refused_state),
        "the refused report changed nothing"
    );
    let asked: Vec<String> = depth_gaps(&s)
        .into_iter()
        .filter_map(|g| g.affordance_id)
        .collect();
    assert_eq!(asked, vec!["sync:home", "updateState", "home.toggle"]);
    still_works(&host, &s);
}

#[test]
fn navigate_that_fires_again_is_refused_at_the_limit() {
    let host = Rc::new(ClosureHost::new());
    let seen: Seen = Rc::default();
    let tries = Rc::new(Cell::new(0u32));
    {
        let (seen, tries) = (seen.clone(), tries.clone());
        host.set_navigate(move |s, _href| {
            if tries.get() < TRIES {
                tries.set(tries.get() + 1);
                // The router "arrives" back home and the app follows the cart link again.
                let _ = s.sync("home", SyncOptions::default());
                let r = s.fire("home.open-cart", agent(None)).expect("data");
                seen.borrow_mut().push(reason_of_fire(&r));
            }
            HandlerOutcome::Returned(None)
        });
    }
    let s = shop_session(&host, shop_graph(None), None);
    assert!(s.fire("home.open-cart", agent(None)).unwrap().ok);
    assert!(
        seen.borrow().iter().any(|r| r == depth::REASON.as_str()),
        "{:?}",
        seen.borrow()
    );
    assert!(
        seen.borrow().len() < 2 * depth::LIMIT as usize,
        "nothing ran past the limit"
    );
    assert!(!depth_gaps(&s).is_empty());
    still_works(&host, &s);
}

#[test]
fn the_depth_is_shared_by_every_session_on_the_stack() {
    // Each level opens a new session and fires there: a per-session counter would never trip.
    let host = Rc::new(ClosureHost::new());
    let seen: Seen = Rc::default();
    let tries = Rc::new(Cell::new(0u32));
    let graph = Rc::new(shop_graph(None));
    let h: Rc<Cell<Option<groundfacts::host::CallbackId>>> = Rc::default();
    let handler = {
        let (seen, tries, graph, host2, h) = (
            seen.clone(),
            tries.clone(),
            graph.clone(),
            Rc::downgrade(&host),
            h.clone(),
        );
        host.handler(move |_, _| {
            if tries.get() < TRIES {
                tries.set(tries.get() + 1);
                let (Some(host), Some(cb)) = (host2.upgrade(), h.get()) else {
                    return HandlerOutcome::Returned(None);
                };
                let next = Session::new(
                    graph.clone(),
                    host,
                    SessionOptions {
                        node: Some("home".into()),
                        ..Default::default()
                    },
                )
                .unwrap();
                next.register_actions("home", vec![("toggle".into(), cb)], vec![])
                    .unwrap();
                let r = next.fire("home.toggle", agent(None)).expect("data");
                seen.borrow_mut().push(reason_of_fire(&r));
            }
            HandlerOutcome::Returned(None)
        })
    };
    h.set(Some(handler));
    let s = Session::new(
        graph,
        host.clone(),
        SessionOptions {
            node: Some("home".into()),
            ..Default::default()
        },
    )
    .unwrap();
    s.register_actions("home", vec![("toggle".into(), handler)], vec![])
        .unwrap();
    assert!(s.fire("home.toggle", agent(None)).unwrap().ok);
    seen.borrow_mut().reverse();
    assert_refused_at_limit(&seen);
    still_works(&host, &s);
}

/// A listener is app code too: one that makes a new session and changes it, whose listener does the
/// same, and so on, stops at the limit instead of overflowing the stack (each level's change stays
/// unheard until that session's next call).
#[test]
fn listeners_that_chain_into_new_sessions_stop_at_the_limit() {
    type Kept = Rc<RefCell<Vec<(Rc<ClosureHost>, Rc<Session>)>>>;
    fn chain(made: Rc<Cell<u32>>, keep: Kept) {
        let host = Rc::new(ClosureHost::new());
        let session = Rc::new(shop_session(&host, shop_graph(None), None));
        keep.borrow_mut()
            .push((Rc::clone(&host), Rc::clone(&session)));
        let (made_in, keep_in) = (Rc::clone(&made), Rc::clone(&keep));
        host.subscribe(move |_| {
            if made_in.get() < TRIES {
                made_in.set(made_in.get() + 1);
                chain(Rc::clone(&made_in), Rc::clone(&keep_in));
            }
            Ok(())
        });
        let delta = json!({"other": made.get()});
        session
            .update_state(&delta, UpdateOptions::default())
            .unwrap();
    }
    let made = Rc::new(Cell::new(0));
    let keep = Rc::new(RefCell::new(Vec::new()));
    chain(Rc::clone(&made), Rc::clone(&keep));
    assert!(
        made.get() < 2 * depth::LIMIT,
        "{} sessions made by chained listeners",
        made.get()
    );
    assert_eq!(depth::depth(), 0);
    let (host, session) = keep.borrow().last().cloned().unwrap();
    still_works(&host, &session);
}
