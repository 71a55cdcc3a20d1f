//! Values across the boundary, both ways.
//!
//! In: any JS value → [`DefValue`] (the authoring tree every core rule reads). Objects keep `Object.keys`
//! order; functions become [`CallbackId`]s in the `callbacks` slab; symbols, bigints and class instances
//! become `DefValue::Unsupported` for the core to refuse with its own message. What the core cannot be
//! asked to judge is refused here as a `GraphValidationError`: cycles (`CYCLIC_VALUE`), nesting deeper
//! than [`MAX_DEPTH`] (`VALUE_TOO_DEEP`), more than [`MAX_VALUES`] values (`VALUE_TOO_LARGE`), symbol-keyed
//! properties and throwing getters/proxies (`UNSUPPORTED_VALUE`). Every reflective JS call goes through a
//! `catch` import, so a hostile proxy surfaces as an error value, never as an exception unwinding wasm.
//!
//! Out: `serde_json::Value` / `Serialize` data → plain JS objects and arrays lives in `js::out`
//! (re-exported here: [`to_js`], [`to_js_with_texts`]). Used by every exported `js::*`
//! function.

use crate::codes::ErrorCode;
use js_sys::{Array, Function, Object};
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

pub use super::out::{to_js, to_js_with_texts};
use super::walked::{after_walk, left_error, Fault};
use super::{callbacks, errors, fast};
use crate::graph::DefValue;
use crate::host::CallbackId;
use crate::session::depth;

/// Deepest nesting accepted in an authored value (a graph definition is a handful of levels deep).
pub const MAX_DEPTH: usize = 64;
/// Most values (every object, array, member and scalar counted once) accepted in one authored value.
pub const MAX_VALUES: usize = 200_000;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(value: &JsValue) -> Result<Array, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Object, js_name = getOwnPropertySymbols)]
    fn object_own_symbols(value: &JsValue) -> Result<Array, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Object, js_name = getPrototypeOf)]
    fn object_prototype_of(value: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = get)]
    fn reflect_get(target: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn array_is_array(value: &JsValue) -> Result<bool, JsValue>;
}

#[wasm_bindgen(module = "/src/js/text.js")]
extern "C" {
    #[wasm_bindgen(js_name = loneSurrogateAt)]
    fn lone_surrogate_at(value: &JsValue) -> i32;
}

/// A value read from JS, plus the callback ids it registered (released by the caller if the core refuses it).
pub struct Converted {
    pub value: DefValue,
    pub callbacks: Vec<CallbackId>,
}

/// Convert `value`; `what` names it in messages as `<call>: <parameter>` (`buildNavigationGraph: def`).
/// On failure every callback registered so far is released again.
pub fn to_def(value: &JsValue, what: &str) -> Result<Converted, JsValue> {
    let _reading = reading(what)?;
    // Read once into a mirror (getters run once, proxies left behind), which the reader then judges
    // (docs/session.md §30: every argument is read at most once per call).
    match super::walked::read_once(value) {
        fast::Left::Mirror(mirror, _) => read_value(&mirror, what, true),
        left => Err(left_error(left, what, true)),
    }
}

/// Levels past `depth::LIMIT` a value may still be read at: a door at the limit reads its plain
/// arguments and refuses as data; only a getter or proxy that keeps calling back in gets this far.
pub const READ_MARGIN: u32 = 8;

/// Reading a JS value may run app code (a getter, a proxy trap) that calls straight back in: that is a
/// call-out like a handler's (`docs/decisions.md` decision 24). Past the margin the read is refused
/// with a typed `ReentrancyError` (`REENTRANCY_DEPTH`), so such recursion cannot exhaust a stack.
pub fn reading(what: &str) -> Result<depth::CallOut, JsValue> {
    if depth::depth() >= depth::LIMIT + READ_MARGIN {
        return Err(errors::reentrancy_error(
            ErrorCode::ReentrancyDepth,
            &format!(
                "reading {what} re-entered groundfacts more than {} levels deep (a getter or proxy that calls back in); pass plain data",
                depth::LIMIT + READ_MARGIN
            ),
        ));
    }
    Ok(depth::CallOut::open())
}

