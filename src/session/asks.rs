//! The confirm gate: `confirmAsk` (mint `ask#N` with receipts), the human doors `approve` / `decline`
//! (data results, both modes), spending an ask on fire, the enforced-approval gate
//! (`APPROVAL_REQUIRED` / `APPROVAL_DECLINED`), `asks()` and the renderers' ask summary.
//! Used by `fire`, the JS layer, `serve`, `facts`.

use super::*;

impl Session {
    /// Open (or reuse) a confirm card for action `id`. Unknown id → `UNKNOWN_ACTION`.
    pub fn confirm_ask(&self, id: &str, source: Principal, input: Option<Value>) -> Result<ConfirmAsk, SessionError> {
        let _ = (id, source, input);
        todo!()
    }

    /// A person says yes. Unknown / already answered asks → `{ok:false, reason}`.
    pub fn approve(&self, ask_id: &str, by: Option<String>, note: Option<String>) -> Result<DoorResult, SessionError> {
        let _ = (ask_id, by, note);
        todo!()
    }

    /// A person says no.
    pub fn decline(&self, ask_id: &str, by: Option<String>, note: Option<String>) -> Result<DoorResult, SessionError> {
        let _ = (ask_id, by, note);
        todo!()
    }

    /// The ask book (spent asks of the default mode have left it).
    pub fn asks(&self) -> Vec<AskStatus> {
        todo!()
    }

    /// The ask lines the facts block prints: answered-unspent ones and the oldest `max_awaiting`
    /// unanswered ones, in creation order, plus the unanswered total.
    pub fn ask_summary(&self, max_awaiting: usize) -> AskSummary {
        let _ = max_awaiting;
        todo!()
    }
}
