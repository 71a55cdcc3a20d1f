//! Why a control is grey and what would free it (docs/session.md §21): a greyed action's failing
//! `enabledWhen` conjuncts as `blockedBecause` (`{ key, op, expected }`, the operand from the graph,
//! never the state's value) and `unblockedBy`, the served actions on any page whose declared `writes`
//! include one of those keys (`running` while one of them has a fire that has not come to rest).
//! `whatUnblocks(actionId)` answers the same list for one action. Also the `alreadyTrue` test of
//! docs/session.md §23: a filter `verify` that covers every declared write and already holds.
//!
//! Uses `graph::guards` (the evidence), `state` (served actions, the pending queue). Used by `offers`
//! (rows of `available()`), `fire` (`alreadyTrue`), `serve` and `facts::read` (the brief's greyed lines).

use crate::codes::ErrorCode;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::state::{Affordance, Inner};
use super::*;
use crate::graph::guards::{quick_check, ConditionEvidence};
use crate::graph::{Condition, Filter, Op, Verify};
use crate::json_types::JsonValue;

/// One condition as the graph states it: the key, the operator word as the filter syntax spells it
/// (`eq`, `ne`, `gt`, `gte`, `lt`, `lte`, `in`, `notIn`) and the operand the author wrote. Never the
/// state's value. (Every operator of the filter language takes an operand, so `expected` is always
/// present today; an operator without one would leave it out.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct StatedCondition {
    pub key: String,
    pub op: Op,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected: Option<JsonValue>,
}

impl StatedCondition {
    fn of_evidence(e: &ConditionEvidence) -> StatedCondition {
        StatedCondition {
            key: e.key.clone(),
            op: e.op,
            expected: Some(e.threshold.clone()),
        }
    }

    fn of_condition(c: &Condition) -> StatedCondition {
        StatedCondition {
            key: c.key.clone(),
            op: c.op,
            expected: Some(c.threshold.clone()),
        }
    }
}

/// An action whose declared `writes` include a key a greyed control waits on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Unblocker {
    pub action: String,
    /// Which of the failing keys it writes, in `blockedBecause` order.
    pub via_keys: Vec<String>,
    /// One of its fires has not come to rest (it still awaits its report or its handler).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub running: bool,
}

/// Why one greyed control is grey: `blockedBecause` and `unblockedBy`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GreyedWhy {
    pub blocked_because: Vec<StatedCondition>,
    pub unblocked_by: Vec<Unblocker>,
}

/// An offered control that cannot be fired now ([`Session::greyed_now`]).
#[derive(Debug, Clone, PartialEq)]
pub struct GreyedNow {
    pub id: Rc<str>,
    /// `Some(Some(why))` greyed by its `enabledWhen`; `Some(None)` switched off by the app; `None`
    /// not greyed.
    pub greyed: Option<Option<GreyedWhy>>,
    /// The app marked it busy (`setBusy`).
    pub busy: bool,
}

