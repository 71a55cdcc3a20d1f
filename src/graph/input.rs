//! Input contracts: compiling `input`, the one-line `expects` text, and checking a fire's payload.
//!
//! STUB — to be implemented (graph.md §5, session.md §8.1).

use serde_json::Value;

use super::model::InputContract;

/// The one-line shape: `none`, `{ name: string }`, `object`… `None` when no input was declared.
pub fn expects_text(input: &InputContract) -> Option<String> {
    let _ = input;
    todo!("graph::input::expects_text")
}

/// Check a fire's payload against the contract. `Ok(payload_to_use)`: for `'none'` a blank payload is
/// erased (`None`); otherwise the payload is passed through. `Err(issues)`: sentences naming the
/// received shape by key and type names only — never values.
pub fn check_payload(input: &InputContract, payload: Option<&Value>) -> Result<Option<Value>, Vec<String>> {
    let _ = (input, payload);
    todo!("graph::input::check_payload")
}
