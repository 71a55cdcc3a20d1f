//! Surviving a reload at the JS boundary: `session.snapshot()` (plain JSON a page can keep in
//! `sessionStorage`) and the reading of `createSession`'s `restore` option (the `SessionSnapshot`
//! TypeScript type is derived from `crate::session::SessionSnapshot`). The wire format and its checks live in `crate::session::persist*`
//! (docs/session.md §20). Used by `js::session` (`createSession`).

use crate::codes::ErrorCode;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::js::convert;
use crate::js::errors;
use crate::js::fast::{self, Within};
use crate::js::session::JsSession;

/// The largest snapshot read, in bytes of JSON: far above what `retain` × `maxValueBytes` allows a
/// session to keep by default, small enough that a stray value cannot exhaust wasm memory.
pub const MAX_SNAPSHOT_BYTES: usize = 512 * 1024 * 1024;

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// Everything the session knows but its functions, as plain JSON (`SessionSnapshot`): keep it in
    /// `sessionStorage` and pass it back as `createSession(graph, navigate, { restore })` after a reload.
    #[wasm_bindgen(unchecked_return_type = "SessionSnapshot")]
    pub fn snapshot(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.live()?.snapshot())
    }
}

fn damaged(why: &str) -> JsValue {
    errors::new_session_error(
        ErrorCode::RestoreDamaged,
        &format!("createSession: options.restore is not a usable snapshot: {why}. Nothing was restored; start a fresh session (omit restore) or pass an unmodified snapshot() result."),
    )
}

/// `options.restore` as JSON: `None` when absent or null (a fresh session), the parsed text when a
/// string (what `sessionStorage` holds), else the plain data; anything else → `RESTORE_DAMAGED`.
pub fn restore_arg(options: &JsValue) -> Result<Option<Value>, JsValue> {
    let value = convert::field(options, "restore", "createSession: options")?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if let Some(text) = value.as_string() {
        if text.len() > MAX_SNAPSHOT_BYTES {
            return Err(damaged(
                "it is larger than the largest snapshot read (512 MiB)",
            ));
        }
        return serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| damaged(&format!("its text is not JSON ({e})")));
    }
    if !value.is_object() {
        return Err(damaged("it is neither a snapshot object nor its JSON text"));
    }
    match fast::plain_json_within(&value, MAX_SNAPSHOT_BYTES, false) {
        Some(Within::Json(json, _)) => Ok(Some(json)),
        Some(Within::TooLarge) => Err(damaged(
            "it is larger than the largest snapshot read (512 MiB)",
        )),
        // Walked once already: what the walk read is judged, never the value again, and a getter
        // that threw is not run again (docs/session.md §30).
        None => match fast::take_left() {
            fast::Left::Mirror(mirror, _) => {
                match convert::to_json_by_reader(&mirror, "createSession: options.restore") {
                    Ok(json) => Ok(json),
                    Err(_) => Err(damaged(
                        "it holds a function or another value that is not plain data",
                    )),
                }
            }
            fast::Left::Threw => Err(damaged("it could not be read (a getter or proxy threw)")),
            _ => Err(damaged(
                "it holds a cycle, is too deep or too large, or has symbol-keyed members",
            )),
        },
    }
}
