//! Bounded ledgers (`docs/decisions.md` decision 25): the `retain` and `maxValueBytes` options
//! (validated here, enforced on every row push), the folding of the oldest rows into per-grade
//! counts, and the attempt index's ordered append (`index_attempt`).
//!
//! A session keeps at most `retain` rows in each ledger (transitions, gaps) and in the attempt index.
//! When one more arrives, the oldest go: an attempt leaving the index is counted in [`FoldedAttempts`]
//! by the facts that decide its grade (the renderers grade the counts, so the ladder lives in one
//! place, `facts::grade`), and every side table that points at a dropped row lets go with it (the
//! pending queue, deferred handlers, the navigation claim, report key names, interned strings). Row
//! indexes are absolute and wrap at 2^32 (`u32` arithmetic is wrapping everywhere here), so no counter
//! can overflow into a trap: with at most a million rows kept, an index names one kept row at most.
//!
//! Why the bound is needed: a row, its index entry and its texts live in wasm32's 4 GiB address space,
//! and an allocation failure aborts the module. With rows bounded and every kept value under
//! `maxValueBytes` (`limits`), a session's memory is bounded by `retain` × (a row + two values).
//!
//! Uses `state` (the rows) and `limits` (the option's default and range). Used by `state` (row
//! pushes), `ledger::reads`, `fire`, `report`, `asks`, `work`, and read by `facts::read` through
//! [`Session::folded_attempts`].

use crate::codes::ErrorCode;
use std::rc::Rc;

use crate::session::limits::{DEFAULT_MAX_VALUE_BYTES, MAX_MAX_VALUE_BYTES};
use crate::session::state::{AttemptRef, Inner, Rec, RowRef};
use crate::session::*;

/// `retain` when the app names none.
pub const DEFAULT_RETAIN: usize = 10_000;
/// The most rows a session may be asked to keep: a million rows are ~300 MB of wasm memory.
pub const MAX_RETAIN: usize = 1_000_000;
crate::record::wire! {
    /// The grading facts of one folded fire, as they stood when its row was folded (a snapshot writes
    /// them with their count, `SnapFoldedFire`).
    #[derive(Copy, Eq)]
    pub struct FoldedFire {
        /// The fire had not come to rest (or its handler was still running): its grade was not yet known.
        pub open: bool,
        pub materialized: bool,
        pub outcome: Outcome,
        pub verify_held: Option<VerifyHeld>,
        pub effect_verified: Option<EffectVerified>,
        /// Credited by inference (an inferred fire, or a settlement attributed by queue order or signature).
        pub inferred: bool,
        /// Its verify already held at fire time (docs/session.md §23); absent (false) in older snapshots.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        pub already_true: bool,
    }
}

/// What the folded attempts were, counted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FoldedAttempts {
    /// Every folded attempt.
    pub total: u64,
    /// Refused fires and refused journey commits.
    pub refused: u64,
    /// Stale-actions reports.
    pub stale: u64,
    /// Fires, by the facts that grade them (a handful of distinct entries).
    pub fires: Vec<(FoldedFire, u64)>,
    /// The newest ordering key folded (rows with a later key are all kept).
    pub through_key: Option<u64>,
    /// The `retain` option in force.
    pub retain: usize,
}

/// The options and bookkeeping of bounded ledgers.
#[derive(Debug)]
pub(crate) struct Retention {
    pub retain: usize,
    pub max_value_bytes: usize,
    /// Absolute index of the oldest kept transition / gap.
    pub t_base: u32,
    pub g_base: u32,
    pub folded: FoldedAttempts,
    /// The next `work#N`.
    pub next_work: u32,
    /// Unanswered asks dropped from a book over `retain` (still counted as awaiting in the block).
    pub awaiting_dropped: usize,
    /// Interned key names are pruned (names no kept row uses) when there are more than this many.
    pub prune_names_at: usize,
    /// What never leaves the session: the graph's `redact` with the options' (docs/session.md §28).
    pub redact: std::rc::Rc<crate::graph::Redaction>,
}

