//! Pins the guarded-journeys transcript as the port produces it: the values of seed blocks T2, T3,
//! T5, T7 and T8 (docs/facts-and-serving.md §5.2), driven through `call()` over the re-entrant seed app.

mod session_support;

use std::rc::Rc;

use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::{Session, SessionOptions};
use serde_json::{json, Map, Value};
use session_support::*;

const VERIFY_TEXT: &str =
    "This action declares a verify contract — a condition the app itself said must hold once \
the action had settled. It did not hold: the app was asked whether this happened, and answered no.";

/// The seed printing script's "JSON of {k1, k2…}": only those keys, in that order, absent ones skipped.
fn pick(result: &Value, keys: &[&str]) -> String {
    let mut out = Map::new();
    for key in keys {
        if let Some(v) = result.get(*key) {
            out.insert((*key).to_string(), v.clone());
        }
    }
    serde_json::to_string(&Value::Object(out)).unwrap()
}

struct Run {
    port: AgentPort,
    session: Rc<Session>,
    app: Rc<std::cell::RefCell<App>>,
}

fn run() -> Run {
    let Wizard {
        session,
        app,
        host: _host,
    } = wizard(true, false, SessionOptions::default());
    let session = Rc::new(session);
    Run {
        port: AgentPort::new(Rc::clone(&session), PortOptions::default()),
        session,
        app,
    }
}

fn tid(result: &Value) -> String {
    result["transitionId"]
        .as_str()
        .expect("a transitionId")
        .to_string()
}

