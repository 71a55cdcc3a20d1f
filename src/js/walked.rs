//! What a walk of a JS value leaves when it gives no JSON text, so the value is never read a second
//! time (docs/session.md §30: every argument is read at most once per call, getters included).
//!
//! `fast.js`'s walker, when it meets what it cannot write as JSON itself, leaves one of: app code that
//! threw ([`Left::Threw`]), a fault the member-by-member reader (`convert`) would raise, with its path
//! ([`Left::Fault`], by [`Fault`]), or a mirror of the value as read, with no getters and no proxies
//! left, for that reader to judge instead of the value ([`Left::Mirror`]). `readOnce` reads an
//! authored value into the same mirror before the reader judges it (`convert::to_def`). Uses
//! `fast.js` and `convert`; used by `convert`, `fast`, `host`, `port` and `snapshot`.

use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::convert::{oversized_stand_in, to_json_by_reader, MAX_DEPTH, MAX_VALUES};
use super::errors;
use super::fast::LIMITS;
use crate::codes::ErrorCode;

#[wasm_bindgen(module = "/src/js/fast.js")]
extern "C" {
    #[wasm_bindgen(js_name = takeLeft)]
    fn take_left_js() -> JsValue;
    #[wasm_bindgen(catch, js_name = leaveParsed)]
    fn leave_parsed_js(json: &str, oversized: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(js_name = readOnce)]
    fn read_once_js(value: &JsValue, max_depth: u32, max_values: u32) -> JsValue;
}

/// What a walk that gave no answer left instead, so the value is never read a second time
/// (docs/session.md §30: every argument is read at most once per call).
pub enum Left {
    /// App code threw while the value was read (a getter, a proxy trap, a call back in whose refusal
    /// escaped): the value is refused as read.
    Threw,
    /// The walk met what the reader refuses outright: a [`Fault`] (by number), and the path to it.
    Fault(u32, String),
    /// The value as read, with no getters and no proxies left: what the reader judges instead of the
    /// value; with a per-member budget, the members over it (written as null, as `Within::Json` names them).
    Mirror(JsValue, Vec<String>),
    /// The walk gave no answer without walking (a handler's thenable or returned failure).
    Nothing,
}

/// What the newest walk that gave no answer left (taken once, right after it).
pub fn take_left() -> Left {
    left_of(&take_left_js())
}

fn left_of(out: &JsValue) -> Left {
    if !out.is_object() {
        return Left::Nothing;
    }
    let get = |key: &str| js_sys::Reflect::get(out, &JsValue::from_str(key)).unwrap_or_default();
    if get("threw").is_truthy() {
        return Left::Threw;
    }
    if let Some(kind) = get("fault").as_f64() {
        return Left::Fault(kind as u32, get("at").as_string().unwrap_or_default());
    }
    // Only a per-member walk names oversized members (`Array.from` of anything else would throw).
    let oversized = get("oversized");
    let oversized = match oversized.dyn_ref::<js_sys::Array>() {
        Some(keys) => keys.iter().filter_map(|k| k.as_string()).collect(),
        None => Vec::new(),
    };
    Left::Mirror(get("mirror"), oversized)
}

/// `value` read once into a mirror the reader then reads instead (`convert::to_def`): the reader's
/// own checks, run on a value whose getters already ran once and whose proxies are left behind.
pub fn read_once(value: &JsValue) -> Left {
    left_of(&read_once_js(value, LIMITS.0, LIMITS.1))
}

/// A walk's JSON text parsed; when the core's parser refuses it (a lone surrogate's escape), its
/// `JSON.parse` is left as the walk's mirror ([`take_left`]) and `None` sends the caller there.
pub(super) fn parsed(text: &str, oversized: &JsValue) -> Option<serde_json::Value> {
    match serde_json::from_str(text) {
        Ok(json) => Some(json),
        Err(_) => {
            let _ = leave_parsed_js(text, oversized);
            None
        }
    }
}

/// What the reader refuses outright, met by the JS walk (`fast.js`'s `FAULT`, by number) or by the
/// reader itself: its code and rule.
#[derive(Clone, Copy)]
pub enum Fault {
    TooMany = 1,
    TooDeep = 2,
    Cycle = 3,
    SymbolKeys = 4,
    BadLength = 5,
    LongArray = 6,
}

impl Fault {
    fn of(kind: u32) -> Option<Fault> {
        [
            Fault::TooMany,
            Fault::TooDeep,
            Fault::Cycle,
            Fault::SymbolKeys,
            Fault::BadLength,
            Fault::LongArray,
        ]
        .into_iter()
        .find(|f| *f as u32 == kind)
    }

    pub(super) fn rule(self) -> (ErrorCode, String) {
        match self {
            Fault::TooMany => (ErrorCode::ValueTooLarge, format!("makes the value larger than {MAX_VALUES} entries; pass a smaller value")),
            Fault::TooDeep => (ErrorCode::ValueTooDeep, format!("is nested more than {MAX_DEPTH} levels deep; a definition is plain data a few levels deep")),
            Fault::Cycle => (ErrorCode::CyclicValue, "refers back to an object that contains it (a cycle); pass a tree of plain data".into()),
            Fault::SymbolKeys => (ErrorCode::UnsupportedValue, "has symbol-keyed properties, which cannot be authored; use string keys".into()),
            Fault::BadLength => (ErrorCode::UnsupportedValue, "is an array whose length could not be read; pass a plain array".into()),
            Fault::LongArray => (ErrorCode::ValueTooLarge, format!("is an array of more entries than the {MAX_VALUES} a value may hold; pass a smaller array")),
        }
    }
}

/// The error for what a walk left that is not a mirror: app code that threw, or a fault at a path.
pub fn left_error(left: Left, what: &str, authored: bool) -> JsValue {
    let (code, message) = match left {
        Left::Fault(kind, at) => match Fault::of(kind) {
            Some(fault) => {
                let (code, rule) = fault.rule();
                (code, format!("{what}{at} {rule}"))
            }
            None => (
                ErrorCode::UnsupportedValue,
                format!("{what} could not be read; pass plain data"),
            ),
        },
        _ => (
            ErrorCode::UnsupportedValue,
            format!("{what} could not be read (a getter or proxy threw); pass plain data"),
        ),
    };
    if authored {
        errors::graph_error_parts(code, &message)
    } else {
        errors::new_session_error(code, &message)
    }
}

/// What a walk of runtime data that gave no text left, judged without reading the value again: the
/// reader reads the walk's mirror (a per-member budget's oversized members become the stand-in).
pub fn after_walk(what: &str, limit: usize) -> Result<Option<Value>, JsValue> {
    match take_left() {
        Left::Mirror(mirror, oversized) => {
            let mut json = to_json_by_reader(&mirror, what)?;
            if let Some(Value::Object(members)) = &mut json {
                for key in oversized {
                    members.insert(key, oversized_stand_in(limit));
                }
            }
            Ok(json)
        }
        left => Err(left_error(left, what, false)),
    }
}
