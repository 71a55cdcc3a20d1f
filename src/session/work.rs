//! Work rows (`beginWork` / `end`) and reported gaps (`reportGap`). Neither bumps the version.
//! Used by the JS layer; `facts` reads `open_work()`.

use super::*;

impl Session {
    /// Start a work row, bound to `affordance_id` if given and served, else to the fire whose handler
    /// window is open, else unbound. Returns `work#N`.
    pub fn begin_work(&self, affordance_id: Option<&str>) -> Result<String, SessionError> {
        let _ = affordance_id;
        todo!()
    }

    /// Close a work row (first close wins). `false` when unknown or already closed.
    pub fn end_work(&self, work_id: &str) -> bool {
        let _ = work_id;
        todo!()
    }

    /// Open work rows, oldest first.
    pub fn open_work(&self) -> Vec<WorkRow> {
        todo!()
    }

    /// Record that the user asked for something the app could not do (a `reported` gap row).
    pub fn report_gap(&self, request: &str, actions_may_be_stale: bool) -> Result<(), SessionError> {
        let _ = (request, actions_may_be_stale);
        todo!()
    }
}
