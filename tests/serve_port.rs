//! Pins the port's contract tool by tool: a byte-stable tool array, an unknown tool and arguments of
//! any shape, `whats_here`'s rows, `do_action`'s happy path and its malformed-argument answers, and
//! the teaching refusal (not an attempt). The confirm gate, journeys and `did_it_work` / `why` are in
//! tests/serve_port_confirm.rs, serve_port_journeys.rs and serve_port_why.rs; helpers in
//! tests/port_support.

mod port_support;
mod session_support;

use std::rc::Rc;

use groundfacts::graph::def::from_json_text;
use groundfacts::host::HandlerOutcome;
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::{SessionOptions, SyncOptions, UpdateOptions};
use port_support::*;
use serde_json::json;
use session_support::*;

// ── the tool array ──────────────────────────────────────────────────────────────────────────────

#[test]
fn the_tool_array_is_byte_stable_across_navigation_frames_state_mounts_and_history() {
    let (port, session) = port();
    let before = tools_bytes(&port);
    let names: Vec<String> = port.tools().into_iter().map(|t| t.name).collect();
    assert_eq!(
        names,
        [
            "wizard.journey.new-project",
            "wizard.whats_here",
            "wizard.why",
            "wizard.do_action",
            "wizard.did_it_work"
        ]
    );

    port.call("wizard.journey.new-project", &json!({}));
    assert_eq!(tools_bytes(&port), before, "frame opened");
    seed_name(&port);
    session
        .update_state(
            &json!({"project.recipe": "time-course"}),
            UpdateOptions::default(),
        )
        .unwrap();
    assert_eq!(tools_bytes(&port), before, "state changed");
    let mount = session
        .register_actions(
            "wizard",
            vec![],
            vec![(
                "preview".into(),
                from_json_text(r#"{"does":"Preview the project"}"#).unwrap(),
            )],
        )
        .unwrap();
    assert!(session
        .available()
        .edges
        .iter()
        .any(|e| e.affordance_id == "wizard.preview"));
    assert_eq!(tools_bytes(&port), before, "an action mounted");
    session.unregister(&mount).unwrap();
    session.sync("projects", SyncOptions::default()).unwrap();
    assert_eq!(tools_bytes(&port), before, "navigated and unmounted");
    port.call("wizard.do_action", &json!({"action": "nothing-like-this"}));
    port.call(
        "wizard.journey.new-project",
        &json!({"step": "create-project"}),
    );
    assert_eq!(tools_bytes(&port), before, "history grew");
}

#[test]
fn an_unknown_tool_is_answered_with_the_tools_that_exist() {
    let (port, session) = port();
    let before = ledgers(&session);
    for name in ["wizard.journey", "whats_here", "wizard.leave-journey", ""] {
        let r = port.call(name, &json!({}));
        assert_eq!(r["reason"], "UNKNOWN_TOOL", "{name}");
        assert_eq!(r["ok"], false);
        assert_eq!(r["tools"].as_array().unwrap().len(), 5);
    }
    assert_eq!(ledgers(&session), before);
}

#[test]
fn arguments_of_any_shape_never_panic_and_always_answer_an_object() {
    let (port, _session) = port();
    let shapes = [
        json!(null),
        json!([]),
        json!("x"),
        json!(3),
        json!({"action": 1, "step": [], "input": "x", "confirm": "yes"}),
    ];
    for tool in port.tools() {
        for args in &shapes {
            let r = port.call(&tool.name, args);
            assert!(r.is_object(), "{} {args}", tool.name);
            assert!(r.get("ok").is_some(), "{} {args}", tool.name);
        }
    }
}

// ── whats_here ──────────────────────────────────────────────────────────────────────────────────

#[test]
fn whats_here_serves_every_row_in_available_order_even_with_a_frame_open() {
    let (port, _session) = port();
    port.call("wizard.journey.new-project", &json!({}));
    let r = port.call("wizard.whats_here", &json!({"sinceVersion": "nonsense"}));
    let keys: Vec<&String> = r.as_object().unwrap().keys().collect();
    assert_eq!(keys[..3], ["ok", "facts", "brief"]);
    let rows = r["actions"].as_array().unwrap();
    assert_eq!(
        rows.len(),
        4,
        "the frame does not narrow whats_here: the cross-links stay"
    );
    assert_eq!(
        rows[1],
        json!({"action":"wizard.next-to-review","does":"Go on to the review step","goesTo":"review","enabled":false,"blockedBecause":[{"key":"project.recipe","op":"ne","expected":""}],"unblockedBy":[{"action":"wizard.pick-recipe","viaKeys":["project.recipe"]}],"expects":"none"})
    );
    assert_eq!(rows[2]["action"], "go-to-projects");
    assert_eq!(rows[2]["goesTo"], "projects");
    assert_eq!(
        r["journeys"],
        json!([{"journey":"new-project","does":"Create a project: name it, pick a recipe, review it, create it","frame":"open"}])
    );
    assert_eq!(r["youAreOn"], "wizard");
    assert_eq!(r["version"], 2);
}

#[test]
fn whats_here_marks_a_high_effect_row_and_lists_journeys_that_start_elsewhere() {
    let (port, _session) = port();
    walk_to_review(&port);
    let r = port.call("wizard.whats_here", &json!({}));
    assert_eq!(r["youAreOn"], "review");
    assert_eq!(
        r["actions"][0],
        json!({"action":"review.create-project","does":"Create the project","highEffect":true,"expects":"none"})
    );
    assert_eq!(r["journeys"], json!([]));
    assert_eq!(r["journeysElsewhere"], json!(["new-project"]));
}

// ── do_action ───────────────────────────────────────────────────────────────────────────────────

#[test]
fn do_action_without_an_action_names_what_is_served_and_does_nothing() {
    let (port, session) = port();
    let before = ledgers(&session);
    for args in [json!({}), json!({"action": ""}), json!({"action": 42})] {
        let r = port.call("wizard.do_action", &args);
        assert_eq!(r["reason"], "ACTION_REQUIRED", "{args}");
        assert_eq!(r["judgment"], "error");
        assert_eq!(
            r["actions"],
            json!([
                "wizard.name-it",
                "wizard.next-to-review",
                "go-to-projects",
                "go-to-review"
            ])
        );
        assert!(r["why"].as_str().unwrap().contains("Nothing was performed"));
    }
    assert_eq!(ledgers(&session), before);
}

#[test]
fn do_action_fires_by_full_id_or_unique_suffix_and_reports_the_settlement() {
    let (port, session) = port();
    let r = port.call(
        "wizard.do_action",
        &json!({"action": "wizard.name-it", "input": {"name": "A"}}),
    );
    assert_eq!(r["ok"], true);
    assert_eq!(r["did"], "wizard.name-it");
    assert_eq!(r["settlement"], "settled");
    assert_eq!(r["effectStatus"], "performed");
    assert_eq!(r["transitionId"], "wizard.name-it#1");
    assert!(
        r.get("howToSettle").is_none(),
        "only a pending fire is told how to settle"
    );
    let r = port.call("wizard.do_action", &json!({"action": "go-to-projects"}));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["youAreOn"], "projects");
    assert_eq!(session.node(), "projects");
}

