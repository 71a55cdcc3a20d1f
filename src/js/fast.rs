//! The boundary's fast paths, in a JS module beside this file (`fast.js`): plain data read into JSON text in one JS
//! pass, and the fire, update and `groundTruth()` results built in JS (the accepted fire, the rendered
//! block and `fire`'s id table in `assembled.js`).
//!
//! Reading a JS value member by member through `Reflect` costs several wasm↔JS crossings per member.
//! `plain_json` walks the value in JS instead, in the
//! same order and with the same limits as `convert`'s reader, and hands back JSON text the core parses
//! with serde. It accepts only what that reader would convert to the very same JSON: anything the
//! reader must judge (functions, cycles, class instances, symbols, unsafe integers, too deep or too
//! large, a throwing getter or proxy) yields `None`, and the caller takes the reader's path, so every
//! refusal keeps its message. Its limits are `convert`'s constants, passed in on every call.
//! `returned_json` adds the handler-return checks (a thenable, an own `ok: false`) that route a value
//! to `host`'s slow path; [`then_of`] and [`is_returned_failure`] are those same checks, which `host`
//! uses too, so each is written once. [`fire_options`] reads `fire`'s options in the same one call
//! as the walk, and the walker also makes the copy of the payload its handler gets (what `JSON.parse`
//! of the text the core parsed gives), and an untouched second copy for the record of the row that
//! keeps that text.
//!
//! Out: the one fast path beside the general route (`convert::to_js`, docs/boundary.md §1): the
//! results of fires and updates are built as JS objects from short strings and cached enum words
//! (`acceptedFire`, `updateWithRecord` with the row itself, [`SharedRow`]; each enum's word is its
//! `as_str`) instead of JSON text to parse, and `groundTruth()`'s three members the same way
//! ([`rendered_block`]). A shape these builders do not cover takes the general route. Used by
//! `convert`, `session` (and its `host` and `snapshot`) and `port`.

use wasm_bindgen::prelude::*;

use super::walked::parsed;
pub use super::walked::{take_left, Left};
use crate::session::results::UpdateResult;
use crate::session::EffectVerified;
use crate::session::SharedRow;

#[wasm_bindgen(module = "/src/js/fast.js")]
extern "C" {
    #[wasm_bindgen(js_name = plainJson)]
    fn plain_json_js(value: &JsValue, max_depth: u32, max_values: u32) -> Option<String>;
    #[wasm_bindgen(js_name = plainJsonWithin)]
    fn plain_json_within_js(
        value: &JsValue,
        limit: f64,
        per_member: u32,
        max_depth: u32,
        max_values: u32,
    ) -> Option<String>;
    #[wasm_bindgen(js_name = takeWithin)]
    fn take_within_js() -> JsValue;
    #[wasm_bindgen(js_name = returnedJson)]
    fn returned_json_js(value: &JsValue, max_depth: u32, max_values: u32) -> Option<String>;
    #[wasm_bindgen(js_name = thenOf)]
    fn then_of_js(value: &JsValue) -> Option<js_sys::Function>;
    #[wasm_bindgen(js_name = isReturnedFailure)]
    fn is_returned_failure_js(value: &JsValue) -> bool;
    #[wasm_bindgen(js_name = updateWithRecord)]
    fn update_with_record_js(
        ok: bool,
        attributed: Option<bool>,
        version: f64,
        stage: &JsValue,
        n: u32,
        kind: &JsValue,
        principal: &JsValue,
        affordance_id: &JsValue,
        does: &JsValue,
        stimulus: &JsValue,
        inferred: bool,
        basis: &JsValue,
        certainty: &JsValue,
        timestamp: f64,
        payload: Option<&str>,
        pristine_payload: bool,
        outcome: &JsValue,
        effect_verified: &JsValue,
        from_node: &JsValue,
        to_node: &JsValue,
        to_node_claimed: bool,
        arrival: &JsValue,
        unverified_edge: bool,
        guard_unevaluated: Option<&str>,
        produced: Option<&str>,
        cursor_version: f64,
        ask_n: Option<u32>,
        materialized: Option<bool>,
    ) -> JsValue;
    #[wasm_bindgen(js_name = updateResult)]
    fn update_result_js(
        ok: bool,
        attributed: Option<bool>,
        transition: &JsValue,
        version: f64,
    ) -> JsValue;
}

