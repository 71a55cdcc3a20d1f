//! Pins the port's `did_it_work` and `why`: an unknown id lists what is open; `why` traces the fires
//! that wrote a key and the reports that changed it, skipping same-value writes. Helpers in
//! tests/port_support.

mod port_support;
mod session_support;

use groundfacts::session::UpdateOptions;
use port_support::*;
use serde_json::json;

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
