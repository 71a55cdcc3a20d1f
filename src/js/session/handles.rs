//! The two handles a session hands out: `ActionGroup` (one `registerActions` call: `unregister()`,
//! `setEnabled()`) and `WorkHandle` (one `beginWork` call: `end()`). Each holds the core session and an
//! id; every call enters the session (`Session::enter`) and goes straight to the core. Made by
//! `js::session`.
//!
//! Disposing is unmounting (`docs/decisions.md` decision 26): `group.free()` and
//! `group[Symbol.dispose]()` unregister the group first, so an agent can no longer fire an unmounted
//! component's handler; `work.free()` / `work[Symbol.dispose]()` end the work (`end()`), so
//! `using work = session.beginWork()` closes the row when the block exits. Both then let go of the
//! session (and are detached unless freed from inside a callback, see `js::lifecycle`). After the
//! session itself is freed, `unregister()` and `end()` are no-ops (there is nothing left to release)
//! and `setEnabled()` throws `SESSION_FREED`.

use crate::codes::ErrorCode;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;

use crate::js::convert::string_arg;
use crate::js::errors;
use crate::js::lifecycle::stay_attached;
use crate::js::session::to_js_error;
use crate::session::lifecycle::{freed_error, Entered};
use crate::session::Session;

#[wasm_bindgen(module = "/src/js/text.js")]
extern "C" {
    #[wasm_bindgen(js_name = loneSurrogateAt)]
    fn lone_surrogate_at(value: &JsValue) -> i32;
}

/// The `Session` object's slot for its core session (`None` once freed). Handles hold it weakly: a
/// group handle the app dropped without `free()` waits for the collector, and must not keep a freed
/// session (or even its allocation, as a `Weak<Session>` would) alive meanwhile.
pub type Anchor = RefCell<Option<Rc<Session>>>;

/// The session behind a handle, entered for one call; `None` once the handle or the session is freed.
fn entered(cell: &RefCell<Option<Weak<Anchor>>>) -> Option<Entered> {
    let anchor = cell.borrow().as_ref()?.upgrade()?;
    let session = anchor.borrow().clone()?;
    session.enter().ok()
}

/// The session behind a group for a call that needs it: `GROUP_FREED` once the group itself was
/// freed (also from inside a handler, where it stays attached while its session lives), else
/// `SESSION_FREED` once the session is gone.
fn entered_group(cell: &RefCell<Option<Weak<Anchor>>>) -> Result<Entered, JsValue> {
    if cell.borrow().is_none() {
        return Err(crate::js::lifecycle::freed_handle_error(
            crate::js::lifecycle::Class::Group,
        ));
    }
    entered(cell).ok_or_else(|| to_js_error(freed_error()))
}

/// The handle of one `registerActions` call.
#[wasm_bindgen]
pub struct ActionGroup {
    session: RefCell<Option<Weak<Anchor>>>,
    id: String,
}

impl ActionGroup {
    pub fn new(session: Weak<Anchor>, id: String) -> ActionGroup {
        ActionGroup {
            session: RefCell::new(Some(session)),
            id,
        }
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

    /// Release the group's handlers and declarations. Idempotent (also after the session is freed).
    pub fn unregister(&self) -> Result<(), JsValue> {
        match entered(&self.session) {
            Some(session) => session.unregister(&self.id).map_err(to_js_error),
            None => Ok(()),
        }
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
            errors::new_session_error(
                ErrorCode::BadArgument,
                "setEnabled: on must be true or false",
            )
        })?;
        let session = entered_group(&self.session)?;
        session
            .set_enabled(&self.id, &name, on)
            .map_err(to_js_error)
    }

    /// Mark a registered action busy with the app's own sentence, or clear it with `null`
    /// (docs/session.md §22). While set, its row carries `busy` and a fire is refused `BUSY`.
    #[wasm_bindgen(js_name = setBusy)]
    pub fn set_busy(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null")] label: JsValue,
    ) -> Result<(), JsValue> {
        let name = string_arg(&name, "setBusy: name")?;
        let label = if label.is_null() || label.is_undefined() {
            None
        } else {
            let text = label.as_string().ok_or_else(|| {
                errors::new_session_error(
                    ErrorCode::BadLabel,
                    "setBusy: label must be a string (the app's own words) or null to clear it",
                )
            })?;
            if let Ok(at) = u32::try_from(lone_surrogate_at(&label)) {
                return Err(errors::new_session_error(
                    ErrorCode::BadLabel,
                    &format!("setBusy: the label contains a lone UTF-16 surrogate at position {at}: a busy label must be well-formed text; remove it"),
                ));
            }
            Some(text)
        };
        let session = entered_group(&self.session)?;
        session
            .set_busy(&self.id, &name, label.as_deref())
            .map_err(to_js_error)
    }

    /// Hidden: what `free()` / `[Symbol.dispose]()` call. Unregisters the group (decision 26), then
    /// lets go of the session. Refused (and the group kept) only inside a verify predicate, which may
    /// not unregister.
    #[wasm_bindgen(js_name = __groundfactsRetire, skip_typescript)]
    pub fn retire(&self) -> Result<bool, JsValue> {
        self.unregister()?;
        let session = self.session.borrow_mut().take();
        drop(session);
        Ok(stay_attached())
    }
}

/// The handle of one `beginWork` call.
#[wasm_bindgen]
pub struct WorkHandle {
    session: RefCell<Option<Weak<Anchor>>>,
    work_id: String,
}

impl WorkHandle {
    pub fn new(session: Weak<Anchor>, work_id: String) -> WorkHandle {
        WorkHandle {
            session: RefCell::new(Some(session)),
            work_id,
        }
    }
}

#[wasm_bindgen]
impl WorkHandle {
    #[wasm_bindgen(getter, js_name = workId)]
    pub fn work_id(&self) -> String {
        self.work_id.clone()
    }

    /// The work is over (first close wins; settles nothing). Returns whether this call closed it
    /// (`false` once the handle or its session is freed).
    pub fn end(&self) -> bool {
        entered(&self.session).is_some_and(|session| session.end_work(&self.work_id))
    }

    /// Hidden: what `free()` / `[Symbol.dispose]()` call: the work ends, then the handle lets go of
    /// the session (decision 26).
    #[wasm_bindgen(js_name = __groundfactsRetire, skip_typescript)]
    pub fn retire(&self) -> bool {
        self.end();
        let session = self.session.borrow_mut().take();
        drop(session);
        stay_attached()
    }
}
