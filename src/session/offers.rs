//! What is on offer: `available()` — the actions served on the cursor's page whose guard passes,
//! greyed marks, `expects`, materialisation — and the cached list of offered ids gap rows carry.
//! Uses `graph::guards`. Used by `fire` (checks, gap rows), `deadend`, `journeys`, `serve`, `facts`.

use std::rc::Rc;

use serde_json::Value;

use super::state::{Affordance, Inner};
use super::*;
use crate::graph::guards::{quick_check, ConditionEvidence, GuardVerdict};
use crate::graph::{Action, InputContract};

/// `expects` as the JS shape: `"none"`, the schema verbatim, or absent.
pub(crate) fn expects_value(input: &InputContract) -> Option<Value> {
    match input {
        InputContract::Unknown => None,
        InputContract::NoInput => Some(Value::String("none".into())),
        InputContract::Schema(schema) => Some(schema.clone()),
    }
}

impl Inner {
    /// Whether the action is declared on the cursor's page (guards ignored).
    pub fn on_current_page(&self, aff: &Affordance) -> bool {
        aff.action.on.iter().any(|p| **p == *self.node)
    }

    /// The guard verdict now (`None` when the action has no guard).
    pub fn guard_verdict(&self, aff: &Affordance) -> Option<GuardVerdict> {
        aff.action
            .guard
            .as_ref()
            .map(|g| self.keep.redact.evaluate(g, &self.state))
    }

    /// The guard verdict with evidence only when it failed: a clean pass (every conjunct evaluable and
    /// true) skips building the evidence nobody reads.
    pub fn guard_verdict_lean(&self, aff: &Affordance) -> Option<GuardVerdict> {
        let guard = aff.action.guard.as_ref()?;
        Some(match quick_check(guard, &self.state) {
            (true, true) => GuardVerdict {
                passed: true,
                ..GuardVerdict::default()
            },
            _ => self.keep.redact.evaluate(guard, &self.state),
        })
    }

    /// Offered now: on the cursor's page and its guard passes (unevaluable keys never hide).
    pub fn offered_now(&self, aff: &Affordance) -> bool {
        self.on_current_page(aff)
            && aff
                .action
                .guard
                .as_ref()
                .is_none_or(|g| quick_check(g, &self.state).0)
    }

    /// Something would execute a fire of it: a registered handler, or a literal href and `navigate`.
    pub fn materializable(&self, aff: &Affordance) -> bool {
        self.registry.contains_key(&aff.id) || (self.can_navigate && aff.action.url_href.is_some())
    }

    /// The `materialized` marker is only meaningful once there is wiring to speak of.
    pub fn wiring_exists(&self) -> bool {
        !self.registry.is_empty() || self.can_navigate
    }

    /// Greyed now? `Some(evidence)` when greyed: the failing `enabledWhen` conjuncts, or empty for an
    /// imperative switch-off.
    pub fn greyed(&self, aff: &Affordance) -> Option<Vec<ConditionEvidence>> {
        if let Some(filter) = &aff.action.enabled_when {
            if !quick_check(filter, &self.state).0 {
                return Some(self.keep.redact.evaluate(filter, &self.state).failing());
            }
        }
        match self.registry.get(&aff.id) {
            Some(entry) if !entry.enabled => Some(Vec::new()),
            _ => None,
        }
    }

    /// The ids offered now, shared between every gap row minted at the same version and wiring.
    pub fn offered_ids(&mut self) -> Rc<[Rc<str>]> {
        if let Some((v, g, n, ids)) = &self.offered_cache {
            if *v == self.version && *g == self.structure_gen && Rc::ptr_eq(n, &self.node) {
                return Rc::clone(ids);
            }
        }
        let mut ids: Rc<[Rc<str>]> = self
            .served_all()
            .filter(|a| self.offered_now(a))
            .map(|a| Rc::clone(&a.id))
            .collect();
        // The same offer as last time shares last time's list: a refusal row then costs no list of
        // its own (decision 25's per-attempt budget).
        if let Some((_, _, _, previous)) = &self.offered_cache {
            if previous.len() == ids.len()
                && previous
                    .iter()
                    .zip(ids.iter())
                    .all(|(a, b)| Rc::ptr_eq(a, b))
            {
                ids = Rc::clone(previous);
            }
        }
        self.offered_cache = Some((
            self.version,
            self.structure_gen,
            Rc::clone(&self.node),
            Rc::clone(&ids),
        ));
        ids
    }

