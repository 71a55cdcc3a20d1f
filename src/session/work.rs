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
    pub(super) fn begin_work_body(
        &self,
        affordance_id: Option<&str>,
    ) -> Result<String, SessionError> {
        self.guard("beginWork")?;
        let now = self.host.now_ms();
        let mut inner = self.inner.borrow_mut();
        if affordance_id.is_some_and(|id| inner.text_too_large(id)) {
            return Err(inner.too_large_error("beginWork: affordanceId"));
        }
        let n = inner.keep.next_work;
        inner.keep.next_work = n.wrapping_add(1);
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
        inner.touch();

        inner.trim_side_tables();
        Ok(format!("work#{n}"))
    }

    /// Close a work row (first close wins). `false` when unknown or already closed.
    pub(super) fn end_work_body(&self, work_id: &str) -> bool {
        let Some(n) = work_id
            .strip_prefix("work#")
            .and_then(|n| n.parse::<u32>().ok())
        else {
            return false;
        };
        let mut inner = self.inner.borrow_mut();
        let closed = match inner.work.iter_mut().rev().find(|w| w.n == n) {
            Some(w) if w.open => {
                w.open = false;
                true
            }
            _ => false,
        };
        if closed {
            inner.touch();
        }
        inner.trim_side_tables();
        closed
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
    pub(super) fn report_gap_body(
        &self,
        request: &str,
        actions_may_be_stale: bool,
    ) -> Result<(), SessionError> {
        self.guard("reportGap")?;
        let now = self.host.now_ms();
        let mut inner = self.inner.borrow_mut();
        if inner.text_too_large(request) {
            return Err(inner.too_large_error("reportGap: request"));
        }
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
