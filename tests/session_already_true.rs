//! Pins already-true fires (docs/session.md §23): a fire whose filter verify already held settles on
//! return with its own honest facts line and never claims it caused the state; a report inside the
//! handler window keeps that reading, one that changes a written value grades the fire as usual, and
//! only a filter verify that covers every declared write and holds now counts. Fixture:
//! tests/grey_support.

mod grey_support;

use std::rc::Rc;

use grey_support::*;
use groundfacts::facts::ground_truth;
use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::host::HandlerOutcome;
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Map, Value};

#[test]
fn a_fire_whose_verify_already_holds_settles_on_return_and_never_claims_it_caused_the_state() {
    let f = fixture(json!({"seen.flag": true}));
    let r = f.session.fire("upload.mark", agent()).unwrap();
    assert!(r.ok);
    assert_eq!(
        r.settlement,
        Some(SettlementState::Settled),
        "no report was awaited"
    );
    assert!(f.session.pending().is_empty());
    assert_eq!(
        serde_json::to_value(&r.already_true).unwrap(),
        json!([{"key": "seen.flag", "op": "eq", "expected": true}])
    );
    let facts = texts(&f.session).0;
    assert!(
        facts.ends_with("  \u{2022} ran, but its effect already held before it was fired \u{2014} agent fired upload.mark (committed; the app's own verify contract already held when it was fired, so this fire is not shown to have caused it)"),
        "{facts}"
    );
    assert!(!facts.contains("DID happen"));
    // The record carries it, and a snapshot keeps the line.
    let id = r.transition_id.clone().unwrap();
    let rec = f.session.transition(&id).unwrap();
    assert!(rec.already_true.is_some());
    let snap: Value =
        serde_json::from_str(&serde_json::to_string(&f.session.snapshot()).unwrap()).unwrap();
    let restored = Session::restore(
        Rc::new(graph()),
        Rc::new(ClosureHost::new()),
        SessionOptions::default(),
        &snap,
    )
    .unwrap();
    assert_eq!(texts(&restored).0, facts);
    // The port says so and tells the model not to claim it.
    let port = AgentPort::new(Rc::clone(&f.session), PortOptions::default());
    let done = port.call("up.do_action", &json!({"action": "mark"}));
    assert_eq!(done["alreadyTrue"][0]["key"], "seen.flag");
    assert!(done["why"].as_str().unwrap().contains("already held"));
    let poll = port.call(
        "up.did_it_work",
        &json!({"transitionId": done["transitionId"]}),
    );
    assert_eq!(poll["settled"], true);
    assert_eq!(poll["alreadyTrue"], done["alreadyTrue"]);
}

#[test]
fn a_report_in_the_window_still_reads_as_already_held() {
    let host = Rc::new(ClosureHost::new());
    let session = Session::new(
        Rc::new(graph()),
        host.clone(),
        SessionOptions {
            node: Some("upload".into()),
            state: Some(state(json!({"seen.flag": true}))),
            ..SessionOptions::default()
        },
    )
    .unwrap();
    let reports = host.handler(|s, _| {
        s.update_state(&json!({"seen.flag": true}), UpdateOptions::default())
            .unwrap();
        HandlerOutcome::Returned(None)
    });
    session
        .register_actions("upload", vec![("mark".into(), reports)], vec![])
        .unwrap();
    session.fire("upload.mark", agent()).unwrap();
    let facts = ground_truth(&session, None, None).text;
    assert!(
        facts.contains("ran, but its effect already held before it was fired"),
        "{facts}"
    );
}

#[test]
fn a_report_that_changes_a_written_value_grades_the_fire_as_usual() {
    // A counter whose verify (`> 0`) already holds: the handler's report moves it, so the fire did.
    let def = from_json_text(
        &json!({"pages": {"p": {"does": "a page", "actions": {
            "add": {"does": "Add one", "input": "none", "writes": ["n"], "verify": {"n": {"gt": 0}}}
        }}}})
        .to_string(),
    )
    .unwrap();
    let host = Rc::new(ClosureHost::new());
    let mut st = Map::new();
    st.insert("n".into(), json!(1));
    let s = Session::new(
        Rc::new(build_navigation_graph("g", &def).unwrap()),
        host.clone(),
        SessionOptions {
            state: Some(st),
            ..SessionOptions::default()
        },
    )
    .unwrap();
    let add = host.handler(|s, _| {
        let n = s.state()["n"].as_i64().unwrap();
        s.update_state(&json!({ "n": n + 1 }), UpdateOptions::default())
            .unwrap();
        HandlerOutcome::Returned(None)
    });
    s.register_actions("p", vec![("add".into(), add)], vec![])
        .unwrap();
    let r = s.fire("p.add", agent()).unwrap();
    assert!(r.already_true.is_none());
    let facts = ground_truth(&s, None, None).text;
    assert!(
        facts.ends_with(
            "DID happen \u{2014} agent fired p.add (committed; declared effect observed)"
        ),
        "{facts}"
    );
}

#[test]
fn only_a_filter_verify_that_covers_every_write_and_holds_now_counts() {
    // The verify does not hold yet: the usual wait for a report.
    let f = fixture(json!({}));
    let r = f.session.fire("upload.mark", agent()).unwrap();
    assert_eq!(r.settlement, Some(SettlementState::AwaitingState));
    assert!(r.already_true.is_none());
    // The verify holds but leaves a written key uncovered.
    let f = fixture(json!({"pa": 1}));
    let r = f.session.fire("upload.partial", agent()).unwrap();
    assert_eq!(r.settlement, Some(SettlementState::AwaitingState));
    assert!(r.already_true.is_none());
    // The verify holds, but nothing runs the fire (a person's fire of an unwired action).
    let f = fixture(json!({"seen.flag": true}));
    f.session.unregister(&f.group).unwrap();
    let r = f
        .session
        .fire(
            "upload.mark",
            FireOptions {
                source: Some(Principal::User),
                payload: None,
                ..Default::default()
            },
        )
        .unwrap();
    assert!(r.ok && r.already_true.is_none());
}
