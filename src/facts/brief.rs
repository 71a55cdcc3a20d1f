//! The friendly brief (`contextBrief`) as a pure function over a small view (docs/facts-and-serving.md §3).
//!
//! Position, the open journey, recent transitions (newest `maxTransitions`), pending fires and what is
//! available now. Refused fires never appear here — they are the facts block's job. Every sentence is
//! authored (ids the graph declares, captured `does`) or a constant; state values, payloads and a
//! caller's stimulus names never print. Built by `facts::read`; uses `facts::text` and the session's
//! `Principal`, `Outcome` and greyed reasons (`StatedCondition`, `Unblocker` on an `AvailableEdge`).

use super::folded::{push_folded_line, Folded};
use super::text::{escape_text, ActionRef, NodeRef, BULLET, DASH};
use crate::session::{AvailableEdge, Outcome, Principal, StatedCondition, Unblocker};

/// `maxTransitions` when the caller names none.
pub const DEFAULT_MAX_TRANSITIONS: usize = 20;

/// The one sentence a structure change prints.
pub const STRUCTURE_CHANGED: &str =
    "The app's set of actions changed (something mounted, unmounted or changed visibility).";

/// What a state report that changed no key's value prints after its principal.
pub const NO_KEY_CHANGED: &str =
    "reported the app's state, and no key changed (same-value writes and keys reported as undefined net out)";

/// Longest key name a report line prints, in characters.
pub const KEY_LABEL_MAX: usize = 60;

/// A state key name as the brief prints it: cut to [`KEY_LABEL_MAX`] characters, then every line
/// break and control character escaped (`docs/decisions.md` decision 23) by the one escaping function.
pub fn key_label(key: &str) -> String {
    let cut: String = key.chars().take(KEY_LABEL_MAX).collect();
    escape_text(&cut).into_owned()
}

/// The flags a fire line can carry, in the order they print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FireFlags {
    pub inferred: bool,
    pub high_effect: bool,
    pub not_materialized: bool,
    /// Claimed a navigation and no report has confirmed the arrival.
    pub navigation_unconfirmed: bool,
    pub awaiting_state: bool,
    /// `Rejected` / `RolledBack` / `Superseded` print their word; others print nothing.
    pub outcome: Option<Outcome>,
    pub effect_not_observed: bool,
    /// The app's own verify contract did not hold afterwards.
    pub verify_failed: bool,
}

impl FireFlags {
    fn words(&self) -> Vec<&'static str> {
        let mut w = Vec::new();
        let mut on = |cond: bool, word: &'static str| {
            if cond {
                w.push(word);
            }
        };
        on(self.inferred, "inferred, not observed");
        on(self.high_effect, "high-effect");
        on(
            self.not_materialized,
            "not materialized \u{2014} nothing executed",
        );
        on(
            self.navigation_unconfirmed,
            "navigation claimed, unconfirmed",
        );
        on(self.awaiting_state, "awaiting app state");
        match self.outcome {
            Some(Outcome::Rejected) => w.push("rejected"),
            Some(Outcome::RolledBack) => w.push("rolled-back"),
            Some(Outcome::Superseded) => w.push("superseded"),
            _ => {}
        }
        if self.effect_not_observed {
            w.push("declared effect not observed");
        }
        if self.verify_failed {
            w.push("the app's verify contract did not hold");
        }
        w
    }
}

/// One transition as the brief shows it.
#[derive(Debug, Clone, PartialEq)]
pub enum BriefRow {
    Fired {
        who: Principal,
        action: ActionRef,
        /// The `does` captured on the row (authored text), if it captured one.
        does: Option<std::rc::Rc<str>>,
        from: NodeRef,
        to: Option<NodeRef>,
        flags: FireFlags,
        /// A list row's label, as the app reported it (docs/session.md §34).
        on: Option<std::rc::Rc<str>>,
    },
    /// A position report that moved the cursor.
    Moved {
        who: Principal,
        from: NodeRef,
        to: NodeRef,
    },
    StructureChanged,
    /// A state report no fire claimed: the names of the keys it changed (values never print).
    StateReport {
        who: Principal,
        keys: Vec<String>,
    },
}

