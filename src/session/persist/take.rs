//! `session.snapshot()`: the session's rows and counters written into the wire types of `persist::wire`.
//! Reads `state::Inner` under one short borrow; calls no host. Used by `Session::snapshot` (the JS
//! layer serialises the result as plain JSON).

use std::collections::HashMap;
use std::rc::Rc;

use crate::graph::{InputContract, Verify};
use crate::session::ledger::compact::sorted;
use crate::session::persist::*;
use crate::session::state::{Affordance, Arm, Inner, RowRef};
use crate::session::*;
use serde_json::Value;

fn arm_out(arm: Arm) -> SnapArm {
    match arm {
        Arm::AwaitingState => SnapArm::AwaitingState,
        Arm::SettleOnCompletion => SnapArm::SettleOnCompletion,
        Arm::BornAtRest => SnapArm::BornAtRest,
        Arm::NoWrites => SnapArm::NoWrites,
        Arm::None => SnapArm::None,
    }
}

/// The captions table: each captured affordance once (by pointer), in first-use order.
#[derive(Default)]
struct Captions {
    rows: Vec<SnapAffordance>,
    seen: HashMap<*const Affordance, u32>,
}

impl Captions {
    fn add(&mut self, inner: &Inner, aff: &Rc<Affordance>) -> u32 {
        let key = Rc::as_ptr(aff);
        if let Some(&i) = self.seen.get(&key) {
            return i;
        }
        let compiled = inner
            .compiled_index
            .get(&aff.id)
            .and_then(|&i| inner.compiled.get(i))
            .is_some_and(|c| c.action.does == aff.action.does);
        let a = &aff.action;
        let i = self.rows.len() as u32;
        let id = own(&aff.id);
        let does = own(&aff.does);
        // A compiled declaration is rebuilt from the graph: its row carries only its id and caption.
        self.rows.push(if compiled {
            SnapAffordance {
                id,
                does,
                compiled,
                page: None,
                writes: None,
                go_to: None,
                confirm: false,
                input: Value::Null,
                when: None,
                enabled_when: None,
                verify: None,
                verify_predicate: false,
                role: String::new(),
                url_href: None,
                concurrency: None,
            }
        } else {
            SnapAffordance {
                id,
                does,
                compiled,
                page: Some(a.node.clone()),
                writes: a.writes.clone(),
                go_to: a.navigates_to.clone(),
                confirm: a.high_effect,
                input: match &a.input {
                    InputContract::Unknown => Value::Null,
                    InputContract::NoInput => Value::String("none".into()),
                    InputContract::Schema(schema) => schema.clone(),
                },
                when: a.guard.as_ref().map(filter_out),
                enabled_when: a.enabled_when.as_ref().map(filter_out),
                verify: match &a.verify {
                    Some(Verify::Filter(f)) => Some(filter_out(f)),
                    _ => None,
                },
                verify_predicate: matches!(a.verify, Some(Verify::Predicate(_))),
                role: a.role.clone(),
                url_href: a.url_href.clone(),
                concurrency: a.concurrency.word().map(String::from),
            }
        });
        self.seen.insert(key, i);
        i
    }
}

