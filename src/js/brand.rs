//! Our own class instances out of `JsValue` arguments, with a typed error for anything else.
//!
//! wasm-bindgen checks a `&NavigationGraph` / `&Session` parameter itself and throws an untyped
//! "expected instance of …" `Error` (or "null pointer passed to rust" for a freed object) before our
//! code runs. So those parameters are taken as `JsValue` and read here instead: each class has a hidden
//! method (`__groundfactsBrand`, not in the `.d.ts`) that parks its core handle in a thread-local slot;
//! [`claim`] calls that method through a `catch` call and takes the handle back out. Only a real,
//! live instance's wasm method can fill the slot, so a look-alike object, a freed instance or an
//! instance of the other class yields `None`, and the caller throws its own typed error.
//! Used by `js::graph` (`matchRoute`), `js::session` (`createSession`) and `js::port` (`serveToAgent`).

use std::any::Any;
use std::cell::RefCell;

use js_sys::{Function, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The hidden method's JS name.
pub const BRAND_METHOD: &str = "__groundfactsBrand";

thread_local! {
    static PARKED: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// Called by a class's hidden brand method: park its core handle for [`claim`].
pub fn park<T: Any>(handle: T) {
    PARKED.with(|slot| *slot.borrow_mut() = Some(Box::new(handle)));
}

/// The core handle of `value` if it is a live instance of the class whose brand parks a `T`.
pub fn claim<T: Any>(value: &JsValue) -> Option<T> {
    if !value.is_object() {
        return None;
    }
    PARKED.with(|slot| slot.borrow_mut().take());
    // A proxy's trap is app code that may call back in (decision 24).
    let _reading = super::convert::reading("an argument").ok()?;
    let method = Reflect::get(value, &JsValue::from_str(BRAND_METHOD))
        .ok()?
        .dyn_into::<Function>()
        .ok()?;
    method.call0(value).ok()?;
    let parked = PARKED.with(|slot| slot.borrow_mut().take())?;
    parked.downcast::<T>().ok().map(|handle| *handle)
}
