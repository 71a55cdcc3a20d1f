//! Pins why a control is grey, busy marks and already-true fires (docs/session.md §21–§23,
//! docs/facts-and-serving.md §7): `blockedBecause` states the failing `enabledWhen` conjuncts with the
//! graph's operands, `unblockedBy` lists the declared writers on any page (running ones marked),
//! `whatUnblocks` answers the same, the brief prints one line per greyed control, `setBusy` refuses
//! fires as `BUSY` attempts, and a fire whose filter verify already held settles on return with its
//! own honest facts line. A distinctive state value never appears in any of those texts or fields.

use std::rc::Rc;

use groundfacts::facts::{context_brief, ground_truth};
use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::host::HandlerOutcome;
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Map, Value};

/// A state value no graph operand contains: if it shows up anywhere, a state value leaked.
const SECRET: &str = "ZQX-7731-uploading";

fn graph() -> groundfacts::graph::NavigationGraph {
    let def = from_json_text(
        &json!({
            "pages": {
                "upload": {"route": "/upload", "does": "the upload step", "actions": {
                    "start": {"does": "Upload the file", "input": "none", "writes": ["upload.status"]},
                    "reset": {"does": "Count the files again", "input": "none", "writes": ["upload.count"]},
                    "submit": {"does": "Submit the wizard", "input": "none", "writes": ["wizard.sent"],
                               "enabledWhen": {"upload.status": {"eq": "done"}, "upload.count": {"gte": 1}, "upload.kind": {"in": ["pdf", "png"]}}},
                    "again": {"does": "Retry the upload", "input": "none", "writes": ["retry.state"],
                              "enabledWhen": {"retry.state": {"eq": "idle"}}},
                    "mark": {"does": "Mark it seen", "input": "none", "writes": ["seen.flag"],
                             "verify": {"seen.flag": {"eq": true}}},
                    "partial": {"does": "Set two keys", "input": "none", "writes": ["pa", "pb"],
                                "verify": {"pa": {"eq": 1}}}
                }},
                "elsewhere": {"route": "/elsewhere", "does": "another page", "actions": {
                    "finish": {"does": "Finish the upload from here", "input": "none", "writes": ["upload.status", "upload.count"]}
                }}
            }
        })
        .to_string(),
    )
    .expect("def");
    build_navigation_graph("up", &def).expect("compiles")
}

fn state(extra: Value) -> Map<String, Value> {
    let mut m = match json!({
        "upload.status": SECRET, "upload.count": 0, "upload.kind": "pdf",
        "retry.state": "busy", "seen.flag": false, "pa": 0, "pb": 0, "wizard.sent": false
    }) {
        Value::Object(m) => m,
        _ => unreachable!(),
    };
    if let Value::Object(e) = extra {
        m.extend(e);
    }
    m
}

struct Fixture {
    host: Rc<ClosureHost>,
    session: Rc<Session>,
    group: String,
}

/// A session on `upload` with every action wired to a handler that returns at once, except `start`,
/// whose handler returns a thenable (token 7) so its fire stays running.
fn fixture(extra: Value) -> Fixture {
    let host = Rc::new(ClosureHost::new());
    let session = Rc::new(
        Session::new(
            Rc::new(graph()),
            host.clone(),
            SessionOptions {
                node: Some("upload".into()),
                state: Some(state(extra)),
                ..SessionOptions::default()
            },
        )
        .expect("session"),
    );
    let ret = host.handler(|_, _| HandlerOutcome::Returned(None));
    let deferred = host.handler(|_, _| HandlerOutcome::Deferred(7));
    let group = session
        .register_actions(
            "upload",
            vec![
                ("start".into(), deferred),
                ("reset".into(), ret),
                ("submit".into(), ret),
                ("again".into(), ret),
                ("mark".into(), ret),
                ("partial".into(), ret),
            ],
            vec![],
        )
        .unwrap();
    Fixture {
        host,
        session,
        group,
    }
}

fn agent() -> FireOptions {
    FireOptions {
        source: None,
        payload: None,
        ..Default::default()
    }
}