/// The transitions section's input.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TransitionsWindow {
    pub since: Option<u64>,
    /// Transitions with cursor version ≥ `since` (all of them without a cursor).
    pub matching: usize,
    /// The newest `maxTransitions` of those, oldest first.
    pub shown: Vec<BriefRow>,
    /// Attempts the session no longer keeps as rows (`docs/decisions.md` decision 25).
    pub folded: Folded,
}

/// The open journey frame line.
#[derive(Debug, Clone, PartialEq)]
pub struct FrameLine {
    pub journey: String,
    pub does: String,
    pub done: usize,
    pub total: usize,
}

/// One id of "Available now".
#[derive(Debug, Clone, PartialEq)]
pub struct AvailableId {
    pub id: String,
    pub high_effect: bool,
}

/// One stated condition a greyed control waits on: key, operator word, the graph's operand as
/// compact JSON. Never the state's value.
#[derive(Debug, Clone, PartialEq)]
pub struct WaitsOn {
    pub key: String,
    /// The filter syntax's word (`eq`, `gte`, `notIn`, …).
    pub op: String,
    /// The authored operand, as compact JSON (`None` for an operator without one).
    pub expected: Option<String>,
}

/// An action declared to write what a greyed control waits on.
#[derive(Debug, Clone, PartialEq)]
pub struct Writer {
    pub action: String,
    pub keys: Vec<String>,
    pub running: bool,
}

/// Why one offered control is greyed by its `enabledWhen` (docs/facts-and-serving.md §7.1). An app's
/// own switch-off and busy marks get no line: they are component wiring, which a reload drops until
/// the components mount again, and the brief reads the same right after a restore (docs/session.md §20).
#[derive(Debug, Clone, PartialEq)]
pub struct GreyedLine {
    pub action: String,
    pub waits_on: Vec<WaitsOn>,
    pub writers: Vec<Writer>,
}

/// Longest operand a greyed line prints, in characters (then `…`).
pub const EXPECTED_LABEL_MAX: usize = 60;

/// The operator as a greyed line prints it.
fn op_symbol(op: &str) -> &str {
    match op {
        "eq" => "==",
        "ne" => "!=",
        "gt" => ">",
        "gte" => ">=",
        "lt" => "<",
        "lte" => "<=",
        "in" => "in",
        "notIn" => "not in",
        other => other,
    }
}

/// A greyed control's line (docs/facts-and-serving.md §7.1): ids, key names and authored operands
/// only — never a state value.
pub fn greyed_line(line: &GreyedLine) -> String {
    let conditions: Vec<String> = line
        .waits_on
        .iter()
        .map(|w| {
            let mut c = format!("{} {}", key_label(&w.key), op_symbol(&w.op));
            if let Some(e) = &w.expected {
                let mut cut: String = e.chars().take(EXPECTED_LABEL_MAX).collect();
                if e.chars().count() > EXPECTED_LABEL_MAX {
                    cut.push('\u{2026}');
                }
                c.push(' ');
                c.push_str(&escape_text(&cut));
            }
            c
        })
        .collect();
    let first_key = line.waits_on.first().map(|w| w.key.as_str());
    let one_key = line
        .waits_on
        .iter()
        .all(|w| Some(w.key.as_str()) == first_key);
    let mut out = format!(
        "Greyed: {}{DASH}waits on {}",
        line.action,
        conditions.join(", ")
    );
    if line.writers.is_empty() {
        out.push_str(if one_key {
            "; no declared action writes it."
        } else {
            "; no declared action writes them."
        });
        return out;
    }
    let parts: Vec<String> = line
        .writers
        .iter()
        .map(|w| {
            let running = if w.running { " (running)" } else { "" };
            if one_key {
                format!("{}{running} writes it", w.action)
            } else {
                let keys: Vec<String> = w.keys.iter().map(|k| key_label(k)).collect();
                format!("{}{running} writes {}", w.action, keys.join(", "))
            }
        })
        .collect();
    out.push_str("; ");
    out.push_str(&parts.join("; "));
    out.push('.');
    out
}

