//! `createSession(graph, navigate, { restore })`: a snapshot checked whole, then a session built from
//! it (docs/session.md §20). Everything is validated before anything is built, so a refused snapshot
//! leaves nothing behind: another graph → `RESTORE_OTHER_GRAPH`, a newer format →
//! `RESTORE_NEWER_FORMAT`, anything damaged (wrong types, missing fields, indexes that point nowhere,
//! more rows than `retain` allows) → `RESTORE_DAMAGED`. Nothing here can panic on any input.
//!
//! Fires that were open at snapshot time come back open, never as performed: their handler (or
//! `navigate` thenable) is gone with the page, so nothing waits for it; one still awaiting a state
//! report stays in `pending()` and a report can settle it; each is named in one warning.
//!
//! The served structure at snapshot time becomes the restored session's baseline (`persist::baseline`).
//! Uses `persist::wire` (wire types), `check`, `law`, `read`, `baseline`, `state`. Used by `Session::restore`, called by `js::session`.

use crate::codes::ErrorCode;
use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;

use crate::graph::NavigationGraph;
use crate::host::Host;
use crate::session::error::damaged;
use crate::session::persist::check::check;
use crate::session::persist::*;
use crate::session::state::{Affordance, Arm, Gap, Inner, Rec, RowRef};
use crate::session::*;

use crate::session::persist::baseline::RESTORED_GROUP;

fn arm_in(arm: SnapArm) -> Arm {
    match arm {
        SnapArm::AwaitingState => Arm::AwaitingState,
        SnapArm::SettleOnCompletion => Arm::SettleOnCompletion,
        SnapArm::BornAtRest => Arm::BornAtRest,
        SnapArm::NoWrites => Arm::NoWrites,
        SnapArm::None => Arm::None,
    }
}

/// The header checks, in the order that names the most useful reason first.
fn parse(graph: &NavigationGraph, value: &Value) -> Result<SessionSnapshot, SessionError> {
    let Some(object) = value.as_object() else {
        return Err(damaged("it is not an object"));
    };
    if object.get("format").and_then(Value::as_str) != Some(SNAPSHOT_FORMAT) {
        return Err(damaged(format!(
            "its format marker is not '{SNAPSHOT_FORMAT}'"
        )));
    }
    match object.get("formatVersion").and_then(Value::as_u64) {
        Some(v) if v == u64::from(SNAPSHOT_FORMAT_VERSION) => {}
        Some(v) if v > u64::from(SNAPSHOT_FORMAT_VERSION) => {
            return Err(SessionError::usage(
                ErrorCode::RestoreNewerFormat,
                format!("createSession: options.restore has formatVersion {v}, written by a newer groundfacts; this one reads formatVersion {SNAPSHOT_FORMAT_VERSION}. Nothing was restored: upgrade the package, or start a fresh session (omit restore)."),
            ))
        }
        _ => return Err(damaged("formatVersion is missing or not a whole number this library writes")),
    }
    let fingerprint = graph_fingerprint(graph);
    let theirs = object.get("graph").and_then(Value::as_str).unwrap_or("");
    if theirs != fingerprint {
        let id = object.get("graphId").and_then(Value::as_str).unwrap_or("?");
        return Err(SessionError::usage(
            ErrorCode::RestoreOtherGraph,
            format!("createSession: options.restore was taken over graph '{id}' (fingerprint {theirs}), not this graph '{}' (fingerprint {fingerprint}): its rows name another graph's pages and actions. Nothing was restored: pass a snapshot of this graph, or start a fresh session (omit restore) after the graph changed.", graph.id),
        ));
    }
    crate::session::persist::read::read_snapshot(value).map_err(damaged)
}

fn within(text_len: usize, limit: usize, what: &str) -> Result<(), SessionError> {
    if text_len > limit {
        return Err(damaged(format!(
            "{what} is {text_len} bytes, over maxValueBytes {limit}"
        )));
    }
    Ok(())
}

impl Inner {
    /// Build the captions table: graph actions from the graph, mount declarations rebuilt.
    fn captions_in(&self, snap: &SessionSnapshot) -> Result<Vec<Rc<Affordance>>, SessionError> {
        let mut out = Vec::with_capacity(snap.affordances.len());
        for a in &snap.affordances {
            let aff = if a.compiled {
                let compiled = self
                    .compiled_index
                    .get(a.id.as_str())
                    .and_then(|&i| self.compiled.get(i))
                    .ok_or_else(|| damaged(format!("action '{}' is not in the graph", a.id)))?;
                // The graph's caption, never the snapshot's words (`persist::law` checked they agree).
                Rc::clone(compiled)
            } else {
                Rc::new(Affordance::new(
                    crate::session::persist::law::mount_caption(&self.graph, a)?,
                ))
            };
            out.push(aff);
        }
        Ok(out)
    }

