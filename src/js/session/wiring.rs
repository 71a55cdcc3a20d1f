//! The app-wiring methods of `Session` added for live apps: `subscribe` (decision 29) and
//! `setNavigate` (decision 28), and the `navigate` argument `createSession` shares. The core does the
//! work (`Session::scoped` and `Host::changed` for notification, `Session::navigate_replaced` for a new
//! router push); `js::session::host` holds the listener set and the function. Used by apps; `js::session` uses
//! `navigate_arg`.

use crate::codes::ErrorCode;
use js_sys::Function;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::js::errors;
use crate::js::graph::describe;
use crate::js::session::{to_js_error, JsSession};

/// A `navigate` argument: a function, or `null` / `undefined` for none.
pub(in crate::js) fn navigate_arg(
    navigate: JsValue,
    what: &str,
) -> Result<Option<Function>, JsValue> {
    if navigate.is_undefined() || navigate.is_null() {
        return Ok(None);
    }
    navigate.dyn_into::<Function>().map(Some).map_err(|other| {
        errors::new_session_error(
            ErrorCode::BadArgument,
            &format!(
                "{what} must be a function (href) => void | Promise, or null; got {}",
                describe(&other)
            ),
        )
    })
}

impl JsSession {
    /// The session's host while it is live (a freed session has let go of it: `SESSION_FREED`).
    fn host(&self) -> Result<std::rc::Rc<crate::js::session::host::JsHost>, JsValue> {
        self.host
            .borrow()
            .clone()
            .ok_or_else(|| to_js_error(crate::session::lifecycle::freed_error()))
    }
}

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// Hear about every change (decision 29): `listener` runs after each outermost call that changed
    /// the session, once per call. Returns the function that unsubscribes it.
    #[wasm_bindgen(unchecked_return_type = "() => void")]
    pub fn subscribe(
        &self,
        #[wasm_bindgen(unchecked_param_type = "() => void")] listener: JsValue,
    ) -> Result<Function, JsValue> {
        let listener = listener.dyn_into::<Function>().map_err(|other| {
            errors::new_session_error(
                ErrorCode::BadArgument,
                &format!(
                    "subscribe: listener must be a function () => void, not {}",
                    describe(&other)
                ),
            )
        })?;
        let _entered = self.live()?;
        self.host()?.subscribe(&listener)
    }

    /// Replace the app's router push after creation (decision 28), or remove it with `null`.
    #[wasm_bindgen(js_name = setNavigate)]
    pub fn set_navigate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "((href: string) => unknown) | null")]
        navigate: JsValue,
    ) -> Result<(), JsValue> {
        let navigate = navigate_arg(navigate, "setNavigate: navigate")?;
        let session = self.live()?;
        let host = self.host()?;
        let previous = host.replace_navigate(navigate);
        if let Err(err) = session.navigate_replaced() {
            host.replace_navigate(previous);
            return Err(to_js_error(err));
        }
        Ok(())
    }
}
