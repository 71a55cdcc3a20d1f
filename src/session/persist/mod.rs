//! Persistence: a session written out as a snapshot and a session built back from one
//! (docs/session.md §20).
//!
//! - `wire`: the snapshot wire format (types, format constants, the graph fingerprint).
//! - `take`: `session.snapshot()`, the session's rows written into the wire types.
//! - `read`: a snapshot's JSON read into the wire types (the path the wasm uses).
//! - `check`: the consistency checks a snapshot passes before anything is built.
//! - `law`: the restore law, every name and caption judged as if just authored.
//! - `restore`: `createSession(…, { restore })`, a checked snapshot turned into a session.
//! - `baseline`: the restored session's served structure, so re-registering it is not a change.
//!
//! Depends on the walker's `state` and the ledger types (`ledger`); `restore` uses `check`, `law`
//! and `read`, which use only `wire`. Used by `Session::snapshot` / `Session::restore`, `mounts`
//! (the baseline) and the JS layer.

pub(super) mod baseline;
pub(super) mod check;
mod law;
mod read;
pub(super) mod restore;
pub(super) mod take;
mod wire;

pub use read::read_snapshot;
pub use wire::*;
