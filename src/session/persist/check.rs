//! The consistency checks a snapshot passes before anything is built from it (docs/session.md §20):
//! row counts within `retain`, rows numbered in sequence, no row newer than the clock, every attempt
//! index entry, pending entry and claim naming a kept row of the right kind, folded counts adding up,
//! ask and work numbers below their counters, frames naming journeys of the graph. Pure; used by
//! `persist::restore`.

use crate::codes::ErrorCode;
use std::collections::HashSet;

use crate::graph::NavigationGraph;
use crate::session::persist::*;
use crate::session::*;

/// `RESTORE_DAMAGED`, naming what is wrong.
pub(in crate::session) fn damaged(why: impl std::fmt::Display) -> SessionError {
    SessionError::usage(
        ErrorCode::RestoreDamaged,
        format!("createSession: options.restore is not a usable snapshot: {why}. Nothing was restored; start a fresh session (omit restore) or pass an unmodified snapshot() result."),
    )
}

/// Check every cross-reference of a parsed snapshot against the rebuilt rows; build nothing shared.
pub(in crate::session) fn check(
    snap: &SessionSnapshot,
    graph: &NavigationGraph,
) -> Result<(), SessionError> {
    let retain = snap.retain;
    let c = &snap.clock;
    // Counters grow by one per call: anything past 2^53 (JS's exact integers) is not a real session's
    // and would overflow at the next step.
    const MAX_COUNT: u64 = 1 << 53;
    let f = &snap.folded;
    if [
        c.version,
        c.state_version,
        c.structure_gen,
        c.awaiting_dropped as u64,
        f.total,
    ]
    .iter()
    .any(|&n| n > MAX_COUNT)
        || [c.next_group, c.next_ask, c.next_work]
            .iter()
            .any(|&n| n >= u32::MAX - 1)
    {
        return Err(damaged("a counter is beyond any session's reach"));
    }
    for (what, n) in [
        ("transitions", snap.transitions.len()),
        ("gaps", snap.gaps.len()),
        ("attempts", snap.attempts.len()),
        ("asks", snap.asks.len()),
        ("work rows", snap.work.len()),
        ("closed frames", snap.closed_frames.len()),
    ] {
        if n > retain.saturating_add(1) {
            return Err(damaged(format!(
                "it keeps {n} {what}, more than retain ({retain}) allows"
            )));
        }
    }
    if snap.affordances.len() > snap.transitions.len() + snap.mounted.len() {
        return Err(damaged("it has more captions than rows"));
    }
    for (i, t) in snap.transitions.iter().enumerate() {
        if t.n != c.transition_base.wrapping_add(i as u32) {
            return Err(damaged(format!(
                "transition {i} is numbered {} out of sequence",
                t.n
            )));
        }
        if t.cursor_version > c.version {
            return Err(damaged(format!(
                "row {}#{} is newer than the clock",
                t.stage, t.n
            )));
        }
    }
    if snap.gaps.iter().any(|g| g.version > c.version)
        || c.last_structure_bump.is_some_and(|v| v > c.version)
        || c.state_version > c.version
    {
        return Err(damaged("a row or counter is newer than the version clock"));
    }
    let t_at = |row: u32| {
        snap.transitions
            .get(row.wrapping_sub(c.transition_base) as usize)
    };
    let g_at = |row: u32| snap.gaps.get(row.wrapping_sub(c.gap_base) as usize);
    let mut last: Option<(u64, u8)> = None;
    // Which kept rows an entry already named: gaps first, then transitions (a bitmap over the kept
    // rows, not a hash set: one hash table type fewer in the wasm, docs/size.md).
    let mut seen = vec![false; snap.gaps.len() + snap.transitions.len()];
    for a in &snap.attempts {
        let (rank, at) = match a.ledger {
            SnapLedger::Gap => {
                let at = a.row.wrapping_sub(c.gap_base) as usize;
                let ok = g_at(a.row)
                    .is_some_and(|g| g.kind == GapKind::FireRejected || g.actions_may_be_stale);
                (0, ok.then_some(at))
            }
            SnapLedger::Transition => {
                let at = a.row.wrapping_sub(c.transition_base) as usize;
                let ok = t_at(a.row).is_some_and(|t| t.kind == CauseKind::Fired);
                (1, ok.then_some(snap.gaps.len() + at))
            }
        };
        let first = at
            .and_then(|i| seen.get_mut(i))
            .is_some_and(|s| !std::mem::replace(s, true));
        if !first || last.is_some_and(|l| l > (a.key, rank)) {
            return Err(damaged(format!(
                "attempt index entry {:?} #{} points at no attempt row, twice, or out of order",
                a.ledger, a.row
            )));
        }
        last = Some((a.key, rank));
    }
    let mut pend = HashSet::new();
    for &p in &snap.pending {
        if !t_at(p).is_some_and(|t| t.kind == CauseKind::Fired && t.open) || !pend.insert(p) {
            return Err(damaged(format!("pending entry {p} names no open fire")));
        }
    }
    if let Some(claim) = &snap.claim {
        if !t_at(claim.transition).is_some_and(|t| t.kind == CauseKind::Fired) {
            return Err(damaged("the navigation claim names no kept fire"));
        }
    }
    let fires = f.fires.iter().try_fold(0u64, |s, x| s.checked_add(x.count));
    if f.refused
        .checked_add(f.stale)
        .zip(fires)
        .and_then(|(a, b)| a.checked_add(b))
        != Some(f.total)
    {
        return Err(damaged("its folded counts do not add up to their total"));
    }
    let mut asks = HashSet::new();
    if snap
        .asks
        .iter()
        .any(|a| a.n >= c.next_ask || !asks.insert(a.n))
    {
        return Err(damaged(
            "an ask is numbered at or past the ask counter, or twice",
        ));
    }
    let mut works = HashSet::new();
    if snap
        .work
        .iter()
        .any(|w| w.n >= c.next_work || !works.insert(w.n))
    {
        return Err(damaged(
            "a work row is numbered at or past the work counter, or twice",
        ));
    }
    if let Some(frame) = &snap.frame {
        if frame.status != FrameStatus::Open || graph.journey(&frame.journey_id).is_none() {
            return Err(damaged(
                "the open journey frame is not open or names no journey of the graph",
            ));
        }
    }
    if snap
        .closed_frames
        .iter()
        .any(|f| f.status == FrameStatus::Open || graph.journey(&f.journey_id).is_none())
    {
        return Err(damaged(
            "a closed journey frame is open or names no journey of the graph",
        ));
    }
    Ok(())
}
