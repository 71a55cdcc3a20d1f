//! Nothing is put to a person that cannot run (docs/session.md §27, decision 35): the refusal a fire
//! would meet before any approval is consulted — the same checks, in the same order, as `fire()`'s
//! (docs/session.md §8.1), read without recording anything. The port asks this before it mints an
//! ask, and fires straight away when there is a refusal, so the attempt is recorded with its real
//! reason and no person is asked about it. Uses `state`, `offers`, `busy`, `concurrency`,
//! `graph::input`. Used by `serve::acting`.

use serde_json::Value;

use super::*;
use crate::codes::Refusal;
use crate::graph::input::checked_payload;

impl Session {
    /// The refusal a fire of `id` by `principal` carrying `payload` meets before the approval gate,
    /// or `None` when only a person's answer stands between it and running.
    pub fn refusal_before_ask(
        &self,
        id: &str,
        principal: Principal,
        payload: Option<&Value>,
    ) -> Option<Refusal> {
        let inner = self.inner.borrow();
        if payload.is_some_and(|p| inner.too_large(p)) {
            return Some(Refusal::PayloadTooLarge);
        }
        let Some(aff) = inner.served(id) else {
            return Some(Refusal::UnknownAffordance);
        };
        let refusal = if !inner.on_current_page(aff) {
            Refusal::NotOnNode
        } else if inner.guard_verdict_lean(aff).is_some_and(|v| !v.passed) {
            Refusal::GuardFailed
        } else if checked_payload(&aff.action.input, payload).is_err() {
            Refusal::PayloadInvalid
        } else if inner.greyed(aff).is_some() {
            Refusal::ToolDisabled
        } else if inner.busy_label(&aff.id).is_some() {
            Refusal::Busy
        } else if principal == Principal::Agent && !inner.can_run(aff) {
            Refusal::NotMaterialized
        } else {
            return inner
                .concurrency_refusal(aff, None)
                .map(|(reason, _)| reason);
        };
        Some(refusal)
    }
}