impl Retention {
    /// Validate the options (`BAD_ARGUMENT` names the option, the value and the range).
    pub fn new(
        retain: Option<f64>,
        max_value_bytes: Option<f64>,
    ) -> Result<Retention, SessionError> {
        let retain = whole("retain", retain, DEFAULT_RETAIN, MAX_RETAIN)?;
        let max_value_bytes = whole(
            "maxValueBytes",
            max_value_bytes,
            DEFAULT_MAX_VALUE_BYTES,
            MAX_MAX_VALUE_BYTES,
        )?;
        Ok(Retention {
            retain,
            max_value_bytes,
            t_base: 0,
            g_base: 0,
            folded: FoldedAttempts {
                retain,
                ..FoldedAttempts::default()
            },
            next_work: 0,
            awaiting_dropped: 0,
            prune_names_at: 128,
            redact: Default::default(),
        })
    }

    /// The same, hiding what the graph's `redact` and the options' name (docs/session.md §28).
    pub fn redacting(
        mut self,
        graph: &crate::graph::Redaction,
        options: &crate::graph::Redaction,
    ) -> Retention {
        self.redact = std::rc::Rc::new(graph.merged(options));
        self
    }
}

fn whole(
    name: &str,
    value: Option<f64>,
    default: usize,
    max: usize,
) -> Result<usize, SessionError> {
    let Some(n) = value else { return Ok(default) };
    if n.is_finite() && n.fract() == 0.0 && n >= 1.0 && n <= max as f64 {
        return Ok(n as usize);
    }
    Err(SessionError::usage(
        ErrorCode::BadArgument,
        format!("createSession: options.{name} must be a whole number from 1 to {max}, not {}. Omit it for the default ({default}); see docs/decisions.md decision 25.", crate::messages::number_text(n)),
    ))
}

/// Make room for one more row without growing past `retain + 1` slots: doubling (amortised O(1)) until
/// the next doubling would pass the bound, then exactly the bound, so a full ledger has no slack.
pub(crate) fn reserve_within<T>(rows: &mut std::collections::VecDeque<T>, retain: usize) {
    let len = rows.len();
    if len < rows.capacity() {
        return;
    }
    let target = (len * 2).max(8).min(retain + 1).max(len + 1);
    rows.reserve_exact(target - len);
}

impl Inner {
    /// Append to the attempt index, keeping (key, rank) order.
    pub fn index_attempt(&mut self, key: u64, row: RowRef) {
        let entry = AttemptRef { key, row };
        let rank = entry.rank();
        // Rows arrive in order by construction (a refusal never bumps, a fire bumps at once); the
        // backwards walk only guards that invariant instead of trusting it.
        let mut at = self.attempts.len();
        while let Some(prev) = at.checked_sub(1).and_then(|i| self.attempts.get(i)) {
            if (prev.key, prev.rank()) <= (key, rank) {
                break;
            }
            at -= 1;
        }
        reserve_within(&mut self.attempts, self.keep.retain);
        self.attempts.insert(at, entry);
        self.enforce_retention();
    }

    /// The kept gap at absolute index `idx`.
    pub fn gap_at(&self, idx: u32) -> Option<&crate::session::state::Gap> {
        self.gaps.get(idx.wrapping_sub(self.keep.g_base) as usize)
    }

    /// Whether `id` names a transition index older than the kept rows (folded, or never kept).
    pub fn was_folded(&self, id: &str) -> bool {
        let Some(n) = id.rsplit_once('#').and_then(|(_, n)| n.parse::<u32>().ok()) else {
            return false;
        };
        let behind = self.keep.t_base.wrapping_sub(n);
        self.keep.folded.total > 0 && behind > 0 && behind <= u32::MAX / 2
    }

    /// Append a transition row; returns its absolute index. Folds what no longer fits.
    pub fn push_transition(&mut self, rec: Rec) -> u32 {
        let idx = self.next_n();
        reserve_within(&mut self.transitions, self.keep.retain);
        self.transitions.push_back(rec);
        self.enforce_retention();
        idx
    }

