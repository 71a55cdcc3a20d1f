//! Acting: `fire(id, {source, payload})` — the ordered checks of session.md §8.1 (each refusal one
//! `fire-rejected` gap row, never a bump), the record (captured affordance, version bump), the claim
//! window, ask spending, the settlement arm, and the synchronous handler / `navigate` call inside a
//! handler window. Uses `graph::{guards, input}`, `settle`. Used by the JS layer and `serve`.

use super::*;

impl Session {
    /// Fire an action. Refusals are data (`ok:false`); `Err` only for `REENTRANCY`.
    pub fn fire(&self, id: &str, options: FireOptions) -> Result<FireResult, SessionError> {
        let _ = (id, options);
        todo!("session::fire::fire")
    }
}