    pub fn available(&self) -> Available {
        Available {
            version: self.version,
            node: str::to_owned(&self.node),
            edges: self.offered_edges(None),
            journeys: self
                .graph
                .journeys
                .iter()
                .map(|j| AvailableJourney {
                    journey_id: j.id.clone(),
                    does: j.does.clone(),
                })
                .collect(),
        }
    }

    /// The edges of [`Inner::available`]. With `lent`, each edge's action is pushed there in the same
    /// order and the edge carries no `expects` (the caller reads the schema from the action instead of
    /// a copy).
    fn offered_edges(&self, mut lent: Option<&mut Vec<Rc<Action>>>) -> Vec<AvailableEdge> {
        if self.graph.page(&self.node).is_none() {
            return Vec::new();
        }
        let wiring = self.wiring_exists();
        let mut edges = Vec::with_capacity(8);
        for aff in self.served_all() {
            if !self.on_current_page(aff) {
                continue;
            }
            let verdict = self.guard_verdict_lean(aff);
            if verdict.as_ref().is_some_and(|v| !v.passed) {
                continue;
            }
            let action = &aff.action;
            let greyed = self.greyed(aff);
            // docs/session.md §21: why it is grey, only when a declared condition greys it.
            let (blocked_because, unblocked_by) = match greyed
                .as_ref()
                .filter(|e| !e.is_empty())
                .map(|e| self.greyed_why(aff, e))
            {
                Some(why) => (Some(why.blocked_because), Some(why.unblocked_by)),
                None => (None, None),
            };
            let expects = match lent.as_deref_mut() {
                Some(lent) => {
                    lent.push(Rc::clone(action));
                    None
                }
                None => expects_value(&action.input),
            };
            edges.push(AvailableEdge {
                affordance_id: str::to_owned(&aff.id),
                description: str::to_owned(&aff.does),
                enabled: greyed.as_ref().map(|_| false),
                goes_to: action.navigates_to.clone(),
                expects,
                high_effect: action.high_effect,
                blocked_because,
                unblocked_by,
                busy: self.busy_label(&aff.id).map(|l| str::to_owned(&l)),
                control: action.control.clone(),
                materialized: wiring.then(|| self.materializable(aff)),
                guard_unevaluated: verdict.map(|v| v.unevaluated).unwrap_or_default(),
            });
        }
        edges
    }
}

impl Session {
    /// The offered ids of [`Session::available`], in served order, with their high-effect mark: what
    /// the brief's "Available now" line needs, without building edges (schemas, writes, evidence).
    pub fn available_ids(&self) -> Vec<(Rc<str>, bool)> {
        let inner = self.inner.borrow();
        if inner.graph.page(&inner.node).is_none() {
            return Vec::new();
        }
        inner
            .served_all()
            .filter(|a| inner.offered_now(a))
            .map(|a| (Rc::clone(&a.id), a.action.high_effect))
            .collect()
    }

    /// `available()`: the offered edges on the current page, in served order, plus every journey.
    /// An open journey frame does not narrow it.
    pub fn available(&self) -> Available {
        self.inner.borrow().available()
    }

    /// `available()`'s edges, each beside the action it offers, with no `expects` copied into the
    /// edge (read it from the action's `input`): what `whats_here` writes its rows from.
    pub(crate) fn available_lent(&self) -> (Vec<AvailableEdge>, Vec<Rc<Action>>) {
        let mut actions = Vec::with_capacity(8);
        let edges = self.inner.borrow().offered_edges(Some(&mut actions));
        (edges, actions)
    }
}