#[wasm_bindgen(module = "/src/js/assembled.js")]
extern "C" {
    #[wasm_bindgen(js_name = idTable)]
    fn id_table_js() -> u32;
    #[wasm_bindgen(js_name = keptId)]
    fn kept_id_js(value: &JsValue, table: u32) -> i32;
    #[wasm_bindgen(js_name = keepId)]
    fn keep_id_js(value: &JsValue, table: u32, at: u32);
    #[wasm_bindgen(js_name = acceptedFire)]
    fn accepted_fire_js(
        stage: &JsValue,
        n: f64,
        settlement: &JsValue,
        effect_status: &JsValue,
        version: f64,
    ) -> JsValue;
    #[wasm_bindgen(js_name = renderedBlock)]
    fn rendered_block_js(node: &str, version: f64, text: &str) -> JsValue;
}

/// `value` (not `undefined`) as JSON, when it is plain data the reader would convert unchanged.
pub fn plain_json(value: &JsValue) -> Option<serde_json::Value> {
    parsed(
        &plain_json_js(value, LIMITS.0, LIMITS.1)?,
        &JsValue::UNDEFINED,
    )
}

/// `convert`'s reader limits (nesting depth, value count), handed to the JS walker on every call so
/// the two readers keep one copy of them.
pub(super) const LIMITS: (u32, u32) = (
    super::convert::MAX_DEPTH as u32,
    super::convert::MAX_VALUES as u32,
);

/// What [`plain_json_within`] read.
pub enum Within {
    /// The value as JSON; with `per_member`, the top-level members over the limit (written as null).
    Json(serde_json::Value, Vec<String>),
    /// The whole value is over the limit.
    TooLarge,
}

/// [`plain_json`] within a byte budget (`docs/decisions.md` decision 25), per top-level member with
/// `per_member`; `None` when the reader must judge the value.
pub fn plain_json_within(value: &JsValue, limit: usize, per_member: bool) -> Option<Within> {
    plain_json_within_levels(value, limit, u32::from(per_member))
}

/// [`plain_json_within`] with a budget per member of the first `levels` levels (0: the whole value);
/// an oversized second-level member is named `outer\u{0}key`. A tool call is read with two levels,
/// so its id and name survive arguments over the limit (`js::port`).
pub fn plain_json_within_levels(value: &JsValue, limit: usize, levels: u32) -> Option<Within> {
    // The text comes back as the call's own result (one crossing); anything else is taken after.
    if let Some(text) = plain_json_within_js(value, limit as f64, levels, LIMITS.0, LIMITS.1) {
        return parsed(&text, &JsValue::UNDEFINED).map(|json| Within::Json(json, Vec::new()));
    }
    let out = take_within_js();
    if !out.is_object() {
        return None;
    }
    let json = js_sys::Reflect::get(&out, &JsValue::from_str("json"))
        .ok()
        .and_then(|j| j.as_string());
    let Some(json) = json else {
        return Some(Within::TooLarge);
    };
    let oversized =
        js_sys::Reflect::get(&out, &JsValue::from_str("oversized")).unwrap_or(JsValue::UNDEFINED);
    let keys = js_sys::Array::from(&oversized)
        .iter()
        .filter_map(|k| k.as_string())
        .collect();
    parsed(&json, &oversized).map(|json| Within::Json(json, keys))
}

