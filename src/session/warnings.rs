//! The session's warnings, queued while its state is borrowed and delivered after release
//! (`Outgoing::Warn` to `onWarn` or the console, `Outgoing::Note` to `onWarn` only:
//! docs/session.md §29.4). Uses [`Inner`]'s outbox; used by every part of the walker that warns.

use super::state::{Inner, Outgoing};

impl Inner {
    /// Queue a warning for `onWarn`; the `groundfacts: ` prefix is added here (decision 19).
    pub fn warn(&mut self, message: impl Into<String>) {
        self.outbox
            .push(Outgoing::Warn(crate::messages::prefixed(message)));
    }

    /// Queue a runtime warning (`Outgoing::Note`): for `onWarn` when the app gave one, else silent.
    pub fn note(&mut self, message: impl Into<String>) {
        self.outbox
            .push(Outgoing::Note(crate::messages::prefixed(message)));
    }

    /// [`Inner::note`] once per `key` per session.
    pub fn note_once(&mut self, key: String, message: impl Into<String>) {
        if self.warned_once.insert(key) {
            self.note(message);
        }
    }

    /// Warn once per `key` per session.
    pub fn warn_once(&mut self, key: String, message: impl Into<String>) {
        if self.warned_once.insert(key) {
            self.warn(message);
        }
    }
}
