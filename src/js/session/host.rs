//! `JsHost`: the core's [`Host`] over the app's JS functions.
//!
//! Handlers and verify predicates are looked up in the `callbacks` slab, `navigate` and `onWarn` are held
//! here. Every call is a `catch` call: an exception becomes `HandlerOutcome::Threw` /
//! `PredicateAnswer::Threw`, never a panic or an unwinding. A thenable return becomes
//! `HandlerOutcome::Deferred(token)` with then-callbacks that report back through
//! `Session::complete_deferred_handler`. `settled` notices resolve the promises `settlementOf` handed out.
//! `navigate` may be replaced (`setNavigate`); `changed` runs the `subscribe` listeners (`listeners`).
//! No `RefCell` borrow here is held while JS runs. Used by `js::session`.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::{Rc, Weak};

use js_sys::Function;
use serde_json::Value;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::host::{CallbackId, HandlerOutcome, Host, PredicateAnswer};
use crate::js::session::listeners::Listeners;
use crate::js::{callbacks, convert, fast};
use crate::session::Session;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = get)]
    fn reflect_get(target: &JsValue, key: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = stringify)]
    fn json_stringify(value: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_name = String)]
    fn js_string(value: &JsValue) -> Result<JsValue, JsValue>;
}

/// The app as the core sees it, in JS. `Host::closed` (the session's end, decision 26) drops every
/// function kept here and the graph's predicates this session was keeping alive.
pub struct JsHost {
    /// Replaced by `setNavigate` (decision 28); cloned out before it is called.
    navigate: RefCell<Option<Function>>,
    on_warn: RefCell<Option<Function>>,
    /// Keeps the graph's verify predicates held while this session may ask them.
    graph_keep: RefCell<Option<Rc<dyn std::any::Any>>>,
    closed: Cell<bool>,
    /// The session this host serves (set once the session exists), for deferred completions.
    session: RefCell<Weak<Session>>,
    next_token: Cell<u32>,
    /// `settlementOf` promises waiting for a transition to come to rest: id → resolve functions.
    waiting: RefCell<HashMap<String, Vec<Function>>>,
    /// `subscribe` listeners (decision 29).
    listeners: Listeners,
}

impl JsHost {
    pub fn new(
        navigate: Option<Function>,
        on_warn: Option<Function>,
        graph_keep: Rc<dyn std::any::Any>,
    ) -> JsHost {
        JsHost {
            navigate: RefCell::new(navigate),
            on_warn: RefCell::new(on_warn),
            graph_keep: RefCell::new(Some(graph_keep)),
            closed: Cell::new(false),
            session: RefCell::new(Weak::new()),
            next_token: Cell::new(0),
            waiting: RefCell::new(HashMap::new()),
            listeners: Listeners::new(),
        }
    }

    /// Hold `navigate` from now on (`None`: no navigate); returns the one held before.
    pub fn replace_navigate(&self, navigate: Option<Function>) -> Option<Function> {
        std::mem::replace(&mut *self.navigate.borrow_mut(), navigate)
    }

    /// Add a change listener; returns its unsubscribe function.
    pub fn subscribe(&self, listener: &Function) -> Result<Function, JsValue> {
        self.listeners.subscribe(listener)
    }

    pub fn attach(&self, session: &Rc<Session>) {
        *self.session.borrow_mut() = Rc::downgrade(session);
    }

    /// Keep `resolve` until `transition_id` settles.
    pub fn wait_for(&self, transition_id: &str, resolve: Function) {
        self.waiting
            .borrow_mut()
            .entry(transition_id.to_string())
            .or_default()
            .push(resolve);
    }

    /// Call `f(arg)` and classify what came back as a handler outcome.
    fn run_handler(&self, f: &Function, arg: &JsValue) -> HandlerOutcome {
        match f.call1(&JsValue::UNDEFINED, arg) {
            Err(thrown) => HandlerOutcome::Threw(describe_thrown(&thrown)),
            Ok(value) => {
                if value.is_undefined() {
                    return HandlerOutcome::Returned(None);
                }
                // Plain data that is neither a thenable nor `{ ok: false }`, read in one JS pass.
                if let Some(json) = fast::returned_json(&value) {
                    return HandlerOutcome::Returned(Some(json));
                }
                // A getter in it threw while it was walked: dropped as unreadable, never read again.
                if fast::walk_threw() {
                    return HandlerOutcome::Returned(None);
                }
                if let Some(then) = thenable(&value) {
                    return self.defer(&value, &then);
                }
                if let Some(failure) = returned_failure(&value) {
                    return HandlerOutcome::ReturnedFailure(failure);
                }
                // What the handler produced is data only; anything that is not plain data is dropped.
                // The walker already read it once: the reader judges what it left.
                HandlerOutcome::Returned(
                    convert::to_json_by_reader(&value, "a handler's return value")
                        .ok()
                        .flatten(),
                )
            }
        }
    }

