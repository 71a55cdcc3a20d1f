//! Snapshot and restore (docs/session.md §18): the seed wizard survives a "reload" — same version,
//! facts block and brief, counters continuing — re-registering the same handlers changes nothing,
//! retention's folded counts survive, open fires come back open, and every refusal is typed.

mod session_support;

use groundfacts::facts::{context_brief, ground_truth};
use groundfacts::session::*;
use serde_json::{json, Value};
use session_support::*;

/// The seed run through step 8 (version 12).
fn seed_run() -> Wizard {
    let w = wizard(true, false, SessionOptions::default());
    let s = &w.session;
    s.commit_journey("new-project").unwrap();
    s.fire("wizard.next-to-review", agent(None)).unwrap();
    s.fire(
        "wizard.name-it",
        agent(Some(json!({"name": "Ion channel screen"}))),
    )
    .unwrap();
    s.fire(
        "wizard.pick-recipe",
        agent(Some(json!({"recipe": "not-a-recipe"}))),
    )
    .unwrap();
    s.fire(
        "wizard.pick-recipe",
        agent(Some(json!({"recipe": "dose-response"}))),
    )
    .unwrap();
    s.fire("wizard.next-to-review", agent(None)).unwrap();
    s.confirm_ask("review.create-project", Principal::Agent, None)
        .unwrap();
    s.fire("review.create-project", agent(None)).unwrap();
    assert_eq!(s.version(), 12);
    w
}

fn json_of(s: &Session) -> Value {
    // Through text, as sessionStorage keeps it.
    let text = serde_json::to_string(&s.snapshot()).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn facts(s: &Session) -> (String, String) {
    (
        ground_truth(s, None, None).text,
        context_brief(s, None).text,
    )
}

#[test]
fn the_seed_wizard_survives_a_reload_with_the_same_version_facts_and_brief() {
    let w = seed_run();
    let before = facts(&w.session);
    assert!(before
        .0
        .ends_with(&SEED_FACTS_BLOCK[SEED_FACTS_BLOCK.find("You are on").unwrap()..]));
    let snapshot = json_of(&w.session);
    assert_eq!(snapshot["format"], json!(SNAPSHOT_FORMAT));
    assert_eq!(snapshot["formatVersion"], json!(1));

    // Restored, then the components re-mount (the same two registerActions calls).
    let r = wizard_from(true, false, SessionOptions::default(), Some(&snapshot)).unwrap();
    let s = &r.session;
    assert_eq!(
        s.version(),
        12,
        "re-registering the same handlers bumps nothing"
    );
    assert_eq!(s.node(), "review");
    assert_eq!(facts(s), before);
    assert_eq!(s.transitions(), w.session.transitions());
    assert_eq!(s.gaps(), w.session.gaps());
    assert_eq!(s.asks(), w.session.asks());
    assert_eq!(s.state(), w.session.state());
    assert_eq!(s.journey_frame(), w.session.journey_frame());
    assert_eq!(s.snapshot().transitions, w.session.snapshot().transitions);

    // Counters continue: the next fire and ask are numbered as the original session numbers them.
    let next = s.fire("go-to-projects", agent(None)).unwrap();
    let original = w.session.fire("go-to-projects", agent(None)).unwrap();
    assert_eq!(next.transition_id.as_deref(), Some("go-to-projects#6"));
    assert_eq!(next.transition_id, original.transition_id);
    assert_eq!(next.version, original.version);
    let ask = s
        .confirm_ask("review.create-project", Principal::Agent, None)
        .unwrap();
    assert_eq!(ask.ask_id, "ask#2");
}

#[test]
fn right_after_restore_before_any_remount_the_facts_and_version_are_the_originals() {
    let w = seed_run();
    let snapshot = json_of(&w.session);
    let host = std::rc::Rc::new(groundfacts::session::test_host::ClosureHost::new());
    let graph = w.session.graph();
    let s = Session::restore(graph, host, SessionOptions::default(), &snapshot).unwrap();
    assert_eq!(s.version(), 12);
    assert_eq!(facts(&s), facts(&w.session));
    // Captions are the rows' own words, with nothing registered yet.
    let rows = s.transitions();
    assert_eq!(rows[1].cause.does.as_deref(), Some("Name the project"));
}
