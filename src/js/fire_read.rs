//! `fire`'s options read in one JS call (`fireOptions` in `fast.js`, which says what each member of its
//! answer means): `source`, `invoke`, `instance` and the payload, each read once, the payload walked
//! into JSON text with a copy for the handler. Uses `fast` (the walker's limits, the walked payload's
//! text) and `walked` (a walk the reader refuses outright). Used by `session` (`Session.fire`), and
//! re-exported by `fast`.

use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::fast::{take_left, LIMITS, WALKED_PAYLOAD};
use crate::session::FirePayloadText;

#[wasm_bindgen(module = "/src/js/fast.js")]
extern "C" {
    /// What `fireOptions` read of `fire`'s options: one object whose fields `fast.js` describes
    /// (`undefined` when the options hold nothing).
    type FireRead;
    #[wasm_bindgen(js_name = fireOptions)]
    fn fire_options_js(options: &JsValue, limit: f64, max_depth: u32, max_values: u32) -> FireRead;
    #[wasm_bindgen(method, getter)]
    fn text(this: &FireRead) -> Option<String>;
    #[wasm_bindgen(method, getter)]
    fn copy(this: &FireRead) -> JsValue;
    #[wasm_bindgen(method, getter)]
    fn source(this: &FireRead) -> JsValue;
    #[wasm_bindgen(method, getter)]
    fn payload(this: &FireRead) -> JsValue;
    #[wasm_bindgen(method, getter, js_name = tooLarge)]
    fn too_large(this: &FireRead) -> Option<bool>;
    #[wasm_bindgen(method, getter)]
    fn bad(this: &FireRead) -> Option<String>;
    #[wasm_bindgen(method, getter)]
    fn members(this: &FireRead) -> Option<bool>;
    #[wasm_bindgen(method, getter)]
    fn invoke(this: &FireRead) -> JsValue;
    #[wasm_bindgen(method, getter)]
    fn instance(this: &FireRead) -> JsValue;
    #[wasm_bindgen(method, getter)]
    fn left(this: &FireRead) -> Option<bool>;
}

/// What [`fire_options`] read of `fire`'s options.
pub enum FireOptionsRead {
    /// No `source`; the payload (`None`: absent), with the walker's copy of it (what `JSON.parse` of
    /// its text gives: the handler's input, lent through `JsHost::lend_payload`) and, when it is the very
    /// text the record keeps, the walker's text of it (`session::FirePayloadText`).
    Plain(Option<Value>, Option<JsValue>, Option<FirePayloadText>),
    /// `source`, `invoke` and `instance` as read (each `undefined` when absent) when any was given,
    /// for the member-by-member checks (the payload is read after them).
    Members {
        source: JsValue,
        invoke: JsValue,
        instance: JsValue,
    },
    /// The payload as the walker read it (its mirror: no getters or proxies left), for the reader.
    ForReader(JsValue),
}

/// `fire`'s options (`source`, `invoke`, `instance`, then `payload`, each read once) in one JS call
/// instead of one per member and one for the walker: with none of the first three (the agent's
/// default), the payload as the walker reads it, with its copy for the handler; otherwise what was
/// read, for the member-by-member checks. A bad options value or a throwing getter is the same
/// `BAD_ARGUMENT` that [`convert::field`](crate::js::convert::field) gives.
pub fn fire_options(
    options: &JsValue,
    limit: usize,
    what: &str,
) -> Result<FireOptionsRead, JsValue> {
    let _reading = crate::js::convert::reading(what)?;
    let read = fire_options_js(options, limit as f64, LIMITS.0, LIMITS.1);
    if read.is_undefined() {
        return Ok(FireOptionsRead::Plain(None, None, None));
    }
    // The common case first: the walker read the payload whole.
    if let Some(text) = read.text() {
        let copy = read.copy();
        return Ok(match serde_json::from_str(&text) {
            Ok(payload) => {
                let kept = FirePayloadText::walked(&text, &payload);
                WALKED_PAYLOAD.with(|walked| *walked.borrow_mut() = Some(text));
                FireOptionsRead::Plain(Some(payload), Some(copy), kept)
            }
            // Not expected (lone surrogates, which the core's parser refuses, go to the reader
            // already); the reader judges the walker's copy (the payload is not read again).
            // `fast.js`'s kept copy is of this payload now, so no older text may take it.
            Err(_) => {
                WALKED_PAYLOAD.with(|walked| *walked.borrow_mut() = None);
                FireOptionsRead::ForReader(copy)
            }
        });
    }
    if read.members() == Some(true) {
        return Ok(FireOptionsRead::Members {
            source: read.source(),
            invoke: read.invoke(),
            instance: read.instance(),
        });
    }
    if read.too_large() == Some(true) {
        let stand_in = crate::js::convert::oversized_stand_in(limit);
        return Ok(FireOptionsRead::Plain(Some(stand_in), None, None));
    }
    if read.left() == Some(true) {
        return Err(crate::js::walked::left_error(
            take_left(),
            "fire: options.payload",
            false,
        ));
    }
    match read.bad().as_deref() {
        None => Ok(FireOptionsRead::ForReader(read.payload())),
        Some("walk") => Err(crate::js::convert::unreadable("fire: options.payload")),
        Some("options") => Err(crate::js::errors::new_session_error(
            crate::codes::ErrorCode::BadArgument,
            &format!("{what} must be an object (or omitted)"),
        )),
        Some(key) => Err(crate::js::errors::new_session_error(
            crate::codes::ErrorCode::BadArgument,
            &format!("{what}.{key} could not be read (a getter threw)"),
        )),
    }
}
