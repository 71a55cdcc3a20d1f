//! The `Session` class's side of disposal (`docs/decisions.md` decision 26): `live()`, through which
//! every method enters the core session (so a `free()` from a callback waits for the outermost
//! call), and the hidden retire that `js::lifecycle`'s adoption makes `free()` call. Another `impl`
//! block of `js::session::JsSession`.

use wasm_bindgen::prelude::*;

use crate::js::errors::to_js_error;
use crate::js::session::JsSession;
use crate::session::lifecycle::{freed_error, Entered};

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
