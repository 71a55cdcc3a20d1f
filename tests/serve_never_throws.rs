//! The port never fails on what a model sends (decision 34, docs/facts-and-serving.md §9): `answer`
//! answers every tool call in the caller's format — arguments that are not JSON, not an object or too
//! large, no tool name, no call id, a repeated call id, unknown names — with a result that answers the
//! call's id, names tools the way the caller does, and runs nothing it could not read. `did_it_work` of
//! a row folded away by `retain` says it happened (decision 25). A seeded fuzz drives every format with
//! random calls and checks each id is answered by exactly one message and a repeat never runs twice.

mod session_support;

use std::rc::Rc;

use groundfacts::serve::answer::{ReadArgs, ReadCall};
use groundfacts::serve::{AgentPort, PortOptions, ToolFormat};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{Session, SessionOptions};
use serde_json::{json, Value};
use session_support::*;

/// The shop (graph id `shop`) with `toggle` (no writes) and `search` wired, and its port.
fn shop(options: SessionOptions) -> (AgentPort, Rc<Session>) {
    let host = Rc::new(ClosureHost::new());
    let options = SessionOptions {
        node: Some("home".into()),
        state: Some(shop_state()),
        ..options
    };
    let session = Rc::new(Session::new(Rc::new(shop_graph(None)), host.clone(), options).unwrap());
    let toggle = returning(&host);
    let search = returning(&host);
    session
        .register_actions(
            "home",
            vec![("toggle".into(), toggle), ("search".into(), search)],
            vec![],
        )
        .unwrap();
    (
        AgentPort::new(Rc::clone(&session), PortOptions::default()),
        session,
    )
}

/// The id a message answers, and the port result it carries.
fn opened(format: ToolFormat, message: &Value) -> (Option<String>, Value) {
    let (id, text) = match format {
        ToolFormat::Mcp => return (None, message["structuredContent"].clone()),
        ToolFormat::OpenAi => (&message["tool_call_id"], &message["content"]),
        ToolFormat::OpenAiResponses => (&message["call_id"], &message["output"]),
        ToolFormat::Anthropic => (&message["tool_use_id"], &message["content"]),
    };
    let result = serde_json::from_str(text.as_str().expect("text")).expect("JSON");
    (id.as_str().map(str::to_string), result)
}

/// A tool call in `format`'s shape; `args` is sent as text for the OpenAI formats when it is a
/// string already, else as the API sends it.
fn tool_call(format: ToolFormat, id: Option<&str>, name: Option<&str>, args: Value) -> Value {
    let mut call = serde_json::Map::new();
    let text = |a: Value| match a {
        Value::String(_) => a,
        other => Value::String(other.to_string()),
    };
    match format {
        ToolFormat::Mcp => {
            if let Some(n) = name {
                call.insert("name".into(), json!(n));
            }
            call.insert("arguments".into(), args);
        }
        ToolFormat::OpenAi => {
            if let Some(i) = id {
                call.insert("id".into(), json!(i));
            }
            let mut function = serde_json::Map::new();
            if let Some(n) = name {
                function.insert("name".into(), json!(n));
            }
            function.insert("arguments".into(), text(args));
            call.insert("function".into(), Value::Object(function));
        }
        ToolFormat::OpenAiResponses => {
            if let Some(i) = id {
                call.insert("call_id".into(), json!(i));
            }
            if let Some(n) = name {
                call.insert("name".into(), json!(n));
            }
            call.insert("arguments".into(), text(args));
        }
        ToolFormat::Anthropic => {
            if let Some(i) = id {
                call.insert("id".into(), json!(i));
            }
            if let Some(n) = name {
                call.insert("name".into(), json!(n));
            }
            call.insert("input".into(), args);
        }
    }
    Value::Object(call)
}

fn name_in(format: ToolFormat, suffix: &str) -> String {
    match format {
        ToolFormat::Mcp => format!("shop.{suffix}"),
        _ => format!("shop_{suffix}"),
    }
}

