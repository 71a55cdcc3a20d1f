//! The `Session` methods that answer why a control is grey (docs/session.md §21): `whatUnblocks`, and
//! `whyGrey` (the brief's greyed line for one action, which the bindings' `useAction` shows).
//! Another `impl` block of `js::session::JsSession`; it enters the session through `JsSession::live`
//! and goes straight to the core (`session::unblock`). `ActionGroup.setBusy` lives with the group
//! handle (`js::session::handles`).

use wasm_bindgen::prelude::*;

use crate::facts::brief::{greyed_line, greyed_line_of};
use crate::js::convert::{self, string_arg};
use crate::js::session::{to_js_error, JsSession};

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// The actions whose declared `writes` include a key this action's `enabledWhen` waits on now
    /// (`running: true` while one of them has a fire that has not come to rest). Empty when it is not
    /// grey by a declared condition. An id the session does not serve throws `SessionError`
    /// `UNKNOWN_ACTION`.
    #[wasm_bindgen(
        js_name = whatUnblocks,
        unchecked_return_type = "Unblocker[]"
    )]
    pub fn what_unblocks(
        &self,
        #[wasm_bindgen(js_name = actionId, unchecked_param_type = "string")] action_id: JsValue,
    ) -> Result<JsValue, JsValue> {
        let id = string_arg(&action_id, "whatUnblocks: actionId")?;
        convert::to_js(&self.live()?.what_unblocks(&id).map_err(to_js_error)?)
    }

    /// The brief's greyed line for one action (`Greyed: a.b — waits on …; c.d writes it.`), or null
    /// when it is not offered here now, not grey, or grey only by the app's own switch-off
    /// (`setEnabled`): the same words the model reads, for a person's tooltip.
    #[wasm_bindgen(js_name = whyGrey, unchecked_return_type = "string | null")]
    pub fn why_grey(
        &self,
        #[wasm_bindgen(js_name = actionId, unchecked_param_type = "string")] action_id: JsValue,
    ) -> Result<JsValue, JsValue> {
        let id = string_arg(&action_id, "whyGrey: actionId")?;
        Ok(match self.live()?.greyed_why_of(&id) {
            Some(why) => JsValue::from_str(&greyed_line(&greyed_line_of(
                &id,
                &why.blocked_because,
                &why.unblocked_by,
            ))),
            None => JsValue::NULL,
        })
    }
}