fn edge(s: &Session, id: &str) -> Value {
    let a = serde_json::to_value(s.available()).unwrap();
    a["edges"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["affordanceId"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("{id} is not offered"))
}

fn texts(s: &Session) -> (String, String) {
    (
        ground_truth(s, None, None).text,
        context_brief(s, None).text,
    )
}

fn assert_no_secret(what: &str, text: &str) {
    assert!(
        !text.contains(SECRET) && !text.contains("ZQX"),
        "a state value leaked into {what}: {text}"
    );
}

#[test]
fn a_greyed_row_states_the_failing_conditions_with_the_graphs_operands_and_every_declared_writer() {
    let f = fixture(json!({}));
    let row = edge(&f.session, "upload.submit");
    assert_eq!(row["enabled"], false);
    // Only the failing conjuncts (upload.kind holds), operands from the graph, never the state's value.
    assert_eq!(
        row["blockedBecause"],
        json!([
            {"key": "upload.status", "op": "eq", "expected": "done"},
            {"key": "upload.count", "op": "gte", "expected": 1}
        ])
    );
    // Writers on any page, in served order; viaKeys in blockedBecause order; nothing running yet.
    assert_eq!(
        row["unblockedBy"],
        json!([
            {"action": "upload.start", "viaKeys": ["upload.status"]},
            {"action": "upload.reset", "viaKeys": ["upload.count"]},
            {"action": "elsewhere.finish", "viaKeys": ["upload.status", "upload.count"]}
        ])
    );
    assert_no_secret("the available() edge", &row.to_string());
    // A clickable row carries neither field.
    let start = edge(&f.session, "upload.start");
    assert!(start.get("blockedBecause").is_none() && start.get("unblockedBy").is_none());
    // whatUnblocks says the same.
    assert_eq!(
        serde_json::to_value(f.session.what_unblocks("upload.submit").unwrap()).unwrap(),
        row["unblockedBy"]
    );
}

#[test]
fn a_writer_with_an_unsettled_fire_is_marked_running_until_it_comes_to_rest() {
    let f = fixture(json!({}));
    let r = f.session.fire("upload.start", agent()).unwrap();
    assert!(r.ok);
    let running = f.session.what_unblocks("upload.submit").unwrap();
    assert_eq!(running[0].action, "upload.start");
    assert!(
        running[0].running,
        "its fire awaits the handler and a report"
    );
    assert!(!running[1].running);
    assert_eq!(
        edge(&f.session, "upload.submit")["unblockedBy"][0]["running"],
        true
    );
    let brief = texts(&f.session).1;
    assert!(
        brief.contains("upload.start (running) writes upload.status;"),
        "{brief}"
    );
    // The upload finishes: the thenable resolves and the report settles it; nothing runs any more.
    f.session
        .complete_deferred_handler(7, HandlerOutcome::Returned(None))
        .unwrap();
    f.session
        .update_state(
            &json!({"upload.status": "uploading-2"}),
            UpdateOptions::default(),
        )
        .unwrap();
    assert!(f
        .session
        .what_unblocks("upload.submit")
        .unwrap()
        .iter()
        .all(|u| !u.running));
}

#[test]
fn what_unblocks_refuses_an_unknown_id_and_answers_empty_for_a_control_that_is_not_grey() {
    let f = fixture(json!({}));
    let err = f.session.what_unblocks("upload.nope").unwrap_err();
    assert_eq!(err.code, "UNKNOWN_ACTION");
    assert!(err.message.starts_with("groundfacts: "));
    assert!(f.session.what_unblocks("upload.start").unwrap().is_empty());
    // An action on another page is answered from its enabledWhen all the same (none here).
    assert!(f
        .session
        .what_unblocks("elsewhere.finish")
        .unwrap()
        .is_empty());
    // A read: nothing recorded, nothing notified.
    let (v, g, calls) = (
        f.session.version(),
        f.session.gaps().len(),
        f.host.changed_calls.get(),
    );
    let _ = f.session.what_unblocks("upload.submit");
    assert_eq!(
        (
            f.session.version(),
            f.session.gaps().len(),
            f.host.changed_calls.get()
        ),
        (v, g, calls)
    );
}

#[test]
fn the_greyed_action_itself_is_listed_only_while_a_fire_of_it_runs() {
    let f = fixture(json!({}));
    let row = edge(&f.session, "upload.again");
    assert_eq!(
        row["blockedBecause"],
        json!([{"key": "retry.state", "op": "eq", "expected": "idle"}])
    );
    assert_eq!(
        row["unblockedBy"],
        json!([]),
        "present and empty: no other action declares it writes retry.state"
    );
    let brief = texts(&f.session).1;
    assert!(
        brief.contains(
            "Greyed: upload.again \u{2014} waits on retry.state == \"idle\"; no declared action writes it."
        ),
        "{brief}"
    );

    // Fired while it was clickable, still running when its own key greys it: then it is listed.
    let f = fixture(json!({"retry.state": "idle"}));
    let deferred = f.host.handler(|_, _| HandlerOutcome::Deferred(8));
    f.session
        .register_actions("upload", vec![("again".into(), deferred)], vec![])
        .unwrap();
    assert!(f.session.fire("upload.again", agent()).unwrap().ok);
    f.session
        .update_state(
            &json!({"retry.state": "busy"}),
            UpdateOptions {
                stimulus: Some("elsewhere".into()),
                ..UpdateOptions::default()
            },
        )
        .unwrap();
    assert_eq!(
        serde_json::to_value(f.session.what_unblocks("upload.again").unwrap()).unwrap(),
        json!([{"action": "upload.again", "viaKeys": ["retry.state"], "running": true}])
    );
}

#[test]
fn an_apps_own_switch_off_has_no_declared_condition_and_no_brief_line() {
    let f = fixture(json!({}));
    f.session.set_enabled(&f.group, "reset", false).unwrap();
    let row = edge(&f.session, "upload.reset");
    assert_eq!(row["enabled"], false);
    assert!(row.get("blockedBecause").is_none() && row.get("unblockedBy").is_none());
    assert!(f.session.what_unblocks("upload.reset").unwrap().is_empty());
    assert!(!texts(&f.session).1.contains("Greyed: upload.reset"));
}

#[test]
fn the_brief_has_one_line_per_greyed_control_and_no_text_carries_a_state_value() {
    let f = fixture(json!({}));
    f.session.fire("upload.submit", agent()).unwrap();
    let (facts, brief) = texts(&f.session);
    let lines: Vec<&str> = brief
        .lines()
        .filter(|l| l.starts_with("Greyed: "))
        .collect();
    assert_eq!(
        lines,
        [
            "Greyed: upload.submit \u{2014} waits on upload.status == \"done\", upload.count >= 1; upload.start writes upload.status; upload.reset writes upload.count; elsewhere.finish writes upload.status, upload.count.",
            "Greyed: upload.again \u{2014} waits on retry.state == \"idle\"; no declared action writes it.",
        ]
    );
    let available = brief.lines().position(|l| l.starts_with("Available now: "));
    let first_greyed = brief.lines().position(|l| l.starts_with("Greyed: "));
    assert!(
        available < first_greyed,
        "greyed lines follow Available now"
    );
    assert!(facts.contains(
        "did NOT happen \u{2014} agent's fire of upload.submit was refused: TOOL_DISABLED"
    ));
    assert!(!facts.contains("Greyed"), "the facts block is unchanged");
    assert_no_secret("the facts block", &facts);
    assert_no_secret("the brief", &brief);
    // Through the port too: whats_here (facts, brief, rows) and the refusal.
    let port = AgentPort::new(Rc::clone(&f.session), PortOptions::default());
    let here = port.call("up.whats_here", &json!({}));
    assert_no_secret("whats_here", &here.to_string());
    let row = here["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["action"] == "upload.submit")
        .unwrap()
        .clone();
    assert_eq!(row["blockedBecause"][0]["expected"], "done");
    assert_eq!(row["unblockedBy"][2]["action"], "elsewhere.finish");
    let refused = port.call("up.do_action", &json!({"action": "submit"}));
    assert_eq!(refused["reason"], "TOOL_DISABLED");
    assert_eq!(refused["blockedBecause"], row["blockedBecause"]);
    assert_eq!(refused["unblockedBy"], row["unblockedBy"]);
    assert!(refused["why"].as_str().unwrap().contains("unblockedBy"));
    // The refusal's evidence is the older field; blockedBecause never carries a summary of the value.
    assert!(refused["blockedBecause"]
        .to_string()
        .find("actual")
        .is_none());
}

#[test]
fn a_long_or_multiline_operand_is_cut_and_escaped_in_the_brief() {
    let def = from_json_text(
        &json!({"pages": {"p": {"does": "a page", "actions": {
            "go": {"does": "Go", "input": "none",
                   "enabledWhen": {"k\nx": {"eq": format!("{}\u{2028}end", "a".repeat(80))}}},
            "w": {"does": "Write it", "input": "none", "writes": ["k\nx"]}
        }}}})
        .to_string(),
    )
    .unwrap();
    let host = Rc::new(ClosureHost::new());
    let mut st = Map::new();
    st.insert("k\nx".into(), json!(SECRET));
    let s = Session::new(
        Rc::new(build_navigation_graph("g", &def).unwrap()),
        host,
        SessionOptions {
            state: Some(st),
            ..SessionOptions::default()
        },
    )
    .unwrap();
    let brief = context_brief(&s, None).text;
    let line = brief.lines().find(|l| l.starts_with("Greyed: ")).unwrap();
    assert!(
        line.starts_with("Greyed: p.go \u{2014} waits on k\\u000Ax == \"aaaa"),
        "{line}"
    );
    assert!(line.contains("\u{2026}; p.w writes it."), "{line}");
    assert!(!line.contains('\u{2028}'));
    assert_no_secret("the brief", &brief);
}

// ── busy ─────────────────────────────────────────────────────────────────────────────────────────

#[test]
fn a_busy_control_carries_the_apps_words_and_a_fire_is_a_refused_attempt() {
    let f = fixture(json!({}));
    let (v, calls) = (f.session.version(), f.host.changed_calls.get());
    f.session
        .set_busy(&f.group, "reset", Some("Counting 3 files ZQX"))
        .unwrap();
    assert_eq!(f.session.version(), v, "a busy mark moves no version");
    assert_eq!(
        f.host.changed_calls.get(),
        calls + 1,
        "listeners hear a busy change"
    );
    f.session
        .set_busy(&f.group, "reset", Some("Counting 3 files ZQX"))
        .unwrap();
    assert_eq!(
        f.host.changed_calls.get(),
        calls + 1,
        "the same label is no change"
    );
    assert_eq!(
        edge(&f.session, "upload.reset")["busy"],
        "Counting 3 files ZQX"
    );
    let r = f.session.fire("upload.reset", agent()).unwrap();
    assert!(!r.ok);
    assert_eq!(r.reason, Some(groundfacts::codes::Refusal::Busy));
    assert_eq!(r.busy.as_deref(), Some("Counting 3 files ZQX"));
    assert_eq!(f.session.version(), v, "a refusal never bumps");
    let gap = f.session.gaps().pop().unwrap();
    assert_eq!(
        gap.rejection_reason,
        Some(groundfacts::codes::Refusal::Busy)
    );
    let (facts, brief) = texts(&f.session);
    assert!(
        facts.ends_with(
            "  \u{2022} did NOT happen \u{2014} agent's fire of upload.reset was refused: BUSY"
        ),
        "{facts}"
    );
    assert!(
        !facts.contains("Counting") && !brief.contains("Counting"),
        "the label never enters a text"
    );
    // The port: a typed refusal with the label as data.
    let port = AgentPort::new(Rc::clone(&f.session), PortOptions::default());
    let refused = port.call("up.do_action", &json!({"action": "reset"}));
    assert_eq!(refused["reason"], "BUSY");
    assert_eq!(refused["busy"], "Counting 3 files ZQX");
    assert_eq!(refused["retriable"], true);
    assert!(!refused["why"].as_str().unwrap().contains("Counting"));
    // null clears it: the fire runs.
    f.session.set_busy(&f.group, "reset", None).unwrap();
    assert!(edge(&f.session, "upload.reset").get("busy").is_none());
    assert!(f.session.fire("upload.reset", agent()).unwrap().ok);
}

#[test]
fn a_bad_label_or_a_name_the_group_did_not_register_is_a_typed_error() {
    let f = fixture(json!({}));
    for bad in ["", "  ", "two\nlines", "ctl\u{7}", &"x".repeat(201)] {
        let err = f
            .session
            .set_busy(&f.group, "reset", Some(bad))
            .unwrap_err();
        assert_eq!(err.code, "BAD_LABEL", "{bad:?}");
    }
    assert_eq!(
        f.session
            .set_busy(&f.group, "nothing", Some("Busy"))
            .unwrap_err()
            .code,
        "UNKNOWN_ACTION"
    );
    // elsewhere.finish exists but this group neither bound nor declared it.
    let other = f
        .session
        .register_actions("elsewhere", vec![], vec![])
        .unwrap();
    assert_eq!(
        f.session
            .set_busy(&other, "finish", Some("Busy"))
            .unwrap_err()
            .code,
        "UNKNOWN_ACTION"
    );
    assert_eq!(
        f.session
            .set_busy("mount:upload#99", "reset", Some("Busy"))
            .unwrap_err()
            .code,
        "UNKNOWN_GROUP"
    );
    assert!(edge(&f.session, "upload.reset").get("busy").is_none());
}

#[test]
fn unregistering_clears_the_groups_busy_marks_and_snapshots_do_not_carry_them() {
    let f = fixture(json!({}));
    f.session
        .set_busy(&f.group, "mark", Some("Saving"))
        .unwrap();
    let snap = serde_json::to_value(f.session.snapshot()).unwrap();
    assert!(!snap.to_string().contains("Saving"));
    f.session.unregister(&f.group).unwrap();
    assert!(edge(&f.session, "upload.mark").get("busy").is_none());
    // On a group already gone, setBusy does nothing.
    f.session
        .set_busy(&f.group, "mark", Some("Saving"))
        .unwrap();
    assert!(edge(&f.session, "upload.mark").get("busy").is_none());
}

// ── already true ─────────────────────────────────────────────────────────────────────────────────

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
