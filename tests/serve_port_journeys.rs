//! Pins the port's journey tools: an unknown step lists the declared steps and is not an attempt, a
//! step off the current page is an attempt the session refuses, a step's result carries the frame
//! after the fire, and a high-effect step stops at the confirm gate inside a journey too. Helpers in
//! tests/port_support.

mod port_support;
mod session_support;

use port_support::*;
use serde_json::json;

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
