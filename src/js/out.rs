//! Core data out to JS: `serde_json::Value` / `Serialize` data → plain JS objects and arrays, through
//! `JSON.parse` of serde_json text written into one reused buffer ([`to_js`], [`with_json`]), or
//! through serde-wasm-bindgen ([`to_js_objects`]: ledgers, refused fires); docs/boundary.md gives each
//! path's measured reason. Uses `js::errors` for the one failure and `js::fast` for the `__proto__`
//! flag; used through `js::convert`'s re-export by every exported `js::*` function.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{errors, fast};
use crate::codes::ErrorCode;

/// Serialise core data for JS as `JSON.parse` of serde_json text: for the results and port answers
/// this is faster than serde-wasm-bindgen (benches/js/boundary.cjs, docs/boundary.md §1),
/// because one native parse builds the objects where serde-wasm-bindgen makes a call out of wasm per
/// member. The text is written into one reused buffer, so a result costs no allocation and no regrowth.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    with_json(value, json_parse)
}

/// Core data for JS through serde-wasm-bindgen (`Serializer::json_compatible()`: maps as plain
/// objects, absent as `null`), which builds the JS objects directly: the ledgers (`transitions()`,
/// `gaps()`, `pending()`) and the fire results `fast` does not build, where benches/js/boundary.cjs
/// measured it level with (or faster than) the text route (docs/boundary.md). Same data as [`to_js`]: a number serde-wasm-bindgen cannot hand over
/// exactly (a `u64` past 2^53) falls back to the text route, as does any other serializer error.
/// So does everything once a key named `__proto__` may be held ([`fast::proto_key_seen`]): the
/// crate sets a member by assignment, which for `__proto__` sets the prototype and drops the member.
pub fn to_js_objects<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    // One text route per type, for both reasons (smaller wasm than a second call of `to_js`).
    let objects = if fast::proto_key_seen() {
        Err(())
    } else {
        value
            .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
            .map_err(|_| ())
    };
    objects.or_else(|()| to_js(value))
}

/// Serialise `value` into the reused buffer and hand the text to `use_text`. Re-entrant: a nested call
/// (a JS callback serialising while an outer result is being handed over) gets a buffer of its own.
/// Generic only in the serialising: the buffer's taking and keeping and the error are out of line, so
/// each of the forty-odd result types carries its serializer and three calls (docs/size.md).
pub fn with_json<T: Serialize + ?Sized>(
    value: &T,
    use_text: impl FnOnce(&str) -> Result<JsValue, JsValue>,
) -> Result<JsValue, JsValue> {
    let mut buffer = take_buffer();
    let result = match serde_json::to_writer(&mut buffer, value) {
        Ok(()) => use_text(std::str::from_utf8(&buffer).unwrap_or("null")),
        Err(e) => Err(hand_over_failed(&e)),
    };
    keep_buffer(buffer);
    result
}

thread_local! {
    /// [`with_json`]'s reused buffer; empty while a call has it.
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

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> Result<JsValue, JsValue>;
}
