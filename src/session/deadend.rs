//! Dead-end detection (docs/session.md §12): when the cursor comes to rest on a page where nothing could
//! execute, one `dead-end` gap row per node and wiring, and one warning per node. Runs after a
//! moving `sync`, a first report, a claimed hop (after its handler, decision 6) and a structure change
//! other than an `unregister` (an unmount leaves the page in transit); never from `available()`.
//! Used by `report`, `settle`, `mounts`.

use std::rc::Rc;

use super::state::{Gap, GapDetail, Inner};
use super::*;

/// The seed's warning for a page with no actions authored on it at all (decision 17: exact text after
/// our prefix, which the outbox adds — decision 19).
pub(crate) fn no_actions_warning(page: &str) -> String {
    format!(
        "page '{page}' has NO actions authored on it at all — an agent that lands here has nothing it can even attempt (a fire is refused UNKNOWN_AFFORDANCE or NOT_ON_NODE, never NOT_MATERIALIZED). Three ways out: registerActions('{page}', …) to wire what is on screen; pass navigate: (href) => router.push(href) to createSession so url gestures materialise; or read the route table with fromRoutes(routes, {{ crossLinks: true }}) so every page offers links to the others. Recorded as a dead-end gap row."
    )
}

const THREE_WAYS: &str = "Three ways out: registerActions to wire what is on screen; pass navigate to createSession so url gestures materialise; or read the route table with fromRoutes(routes, { crossLinks: true }).";

impl Inner {
    pub fn check_dead_end(&mut self) {
        if !self.wiring_exists() {
            return;
        }
        let node = Rc::clone(&self.node);
        let off_graph = self.graph.page(&node).is_none();
        let (key, warning) = if off_graph {
            let warning = format!(
                "the app reported position '{node}', which is not a page of graph '{}', so nothing is on offer there and registerActions('{node}', …) would throw. Author it as a page (or route it in the route table), or sync the page id the router is actually showing. Recorded as a dead-end gap row.",
                self.graph.id
            );
            ((Rc::clone(&node), u64::MAX), warning)
        } else {
            let on_page: Vec<&Rc<state::Affordance>> = self
                .served_all()
                .filter(|a| self.on_current_page(a))
                .collect();
            if on_page.iter().any(|a| self.materializable(a)) {
                return;
            }
            // docs/session.md §32: a page whose components are still mounting is no dead end yet;
            // a later check (a move, a report, a structure change) judges it once the window ends.
            if !on_page.is_empty() && self.mounting_open(&node) {
                return;
            }
            let offered = on_page.iter().filter(|a| self.offered_now(a)).count();
            let warning = if on_page.is_empty() {
                no_actions_warning(&node)
            } else if offered > 0 {
                format!(
                    "page '{node}' offers {offered} action(s) but none is wired — every agent fire there would be refused NOT_MATERIALIZED. {THREE_WAYS} Recorded as a dead-end gap row."
                )
            } else {
                format!(
                    "page '{node}' has actions authored, but all are hidden by their guards and none is wired — fires are refused GUARD_FAILED, and even with the guard open nothing there could execute. {THREE_WAYS} Recorded as a dead-end gap row."
                )
            };
            ((Rc::clone(&node), self.structure_gen), warning)
        };
        if !self.dead_end_seen.insert(key) {
            return;
        }
        let offered = self.offered_ids();
        self.push_gap(Gap {
            kind: GapKind::DeadEnd,
            timestamp: self.last_now,
            node: Rc::clone(&node),
            version: self.version,
            available_actions: offered,
            affordance_id: None,
            does: None,
            rejection_reason: None,
            principal: None,
            off_graph,
            actions_may_be_stale: false,
            detail: GapDetail::NONE,
        });
        if self.dead_end_warned.insert(node) {
            self.warn(warning);
        }
    }
}
