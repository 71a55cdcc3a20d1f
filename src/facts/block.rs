//! The facts block (`groundTruth`) as a pure function over a small view (docs/facts-and-serving.md §2).
//!
//! [`FactsView`] holds only what the block shows: the shown attempts (already the newest
//! `maxAttempts`, oldest first) plus counts, the ask book, pending fires and open work. The view is
//! built from a session by `facts::read` (which uses the session's attempt index so a turn costs the
//! same at any history length) or by hand in tests; `render_facts_into` takes the shown rows as a
//! stream of [`LineFacts`] so the live path needs no owned view of them. Uses `facts::text`,
//! `facts::line` (each shown row), `facts::grade` and the session's `Principal` and decimal writer.

use std::fmt::Write;

use super::folded::{push_folded_line, Folded};
use super::grade::FireFacts;
/// One attempt row's line (`facts::line`), also reachable as `block::attempt_line`.
pub use super::line::attempt_line;
use super::line::{push_row, LineFacts, ROW_GUESS};
use super::text::{
    ask_id, plural, ActionRef, NodeRef, HEADER, NO_ACTIONS_THIS_SESSION, POSITION_CLAIMED,
    UNTIED_WORK,
};
use crate::session::push_decimal;
use crate::session::Principal;

/// `maxAttempts` when the caller names none.
pub const DEFAULT_MAX_ATTEMPTS: usize = 20;

/// The `maxAttempts` dial as the renderers use it: absent → 20; anything below 1 → 1.
pub fn normalize_max(max: Option<i64>) -> usize {
    match max {
        None => DEFAULT_MAX_ATTEMPTS,
        Some(n) if n < 1 => 1,
        Some(n) => usize::try_from(n).unwrap_or(usize::MAX),
    }
}

/// What one attempt was.
#[derive(Debug, Clone, PartialEq)]
pub enum AttemptWhat {
    /// A fire the session refused (a `fire-rejected` gap row).
    FireRefused {
        who: Principal,
        action: ActionRef,
        reason: String,
    },
    /// A journey commit refused because its first step could not execute.
    JourneyRefused {
        who: Principal,
        journey: String,
        journey_declared: bool,
        reason: String,
        first_step: ActionRef,
    },
    /// A reported gap flagged `actionsMayBeStale`.
    ActionsMayBeStale,
    /// A fire the session recorded (a transition whose cause is a fire).
    Fired {
        who: Principal,
        action: ActionRef,
        fire: FireFacts,
        inferred: bool,
        /// A list row's label, as the app reported it (docs/session.md §34).
        on: Option<std::rc::Rc<str>>,
    },
}

/// One attempt with its ordering key: `(key, rank)` ascending, refusals (rank 0) before the fire
/// (rank 1) that closed the same version's window.
#[derive(Debug, Clone, PartialEq)]
pub struct Attempt {
    pub key: u64,
    pub rank: u8,
    pub what: AttemptWhat,
}

/// The attempts section's input: what is shown and what the cursor and the cap left out.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AttemptsWindow {
    /// The `sinceVersion` cursor, if the caller gave one.
    pub since: Option<u64>,
    /// Every attempt this session.
    pub total: usize,
    /// Attempts with key ≥ `since` (= `total` without a cursor).
    pub matching: usize,
    /// The newest `maxAttempts` of the matching ones, oldest first.
    pub shown: Vec<Attempt>,
    /// Attempts the session no longer keeps as rows (counted in `total`, never in `matching`).
    pub folded: Folded,
}

/// Where one ask stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AskState {
    Awaiting,
    ApprovedNotYetDone,
    Declined,
    Withdrawn,
    /// Approved and acted on: prints nothing.
    Spent,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AskView {
    pub ask_id: String,
    pub action: ActionRef,
    pub state: AskState,
}

