//! Lists at the boundary (docs/session.md §34): `fire(id, { instance })` reads the instance `fast.js`
//! read with the other options, and `registerActions(page, { handlers, instance: { id, label } })`
//! registers one list row. Also the TypeScript those two members add to `FireOptions` and
//! `RegisterActionsSpec` (interfaces merge, so the tsify-derived `FireOptions` gains the member).
//! Uses `convert`, `fast.js`. Used by `js::session`.

use wasm_bindgen::prelude::*;

use crate::graph::DefValue;
use crate::host::CallbackId;
use crate::js::convert;
use crate::session::{InstanceRef, Session, SessionError};

#[wasm_bindgen(typescript_custom_section)]
const LIST_TYPES: &'static str = r#"
export interface FireOptions {
  /**
   * For an action a list container `repeats`: the id of the row it is fired for, one a row reported
   * through `registerActions(page, { instance })`. An unknown or gone row is refused
   * `INSTANCE_UNKNOWN`; a repeated action fired without one `INSTANCE_REQUIRED`.
   */
  instance?: string | undefined;
}
export interface RegisterActionsSpec {
  /**
   * This component renders one row of a list: its handlers run for this row only, and the row is
   * live until the group unregisters. `label` is the app's own words for the row (one line), which
   * the facts block and the port print.
   */
  instance?: InstanceRef | undefined;
}
"#;

/// The `instance` member `fast.js` read with `fire`'s options (once, after `source` and `invoke`).
pub fn instance_of_fire(read: JsValue, what: &str) -> Result<Option<String>, JsValue> {
    convert::opt_string_of(read, "instance", what)
}

/// `spec.instance` of `registerActions`: absent, or `{ id, label }` of strings.
pub fn instance_of(spec: &JsValue, what: &str) -> Result<Option<InstanceRef>, JsValue> {
    let value = convert::field(spec, "instance", what)?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let what = "registerActions: spec.instance";
    let id = convert::opt_string(&value, "id", what)?;
    let label = convert::opt_string(&value, "label", what)?;
    match (id, label) {
        (Some(id), Some(label)) => Ok(Some(InstanceRef { id, label })),
        _ => Err(crate::js::errors::new_session_error(
            crate::codes::ErrorCode::BadInstance,
            "registerActions: spec.instance must be { id: string, label: string }: the row's own id and the app's one-line label for it, e.g. { id: project.id, label: project.name }",
        )),
    }
}

/// Register a group: one list row's when `row` is given.
pub fn register(
    session: &Session,
    page: &str,
    handlers: Vec<(String, CallbackId)>,
    actions: Vec<(String, DefValue)>,
    row: Option<InstanceRef>,
) -> Result<String, SessionError> {
    match row {
        Some(row) => session.register_row(page, handlers, actions, row),
        None => session.register_actions(page, handlers, actions),
    }
}
