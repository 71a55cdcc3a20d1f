//! A record that lost part of its history (docs/session.md §25): when the app's module trapped and
//! was started again (docs/session.md §24), the session that replaces the lost one is created with
//! `historyLost: true`, and its facts block and brief say that attempts from before the restart may
//! be missing (decision 25's rule: never claim fewer attempts happened than did). The mark is part of
//! the record: snapshots carry it, and a restore that is itself a restart adds to it.
//! Uses `state::Inner`. Used by `snapshot_take`/`snapshot_restore`, `facts::read` and the JS layer.

use serde::{Deserialize, Serialize};

use super::Session;

/// How often this record was restarted after losing history, and the version it stood at the last time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct HistoryLost {
    /// Restarts after which history was lost (at least 1).
    pub restarts: u32,
    /// The version the record stood at right after the latest of them.
    pub at_version: u64,
}

impl Session {
    /// Whether, and how, this record lost part of its history.
    pub fn history_lost(&self) -> Option<HistoryLost> {
        self.inner.borrow().history_lost
    }

    /// `createSession(…, { historyLost: true })`: this record continues (fresh, or from the last
    /// snapshot kept) one whose history was lost; counted on top of what a restored snapshot carried.
    pub fn mark_history_lost(&self) {
        let mut inner = self.inner.borrow_mut();
        let at_version = inner.version;
        let restarts = inner
            .history_lost
            .map_or(1, |h| h.restarts.saturating_add(1));
        inner.history_lost = Some(HistoryLost {
            restarts,
            at_version,
        });
    }
}