    /// Drop the oldest rows until every ledger and the attempt index fit `retain`.
    pub fn enforce_retention(&mut self) {
        let retain = self.keep.retain;
        loop {
            if self.attempts.len() > retain {
                self.fold_front_attempt();
            } else if self.transitions.len() > retain {
                let front = self.keep.t_base;
                if let Some(key) = self
                    .transitions
                    .front()
                    .filter(|r| r.is_fire())
                    .map(|r| r.cursor_version)
                {
                    self.fold_attempts_through(RowRef::Transition(front), key);
                }
                // A row the index did not name (or no longer names) still leaves.
                if self.keep.t_base == front {
                    self.drop_transitions_through(front);
                }
            } else if self.gaps.len() > retain {
                let front = self.keep.g_base;
                let attempt = self
                    .gaps
                    .front()
                    .filter(|g| g.kind == GapKind::FireRejected || g.actions_may_be_stale)
                    .map(|g| g.version);
                if let Some(key) = attempt {
                    self.fold_attempts_through(RowRef::Gap(front), key);
                }
                if self.keep.g_base == front {
                    self.drop_gaps_through(front);
                }
            } else {
                break;
            }
        }
        if self.dead_end_seen.len() > retain {
            // Only the current wiring's fingerprints can recur; an off-graph path may warn again.
            let generation = self.structure_gen;
            self.dead_end_seen.retain(|(_, g)| *g == generation);
        }
        if self.dead_end_warned.len() > retain {
            self.dead_end_warned.clear();
        }
        if self.key_names.len() > self.keep.prune_names_at {
            self.key_names.retain(|k| Rc::strong_count(k) > 1);
            self.keep.prune_names_at = (self.key_names.len() * 2).max(128);
        }
    }

    /// Fold index entries from the oldest up to and including `row`, whose ordering key is `key`
    /// (entries are in key order, so the walk stops at the first later key even if `row` is absent).
    fn fold_attempts_through(&mut self, row: RowRef, key: u64) {
        while let Some(front) = self.attempts.front().copied() {
            if front.key > key {
                break;
            }
            self.fold_front_attempt();
            if front.row == row {
                break;
            }
        }
    }

    /// Count the oldest attempt into the folded counts and drop its row (and older rows of its ledger).
    fn fold_front_attempt(&mut self) {
        let Some(entry) = self.attempts.pop_front() else {
            return;
        };
        let folded = &mut self.keep.folded;
        folded.total += 1;
        folded.through_key = Some(entry.key);
        match entry.row {
            RowRef::Gap(g) => {
                let stale = self
                    .gap_at(g)
                    .is_some_and(|gap| gap.kind != GapKind::FireRejected);
                let folded = &mut self.keep.folded;
                if stale {
                    folded.stale += 1;
                } else {
                    folded.refused += 1;
                }
                self.drop_gaps_through(g);
            }
            RowRef::Transition(t) => {
                if let Some(rec) = self.rec(t) {
                    let fire = FoldedFire {
                        open: rec.latch_open || rec.in_flight || rec.outcome == Outcome::Pending,
                        materialized: rec.materialized,
                        outcome: rec.outcome,
                        verify_held: rec.settled.as_ref().and_then(|s| s.verify_held),
                        effect_verified: rec.effect_verified,
                        inferred: rec.inferred || rec.certainty == Certainty::Inferred,
                        already_true: rec.already_true,
                    };
                    let fires = &mut self.keep.folded.fires;
                    match fires.iter_mut().find(|(f, _)| *f == fire) {
                        Some((_, n)) => *n += 1,
                        None => fires.push((fire, 1)),
                    }
                }
                self.drop_transitions_through(t);
            }
        }
    }

    /// Drop kept transitions from the oldest through absolute index `idx`, releasing what points at them.
    fn drop_transitions_through(&mut self, idx: u32) {
        let count = idx.wrapping_sub(self.keep.t_base) as usize;
        if count >= self.transitions.len() {
            return;
        }
        for _ in 0..=count {
            let gone = self.keep.t_base;
            let Some(rec) = self.transitions.pop_front() else {
                break;
            };
            self.keep.t_base = gone.wrapping_add(1);
            self.report_keys.remove(&gone);
            self.lists.rows.remove(&gone);
            if rec.is_fire() {
                if rec.latch_open {
                    self.pending.retain(|&p| p != gone);
                    // Tell the host the fire will never settle here (it releases any waiter).
                    self.outbox
                        .push(crate::session::state::Outgoing::Settled(rec.id()));
                }
                if rec.in_flight {
                    self.deferred.retain(|_, &mut r| r != gone);
                }
                if self.claim.as_ref().is_some_and(|(c, _)| *c == gone) {
                    self.claim = None;
                }
            }
        }
    }