impl Inner {
    pub fn take_snapshot(&self) -> SessionSnapshot {
        let mut captions = Captions::default();
        let transitions = self
            .transitions
            .iter()
            .enumerate()
            .map(|(i, rec)| {
                let idx = self.keep.t_base.wrapping_add(i as u32);
                let changed = self.changed_keys(idx);
                SnapTransition {
                    row: rec.row.clone(),
                    affordance: rec.affordance.as_ref().map(|a| captions.add(self, a)),
                    arm: arm_out(rec.arm),
                    open: rec.latch_open,
                    in_flight: rec.in_flight,
                    already_true: rec.already_true,
                    settled: rec.settled.clone(),
                    changed_keys: (!changed.is_empty())
                        .then(|| changed.iter().map(|k| own(k)).collect()),
                }
            })
            .collect();
        let attempts = self
            .attempts
            .iter()
            .map(|a| match a.row {
                RowRef::Gap(row) => SnapAttempt {
                    key: a.key,
                    ledger: SnapLedger::Gap,
                    row,
                },
                RowRef::Transition(row) => SnapAttempt {
                    key: a.key,
                    ledger: SnapLedger::Transition,
                    row,
                },
            })
            .collect();
        let folded = &self.keep.folded;
        let warned_nodes = sorted(self.dead_end_warned.iter().map(|n| own(n)).collect());
        let once = sorted(self.warned_once.iter().cloned().collect());
        SessionSnapshot {
            format: SNAPSHOT_FORMAT.to_string(),
            format_version: SNAPSHOT_FORMAT_VERSION,
            graph: graph_fingerprint(&self.graph),
            graph_id: self.graph.id.clone(),
            cursor: SnapCursor {
                node: own(&self.node),
                position_reported: self.position_reported,
                arrival: self
                    .transitions
                    .iter()
                    .rev()
                    .find(|r| r.arrival.is_some())
                    .and_then(|r| r.arrival),
            },
            clock: SnapClock {
                version: self.version,
                state_version: self.state_version,
                structure_gen: self.structure_gen,
                last_structure_bump: self.last_structure_bump,
                transition_base: self.keep.t_base,
                gap_base: self.keep.g_base,
                next_group: self.next_group,
                next_ask: self.next_confirm,
                next_work: self.keep.next_work,
                awaiting_dropped: self.keep.awaiting_dropped,
            },
            // docs/session.md §28: a hidden key's value is not written (the app reports it again).
            state: self.keep.redact.state_out(&self.state),
            state_tap: self.state_tap,
            require_human_approval: self.enforced,
            approval_option_passed: self.approval_option_passed,
            retain: self.keep.retain,
            max_value_bytes: self.keep.max_value_bytes,
            folded: SnapFolded {
                total: folded.total,
                refused: folded.refused,
                stale: folded.stale,
                fires: folded
                    .fires
                    .iter()
                    .map(|&(fire, count)| SnapFoldedFire { fire, count })
                    .collect(),
                through_key: folded.through_key,
            },
            transitions,
            gaps: self.gaps.iter().cloned().collect(),
            attempts,
            pending: self.pending.clone(),
            claim: self.claim.as_ref().map(|(t, target)| SnapClaim {
                transition: *t,
                target: own(target),
            }),
            // Asks that left the book are not written; a hidden key's value in an input is not either.
            asks: self
                .asks
                .iter()
                .filter(|a| !a.removed)
                .map(|a| {
                    let mut a = a.clone();
                    a.input = a.input.map(|i| self.keep.redact.value_out(i));
                    a
                })
                .collect(),
            work: self.work.clone(),
            frame: self.frame.clone(),
            closed_frames: self.closed_frames.clone(),
            served: self.served_signature(),
            mounted: self
                .mount_order
                .iter()
                .filter(|id| !self.compiled_index.contains_key(*id))
                .filter_map(|id| {
                    let (_, aff) = self.mounted.get(id)?.last()?;
                    Some(SnapMounted {
                        id: own(id),
                        affordance: captions.add(self, aff),
                    })
                })
                .collect(),
            affordances: captions.rows,
            warned: SnapWarned {
                once,
                dead_end_nodes: warned_nodes,
            },
            tree: self.tree_out(),
            history_lost: self.history_lost,
            once: self.once_out(),
            lists: self.lists_out(),
        }
    }

    /// What is served beyond the compiled graph, sorted: the structure a re-registration rebuilds.
    /// Sorted by id (each id once: a mounted one, or a registered one not mounted), through the ids
    /// alone, so [`sorted`] serves here too (docs/size.md).
    pub fn served_signature(&self) -> Vec<SnapServed> {
        let mounted = |id: &str| self.mounted.get(id).and_then(|stack| stack.last());
        let ids: Vec<String> = self
            .mounted
            .iter()
            .filter(|(_, stack)| !stack.is_empty())
            .map(|(id, _)| own(id))
            .chain(
                self.registry
                    .keys()
                    .filter(|id| mounted(id).is_none())
                    .map(|id| own(id)),
            )
            .collect();
        sorted(ids)
            .into_iter()
            .filter_map(|id| {
                let entry = self.registry.get(id.as_str());
                Some(match mounted(&id) {
                    Some((_, aff)) => SnapServed {
                        declared: Some(own(&aff.does)),
                        handler: entry.is_some(),
                        enabled: entry.is_none_or(|e| e.enabled),
                        id,
                    },
                    None => SnapServed {
                        declared: None,
                        handler: true,
                        enabled: entry?.enabled,
                        id,
                    },
                })
            })
            .collect()
    }
}

impl Session {
    /// `session.snapshot()`: everything but the functions, as plain data (docs/session.md §20).
    pub fn snapshot(&self) -> SessionSnapshot {
        self.inner.borrow().take_snapshot()
    }
}

/// A shared (`Rc<str>`, `Box<str>`) text as an owned `String`: through `str`'s own `to_owned`, not
/// `ToString` on the pointer, which goes through `Display` and the formatting machinery.
fn own(text: &str) -> String {
    text.to_owned()
}
