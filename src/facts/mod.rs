//! The text renderers: the facts block (`groundTruth`) and the friendly brief (`contextBrief`).
//!
//! - `text`: the fixed strings and the label rules (the only way an id reaches either text).
//! - `grade`: the grading ladder for a fired attempt.
//! - `line`: one attempt row of the facts block (its facts, its pre-joined fixed text).
//! - `block`: the facts block, a pure function over [`FactsView`].
//! - `brief`: the brief, a pure function over [`BriefView`].
//! - `folded`: the line counting attempts a bounded session no longer keeps as rows.
//! - `lost`: the line for a record whose history was lost at a module restart, and the cursor a
//!   `sinceVersion` from before it stands for.
//! - `read`: builds both views from a `Session` through its cheap accessors and renders them.
//!
//! Uses `graph` (what is declared now) and `session` (ledgers, asks, pending, work). Used by `js`
//! (`session.groundTruth()` / `session.contextBrief()`) and `serve` (the facts on every whats_here).

pub mod block;
pub mod brief;
pub mod folded;
pub mod grade;
pub mod line;
pub mod lost;
pub mod read;
pub mod text;

pub use block::{
    normalize_max, render_facts, render_facts_into, select_attempts, AskState, AskView, Attempt,
    AttemptWhat, AttemptsWindow, FactsView,
};
pub use brief::{
    greyed_line, render_brief, BriefRow, BriefView, FireFlags, GreyedLine, TransitionsWindow,
    WaitsOn, Writer,
};
pub use folded::{folded_view, Folded};
pub use grade::{grade, FireFacts, Grade};
pub use line::{attempt_line, LineFacts};
pub use read::{
    brief_view, context_brief, context_brief_capped, context_brief_with, facts_view, ground_truth,
    ground_truth_into, Brief, FactsBlock,
};
pub use text::{ActionRef, NodeRef};