    /// Drop kept gaps from the oldest through absolute index `idx`.
    fn drop_gaps_through(&mut self, idx: u32) {
        let count = idx.wrapping_sub(self.keep.g_base) as usize;
        if count >= self.gaps.len() {
            return;
        }
        self.gaps.drain(..=count);
        self.keep.g_base = idx.wrapping_add(1);
    }

    /// Keep at most `retain` closed frames, asks that left the book or were spent, and closed work.
    pub fn trim_side_tables(&mut self) {
        let retain = self.keep.retain;
        if self.closed_frames.len() > retain {
            let extra = self.closed_frames.len() - retain;
            self.closed_frames.drain(..extra);
        }
        // Asks that left the book are never read again; spent ones only while the book is small.
        if self.asks.iter().any(|a| a.removed) {
            self.asks.retain(|a| !a.removed);
        }
        if self.asks.len() > retain {
            let mut extra = self.asks.len() - retain;
            self.asks.retain(|a| {
                if extra > 0 && a.spent {
                    extra -= 1;
                    false
                } else {
                    true
                }
            });
        }
        if self.asks.len() > retain {
            // Still over: the oldest unanswered or declined asks go (an approved, unspent one is a
            // person's standing yes and stays); dropped unanswered ones still count as awaiting.
            let mut extra = self.asks.len() - retain;
            let mut dropped_awaiting = 0;
            self.asks.retain(|a| {
                let approved = a.answer == Some(AskAnswer::Approved);
                if extra > 0 && !approved {
                    extra -= 1;
                    dropped_awaiting += usize::from(a.answer.is_none());
                    false
                } else {
                    true
                }
            });
            self.keep.awaiting_dropped += dropped_awaiting;
        }
        while self.work.first().is_some_and(|w| !w.open) {
            self.work.remove(0);
        }
        if self.work.len() > retain {
            self.work.retain(|w| w.open);
        }
    }
}

impl Session {
    /// What the attempts no longer kept as rows were, counted (`docs/decisions.md` decision 25).
    pub fn folded_attempts(&self) -> FoldedAttempts {
        self.inner.borrow().keep.folded.clone()
    }

    /// Whether `id` names a row this session made and then folded into the counts (`retain`): it
    /// happened, and its details are no longer kept (`did_it_work` says so; docs/facts-and-serving.md §9).
    pub fn was_folded(&self, id: &str) -> bool {
        self.inner.borrow().was_folded(id)
    }

    /// The `retain` and `maxValueBytes` options in force.
    pub fn limits(&self) -> (usize, usize) {
        let inner = self.inner.borrow();
        (inner.keep.retain, inner.keep.max_value_bytes)
    }