thread_local! {
    /// The JSON text of the newest payload [`fire_options`] walked, while `fast.js` keeps an untouched
    /// copy of it (its `pristine`): a record whose row keeps this very text takes that copy as its
    /// payload instead of parsing the text again. Used once.
    pub(super) static WALKED_PAYLOAD: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Whether `text` is the newest walked payload's text, whose untouched copy `fast.js` then hands to
/// the record being built (once: it is let go here).
fn take_walked_payload(text: &str) -> bool {
    WALKED_PAYLOAD.with(|walked| {
        let mut walked = walked.borrow_mut();
        let same = walked.as_deref() == Some(text);
        if same {
            *walked = None;
        }
        same
    })
}

pub use super::fire_read::{fire_options, FireOptionsRead};

/// A handler's return value as JSON, when it is plain data that is neither a thenable nor a returned
/// failure (`{ ok: false }`); `None` sends the value down the full classification.
pub fn returned_json(value: &JsValue) -> Option<serde_json::Value> {
    parsed(
        &returned_json_js(value, LIMITS.0, LIMITS.1)?,
        &JsValue::UNDEFINED,
    )
}

/// A thenable's `then` function: the one test (in `fast.js`) of whether a handler's return value is
/// deferred, shared by [`returned_json`]'s screen and `host`'s classification.
pub fn then_of(value: &JsValue) -> Option<js_sys::Function> {
    then_of_js(value)
}

/// Whether a return value is a returned failure (an object whose own `ok` is `false`): the one test,
/// in `fast.js`, shared like [`then_of`].
pub fn is_returned_failure(value: &JsValue) -> bool {
    is_returned_failure_js(value)
}

/// The usual accepted `FireResult` (`{ok, transitionId, settlement, effectStatus, version}`, nothing
/// else present) built as a JS object literal: one short string crosses instead of JSON to parse.
/// `None` for any other shape (the caller serialises it).
pub fn accepted_fire(result: &crate::session::FireResult) -> Option<JsValue> {
    let plain = result.ok
        && result.reason.is_none()
        && result.affordance_id.is_none()
        && result.evidence.is_none()
        && result.issues.is_none()
        && result.available.is_none()
        && result.node.is_none()
        && result.ask_id.is_none()
        && result.materialized.is_none()
        && result.busy.is_none()
        && result.already_true.is_none()
        && result.instance.is_none();
    let (Some(id), Some(settlement), Some(status), Some(version)) = (
        &result.transition_id,
        result.settlement,
        result.effect_status,
        result.version,
    ) else {
        return None;
    };
    if !plain || version > SAFE {
        return None;
    }
    // `<stage>#<n>` is joined in JS from the kept stage name: no fresh string to decode.
    let (stage, n) = match id
        .rsplit_once('#')
        .map(|(stage, n)| (stage, n.parse::<u32>()))
    {
        Some((stage, Ok(n))) => (name(stage), f64::from(n)),
        _ => (JsValue::from_str(id), -1.0),
    };
    Some(accepted_fire_js(
        &stage,
        n,
        &word(settlement.as_str()),
        &word(status.as_str()),
        version as f64,
    ))
}

/// An enum's word (its `as_str`) as a JS string, made once per word: a fresh one costs a UTF-8 decode.
fn word(text: &'static str) -> JsValue {
    thread_local! {
        static WORDS: std::cell::RefCell<Vec<(&'static str, JsValue)>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    WORDS.with(|words| {
        let mut words = words.borrow_mut();
        if let Some((_, value)) = words
            .iter()
            .find(|(w, _)| std::ptr::eq(w.as_ptr(), text.as_ptr()) || *w == text)
        {
            return value.clone();
        }
        let value = JsValue::from_str(text);
        words.push((text, value.clone()));
        value
    })
}

/// A graph name a record repeats fire after fire (an action id, its `does`, a page id) as a JS string,
/// kept for the next record: a fresh one costs a UTF-8 decode in the glue. The newest few short names
/// are kept (a session names a handful of pages and actions); a longer one is made each time.
fn name(text: &str) -> JsValue {
    const KEPT: usize = 16;
    const LONGEST: usize = 96;
    thread_local! {
        static NAMES: std::cell::RefCell<Vec<(Box<str>, JsValue)>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    if text.len() > LONGEST {
        return JsValue::from_str(text);
    }
    NAMES.with(|names| {
        let mut names = names.borrow_mut();
        if let Some((_, value)) = names.iter().find(|(n, _)| **n == *text) {
            return value.clone();
        }
        let value = JsValue::from_str(text);
        if names.len() == KEPT {
            names.remove(0);
        }
        names.push((text.into(), value.clone()));
        value
    })
}

/// `fire`'s id (a required string): an id that has crossed before is taken from the ones kept here by
/// the index `fast.js` keeps for that string (one call out that returns a number), not encoded into
/// wasm again — the UTF-8 encode and its allocation are a measurable share of a fire
/// (docs/boundary.md §4). The first few short ids are kept; anything else crosses as text each time,
/// and anything that is not a string gets [`convert::string_arg`](super::convert::string_arg)'s error.
/// `fast.js` outlives a module reset, so each instance asks it for a table of its own, once.
pub fn id_arg(value: &JsValue, what: &str) -> Result<std::rc::Rc<str>, JsValue> {
    use std::rc::Rc;
    const KEPT: usize = 64;
    const LONGEST: usize = 96;
    thread_local! {
        static IDS: std::cell::RefCell<Vec<Rc<str>>> = const { std::cell::RefCell::new(Vec::new()) };
        static TABLE: std::cell::Cell<Option<u32>> = const { std::cell::Cell::new(None) };
    }
    let table = match TABLE.with(std::cell::Cell::get) {
        Some(table) => table,
        None => {
            let table = id_table_js();
            TABLE.with(|t| t.set(Some(table)));
            table
        }
    };
    let at = kept_id_js(value, table);
    if let Ok(index) = usize::try_from(at) {
        if let Some(id) = IDS.with(|ids| ids.borrow().get(index).cloned()) {
            return Ok(id);
        }
    }
    let id: Rc<str> = super::convert::string_arg(value, what)?.into();
    if id.len() <= LONGEST {
        // Kept here first, then its index handed to `fast.js`: no borrow is held across the call out.
        let index = IDS.with(|ids| {
            let mut ids = ids.borrow_mut();
            (ids.len() < KEPT).then(|| {
                ids.push(Rc::clone(&id));
                ids.len() - 1
            })
        });
        if let Some(index) = index {
            keep_id_js(value, table, index as u32);
        }
    }
    Ok(id)
}

/// Numbers past 2^53 would round as JS numbers: such a record goes through serde's text instead.
const SAFE: u64 = 1 << 53;

/// An `UpdateResult` with its `TransitionRecord`, built as JS objects by `fast.js` in one call, the
/// record from the row itself ([`SharedRow`]: keys in serde's order, absent ones left out): shared names cross as kept JS strings, the id is joined in JS,
/// the payload's kept text is parsed by `JSON.parse` without being parsed and written again here
/// (parsing JSON in wasm is the larger share of a fire with a state report, benches/js/boundary.cjs).
fn update_with_record(r: &UpdateResult, t: &SharedRow) -> JsValue {
    let guard = t
        .guard_unevaluated
        .as_ref()
        .and_then(|keys| serde_json::to_string(keys).ok());
    let effect_verified = match t.effect_verified {
        None => JsValue::UNDEFINED,
        Some(EffectVerified::Observed(b)) => JsValue::from_bool(b),
        Some(EffectVerified::Unobservable) => word("unobservable"),
    };
    // The row keeps the newest walked payload's very text: `fast.js` has an untouched copy of it.
    let pristine = t.payload.as_deref().is_some_and(take_walked_payload);
    let (affordance_id, does) = match &t.affordance {
        Some((id, does)) => (name(id), name(does)),
        None => (JsValue::UNDEFINED, JsValue::UNDEFINED),
    };
    update_with_record_js(
        r.ok,
        r.attributed,
        r.version as f64,
        &name(&t.stage),
        t.n,
        &word(t.kind.as_str()),
        &word(t.principal.as_str()),
        &affordance_id,
        &does,
        &t.stimulus.as_deref().map_or(JsValue::UNDEFINED, name),
        t.inferred,
        &word(t.basis.as_str()),
        &word(t.certainty.as_str()),
        t.timestamp,
        t.payload.as_deref().filter(|_| !pristine),
        pristine,
        &word(t.outcome.as_str()),
        &effect_verified,
        &name(&t.from_node),
        &t.to_node.as_deref().map_or(JsValue::UNDEFINED, name),
        t.to_node_claimed,
        &t.arrival.map_or(JsValue::UNDEFINED, |a| word(a.as_str())),
        t.unverified_edge,
        guard.as_deref(),
        t.produced.as_deref(),
        t.cursor_version as f64,
        t.ask_n,
        (!t.materialized).then_some(false),
    )
}

/// The usual `UpdateResult` (`{ok, attributed?, transition?, version}`, no reason, pending or issues)
/// built as a JS object, its record from `row` (the core leaves `transition` out when it hands the row
/// over shared); `None` for any other shape (the caller serialises it).
pub(crate) fn update_result(r: &UpdateResult, row: Option<&SharedRow>) -> Option<JsValue> {
    if r.reason.is_some()
        || r.pending.is_some()
        || r.issues.is_some()
        || r.transition.is_some()
        || r.version > SAFE
    {
        return None;
    }
    Some(match row {
        Some(row) => update_with_record(r, row),
        None => update_result_js(r.ok, r.attributed, &JsValue::UNDEFINED, r.version as f64),
    })
}

/// `{ node, version, text }` (a `RenderedBlock`, in that key order) built as a JS object literal, the
/// fast path's mechanism: the two strings cross as they are, nothing is serialised or parsed. A
/// version past 2^53 (which a number would round) takes the general route.
pub fn rendered_block(node: &str, version: u64, text: &str) -> Result<JsValue, JsValue> {
    if version <= SAFE {
        return Ok(rendered_block_js(node, version as f64, text));
    }
    let block = crate::facts::FactsBlock {
        node: node.to_string(),
        version,
        text: String::new(),
    };
    super::convert::to_js_with_texts(&block, [Some(("text", text)), None])
}

/// Run `render` with a reused text buffer (cleared by the renderer; it keeps its capacity between
/// turns). Re-entrant: a nested call while the buffer is out gets a fresh one.
pub fn with_text_buffer<R>(render: impl FnOnce(&mut String) -> R) -> R {
    thread_local! {
        static TEXT: std::cell::Cell<String> = const { std::cell::Cell::new(String::new()) };
    }
    let mut text = TEXT.with(|t| t.take());
    let result = render(&mut text);
    TEXT.with(|t| t.set(text));
    result
}
