//! The guard language: evaluating a compiled [`Filter`] against the flat state, and validating an
//! authored filter's shape at build time.
//!
//! Evaluation (docs/graph.md §4, decision 12): `eq`/`ne`/`in`/`notIn` use structural JSON equality (arrays
//! and objects compared by value, numbers as f64); `gt`/`gte`/`lt`/`lte` compare numbers with numbers
//! and strings with strings (by UTF-16 code units, as JS does) and fail a mixed-type comparison with a
//! `note` saying so. A key absent from the state is unevaluable: dropped, never failing.
//! Shape validation ([`compile_filter`], docs/graph.md §4.7, decision 14) is shared by every filter use: action
//! `when`, `enabledWhen`, filter-form `verify`, journey `when`. Errors carry code `BAD_FILTER`.
//! Uses `model`, `def`, `names`; used by `compile` and by the session (offers, fires, verify).

use crate::codes::ErrorCode;
use std::cmp::Ordering;

use serde::Serialize;
use serde_json::{Map, Value};

use super::def::DefValue;
use super::error::GraphError;
use super::input::depth_within;
use super::model::{Condition, Filter, Op};
use super::names::{nearest, quote};
use crate::json_types::JsonValue;

/// The longest `in`/`notIn` list accepted at build (decision 14).
pub const MAX_LIST_ENTRIES: usize = 1000;
/// How deep a threshold may nest (copying it stays bounded).
const MAX_THRESHOLD_DEPTH: usize = 64;

/// Keys that would look up an inherited JS property instead of a state key, so never match honestly.
const DENIED_KEYS: [&str; 12] = [
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "valueOf",
    "hasOwnProperty",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "__defineGetter__",
    "__defineSetter__",
    "__lookupGetter__",
    "__lookupSetter__",
];

/// One evaluated conjunct — the evidence a refusal carries.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ConditionEvidence {
    pub key: String,
    pub op: Op,
    pub threshold: JsonValue,
    /// A short structural summary of the actual value (strings quoted and cut, arrays/objects summarised).
    pub actual_summary: String,
    pub result: bool,
    /// Why the comparison could not hold beyond plain falsity (e.g. a mixed-type comparison).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The verdict of a filter on the current state.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GuardVerdict {
    /// No evaluable conjunct is false (unevaluable keys never fail a guard).
    pub passed: bool,
    /// Keys absent from the state, in filter order, de-duplicated.
    pub unevaluated: Vec<String>,
    /// Every evaluated conjunct, in filter order (no short-circuit).
    pub evidence: Vec<ConditionEvidence>,
}

impl GuardVerdict {
    /// Every conjunct evaluable and true.
    pub fn held_fully(&self) -> bool {
        self.passed && self.unevaluated.is_empty()
    }
    /// Only the conjuncts that failed.
    pub fn failing(&self) -> Vec<ConditionEvidence> {
        self.evidence
            .iter()
            .filter(|e| !e.result)
            .cloned()
            .collect()
    }
}

/// Evaluate `filter` on `state`.
pub fn evaluate(filter: &Filter, state: &Map<String, Value>) -> GuardVerdict {
    let mut verdict = GuardVerdict {
        passed: true,
        ..GuardVerdict::default()
    };
    for condition in &filter.conditions {
        let Some(actual) = state.get(&condition.key) else {
            if !verdict.unevaluated.contains(&condition.key) {
                verdict.unevaluated.push(condition.key.clone());
            }
            continue;
        };
        let (result, note) = compare(condition.op, actual, &condition.threshold);
        verdict.passed &= result;
        verdict.evidence.push(ConditionEvidence {
            key: condition.key.clone(),
            op: condition.op,
            threshold: condition.threshold.clone(),
            actual_summary: summarize(actual),
            result,
            note,
        });
    }
    verdict
}

/// `evaluate`'s `(passed, unevaluated.is_empty())` without building evidence: the question every
/// offer and fire asks, answered without cloning thresholds or summarising values. Callers that need
/// the evidence (a refusal) or the unevaluated keys evaluate again.
pub fn quick_check(filter: &Filter, state: &Map<String, Value>) -> (bool, bool) {
    let mut passed = true;
    let mut complete = true;
    for condition in &filter.conditions {
        match state.get(&condition.key) {
            Some(actual) => passed &= compare(condition.op, actual, &condition.threshold).0,
            None => complete = false,
        }
    }
    (passed, complete)
}

