//! Pins the port's tool formats: OpenAI (Chat and Responses) and Anthropic tools with names their APIs
//! accept and object input schemas, stable across calls; `call` taking the name of any format; provider
//! tool calls answered in each API's result shape and recorded as attempts; WebMCP descriptors.

mod session_support;

use std::rc::Rc;

use groundfacts::serve::formats::{is_provider_name, is_webmcp_name};
use groundfacts::serve::{AgentPort, PortOptions, ToolFormat};
use groundfacts::session::{Session, SessionOptions};
use serde_json::{json, Value};
use session_support::*;

fn port() -> (AgentPort, Rc<Session>) {
    let Wizard { session, .. } = wizard(true, false, SessionOptions::default());
    let session = Rc::new(session);
    (
        AgentPort::new(Rc::clone(&session), PortOptions::default()),
        session,
    )
}

fn names(tools: &Value, path: &[&str]) -> Vec<String> {
    tools
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            path.iter()
                .fold(t, |v, k| &v[*k])
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn provider_tools_have_valid_names_and_object_schemas_in_each_api_shape() {
    let (port, _) = port();
    let mcp = port.tools_in(ToolFormat::Mcp);
    assert_eq!(
        mcp,
        port.tools_json(),
        "the mcp format is the port's native array"
    );
    for (format, name_path, schema_key) in [
        (ToolFormat::OpenAi, &["function", "name"][..], "parameters"),
        (ToolFormat::OpenAiResponses, &["name"][..], "parameters"),
        (ToolFormat::Anthropic, &["name"][..], "input_schema"),
    ] {
        let tools = port.tools_in(format);
        let list = names(&tools, name_path);
        assert_eq!(list.len(), mcp.as_array().unwrap().len());
        assert!(
            list.iter().all(|n| is_provider_name(n)),
            "{format:?}: {list:?}"
        );
        let mut unique = list.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), list.len(), "names are unique");
        assert!(
            list.contains(&"wizard_journey_new-project".to_string()),
            "{list:?}"
        );
        for tool in tools.as_array().unwrap() {
            let holder = if format == ToolFormat::OpenAi {
                &tool["function"]
            } else {
                tool
            };
            let schema = &holder[schema_key];
            assert_eq!(schema["type"], json!("object"), "{format:?}");
            assert!(schema["properties"].is_object());
            assert!(holder["description"]
                .as_str()
                .is_some_and(|d| !d.is_empty()));
            if format != ToolFormat::Anthropic {
                assert_eq!(tool["type"], json!("function"));
            }
        }
        assert_eq!(
            serde_json::to_string(&tools).unwrap(),
            serde_json::to_string(&port.tools_in(format)).unwrap(),
            "byte-stable"
        );
    }
}

#[test]
fn call_accepts_the_name_of_any_format() {
    let (port, session) = port();
    let dotted = port.call("wizard.whats_here", &json!({}));
    let provider = port.call("wizard_whats_here", &json!({}));
    assert_eq!(dotted, provider);
    let before = session.gaps().len();
    let refused = port.call(
        "wizard_journey_new-project",
        &json!({"step": "next-to-review"}),
    );
    assert_eq!(refused["reason"], json!("TOOL_DISABLED"));
    assert_eq!(
        session.gaps().len(),
        before + 1,
        "a provider-named step call is a recorded attempt"
    );
    assert_eq!(
        port.call("wizard_nope", &json!({}))["reason"],
        json!("UNKNOWN_TOOL")
    );
}

#[test]
fn provider_tool_calls_are_answered_in_their_own_result_shapes() {
    let (port, session) = port();
    let chat = json!({"id": "call_7", "type": "function", "function": {
        "name": "wizard_do_action",
        "arguments": "{\"action\":\"name-it\",\"input\":{\"name\":\"Ion channel screen\"}}"}});
    let answer = port.answer(ToolFormat::OpenAi, &chat);
    assert_eq!(answer["role"], json!("tool"));
    assert_eq!(answer["tool_call_id"], json!("call_7"));
    let result: Value = serde_json::from_str(answer["content"].as_str().unwrap()).unwrap();
    assert_eq!(result["effectStatus"], json!("performed"));
    assert!(groundfacts::facts::ground_truth(&session, None, None)
        .text
        .contains("DID happen — agent fired wizard.name-it"));

    let anthropic = json!({"type": "tool_use", "id": "toolu_1", "name": "wizard_do_action", "input": {"action": "next-to-review"}});
    let answer = port.answer(ToolFormat::Anthropic, &anthropic);
    assert_eq!(answer["type"], json!("tool_result"));
    assert_eq!(answer["tool_use_id"], json!("toolu_1"));
    assert!(
        answer.get("is_error").is_none(),
        "a refusal is an answer, not a tool error"
    );
    assert!(answer["content"]
        .as_str()
        .unwrap()
        .contains("TOOL_DISABLED"));

    let responses = json!({"type": "function_call", "call_id": "fc_1", "name": "wizard_nope", "arguments": "{}"});
    let answer = port.answer(ToolFormat::OpenAiResponses, &responses);
    assert_eq!(answer["type"], json!("function_call_output"));
    assert!(answer["output"].as_str().unwrap().contains("UNKNOWN_TOOL"));

    let anthropic_error = port.answer(
        ToolFormat::Anthropic,
        &json!({"id": "t", "name": "wizard_nope"}),
    );
    assert_eq!(anthropic_error["is_error"], json!(true));
    // No id: answered as data with an empty id, and nothing run (docs/facts-and-serving.md §9).
    let no_id = port.answer(
        ToolFormat::OpenAi,
        &json!({"function": {"name": "wizard_why"}}),
    );
    assert_eq!(no_id["tool_call_id"], json!(""));
    assert!(no_id["content"]
        .as_str()
        .unwrap()
        .contains("CALL_ID_MISSING"));
}

#[test]
fn webmcp_descriptors_mark_the_reading_tools_read_only() {
    let (port, _) = port();
    let tools = port.webmcp_tools();
    for tool in tools.as_array().unwrap() {
        let name = tool["name"].as_str().unwrap();
        assert!(is_webmcp_name(name), "{name}");
        let read_only = ["wizard.whats_here", "wizard.did_it_work", "wizard.why"].contains(&name);
        assert_eq!(
            tool["annotations"]["readOnlyHint"],
            json!(read_only),
            "{name}"
        );
        assert_eq!(tool["inputSchema"]["type"], json!("object"));
    }
}
