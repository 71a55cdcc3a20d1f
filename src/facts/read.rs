//! `groundTruth()` and `contextBrief()` over a live session: build the views from the session's cheap
//! reads, then render them.
//!
//! Cost per turn does not grow with history: attempts come from the session's append-only index
//! (`attempt_rows`: binary search + the newest N, read in place), transitions from `transitions_tail`,
//! and nothing snapshots or clones a ledger. The facts block's lines are rendered straight from the
//! borrowed rows, with no allocation per row; `facts_view` builds the same block's owned view. Labels
//! are decided here with the session's served catalogue (what the graph, mount declarations included,
//! declares now). No call here reaches the host, so every read in one render sees the same moment.
//! Uses `session` and `facts::{block, brief, line}`; used by `js` and `serve`.

use std::rc::Rc;

use crate::codes::Refusal;
use serde::Serialize;

use super::block::{
    normalize_max, render_facts_into, AskState, AskView, Attempt, AttemptWhat, AttemptsWindow,
    FactsView,
};
use super::brief::{
    greyed_line_of, greyed_lines_of, render_brief, AvailableId, BriefRow, BriefView, FireFlags,
    FrameLine, GreyedLine, TransitionsWindow,
};
use super::{folded::folded_view, grade::FireFacts, line::LineFacts, text::*};
use crate::graph::NavigationGraph;
use crate::session::{
    AskAnswer, AttemptKind, AttemptRow, AttemptRows, AttemptView, AvailableEdge, EffectVerified,
    FrameStatus, JourneyFrame, Outcome, Session, TransitionView, TransitionViewKind,
};

/// What `session.groundTruth()` returns (`RenderedBlock` in the `.d.ts`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(target_arch = "wasm32", tsify(rename = "RenderedBlock"))]
pub struct FactsBlock {
    /// The raw cursor (an off-graph value stays raw here; the text prints a label).
    pub node: String,
    pub version: u64,
    pub text: String,
}

/// What `session.contextBrief()` returns (`ContextBrief` in the `.d.ts`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(target_arch = "wasm32", tsify(rename = "ContextBrief"))]
pub struct Brief {
    pub node: String,
    pub version: u64,
    /// A copy of the open journey frame, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame: Option<JourneyFrame>,
    pub text: String,
}

/// `session.groundTruth({ sinceVersion, maxAttempts })`. `max_attempts`: absent → 20, below 1 → 1.
pub fn ground_truth(
    session: &Session,
    since_version: Option<u64>,
    max_attempts: Option<i64>,
) -> FactsBlock {
    let mut text = String::new();
    let (node, version) = ground_truth_into(&mut text, session, since_version, max_attempts);
    FactsBlock {
        node,
        version,
        text,
    }
}

/// [`ground_truth`]'s text rendered into `out` (cleared first, its capacity reused); returns the raw
/// cursor and the version. The shown lines are rendered straight from the session's rows: nothing is
/// cloned or allocated per row.
pub fn ground_truth_into(
    out: &mut String,
    session: &Session,
    since: Option<u64>,
    max_attempts: Option<i64>,
) -> (String, u64) {
    let max = normalize_max(max_attempts);
    let since = super::lost::cursor(session, since);
    let view = present_view(session, since, max);
    let graph = session.graph();
    let rows = session.attempt_rows(since, max);
    let mut served = ServedNow {
        rows: &rows,
        seen: [("", false); ServedNow::REMEMBERED],
        len: 0,
    };
    render_facts_into(
        out,
        &view,
        max,
        rows.iter().map(|row| line_facts(&mut served, &graph, row)),
    );
    (str::to_owned(&view.node.id), view.version)
}

/// `session.contextBrief({ sinceVersion })`, with the default `maxTransitions` (20).
pub fn context_brief(session: &Session, since_version: Option<u64>) -> Brief {
    context_brief_capped(session, since_version, None)
}

