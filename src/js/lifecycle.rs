//! Disposal glue (`docs/decisions.md` decision 26): hands each exported class's first instance to
//! `lifecycle.js`, whose `adopt` makes the class's `free()` / `[Symbol.dispose]()` call the hidden
//! `__groundfactsRetire` method instead of wasm-bindgen's detaching free. Each class's retire lets
//! go of what it holds and leaves the object answering later calls with a typed error.
//! The `Session` class's own side lives here too: `live()` (each call enters the core session, so a
//! `free()` from a callback waits for the outermost call) and its retire.
//! Used by `js::session` (`Session`, `ActionGroup`, `WorkHandle`), `js::graph` and `js::port`.

use crate::codes::ErrorCode;
use std::cell::Cell;

use wasm_bindgen::prelude::*;

use super::errors;
use super::session::{to_js_error, JsSession};
use crate::session::lifecycle::{freed_error, Entered};

#[wasm_bindgen(module = "/src/js/lifecycle.js")]
extern "C" {
    #[wasm_bindgen(js_name = adopt)]
    fn adopt_js(
        instance: &JsValue,
        detachable: bool,
        error_class: &JsValue,
        code: &str,
        message: &str,
    );
}

/// The classes whose prototype is patched (one bit each).
#[derive(Clone, Copy)]
pub enum Class {
    Session = 1,
    Graph = 2,
    Group = 4,
    Work = 8,
    Port = 16,
}

impl Class {
    /// Whether `free()` detaches at once (all but `Session`, which stays attached and answers
    /// `SESSION_FREED` from Rust), and the typed error a detached object's calls throw.
    fn detaching(self) -> Option<(ErrorCode, &'static str)> {
        match self {
            Class::Session => None,
            Class::Graph => Some((ErrorCode::GraphFreed, "this NavigationGraph was freed (graph.free()); build it again with buildNavigationGraph")),
            Class::Group => Some((ErrorCode::GroupFreed, "this ActionGroup was freed (it unregistered when it was disposed); register the actions again with session.registerActions")),
            Class::Work => Some((ErrorCode::WorkFreed, "this WorkHandle was freed (its work ended when it was disposed); begin new work with session.beginWork")),
            Class::Port => Some((ErrorCode::PortFreed, "this AgentPort was freed (port.free()); serve the session again with serveToAgent")),
        }
    }
}

/// The typed error a freed handle's calls throw (`GROUP_FREED`, …) while it is still attached (freed
/// from inside a callback); `SESSION_FREED` for a session.
pub fn freed_handle_error(class: Class) -> JsValue {
    match class.detaching() {
        Some((code, message)) => errors::new_session_error(code, message),
        None => to_js_error(freed_error()),
    }
}

thread_local! {
    static ADOPTED: Cell<u8> = const { Cell::new(0) };
}

/// What every `__groundfactsRetire` answers: whether the object must stay attached. Inside a callback
/// (any call-out open, `docs/decisions.md` decision 24 counts them) some object up the stack may be in
/// a call and wasm-bindgen's free would throw "borrowed", so the object stays attached (and answers
/// later calls with a typed error); from the app's own code nothing is in a call and it is detached.
pub fn stay_attached() -> bool {
    crate::session::depth::depth() > 0
}

/// Turn a freshly made class instance into its JS object, patching the class's prototype the first time.
pub fn adopt(class: Class, instance: JsValue) -> JsValue {
    let bit = class as u8;
    if ADOPTED.with(|a| a.get() & bit == 0) {
        let (detachable, code, message) = match class.detaching() {
            Some((code, message)) => (true, code.as_str(), message),
            None => (false, "", ""),
        };
        // The `SessionError` class, read off an instance (the error snippet does not export it to us).
        let error_class = js_sys::Reflect::get(
            &errors::new_session_error(ErrorCode::SessionFreed, ""),
            &JsValue::from_str("constructor"),
        )
        .unwrap_or(JsValue::UNDEFINED);
        adopt_js(
            &instance,
            detachable,
            &error_class,
            code,
            &crate::messages::prefixed(message),
        );
        ADOPTED.with(|a| a.set(a.get() | bit));
    }
    instance
}

impl JsSession {
    /// The core session for one call, entered (a `free()` from inside a callback waits for the
    /// outermost entered call to return); `SESSION_FREED` once freed.
    pub(in crate::js) fn live(&self) -> Result<Entered, JsValue> {
        let session = self
            .session
            .borrow()
            .clone()
            .ok_or_else(|| to_js_error(freed_error()))?;
        session.enter().map_err(|err| {
            // Closed by a deferred free(): let go of it now.
            self.session.borrow_mut().take();
            self.host.borrow_mut().take();
            to_js_error(err)
        })
    }
}

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// Hidden: what `free()` / `[Symbol.dispose]()` call (decision 26). Closes the session — releasing
    /// its handlers, mount-declared predicates, `navigate` and `onWarn` — at once, or when the outermost
    /// call in flight returns if called from inside a callback. Later calls throw `SESSION_FREED`.
    #[wasm_bindgen(js_name = __groundfactsRetire, skip_typescript)]
    pub fn retire(&self) -> bool {
        let session = self.session.borrow().clone();
        // Deferred (called inside a callback): the session keeps answering until the outermost call
        // returns; the handle lets go of it on its next call.
        if let Some(session) = session {
            if !session.close() {
                self.session.borrow_mut().take();
                self.host.borrow_mut().take();
            }
        }
        // Always attached: later calls reach `live()` and throw `SESSION_FREED`.
        true
    }
}
