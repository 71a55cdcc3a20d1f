//! One attempt row of the facts block: [`LineFacts`] (an attempt with its labels decided, borrowed)
//! and the code that appends its line.
//!
//! This runs for every shown row on every turn, so it is the block's per-row cost. In the
//! size-optimised wasm each appended piece costs a call and a bulk copy, so the fixed sentence around
//! a row's id is kept pre-joined: a fired row is three pieces (its head — bullet, lead, principal,
//! `fired` —, the action's label, its tail — the ladder's note), a refused fire four. The fragments
//! are joined once, from the same constants (`text`, `grade`), the first time a block is rendered.
//! Uses `facts::{text, grade}`; used by `facts::block` and `facts::read`.

use std::sync::OnceLock;

use super::block::AttemptWhat;
use super::grade::{rung, FireFacts, Rung, DID_NOT_HAPPEN, NOTE_INFERRED};
use super::text::{journey_label, reason_code, ACTIONS_MAY_BE_STALE, BULLET, DASH};
use crate::codes::Refusal;
use crate::session::Principal;

/// The tail of a `PAGE_MOUNTING` refusal's line (docs/session.md §32).
pub const PAGE_STILL_LOADING: &str =
    " (the page was still loading: its actions were not registered yet; retriable)";

/// One attempt line with its labels decided (the label rules already applied to every id): what the
/// line renderer reads. Borrowed, so the live path (`facts::read`) renders straight from the
/// session's rows and the hand-built path from an [`AttemptWhat`], through the same code.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LineFacts<'a> {
    FireRefused {
        who: Principal,
        action: &'a str,
        reason: &'a str,
    },
    JourneyRefused {
        who: Principal,
        journey: &'a str,
        reason: &'a str,
        first_step: &'a str,
    },
    ActionsMayBeStale,
    /// `inferred`: the fire's credit was inferred (rung 6, queue order or signature): the line ends
    /// with the inference note.
    Fired {
        who: Principal,
        action: &'a str,
        fire: FireFacts,
        inferred: bool,
        /// A list row's label (app text, one line by its law: docs/session.md §34).
        on: Option<&'a str>,
    },
}

impl AttemptWhat {
    /// This attempt's line facts: each id through its label rule.
    pub fn line_facts(&self) -> LineFacts<'_> {
        match self {
            AttemptWhat::FireRefused {
                who,
                action,
                reason,
            } => LineFacts::FireRefused {
                who: *who,
                action: action.label(),
                reason,
            },
            AttemptWhat::JourneyRefused {
                who,
                journey,
                journey_declared,
                reason,
                first_step,
            } => LineFacts::JourneyRefused {
                who: *who,
                journey: journey_label(journey, *journey_declared),
                reason,
                first_step: first_step.label(),
            },
            AttemptWhat::ActionsMayBeStale => LineFacts::ActionsMayBeStale,
            AttemptWhat::Fired {
                who,
                action,
                fire,
                inferred,
                on,
            } => LineFacts::Fired {
                who: *who,
                action: action.label(),
                fire: *fire,
                inferred: *inferred,
                on: on.as_deref(),
            },
        }
    }
}

/// A shown row's usual length in bytes, newline and bullet included (buffers are sized from it).
pub const ROW_GUESS: usize = 112;

/// Every principal, at its [`principal_index`].
const PRINCIPALS: [Principal; 4] = [
    Principal::Agent,
    Principal::User,
    Principal::System,
    Principal::Unknown,
];

fn principal_index(who: Principal) -> usize {
    match who {
        Principal::Agent => 0,
        Principal::User => 1,
        Principal::System => 2,
        Principal::Unknown => 3,
    }
}

/// The fixed text around a row's id, pre-joined.
struct Fragments {
    /// `"\n"` and the bullet: what starts every row.
    row_start: String,
    /// By rung, then principal: row start, lead, dash, principal, `" fired "`.
    fired_head: [[String; 4]; 10],
    /// By rung, then inferred: `" ("`, the note, (`"; "` and the inference note,) `")"`.
    fired_tail: [[String; 2]; 10],
    /// By principal: row start, `did NOT happen`, dash, principal, `"'s fire of "`.
    refused_head: [String; 4],
}

fn fragments() -> &'static Fragments {
    static FRAGMENTS: OnceLock<Fragments> = OnceLock::new();
    FRAGMENTS.get_or_init(|| {
        let row_start = format!("\n{BULLET}");
        let fired_head = Rung::ALL.map(|r| {
            let lead = r.grade().lead;
            PRINCIPALS.map(|who| format!("{row_start}{lead}{DASH}{} fired ", who.as_str()))
        });
        let fired_tail = Rung::ALL.map(|r| {
            let note = r.grade().note;
            [format!(" ({note})"), format!(" ({note}; {NOTE_INFERRED})")]
        });
        let refused_head = PRINCIPALS.map(|who| {
            format!(
                "{row_start}{DID_NOT_HAPPEN}{DASH}{}'s fire of ",
                who.as_str()
            )
        });
        Fragments {
            row_start,
            fired_head,
            fired_tail,
            refused_head,
        }
    })
}

