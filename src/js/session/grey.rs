//! The `Session` method that answers why a control is grey (docs/session.md §21): `whatUnblocks`.
//! Another `impl` block of `js::session::JsSession`; it enters the session through `JsSession::live`
//! and goes straight to the core (`session::unblock`). `ActionGroup.setBusy` lives with the group
//! handle (`js::session::handles`).

use wasm_bindgen::prelude::*;

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
}
