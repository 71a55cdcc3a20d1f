//! Pins `AgentPort::turn_context` (docs/facts-and-serving.md §10): a fixed instruction that never
//! changes for the port's life and names `whats_here` in the format's own spelling, and the record —
//! the facts block and the brief of this moment — shaped as what goes last in each API's request.

mod session_support;

use std::rc::Rc;

use groundfacts::serve::{AgentPort, ContextFormat, PortOptions, ToolFormat};
use groundfacts::session::SessionOptions;
use serde_json::Value;
use session_support::*;

fn text_of(facts: &Value) -> &str {
    facts["content"]
        .as_str()
        .or_else(|| facts["text"].as_str())
        .unwrap_or_default()
}

#[test]
fn the_instruction_is_fixed_and_the_record_follows_the_session() {
    let Wizard { session, .. } = wizard(true, false, SessionOptions::default());
    let session = Rc::new(session);
    let port = AgentPort::new(Rc::clone(&session), PortOptions::default());
    let formats = [
        ContextFormat::Tools(ToolFormat::OpenAi),
        ContextFormat::Tools(ToolFormat::OpenAiResponses),
        ContextFormat::Tools(ToolFormat::Anthropic),
        ContextFormat::Tools(ToolFormat::Mcp),
        ContextFormat::AiSdk,
    ];
    let before: Vec<Value> = formats.iter().map(|f| port.turn_context(*f)).collect();
    let version = session.version();
    for (format, context) in formats.iter().zip(&before) {
        let text = text_of(&context["facts"]);
        assert!(text.contains(&groundfacts::facts::ground_truth(&session, None, None).text));
        assert!(
            text.starts_with("The app's record as of version"),
            "{format:?}"
        );
        let system = context["system"].as_str().unwrap();
        let spelled = if *format == ContextFormat::Tools(ToolFormat::Mcp) {
            "wizard.whats_here"
        } else {
            "wizard_whats_here"
        };
        assert!(system.contains(spelled), "{format:?}: {system}");
    }
    assert_eq!(session.version(), version, "a read changes nothing");
    assert_eq!(before[0]["facts"]["role"], "user");
    assert_eq!(before[1]["facts"]["type"], "message");
    assert_eq!(before[2]["facts"]["type"], "text");

    port.call(
        "wizard.do_action",
        &serde_json::json!({ "action": "name-it", "input": { "name": "x" } }),
    );
    for (format, old) in formats.iter().zip(&before) {
        let now = port.turn_context(*format);
        assert_eq!(now["system"], old["system"], "{format:?}: fixed");
        assert_ne!(now["facts"], old["facts"], "{format:?}: the record moved");
    }
}
