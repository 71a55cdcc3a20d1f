//! Pins decision 36 (docs/graph.md §11): every JSON-Schema keyword an input contract accepts is
//! checked on a fire, at every level, with a refusal naming the argument, the rule and the allowed
//! range or set (never the received value); any other keyword is refused at authoring
//! `UNSUPPORTED_KEY` naming it, and a malformed keyword value `BAD_INPUT`.

use groundfacts::graph::def::from_json_text;
use groundfacts::graph::input::{check_payload, compile_input};
use groundfacts::graph::schema::CHECKED_KEYWORDS;
use groundfacts::graph::InputContract;
use serde_json::{json, Value};

fn contract(schema: Value) -> InputContract {
    compile_input(
        &from_json_text(&schema.to_string()).expect("json"),
        "action 'book.reserve'",
    )
    .expect("accepted")
}

fn refusal(schema: &InputContract, payload: Value) -> String {
    check_payload(schema, Some(&payload))
        .expect_err("refused")
        .join("; ")
}

fn accepts(schema: &InputContract, payload: Value) -> bool {
    check_payload(schema, Some(&payload)).is_ok()
}

fn authoring_error(schema: Value) -> (String, String) {
    let e = compile_input(
        &from_json_text(&schema.to_string()).expect("json"),
        "action 'book.reserve'",
    )
    .expect_err("refused");
    (e.code.to_string(), e.message)
}

#[test]
fn numeric_bounds_are_enforced_and_named_with_the_allowed_range() {
    let c = contract(json!({
        "type": "object",
        "properties": {
            "nights": {"type": "integer", "minimum": 1, "maximum": 14},
            "rate": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}
        },
        "required": ["nights"]
    }));
    assert!(accepts(&c, json!({"nights": 1})));
    assert!(accepts(&c, json!({"nights": 14, "rate": 0.5})));
    let low = refusal(&c, json!({"nights": 0}));
    assert!(low.contains("'nights' must be ≥ 1 (minimum 1)"), "{low}");
    let high = refusal(&c, json!({"nights": 99}));
    assert!(
        high.contains("'nights' must be ≤ 14 (maximum 14)"),
        "{high}"
    );
    assert!(
        !high.contains("99"),
        "the received value is never shown: {high}"
    );
    let edge = refusal(&c, json!({"nights": 2, "rate": 0}));
    assert!(
        edge.contains("'rate' must be > 0 (exclusiveMinimum 0)"),
        "{edge}"
    );
    let edge = refusal(&c, json!({"nights": 2, "rate": 1}));
    assert!(
        edge.contains("'rate' must be < 1 (exclusiveMaximum 1)"),
        "{edge}"
    );
}

#[test]
fn enum_and_const_name_the_allowed_set() {
    let c = contract(json!({
        "type": "object",
        "properties": {
            "room": {"type": "string", "enum": ["single", "double"]},
            "agree": {"const": true},
            "size": {"enum": [1, 2]}
        }
    }));
    assert!(accepts(
        &c,
        json!({"room": "double", "agree": true, "size": 2.0})
    ));
    let r = refusal(&c, json!({"room": "suite"}));
    assert!(
        r.contains(r#"'room' must be one of "single", "double" (enum)"#),
        "{r}"
    );
    assert!(!r.contains("suite"), "{r}");
    let r = refusal(&c, json!({"agree": false}));
    assert!(r.contains("'agree' must be exactly true (const)"), "{r}");
}

#[test]
fn string_lengths_count_code_points_and_patterns_match() {
    let c = contract(json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 2, "maxLength": 3},
            "code": {"type": "string", "pattern": "^[A-Z]{3}$"}
        }
    }));
    // Three code points, nine UTF-8 bytes, six UTF-16 units for the emoji pair: still three.
    assert!(accepts(&c, json!({"name": "✓😀é"})));
    assert!(accepts(&c, json!({"name": "ab", "code": "LHR"})));
    let r = refusal(&c, json!({"name": "a"}));
    assert!(
        r.contains("'name' must have at least 2 characters (minLength 2)"),
        "{r}"
    );
    let r = refusal(&c, json!({"name": "😀😀😀😀"}));
    assert!(
        r.contains("'name' must have at most 3 characters (maxLength 3)"),
        "{r}"
    );
    let r = refusal(&c, json!({"code": "lhr"}));
    assert!(
        r.contains(r#"'code' must match the pattern "^[A-Z]{3}$" (pattern)"#),
        "{r}"
    );
}