/// One conjunct: whether it holds, and a note when it could not hold for a reason beyond falsity.
fn compare(op: Op, actual: &Value, threshold: &Value) -> (bool, Option<String>) {
    match op {
        Op::Eq => (json_equal(actual, threshold), None),
        Op::Ne => (!json_equal(actual, threshold), None),
        Op::In | Op::NotIn => {
            let Value::Array(list) = threshold else {
                return (
                    false,
                    Some(format!("the `{}` threshold is not a list", op.name())),
                );
            };
            let found = list.iter().any(|item| json_equal(actual, item));
            (if op == Op::In { found } else { !found }, None)
        }
        Op::Gt | Op::Gte | Op::Lt | Op::Lte => {
            let ordering = match (actual, threshold) {
                (Value::Number(a), Value::Number(b)) => a
                    .as_f64()
                    .zip(b.as_f64())
                    .and_then(|(a, b)| a.partial_cmp(&b)),
                (Value::String(a), Value::String(b)) => {
                    Some(a.encode_utf16().cmp(b.encode_utf16()))
                }
                _ => {
                    let note = format!(
                        "`{}` compares numbers with numbers and strings with strings; the value is {} and the threshold is {}",
                        op.name(),
                        json_type_phrase(actual),
                        json_type_phrase(threshold)
                    );
                    return (false, Some(note));
                }
            };
            let holds = match ordering {
                None => false,
                Some(ord) => match op {
                    Op::Gt => ord == Ordering::Greater,
                    Op::Gte => ord != Ordering::Less,
                    Op::Lt => ord == Ordering::Less,
                    _ => ord != Ordering::Greater,
                },
            };
            (holds, None)
        }
    }
}

/// Structural JSON equality: numbers by value (`1` = `1.0`), arrays in order, objects by key set.
pub fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => x == y,
            _ => x == y,
        },
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_equal(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_equal(v, w)))
        }
        _ => false,
    }
}

/// "a string", "a number", "null", … for notes and messages.
pub fn json_type_phrase(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The longest string shown in an evidence row before it is cut.
const SUMMARY_STRING_CHARS: usize = 80;
/// How many keys of an object an evidence row names.
const SUMMARY_OBJECT_KEYS: usize = 4;

/// A short structural summary of a state value (docs/graph.md §4.6).
pub fn summarize(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(text) => {
            let cut: String = text.chars().take(SUMMARY_STRING_CHARS).collect();
            // serde_json's writer, not `Value`'s `Display` (the same compact bytes): `Display`
            // instantiates serde_json's writers over a formatter, compact and pretty (docs/size.md).
            let quoted = serde_json::to_string(cut.as_str()).unwrap_or_default();
            if cut.len() < text.len() {
                let inner = quoted.strip_suffix('"').unwrap_or(&quoted);
                format!("{inner}...\"")
            } else {
                quoted
            }
        }
        Value::Array(items) => match items.len() {
            0 => "[]".into(),
            1 => "(1 item)".into(),
            n => format!("({n} items)"),
        },
        Value::Object(map) => {
            if map.is_empty() {
                return "{}".into();
            }
            let mut keys: Vec<&str> = map
                .keys()
                .take(SUMMARY_OBJECT_KEYS)
                .map(String::as_str)
                .collect();
            if map.len() > SUMMARY_OBJECT_KEYS {
                keys.push("…");
            }
            format!("{{{}}}", keys.join(", "))
        }
    }
}

/// Which authored field a filter came from: decides the cost an empty filter would have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterUse {
    /// An action's `when`.
    When,
    EnabledWhen,
    Verify,
    /// A journey's `when` (its precondition).
    JourneyWhen,
}

impl FilterUse {
    fn field(self) -> &'static str {
        match self {
            FilterUse::When | FilterUse::JourneyWhen => "when",
            FilterUse::EnabledWhen => "enabledWhen",
            FilterUse::Verify => "verify",
        }
    }

    fn empty_cost(self) -> &'static str {
        match self {
            FilterUse::When => "the action could never be offered",
            FilterUse::EnabledWhen => "the action would always be disabled",
            FilterUse::Verify => "every fire would be refused as unverified",
            FilterUse::JourneyWhen => "the journey could never be opened",
        }
    }
}