/// The evidence of a greyed control as stated conditions (the failing conjuncts, operands from the
/// graph; `actualSummary` and `result` are dropped).
pub(crate) fn stated(evidence: &[ConditionEvidence]) -> Vec<StatedCondition> {
    let mut out: Vec<StatedCondition> = Vec::with_capacity(evidence.len());
    for e in evidence {
        let c = StatedCondition::of_evidence(e);
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

impl Inner {
    /// A fire of `id` has not come to rest: it still awaits its report or its handler (the pending
    /// queue holds every writing fire until it settles).
    pub fn has_unsettled_fire(&self, id: &str) -> bool {
        self.pending
            .iter()
            .filter_map(|&idx| self.rec(idx))
            .any(|rec| rec.latch_open && &*rec.stage == id)
    }

    /// The served actions whose declared writes include one of `keys`, in served order. `itself` is
    /// listed only while a fire of it is running (firing it again is refused while it is grey).
    pub fn unblockers(&self, itself: &str, keys: &[&str]) -> Vec<Unblocker> {
        if keys.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for aff in self.served_all() {
            let Some(writes) = aff.action.writes.as_ref() else {
                continue;
            };
            let via_keys: Vec<String> = keys
                .iter()
                .filter(|k| writes.iter().any(|w| w == *k))
                .map(|k| str::to_owned(k))
                .collect();
            if via_keys.is_empty() {
                continue;
            }
            let running = self.has_unsettled_fire(&aff.id);
            if &*aff.id == itself && !running {
                continue;
            }
            out.push(Unblocker {
                action: str::to_owned(&aff.id),
                via_keys,
                running,
            });
        }
        out
    }

    /// Why `aff` is grey, from its greyed evidence (`Inner::greyed`). An app's own switch-off
    /// (`setEnabled(name, false)`) has no declared condition: both lists are empty.
    pub fn greyed_why(&self, aff: &Affordance, evidence: &[ConditionEvidence]) -> GreyedWhy {
        let blocked_because = stated(evidence);
        let mut keys: Vec<&str> = Vec::new();
        for c in &blocked_because {
            if !keys.contains(&c.key.as_str()) {
                keys.push(&c.key);
            }
        }
        let unblocked_by = self.unblockers(&aff.id, &keys);
        GreyedWhy {
            blocked_because,
            unblocked_by,
        }
    }

    /// `alreadyTrue` (docs/session.md §23): the action's verify is a filter whose keys cover every key
    /// it declares it writes, and every conjunct is known and holds now. Returns the conditions.
    pub fn already_true(&self, aff: &Affordance) -> Option<Vec<StatedCondition>> {
        let Some(Verify::Filter(filter)) = aff.action.verify.as_ref() else {
            return None;
        };
        let writes = aff.action.writes.as_ref().filter(|w| !w.is_empty())?;
        if !covers(filter, writes) {
            return None;
        }
        // Every fire asks this: the yes/no check, not the evidence `evaluate` builds for a refusal.
        if quick_check(filter, &self.state) != (true, true) {
            return None;
        }
        Some(stated_filter(filter))
    }
}

/// Every written key is a key of some conjunct of `filter`.
fn covers(filter: &Filter, writes: &[String]) -> bool {
    writes
        .iter()
        .all(|w| filter.conditions.iter().any(|c| &c.key == w))
}

/// The `alreadyTrue` conditions of a fire record: its captured action's filter verify, when the fire
/// was flagged at fire time (docs/session.md §23).
pub(crate) fn already_true_of(rec: &super::state::Rec) -> Option<Vec<StatedCondition>> {
    if !rec.already_true {
        return None;
    }
    match rec.affordance.as_ref()?.action.verify.as_ref()? {
        Verify::Filter(f) => Some(stated_filter(f)),
        Verify::Predicate(_) => None,
    }
}

/// A filter's conjuncts as stated conditions, in filter order.
pub(crate) fn stated_filter(filter: &Filter) -> Vec<StatedCondition> {
    filter
        .conditions
        .iter()
        .map(StatedCondition::of_condition)
        .collect()
}

impl Session {
    /// `whatUnblocks(actionId)`: the actions whose declared writes include a key the action's
    /// `enabledWhen` waits on now (empty when it is not grey by a declared condition). An id the
    /// session does not serve → `UNKNOWN_ACTION`.
    pub fn what_unblocks(&self, id: &str) -> Result<Vec<Unblocker>, SessionError> {
        let inner = self.inner.borrow();
        let Some(aff) = inner.served(id).map(Rc::clone) else {
            let mut known: Vec<String> = inner.served_all().map(|a| a.id.to_string()).collect();
            known.truncate(20);
            return Err(SessionError::usage(
                ErrorCode::UnknownAction,
                format!(
                    "whatUnblocks: '{}' is not an action this session serves. Pass an action id as available() or the graph spells it, e.g. {}.",
                    crate::graph::names::escape_text(id),
                    if known.is_empty() { "(none)".to_string() } else { known.join(", ") }
                ),
            ));
        };
        Ok(match inner.greyed(&aff) {
            Some(evidence) => inner.greyed_why(&aff, &evidence).unblocked_by,
            None => Vec::new(),
        })
    }

    /// Why the action `id`, offered here now, is grey by its declared `enabledWhen`; `None` when it is
    /// not offered here, not grey, or grey only by the app's own switch-off. What `whyGrey` renders.
    pub fn greyed_why_of(&self, id: &str) -> Option<GreyedWhy> {
        let inner = self.inner.borrow();
        let aff = inner.served(id).filter(|a| inner.offered_now(a))?;
        let evidence = inner.greyed(aff).filter(|e| !e.is_empty())?;
        Some(inner.greyed_why(aff, &evidence))
    }

    /// The offered controls that cannot be fired now, in served order: each greyed one with why
    /// (`None`: the app's own switch-off) and whether the app marked it busy. For the brief.
    pub fn greyed_now(&self) -> Vec<GreyedNow> {
        let inner = self.inner.borrow();
        if inner.graph.page(&inner.node).is_none() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for aff in inner.served_all().filter(|a| inner.offered_now(a)) {
            let greyed = inner
                .greyed(aff)
                .map(|e| (!e.is_empty()).then(|| inner.greyed_why(aff, &e)));
            let busy = inner.busy.contains_key(&aff.id);
            if greyed.is_some() || busy {
                out.push(GreyedNow {
                    id: Rc::clone(&aff.id),
                    greyed,
                    busy,
                });
            }
        }
        out
    }

    /// Why a served action is grey now (`None` when it is not greyed). For the port and the brief.
    pub fn greyed_why(&self, id: &str) -> Option<GreyedWhy> {
        let inner = self.inner.borrow();
        let aff = inner.served(id).map(Rc::clone)?;
        let evidence = inner.greyed(&aff)?;
        Some(inner.greyed_why(&aff, &evidence))
    }
}