#[test]
fn a_pending_fire_is_told_which_tool_settles_it() {
    let Wizard { session, host, .. } = wizard(true, false, SessionOptions::default());
    let session = Rc::new(session);
    let port = AgentPort::new(Rc::clone(&session), PortOptions::default());
    // A mount-declared action that declares a write, whose handler returns without the app reporting.
    let quiet = host.handler(|_s, _input| HandlerOutcome::Returned(None));
    let def = from_json_text(r#"{"does":"Save a draft","writes":["draft.saved"]}"#).unwrap();
    session
        .register_actions(
            "wizard",
            vec![("save-draft".into(), quiet)],
            vec![("save-draft".into(), def)],
        )
        .unwrap();
    let r = port.call("wizard.do_action", &json!({"action": "save-draft"}));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["settlement"], "awaiting-state");
    assert_eq!(r["effectStatus"], "pending");
    assert_eq!(
        r["settleWith"],
        json!({"tool": "wizard.did_it_work", "arg": "transitionId"})
    );
    assert!(r["howToSettle"]
        .as_str()
        .unwrap()
        .contains("wizard.did_it_work"));
    let poll = port.call(
        "wizard.did_it_work",
        &json!({"transitionId": r["transitionId"]}),
    );
    assert_eq!(poll["settled"], false);
    assert_eq!(poll["judgment"], "still-pending");
    assert_eq!(poll["did"], "wizard.save-draft");
    let missing = port.call("wizard.did_it_work", &json!({}));
    assert_eq!(missing["reason"], "TRANSITION_ID_REQUIRED");
    assert_eq!(missing["pending"], json!([r["transitionId"]]));
}

#[test]
fn the_teaching_refusal_names_the_three_cases_and_is_never_an_attempt() {
    let (port, session) = port();
    let before = ledgers(&session);
    let facts_before = session.gaps();

    // 1. The graph has no such action: no why, nothing invented.
    let r = port.call("wizard.do_action", &json!({"action": "delete-everything"}));
    assert_eq!(r["reason"], "UNKNOWN_ACTION");
    assert_eq!(r["judgment"], "error");
    assert!(r.get("why").is_none());
    assert_eq!(r["actions"].as_array().unwrap().len(), 4);

    // 2. Declared on another page: go there first.
    let r = port.call("wizard.do_action", &json!({"action": "create-project"}));
    assert_eq!(r["reason"], "UNKNOWN_ACTION");
    assert!(r["why"]
        .as_str()
        .unwrap()
        .contains("not offered on this page"));
    assert_eq!(r["offeredOn"], json!(["review"]));

    // 3. Here, guard failing: conditions unmet, with the same evidence a GUARD_FAILED fire carries.
    let r = port.call(
        "wizard.do_action",
        &json!({"action": "pick-recipe", "input": {"recipe": "dose-response"}}),
    );
    assert_eq!(r["reason"], "UNKNOWN_ACTION");
    assert!(r["why"]
        .as_str()
        .unwrap()
        .contains("conditions are not met"));
    assert_eq!(r["evidence"][0]["key"], "project.name");
    assert_eq!(r["evidence"][0]["result"], false);

    assert_eq!(ledgers(&session), before, "no fire, no gap row, no bump");
    assert_eq!(session.gaps(), facts_before);
}

#[test]
fn a_greyed_action_is_fired_and_refused_as_a_recorded_attempt() {
    let (port, session) = port();
    let r = port.call("wizard.do_action", &json!({"action": "next-to-review"}));
    assert_eq!(r["judgment"], "rejected");
    assert_eq!(r["reason"], "TOOL_DISABLED");
    assert_eq!(r["retriable"], true);
    assert!(r["why"].as_str().unwrap().contains("switched off"));
    assert_eq!(session.gaps().len(), 1);
}

#[test]
fn a_bad_payload_is_refused_with_what_it_expects() {
    let (port, _session) = port();
    let r = port.call(
        "wizard.do_action",
        &json!({"action": "name-it", "input": {"title": 3}}),
    );
    assert_eq!(r["reason"], "PAYLOAD_INVALID", "{r}");
    assert_eq!(r["expects"]["required"], json!(["name"]));
    assert!(r.get("retriable").is_none());
}
