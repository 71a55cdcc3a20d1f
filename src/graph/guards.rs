//! The guard language: evaluating a compiled [`Filter`] against the flat state, and validating an
//! authored filter's shape at build time.
//!
//! STUB — to be implemented (see graph.md §4 and decisions.md 12, 14).

use serde::Serialize;
use serde_json::{Map, Value};

use super::model::{Filter, Op};

/// One evaluated conjunct — the evidence a refusal carries.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConditionEvidence {
    pub key: String,
    #[serde(serialize_with = "serialize_op")]
    pub op: Op,
    pub threshold: Value,
    /// A short structural summary of the actual value (strings quoted and cut, arrays/objects summarised).
    pub actual_summary: String,
    pub result: bool,
    /// Why the comparison could not hold beyond plain falsity (e.g. a mixed-type comparison).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

fn serialize_op<S: serde::Serializer>(op: &Op, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(op.name())
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
        self.evidence.iter().filter(|e| !e.result).cloned().collect()
    }
}

/// Evaluate `filter` on `state`.
pub fn evaluate(filter: &Filter, state: &Map<String, Value>) -> GuardVerdict {
    let _ = (filter, state);
    todo!("graph::guards::evaluate")
}
