//! `session.subscribe`'s listener set (decision 29), held in JS by `listeners.js` beside this file: the
//! set, the unsubscribe closures and the round loop over the listeners are plain JS, so no Rust closure
//! is handed out per subscription. `js::session::host` keeps one set per session and runs a round when the core
//! calls `Host::changed`; the thrown values come back here and are reported to the core, which warns.

use js_sys::{Array, Function};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/js/session/listeners.js")]
extern "C" {
    #[wasm_bindgen(js_name = createListeners)]
    fn create_listeners() -> JsValue;
    #[wasm_bindgen(catch, js_name = subscribe)]
    fn js_subscribe(listeners: &JsValue, listener: &Function) -> Result<Function, JsValue>;
    #[wasm_bindgen(catch, js_name = notify)]
    fn js_notify(listeners: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_name = clearListeners)]
    fn js_clear(listeners: &JsValue);
}

/// One session's listeners.
pub struct Listeners {
    set: JsValue,
    /// False until the first subscription: most sessions never pay for a round.
    used: std::cell::Cell<bool>,
}

impl Listeners {
    pub fn new() -> Listeners {
        Listeners {
            set: create_listeners(),
            used: std::cell::Cell::new(false),
        }
    }

    /// Add `listener`; returns its unsubscribe function.
    pub fn subscribe(&self, listener: &Function) -> Result<Function, JsValue> {
        self.used.set(true);
        js_subscribe(&self.set, listener)
    }

    /// Run one round; returns what the listeners threw (each becomes one warning).
    pub fn notify(&self) -> Vec<JsValue> {
        if !self.used.get() {
            return Vec::new();
        }
        match js_notify(&self.set) {
            Ok(thrown) if Array::is_array(&thrown) => Array::from(&thrown).iter().collect(),
            Ok(_) => Vec::new(),
            Err(thrown) => vec![thrown],
        }
    }

    /// Drop every subscription (the session was closed, decision 26).
    pub fn clear(&self) {
        if self.used.get() {
            js_clear(&self.set);
        }
    }
}
