//! Pins the port's contract tool by tool: a byte-stable tool array, each tool's happy path and its
//! malformed-argument answers, the teaching refusal (not an attempt), and the confirm gate.

mod session_support;

use std::rc::Rc;

use groundfacts::graph::def::from_json_text;
use groundfacts::host::HandlerOutcome;
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::{Session, SessionOptions, SyncOptions, UpdateOptions};
use serde_json::json;
use session_support::*;

fn port() -> (AgentPort, Rc<Session>) {
    let Wizard { session, .. } = wizard(true, false, SessionOptions::default());
    let session = Rc::new(session);
    (
        AgentPort::new(Rc::clone(&session), PortOptions::default()),
        session,
    )
}

fn tools_bytes(port: &AgentPort) -> String {
    serde_json::to_string(&port.tools_json()).unwrap()
}

/// Everything the ledgers hold, to prove a call was not an attempt.
fn ledgers(session: &Session) -> (u64, usize, usize) {
    (
        session.version(),
        session.gaps().len(),
        session.transitions().len(),
    )
}

fn seed_name(port: &AgentPort) {
    let r = port.call(
        "wizard.do_action",
        &json!({"action": "name-it", "input": {"name": "Ion channel screen"}}),
    );
    assert_eq!(r["ok"], true, "{r}");
}

fn walk_to_review(port: &AgentPort) {
    seed_name(port);
    let r = port.call(
        "wizard.do_action",
        &json!({"action": "pick-recipe", "input": {"recipe": "dose-response"}}),
    );
    assert_eq!(r["ok"], true, "{r}");
    let r = port.call("wizard.do_action", &json!({"action": "next-to-review"}));
    assert_eq!(r["ok"], true, "{r}");
}

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

// ── the confirm gate ────────────────────────────────────────────────────────────────────────────

#[test]
fn needs_confirm_then_confirm_true_fires_and_closes_the_ask() {
    let (port, session) = port();
    walk_to_review(&port);
    let before = ledgers(&session);
    let ask = port.call("wizard.do_action", &json!({"action": "create-project"}));
    assert_eq!(ask["ok"], false);
    assert_eq!(ask["judgment"], "needs-confirm");
    assert_eq!(ask["askId"], "ask#1");
    assert_eq!(ask["performed"], false);
    assert_eq!(ask["receipts"]["youAreOn"], "review");
    assert!(ask["howToAct"].as_str().unwrap().contains("confirm: true"));
    assert_eq!(ledgers(&session), before, "an ask is not an attempt");
    assert_eq!(session.asks().len(), 1);

    // Asking again reuses the open card.
    let again = port.call(
        "wizard.do_action",
        &json!({"action": "review.create-project"}),
    );
    assert_eq!(again["askId"], "ask#1");

    let fired = port.call(
        "wizard.do_action",
        &json!({"action": "create-project", "confirm": true}),
    );
    assert_eq!(fired["ok"], true, "{fired}");
    assert!(
        session.asks().is_empty(),
        "ask#1 closed by the confirmed fire"
    );
    let record = session
        .transition(fired["transitionId"].as_str().unwrap())
        .unwrap();
    assert_eq!(record.ask_id.as_deref(), Some("ask#1"));
    // The closed ask answers as the fire that spent it.
    let by_ask = port.call("wizard.did_it_work", &json!({"transitionId": "ask#1"}));
    assert_eq!(by_ask["settled"], true, "{by_ask}");
    assert_eq!(by_ask["did"], "review.create-project");
}

#[test]
fn an_open_ask_is_answered_by_did_it_work_and_a_decline_closes_it_without_firing() {
    let (port, session) = port();
    walk_to_review(&port);
    port.call("wizard.do_action", &json!({"action": "create-project"}));
    let r = port.call("wizard.did_it_work", &json!({"transitionId": "ask#1"}));
    assert_eq!(r["judgment"], "awaiting-human");
    assert_eq!(r["settled"], false);
    assert_eq!(r["did"], "review.create-project");

    let before = ledgers(&session);
    let declined = port.call(
        "wizard.do_action",
        &json!({"action": "create-project", "decline": true}),
    );
    assert_eq!(declined["judgment"], "declined", "{declined}");
    assert_eq!(declined["askId"], "ask#1");
    assert_eq!(ledgers(&session), before, "a decline is not an attempt");
    assert!(
        session.asks().is_empty(),
        "in default mode a relayed no closes the card: it leaves the book"
    );
    let text = groundfacts::facts::ground_truth(&session, None, None).text;
    assert!(
        !text.contains("ask#1"),
        "no ask line is left behind: {text}"
    );
}