/// `session.contextBrief({ sinceVersion, maxTransitions })`. `max_transitions`: absent → 20, below 1 → 1.
pub fn context_brief_capped(
    session: &Session,
    since_version: Option<u64>,
    max_transitions: Option<i64>,
) -> Brief {
    brief_of(session, since_version, max_transitions, None)
}

/// [`context_brief`] when the caller already holds `available()` of this same moment (no host call
/// since): its edges give "Available now" and the greyed lines instead of a second walk of the offer
/// and a second `greyed_why` per greyed control. The port's `whats_here` does this.
pub fn context_brief_with(
    session: &Session,
    since_version: Option<u64>,
    offered: &[AvailableEdge],
) -> Brief {
    brief_of(session, since_version, None, Some(offered))
}

fn brief_of(
    session: &Session,
    since_version: Option<u64>,
    max_transitions: Option<i64>,
    offered: Option<&[AvailableEdge]>,
) -> Brief {
    let max = normalize_max(max_transitions);
    let (view, frame) = brief_view_of(session, since_version, max, offered);
    Brief {
        node: str::to_owned(&view.node.id),
        version: view.version,
        frame,
        text: render_brief(&view, max),
    }
}

fn action_ref(session: &Session, id: &str, captured_does: bool) -> ActionRef {
    shared_action_ref(session, id.into(), captured_does)
}

/// [`action_ref`] of a name the caller already holds shared (a transition's id): no copy.
fn shared_action_ref(session: &Session, id: Rc<str>, captured_does: bool) -> ActionRef {
    // Only ask the catalogue when the row captured nothing: a captured name already decides.
    let declared_now = !captured_does && session.served_action(&id).is_some();
    ActionRef {
        id,
        captured_does,
        declared_now,
    }
}

fn node_ref(session: &Session, id: &str) -> NodeRef {
    NodeRef {
        id: id.into(),
        is_page: session.graph().page(id).is_some(),
    }
}

fn attempt(session: &Session, a: &AttemptView) -> Attempt {
    let id = a.affordance_id.as_deref().unwrap_or("");
    let action = action_ref(session, id, a.does.is_some());
    let reason = str::to_owned(a.rejection_reason.unwrap_or(Refusal::Refused).as_str());
    let what = match a.kind {
        AttemptKind::StaleActions => AttemptWhat::ActionsMayBeStale,
        AttemptKind::Refused => match &a.journey_id {
            Some(journey) => {
                let graph = session.graph();
                let declared = graph.journey(journey);
                // The row names the step it could not start with; fall back to the journey's first step.
                let first_step = if id.is_empty() {
                    let first = declared
                        .and_then(|j| j.steps.first())
                        .map(String::as_str)
                        .unwrap_or("");
                    action_ref(session, first, false)
                } else {
                    action
                };
                AttemptWhat::JourneyRefused {
                    who: a.principal,
                    journey: journey.to_string(),
                    journey_declared: declared.is_some(),
                    reason,
                    first_step,
                }
            }
            None => AttemptWhat::FireRefused {
                who: a.principal,
                action,
                reason,
            },
        },
        AttemptKind::Fired => AttemptWhat::Fired {
            who: a.principal,
            action,
            fire: FireFacts {
                materialized: a.materialized,
                outcome: a.outcome.unwrap_or(Outcome::Committed),
                verify_held: a.verify_held,
                effect_verified: a.effect_verified,
                already_true: a.already_true,
            },
            inferred: a.inferred,
            on: a.instance_label.clone(),
        },
    };
    Attempt {
        key: a.key,
        rank: u8::from(a.kind == AttemptKind::Fired),
        what,
    }
}