/// Everything the facts block shows.
#[derive(Debug, Clone, PartialEq)]
pub struct FactsView {
    pub node: NodeRef,
    /// The cursor stands where only a fire's claim put it (decision 20): the position line says so.
    pub position_claimed: bool,
    /// The reader's focus below page level (the tree API), printed `Focus: <path>.` under the position.
    pub focus: Option<String>,
    /// The record lost history at a module restart: one line above the attempts (docs/facts-and-serving.md §2.14).
    pub history_lost: Option<crate::session::HistoryLost>,
    pub version: u64,
    pub attempts: AttemptsWindow,
    /// The ask book in creation order (a session may already have left out awaiting asks past the cap).
    pub asks: Vec<AskView>,
    /// Awaiting asks not in `asks` at all (left out by the reader); counted in the omitted line.
    pub awaiting_beyond: usize,
    /// Fires awaiting their state report, in fire order.
    pub pending: Vec<ActionRef>,
    /// Open work tied to a fire, in open order (duplicates allowed; the renderer de-duplicates).
    pub work_tied: Vec<ActionRef>,
    /// Some open work is tied to no action.
    pub work_untied: bool,
}

/// Select the attempts window from a full list (any order): docs/facts-and-serving.md §2.3 and §2.4.
/// `facts::read` gets the same answer from the session's index without touching old rows.
pub fn select_attempts(mut all: Vec<Attempt>, since: Option<u64>, max: usize) -> AttemptsWindow {
    all.sort_by_key(|a| (a.key, a.rank));
    let total = all.len();
    let first = since.map_or(0, |s| all.partition_point(|a| a.key < s));
    let matching = total - first;
    let start = first.max(total.saturating_sub(max.max(1)));
    let shown = all.split_off(start);
    AttemptsWindow {
        since,
        total,
        matching,
        shown,
        folded: Folded::default(),
    }
}

/// Appends `"\n"` then `line` (every line after the header is pushed this way).
fn push_line(out: &mut String, parts: &[&str]) {
    out.push('\n');
    parts.iter().for_each(|p| out.push_str(p));
}

/// The attempts section: the window's heading (or the nothing-shown sentence), the omitted count,
/// then `lines`, the shown rows oldest first (at most `max`; any beyond are the oldest, dropped).
fn attempts_section<'a>(
    out: &mut String,
    w: &AttemptsWindow,
    version: u64,
    max: usize,
    lost: bool,
    lines: impl ExactSizeIterator<Item = LineFacts<'a>>,
) {
    // Never more than `max` rows even if a caller's window carries more: keep the newest.
    let extra = lines.len().saturating_sub(max);
    let shown = lines.len() - extra;
    if shown == 0 {
        match w.since {
            Some(s) if w.total > 0 => {
                let _ = write!(
                    out,
                    "\nNo actions have been performed since version {s} (now {version}); {} earlier attempt{} this session {} not listed.",
                    w.total,
                    plural(w.total),
                    if w.total == 1 { "is" } else { "are" }
                );
            }
            // After a restart that lost history, "this session" would claim too much (docs/facts-and-serving.md §2.14).
            _ if lost => push_line(out, &[super::lost::NO_ACTIONS_SINCE_RESTART]),
            _ => push_line(out, &[NO_ACTIONS_THIS_SESSION]),
        }
        return;
    }
    // Numbers by `push_decimal`: these lines print every turn, and `write!` costs more than the text.
    match w.since {
        Some(s) => {
            out.push_str("\nAttempts since version ");
            push_decimal(out, s);
            out.push_str(" (now ");
            push_decimal(out, version);
            out.push_str("):");
        }
        None => {
            out.push_str("\nAttempts so far (version ");
            push_decimal(out, version);
            out.push_str("):");
        }
    }
    push_folded_line(out, &w.folded, w.since);
    let omitted = w.matching.saturating_sub(shown);
    if omitted > 0 {
        out.push_str("\n  \u{2026} ");
        push_decimal(out, omitted as u64);
        out.push_str(" earlier attempt(s) omitted.");
    }
    out.reserve(shown * ROW_GUESS);
    for line in lines.skip(extra) {
        push_row(out, line);
    }
}

