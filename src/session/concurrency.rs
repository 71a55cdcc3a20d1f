//! Once and single-flight (docs/session.md §26, decision 37): an action's `concurrency` judged inside
//! `fire()` after every capability check and before the approval gate (docs/session.md §27), so a
//! refused second fire never spends a person's approval.
//!
//! `'single-flight'`: a fire while the newest fire of the same action and instance (a list's rows are
//! each their own, docs/session.md §34) is still open is refused `PRIOR_FIRE_PENDING`, naming that fire. `'once'`: the same while it is
//! open; after one fire of it settled performed (or unobservable: an unprovable non-execution is not
//! a non-execution), every later one is refused `DUPLICATE_EXECUTION`, naming it. A refused fire
//! records nothing here; a failed one (settled `refused`) does not count. The performed set travels in
//! snapshots (`once`); the open fire is found again from the restored rows.
//! Uses `state`, `ledger::compact`, `graph::Concurrency`. Used by `fire`, `settle`, `persist::take`, `persist::restore`.

use std::collections::HashMap;
use std::rc::Rc;

use super::ledger::compact::sorted;
use super::state::{Affordance, Inner};
use super::*;
use crate::codes::Refusal;
use crate::graph::Concurrency;

/// The key the policies remember a fire under: the action id, or for a list row `id` + U+001F +
/// the instance id (neither may hold a control character, so the key is never ambiguous).
fn flight_key(action: &Rc<str>, instance: Option<&Rc<str>>) -> Rc<str> {
    match instance {
        None => Rc::clone(action),
        Some(i) => Rc::from(format!("{action}\u{1f}{i}").as_str()),
    }
}

/// What the two policies remember, for actions that declare one.
#[derive(Debug, Default)]
pub(crate) struct Flights {
    /// The newest fire's record index per action id.
    last: HashMap<Rc<str>, u32>,
    /// `'once'` actions performed: action id → the performed fire's transition id.
    performed: HashMap<Rc<str>, Box<str>>,
}

impl Inner {
    /// The concurrency refusal a fire of `aff` meets now, with the transition id it names.
    pub(crate) fn concurrency_refusal(
        &self,
        aff: &Affordance,
        instance: Option<&Rc<str>>,
    ) -> Option<(Refusal, String)> {
        let mode = aff.action.concurrency;
        if mode == Concurrency::Parallel {
            return None;
        }
        let key = flight_key(&aff.id, instance);
        let open = self
            .flights
            .last
            .get(&key)
            .and_then(|&idx| self.rec(idx))
            .filter(|rec| rec.latch_open && rec.stage == aff.id);
        if let Some(rec) = open {
            return Some((Refusal::PriorFirePending, rec.id()));
        }
        match self.flights.performed.get(&key) {
            Some(done) if mode == Concurrency::Once => {
                Some((Refusal::DuplicateExecution, done.to_string()))
            }
            _ => None,
        }
    }

    /// A fire of `aff` was recorded as row `idx`.
    pub(crate) fn flight_recorded(&mut self, aff: &Affordance, idx: u32) {
        if aff.action.concurrency != Concurrency::Parallel {
            let key = flight_key(&aff.id, self.lists.row(idx).map(|(i, _)| i));
            self.flights.last.insert(key, idx);
        }
    }

    /// Fire `idx` came to rest with `status`: a `'once'` action that did not fail is now performed.
    /// The policy is the one captured at fire time, or served now (a restored row captured none).
    pub(crate) fn flight_settled(&mut self, idx: u32, status: EffectStatus) {
        if status == EffectStatus::Refused {
            return;
        }
        let Some(rec) = self.rec(idx).filter(|r| r.is_fire()) else {
            return;
        };
        let once = |aff: Option<&Rc<Affordance>>| {
            aff.is_some_and(|a| a.action.concurrency == Concurrency::Once)
        };
        if !once(rec.affordance.as_ref()) && !once(self.served(&rec.stage)) {
            return;
        }
        let (stage, id) = (
            flight_key(&rec.stage, self.lists.row(idx).map(|(i, _)| i)),
            rec.id(),
        );
        self.flights
            .performed
            .entry(stage)
            .or_insert_with(|| id.into_boxed_str());
    }

    /// The performed `'once'` actions for a snapshot, sorted by action id.
    pub(crate) fn once_out(&self) -> Vec<(String, String)> {
        // Action ids are unique keys: sorting them alone through the session's one string sort
        // gives the pairs' order without a sort instantiated for pairs (docs/size.md §3).
        let performed = &self.flights.performed;
        let actions = sorted(performed.keys().map(|a| a.to_string()).collect());
        actions
            .into_iter()
            .filter_map(|a| {
                let t = performed.get(a.as_str())?.to_string();
                Some((a, t))
            })
            .collect()
    }

    /// After a restore: the performed set back, and each declaring action's newest fire found again.
    pub(crate) fn flights_in(&mut self, once: &[(String, String)]) {
        for (action, transition) in once {
            self.flights
                .performed
                .insert(Rc::from(action.as_str()), transition.as_str().into());
        }
        let mut last = HashMap::new();
        for (i, rec) in self.transitions.iter().enumerate() {
            let declares = self
                .served(&rec.stage)
                .is_some_and(|a| a.action.concurrency != Concurrency::Parallel);
            if rec.is_fire() && declares {
                let idx = self.keep.t_base.wrapping_add(i as u32);
                last.insert(
                    flight_key(&rec.stage, self.lists.row(idx).map(|(i, _)| i)),
                    idx,
                );
            }
        }
        self.flights.last = last;
    }
}
