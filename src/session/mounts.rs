//! Live wiring: `registerActions(page, {handlers, actions})` → a group id (`mount:<page>#N`),
//! `unregister(group)`, `setEnabled(group, name, on)`, and the coalesced structure bump
//! (decision 7: consecutive structure changes with no other bump between them are one bump and one
//! `stimulus:structure-swap` row). Uses `graph::compile_mount_action`. Used by the JS layer.

use super::*;
use crate::graph::DefValue;
use crate::host::CallbackId;

impl Session {
    /// Bind handlers and declare mount actions on `page`; returns the group id.
    pub fn register_actions(
        &self,
        page: &str,
        handlers: Vec<(String, CallbackId)>,
        actions: Vec<(String, DefValue)>,
    ) -> Result<String, SessionError> {
        let _ = (page, handlers, actions);
        todo!("session::mounts::register_actions")
    }

    /// Release a group: its handlers (unless re-registered by a newer group) and its declarations.
    /// Idempotent; an unknown group id → `UNKNOWN_GROUP`.
    pub fn unregister(&self, group: &str) -> Result<(), SessionError> {
        let _ = group;
        todo!("session::mounts::unregister")
    }

    /// Switch a registered control on or off (greyed, refused `TOOL_DISABLED` without evidence).
    pub fn set_enabled(&self, group: &str, name: &str, on: bool) -> Result<(), SessionError> {
        let _ = (group, name, on);
        todo!("session::mounts::set_enabled")
    }
}
