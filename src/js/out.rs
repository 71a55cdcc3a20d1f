//! Core data out to JS, the general route: `serde_json::Value` / `Serialize` data → plain JS objects
//! and arrays through `JSON.parse` of serde_json text written into one reused buffer ([`to_js`]).
//! Every result and ledger takes it except the fire, update and `groundTruth()` results `js::fast`
//! builds as JS objects; `whats_here` has its two long texts set in place after the parse
//! ([`to_js_with_texts`]). docs/boundary.md gives the measured reasons. `JSON.parse`
//! makes a key `__proto__` an own data member, so app data comes out as it went in. Uses `js::errors`
//! for the one failure; used through `js::convert`'s re-export by every exported `js::*` function.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::errors;
use crate::codes::ErrorCode;

/// Serialise core data for JS as `JSON.parse` of serde_json text: one native parse builds the objects
/// (docs/boundary.md §1 has the measurement against serde-wasm-bindgen). The text is written into one
/// reused buffer, so a result costs no allocation and no regrowth.
///
/// Re-entrant: a nested call (a JS callback serialising while an outer result is being handed over)
/// gets a buffer of its own. Generic only in the serialising: the buffer's taking and keeping and the
/// error are out of line, so each result type carries its serializer and two calls (docs/size.md).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    to_js_with_texts(value, [None, None])
}

/// [`to_js`] for a result carrying long texts: each `(key, text)` is a member `value` already writes
/// (as `null` or `""`, so it keeps its place in the key order), set to `text` after the parse. The texts cross
/// as strings, neither escaped into JSON here nor scanned again by `JSON.parse`.
pub fn to_js_with_texts<T: Serialize + ?Sized>(
    value: &T,
    texts: [Option<(&str, &str)>; 2],
) -> Result<JsValue, JsValue> {
    let mut buffer = take_buffer();
    let written = serde_json::to_writer(&mut buffer, value);
    hand_over(buffer, written, texts)
}

/// The text written (or the failure) handed over as one JS value and the buffer kept: out of line, so
/// each result type carries only its serializer and this call.
#[inline(never)]
fn hand_over(
    buffer: Vec<u8>,
    written: Result<(), serde_json::Error>,
    texts: [Option<(&str, &str)>; 2],
) -> Result<JsValue, JsValue> {
    let result = match written {
        Ok(()) => {
            let json = std::str::from_utf8(&buffer).unwrap_or("null");
            let [first, second] = texts;
            parse_with_texts(
                json,
                first.map(|t| t.0),
                first.map(|t| t.1),
                second.map(|t| t.0),
                second.map(|t| t.1),
            )
        }
        Err(e) => Err(hand_over_failed(&e)),
    };
    keep_buffer(buffer);
    result
}

thread_local! {
    /// [`to_js`]'s reused buffer; empty while a call has it.
    static BUFFER: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The reused buffer, emptied (a fresh one when a call already has it).
#[inline(never)]
fn take_buffer() -> Vec<u8> {
    let mut buffer = BUFFER.with(|b| b.take());
    buffer.clear();
    buffer
}

/// Keep the larger buffer, but not a huge one a single big result left behind.
#[inline(never)]
fn keep_buffer(buffer: Vec<u8>) {
    if buffer.capacity() <= 64 * 1024 {
        BUFFER.with(|b| {
            let kept = b.take();
            b.set(if kept.capacity() > buffer.capacity() {
                kept
            } else {
                buffer
            });
        });
    }
}

/// A result serde_json could not write (a bug: every result type has string keys).
#[inline(never)]
fn hand_over_failed(e: &serde_json::Error) -> JsValue {
    errors::new_session_error(
        ErrorCode::Internal,
        &format!("could not hand a result to JS ({e}); this is a groundfacts bug"),
    )
}

#[wasm_bindgen(module = "/src/js/assembled.js")]
extern "C" {
    /// `JSON.parse(json)`, then up to two members set to long texts.
    #[wasm_bindgen(catch, js_name = parseWithTexts)]
    fn parse_with_texts(
        json: &str,
        key1: Option<&str>,
        text1: Option<&str>,
        key2: Option<&str>,
        text2: Option<&str>,
    ) -> Result<JsValue, JsValue>;
}