fn read_value(value: &JsValue, what: &str, authored: bool) -> Result<Converted, JsValue> {
    let _reading = reading(what)?;
    let mut reader = Reader {
        what,
        path: Vec::new(),
        ancestors: Vec::new(),
        budget: MAX_VALUES,
        callbacks: Vec::new(),
        authored,
    };
    match reader.read(value, 0) {
        Ok(value) => Ok(Converted {
            value,
            callbacks: reader.callbacks,
        }),
        Err(err) => {
            callbacks::release(&reader.callbacks);
            Err(err)
        }
    }
}

/// Convert a runtime data value (state deltas, payloads, handler results) to JSON. Anything that is not
/// plain data (a function, a cycle, a class instance) is refused with a `SessionError`; `undefined` is `None`.
pub fn to_json(value: &JsValue, what: &str) -> Result<Option<Value>, JsValue> {
    if value.is_undefined() {
        return Ok(None);
    }
    let _reading = reading(what)?;
    // Plain data (nearly every value) is read in one JS pass; anything the reader must judge takes it.
    if let Some(json) = fast::plain_json(value) {
        return Ok(Some(json));
    }
    after_walk(what, 0)
}

/// Refuse a lone UTF-16 surrogate in an authored string read outside the reader (a router's route
/// object, `js::graph::routers`) with the reader's own `INVALID_NAME` (decision 23): never replaced by U+FFFD.
pub fn authored_well_formed(value: &JsValue, what: &str) -> Result<(), JsValue> {
    let Some(text) = value.as_string() else {
        return Ok(());
    };
    let reader = Reader {
        what,
        path: Vec::new(),
        ancestors: Vec::new(),
        budget: 0,
        callbacks: Vec::new(),
        authored: true,
    };
    reader.check_well_formed(value, &text, "")
}

/// `Array.isArray(value)`, false where it throws (a revoked proxy): nothing may throw through wasm.
pub fn is_array(value: &JsValue) -> bool {
    array_is_array(value).unwrap_or(false)
}

/// The refusal of a value whose reading threw (a getter, a proxy trap): refused as read, never read
/// again (docs/session.md §30), with the reader's own words.
pub fn unreadable(what: &str) -> JsValue {
    errors::new_session_error(
        ErrorCode::UnsupportedValue,
        &format!("{what} could not be read (a getter or proxy threw); pass plain data"),
    )
}

/// [`to_json`] by the member-by-member reader alone, for a value the JS walker already left to it.
pub fn to_json_by_reader(value: &JsValue, what: &str) -> Result<Option<Value>, JsValue> {
    if value.is_undefined() {
        return Ok(None);
    }
    let _reading = reading(what)?;
    let converted = read_value(value, what, false)?;
    let json = converted.value.to_json();
    callbacks::release(&converted.callbacks);
    match json {
        Some(json) => Ok(Some(json)),
        None => Err(errors::new_session_error(
            ErrorCode::NotPlainData,
            &format!("{what} must be plain data (objects, arrays, strings, numbers, booleans, null); it holds a function or another value that cannot be copied — pass only data"),
        )),
    }
}

/// Convert runtime data like [`to_json`], refusing early what is over `limit` bytes of JSON (per
/// top-level member with `per_member`, as state deltas are measured): the JS walk stops at the limit,
/// so a 4 MiB value is never copied into wasm. An oversized value comes back as a stand-in the core
/// measures over the same limit ([`oversized_stand_in`]), so the refusal, its message and its
/// recorded row are the core's own (`docs/decisions.md` decision 25).
pub fn to_json_within(
    value: &JsValue,
    what: &str,
    limit: usize,
    per_member: bool,
) -> Result<Option<Value>, JsValue> {
    if value.is_undefined() {
        return Ok(None);
    }
    // Reading a value can run app getters that call back in: it counts as a call-out (decision 24).
    let _reading = reading(what)?;
    match fast::plain_json_within(value, limit, per_member) {
        Some(fast::Within::Json(mut json, oversized)) => {
            if let Value::Object(members) = &mut json {
                for key in oversized {
                    members.insert(key, oversized_stand_in(limit));
                }
            }
            Ok(Some(json))
        }
        Some(fast::Within::TooLarge) => Ok(Some(oversized_stand_in(limit))),
        // Walked once already: the reader judges what the walker read, or a throw is refused as read.
        None => after_walk(what, limit),
    }
}