/// The label rule's "served now" question over one render's rows, remembering the answers for the
/// first few ids asked: the catalogue cannot change while a block renders (nothing here reaches the
/// host), and a window often repeats an id (an agent retrying an id it invented).
struct ServedNow<'a, 's> {
    rows: &'a AttemptRows<'s>,
    seen: [(&'a str, bool); ServedNow::REMEMBERED],
    len: usize,
}

impl<'a> ServedNow<'a, '_> {
    const REMEMBERED: usize = 8;

    fn is(&mut self, id: &'a str) -> bool {
        let seen = self.seen.get(..self.len).unwrap_or(&[]);
        if let Some(&(_, served)) = seen.iter().find(|(seen, _)| *seen == id) {
            return served;
        }
        let served = self.rows.is_served(id);
        if let Some(slot) = self.seen.get_mut(self.len) {
            *slot = (id, served);
            self.len += 1;
        }
        served
    }
}

/// One row's line facts, with the same label rules as [`attempt`] (the `facts_view` path): an id
/// prints as itself iff the row captured its `does` or the session serves it now.
fn line_facts<'a>(
    served: &mut ServedNow<'a, '_>,
    graph: &'a NavigationGraph,
    row: AttemptRow<'a>,
) -> LineFacts<'a> {
    let id = row.affordance_id.map_or("", |s| &**s);
    let mut label = |id: &'a str, captured_does: bool| {
        action_label(id, captured_does, !captured_does && served.is(id))
    };
    let reason = row.rejection_reason.unwrap_or(Refusal::Refused).as_str();
    match row.kind {
        AttemptKind::StaleActions => LineFacts::ActionsMayBeStale,
        AttemptKind::Refused => match row.journey_id {
            Some(journey) => {
                let declared = graph.journey(journey);
                // The row names the step it could not start with; fall back to the journey's first step.
                let first_step = if id.is_empty() {
                    label(
                        declared
                            .and_then(|j| j.steps.first())
                            .map_or("", String::as_str),
                        false,
                    )
                } else {
                    label(id, row.does.is_some())
                };
                LineFacts::JourneyRefused {
                    who: row.principal,
                    journey: journey_label(journey, declared.is_some()),
                    reason,
                    first_step,
                }
            }
            None => LineFacts::FireRefused {
                who: row.principal,
                action: label(id, row.does.is_some()),
                reason,
            },
        },
        AttemptKind::Fired => LineFacts::Fired {
            who: row.principal,
            action: label(id, row.does.is_some()),
            fire: FireFacts {
                materialized: row.materialized,
                outcome: row.outcome.unwrap_or(Outcome::Committed),
                verify_held: row.verify_held,
                effect_verified: row.effect_verified,
                already_true: row.already_true,
            },
            inferred: row.inferred,
            on: row.instance_label.map(|l| &**l),
        },
    }
}

fn pending_refs(session: &Session) -> Vec<ActionRef> {
    session
        .pending()
        .iter()
        .map(|p| action_ref(session, &p.affordance_id, p.does.is_some()))
        .collect()
}

/// The facts view of `session` now: the newest `max` attempts at or after `since`, plus the present.
/// (`ground_truth` renders the same block without building the owned attempts.)
pub fn facts_view(session: &Session, since: Option<u64>, max: usize) -> FactsView {
    let max = max.max(1);
    let since = super::lost::cursor(session, since);
    let mut view = present_view(session, since, max);
    view.attempts.shown = session
        .attempts_tail(since, max)
        .iter()
        .map(|a| attempt(session, a))
        .collect();
    view
}

/// Everything the facts block shows except the attempt rows themselves (their counts included).
fn present_view(session: &Session, since: Option<u64>, max: usize) -> FactsView {
    let max = max.max(1);
    let node = session.node();
    let kept = session.attempt_count();
    let matching = since.map_or(kept, |s| session.attempts_since_count(s));
    let folded = folded_view(&session.folded_attempts());
    let total = kept + usize::try_from(folded.total).unwrap_or(usize::MAX);

    let summary = session.ask_summary(max);
    let asks: Vec<AskView> = summary
        .lines
        .iter()
        .map(|a| AskView {
            ask_id: a.ask_id.clone(),
            action: action_ref(session, &a.affordance_id, a.does.is_some()),
            state: match a.answer {
                None => AskState::Awaiting,
                Some(AskAnswer::Approved) => AskState::ApprovedNotYetDone,
                Some(AskAnswer::Declined) => AskState::Declined,
            },
        })
        .collect();

    let mut work_tied = Vec::new();
    let mut work_untied = false;
    for w in session.open_work() {
        match &w.affordance_id {
            Some(id) => work_tied.push(action_ref(session, id, w.does.is_some())),
            None => work_untied = true,
        }
    }

    FactsView {
        node: node_ref(session, &node),
        position_claimed: session.position_claimed(),
        focus: session.focus(),
        history_lost: session.history_lost(),
        version: session.version(),
        attempts: AttemptsWindow {
            since,
            total,
            matching,
            shown: Vec::new(),
            folded,
        },
        asks,
        awaiting_beyond: summary
            .awaiting_total
            .saturating_sub(summary.awaiting_shown),
        pending: pending_refs(session),
        work_tied,
        work_untied,
    }
}