/// Everything the brief shows.
#[derive(Debug, Clone, PartialEq)]
pub struct BriefView {
    pub node: NodeRef,
    /// The cursor stands where only a fire's claim put it (decision 20).
    pub position_claimed: bool,
    /// The reader's focus below page level (the tree API): `Focus: <path>.` under the position.
    pub focus: Option<String>,
    /// The record lost history at a module restart: one line above the transitions
    /// (docs/facts-and-serving.md §2.14).
    pub history_lost: Option<crate::session::HistoryLost>,
    pub version: u64,
    pub frame: Option<FrameLine>,
    /// Journeys (declared ids) whose frames were demoted at or after `since`.
    pub demoted: Vec<String>,
    pub transitions: TransitionsWindow,
    pub pending: Vec<ActionRef>,
    /// The frame-narrowed served set, in served order (`leave-journey` included when a frame is open).
    pub available: Vec<AvailableId>,
    /// Controls among `available` greyed by their `enabledWhen`, in served order
    /// (docs/facts-and-serving.md §7.1).
    pub greyed: Vec<GreyedLine>,
}

/// One transition's line, without the bullet.
pub fn brief_line(row: &BriefRow) -> String {
    let mut line = String::with_capacity(96);
    push_brief_line(&mut line, row);
    line
}

/// [`brief_line`] appended to `out`: the brief writes every row straight into its one text.
fn push_brief_line(out: &mut String, row: &BriefRow) {
    match row {
        BriefRow::Fired {
            who,
            action,
            does,
            from,
            to,
            flags,
            on,
        } => {
            // Concatenated, not formatted: this runs for every shown row, every turn.
            // The row's own principal: an inferred row already carries `unknown`.
            for part in [who.as_str(), " fired ", action.label()] {
                out.push_str(part);
            }
            if let Some(label) = on {
                super::line::push_on(out, label);
            }
            // A captured `does` is authored; an id that prints as the constant gets no sentence either.
            if let Some(d) = does.as_deref().filter(|_| action.captured_does) {
                out.push_str(DASH);
                out.push_str(&escape_text(d));
            }
            if let Some(to) = to.as_ref().filter(|t| t.id != from.id) {
                for part in [" (", from.label(), " \u{2192} ", to.label(), ")"] {
                    out.push_str(part);
                }
            }
            let words = flags.words();
            for (i, word) in words.iter().enumerate() {
                out.push_str(if i == 0 { " [" } else { "; " });
                out.push_str(word);
            }
            if !words.is_empty() {
                out.push(']');
            }
        }
        BriefRow::Moved { who, from, to } => {
            for part in [
                who.as_str(),
                " navigation: cursor moved ",
                from.label(),
                " \u{2192} ",
                to.label(),
                " (unverified edge)",
            ] {
                out.push_str(part);
            }
        }
        BriefRow::StructureChanged => out.push_str(STRUCTURE_CHANGED),
        BriefRow::StateReport { who, keys } if keys.is_empty() => {
            out.push_str(who.as_str());
            out.push(' ');
            out.push_str(NO_KEY_CHANGED);
        }
        BriefRow::StateReport { who, keys } => {
            out.push_str(who.as_str());
            out.push_str(" reported a change to: ");
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&key_label(k));
            }
        }
    }
}