/// A string one byte over `limit` in JSON: what an oversized value is replaced with before the core
/// refuses it (never kept).
pub fn oversized_stand_in(limit: usize) -> Value {
    Value::String(" ".repeat(limit.saturating_sub(1)))
}

struct Reader<'a> {
    what: &'a str,
    path: Vec<String>,
    ancestors: Vec<JsValue>,
    budget: usize,
    callbacks: Vec<CallbackId>,
    /// Authored values fault with `GraphValidationError`; runtime data with `SessionError`.
    authored: bool,
}

impl Reader<'_> {
    fn where_(&self) -> String {
        let mut out = self.what.to_string();
        for seg in &self.path {
            out.push_str(seg);
        }
        out
    }

    fn fault(&self, code: ErrorCode, rule: &str) -> JsValue {
        let message = format!("{} {rule}", self.where_());
        if self.authored {
            errors::graph_error_parts(code, &message)
        } else {
            errors::new_session_error(code, &message)
        }
    }

    /// Refuse a lone UTF-16 surrogate in an authored string or key before it becomes U+FFFD
    /// (`docs/decisions.md` decision 23: two names must never collapse into one id). Runtime data is
    /// not judged here.
    fn faulted(&self, fault: Fault) -> JsValue {
        let (code, rule) = fault.rule();
        self.fault(code, &rule)
    }

    fn check_well_formed(&self, value: &JsValue, text: &str, what: &str) -> Result<(), JsValue> {
        if !self.authored {
            return Ok(());
        }
        let Ok(at) = usize::try_from(lone_surrogate_at(value)) else {
            return Ok(());
        };
        let unit = value
            .dyn_ref::<js_sys::JsString>()
            .map_or(0, |s| s.char_code_at(at as u32) as u32);
        let rule = format!(
            "{what}{} contains a lone UTF-16 surrogate U+{unit:04X} at position {at}: names and authored text must be well-formed Unicode (it would be silently replaced, and two names could collapse into one id); remove it",
            crate::graph::names::quote(&crate::graph::names::escape_text(text))
        );
        Err(self.fault(ErrorCode::InvalidName, &rule))
    }

    fn read(&mut self, value: &JsValue, depth: usize) -> Result<DefValue, JsValue> {
        if self.budget == 0 {
            return Err(self.faulted(Fault::TooMany));
        }
        self.budget -= 1;
        if value.is_undefined() {
            return Ok(DefValue::Undefined);
        }
        if value.is_null() {
            return Ok(DefValue::Null);
        }
        if let Some(b) = value.as_bool() {
            return Ok(DefValue::Bool(b));
        }
        if let Some(n) = value.as_f64() {
            return Ok(DefValue::Number(n));
        }
        if let Some(s) = value.as_string() {
            self.check_well_formed(value, &s, "")?;
            return Ok(DefValue::String(s));
        }
        if value.is_symbol() {
            return Ok(DefValue::Unsupported("a symbol".into()));
        }
        if value.is_bigint() {
            return Ok(DefValue::Unsupported("a bigint".into()));
        }
        if let Some(f) = value.dyn_ref::<Function>() {
            let id = callbacks::register(f.clone());
            self.callbacks.push(id);
            return Ok(DefValue::Function(id));
        }
        if !value.is_object() {
            return Ok(DefValue::Unsupported("a value of an unknown kind".into()));
        }
        if depth >= MAX_DEPTH {
            return Err(self.faulted(Fault::TooDeep));
        }
        if self.ancestors.iter().any(|a| Object::is(a, value)) {
            return Err(self.faulted(Fault::Cycle));
        }
        let is_array = array_is_array(value).map_err(|_| {
            self.fault(
                ErrorCode::UnsupportedValue,
                "could not be read (a proxy threw); pass plain data",
            )
        })?;
        self.ancestors.push(value.clone());
        let result = if is_array {
            self.read_array(value, depth)
        } else {
            self.read_object(value, depth)
        };
        self.ancestors.pop();
        result
    }

    fn read_array(&mut self, value: &JsValue, depth: usize) -> Result<DefValue, JsValue> {
        let length = reflect_get(value, &JsValue::from_str("length"))
            .ok()
            .and_then(|l| l.as_f64())
            .ok_or_else(|| self.faulted(Fault::BadLength))?;
        if length > self.budget as f64 {
            return Err(self.fault(ErrorCode::ValueTooLarge, &format!("is an array of {} entries, more than the {MAX_VALUES} a value may hold; pass a smaller array", crate::messages::number_text(length))));
        }
        let length = length as u32;
        let mut items = Vec::with_capacity(length as usize);
        for index in 0..length {
            self.path.push(format!("[{index}]"));
            let item = reflect_get(value, &JsValue::from(index))
                .map_err(|_| {
                    self.fault(
                        ErrorCode::UnsupportedValue,
                        "could not be read (a getter or proxy threw); pass plain data",
                    )
                })
                .and_then(|item| self.read(&item, depth + 1));
            self.path.pop();
            items.push(item?);
        }
        Ok(DefValue::Array(items))
    }

    fn read_object(&mut self, value: &JsValue, depth: usize) -> Result<DefValue, JsValue> {
        let unreadable = |r: &Self| {
            r.fault(
                ErrorCode::UnsupportedValue,
                "could not be read (a getter or proxy threw); pass plain data",
            )
        };
        let proto = object_prototype_of(value).map_err(|_| unreadable(self))?;
        if !proto.is_null() && !is_object_prototype(&proto) {
            return Ok(DefValue::Unsupported(instance_description(&proto)));
        }
        let symbols = object_own_symbols(value).map_err(|_| unreadable(self))?;
        if symbols.length() > 0 {
            return Err(self.faulted(Fault::SymbolKeys));
        }
        let keys = object_keys(value).map_err(|_| unreadable(self))?;
        if keys.length() as usize > self.budget {
            return Err(self.fault(
                ErrorCode::ValueTooLarge,
                &format!(
                    "has {} keys, more than the {MAX_VALUES} a value may hold",
                    keys.length()
                ),
            ));
        }
        let mut entries = Vec::with_capacity(keys.length() as usize);
        for key in keys.iter() {
            let name = key.as_string().unwrap_or_default();
            self.check_well_formed(&key, &name, "key ")?;
            self.path.push(path_segment(&name));
            let member = reflect_get(value, &key)
                .map_err(|_| unreadable(self))
                .and_then(|m| self.read(&m, depth + 1));
            self.path.pop();
            entries.push((name, member?));
        }
        Ok(DefValue::Object(entries))
    }
}

