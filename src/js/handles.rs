//! The two handles a session hands out: `ActionGroup` (one `registerActions` call: `unregister()`,
//! `setEnabled()`) and `WorkHandle` (one `beginWork` call: `end()`). Each holds the core session and an
//! id; every call goes straight to the core. Made by `js::session`.

use std::rc::Rc;

use wasm_bindgen::prelude::*;

use super::convert::string_arg;
use super::errors;
use super::session::session_error;
use crate::session::Session;

/// The handle of one `registerActions` call.
#[wasm_bindgen]
pub struct ActionGroup {
    session: Rc<Session>,
    id: String,
}

impl ActionGroup {
    pub fn new(session: Rc<Session>, id: String) -> ActionGroup {
        ActionGroup { session, id }
    }

    pub fn group_id(&self) -> String {
        self.id.clone()
    }
}

#[wasm_bindgen]
impl ActionGroup {
    /// The group id (`mount:<page>#N`).
    #[wasm_bindgen(getter)]
    pub fn id(&self) -> String {
        self.id.clone()
    }

    /// Release the group's handlers and declarations. Idempotent.
    pub fn unregister(&self) -> Result<(), JsValue> {
        self.session.unregister(&self.id).map_err(session_error)
    }

    /// Grey a registered control out (`false`) or back in (`true`).
    #[wasm_bindgen(js_name = setEnabled)]
    pub fn set_enabled(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean")] on: JsValue,
    ) -> Result<(), JsValue> {
        let name = string_arg(&name, "setEnabled: name")?;
        let on = on.as_bool().ok_or_else(|| {
            errors::session_error("BAD_ARGUMENT", "setEnabled: on must be true or false")
        })?;
        self.session
            .set_enabled(&self.id, &name, on)
            .map_err(session_error)
    }
}

/// The handle of one `beginWork` call.
#[wasm_bindgen]
pub struct WorkHandle {
    session: Rc<Session>,
    work_id: String,
}

impl WorkHandle {
    pub fn new(session: Rc<Session>, work_id: String) -> WorkHandle {
        WorkHandle { session, work_id }
    }
}

#[wasm_bindgen]
impl WorkHandle {
    #[wasm_bindgen(getter, js_name = workId)]
    pub fn work_id(&self) -> String {
        self.work_id.clone()
    }

    /// The work is over (first close wins; settles nothing). Returns whether this call closed it.
    pub fn end(&self) -> bool {
        self.session.end_work(&self.work_id)
    }
}