/// Validate an authored WhereFilter and flatten it in authored order.
/// `owner` names where it sits, e.g. "action 'wizard.name-it'" or "journey 'new-project'".
pub fn compile_filter(
    value: &DefValue,
    owner: &str,
    usage: FilterUse,
) -> Result<Filter, GraphError> {
    let field = usage.field();
    let ops_list = Op::ALL
        .iter()
        .map(|op| op.name())
        .collect::<Vec<_>>()
        .join(", ");
    let Some(entries) = value.as_object() else {
        return Err(GraphError::new(
            ErrorCode::BadFilter,
            format!(
                "{owner} `{field}` is {}: a filter is an object `{{ stateKey: {{ op: value }} }}` with operators {ops_list}",
                value.type_name()
            ),
        ));
    };
    let mut conditions = Vec::new();
    for (key, ops) in entries {
        if ops.is_undefined() {
            continue;
        }
        if DENIED_KEYS.contains(&key.as_str()) {
            return Err(GraphError::new(
                ErrorCode::BadFilter,
                format!(
                    "{owner} `{field}` uses the key {}: it names a built-in JS object property, so a guard on it would never match honestly; rename the state key",
                    quote(key)
                ),
            ));
        }
        let Some(op_entries) = ops.as_object() else {
            return Err(GraphError::new(
                ErrorCode::BadFilter,
                format!(
                    "{owner} `{field}` key {} holds {}, not an operator object: write `{{ {}: {{ eq: value }} }}`; the operators are {ops_list}",
                    quote(key),
                    ops.type_name(),
                    quote(key)
                ),
            ));
        };
        let before = conditions.len();
        for (op_name, threshold) in op_entries {
            if threshold.is_undefined() {
                continue;
            }
            let Some(op) = Op::parse(op_name) else {
                let hint = nearest(op_name, Op::ALL.iter().map(|op| op.name()))
                    .map(|n| format!(" (did you mean `{n}`?)"))
                    .unwrap_or_default();
                return Err(GraphError::new(
                    ErrorCode::BadFilter,
                    format!(
                        "{owner} `{field}` key {} uses the unknown operator {}{hint}; the operators are {ops_list}",
                        quote(key),
                        quote(op_name)
                    ),
                ));
            };
            if !depth_within(threshold, MAX_THRESHOLD_DEPTH) {
                return Err(GraphError::new(
                    ErrorCode::BadFilter,
                    format!(
                        "{owner} `{field}` key {} operator `{op_name}` compares against data nested deeper than {MAX_THRESHOLD_DEPTH} levels; compare a flatter value",
                        quote(key)
                    ),
                ));
            }
            let Some(threshold) = threshold.to_json() else {
                return Err(GraphError::new(
                    ErrorCode::BadFilter,
                    format!(
                        "{owner} `{field}` key {} operator `{op_name}` compares against {}: a threshold must be plain JSON data",
                        quote(key),
                        threshold.type_name()
                    ),
                ));
            };
            if matches!(op, Op::In | Op::NotIn) {
                let Value::Array(list) = &threshold else {
                    return Err(GraphError::new(
                        ErrorCode::BadFilter,
                        format!(
                            "{owner} `{field}` key {} operator `{op_name}` needs an array of values, not {}: write `{{ {op_name}: [a, b] }}`",
                            quote(key),
                            json_type_phrase(&threshold)
                        ),
                    ));
                };
                if list.len() > MAX_LIST_ENTRIES {
                    return Err(GraphError::new(
                        ErrorCode::BadFilter,
                        format!(
                            "{owner} `{field}` key {} operator `{op_name}` lists {} values, more than the {MAX_LIST_ENTRIES} allowed; derive a boolean in the state projection instead",
                            quote(key),
                            list.len()
                        ),
                    ));
                }
            }
            conditions.push(Condition {
                key: key.clone(),
                op,
                threshold,
            });
        }
        if conditions.len() == before {
            return Err(GraphError::new(
                ErrorCode::BadFilter,
                format!(
                    "{owner} `{field}` key {} has no operator, so it would be silently ignored: give it one of {ops_list}, or drop the key",
                    quote(key)
                ),
            ));
        }
    }
    if conditions.is_empty() {
        return Err(GraphError::new(
            ErrorCode::BadFilter,
            format!(
                "{owner} `{field}` is an empty filter, which never matches, so {}: omit `{field}` instead",
                usage.empty_cost()
            ),
        ));
    }
    Ok(Filter { conditions })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn filter(key: &str, op: Op, threshold: Value) -> Filter {
        Filter {
            conditions: vec![Condition {
                key: key.into(),
                op,
                threshold,
            }],
        }
    }

    fn state(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }

    #[test]
    fn strings_compare_by_utf16_code_units() {
        // U+FF61 sorts below U+1F600 in UTF-16 (surrogates 0xD83D…) but above it in code points.
        let f = filter("k", Op::Gt, json!("\u{FF61}"));
        assert!(!evaluate(&f, &state(json!({"k": "\u{1F600}"}))).passed);
        let f = filter("k", Op::Lt, json!("\u{FF61}"));
        assert!(evaluate(&f, &state(json!({"k": "\u{1F600}"}))).passed);
    }

    #[test]
    fn long_strings_are_cut_in_summaries() {
        let long = "x".repeat(100);
        let summary = summarize(&json!(long));
        assert_eq!(summary, format!("\"{}...\"", "x".repeat(80)));
        assert_eq!(
            summarize(&json!({"a":1,"b":2,"c":3,"d":4,"e":5})),
            "{a, b, c, d, …}"
        );
        assert_eq!(summarize(&json!([1])), "(1 item)");
        assert_eq!(summarize(&json!([])), "[]");
        assert_eq!(summarize(&json!(1.5)), "1.5");
        // Written by serde_json's writer, byte for byte what `Value`'s `Display` writes.
        for text in [
            "plain",
            "q\"b\\s",
            "\u{0}\u{8}\t\n\u{b}\u{c}\r\u{1f}\u{7f}",
            "é 😀 \u{2028}",
        ] {
            let value = json!(text);
            assert_eq!(summarize(&value), value.to_string());
        }
    }

    #[test]
    fn numbers_are_equal_by_value() {
        assert!(json_equal(&json!(1), &json!(1.0)));
        assert!(json_equal(
            &json!({"a":[1,{"b":2}]}),
            &json!({"a":[1.0,{"b":2}]})
        ));
        assert!(!json_equal(&json!(1), &json!("1")));
    }
}