fn is_object_prototype(proto: &JsValue) -> bool {
    thread_local! {
        static OBJECT_PROTOTYPE: JsValue = object_prototype_of(&Object::new()).unwrap_or(JsValue::NULL);
    }
    OBJECT_PROTOTYPE.with(|p| Object::is(p, proto))
}

fn instance_description(proto: &JsValue) -> String {
    let name = reflect_get(proto, &JsValue::from_str("constructor"))
        .ok()
        .and_then(|c| reflect_get(&c, &JsValue::from_str("name")).ok())
        .and_then(|n| n.as_string())
        .filter(|n| !n.is_empty());
    match name {
        Some(name) => format!("a {name} instance"),
        None => "a class instance".into(),
    }
}

/// `.name` for identifier-like keys, `["odd key"]` otherwise (messages quote paths the way JS code would).
fn path_segment(key: &str) -> String {
    let ident = !key.is_empty()
        && key.chars().enumerate().all(|(i, c)| {
            c == '_' || c == '$' || c.is_ascii_alphabetic() || (i > 0 && c.is_ascii_digit())
        });
    if ident {
        format!(".{key}")
    } else {
        format!("[{}]", serde_json::to_string(key).unwrap_or_default())
    }
}

/// Member `key` of an options object; `undefined` when the object itself is `undefined`/`null`.
/// Anything else that is not an object is refused as a malformed argument.
pub fn field(options: &JsValue, key: &'static str, what: &str) -> Result<JsValue, JsValue> {
    // The object case first: each type test is a call out of wasm.
    if !options.is_object() {
        if options.is_undefined() || options.is_null() {
            return Ok(JsValue::UNDEFINED);
        }
        return Err(errors::new_session_error(
            ErrorCode::BadArgument,
            &format!("{what} must be an object (or omitted)"),
        ));
    }
    let _reading = reading(what)?;
    reflect_get(options, &key_string(key)).map_err(|_| {
        errors::new_session_error(
            ErrorCode::BadArgument,
            &format!("{what}.{key} could not be read (a getter threw)"),
        )
    })
}

