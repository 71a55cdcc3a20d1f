//! The `Session` methods of the tree API and route planning (docs/session.md §4.1 and §6.1): `show`, `hide`,
//! `observeFocus`, `whereInPage`, `focusHistory` and `howToReach`, their result types derived by tsify in `session::focus` and `session::reach`.
//! Another `impl` block of `js::session::JsSession`; each method enters the session through
//! `JsSession::live` and checks its arguments here. Core rules live in `session::focus` and
//! `session::reach`.

use wasm_bindgen::prelude::*;

use crate::js::convert::{self, string_arg};
use crate::js::errors;
use crate::js::session::{principal, to_js_error, JsSession};
use crate::session::Principal;

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// The app says container `path` of the current page is now visible (a tab selected, a modal
    /// opened). Showing a tab hides its sibling tabs. Unknown path → `UNKNOWN_CONTAINER`; a container
    /// of another page → `NOT_ON_THIS_PAGE`.
    pub fn show(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] path: JsValue,
    ) -> Result<(), JsValue> {
        let path = string_arg(&path, "show: path")?;
        self.live()?.show(&path).map_err(to_js_error)
    }

    /// The app says container `path` (and what is inside it) is no longer visible (a modal closed).
    pub fn hide(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] path: JsValue,
    ) -> Result<(), JsValue> {
        let path = string_arg(&path, "hide: path")?;
        self.live()?.hide(&path).map_err(to_js_error)
    }

    /// Where the reader is: a container path of the current page, or the page id (back at page level).
    /// Serving does not move. `principal` defaults to `'user'`.
    #[wasm_bindgen(js_name = observeFocus)]
    pub fn observe_focus(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] path: JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "{ principal?: 'user' | 'agent' | 'system' | undefined }"
        )]
        options: JsValue,
    ) -> Result<(), JsValue> {
        let path = string_arg(&path, "observeFocus: path")?;
        let who = match principal(&options, "principal", "observeFocus: options")? {
            Some(Principal::Unknown) => {
                return Err(errors::new_session_error(
                    crate::codes::ErrorCode::BadArgument,
                    "observeFocus: options.principal must be 'user', 'agent' or 'system', not \"unknown\"",
                ))
            }
            Some(p) => p,
            None => Principal::User,
        };
        self.live()?.observe_focus(&path, who).map_err(to_js_error)
    }

    /// The page, the reader's focus below page level and the containers known visible.
    #[wasm_bindgen(js_name = whereInPage, unchecked_return_type = "WhereInPage")]
    pub fn where_in_page(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.live()?.where_in_page())
    }

    /// The focus ledger: kept rows oldest first, and the count folded under `retain`.
    #[wasm_bindgen(js_name = focusHistory, unchecked_return_type = "FocusHistory")]
    pub fn focus_history(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.live()?.focus_history())
    }

    /// The shortest list of declared hops from the cursor to page `node`: `[]` when already there,
    /// `null` when no declared route reaches it. Unknown node → `UNKNOWN_NODE`.
    #[wasm_bindgen(js_name = howToReach, unchecked_return_type = "RouteHop[] | null")]
    pub fn how_to_reach(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] node: JsValue,
    ) -> Result<JsValue, JsValue> {
        let node = string_arg(&node, "howToReach: node")?;
        match self.live()?.how_to_reach(&node).map_err(to_js_error)? {
            Some(hops) => convert::to_js(&hops),
            None => Ok(JsValue::NULL),
        }
    }
}