#[test]
fn arguments_that_are_not_json_or_not_an_object_are_answered_and_nothing_runs() {
    let (port, session) = shop(SessionOptions::default());
    for format in [ToolFormat::OpenAi, ToolFormat::OpenAiResponses] {
        let before = session.version();
        let name = name_in(format, "do_action");
        let c1 = format!("c1-{}", format.as_str());
        let call = tool_call(format, Some(&c1), Some(&name), json!("{\"action\": tog"));
        let (id, result) = opened(format, &port.answer(format, &call));
        assert_eq!(id, Some(c1));
        assert_eq!(result["reason"], "ARGS_NOT_JSON", "{result}");
        assert_eq!(session.version(), before, "nothing ran");
        let c2 = format!("c2-{}", format.as_str());
        let call = tool_call(format, Some(&c2), Some(&name), json!("[1, 2]"));
        let (id, result) = opened(format, &port.answer(format, &call));
        assert_eq!(id, Some(c2));
        assert_eq!(result["reason"], "ARGS_NOT_OBJECT", "{result}");
    }
    for format in [ToolFormat::Mcp, ToolFormat::Anthropic] {
        let call = tool_call(format, Some("c3"), Some(&name_in(format, "why")), json!(7));
        let (_, result) = opened(format, &port.answer(format, &call));
        assert_eq!(result["reason"], "ARGS_NOT_OBJECT", "{result}");
    }
    // `call` itself: a non-object is refused the same way; wrong-typed members read as absent.
    assert_eq!(
        port.call("shop.do_action", &json!(["toggle"]))["reason"],
        "ARGS_NOT_OBJECT"
    );
    assert_eq!(
        port.call("shop.do_action", &json!({"action": 7}))["reason"],
        "ACTION_REQUIRED"
    );
}

#[test]
fn a_missing_id_a_missing_name_and_a_repeated_id_are_answered_as_data() {
    let (port, session) = shop(SessionOptions::default());
    for format in [
        ToolFormat::OpenAi,
        ToolFormat::OpenAiResponses,
        ToolFormat::Anthropic,
    ] {
        let action = name_in(format, "do_action");
        let call = tool_call(format, None, Some(&action), json!({"action": "toggle"}));
        let before = session.transitions().len();
        let (id, result) = opened(format, &port.answer(format, &call));
        assert_eq!(id.as_deref(), Some(""), "{format:?}");
        assert_eq!(result["reason"], "CALL_ID_MISSING");
        assert_eq!(session.transitions().len(), before, "not run without an id");

        let n1 = format!("n1-{}", format.as_str());
        let call = tool_call(format, Some(&n1), None, json!({}));
        let (id, result) = opened(format, &port.answer(format, &call));
        assert_eq!(id, Some(n1));
        assert_eq!(result["reason"], "UNKNOWN_TOOL");

        let id = format!("dup-{}", format.as_str());
        let call = tool_call(
            format,
            Some(&id),
            Some(&action),
            json!({"action": "toggle"}),
        );
        let (_, first) = opened(format, &port.answer(format, &call));
        assert_eq!(first["effectStatus"], "performed", "{first}");
        let fired = session.transitions().len();
        let (again_id, again) = opened(format, &port.answer(format, &call));
        assert_eq!(again_id.as_deref(), Some(id.as_str()));
        assert_eq!(again["reason"], "CALL_ID_REPEATED", "{again}");
        assert_eq!(
            session.transitions().len(),
            fired,
            "a repeat is not run again"
        );
    }
}

