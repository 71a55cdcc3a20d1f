//! Redaction at the JS boundary (docs/session.md §28): `createSession`'s `redact` option, compiled by
//! the graph's own compiler so a bad pattern is the same `GraphValidationError` (`BAD_REDACT`), and
//! `session.producedFor(transitionId)`, another `impl` block of `js::session::JsSession`. Uses
//! `graph::redact`, `convert`, `graph` (the plain-data reader). Used by `js::session`.

use wasm_bindgen::prelude::*;

use crate::graph::{redact, Redaction};
use crate::js::convert::{self, string_arg};
use crate::js::errors;
use crate::js::session::JsSession;

/// `options.redact` compiled (absent, `null` or `undefined`: nothing more is hidden).
pub(in crate::js) fn redact_option(options: &JsValue, what: &str) -> Result<Redaction, JsValue> {
    let value = convert::field(options, "redact", what)?;
    if value.is_undefined() || value.is_null() {
        return Ok(Redaction::default());
    }
    let def = crate::js::graph::plain_data(&value, "createSession: options.redact")?;
    redact::compile(&def, "createSession: options").map_err(|e| errors::graph_error(&e))
}

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// What that fire's handler returned, as a model may read it (redaction applied; a fresh copy
    /// each call): the value `did_it_work` carries as `data`. `undefined` when nothing was kept.
    #[wasm_bindgen(js_name = producedFor, unchecked_return_type = "JsonValue | undefined")]
    pub fn produced_for(
        &self,
        #[wasm_bindgen(js_name = transitionId, unchecked_param_type = "string")]
        transition_id: JsValue,
    ) -> Result<JsValue, JsValue> {
        let id = string_arg(&transition_id, "producedFor: transitionId")?;
        match self.live()?.produced_for(&id) {
            Some(value) => convert::to_js(&value),
            None => Ok(JsValue::UNDEFINED),
        }
    }
}