/// Whether each node a brief's rows name is a page, asked of the graph once per node, and whether
/// each action they name is served (with its high-effect mark), asked of the session once per action:
/// the shown rows name the same few nodes and actions over and over (interned, so usually the same
/// pointer). Nothing calls the host while a brief is built, so one answer holds for every row.
#[derive(Default)]
struct PageMemo(
    Vec<(std::rc::Rc<str>, bool)>,
    Vec<(std::rc::Rc<str>, Option<bool>)>,
);

impl PageMemo {
    /// `Some(high_effect)` when `id` is served now, else `None` (`Session::served_action`).
    fn served(&mut self, session: &Session, id: &std::rc::Rc<str>) -> Option<bool> {
        let known = self
            .1
            .iter()
            .find(|(n, _)| std::rc::Rc::ptr_eq(n, id) || **n == **id)
            .map(|(_, served)| *served);
        known.unwrap_or_else(|| {
            let served = session.served_action(id).map(|a| a.high_effect);
            self.1.push((std::rc::Rc::clone(id), served));
            served
        })
    }

    fn node_ref(&mut self, session: &Session, id: &std::rc::Rc<str>) -> NodeRef {
        let known = self
            .0
            .iter()
            .find(|(n, _)| std::rc::Rc::ptr_eq(n, id) || **n == **id)
            .map(|(_, is_page)| *is_page);
        let is_page = known.unwrap_or_else(|| {
            let is_page = session.graph().page(id).is_some();
            self.0.push((std::rc::Rc::clone(id), is_page));
            is_page
        });
        // The row's own name, shared: a brief of 20 rows names two nodes each.
        NodeRef {
            id: std::rc::Rc::clone(id),
            is_page,
        }
    }
}

fn brief_row(session: &Session, t: &TransitionView, pages: &mut PageMemo) -> BriefRow {
    let principal = t.principal;
    let from = pages.node_ref(session, &t.from_node);
    match t.kind {
        TransitionViewKind::Fired => {
            let id = t.affordance_id.clone().unwrap_or_else(|| "".into());
            let served = pages.served(session, &id);
            let captured_does = t.does.is_some();
            BriefRow::Fired {
                who: principal,
                // As `shared_action_ref`, with the catalogue's answer memoised.
                action: ActionRef {
                    id,
                    captured_does,
                    declared_now: !captured_does && served.is_some(),
                },
                does: t.does.clone(),
                from,
                to: t.to_node.as_ref().map(|n| pages.node_ref(session, n)),
                flags: FireFlags {
                    inferred: t.inferred,
                    high_effect: served == Some(true),
                    not_materialized: !t.materialized,
                    navigation_unconfirmed: t.navigation_unconfirmed,
                    awaiting_state: t.outcome == Outcome::Pending,
                    outcome: Some(t.outcome),
                    effect_not_observed: t.effect_verified == Some(EffectVerified::Observed(false)),
                    verify_failed: t.verify_failed,
                },
                on: t.instance_label.clone(),
            }
        }
        TransitionViewKind::Moved => BriefRow::Moved {
            who: principal,
            to: pages.node_ref(session, t.to_node.as_ref().unwrap_or(&t.from_node)),
            from,
        },
        TransitionViewKind::StructureChanged => BriefRow::StructureChanged,
        TransitionViewKind::Report => BriefRow::StateReport {
            who: principal,
            keys: t.changed_keys.iter().map(|k| str::to_owned(k)).collect(),
        },
    }
}