fn ask_lines(out: &mut String, asks: &[AskView], awaiting_beyond: usize, max: usize) {
    let mut awaiting_seen = 0usize;
    for ask in asks {
        let lead = match ask.state {
            AskState::Awaiting => {
                awaiting_seen += 1;
                if awaiting_seen > max {
                    continue;
                }
                "Awaiting the human's decision"
            }
            AskState::ApprovedNotYetDone => "Approved by the human, not yet done",
            AskState::Declined => "The human declined",
            AskState::Withdrawn => "The human withdrew their approval",
            AskState::Spent => continue,
        };
        push_line(
            out,
            &[
                lead,
                ": ",
                ask.action.label(),
                " (",
                ask_id(&ask.ask_id),
                ").",
            ],
        );
    }
    let omitted = awaiting_seen.saturating_sub(max) + awaiting_beyond;
    if omitted > 0 {
        let _ = write!(
            out,
            "\n  \u{2026} {omitted} more await the human's decision, not listed."
        );
    }
}

/// `labels` joined with `", "`.
fn push_joined<'a>(out: &mut String, labels: impl IntoIterator<Item = &'a str>) {
    for (i, label) in labels.into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(label);
    }
}

fn work_lines(out: &mut String, tied: &[ActionRef], untied: bool, max: usize) {
    let mut labels: Vec<&str> = Vec::new();
    for r in tied {
        let l = r.label();
        if !labels.contains(&l) {
            labels.push(l);
        }
    }
    if !labels.is_empty() {
        let kept = labels.len().min(max);
        push_line(out, &["The app is still working on: "]);
        push_joined(out, labels.iter().take(kept).copied());
        out.push('.');
        if labels.len() > kept {
            let _ = write!(
                out,
                "\n  \u{2026} {} more in progress, not listed.",
                labels.len() - kept
            );
        }
    }
    if untied {
        push_line(out, &[UNTIED_WORK]);
    }
}

/// What ends the position line: the seed's plain `.`, or the claim note while the app has not
/// confirmed the position (`docs/decisions.md` decision 20). Shared by the block and the brief.
pub fn position_tail(claimed: bool) -> &'static str {
    if claimed {
        POSITION_CLAIMED
    } else {
        "."
    }
}

/// Render the facts block. `max` is the normalised `maxAttempts` (see [`normalize_max`]).
pub fn render_facts(view: &FactsView, max: usize) -> String {
    let mut out = String::new();
    render_facts_into(
        &mut out,
        view,
        max,
        view.attempts.shown.iter().map(|a| a.what.line_facts()),
    );
    out
}

/// Render the facts block into `out` (cleared first; its capacity is reused), with the shown
/// attempt lines given as `lines`, oldest first — `view.attempts.shown` is not read, so a caller
/// can stream the lines from wherever its rows live. Used by [`render_facts`] and `facts::read`.
pub fn render_facts_into<'a>(
    out: &mut String,
    view: &FactsView,
    max: usize,
    lines: impl ExactSizeIterator<Item = LineFacts<'a>>,
) {
    let max = max.max(1);
    out.clear();
    // One allocation for the common block: header, position, the attempts, a few more lines.
    out.reserve(HEADER.len() + 256 + lines.len().min(max) * ROW_GUESS);
    out.push_str(HEADER);
    push_line(
        out,
        &[
            "You are on: ",
            view.node.label(),
            position_tail(view.position_claimed),
        ],
    );
    if let Some(focus) = &view.focus {
        push_line(
            out,
            &["Focus: ", &crate::graph::names::escape_text(focus), "."],
        );
    }
    super::lost::push_lost_line(out, view.history_lost);
    attempts_section(
        out,
        &view.attempts,
        view.version,
        max,
        view.history_lost.is_some(),
        lines,
    );
    ask_lines(out, &view.asks, view.awaiting_beyond, max);
    if !view.pending.is_empty() {
        push_line(out, &["Awaiting the app's report: "]);
        push_joined(out, view.pending.iter().map(ActionRef::label));
        out.push('.');
    }
    work_lines(out, &view.work_tied, view.work_untied, max);
}
