//! The typed errors the package throws, as real JS `Error` subclasses.
//!
//! The classes live in a JS module beside this file (`errors.js`) (so `instanceof`, `name`, `stack` and `message` behave as
//! JS developers expect); the package entry re-exports them (see `scripts/build.sh`). This file turns core
//! errors into instances of them. Used by every other `js::*` module.

use wasm_bindgen::prelude::*;

use crate::codes::ErrorCode;
use crate::graph::GraphError;
use crate::messages::prefixed;
use crate::session::{SessionError, SessionErrorKind};

#[wasm_bindgen(module = "/src/js/errors.js")]
extern "C" {
    #[wasm_bindgen(js_name = GraphValidationError)]
    type JsGraphValidationError;
    #[wasm_bindgen(constructor, js_class = GraphValidationError)]
    fn new(message: &str, code: &str) -> JsGraphValidationError;

    #[wasm_bindgen(js_name = ReentrancyError)]
    type JsReentrancyError;
    #[wasm_bindgen(constructor, js_class = ReentrancyError)]
    fn new(message: &str, code: &str) -> JsReentrancyError;

    #[wasm_bindgen(js_name = SessionError)]
    type JsSessionError;
    #[wasm_bindgen(constructor, js_class = SessionError)]
    fn new(message: &str, code: &str) -> JsSessionError;
}

#[wasm_bindgen(typescript_custom_section)]
const ERROR_TYPES: &'static str = r#"
/** An authoring mistake in a graph definition or a live action declaration. `code` is stable (e.g. `UNKNOWN_GOTO`; the words are `ErrorCode`). */
export class GraphValidationError extends Error {
  readonly name: 'GraphValidationError';
  readonly code: ErrorCode;
}
/** A mutating session call made while a verify predicate was running (predicates are readers). */
export class ReentrancyError extends Error {
  readonly name: 'ReentrancyError';
  readonly code: 'REENTRANCY' | 'REENTRANCY_DEPTH';
}
/**
 * A call the session cannot serve (an unknown page, transition or ask id; a malformed argument).
 * `code: 'MODULE_RESET'`: the WebAssembly module trapped (ran out of memory) and was started again;
 * `cause` is the `WebAssembly.RuntimeError`. Every session, graph, port and action group made before
 * answers with it (a port's `call()` answers `{ ok: false, reason: 'MODULE_RESET' }` instead). With the
 * React provider or `liveSession()` a new session is already in place; otherwise build the graph again
 * (`rebuildGraph`) and create a new session with `historyLost: true` (see `onModuleReset`).
 */
export class SessionError extends Error {
  readonly name: 'SessionError';
  readonly code: ErrorCode;
}
"#;

/// A core authoring error as a JS `GraphValidationError`.
pub fn graph_error(err: &GraphError) -> JsValue {
    JsGraphValidationError::new(&err.message, err.code.as_str()).into()
}

/// A `GraphValidationError` built from parts (conversion faults found before the core sees a value).
pub fn graph_error_parts(code: ErrorCode, message: &str) -> JsValue {
    JsGraphValidationError::new(&prefixed(message), code.as_str()).into()
}

/// A `ReentrancyError`: a mutating call from inside a verify predicate.
pub fn reentrancy_error(code: ErrorCode, message: &str) -> JsValue {
    JsReentrancyError::new(&prefixed(message), code.as_str()).into()
}

/// A `SessionError`: a call naming something the session does not have, or a malformed argument.
pub fn new_session_error(code: ErrorCode, message: &str) -> JsValue {
    JsSessionError::new(&prefixed(message), code.as_str()).into()
}

/// A core session error as the matching JS error class.
pub fn to_js_error(err: SessionError) -> JsValue {
    match err.kind {
        SessionErrorKind::Reentrancy => reentrancy_error(err.code, &err.message),
        SessionErrorKind::GraphValidation => graph_error_parts(err.code, &err.message),
        SessionErrorKind::Usage => new_session_error(err.code, &err.message),
    }
}