/// The brief view of `session` now, and the open frame it describes.
pub fn brief_view(
    session: &Session,
    since: Option<u64>,
    max: usize,
) -> (BriefView, Option<JourneyFrame>) {
    brief_view_of(session, since, max, None)
}

/// [`brief_view`], reading the offer from `offered` (this moment's `available()` edges) when given.
fn brief_view_of(
    session: &Session,
    since: Option<u64>,
    max: usize,
    offered: Option<&[AvailableEdge]>,
) -> (BriefView, Option<JourneyFrame>) {
    let max = max.max(1);
    let since = super::lost::cursor(session, since);
    let graph = session.graph();
    let node = session.node();
    let frame = session
        .journey_frame()
        .filter(|f| f.status == FrameStatus::Open);
    let journey = frame.as_ref().and_then(|f| graph.journey(&f.journey_id));

    let frame_line = journey.zip(frame.as_ref()).map(|(j, f)| {
        let mut done: Vec<&str> = Vec::new();
        for s in f.fired_steps.iter().chain(&f.inferred_steps) {
            if j.steps.iter().any(|step| step == s) && !done.contains(&s.as_str()) {
                done.push(s);
            }
        }
        FrameLine {
            journey: j.id.clone(),
            does: j.does.clone(),
            done: done.len(),
            total: j.steps.len(),
        }
    });

    let demoted = session
        .demoted_since(since, max)
        .iter()
        .filter(|id| graph.journey(id).is_some())
        .map(|id| str::to_owned(id))
        .collect();

    let mut pages = PageMemo::default();
    let shown = session
        .transitions_tail(since, max)
        .iter()
        .map(|t| brief_row(session, t, &mut pages))
        .collect();
    let folded = folded_view(&session.folded_attempts());
    let transitions = TransitionsWindow {
        since,
        matching: session.transitions_since_count(since),
        shown,
        folded,
    };

    let in_frame = |id: &str| match journey {
        None => true,
        Some(j) => {
            j.steps.iter().any(|s| **s == *id)
                || session
                    .served_action(id)
                    .is_some_and(|a| a.role == "cancel" || a.role == "back")
        }
    };
    let mut available: Vec<AvailableId> = match offered {
        Some(edges) => edges
            .iter()
            .filter(|e| in_frame(&e.affordance_id))
            .map(|e| AvailableId {
                id: e.affordance_id.clone(),
                high_effect: e.high_effect,
            })
            .collect(),
        None => session
            .available_ids()
            .into_iter()
            .filter(|(id, _)| in_frame(id))
            .map(|(id, high_effect)| AvailableId {
                id: str::to_owned(&id),
                high_effect,
            })
            .collect(),
    };
    if journey.is_some() {
        available.push(AvailableId {
            id: "leave-journey".to_string(),
            high_effect: false,
        });
    }

    let greyed = match offered {
        Some(edges) => greyed_lines_of(edges, &available),
        None => greyed_lines(session, &available),
    };
    let view = BriefView {
        node: node_ref(session, &node),
        position_claimed: session.position_claimed(),
        focus: session.focus(),
        history_lost: session.history_lost(),
        version: session.version(),
        frame: frame_line,
        demoted,
        transitions,
        pending: pending_refs(session),
        available,
        greyed,
    };
    (view, frame)
}

/// The brief's greyed lines for the controls "Available now" lists that their `enabledWhen` greys
/// (docs/facts-and-serving.md §7.1): ids, key names and the graph's operands only.
fn greyed_lines(session: &Session, available: &[AvailableId]) -> Vec<GreyedLine> {
    let mut lines = Vec::new();
    for g in session.greyed_now() {
        if !available.iter().any(|a| *a.id == *g.id) {
            continue;
        }
        if let Some(Some(why)) = &g.greyed {
            lines.push(greyed_line_of(
                &g.id,
                &why.blocked_because,
                &why.unblocked_by,
            ));
        }
    }
    lines
}
