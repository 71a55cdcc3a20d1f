//! The facts block (`groundTruth`) as a pure function over a small view (facts-and-serving §2).
//!
//! [`FactsView`] holds only what the block shows: the shown attempts (already the newest
//! `maxAttempts`, oldest first) plus counts, the ask book, pending fires and open work. The view is
//! built from a session by `facts::read` (which uses the session's attempt index so a turn costs the
//! same at any history length) or by hand in tests. Uses `facts::text`, `facts::grade` and the session's
//! `Principal` (who made an attempt).

use super::grade::{grade, FireFacts, NOTE_INFERRED};
use super::text::{
    ask_id, plural, reason_code, ActionRef, NodeRef, ACTIONS_MAY_BE_STALE, BULLET, DASH, HEADER,
    NO_ACTIONS_THIS_SESSION, UNKNOWN_JOURNEY, UNTIED_WORK,
};
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
    FireRefused { who: Principal, action: ActionRef, reason: String },
    /// A journey commit refused because its first step could not execute.
    JourneyRefused { who: Principal, journey: String, journey_declared: bool, reason: String, first_step: ActionRef },
    /// A reported gap flagged `actionsMayBeStale`.
    ActionsMayBeStale,
    /// A fire the session recorded (a transition whose cause is a fire).
    Fired { who: Principal, action: ActionRef, fire: FireFacts, inferred: bool },
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

/// Select the attempts window from a full list (any order): the reference semantics of §2.3–2.4.
/// `facts::read` gets the same answer from the session's index without touching old rows.
pub fn select_attempts(mut all: Vec<Attempt>, since: Option<u64>, max: usize) -> AttemptsWindow {
    all.sort_by_key(|a| (a.key, a.rank));
    let total = all.len();
    let first = since.map_or(0, |s| all.partition_point(|a| a.key < s));
    let matching = total - first;
    let start = first.max(total.saturating_sub(max.max(1)));
    let shown = all.split_off(start);
    AttemptsWindow { since, total, matching, shown }
}

/// One attempt row's line, without the bullet.
pub fn attempt_line(what: &AttemptWhat) -> String {
    let mut line = String::with_capacity(96);
    push_attempt_line(&mut line, what);
    line
}

/// [`attempt_line`] appended to `out`. The common rows are concatenated (the formatting machinery
/// costs more than the text in the size-optimised wasm, and this runs for every shown row, every turn).
fn push_attempt_line(out: &mut String, what: &AttemptWhat) {
    match what {
        AttemptWhat::FireRefused { who, action, reason } => {
            for part in ["did NOT happen", DASH, who.as_str(), "'s fire of ", action.label(), " was refused: ", reason_code(reason)] {
                out.push_str(part);
            }
        }
        AttemptWhat::Fired { who, action, fire, inferred } => {
            let g = grade(fire);
            let who = if *inferred { Principal::Unknown } else { *who };
            for part in [g.lead, DASH, who.as_str(), " fired ", action.label(), " (", g.note] {
                out.push_str(part);
            }
            if *inferred {
                out.push_str("; ");
                out.push_str(NOTE_INFERRED);
            }
            out.push(')');
        }
        other => out.push_str(&attempt_line_formatted(other)),
    }
}

fn attempt_line_formatted(what: &AttemptWhat) -> String {
    match what {
        AttemptWhat::FireRefused { who, action, reason } => format!(
            "did NOT happen{DASH}{}'s fire of {} was refused: {}",
            who.as_str(),
            action.label(),
            reason_code(reason)
        ),
        AttemptWhat::JourneyRefused { who, journey, journey_declared, reason, first_step } => format!(
            "did NOT happen{DASH}{}'s attempt to start {} was refused: {} (its first step is {})",
            who.as_str(),
            if *journey_declared { journey.as_str() } else { UNKNOWN_JOURNEY },
            reason_code(reason),
            first_step.label()
        ),
        AttemptWhat::ActionsMayBeStale => ACTIONS_MAY_BE_STALE.to_string(),
        AttemptWhat::Fired { who, action, fire, inferred } => {
            let g = grade(fire);
            let who = if *inferred { Principal::Unknown } else { *who };
            let inferred_note = if *inferred { format!("; {NOTE_INFERRED}") } else { String::new() };
            format!("{}{DASH}{} fired {} ({}{inferred_note})", g.lead, who.as_str(), action.label(), g.note)
        }
    }
}

/// The attempts section's lines.
fn attempts_section(out: &mut Vec<String>, w: &AttemptsWindow, version: u64, max: usize) {
    // Never more than `max` rows even if a caller's window carries more: keep the newest.
    let shown = &w.shown[w.shown.len().saturating_sub(max)..];
    if shown.is_empty() {
        match w.since {
            Some(s) if w.total > 0 => out.push(format!(
                "No actions have been performed since version {s} (now {version}); {} earlier attempt{} this session {} not listed.",
                w.total,
                plural(w.total),
                if w.total == 1 { "is" } else { "are" }
            )),
            _ => out.push(NO_ACTIONS_THIS_SESSION.to_string()),
        }
        return;
    }
    out.push(match w.since {
        Some(s) => format!("Attempts since version {s} (now {version}):"),
        None => format!("Attempts so far (version {version}):"),
    });
    let omitted = w.matching.saturating_sub(shown.len());
    if omitted > 0 {
        out.push(format!("  \u{2026} {omitted} earlier attempt(s) omitted."));
    }
    for a in shown {
        let mut line = String::with_capacity(112);
        line.push_str(BULLET);
        push_attempt_line(&mut line, &a.what);
        out.push(line);
    }
}

fn ask_lines(out: &mut Vec<String>, asks: &[AskView], awaiting_beyond: usize, max: usize) {
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
        out.push(format!("{lead}: {} ({}).", ask.action.label(), ask_id(&ask.ask_id)));
    }
    let omitted = awaiting_seen.saturating_sub(max) + awaiting_beyond;
    if omitted > 0 {
        out.push(format!("  \u{2026} {omitted} more await the human's decision, not listed."));
    }
}

fn label_list(refs: &[ActionRef]) -> String {
    refs.iter().map(ActionRef::label).collect::<Vec<_>>().join(", ")
}

fn work_lines(out: &mut Vec<String>, tied: &[ActionRef], untied: bool, max: usize) {
    let mut labels: Vec<&str> = Vec::new();
    for r in tied {
        let l = r.label();
        if !labels.contains(&l) {
            labels.push(l);
        }
    }
    if !labels.is_empty() {
        let kept = labels.len().min(max);
        out.push(format!("The app is still working on: {}.", labels[..kept].join(", ")));
        if labels.len() > kept {
            out.push(format!("  \u{2026} {} more in progress, not listed.", labels.len() - kept));
        }
    }
    if untied {
        out.push(UNTIED_WORK.to_string());
    }
}

/// Render the facts block. `max` is the normalised `maxAttempts` (see [`normalize_max`]).
pub fn render_facts(view: &FactsView, max: usize) -> String {
    let max = max.max(1);
    let mut out = vec![HEADER.to_string(), format!("You are on: {}.", view.node.label())];
    attempts_section(&mut out, &view.attempts, view.version, max);
    ask_lines(&mut out, &view.asks, view.awaiting_beyond, max);
    if !view.pending.is_empty() {
        out.push(format!("Awaiting the app's report: {}.", label_list(&view.pending)));
    }
    work_lines(&mut out, &view.work_tied, view.work_untied, max);
    out.join("\n")
}
