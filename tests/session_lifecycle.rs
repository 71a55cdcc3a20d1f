//! Pins a session's end and a group's unmount (`docs/decisions.md` decision 26) in the core: `close()`
//! releases every app function the session holds (handlers, mount-declared predicates and inline
//! handlers); inside a call entered through `Session::enter` it waits for the outermost such call to
//! return; later `enter`s are refused `SESSION_FREED`. `unregister` releases a declaration's predicate
//! and leaves no group entry behind (a second `unregister` is still a no-op).

mod session_support;

use groundfacts::codes::ErrorCode;
use std::cell::RefCell;
use std::rc::Rc;

use groundfacts::graph::DefValue;
use groundfacts::host::{CallbackId, HandlerOutcome, PredicateAnswer};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::json;
use session_support::*;

fn mounted_declaration(host: &ClosureHost) -> (Vec<(String, DefValue)>, CallbackId, CallbackId) {
    let predicate = host.predicate(|_, _| PredicateAnswer::Held);
    let inline = host.handler(|_, _| HandlerOutcome::Returned(None));
    let def = DefValue::Object(vec![
        ("does".into(), DefValue::String("A mounted change".into())),
        ("verify".into(), DefValue::Function(predicate)),
        ("handler".into(), DefValue::Function(inline)),
    ]);
    (vec![("mounted".into(), def)], predicate, inline)
}

fn released(host: &ClosureHost) -> Vec<CallbackId> {
    let mut ids = host.released.borrow().clone();
    ids.sort_unstable();
    ids
}

#[test]
fn unregister_releases_the_declared_predicate_and_inline_handler_and_keeps_no_group() {
    let (host, s) = fresh_shop(None);
    let (actions, predicate, inline) = mounted_declaration(&host);
    let group = s.register_actions("home", vec![], actions).unwrap();
    assert!(s.fire("home.mounted", agent(None)).unwrap().ok);
    s.unregister(&group).unwrap();
    let mut want = vec![predicate, inline];
    want.sort_unstable();
    assert_eq!(released(&host), want);
    s.unregister(&group).unwrap(); // still idempotent
    s.set_enabled(&group, "mounted", false).unwrap(); // a no-op on a gone group
    assert_eq!(released(&host).len(), 2, "nothing released twice");
    assert_eq!(
        s.unregister("mount:home#99").unwrap_err().code,
        "UNKNOWN_GROUP"
    );
}

#[test]
fn close_releases_every_function_the_session_holds() {
    let (host, s) = fresh_shop(None);
    let s = Rc::new(s);
    let handler = returning(&host);
    s.register_actions("home", vec![("toggle".into(), handler)], vec![])
        .unwrap();
    let (actions, predicate, inline) = mounted_declaration(&host);
    s.register_actions("home", vec![], actions).unwrap();
    assert!(!s.close(), "not in a call: closed at once");
    let mut want = vec![handler, predicate, inline];
    want.sort_unstable();
    assert_eq!(released(&host), want);
    assert!(s.is_closed());
    assert_eq!(
        s.enter().err().map(|e| e.code),
        Some(ErrorCode::SessionFreed)
    );
}

#[test]
fn close_inside_a_callback_waits_for_the_outermost_entered_call() {
    let host = Rc::new(ClosureHost::new());
    let s = Rc::new(shop_session(&host, shop_graph(None), None));
    let seen = Rc::new(RefCell::new(Vec::new()));
    let me = Rc::downgrade(&s);
    let h = {
        let seen = seen.clone();
        host.handler(move |session, _| {
            let Some(me) = me.upgrade() else {
                return HandlerOutcome::Returned(None);
            };
            // A nested entered call frees the session; the outer one still sees it whole.
            let inner = me.enter().expect("live");
            seen.borrow_mut().push(("deferred", inner.close()));
            drop(inner);
            seen.borrow_mut().push(("still open", !session.is_closed()));
            session
                .update_state(&json!({"search.q": "x"}), UpdateOptions::default())
                .expect("answers");
            HandlerOutcome::Returned(None)
        })
    };
    s.register_actions("home", vec![("search".into(), h)], vec![])
        .unwrap();
    {
        let call = s.enter().unwrap();
        assert!(
            call.fire("home.search", agent(Some(json!({"q": "x"}))))
                .unwrap()
                .ok
        );
        assert!(!s.is_closed(), "the outermost call has not returned yet");
    }
    assert!(s.is_closed());
    assert_eq!(
        *seen.borrow(),
        vec![("deferred", true), ("still open", true)]
    );
    assert!(host.released.borrow().contains(&h));
    assert!(s.enter().is_err());
}