// ── journeys ────────────────────────────────────────────────────────────────────────────────────

#[test]
fn an_unknown_step_lists_the_declared_steps_and_is_not_an_attempt() {
    let (port, session) = port();
    port.call("wizard.journey.new-project", &json!({}));
    let before = ledgers(&session);
    let r = port.call(
        "wizard.journey.new-project",
        &json!({"step": "launch-rocket"}),
    );
    assert_eq!(r["reason"], "UNKNOWN_STEP");
    assert_eq!(r["journey"], "new-project");
    assert_eq!(
        r["steps"],
        json!([
            "wizard.name-it",
            "wizard.pick-recipe",
            "wizard.next-to-review",
            "review.create-project"
        ])
    );
    assert_eq!(ledgers(&session), before);
}

#[test]
fn a_step_off_the_current_page_is_an_attempt_refused_by_the_session() {
    let (port, session) = port();
    let r = port.call(
        "wizard.journey.new-project",
        &json!({"step": "create-project"}),
    );
    assert_eq!(r["judgment"], "rejected", "{r}");
    assert_eq!(r["reason"], "NOT_ON_NODE");
    assert_eq!(r["journey"], "new-project");
    assert_eq!(
        session.gaps().len(),
        1,
        "journey steps go through fire(): a refusal is recorded"
    );
    assert_eq!(r["frame"], "open", "frame data rides along");
}