    fn rec_in(
        &mut self,
        t: &SnapTransition,
        captions: &[Rc<Affordance>],
        opened: &mut Vec<String>,
    ) -> Result<Rec, SessionError> {
        let limit = self.keep.max_value_bytes;
        let affordance = match t.affordance {
            Some(i) => Some(Rc::clone(captions.get(i as usize).ok_or_else(|| {
                damaged(format!(
                    "row {}#{} names caption {i}, which does not exist",
                    t.stage, t.n
                ))
            })?)),
            None => None,
        };
        let fired = t.kind == CauseKind::Fired;
        if fired && affordance.as_ref().is_none_or(|a| *a.id != *t.stage) {
            return Err(damaged(format!(
                "fired row {}#{} does not name its action's caption",
                t.stage, t.n
            )));
        }
        for (text, what) in [
            (&t.row.payload, "a payload"),
            (&t.row.produced, "a produced value"),
        ] {
            if let Some(text) = text {
                within(text.len(), limit, what)?;
            }
        }
        let open = fired && t.open;
        if fired && (t.open || t.in_flight) {
            opened.push(format!("{}#{}", t.stage, t.n));
        }
        let mut row = t.row.clone();
        // Names are shared again: the stage with its caption, nodes with the graph's page names.
        if let Some(a) = &affordance {
            row.stage = Rc::clone(&a.id);
        }
        row.from_node = self.intern(&row.from_node);
        row.to_node = row.to_node.as_deref().map(|n| self.intern(n));
        Ok(Rec {
            row,
            affordance,
            arm: arm_in(t.arm),
            latch_open: open,
            // Nothing runs any more: the handler or thenable was on the page that reloaded.
            in_flight: false,
            verdict_deferred: false,
            dead_end_deferred: false,
            already_true: t.already_true,
            settled: t.settled.clone(),
        })
    }

    /// A gap row read back: its names shared again with the graph's, its texts checked against
    /// `maxValueBytes`.
    fn gap_in(&self, g: &Gap) -> Result<Gap, SessionError> {
        let limit = self.keep.max_value_bytes;
        let mut gap = g.clone();
        if let Some(d) = gap.detail.as_deref() {
            for text in [&d.request, &d.reason].into_iter().flatten() {
                within(text.len(), limit, "a gap's text")?;
            }
        }
        gap.node = self.intern(&gap.node);
        gap.available_actions = gap
            .available_actions
            .iter()
            .map(|a| self.intern(a))
            .collect();
        Ok(gap)
    }
}