    /// Test support: start the row counters at `n` (as if `n` rows had come and gone), so a test can
    /// cross 2^24 or 2^32 without making that many rows. Only on a session with no rows yet.
    #[cfg(any(test, feature = "test-support"))]
    pub fn start_counters_at(&self, n: u32) -> bool {
        let mut inner = self.inner.borrow_mut();
        if !inner.transitions.is_empty() || !inner.gaps.is_empty() {
            return false;
        }
        inner.keep.t_base = n;
        inner.keep.g_base = n;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::build_navigation_graph;
    use crate::graph::def::from_json_text;
    use crate::host::HandlerOutcome;
    use crate::session::test_host::ClosureHost;
    use serde_json::json;

    fn session(retain: f64) -> (Rc<ClosureHost>, Session) {
        session_with(retain, None)
    }

    fn session_with(retain: f64, enforced: Option<bool>) -> (Rc<ClosureHost>, Session) {
        let def = from_json_text(
            &json!({
                "pages": {"a": {"route": "/a", "does": "page a", "actions": {
                    "x": {"does": "Do x", "input": "none", "writes": ["x.n"]},
                    "y": {"does": "Do y", "input": "none"},
                    "z": {"does": "Do z", "input": {"type": "object"}, "confirm": true}
                }}},
                "journeys": {"j": {"does": "Journey j", "steps": ["a.y"]}}
            })
            .to_string(),
        )
        .expect("def");
        let graph = Rc::new(build_navigation_graph("g", &def).expect("graph"));
        let host = Rc::new(ClosureHost::new());
        let options = SessionOptions {
            state: Some(serde_json::Map::new()),
            retain: Some(retain),
            require_human_approval: enforced,
            ..SessionOptions::default()
        };
        let s = Session::new(graph, host.clone(), options).expect("session");
        (host, s)
    }

    #[test]
    fn side_tables_are_released_with_their_rows() {
        let (host, s) = session(5.0);
        let token = std::cell::Cell::new(0);
        let deferring = host.handler(move |_, _| {
            token.set(token.get() + 1);
            HandlerOutcome::Deferred(token.get())
        });
        let y = host.handler(|_, _| HandlerOutcome::Returned(None));
        s.register_actions("a", vec![("x".into(), deferring), ("y".into(), y)], vec![])
            .expect("wire");
        for i in 0..1_000 {
            s.fire("a.x", FireOptions::default()).expect("fire");
            s.update_state(
                &json!({ format!("k{i}"): i }),
                UpdateOptions {
                    stimulus: Some("tick".into()),
                    ..UpdateOptions::default()
                },
            )
            .expect("report");
            let work = s.begin_work(Some("a.y")).expect("work");
            s.end_work(&work);
            s.confirm_ask("a.y", Principal::Agent, None).expect("ask");
            s.fire("a.y", FireOptions::default()).expect("fire");
            s.commit_journey("j").expect("commit");
            s.leave_journey().expect("leave");
        }
        let inner = s.inner.borrow();
        assert!(inner.transitions.len() <= 5 && inner.gaps.len() <= 5 && inner.attempts.len() <= 5);
        assert!(
            inner.report_keys.len() <= 5,
            "report keys: {}",
            inner.report_keys.len()
        );
        assert!(
            inner.key_names.len() <= 200,
            "interned key names: {}",
            inner.key_names.len()
        );
        assert!(
            inner.pending.len() <= 5 && inner.deferred.len() <= 5,
            "{} pending, {} deferred",
            inner.pending.len(),
            inner.deferred.len()
        );
        assert!(inner.work.len() <= 5, "work rows: {}", inner.work.len());
        assert!(inner.asks.len() <= 5, "asks: {}", inner.asks.len());
        assert!(
            inner.closed_frames.len() <= 5,
            "closed frames: {}",
            inner.closed_frames.len()
        );
        assert_eq!(
            inner.keep.folded.total as usize + inner.attempts.len(),
            2_000
        );
    }

    #[test]
    fn a_full_ask_book_drops_its_oldest_unanswered_asks_and_still_counts_them() {
        let (_, s) = session_with(5.0, Some(true));
        for i in 0..20 {
            s.confirm_ask("a.z", Principal::Agent, Some(json!({ "i": i })))
                .expect("ask");
        }
        assert!(s.inner.borrow().asks.len() <= 5);
        assert_eq!(
            s.ask_summary(3).awaiting_total,
            20,
            "every unanswered ask still awaits a person"
        );
    }

    #[test]
    fn dead_end_fingerprints_stay_bounded() {
        let (host, s) = session(5.0);
        let y = host.handler(|_, _| HandlerOutcome::Returned(None));
        s.register_actions("a", vec![("y".into(), y)], vec![])
            .expect("wire");
        for i in 0..100 {
            s.sync(&format!("/nowhere/{i}"), SyncOptions::default())
                .expect("sync");
        }
        assert!(
            host.warnings().len() >= 100,
            "each off-graph path is a dead end"
        );
        let inner = s.inner.borrow();
        assert!(inner.dead_end_seen.len() <= 6 && inner.dead_end_warned.len() <= 6);
    }
}
