//! Pins why a control is grey (docs/session.md §21, docs/facts-and-serving.md §7): `blockedBecause`
//! states the failing `enabledWhen` conjuncts with the graph's operands, `unblockedBy` lists the
//! declared writers on any page (running ones marked), `whatUnblocks` answers the same, the brief
//! prints one line per greyed control, and a distinctive state value never appears in any of those
//! texts or fields. Fixture: tests/grey_support.

mod grey_support;

use std::rc::Rc;

use grey_support::*;
use groundfacts::facts::context_brief;
use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::host::HandlerOutcome;
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Map};

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