    /// Attach then-callbacks to a thenable; they report the end through the session. An end reported
    /// while `then` itself is still running (a thenable that resolves or rejects synchronously) is
    /// what the call returned or threw: no fire waits on the token yet, so it is kept and returned
    /// instead of being lost (decisions 22 and 27).
    fn defer(&self, thenable: &JsValue, then: &Function) -> HandlerOutcome {
        let token = self.next_token.get();
        self.next_token.set(token.wrapping_add(1));
        let session = self.session.borrow().clone();
        let early = Rc::new(EarlyEnd::default());
        let on_ok = {
            let (session, early) = (session.clone(), Rc::clone(&early));
            Closure::once_into_js(move |value: JsValue| {
                let outcome = match returned_failure(&value) {
                    Some(failure) => HandlerOutcome::ReturnedFailure(failure),
                    None => HandlerOutcome::Returned(
                        convert::to_json(&value, "a handler's result")
                            .ok()
                            .flatten(),
                    ),
                };
                early.end(&session, token, outcome);
            })
        };
        let on_err = {
            let early = Rc::clone(&early);
            Closure::once_into_js(move |thrown: JsValue| {
                early.end(
                    &session,
                    token,
                    HandlerOutcome::Threw(describe_thrown(&thrown)),
                );
            })
        };
        let called = then.call2(thenable, &on_ok, &on_err);
        early.then_returned.set(true);
        // The first end wins, as a promise's does.
        if let Some(outcome) = early.outcome.borrow_mut().take() {
            return outcome;
        }
        match called {
            Ok(_) => HandlerOutcome::Deferred(token),
            Err(thrown) => HandlerOutcome::Threw(describe_thrown(&thrown)),
        }
    }
}

/// How a thenable ended before its `then` call returned, if it did.
#[derive(Default)]
struct EarlyEnd {
    then_returned: Cell<bool>,
    outcome: RefCell<Option<HandlerOutcome>>,
}

impl EarlyEnd {
    fn end(&self, session: &Weak<Session>, token: u32, outcome: HandlerOutcome) {
        if self.then_returned.get() {
            complete(session, token, outcome);
        } else {
            let mut early = self.outcome.borrow_mut();
            if early.is_none() {
                *early = Some(outcome);
            }
        }
    }
}

fn complete(session: &Weak<Session>, token: u32, outcome: HandlerOutcome) {
    if let Some(session) = session.upgrade() {
        // An unknown token means the session already finished that fire another way; nothing to do.
        let _ = session.complete_deferred_handler(token, outcome);
    }
}

impl Host for JsHost {
    fn call_handler(
        &self,
        _session: &Session,
        handler: CallbackId,
        input: Option<&Value>,
    ) -> HandlerOutcome {
        let Some(f) = callbacks::get(handler) else {
            return HandlerOutcome::Threw(
                "the handler was released (its group was unregistered)".into(),
            );
        };
        let arg = match input {
            Some(input) => match convert::to_js(input) {
                Ok(arg) => arg,
                Err(_) => {
                    return HandlerOutcome::Threw(
                        "the input could not be handed to the handler".into(),
                    )
                }
            },
            None => JsValue::UNDEFINED,
        };
        self.run_handler(&f, &arg)
    }

    fn call_handler_carrying(
        &self,
        session: &Session,
        handler: CallbackId,
        input: Option<&Value>,
        carried: Option<&dyn std::any::Any>,
    ) -> HandlerOutcome {
        // The walker's copy of the payload (`fast::fire_options`): what `JSON.parse` of the text
        // the core parsed gives, so the very input the core checked, without writing it out again.
        let copy = carried.and_then(|c| c.downcast_ref::<JsValue>());
        let (Some(copy), Some(_)) = (copy, input) else {
            return self.call_handler(session, handler, input);
        };
        match callbacks::get(handler) {
            Some(f) => self.run_handler(&f, copy),
            None => self.call_handler(session, handler, input),
        }
    }

    fn ask_predicate(
        &self,
        _session: &Session,
        predicate: CallbackId,
        state: &Value,
    ) -> PredicateAnswer {
        let Some(f) = callbacks::get(predicate) else {
            return PredicateAnswer::Threw("the verify predicate is no longer held".into());
        };
        let state = match convert::to_js(state) {
            Ok(state) => state,
            Err(_) => {
                return PredicateAnswer::Threw(
                    "the state could not be handed to the predicate".into(),
                )
            }
        };
        match f.call1(&JsValue::UNDEFINED, &state) {
            Err(thrown) => PredicateAnswer::Threw(describe_thrown(&thrown)),
            Ok(answer) => match answer.as_bool() {
                Some(true) => PredicateAnswer::Held,
                Some(false) => PredicateAnswer::Failed,
                None => PredicateAnswer::NotBoolean(describe_value(&answer)),
            },
        }
    }

    fn can_navigate(&self) -> bool {
        self.navigate.borrow().is_some()
    }

