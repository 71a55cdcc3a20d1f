//! Work rows (`beginWork` / `end`) and reported gaps (`reportGap`). Neither bumps the version.
//! Used by the JS layer; `facts` reads `open_work()`.

use std::rc::Rc;

use super::state::{Gap, GapDetail, Work};
use super::*;

/// Reported free text is kept as data, capped.
const REQUEST_CAP: usize = 500;

impl Session {
    /// Start a work row, bound to `affordance_id` if given, else to the fire whose handler window is
    /// open, else unbound (`principal: system`). Returns `work#N`.
    pub fn begin_work(&self, affordance_id: Option<&str>) -> Result<String, SessionError> {
        self.guard("beginWork")?;
        let now = self.host.now_ms();
        let mut inner = self.inner.borrow_mut();
        let n = u32::try_from(inner.work.len()).unwrap_or(u32::MAX);
        let mut row = Work {
            n,
            transition: None,
            affordance_id: None,
            does: None,
            started_at: now,
            principal: Principal::System,
            open: true,
        };
        if let Some(id) = affordance_id {
            row.affordance_id = Some(Rc::from(id));
            row.does = inner.served(id).map(|a| Rc::clone(&a.does));
            row.principal = Principal::User;
        } else if let Some(&w) = inner.windows.last() {
            if let Some(rec) = inner.rec(w) {
                row.transition = Some(w);
                row.affordance_id = Some(Rc::clone(&rec.stage));
                row.does = rec.affordance.as_ref().map(|a| Rc::clone(&a.does));
                row.principal = rec.principal;
            }
        }
        inner.work.push(row);
        Ok(format!("work#{n}"))
    }

    /// Close a work row (first close wins). `false` when unknown or already closed.
    pub fn end_work(&self, work_id: &str) -> bool {
        let Some(n) = work_id
            .strip_prefix("work#")
            .and_then(|n| n.parse::<usize>().ok())
        else {
            return false;
        };
        let mut inner = self.inner.borrow_mut();
        match inner.work.get_mut(n) {
            Some(w) if w.open => {
                w.open = false;
                true
            }
            _ => false,
        }
    }

    /// Open work rows, oldest first.
    pub fn open_work(&self) -> Vec<WorkRow> {
        let inner = self.inner.borrow();
        inner
            .work
            .iter()
            .filter(|w| w.open)
            .map(|w| WorkRow {
                work_id: format!("work#{}", w.n),
                transition_id: w.transition.and_then(|t| inner.rec(t)).map(|r| r.id()),
                affordance_id: w.affordance_id.as_ref().map(|a| a.to_string()),
                does: w.does.as_ref().map(|d| d.to_string()),
                started_at: w.started_at,
                principal: w.principal,
            })
            .collect()
    }

    /// Record that the user asked for something the app could not do (a `reported` gap row).
    /// `actions_may_be_stale` marks that the app could not re-read its own list of actions.
    pub fn report_gap(
        &self,
        request: &str,
        actions_may_be_stale: bool,
    ) -> Result<(), SessionError> {
        self.guard("reportGap")?;
        let now = self.host.now_ms();
        let mut inner = self.inner.borrow_mut();
        let offered = inner.offered_ids();
        let request: String = request.chars().take(REQUEST_CAP).collect();
        let gap = Gap {
            kind: GapKind::Reported,
            timestamp: now,
            node: Rc::clone(&inner.node),
            version: inner.version,
            available_actions: offered,
            affordance_id: None,
            does: None,
            rejection_reason: None,
            principal: None,
            off_graph: false,
            actions_may_be_stale,
            detail: GapDetail::boxed(
                None,
                None,
                Some(request.into_boxed_str()),
                Some("other".into()),
            ),
        };
        inner.push_gap(gap);
        Ok(())
    }
}
