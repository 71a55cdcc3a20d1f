//! The two taps: `updateState(delta)` (the store; the attribution ladder of session.md §5, with the
//! handler-window stack of decision 2) and `sync(pageOrPath)` (the router; claims, arrival, walk
//! position). Used by the JS layer and, through re-entry, by handlers.

use super::*;

impl Session {
    /// Report a (partial, flat) state delta. A non-object delta → `BAD_DELTA`.
    pub fn update_state(&self, delta: &Value, options: UpdateOptions) -> Result<UpdateResult, SessionError> {
        let _ = (delta, options);
        todo!("session::report::update_state")
    }

    /// Report the router's position: a page id, or a path resolved with `matchRoute`.
    pub fn sync(&self, node_or_path: &str, options: SyncOptions) -> Result<SyncResult, SessionError> {
        let _ = (node_or_path, options);
        todo!("session::report::sync")
    }
}