    fn navigate(&self, _session: &Session, href: &str) -> HandlerOutcome {
        // Cloned out: the app's navigate may call setNavigate, or free the session (emptying the cell).
        let navigate = self.navigate.borrow().clone();
        match navigate {
            Some(f) => self.run_handler(&f, &JsValue::from_str(href)),
            None => HandlerOutcome::Threw(
                "no navigate function is set (createSession's navigate, or setNavigate), or the session was freed".into(),
            ),
        }
    }

    fn warn(&self, _session: &Session, message: &str) {
        if self.closed.get() {
            return;
        }
        let message = JsValue::from_str(message);
        let on_warn = self.on_warn.borrow().clone();
        let delivered = match on_warn {
            Some(f) => f.call1(&JsValue::UNDEFINED, &message).is_ok(),
            None => false,
        };
        if !delivered {
            web_sys::console::warn_1(&message);
        }
    }

    /// A runtime warning the record already holds as data: `onWarn` hears it; with none, nothing
    /// is printed (quiet by default, docs/session.md §29.4).
    fn note(&self, _session: &Session, message: &str) {
        if self.closed.get() {
            return;
        }
        let on_warn = self.on_warn.borrow().clone();
        if let Some(f) = on_warn {
            let _ = f.call1(&JsValue::UNDEFINED, &JsValue::from_str(message));
        }
    }

    fn settled(&self, session: &Session, transition_id: &str) {
        {
            // Most fires have no `settlementOf` waiter: skip hashing the id then.
            let waiting = self.waiting.borrow();
            if waiting.is_empty() || !waiting.contains_key(transition_id) {
                return;
            }
        }
        let settlement = match session.settlement_if_known(transition_id) {
            Ok(Some(settlement)) => settlement,
            Ok(None) => return,
            // Folded before it came to rest (decision 25): it will never settle, so its waiters'
            // resolve functions are released rather than kept for the page's lifetime.
            Err(_) => {
                self.waiting.borrow_mut().remove(transition_id);
                return;
            }
        };
        let Some(waiters) = self.waiting.borrow_mut().remove(transition_id) else {
            return;
        };
        for resolve in waiters {
            // Every asker gets its own copy.
            if let Ok(value) = convert::to_js(&settlement) {
                let _ = resolve.call1(&JsValue::UNDEFINED, &value);
            }
        }
    }

    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }

    fn release_callbacks(&self, ids: &[CallbackId]) {
        callbacks::release(ids);
    }

    fn changed(&self, session: &Session) {
        for thrown in self.listeners.notify() {
            session.listener_threw(&describe_thrown(&thrown));
        }
    }

    fn closed(&self, _session: &Session) {
        self.closed.set(true);
        // Taken out before they drop: nothing here runs JS, but no borrow outlives the statement.
        let navigate = self.navigate.borrow_mut().take();
        let on_warn = self.on_warn.borrow_mut().take();
        let keep = self.graph_keep.borrow_mut().take();
        let waiting = std::mem::take(&mut *self.waiting.borrow_mut());
        self.listeners.clear();
        // A weak reference still pins the session's allocation; the freed `Session` object (which
        // keeps this host until it is collected) must not.
        *self.session.borrow_mut() = Weak::new();
        drop((navigate, on_warn, keep, waiting));
    }
}

/// The `then` function of a thenable (an object or function with a callable `then`).
fn thenable(value: &JsValue) -> Option<Function> {
    fast::then_of(value)
}

/// A returned failure: an object whose **own** `ok` is `false` (`fast::is_returned_failure`); its
/// text is `error ?? the object`.
fn returned_failure(value: &JsValue) -> Option<String> {
    if !fast::is_returned_failure(value) {
        return None;
    }
    let error = reflect_get(value, "error").unwrap_or(JsValue::UNDEFINED);
    let reason = if error.is_undefined() || error.is_null() {
        value.clone()
    } else {
        error
    };
    Some(describe_thrown(&reason))
}

/// A thrown value as text: an Error's message, a string as-is, anything else as JSON or its type.
fn describe_thrown(thrown: &JsValue) -> String {
    if let Some(err) = thrown.dyn_ref::<js_sys::Error>() {
        return String::from(err.message());
    }
    if let Some(text) = thrown.as_string() {
        return text;
    }
    if let Some(text) = json_stringify(thrown).ok().and_then(|t| t.as_string()) {
        return text;
    }
    js_string(thrown)
        .ok()
        .and_then(|t| t.as_string())
        .unwrap_or_else(|| describe_value(thrown))
}

/// What a non-boolean answer was, for the warning (`a Promise`, `null`, `a number`, …).
fn describe_value(value: &JsValue) -> String {
    if thenable(value).is_some() {
        return "a Promise".into();
    }
    if value.is_undefined() {
        return "undefined".into();
    }
    if value.is_null() {
        return "null".into();
    }
    if value.as_f64().is_some() {
        return "a number".into();
    }
    if value.is_string() {
        return "a string".into();
    }
    if value.is_function() {
        return "a function".into();
    }
    if value.is_symbol() {
        return "a symbol".into();
    }
    if value.is_bigint() {
        return "a bigint".into();
    }
    if convert::is_array(value) {
        return "an array".into();
    }
    "an object".into()
}
