//! Pins the guard language: the eight operators, missing keys as unknown, mixed types, evidence rows and filter shape checks.

use groundfacts::graph::def::from_json_text;
use groundfacts::graph::guards::{compile_filter, evaluate, FilterUse, GuardVerdict};
use serde_json::{json, Map, Value};

fn verdict(filter: &str, state: Value) -> GuardVerdict {
    let def = from_json_text(filter).expect("filter json");
    let filter = compile_filter(&def, "action 'p.x'", FilterUse::When).expect("valid filter");
    let state: Map<String, Value> = match state {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    evaluate(&filter, &state)
}

fn holds(filter: &str, state: Value) -> bool {
    verdict(filter, state).passed
}

#[test]
fn eq_and_ne_use_structural_equality() {
    assert!(holds(r#"{"k":{"eq":1}}"#, json!({"k": 1.0})));
    assert!(!holds(r#"{"k":{"eq":1}}"#, json!({"k": "1"})));
    assert!(holds(r#"{"k":{"eq":null}}"#, json!({"k": null})));
    assert!(holds(
        r#"{"k":{"eq":[1,{"a":2}]}}"#,
        json!({"k": [1, {"a": 2}]})
    ));
    assert!(holds(
        r#"{"k":{"eq":{"a":1,"b":2}}}"#,
        json!({"k": {"b": 2, "a": 1}})
    ));
    assert!(!holds(r#"{"k":{"eq":[1,2]}}"#, json!({"k": [2, 1]})));
    assert!(holds(r#"{"k":{"ne":""}}"#, json!({"k": null})));
    assert!(!holds(r#"{"k":{"ne":""}}"#, json!({"k": ""})));
    assert!(!holds(r#"{"k":{"ne":{"a":1}}}"#, json!({"k": {"a": 1}})));
}

#[test]
fn in_and_not_in_match_structurally() {
    assert!(holds(r#"{"k":{"in":["a","b"]}}"#, json!({"k": "b"})));
    assert!(!holds(r#"{"k":{"in":["a","b"]}}"#, json!({"k": "c"})));
    assert!(holds(r#"{"k":{"in":[[1],[2]]}}"#, json!({"k": [2]})));
    assert!(holds(r#"{"k":{"notIn":["a"]}}"#, json!({"k": "b"})));
    assert!(!holds(
        r#"{"k":{"notIn":[{"x":1}]}}"#,
        json!({"k": {"x": 1}})
    ));
    assert!(!holds(r#"{"k":{"in":[]}}"#, json!({"k": 1})));
}

#[test]
fn relational_operators_compare_numbers_and_strings() {
    assert!(holds(r#"{"k":{"gt":0}}"#, json!({"k": 1})));
    assert!(!holds(r#"{"k":{"gt":1}}"#, json!({"k": 1})));
    assert!(holds(r#"{"k":{"gte":1}}"#, json!({"k": 1})));
    assert!(holds(r#"{"k":{"lt":2}}"#, json!({"k": 1.5})));
    assert!(holds(r#"{"k":{"lte":1}}"#, json!({"k": 1})));
    assert!(!holds(r#"{"k":{"lte":1}}"#, json!({"k": 2})));
    // Strings compare lexicographically: "10" sorts before "9".
    assert!(!holds(r#"{"k":{"gt":"9"}}"#, json!({"k": "10"})));
    assert!(holds(r#"{"k":{"lt":"b"}}"#, json!({"k": "a"})));
    assert!(holds(r#"{"k":{"gte":"a","lte":"a"}}"#, json!({"k": "a"})));
}

#[test]
fn mixed_type_comparison_fails_with_a_note() {
    let v = verdict(r#"{"k":{"gt":3}}"#, json!({"k": "5"}));
    assert!(!v.passed);
    let row = &v.evidence[0];
    assert!(!row.result);
    let note = row.note.as_deref().unwrap_or("");
    assert!(
        note.contains("a string") && note.contains("a number"),
        "{note}"
    );
    let v = verdict(r#"{"k":{"lte":"a"}}"#, json!({"k": null}));
    assert!(!v.passed);
    assert!(v.evidence[0].note.is_some());
    // Equality across types is plain falsity, with no note.
    let v = verdict(r#"{"k":{"eq":1}}"#, json!({"k": "1"}));
    assert_eq!(v.evidence[0].note, None);
}

#[test]
fn missing_keys_are_unevaluable_and_never_fail() {
    let v = verdict(r#"{"sel":{"ne":""}}"#, json!({}));
    assert!(v.passed);
    assert!(!v.held_fully());
    assert_eq!(v.unevaluated, vec!["sel".to_string()]);
    assert!(v.evidence.is_empty());

    let v = verdict(r#"{"a":{"gt":0,"lt":5},"b":{"eq":1}}"#, json!({"b": 2}));
    assert!(!v.passed);
    assert_eq!(v.unevaluated, vec!["a".to_string()]);
    assert_eq!(v.failing().len(), 1);

    let v = verdict(r#"{"a":{"gt":0},"b":{"eq":1}}"#, json!({"b": 1}));
    assert!(v.passed);
    assert_eq!(v.unevaluated, vec!["a".to_string()]);
}

#[test]
fn every_conjunct_yields_an_evidence_row_in_filter_order() {
    let v = verdict(
        r#"{"n":{"gt":0,"lt":10},"t":{"eq":"x"}}"#,
        json!({"n": 20, "t": "x"}),
    );
    let rows: Vec<(String, &str, bool)> = v
        .evidence
        .iter()
        .map(|e| (e.key.clone(), e.op.name(), e.result))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("n".into(), "gt", true),
            ("n".into(), "lt", false),
            ("t".into(), "eq", true)
        ]
    );
    assert_eq!(v.evidence[0].actual_summary, "20");
    assert_eq!(v.evidence[2].actual_summary, "\"x\"");
    let row = serde_json::to_value(&v.evidence[1]).expect("serialises");
    assert_eq!(
        row,
        json!({"key":"n","op":"lt","threshold":10,"actualSummary":"20","result":false})
    );
}

fn shape_error(filter: &str, usage: FilterUse) -> String {
    let def = from_json_text(filter).expect("filter json");
    let err = compile_filter(&def, "action 'p.x'", usage).expect_err("refused");
    assert_eq!(err.code, "BAD_FILTER");
    assert!(err.message.starts_with("groundfacts: "));
    err.message
}

#[test]
fn malformed_filters_are_refused_at_build() {
    assert!(shape_error("{}", FilterUse::When).contains("never be offered"));
    assert!(shape_error("{}", FilterUse::EnabledWhen).contains("always be disabled"));
    assert!(shape_error("{}", FilterUse::Verify).contains("omit `verify`"));
    assert!(shape_error(r#"{"toString":{"eq":1}}"#, FilterUse::When).contains("'toString'"));
    assert!(shape_error(r#"{"admin":true}"#, FilterUse::When).contains("not an operator object"));
    assert!(shape_error(r#"{"admin":["eq"]}"#, FilterUse::When).contains("an array"));
    assert!(shape_error(r#"{"k":null}"#, FilterUse::When).contains("null"));
    assert!(shape_error(r#"{"admin":{}}"#, FilterUse::When).contains("no operator"));
    assert!(shape_error(r#"{"count":{"gle":3}}"#, FilterUse::When).contains("did you mean `gte`?"));
    assert!(shape_error(r#"{"k":{"in":"abc"}}"#, FilterUse::When).contains("not a string"));
    assert!(shape_error("[1]", FilterUse::JourneyWhen).contains("an array"));
}

#[test]
fn lists_over_a_thousand_entries_are_refused_at_build() {
    let ok: Vec<u32> = (0..1000).collect();
    let def = from_json_text(&json!({"k": {"in": ok}}).to_string()).expect("json");
    assert!(compile_filter(&def, "action 'p.x'", FilterUse::When).is_ok());
    let big: Vec<u32> = (0..1001).collect();
    let message = shape_error(&json!({"k": {"notIn": big}}).to_string(), FilterUse::When);
    assert!(message.contains("1001"), "{message}");
}
