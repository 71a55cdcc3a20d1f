//! Reading the ledgers: `transitions()`, `gaps()`, `pending()`, `settlementIfKnown()`, and the cheap
//! renderer accessors over the append-only attempt index (count, since-count, newest-N tail) whose
//! cost does not grow with history. Used by the JS layer, `facts`, `serve`.

use super::*;

impl Session {
    /// Every transition row, oldest first (detached snapshots).
    pub fn transitions(&self) -> Vec<TransitionRecord> {
        todo!()
    }

    /// One transition by id, if it exists.
    pub fn transition(&self, id: &str) -> Option<TransitionRecord> {
        let _ = id;
        todo!()
    }

    /// Every gap row, oldest first.
    pub fn gaps(&self) -> Vec<GapRecord> {
        todo!()
    }

    /// Fires still awaiting a state report, oldest first.
    pub fn pending(&self) -> Vec<PendingInfo> {
        todo!()
    }

    /// Fires whose settlement latch is still open (a superset of `pending()`), fire order.
    pub fn awaiting_settlement(&self) -> Vec<String> {
        todo!()
    }

    /// The retained settlement of a fire, or `None` while it is open. Unknown id or a non-fire row
    /// (stimulus, sync, structure-swap) → `UNKNOWN_TRANSITION` / `NOT_A_FIRE`.
    pub fn settlement_if_known(&self, id: &str) -> Result<Option<FireSettlement>, SessionError> {
        let _ = id;
        todo!()
    }

    /// Whether a fire is at rest (its settlement is retained).
    pub fn is_at_rest(&self, id: &str) -> Result<bool, SessionError> {
        let _ = id;
        todo!()
    }

    /// How many attempts (refusals, stale-actions reports, fires) the session holds.
    pub fn attempt_count(&self) -> usize {
        todo!()
    }

    /// How many attempts have key ≥ `since` (O(log n)).
    pub fn attempts_since_count(&self, since: u64) -> usize {
        let _ = since;
        todo!()
    }

    /// The newest `max` attempts with key ≥ `since` (all if `None`), oldest first. O(log n + max).
    pub fn attempts_tail(&self, since: Option<u64>, max: usize) -> Vec<AttemptView> {
        let _ = (since, max);
        todo!()
    }
}
