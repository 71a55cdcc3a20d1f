//! Disposal glue (`docs/decisions.md` decision 26): hands each exported class's first instance to
//! `lifecycle.js`, whose `adopt` makes the class's `free()` / `[Symbol.dispose]()` call the hidden
//! `__groundfactsRetire` method instead of wasm-bindgen's detaching free. Each class's retire lets
//! go of what it holds and leaves the object answering later calls with a typed error.
//! Used by `js::session` (`Session`, `ActionGroup`, `WorkHandle`), `js::graph` and `js::port`.

use std::cell::Cell;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/js/lifecycle.js")]
extern "C" {
    #[wasm_bindgen(js_name = adopt)]
    fn adopt_js(instance: &JsValue);
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
        adopt_js(&instance);
        ADOPTED.with(|a| a.set(a.get() | bit));
    }
    instance
}
