//! Redaction (docs/session.md §28, docs/facts-and-serving.md §8), case by case: state keys and payload /
//! returned-value paths named in `redact` never leave the session — each field that can carry an app
//! value shows the marker; guards, verify and handlers still see the real value; `producedFor`; bad
//! patterns. The property over random runs is `tests/fuzz_redaction.rs`.

mod redaction_support;

use std::cell::RefCell;
use std::rc::Rc;

use groundfacts::codes::ErrorCode;
use groundfacts::facts::ground_truth;
use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::{from_json_text, DefValue};
use groundfacts::graph::redact::MARKER;
use groundfacts::host::{HandlerOutcome, PredicateAnswer};
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{FireOptions, Session, SessionOptions, UpdateOptions};
use redaction_support::*;
use serde_json::json;

#[test]
fn a_redacted_state_value_is_the_marker_in_why_evidence_and_snapshots_but_guards_see_it() {
    let g = graph(&["auth.*"], &[]);
    let v = vault(
        g,
        SessionOptions {
            node: Some("vault".into()),
            state: Some(state(&[
                ("auth.token", json!("sk-live-STORE-SECRET-9f8e7d")),
                ("auth.otp", json!("OTP-CODE-771204")),
                ("user.name", json!("Ada")),
            ])),
            ..SessionOptions::default()
        },
    );
    let port = AgentPort::new(Rc::clone(&v.session), PortOptions::default());
    let why = port.call("vault.why", &json!({ "key": "auth.token" }));
    assert_eq!(why["value"], MARKER, "{why}");
    assert_eq!(why["holds"], true);
    // Key names are the graph's vocabulary: not redacted.
    assert_eq!(why["key"], "auth.token");
    let plain = port.call("vault.why", &json!({ "key": "user.name" }));
    assert_eq!(plain["value"], "Ada", "an unnamed key is not redacted");

    // The guard on `auth.otp` is evaluated on the real value (it fails), its evidence shows the marker.
    let refused = port.call("vault.do_action", &json!({ "action": "locked" }));
    let text = refused.to_string();
    assert!(!text.contains("OTP-CODE"), "{text}");
    // Through the session's own door the refusal is an attempt, with a gap row.
    let fired = v
        .session
        .fire("vault.locked", FireOptions::default())
        .unwrap();
    assert!(!fired.ok);
    let gaps = serde_json::to_value(v.session.gaps()).unwrap();
    let evidence = &gaps[0]["evidence"][0];
    assert_eq!(evidence["key"], "auth.otp", "{gaps}");
    assert_eq!(evidence["actualSummary"], MARKER, "{gaps}");
    assert_eq!(evidence["result"], false);
    // The real value opens it: a guard sees the real value, not the marker.
    v.session
        .update_state(
            &json!({ "auth.otp": "open-sesame" }),
            UpdateOptions::default(),
        )
        .unwrap();
    let opened = port.call("vault.do_action", &json!({ "action": "locked" }));
    assert_eq!(opened["ok"], true, "{opened}");

    // A snapshot leaves the hidden keys out and keeps the rest.
    let snap = serde_json::to_value(v.session.snapshot()).unwrap();
    assert!(
        snap["state"].get("auth.token").is_none(),
        "{}",
        snap["state"]
    );
    assert_eq!(snap["state"]["user.name"], "Ada");
    assert!(!snap.to_string().contains("sk-live"));
    // The app's own read of its store is whole.
    assert_eq!(
        v.session.state()["auth.token"],
        "sk-live-STORE-SECRET-9f8e7d"
    );

    // After a reload the app's state (the options) brings the hidden keys back, so guards see them at
    // once; the snapshot's own keys win for the rest.
    let host = Rc::new(ClosureHost::new());
    let restored = Session::restore(
        Rc::new(graph(&["auth.*"], &[])),
        host,
        SessionOptions {
            state: Some(state(&[
                ("auth.otp", json!("open-sesame")),
                ("user.name", json!("Not the snapshot's")),
            ])),
            ..SessionOptions::default()
        },
        &snap,
    )
    .expect("restore");
    let now = restored.state();
    assert_eq!(now["auth.otp"], "open-sesame");
    assert!(now.get("auth.token").is_none());
    assert_eq!(now["user.name"], "Ada");
}