/// Append one shown row: a newline, the bullet, then the line.
pub fn push_row(out: &mut String, line: LineFacts<'_>) {
    let f = fragments();
    match line {
        LineFacts::Fired {
            who,
            action,
            fire,
            inferred,
            on,
        } => {
            // The principal is the row's own: a fire minted by inference already carries `unknown`,
            // while an agent's fire credited by queue order is still the agent's (only its credit is
            // inferred, and the tail says so — `docs/decisions.md` decision 21).
            let r = rung(&fire).index();
            out.push_str(&f.fired_head[r][principal_index(who)]);
            out.push_str(action);
            if let Some(label) = on {
                push_on(out, label);
            }
            out.push_str(&f.fired_tail[r][usize::from(inferred)]);
        }
        LineFacts::FireRefused {
            who,
            action,
            reason,
        } => {
            for part in [
                &f.refused_head[principal_index(who)],
                action,
                " was refused: ",
                reason_code(reason),
            ] {
                out.push_str(part);
            }
            // docs/session.md §32: not wired *yet* says so in the line itself.
            if reason == Refusal::PageMounting.as_str() {
                out.push_str(PAGE_STILL_LOADING);
            }
        }
        LineFacts::JourneyRefused {
            who,
            journey,
            reason,
            first_step,
        } => {
            let parts = [
                &f.row_start,
                DID_NOT_HAPPEN,
                DASH,
                who.as_str(),
                "'s attempt to start ",
                journey,
                " was refused: ",
                reason_code(reason),
                " (its first step is ",
                first_step,
                ")",
            ];
            parts.iter().for_each(|p| out.push_str(p));
        }
        LineFacts::ActionsMayBeStale => {
            out.push_str(&f.row_start);
            out.push_str(ACTIONS_MAY_BE_STALE);
        }
    }
}

/// ` on “label”`: the list row a fire was for, by the app's own label (docs/session.md §34). The
/// label obeys the law of app text already; it is escaped like every printed app string anyway.
pub fn push_on(out: &mut String, label: &str) {
    out.push_str(" on \u{201C}");
    out.push_str(&crate::graph::names::escape_text(label));
    out.push('\u{201D}');
}

/// One attempt row's line, without the newline and bullet.
pub fn attempt_line(what: &AttemptWhat) -> String {
    let mut line = String::with_capacity(ROW_GUESS);
    push_row(&mut line, what.line_facts());
    line.split_off(fragments().row_start.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::grade::grade;
    use crate::session::{EffectVerified, Outcome, VerifyHeld};

    #[test]
    fn every_principal_sits_at_its_index() {
        for (i, who) in PRINCIPALS.iter().enumerate() {
            assert_eq!(principal_index(*who), i);
        }
    }

    /// Every fired row, each rung × principal × inferred, against the line spelled out piece by piece.
    #[test]
    fn a_fired_row_reads_bullet_lead_dash_principal_fired_label_and_note() {
        let outcomes = [
            Outcome::Committed,
            Outcome::Pending,
            Outcome::Rejected,
            Outcome::RolledBack,
            Outcome::Superseded,
        ];
        let axes = [
            None,
            Some(EffectVerified::Observed(true)),
            Some(EffectVerified::Observed(false)),
            Some(EffectVerified::Unobservable),
        ];
        let mut seen = Vec::new();
        for materialized in [true, false] {
            for outcome in outcomes {
                for verify_held in [None, Some(VerifyHeld::Held), Some(VerifyHeld::Failed)] {
                    for (effect_verified, already_true) in
                        axes.into_iter().flat_map(|a| [(a, false), (a, true)])
                    {
                        let fire = FireFacts {
                            materialized,
                            outcome,
                            verify_held,
                            effect_verified,
                            already_true,
                        };
                        seen.push(rung(&fire));
                        for who in PRINCIPALS {
                            for inferred in [false, true] {
                                let mut out = String::new();
                                push_row(
                                    &mut out,
                                    LineFacts::Fired {
                                        who,
                                        action: "a.b",
                                        fire,
                                        inferred,
                                        on: None,
                                    },
                                );
                                let g = grade(&fire);
                                let shown_who = who.as_str();
                                let note = if inferred {
                                    format!("{}; {NOTE_INFERRED}", g.note)
                                } else {
                                    g.note.to_string()
                                };
                                assert_eq!(
                                    out,
                                    format!(
                                        "\n{BULLET}{}{DASH}{shown_who} fired a.b ({note})",
                                        g.lead
                                    )
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(
            Rung::ALL.iter().all(|r| seen.contains(r)),
            "the grid reaches every rung"
        );
    }

    #[test]
    fn a_refused_row_reads_did_not_happen_and_its_typed_code() {
        for who in PRINCIPALS {
            let mut out = String::new();
            push_row(
                &mut out,
                LineFacts::FireRefused {
                    who,
                    action: "a.b",
                    reason: "TOOL_DISABLED",
                },
            );
            assert_eq!(
                out,
                format!(
                    "\n{BULLET}did NOT happen{DASH}{}'s fire of a.b was refused: TOOL_DISABLED",
                    who.as_str()
                )
            );
        }
    }
}
