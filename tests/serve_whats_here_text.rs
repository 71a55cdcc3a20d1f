//! Pins `whats_here`'s hand-written JSON text (docs/boundary.md, "Speed targets"):
//! `WhatsHere::write_json` must be byte for byte what serde_json writes for the same typed result,
//! in every state a result can be in — greyed rows with their reasons, an app's own switch-off, busy
//! labels, unevaluated guards, unwired rows, high-effect rows, open and startable journeys, journeys
//! elsewhere, `routeTo` to a page and to a name that is none, a claimed arrival, a focus below page
//! level, a `sinceVersion`, and authored text that needs escaping (quotes, backslashes, control
//! characters, line breaks, non-ASCII). The native `call` reads its `Value` back from that text, so
//! every other port test (and the debug `shapes::check`) also reads the hand-written text.

mod session_support;

use std::rc::Rc;

use groundfacts::graph::build_navigation_graph;
use groundfacts::graph::def::from_json_text;
use groundfacts::host::{HandlerOutcome, PredicateAnswer};
use groundfacts::serve::{AgentPort, Answer, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{Principal, Session, SessionOptions, SyncOptions};
use serde_json::{json, Map, Value};
use session_support::{wizard, Wizard};

/// Text that needs every kind of escape JSON has, and some that needs none but is not ASCII.
const ODD: &str = "q\"uo\\te \u{1} tab\t nl\n ’•— 😀 </script> \u{7f}";

/// Call `whats_here` with `args`; the hand-written text must equal serde's, and parse to `call`'s.
fn check(port: &AgentPort, tool: &str, args: Value) -> Value {
    let Answer::WhatsHere(result) = port.call_answer(tool, &args) else {
        panic!("{tool} did not answer with a whats_here result");
    };
    let hand = result.json_text();
    let serde = serde_json::to_string(&*result).unwrap();
    assert_eq!(hand, serde, "write_json differs from serde for {args}");
    let mut taken = *result;
    taken.facts.take();
    taken.brief.take();
    assert_eq!(
        taken.json_text(),
        serde_json::to_string(&taken).unwrap(),
        "with the texts taken out"
    );
    serde_json::from_str(&hand).unwrap()
}

/// Every `whats_here` argument shape a model sends, on the session as it is now.
fn check_all(port: &AgentPort, tool: &str) -> Vec<Value> {
    [
        json!({}),
        json!({"sinceVersion": 1}),
        json!({"sinceVersion": "nonsense"}),
        json!({"routeTo": "away"}),
        json!({"routeTo": "review"}),
        json!({"routeTo": format!("nowhere {ODD}")}),
    ]
    .into_iter()
    .map(|args| check(port, tool, args))
    .collect()
}

fn odd_def() -> Value {
    json!({"pages": {
        "home": {"route": "/", "does": format!("home {ODD}"), "containers": {
            "panel": {"kind": "area", "does": format!("the panel {ODD}")}
        }, "actions": {
            "save": {"does": format!("Save {ODD}"), "writes": ["doc.saved"], "confirm": true,
                "input": {"type": "object", "properties": {ODD: {"type": "string", "description": ODD,
                    "default": 1.5, "enum": [null, true, -3, 1e21]}}}},
            "publish": {"does": "Publish", "input": "none", "when": {"missing.key": {"eq": true}},
                "enabledWhen": {"doc.saved": {"eq": true}}},
            "switch": {"does": "Switch it", "input": "none"},
            "go": {"does": "Go away", "goTo": "away"},
            "free": {"does": "Free-form"}
        }},
        "away": {"route": "/away", "does": "elsewhere", "actions": {
            "back": {"does": "Back home", "goTo": "home", "input": "none"}
        }}
    }, "journeys": {
        "ship-it": {"does": format!("Ship {ODD}"), "steps": ["save", "publish"]},
        "leave": {"does": "Leave", "steps": ["back"]}
    }})
}

fn odd_session(navigate_lands: bool) -> (Rc<ClosureHost>, Rc<Session>) {
    let graph = build_navigation_graph("odd", &from_json_text(&odd_def().to_string()).unwrap())
        .expect("the odd graph compiles");
    let host = Rc::new(ClosureHost::new());
    if navigate_lands {
        host.set_navigate(|s, href| {
            let page = if href == "/away" { "away" } else { "home" };
            let _ = s.sync(page, SyncOptions::default());
            HandlerOutcome::Returned(None)
        });
    } else {
        // The app drops the push: the cursor stands on the fire's claim (decision 20).
        host.set_navigate(|_, _| HandlerOutcome::Returned(None));
    }
    let _ = host.predicate(|_, _| PredicateAnswer::Failed);
    let state: Map<String, Value> = serde_json::from_value(json!({"doc.saved": false})).unwrap();
    let session = Session::new(
        Rc::new(graph),
        host.clone(),
        SessionOptions {
            node: Some("home".into()),
            state: Some(state),
            ..SessionOptions::default()
        },
    )
    .unwrap();
    (host, Rc::new(session))
}

#[test]
fn the_hand_written_text_is_serdes_in_every_state_of_an_app_with_odd_text() {
    for navigate_lands in [true, false] {
        let (host, session) = odd_session(navigate_lands);
        let port = AgentPort::new(Rc::clone(&session), PortOptions::default());
        let mut seen = check_all(&port, "odd.whats_here");
        let saves = host.handler(|s, _| {
            let _ = s.update_state(&json!({"doc.saved": true}), Default::default());
            HandlerOutcome::Returned(None)
        });
        let noop = host.handler(|_, _| HandlerOutcome::Returned(None));
        let group = session
            .register_actions(
                "home",
                vec![("save".into(), saves), ("switch".into(), noop)],
                vec![],
            )
            .unwrap();
        seen.extend(check_all(&port, "odd.whats_here"));
        session.set_enabled(&group, "switch", false).unwrap();
        session
            .set_busy(&group, "save", Some("Saving \"it\" \\ ’•— 😀"))
            .unwrap();
        session
            .observe_focus("home.panel", Principal::User)
            .unwrap();
        seen.extend(check_all(&port, "odd.whats_here"));
        port.call("odd.journey.ship-it", &json!({}));
        seen.extend(check_all(&port, "odd.whats_here"));
        port.call(
            "odd.do_action",
            &json!({"action": "save", "input": {ODD: "x"}}),
        );
        port.call(
            "odd.do_action",
            &json!({"action": "save", "input": {ODD: "x"}, "confirm": true}),
        );
        seen.extend(check_all(&port, "odd.whats_here"));
        port.call("odd.do_action", &json!({"action": "go"}));
        seen.extend(check_all(&port, "odd.whats_here"));
        session.set_busy(&group, "save", None).ok();
        session.unregister(&group).ok();
        seen.extend(check_all(&port, "odd.whats_here"));

        // The states above reach every optional key (so none of them went unchecked).
        let text = serde_json::to_string(&seen).unwrap();
        for key in [
            "\"blockedBecause\"",
            "\"unblockedBy\"",
            "\"enabled\":false",
            "\"busy\"",
            "\"guardUnevaluated\":true",
            "\"materialized\":false",
            "\"highEffect\":true",
            "\"goesTo\"",
            "\"expects\":\"none\"",
            "\"frame\":\"open\"",
            "\"journeysElsewhere\"",
            "\"journeysElsewhereMeans\"",
            "\"routeTo\"",
            "\"lookingAt\"",
        ] {
            assert!(text.contains(key), "no state reached {key}");
        }
        if !navigate_lands {
            assert!(
                text.contains("\"arrival\":\"claimed\""),
                "no claimed arrival"
            );
        }
    }
}

#[test]
fn the_hand_written_text_is_serdes_along_the_seed_wizard() {
    for drop_navigate in [false, true] {
        let Wizard { session, .. } = wizard(true, drop_navigate, SessionOptions::default());
        let session = Rc::new(session);
        let port = AgentPort::new(Rc::clone(&session), PortOptions::default());
        check_all(&port, "wizard.whats_here");
        port.call("wizard.journey.new-project", &json!({}));
        for call in [
            json!({"action": "wizard.name-it", "input": {"name": "A \"quoted\" name"}}),
            json!({"action": "wizard.not-an-action"}),
            json!({"action": "wizard.pick-recipe", "input": {"recipe": "dose-response"}}),
            json!({"action": "wizard.next-to-review"}),
            json!({"action": "review.create-project", "confirm": true}),
        ] {
            port.call("wizard.do_action", &call);
            check_all(&port, "wizard.whats_here");
        }
    }
}