#[test]
fn a_failed_verify_and_a_greyed_refusal_carry_the_marker_and_predicates_get_the_real_state() {
    let host = Rc::new(ClosureHost::new());
    let saw = Rc::new(RefCell::new(Vec::new()));
    let seen = Rc::clone(&saw);
    let predicate = host.predicate(move |_, state| {
        seen.borrow_mut().push(state.clone());
        PredicateAnswer::Held
    });
    let def = json!({
        "redact": { "keys": ["card.number"] },
        "pages": { "p": { "route": "/", "actions": {
            "greyed": { "does": "Use the card", "enabledWhen": { "card.number": { "eq": "0000" } } },
            "checked": { "does": "Check", "writes": ["card.number"], "verify": "PRED" }
        }}}
    });
    let mut def = from_json_text(&def.to_string()).unwrap();
    if let DefValue::Object(top) = &mut def {
        let pages = &mut top.iter_mut().find(|(k, _)| k == "pages").unwrap().1;
        if let DefValue::Object(pages) = pages {
            if let DefValue::Object(p) = &mut pages[0].1 {
                if let DefValue::Object(actions) =
                    &mut p.iter_mut().find(|(k, _)| k == "actions").unwrap().1
                {
                    if let DefValue::Object(checked) = &mut actions[1].1 {
                        checked.iter_mut().find(|(k, _)| k == "verify").unwrap().1 =
                            DefValue::Function(predicate);
                    }
                }
            }
        }
    }
    let g = build_navigation_graph("p", &def).unwrap();
    let session = Rc::new(
        Session::new(
            Rc::new(g),
            host.clone(),
            SessionOptions {
                state: Some(state(&[("card.number", json!("4111-1111-SECRET"))])),
                ..SessionOptions::default()
            },
        )
        .unwrap(),
    );
    let h = host.handler(|s, _| {
        s.update_state(
            &json!({ "card.number": "4242-NEW-SECRET" }),
            UpdateOptions::default(),
        )
        .unwrap();
        HandlerOutcome::Returned(None)
    });
    let h2 = host.handler(|_, _| HandlerOutcome::Returned(None));
    session
        .register_actions(
            "p",
            vec![("checked".into(), h), ("greyed".into(), h2)],
            vec![],
        )
        .unwrap();
    let port = AgentPort::new(Rc::clone(&session), PortOptions::default());
    let greyed = port.call("p.do_action", &json!({ "action": "greyed" }));
    assert_eq!(greyed["reason"], "TOOL_DISABLED", "{greyed}");
    assert!(!greyed.to_string().contains("SECRET"), "{greyed}");
    let fired = port.call("p.do_action", &json!({ "action": "checked" }));
    assert_eq!(fired["ok"], true, "{fired}");
    assert_eq!(
        saw.borrow()[0]["card.number"],
        "4242-NEW-SECRET",
        "the predicate gets the real state"
    );
    let all = format!(
        "{}{}{}",
        serde_json::to_string(&session.gaps()).unwrap(),
        serde_json::to_string(&session.transitions()).unwrap(),
        port.call("p.whats_here", &json!({}))
    );
    assert!(!all.contains("SECRET"), "{all}");
}

