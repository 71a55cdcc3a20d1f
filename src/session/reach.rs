//! How to get there (docs/session.md §6.1): `howToReach(page)` — the shortest list of hops from the
//! cursor to a page, over the actions that declare `goTo` (page actions, cross-links, root and
//! mount-declared actions as served now).
//!
//! The rules. The plan is over the declared graph and never claims a hop will work: a route whose
//! every hop is on offer now (its `when` holds or cannot be evaluated, and it is not greyed) is
//! preferred; when none exists, the shortest declared route is returned with each hop that is not on
//! offer now marked `notAvailableNow: 'hidden' | 'greyed'`, judged by the state now. Already there →
//! `[]`. No declared route → `None`, with the reason in [`RouteAnswer::why`]. A node that is not a
//! page is refused `UNKNOWN_NODE` (a container path gets its own message: plans run between pages).
//! Ties go to served order, so the answer is the same every time.
//!
//! Uses `state` (`served_all`, guards, greyed), the graph. Used by `serve` (journey, why, whats_here)
//! and `js`.

use crate::codes::ErrorCode;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::state::Inner;
use super::*;
use crate::graph::guards::quick_check;

/// Why a hop's action is not on offer now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum NotNow {
    /// Its `when` fails on the state now: it would not be served.
    Hidden,
    /// Served but greyed: `enabledWhen` proven false, or switched off by the app.
    Greyed,
}

/// One hop: fire `action` to reach page `to`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(target_arch = "wasm32", tsify(rename = "RouteHop"))]
#[serde(rename_all = "camelCase")]
pub struct Hop {
    pub action: String,
    pub to: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_available_now: Option<NotNow>,
}

/// A route and, when there is none, why.
#[derive(Debug, Clone, PartialEq)]
pub struct RouteAnswer {
    pub target: String,
    /// `Some([])`: already there. `None`: no declared route.
    pub route: Option<Vec<Hop>>,
    /// The sentence saying why there is no route (only with `route: None`).
    pub why: Option<String>,
}

impl RouteAnswer {
    /// One sentence naming the hops (or saying why there are none), for the port's results.
    pub fn sentence(&self) -> String {
        match (&self.route, &self.why) {
            (Some(hops), _) if hops.is_empty() => format!("You are already on '{}'.", self.target),
            (Some(hops), _) => {
                let steps: Vec<String> = hops
                    .iter()
                    .map(|h| {
                        let mark = match h.not_available_now {
                            None => "",
                            Some(NotNow::Hidden) => " (not offered now: its guard fails)",
                            Some(NotNow::Greyed) => " (greyed now)",
                        };
                        format!("{} → {}{mark}", h.action, h.to)
                    })
                    .collect();
                let tail = if hops.iter().any(|h| h.not_available_now.is_some()) {
                    " Some hops are not available now, so this route does not work yet; nothing says it will."
                } else {
                    " Each hop is a declared goTo claim: fire them in order and check where you land."
                };
                format!(
                    "To reach '{}' from here: {}.{tail}",
                    self.target,
                    steps.join(", then ")
                )
            }
            (None, Some(why)) => why.clone(),
            (None, None) => format!("No declared route reaches '{}'.", self.target),
        }
    }
}

impl Inner {
    fn route_to(&self, target: &str) -> RouteAnswer {
        let answer = |route, why| RouteAnswer {
            target: target.to_string(),
            route,
            why,
        };
        if *self.node == *target {
            return answer(Some(Vec::new()), None);
        }
        if self.graph.page(&self.node).is_none() {
            return answer(None, Some(format!(
                "No route: the session is on '{}', which is not a page of the graph, so no declared goTo starts here. Report the page the app is on with sync() first.",
                crate::graph::names::escape_text(&self.node)
            )));
        }
        // Edges in served order: (from page, affordance, to page, not available now).
        let mut edges: Edges<'_> = HashMap::new();
        for aff in self.served_all() {
            let Some(to) = aff.action.navigates_to.as_deref() else {
                continue;
            };
            let hidden = aff
                .action
                .guard
                .as_ref()
                .is_some_and(|g| !quick_check(g, &self.state).0);
            let mark = if hidden {
                Some(NotNow::Hidden)
            } else if self.greyed(aff).is_some() {
                Some(NotNow::Greyed)
            } else {
                None
            };
            for from in &aff.action.on {
                if from != to {
                    edges
                        .entry(from.as_str())
                        .or_default()
                        .push((Rc::clone(&aff.id), to, mark));
                }
            }
        }
        for only_open in [true, false] {
            if let Some(hops) = shortest(&edges, &self.node, target, only_open) {
                return answer(Some(hops), None);
            }
        }
        answer(None, Some(format!(
            "No declared route reaches '{target}' from '{}': no chain of actions with goTo leads there. A person may still get there by a way the graph does not declare; say so rather than guess.",
            self.node
        )))
    }
}