impl Session {
    /// `createSession(graph, navigate, { restore, … })`: continue from `snapshot` (docs/session.md §20).
    /// The snapshot's cursor, state, limits and rows win over `options.node`, `state`, `retain` and
    /// `maxValueBytes`; `requireHumanApproval: true` in `options` turns enforcement on either way.
    pub fn restore(
        graph: Rc<NavigationGraph>,
        host: Rc<dyn Host>,
        options: SessionOptions,
        snapshot: &Value,
    ) -> Result<Session, SessionError> {
        let mut snap = parse(&graph, snapshot)?;
        check(&snap, &graph)?;
        crate::session::persist::law::check_law(&snap, &graph)?;
        let mut inner = Inner::new(
            &graph,
            SessionOptions {
                node: None,
                state: None,
                require_human_approval: Some(
                    snap.require_human_approval || options.require_human_approval == Some(true),
                ),
                retain: Some(snap.retain as f64),
                max_value_bytes: Some(snap.max_value_bytes as f64),
                redact: options.redact.clone(),
            },
            host.can_navigate(),
        )
        .map_err(|e| damaged(e.message))?;
        crate::session::limits::check_initial_state(&snap.state, inner.keep.max_value_bytes)
            .map_err(|e| damaged(e.message))?;
        inner.approval_option_passed =
            snap.approval_option_passed || options.require_human_approval.is_some();
        let captions = inner.captions_in(&snap)?;
        let mut opened = Vec::new();
        let mut transitions = std::collections::VecDeque::with_capacity(snap.transitions.len());
        for t in &snap.transitions {
            transitions.push_back(inner.rec_in(t, &captions, &mut opened)?);
        }
        let mut gaps = std::collections::VecDeque::with_capacity(snap.gaps.len());
        for g in &snap.gaps {
            gaps.push_back(inner.gap_in(g)?);
        }
        let c = &snap.clock;
        let mut report_keys = HashMap::new();
        for (i, t) in snap.transitions.iter().enumerate() {
            if let Some(keys) = &t.changed_keys {
                let names: Box<[Rc<str>]> = keys
                    .iter()
                    .map(|k| match inner.key_names.get(k.as_str()) {
                        Some(name) => Rc::clone(name),
                        None => {
                            let name: Rc<str> = Rc::from(k.as_str());
                            inner.key_names.insert(Rc::clone(&name));
                            name
                        }
                    })
                    .collect();
                report_keys.insert(c.transition_base.wrapping_add(i as u32), names);
            }
        }
        // Nothing built here is shared until the Session exists: a refusal below drops it all.
        inner.node = inner.intern(&snap.cursor.node);
        inner.position_reported = snap.cursor.position_reported;
        inner.version = c.version;
        inner.state_version = c.state_version;
        inner.structure_gen = c.structure_gen;
        inner.last_structure_bump = c.last_structure_bump;
        inner.next_group = c.next_group;
        inner.next_confirm = c.next_ask;
        inner.keep.next_work = c.next_work;
        inner.keep.awaiting_dropped = c.awaiting_dropped;
        inner.keep.t_base = c.transition_base;
        inner.keep.g_base = c.gap_base;
        inner.keep.folded = FoldedAttempts {
            total: snap.folded.total,
            refused: snap.folded.refused,
            stale: snap.folded.stale,
            fires: snap
                .folded
                .fires
                .iter()
                .map(|f| (f.fire, f.count))
                .collect(),
            through_key: snap.folded.through_key,
            retain: inner.keep.retain,
        };
        // The read snapshot is this function's own: its rows are moved into the session, not copied.
        inner.state = std::mem::take(&mut snap.state);
        // docs/session.md §28: a snapshot leaves hidden keys out; the options' state brings them back.
        let redact = Rc::clone(&inner.keep.redact);
        for (k, v) in options
            .state
            .iter()
            .flatten()
            .filter(|(k, _)| redact.key(k))
        {
            inner.state.entry(k.clone()).or_insert_with(|| v.clone());
        }
        inner.state_tap = snap.state_tap;
        inner.transitions = transitions;
        inner.gaps = gaps;
        inner.report_keys = report_keys;
        inner.attempts = snap
            .attempts
            .iter()
            .map(|a| state::AttemptRef {
                key: a.key,
                row: match a.ledger {
                    SnapLedger::Gap => RowRef::Gap(a.row),
                    SnapLedger::Transition => RowRef::Transition(a.row),
                },
            })
            .collect();
        inner.pending = std::mem::take(&mut snap.pending);
        inner.claim = snap
            .claim
            .as_ref()
            .map(|cl| (cl.transition, inner.intern(&cl.target)));
        inner.asks = std::mem::take(&mut snap.asks);
        inner.work = std::mem::take(&mut snap.work);
        inner.frame = snap.frame.take();
        inner.closed_frames = std::mem::take(&mut snap.closed_frames);
        inner.warned_once = snap.warned.once.iter().cloned().collect();
        inner.dead_end_warned = snap
            .warned
            .dead_end_nodes
            .iter()
            .map(|n| inner.intern(n))
            .collect();
        let mut mounted = HashMap::new();
        let mut mount_order = Vec::new();
        for m in &snap.mounted {
            let aff = captions
                .get(m.affordance as usize)
                .filter(|a| *a.id == m.id && !inner.compiled_index.contains_key(m.id.as_str()))
                .ok_or_else(|| {
                    damaged(format!(
                        "served declaration '{}' names no mount caption",
                        m.id
                    ))
                })?;
            if mounted
                .insert(Rc::clone(&aff.id), vec![(RESTORED_GROUP, Rc::clone(aff))])
                .is_some()
            {
                return Err(damaged(format!("'{}' is served twice", m.id)));
            }
            mount_order.push(Rc::clone(&aff.id));
        }
        inner.mounted = mounted;
        inner.mount_order = mount_order;
        // Even an empty served structure is a baseline: re-wiring `navigate` (setNavigate after the
        // reload, as connectSvelteKit does) on a page with nothing mounted is no change either.
        inner.baseline = Some((inner.version, std::mem::take(&mut snap.served)));
        if let Some(tree) = &snap.tree {
            inner.tree_in(tree)?;
        }
        // Before the flights: a row's instance keys its concurrency policy.
        inner.lists_in(&snap.lists)?;
        inner.flights_in(&snap.once);
        // A lost-history mark (docs/session.md §25) names at least one restart, at a version the
        // record had reached.
        if let Some(lost) = snap.history_lost {
            if lost.restarts == 0 || lost.at_version > inner.version {
                return Err(damaged(format!(
                    "historyLost names {} restart(s) at version {}, with the record at version {}",
                    lost.restarts, lost.at_version, inner.version
                )));
            }
            inner.history_lost = Some(lost);
        }
        if !opened.is_empty() {
            inner.warn(format!(
                "restored session: {} was still open when the snapshot was taken. The page reloaded, so no handler or navigate is running for it any more; it stays open (the facts say 'not yet known'), never performed — a state report can still settle one that awaits it (pending()). See docs/session.md §20.",
                opened.join(", ")
            ));
        }
        let calls = notify::Calls::starting_at(inner.revision());
        let session = Session {
            graph,
            host,
            inner: std::cell::RefCell::new(inner),
            calls,
            life: lifecycle::Life::default(),
        };
        session.flush();
        Ok(session)
    }
}