#[test]
fn payload_and_returned_paths_are_the_marker_everywhere_but_the_handler_gets_them_whole() {
    let g = graph(&[], &["password", "card.number"]);
    let v = vault(
        g,
        SessionOptions {
            node: Some("vault".into()),
            redact: redaction(&[], &["items.*.pin"]),
            ..SessionOptions::default()
        },
    );
    v.app.borrow_mut().produce = Some(
        json!({ "receipt": "R-1", "card": { "number": "4111-PRODUCED-SECRET", "brand": "visa" } }),
    );
    let port = AgentPort::new(Rc::clone(&v.session), PortOptions::default());
    let payload = json!({ "user": "ada", "password": "hunter2-PAYLOAD-SECRET",
                          "items": [{ "pin": "PIN-SECRET-1" }, { "pin": "PIN-SECRET-2", "qty": 2 }] });
    let fired = port.call(
        "vault.do_action",
        &json!({ "action": "login", "input": payload }),
    );
    assert_eq!(fired["ok"], true, "{fired}");
    assert_eq!(
        v.app.borrow().received[0].as_ref(),
        Some(&payload),
        "the handler gets it whole"
    );
    let id = fired["transitionId"].as_str().unwrap().to_string();
    let t = v
        .session
        .transitions()
        .into_iter()
        .find(|t| t.id == id)
        .unwrap();
    assert_eq!(
        t.payload,
        Some(json!({ "user": "ada", "password": MARKER,
                     "items": [{ "pin": MARKER }, { "pin": MARKER, "qty": 2 }] }))
    );
    let produced = json!({ "receipt": "R-1", "card": { "number": MARKER, "brand": "visa" } });
    assert_eq!(t.produced, Some(produced.clone()));
    assert_eq!(v.session.produced_for(&id), Some(produced.clone()));
    let did = port.call("vault.did_it_work", &json!({ "transitionId": id }));
    assert_eq!(
        did["data"], produced,
        "did_it_work carries the same value: {did}"
    );
    // A fresh copy each time; nothing for an id with no kept row.
    assert_eq!(v.session.produced_for("vault.login#999"), None);
    assert_eq!(v.session.produced_for("not an id"), None);
    // The facts block never carries it.
    let block = ground_truth(&v.session, None, None).text;
    assert!(!block.contains("R-1") && !block.contains(MARKER), "{block}");
}

#[test]
fn an_ask_binds_the_real_input_and_its_snapshot_keeps_the_marker() {
    let g = graph(&[], &["password"]);
    let v = vault(
        g,
        SessionOptions {
            node: Some("vault".into()),
            ..SessionOptions::default()
        },
    );
    let port = AgentPort::new(Rc::clone(&v.session), PortOptions::default());
    let input = json!({ "password": "ASK-SECRET" });
    let asked = port.call(
        "vault.do_action",
        &json!({ "action": "pay", "input": input }),
    );
    assert_eq!(asked["judgment"], "needs-confirm", "{asked}");
    let fired = port.call(
        "vault.do_action",
        &json!({ "action": "pay", "input": input, "confirm": true }),
    );
    assert_eq!(fired["ok"], true, "the ask matched the real input: {fired}");
    let all = format!(
        "{asked}{fired}{}",
        serde_json::to_string(&v.session.snapshot()).unwrap()
    );
    assert!(!all.contains("ASK-SECRET"), "{all}");
}

#[test]
fn without_redaction_the_same_run_shows_the_values() {
    // The control: the property below could not pass by hiding everything or by never looking.
    let g = graph(&[], &[]);
    let v = vault(
        g,
        SessionOptions {
            node: Some("vault".into()),
            state: Some(state(&[("auth.otp", json!("OTP-VISIBLE"))])),
            ..SessionOptions::default()
        },
    );
    let port = AgentPort::new(Rc::clone(&v.session), PortOptions::default());
    let r = port.call(
        "vault.do_action",
        &json!({ "action": "login", "input": { "password": "PW-VISIBLE" } }),
    );
    let all = everything(
        &v,
        &port,
        &[r, port.call("vault.why", &json!({ "key": "auth.otp" }))],
    );
    assert!(all.contains("OTP-VISIBLE") && all.contains("PW-VISIBLE"));
    assert!(!all.contains(MARKER));
}

#[test]
fn bad_patterns_in_the_graph_are_graph_validation_errors() {
    for redact in [
        json!({ "keys": ["auth*"] }),
        json!({ "paths": ["a..b"] }),
        json!({ "keys": "auth.token" }),
        json!(["auth.token"]),
    ] {
        let def = json!({ "redact": redact, "pages": { "p": { "route": "/" } } });
        let err =
            build_navigation_graph("g", &from_json_text(&def.to_string()).unwrap()).unwrap_err();
        assert_eq!(err.code, ErrorCode::BadRedact, "{redact}: {}", err.message);
        assert!(err.message.contains("`redact`"), "{}", err.message);
    }
    let def = json!({ "redact": { "key": [] }, "pages": { "p": { "route": "/" } } });
    let err = build_navigation_graph("g", &from_json_text(&def.to_string()).unwrap()).unwrap_err();
    assert_eq!(err.code, ErrorCode::UnknownKey);
}