#[test]
fn a_journey_step_result_carries_the_frame_after_the_fire() {
    let (port, _session) = port();
    let r = port.call(
        "wizard.journey.new-project",
        &json!({"step": "name-it", "input": {"name": "A"}}),
    );
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["did"], "wizard.name-it");
    assert_eq!(r["frame"], "open");
    // After naming: pick-recipe is ready, next-to-review still listed (greyed) → two ready.
    let ready: Vec<&str> = r["readySteps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["step"].as_str().unwrap())
        .collect();
    assert_eq!(ready, ["wizard.pick-recipe", "wizard.next-to-review"]);
    assert_eq!(r["judgment"], "needs-choice");
    let later: Vec<&str> = r["laterSteps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["step"].as_str().unwrap())
        .collect();
    assert_eq!(later, ["wizard.name-it", "review.create-project"]);
}

#[test]
fn a_high_effect_step_stops_at_the_gate_inside_a_journey_too() {
    let (port, _session) = port();
    port.call("wizard.journey.new-project", &json!({}));
    walk_to_review(&port);
    let r = port.call(
        "wizard.journey.new-project",
        &json!({"step": "create-project"}),
    );
    assert_eq!(r["judgment"], "needs-confirm", "{r}");
    assert_eq!(r["step"], "review.create-project");
    assert_eq!(r["journey"], "new-project");
    assert_eq!(r["askId"], "ask#1");
    let done = port.call(
        "wizard.journey.new-project",
        &json!({"step": "create-project", "confirm": true}),
    );
    assert_eq!(done["ok"], true, "{done}");
    assert_eq!(
        done["frame"], "completed",
        "every step done closes the frame"
    );
    assert_eq!(done["judgment"], "done");
}

// ── did_it_work / why ───────────────────────────────────────────────────────────────────────────

#[test]
fn did_it_work_on_an_unknown_id_lists_what_is_open() {
    let (port, session) = port();
    let before = ledgers(&session);
    for id in ["wizard.name-it#77", "stimulus:structure-swap#0", "ask#9"] {
        let r = port.call("wizard.did_it_work", &json!({"transitionId": id}));
        assert_eq!(r["reason"], "UNKNOWN_TRANSITION", "{id}");
        assert_eq!(r["pending"], json!([]));
        assert_eq!(r["awaitingHuman"], json!([]));
    }
    assert_eq!(ledgers(&session), before, "a poll is a read");
}

#[test]
fn why_traces_the_fires_that_wrote_a_key() {
    let (port, _session) = port();
    seed_name(&port);
    let r = port.call("wizard.why", &json!({"key": "project.name"}));
    assert_eq!(r["ok"], true);
    assert_eq!(r["holds"], true);
    assert_eq!(r["value"], "Ion channel screen");
    assert_eq!(
        r["chain"],
        json!([{"transitionId":"wizard.name-it#1","did":"wizard.name-it","principal":"agent","version":1,"writesObserved":true}])
    );
    let none = port.call("wizard.why", &json!({"key": "projects.count"}));
    assert_eq!(none["chain"], json!([]));
    assert!(none["why"].is_string());
    let missing = port.call("wizard.why", &json!({"key": 3}));
    assert_eq!(missing["reason"], "KEY_REQUIRED");
    assert!(missing["why"].as_str().unwrap().contains("no list of keys"));
}

#[test]
fn why_also_traces_reports_that_changed_the_key_and_skips_same_value_writes() {
    let (port, session) = port();
    seed_name(&port);
    let user = UpdateOptions {
        principal: Some(groundfacts::session::Principal::User),
        ..Default::default()
    };
    session
        .update_state(&json!({"project.name": "Typed by hand"}), user.clone())
        .unwrap();
    // The same value again, and a report about another key: neither changed project.name.
    session
        .update_state(
            &json!({"project.name": "Typed by hand", "project.recipe": "x"}),
            user,
        )
        .unwrap();
    let r = port.call("wizard.why", &json!({"key": "project.name"}));
    assert_eq!(r["value"], "Typed by hand");
    let chain = r["chain"].as_array().unwrap();
    assert_eq!(chain.len(), 2, "{r}");
    assert_eq!(chain[0]["did"], "wizard.name-it");
    assert_eq!(
        chain[1],
        json!({"transitionId": "stimulus:unknown#2", "reported": true, "principal": "user", "version": 3})
    );
    let recipe = port.call("wizard.why", &json!({"key": "project.recipe"}));
    assert_eq!(
        recipe["chain"][0]["transitionId"], "stimulus:unknown#3",
        "{recipe}"
    );
    // The brief names the changed keys, never their values.
    let brief = groundfacts::facts::context_brief(&session, None);
    assert!(
        brief
            .text
            .contains("  • user reported a change to: project.name\n"),
        "{}",
        brief.text
    );
    assert!(
        brief
            .text
            .contains("  • user reported a change to: project.recipe\n"),
        "{}",
        brief.text
    );
    assert!(!brief.text.contains("Typed by hand"));
}

// ── enforced approval ───────────────────────────────────────────────────────────────────────────

#[test]
fn under_enforced_approval_confirm_is_a_request_and_only_the_human_door_frees_the_fire() {
    let options = SessionOptions {
        require_human_approval: Some(true),
        ..SessionOptions::default()
    };
    let Wizard { session, .. } = wizard(true, false, options);
    let session = Rc::new(session);
    let port = AgentPort::new(Rc::clone(&session), PortOptions::default());
    let open = AgentPort::new(
        Rc::new(wizard(true, false, SessionOptions::default()).session),
        PortOptions::default(),
    );
    assert_ne!(
        tools_bytes(&port),
        tools_bytes(&open),
        "the gated confirm/decline wording is chosen at construction"
    );

    walk_to_review(&port);
    let ask = port.call("wizard.do_action", &json!({"action": "create-project"}));
    assert_eq!(ask["judgment"], "needs-confirm");
    assert_eq!(ask["askId"], "ask#1");

    // confirm:true without a human yes: a recorded refusal, and the question goes back to the human.
    let gaps_before = session.gaps().len();
    let pushed = port.call(
        "wizard.do_action",
        &json!({"action": "create-project", "confirm": true}),
    );
    assert_eq!(pushed["judgment"], "needs-confirm", "{pushed}");
    assert_eq!(pushed["reason"], "APPROVAL_REQUIRED");
    assert_eq!(pushed["did"], "review.create-project");
    assert_eq!(pushed["askId"], "ask#1");
    assert_eq!(
        session.gaps().len(),
        gaps_before + 1,
        "the refused fire is an attempt"
    );

    // A relayed decline closes nothing under enforcement.
    let relayed = port.call(
        "wizard.do_action",
        &json!({"action": "create-project", "decline": true}),
    );
    assert_eq!(relayed["judgment"], "declined");
    assert!(relayed["why"].is_string());
    assert_eq!(
        port.call("wizard.did_it_work", &json!({"transitionId": "ask#1"}))["judgment"],
        "awaiting-human"
    );

    session.approve("ask#1", Some("Ana".into()), None).unwrap();
    assert_eq!(
        port.call("wizard.did_it_work", &json!({"transitionId": "ask#1"}))["judgment"],
        "approved-not-yet-done"
    );
    let fired = port.call(
        "wizard.do_action",
        &json!({"action": "create-project", "confirm": true}),
    );
    assert_eq!(fired["ok"], true, "{fired}");
    assert_eq!(fired["effectStatus"], "performed");
}