/// Out-edges by page: (action, destination page, not available now).
type Edges<'a> = HashMap<&'a str, Vec<(Rc<str>, &'a str, Option<NotNow>)>>;
/// How a page was first reached: (from page, action, mark).
type Came<'a> = (&'a str, &'a Rc<str>, Option<NotNow>);

/// Breadth-first search from `from` to `target`; `only_open` skips hops not available now.
fn shortest(edges: &Edges<'_>, from: &str, target: &str, only_open: bool) -> Option<Vec<Hop>> {
    // Each reached page → (the page it was reached from, the action, its mark).
    let mut came: HashMap<&str, Option<Came<'_>>> = HashMap::new();
    came.insert(from, None);
    let mut queue = VecDeque::from([from]);
    while let Some(page) = queue.pop_front() {
        for (action, to, mark) in edges.get(page).into_iter().flatten() {
            if (only_open && mark.is_some()) || came.contains_key(to) {
                continue;
            }
            came.insert(to, Some((page, action, *mark)));
            if *to == target {
                let mut hops = Vec::new();
                let mut at: &str = to;
                while let Some(Some((prev, action, mark))) = came.get(at) {
                    hops.push(Hop {
                        action: action.to_string(),
                        to: at.to_string(),
                        not_available_now: *mark,
                    });
                    at = prev;
                }
                hops.reverse();
                return Some(hops);
            }
            queue.push_back(to);
        }
    }
    None
}

impl Session {
    /// The route to page `node` and, when there is none, why. Unknown node → `UNKNOWN_NODE`.
    pub fn route_to(&self, node: &str) -> Result<RouteAnswer, SessionError> {
        let inner = self.inner.borrow();
        if inner.graph.page(node).is_none() {
            let hint = match inner.graph.container(node) {
                Some(c) => format!(
                    " It is a container of page '{}': routes run between pages, so ask for '{}' and then look inside it.",
                    c.page, c.page
                ),
                None => String::new(),
            };
            let known: Vec<&str> = inner.graph.page_ids().collect();
            return Err(SessionError::usage(
                ErrorCode::UnknownNode,
                format!(
                    "howToReach: '{}' is not a page of graph '{}'.{hint} Known pages: {}.",
                    crate::graph::names::escape_text(node),
                    inner.graph.id,
                    known.join(", ")
                ),
            ));
        }
        Ok(inner.route_to(node))
    }

    /// The route to the nearest page that offers action `id` (as served now), with that page; `None`
    /// when the action is not served. Used where a step or a writer is elsewhere (the port).
    pub fn route_to_action(&self, id: &str) -> Option<RouteAnswer> {
        let inner = self.inner.borrow();
        let pages: Vec<String> = inner.served(id)?.action.on.clone();
        let mut best: Option<RouteAnswer> = None;
        for page in &pages {
            let answer = inner.route_to(page);
            let better = match (&answer.route, best.as_ref().map(|b| &b.route)) {
                (_, None) => true,
                (Some(hops), Some(Some(old))) => hops.len() < old.len(),
                (Some(_), Some(None)) => true,
                (None, _) => false,
            };
            if better {
                best = Some(answer);
            }
        }
        best
    }

    /// `session.howToReach(node)`: the hops, `[]` when already there, `None` when no declared route.
    pub fn how_to_reach(&self, node: &str) -> Result<Option<Vec<Hop>>, SessionError> {
        Ok(self.route_to(node)?.route)
    }
}