#[test]
fn arrays_check_their_counts_and_every_item_at_any_depth() {
    let c = contract(json!({
        "type": "object",
        "properties": {
            "guests": {
                "type": "array", "minItems": 1, "maxItems": 2,
                "items": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
                    "required": ["name"],
                    "additionalProperties": false
                }
            }
        }
    }));
    assert!(accepts(&c, json!({"guests": [{"name": "A", "age": 3}]})));
    let r = refusal(&c, json!({"guests": []}));
    assert!(
        r.contains("'guests' must have at least 1 item (minItems 1)"),
        "{r}"
    );
    let r = refusal(
        &c,
        json!({"guests": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}),
    );
    assert!(
        r.contains("'guests' must have at most 2 items (maxItems 2)"),
        "{r}"
    );
    let r = refusal(
        &c,
        json!({"guests": [{"name": "a"}, {"age": -1, "pet": 1}]}),
    );
    assert!(r.contains("missing required key 'guests[1].name'"), "{r}");
    assert!(r.contains("'guests[1].age' must be ≥ 0 (minimum 0)"), "{r}");
    assert!(r.contains("unexpected key 'guests[1].pet'"), "{r}");
    let r = refusal(&c, json!({"guests": [{"name": 5}]}));
    assert!(
        r.contains("'guests[0].name' should be string, not number"),
        "{r}"
    );
}

#[test]
fn deep_levels_are_judged_and_additional_properties_may_be_a_schema() {
    let c = contract(json!({
        "type": "object",
        "properties": {"a": {"type": "object", "properties": {"b": {"type": "object",
            "properties": {"c": {"type": "integer", "maximum": 3}}}}}},
        "additionalProperties": {"type": "string"}
    }));
    let r = refusal(&c, json!({"a": {"b": {"c": 4}}}));
    assert!(r.contains("'a.b.c' must be ≤ 3 (maximum 3)"), "{r}");
    assert!(accepts(&c, json!({"note": "free text"})));
    let r = refusal(&c, json!({"note": 1}));
    assert!(r.contains("'note' should be string, not number"), "{r}");
}

#[test]
fn a_bare_type_contract_names_the_input_itself_and_type_lists_are_unions() {
    let c = contract(json!({"type": "integer", "minimum": 1}));
    let r = refusal(&c, json!(0));
    assert!(r.contains("the input must be ≥ 1 (minimum 1)"), "{r}");
    let r = refusal(&c, json!("x"));
    assert!(r.contains("expected integer, received string"), "{r}");
    let c = contract(json!({"type": "object", "properties": {"n": {"type": ["string", "null"]}}}));
    assert!(accepts(&c, json!({"n": null})));
    let r = refusal(&c, json!({"n": 1}));
    assert!(
        r.contains("'n' should be string or null, not number"),
        "{r}"
    );
}

#[test]
fn every_other_keyword_is_refused_at_authoring_naming_it() {
    for word in [
        "format",
        "anyOf",
        "oneOf",
        "allOf",
        "$ref",
        "patternProperties",
        "multipleOf",
        "not",
        "uniqueItems",
    ] {
        let (code, message) = authoring_error(json!({
            "type": "object",
            "properties": {"a": {"type": "string", word: "x"}}
        }));
        assert_eq!(code, "UNSUPPORTED_KEY", "{word}");
        assert!(message.contains(&format!("`{word}`")), "{message}");
        assert!(message.contains("action 'book.reserve'"), "{message}");
        assert!(message.starts_with("groundfacts: "), "{message}");
        for checked in CHECKED_KEYWORDS {
            assert!(message.contains(checked), "{message} lists {checked}");
        }
    }
    // Annotations assert nothing, so accepting them ignores no rule.
    contract(json!({"type": "object", "title": "t", "description": "d",
        "properties": {"a": {"type": "string", "description": "x", "default": "y", "examples": ["z"]}}}));
}

#[test]
fn malformed_keyword_values_are_refused_bad_input() {
    for schema in [
        json!({"type": "object", "properties": {"n": {"minimum": "1"}}}),
        json!({"type": "object", "properties": {"n": {"maxLength": -1}}}),
        json!({"type": "object", "properties": {"n": {"minItems": 1.5}}}),
        json!({"type": "object", "properties": {"n": {"pattern": "(unclosed"}}}),
        json!({"type": "object", "properties": {"n": {"enum": []}}}),
        json!({"type": "object", "properties": {"n": {"type": "text"}}}),
        json!({"type": "object", "required": "n"}),
        json!({"type": "object", "properties": {"n": true}}),
        json!({"type": "object", "additionalProperties": 3}),
    ] {
        let (code, message) = authoring_error(schema.clone());
        assert_eq!(code, "BAD_INPUT", "{schema}: {message}");
        assert!(message.contains("action 'book.reserve'"), "{message}");
    }
}