/// Render the brief. `max` is the normalised `maxTransitions`. Lines are written into one text, each
/// after a `\n` but the first (what joining them with `\n` gave).
pub fn render_brief(view: &BriefView, max: usize) -> String {
    use std::fmt::Write as _;
    let max = max.max(1);
    let mut out = String::with_capacity(1024);
    out.push_str("You are on: ");
    out.push_str(view.node.label());
    out.push_str(super::block::position_tail(view.position_claimed));
    if let Some(focus) = &view.focus {
        let _ = write!(out, "\nFocus: {}.", escape_text(focus));
    }
    if let Some(f) = &view.frame {
        let _ = write!(
            out,
            "\nOpen journey: {}{DASH}{} ({}/{} steps done).",
            f.journey,
            escape_text(&f.does),
            f.done,
            f.total
        );
    }
    for j in &view.demoted {
        let _ = write!(
            out,
            "\nJourney {j} was demoted: its precondition no longer holds."
        );
    }
    super::lost::push_lost_line(&mut out, view.history_lost);
    let t = &view.transitions;
    let _ = match t.since {
        Some(s) => write!(out, "\nSince version {s} (now {}):", view.version),
        None => write!(out, "\nSession so far (version {}):", view.version),
    };
    // The folded line comes with its own leading `\n` (or is empty).
    push_folded_line(&mut out, &t.folded, t.since);
    let shown = &t.shown[t.shown.len().saturating_sub(max)..];
    if shown.is_empty() {
        out.push_str("\n  (no actions)");
    } else {
        let omitted = t.matching.saturating_sub(shown.len());
        if omitted > 0 {
            let _ = write!(out, "\n  \u{2026} {omitted} earlier action(s) omitted.");
        }
        for row in shown {
            out.push('\n');
            out.push_str(BULLET);
            push_brief_line(&mut out, row);
        }
    }
    if view.pending.is_empty() {
        out.push_str("\nPending: none.");
    } else {
        out.push_str("\nPending (awaiting app state): ");
        for (i, p) in view.pending.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(p.label());
        }
        out.push('.');
    }
    if view.available.is_empty() {
        out.push_str("\nAvailable now: (nothing on this page).");
    } else {
        out.push_str("\nAvailable now: ");
        for (i, a) in view.available.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&a.id);
            if a.high_effect {
                out.push_str(" [high-effect]");
            }
        }
        out.push('.');
    }
    for line in &view.greyed {
        out.push('\n');
        out.push_str(&greyed_line(line));
    }
    out
}

/// The brief's greyed lines from `available()` edges of the same moment: an edge carries
/// `blockedBecause` (and `unblockedBy`) exactly when its `enabledWhen` greys it, in served order.
pub(crate) fn greyed_lines_of(
    edges: &[AvailableEdge],
    available: &[AvailableId],
) -> Vec<GreyedLine> {
    edges
        .iter()
        .filter(|e| available.iter().any(|a| a.id == e.affordance_id))
        .filter_map(|e| {
            let blocked = e.blocked_because.as_deref()?;
            let unblocked = e.unblocked_by.as_deref().unwrap_or_default();
            Some(greyed_line_of(&e.affordance_id, blocked, unblocked))
        })
        .collect()
}

pub(crate) fn greyed_line_of(
    id: &str,
    blocked: &[StatedCondition],
    unblocked: &[Unblocker],
) -> GreyedLine {
    GreyedLine {
        action: str::to_owned(id),
        waits_on: blocked
            .iter()
            .map(|c| WaitsOn {
                key: c.key.clone(),
                op: str::to_owned(c.op.as_str()),
                // serde_json's writer: `Value`'s `Display` writes the same (docs/size.md).
                expected: c
                    .expected
                    .as_ref()
                    .map(|v| serde_json::to_string(v).unwrap_or_default()),
            })
            .collect(),
        writers: unblocked
            .iter()
            .map(|u| Writer {
                action: u.action.clone(),
                keys: u.via_keys.clone(),
                running: u.running,
            })
            .collect(),
    }
}
