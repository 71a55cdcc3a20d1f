//! Pins input contracts: compiling `input`, the one-line `expects`, and the structural payload check.

use groundfacts::graph::def::{from_json_text, DefValue};
use groundfacts::graph::input::{check_payload, compile_input, expects_text};
use groundfacts::graph::InputContract;
use groundfacts::host::CallbackId;
use serde_json::json;

fn contract(text: &str) -> InputContract {
    compile_input(&from_json_text(text).expect("json"), "action 'p.x'").expect("accepted")
}

#[test]
fn none_and_schemas_compile_and_everything_else_is_refused() {
    assert_eq!(
        compile_input(&DefValue::Undefined, "a").ok(),
        Some(InputContract::Unknown)
    );
    assert_eq!(contract(r#""none""#), InputContract::NoInput);
    assert!(matches!(
        contract(r#"{"type":"object"}"#),
        InputContract::Schema(_)
    ));
    assert!(matches!(
        contract(r#"{"properties":{"a":{}}}"#),
        InputContract::Schema(_)
    ));
    for bad in [
        r#"{}"#,
        "null",
        "42",
        r#""None""#,
        r#""anything""#,
        r#"{"type":3}"#,
    ] {
        let err =
            compile_input(&from_json_text(bad).expect("json"), "action 'p.x'").expect_err(bad);
        assert_eq!(err.code, "BAD_INPUT");
        assert!(
            err.message.contains("'none'") && err.message.contains("action 'p.x'"),
            "{}",
            err.message
        );
    }
    let with_fn = DefValue::Object(vec![
        ("type".into(), DefValue::String("object".into())),
        ("default".into(), DefValue::Function(CallbackId(3))),
    ]);
    assert_eq!(
        compile_input(&with_fn, "a").expect_err("fn").code,
        "BAD_INPUT"
    );
}

#[test]
fn expects_is_one_line() {
    assert_eq!(expects_text(&InputContract::Unknown), None);
    assert_eq!(
        expects_text(&InputContract::NoInput).as_deref(),
        Some("none")
    );
    let name = contract(
        r#"{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}"#,
    );
    assert_eq!(expects_text(&name).as_deref(), Some("{ name: string }"));
    let mixed = contract(
        r#"{"type":"object","properties":{"a":{"type":"number"},"b":{},"c":{"type":"object","properties":{"d":{"type":"string"}}}},"required":["a"]}"#,
    );
    assert_eq!(
        expects_text(&mixed).as_deref(),
        Some("{ a: number, b?: any, c?: object }")
    );
    assert_eq!(
        expects_text(&contract(r#"{"type":"string"}"#)).as_deref(),
        Some("string")
    );
    assert_eq!(
        expects_text(&contract(r#"{"type":["object","null"],"properties":{}}"#)).as_deref(),
        Some("object")
    );
}

#[test]
fn none_accepts_and_erases_blank_payloads() {
    let none = InputContract::NoInput;
    assert_eq!(check_payload(&none, None), Ok(None));
    assert_eq!(check_payload(&none, Some(&json!(""))), Ok(None));
    assert_eq!(check_payload(&none, Some(&json!({}))), Ok(None));
    for bad in [
        json!(null),
        json!({"value": ""}),
        json!("x"),
        json!(0),
        json!([]),
    ] {
        let issues = check_payload(&none, Some(&bad)).expect_err("refused");
        assert!(issues[0].contains("takes no input"), "{issues:?}");
    }
    let issues = check_payload(&none, Some(&json!({"value": "secret"}))).expect_err("refused");
    assert!(issues[0].contains("{ value: string }") && !issues[0].contains("secret"));
}

#[test]
fn unknown_contract_passes_payloads_untouched() {
    assert_eq!(
        check_payload(&InputContract::Unknown, Some(&json!(""))),
        Ok(Some(json!("")))
    );
    assert_eq!(check_payload(&InputContract::Unknown, None), Ok(None));
}

#[test]
fn schemas_judge_required_keys_types_and_closed_objects() {
    let schema = contract(
        r#"{"type":"object","properties":{"name":{"type":"string"},"n":{"type":"integer"},
            "inner":{"type":"object","properties":{"x":{"type":"boolean"}},"required":["x"]}},
            "required":["name"],"additionalProperties":false}"#,
    );
    assert_eq!(
        check_payload(&schema, Some(&json!({"name": "a"}))),
        Ok(Some(json!({"name": "a"})))
    );
    let issues = check_payload(&schema, Some(&json!({"nam": "a"}))).expect_err("missing");
    let all = issues.join("; ");
    assert!(
        all.contains("missing required key 'name'") && all.contains("unexpected key 'nam'"),
        "{all}"
    );
    assert!(!all.contains("\"a\""));
    let issues = check_payload(&schema, Some(&json!({"name": 1, "n": 1.5}))).expect_err("types");
    let all = issues.join("; ");
    assert!(
        all.contains("'name' should be string, not number")
            && all.contains("'n' should be integer"),
        "{all}"
    );
    let issues =
        check_payload(&schema, Some(&json!({"name": "a", "inner": {}}))).expect_err("nested");
    assert!(issues.join("; ").contains("'inner.x'"));
    assert!(check_payload(&schema, Some(&json!(null))).is_err());
    assert!(check_payload(&schema, None).is_err());
    // '' is a real value for a schema'd action, not a blank.
    assert!(check_payload(&schema, Some(&json!(""))).is_err());
}

#[test]
fn an_object_without_required_keys_may_be_omitted_and_open_objects_take_extra_keys() {
    let optional = contract(r#"{"type":"object","properties":{"a":{"type":"string"}}}"#);
    assert_eq!(check_payload(&optional, None), Ok(None));
    assert!(check_payload(&optional, Some(&json!({"x-trace": 1}))).is_ok());
}