/// An option name as a JS string, made once per name: a fresh one per call costs a UTF-8 decode.
fn key_string(key: &'static str) -> JsValue {
    thread_local! {
        static KEYS: std::cell::RefCell<Vec<(&'static str, JsValue)>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    KEYS.with(|keys| {
        let mut keys = keys.borrow_mut();
        if let Some((_, value)) = keys.iter().find(|(k, _)| *k == key) {
            return value.clone();
        }
        let value = JsValue::from_str(key);
        keys.push((key, value.clone()));
        value
    })
}

/// An optional string member (`undefined`/`null` → `None`).
pub fn opt_string(
    options: &JsValue,
    key: &'static str,
    what: &str,
) -> Result<Option<String>, JsValue> {
    opt_string_of(field(options, key, what)?, key, what)
}

/// [`opt_string`] of a member already read.
pub fn opt_string_of(value: JsValue, key: &str, what: &str) -> Result<Option<String>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.as_string().map(Some).ok_or_else(|| {
        errors::new_session_error(
            ErrorCode::BadArgument,
            &format!("{what}.{key} must be a string"),
        )
    })
}

/// An optional boolean member.
pub fn opt_bool(options: &JsValue, key: &'static str, what: &str) -> Result<Option<bool>, JsValue> {
    opt_bool_of(field(options, key, what)?, key, what)
}

/// [`opt_bool`] of a member already read.
pub fn opt_bool_of(value: JsValue, key: &str, what: &str) -> Result<Option<bool>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.as_bool().map(Some).ok_or_else(|| {
        errors::new_session_error(
            ErrorCode::BadArgument,
            &format!("{what}.{key} must be true or false"),
        )
    })
}

/// An optional finite number member.
pub fn opt_number(
    options: &JsValue,
    key: &'static str,
    what: &str,
) -> Result<Option<f64>, JsValue> {
    let value = field(options, key, what)?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.is_finite() => Ok(Some(n)),
        _ => Err(errors::new_session_error(
            ErrorCode::BadArgument,
            &format!("{what}.{key} must be a finite number"),
        )),
    }
}

/// An optional non-negative integer member.
pub fn opt_count(options: &JsValue, key: &'static str, what: &str) -> Result<Option<u64>, JsValue> {
    let value = field(options, key, what)?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.as_f64() {
        Some(n) if n.is_finite() && n >= 0.0 => Ok(Some(n.floor() as u64)),
        _ => Err(errors::new_session_error(
            ErrorCode::BadArgument,
            &format!("{what}.{key} must be a non-negative number"),
        )),
    }
}

/// An optional function member.
pub fn opt_function(
    options: &JsValue,
    key: &'static str,
    what: &str,
) -> Result<Option<Function>, JsValue> {
    let value = field(options, key, what)?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.dyn_into::<Function>().map(Some).map_err(|_| {
        errors::new_session_error(
            ErrorCode::BadArgument,
            &format!("{what}.{key} must be a function"),
        )
    })
}

/// A required string argument.
pub fn string_arg(value: &JsValue, what: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        errors::new_session_error(ErrorCode::BadArgument, &format!("{what} must be a string"))
    })
}
