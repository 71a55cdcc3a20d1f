//! The walker: a session over one compiled graph — cursor, version clock, flat state, what is on
//! offer, live wiring, fires and their settlement, the two ledgers, asks, work rows and journey frames.
//!
//! STUB — to be implemented (session.md; decisions.md 1–9). Every public method takes `&self`;
//! state sits behind a `RefCell` borrowed in short scopes and never across a `Host` call.

/// A session. Placeholder until the session layer lands.
pub struct Session {
    _private: (),
}