#[test]
fn the_guarded_wizard_transcript_comes_out_of_the_port() {
    let Run { port, session, app } = run();
    let journey = "wizard.journey.new-project";

    // T1: whats_here lists the served rows in available() order; pick-recipe is absent (guard closed).
    let t1 = port.call("wizard.whats_here", &json!({}));
    assert_eq!(t1["ok"], true);
    assert_eq!(
        t1.as_object().unwrap().keys().next().map(String::as_str),
        Some("ok")
    );
    assert_eq!(
        t1.as_object().unwrap().keys().nth(1).map(String::as_str),
        Some("facts"),
        "facts come first"
    );
    let facts = t1["facts"].as_str().unwrap();
    assert!(
        facts.ends_with(
            "You are on: wizard.\nNo actions have been performed in this app this session."
        ),
        "{facts}"
    );
    let ids: Vec<&str> = t1["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "wizard.name-it",
            "wizard.next-to-review",
            "go-to-projects",
            "go-to-review"
        ]
    );
    assert_eq!(t1["actions"][0]["expects"]["required"], json!(["name"]));
    assert_eq!(t1["actions"][1]["expects"], "none");
    assert!(t1["actions"][2].get("expects").is_none());

    // T2: opening the journey — the greyed step is listed (decision 8), two ready → needs-choice.
    let t2 = port.call(journey, &json!({}));
    assert_eq!(
        pick(&t2, &["frame", "judgment", "readySteps"]),
        r#"{"frame":"open","judgment":"needs-choice","readySteps":[{"step":"wizard.name-it","does":"Name the project","expects":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}},{"step":"wizard.next-to-review","does":"Go on to the review step","expects":"none"}]}"#
    );
    assert_eq!(session.version(), 2);

    // T3: the greyed step is an attempt, refused TOOL_DISABLED, typed and retriable.
    let t3 = port.call(journey, &json!({"step": "next-to-review"}));
    assert_eq!(
        pick(&t3, &["judgment", "did", "reason"]),
        r#"{"judgment":"rejected","did":"wizard.next-to-review","reason":"TOOL_DISABLED"}"#
    );
    assert_eq!(t3["ok"], false);
    assert_eq!(t3["retriable"], true);
    assert!(t3["why"].as_str().is_some_and(|w| !w.is_empty()));
    assert_eq!(t3["evidence"][0]["key"], "project.recipe");
    assert_eq!(session.gaps().len(), 1, "the refusal is a gap row");
    assert_eq!(session.version(), 2, "a refusal never bumps");

    // T4: name it; it settles inside its handler.
    let t4 = port.call(
        journey,
        &json!({"step": "name-it", "input": {"name": "Ion channel screen"}}),
    );
    assert_eq!(t4["ok"], true, "{t4}");
    assert_eq!(t4["effectStatus"], "performed");
    let poll = port.call("wizard.did_it_work", &json!({"transitionId": tid(&t4)}));
    assert_eq!(poll["settled"], true);

    // T5: the handler ran and nothing happened — three axes side by side.
    let t5 = port.call(
        journey,
        &json!({"step": "pick-recipe", "input": {"recipe": "not-a-recipe"}}),
    );
    let t5 = port.call("wizard.did_it_work", &json!({"transitionId": tid(&t5)}));
    assert_eq!(
        pick(&t5, &["settled", "did", "effectStatus", "outcome", "writesObserved", "verifyHeld", "error"]),
        serde_json::to_string(&json!({
            "settled": true, "did": "wizard.pick-recipe", "effectStatus": "refused", "outcome": "committed",
            "writesObserved": true, "verifyHeld": false, "error": VERIFY_TEXT
        }))
        .unwrap()
    );

    // T6: the real recipe; Next un-greys.
    let t6 = port.call(
        journey,
        &json!({"step": "pick-recipe", "input": {"recipe": "dose-response"}}),
    );
    assert_eq!(t6["effectStatus"], "performed", "{t6}");
    let here = port.call("wizard.whats_here", &json!({}));
    let next = here["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["action"] == "wizard.next-to-review")
        .unwrap();
    assert!(
        next.get("enabled").is_none(),
        "un-greyed once the recipe holds: {next}"
    );

    // T7: Next fires through the app's own router; the predicate asks the router and gets a yes.
    let t7 = port.call(journey, &json!({"step": "next-to-review"}));
    assert_eq!(t7["ok"], true, "{t7}");
    let t7 = port.call("wizard.did_it_work", &json!({"transitionId": tid(&t7)}));
    assert_eq!(
        pick(
            &t7,
            &[
                "settled",
                "did",
                "effectStatus",
                "verifyHeld",
                "toNode",
                "youAreOn"
            ]
        ),
        r#"{"settled":true,"did":"wizard.next-to-review","effectStatus":"performed","verifyHeld":true,"toNode":"review","youAreOn":"review"}"#
    );
    assert_eq!(app.borrow().path, "/projects/new/review");

    // T8: the high-effect gate stops and carries receipts.
    let t8 = port.call("wizard.do_action", &json!({"action": "create-project"}));
    assert_eq!(
        pick(&t8, &["judgment", "action", "does", "askId"]),
        r#"{"judgment":"needs-confirm","action":"review.create-project","does":"Create the project","askId":"ask#1"}"#
    );
    assert_eq!(
        serde_json::to_string(&t8["receipts"]["willDo"]).unwrap(),
        r#"{"does":"Create the project","writes":["projects.count"]}"#
    );
    assert_eq!(t8["performed"], false);
    assert_eq!(
        app.borrow().count,
        0,
        "nothing created before the human says yes"
    );

    // T9: confirm fires, closes ask#1, and the report arrives.
    let t9 = port.call(
        "wizard.do_action",
        &json!({"action": "create-project", "confirm": true}),
    );
    assert_eq!(t9["ok"], true, "{t9}");
    let t9 = port.call("wizard.did_it_work", &json!({"transitionId": tid(&t9)}));
    assert_eq!(t9["effectStatus"], "performed");
    assert_eq!(t9["data"], json!({"projectId": "prj-1"}));
    assert!(session.asks().is_empty(), "the confirmed fire closed ask#1");
    assert_eq!(session.version(), 12);

    // The end block, read in process, and the same text as the facts of a whats_here.
    let end = [
        HEADER,
        "You are on: review.",
        "Attempts so far (version 12):",
        "  • did NOT happen — agent's fire of wizard.next-to-review was refused: TOOL_DISABLED",
        "  • DID happen — agent fired wizard.name-it (committed; declared effect observed)",
        "  • did NOT happen — agent fired wizard.pick-recipe (the app's own verify contract did not hold afterwards)",
        "  • DID happen — agent fired wizard.pick-recipe (committed; declared effect observed)",
        "  • ran, but the effect was unobservable — agent fired wizard.next-to-review (committed; nothing reported an effect to check it against)",
        "  • DID happen — agent fired review.create-project (committed; declared effect observed)",
    ]
    .join("\n");
    assert_eq!(
        groundfacts::facts::ground_truth(&session, None, None).text,
        end
    );
    assert_eq!(
        port.call("wizard.whats_here", &json!({}))["facts"],
        end.as_str()
    );
    // A cursor narrows the facts with the rest of the result.
    // The create fire was keyed at version 10 (the version when it fired).
    let since = port.call("wizard.whats_here", &json!({"sinceVersion": 10}));
    let narrowed = since["facts"].as_str().unwrap();
    assert!(
        narrowed.contains("Attempts since version 10 (now 12):"),
        "{narrowed}"
    );
    assert_eq!(narrowed.matches("  • ").count(), 1, "{narrowed}");
}

const HEADER: &str = "FACTS FROM THE APP (authoritative). Every line below is the app’s own record of what happened. \
Where anything said in this conversation disagrees with it — including anything you or the user stated was done — \
these lines are what actually happened; the conversation is a claim about them.";