#[test]
fn hints_name_tools_the_way_the_caller_does() {
    let (port, session) = shop(SessionOptions::default());
    let listed = |result: &Value| -> Vec<String> {
        result["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect()
    };
    let provider = port.call("shop_nope", &json!({}));
    assert_eq!(provider["reason"], "UNKNOWN_TOOL");
    assert!(listed(&provider).contains(&"shop_whats_here".to_string()));
    assert!(
        listed(&provider).iter().all(|t| !t.contains('.')),
        "{provider}"
    );
    let dotted = port.call("shop.nope", &json!({}));
    assert!(listed(&dotted).contains(&"shop.whats_here".to_string()));
    let via_answer = port.answer(
        ToolFormat::Anthropic,
        &json!({"id": "t1", "name": "shop.nope", "input": {}}),
    );
    let (_, result) = opened(ToolFormat::Anthropic, &via_answer);
    assert!(listed(&result).iter().all(|t| !t.contains('.')), "{result}");
    // A fire waiting for the store points at did_it_work by the caller's name for it.
    let waiting = port.call(
        "shop_do_action",
        &json!({"action": "search", "input": {"q": "x"}}),
    );
    assert_eq!(
        waiting["settleWith"]["tool"], "shop_did_it_work",
        "{waiting}"
    );
    assert!(waiting["howToSettle"]
        .as_str()
        .unwrap()
        .contains("shop_did_it_work"));
    let dotted = port.call(
        "shop.do_action",
        &json!({"action": "search", "input": {"q": "y"}}),
    );
    assert_eq!(dotted["settleWith"]["tool"], "shop.did_it_work");
    drop(session);
}

#[test]
fn arguments_over_the_limit_are_payload_too_large_as_call_records_them() {
    let options = SessionOptions {
        max_value_bytes: Some(1024.0),
        ..SessionOptions::default()
    };
    let (port, session) = shop(options);
    // Too large to be read at all (the JS boundary says so): answered, nothing recorded.
    let before = session.gaps().len();
    let read = ReadCall {
        id: Some("big".into()),
        name: Some("shop_do_action".into()),
        args: ReadArgs::TooLarge,
    };
    let (id, result) = opened(
        ToolFormat::OpenAi,
        &port.answer_read(ToolFormat::OpenAi, read),
    );
    assert_eq!(id.as_deref(), Some("big"));
    assert_eq!(result["reason"], "PAYLOAD_TOO_LARGE", "{result}");
    assert!(result["why"].as_str().unwrap().contains("2048 bytes"));
    assert_eq!(session.gaps().len(), before);
    // An input over the limit inside readable arguments: refused and recorded, as `call` does.
    let big = json!({"action": "search", "input": {"q": "x".repeat(1500)}});
    let call = tool_call(
        ToolFormat::OpenAi,
        Some("big2"),
        Some("shop_do_action"),
        big.clone(),
    );
    let (_, result) = opened(ToolFormat::OpenAi, &port.answer(ToolFormat::OpenAi, &call));
    assert_eq!(result["reason"], "PAYLOAD_TOO_LARGE", "{result}");
    assert_eq!(session.gaps().len(), before + 1, "recorded like call");
    let by_call = port.call("shop.do_action", &big);
    assert_eq!(by_call["reason"], result["reason"]);
    assert_eq!(session.gaps().len(), before + 2);
}

#[test]
fn did_it_work_of_a_folded_fire_says_it_happened_and_its_details_are_gone() {
    let options = SessionOptions {
        retain: Some(3.0),
        ..SessionOptions::default()
    };
    let (port, _session) = shop(options);
    let first = port.call("shop.do_action", &json!({"action": "toggle"}));
    let id = first["transitionId"].as_str().unwrap().to_string();
    for _ in 0..5 {
        port.call("shop.do_action", &json!({"action": "toggle"}));
    }
    let polled = port.call("shop.did_it_work", &json!({"transitionId": id}));
    assert_eq!(polled["judgment"], "folded", "{polled}");
    assert_eq!(polled["reason"], "ROW_FOLDED");
    assert_eq!(polled["did"], "home.toggle");
    assert_eq!(polled["ok"], true);
    // An id this session never made is still unknown.
    let never = port.call(
        "shop.did_it_work",
        &json!({"transitionId": "home.toggle#999"}),
    );
    assert_eq!(never["reason"], "UNKNOWN_TRANSITION", "{never}");
}

/// xorshift64*: a small seeded generator, so a failure is reproducible from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }
}

#[test]
fn fuzz_every_format_answers_each_call_id_once_and_never_runs_a_repeat() {
    let cases: usize = std::env::var("GROUNDFACTS_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(400);
    let (port, session) = shop(SessionOptions::default());
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let names = [
        "whats_here",
        "do_action",
        "did_it_work",
        "why",
        "nope",
        "",
        "do.action",
    ];
    let args = [
        json!({}),
        json!({"action": "toggle"}),
        json!({"action": "search", "input": {"q": "x"}}),
        json!({"action": 7}),
        json!({"transitionId": "home.toggle#1"}),
        json!({"key": "user.plan"}),
        json!([1, 2]),
        json!("{not json"),
        json!("[]"),
        json!(null),
        json!(42),
        json!({"action": "toggle", "confirm": "yes", "input": [1]}),
    ];
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for case in 0..cases {
        let format = *rng.pick(&ToolFormat::ALL);
        let suffix = *rng.pick(&names);
        let name = match rng.next() % 4 {
            0 => None,
            1 => Some(format!("shop.{suffix}")),
            _ => Some(format!("shop_{suffix}")),
        };
        let id = match rng.next() % 5 {
            0 => None,
            1 => Some(format!("r{}", rng.next() % 8)), // often repeated
            _ => Some(format!("c{case}")),
        };
        let call = tool_call(
            format,
            id.as_deref(),
            name.as_deref(),
            rng.pick(&args).clone(),
        );
        let before = session.transitions().len() + session.gaps().len();
        let message = port.answer(format, &call);
        let (answered, result) = opened(format, &message);
        assert!(result["ok"].is_boolean(), "case {case}: {result}");
        if format == ToolFormat::Mcp {
            continue;
        }
        let expect = id.clone().unwrap_or_default();
        assert_eq!(answered.as_deref(), Some(expect.as_str()), "case {case}");
        let Some(id) = id else {
            assert_eq!(result["reason"], "CALL_ID_MISSING", "case {case}");
            continue;
        };
        let runs = seen.entry(id.clone()).or_insert(0);
        *runs += 1;
        if *runs > 1 {
            assert_eq!(
                result["reason"], "CALL_ID_REPEATED",
                "case {case}: {result}"
            );
            let after = session.transitions().len() + session.gaps().len();
            assert_eq!(after, before, "case {case}: a repeat ran");
        } else {
            assert_ne!(result["reason"], "CALL_ID_REPEATED", "case {case}");
        }
    }
}
