//! The ledgers: the record types a session hands out, how its rows are read, kept and folded.
//!
//! - `records`: the public record types (`transitions()`, `gaps()`, `pending()`, asks, work).
//! - `reads`: reading the ledgers and the attempt index's counts.
//! - `attempt_rows`: the attempt index read in place for the facts block.
//! - `facts_view`: the newest transitions and demoted frames, read cheaply for the brief.
//! - `retention`: bounded ledgers (`retain`, `maxValueBytes`), folding the oldest rows into counts.
//! - `row`: the transition row's kept fields and the gap row, each declared once with its snapshot form.
//! - `compact`: decimals and JSON text as the rows keep them.
//! - `lost`: the `historyLost` mark of a session restarted after a trap.
//!
//! Depends on the walker's `state` (the internal rows) and nothing in `persist`. Used by the walker,
//! `persist`, `facts`, `serve` and the JS layer.

pub(super) mod attempt_rows;
pub(super) mod compact;
pub(super) mod facts_view;
pub(super) mod lost;
pub(super) mod reads;
pub(super) mod records;
pub(super) mod retention;
pub(super) mod row;
