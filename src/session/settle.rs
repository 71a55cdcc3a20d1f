//! Settlement: the commit step, verify (filter or predicate, asked once after the effect), the
//! failure spine (reject / roll back + walk back / commit stands), handler completion (sync and
//! deferred), and the retained first settlement. Used by `fire` and `report`.

use super::*;
use crate::host::HandlerOutcome;

impl Session {
    /// Finish a fire whose handler returned a thenable (`HandlerOutcome::Deferred(token)`).
    pub fn complete_deferred_handler(&self, token: u32, outcome: HandlerOutcome) -> Result<(), SessionError> {
        let _ = (token, outcome);
        todo!("session::settle::complete_deferred_handler")
    }
}
