//! Where inside the page (the tree API, docs/session.md §4.1): which containers of the cursor's page
//! are visible (`show` / `hide`), where the reader is (`observeFocus`), and the focus ledger.
//!
//! The rules. Only containers of the page the cursor is on are addressed; an unknown path is refused
//! `UNKNOWN_CONTAINER`, another page's path `NOT_ON_THIS_PAGE` (both typed errors, nothing recorded).
//! Visibility: an area is visible while its parent is, unless hidden; a tab or modal is visible once
//! shown (until then which tab is selected is not known, so none is claimed). Showing a container
//! shows its ancestors; showing a tab hides its sibling tabs (and what is inside them); modals stack,
//! so showing one hides nothing. `hide` hides a container and what is inside it. Focus is a visible
//! container path, or none (the page itself): observing focus shows the path first; when a show or
//! hide makes the focused container invisible, focus moves up to its nearest visible ancestor. A
//! cursor move to another page forgets focus and visibility (the app reports them again there).
//! Serving never changes: actions stay served from the page, whatever is shown or focused.
//!
//! None of it bumps the version (it is not a navigation and not a state change); a call that changed
//! focus or visibility is a quiet change listeners hear (decision 29) and one row of the focus ledger,
//! bounded by `retain` like the other ledgers (decision 25): the oldest rows fold into a count. A call
//! that changes nothing records nothing.
//!
//! Uses `state` (`Inner`), `notify` (`scoped`, `touch`), `error` and `ledger::compact`, the graph's
//! containers. Used by `facts::read`
//! (the `Focus:` line), `serve::port` (`lookingAt`), `persist::take` / `persist::restore` and `js`.

use crate::codes::ErrorCode;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::state::Inner;
use super::*;
use crate::graph::{ContainerKind, NavigationGraph};

/// What one focus-ledger row records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum FocusChange {
    /// `observeFocus(path)`.
    Focus,
    /// `show(path)`.
    Show,
    /// `hide(path)`.
    Hide,
}

crate::record::record! {
    /// One row of the focus ledger (`session.focusHistory().rows`).
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[cfg_attr(target_arch = "wasm32", tsify(missing_as_null))]
    #[serde(rename_all = "camelCase")]
    pub struct FocusRecord {
        pub change: FocusChange,
        /// The path the call named (a container path, or the page id for a focus at page level).
        pub path: String,
        /// The page it happened on.
        pub page: String,
        /// Who moved the focus (`observeFocus` rows only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub principal: Option<Principal>,
        /// The focus below page level after the call (`null` = the page itself).
        pub focus_after: Option<String>,
        /// The version when it happened (these rows never bump it).
        pub version: u64,
        pub timestamp: f64,
    }
}

/// `session.focusHistory()`: the kept rows, oldest first, and how many older rows were folded.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FocusHistory {
    pub rows: Vec<FocusRecord>,
    pub folded: u64,
}

/// `session.whereInPage()`: the page, the focus below page level, and the containers known visible.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(target_arch = "wasm32", tsify(rename = "WhereInPage"))]
#[cfg_attr(target_arch = "wasm32", tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct InPage {
    pub page: String,
    pub focus: Option<String>,
    /// Known-visible container paths of the page, in declaration order.
    pub visible: Vec<String>,
}

/// The tree state of a session (lives in `Inner`).
#[derive(Debug, Default)]
pub(crate) struct Tree {
    /// The focused container path on the cursor's page (`None`: the page itself, or unknown).
    focus: Option<Rc<str>>,
    /// Explicit visibility of containers of the cursor's page (absent: the kind's default).
    explicit: HashMap<Rc<str>, bool>,
    rows: VecDeque<FocusRecord>,
    folded: u64,
}

crate::record::record! {
    /// The snapshot part (absent from snapshots of sessions that never used the tree API).
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[cfg_attr(target_arch = "wasm32", tsify(missing_as_null))]
    #[serde(rename_all = "camelCase")]
    pub struct SnapTree {
        pub focus: Option<String>,
        /// Explicitly shown (`true`) or hidden (`false`) container paths, sorted by path.
        pub explicit: Vec<(String, bool)>,
        pub rows: Vec<FocusRecord>,
        pub folded: u64,
    }
}

/// A container of the graph, or a typed refusal naming the rule and the fix.
fn check_path(
    graph: &NavigationGraph,
    node: &str,
    path: &str,
    call: &str,
) -> Result<(), SessionError> {
    let Some(container) = graph.container(path) else {
        let known: Vec<&str> = graph
            .containers
            .iter()
            .filter(|c| c.page == node)
            .map(|c| c.path.as_str())
            .collect();
        let hint = if graph.page(path).is_some() {
            " A page is not a container: move to a page with sync()."
        } else {
            ""
        };
        return Err(SessionError::usage(
            ErrorCode::UnknownContainer,
            format!(
                "{call}: '{}' is not a container of graph '{}'.{hint} Containers of the page you are on ('{}'): {}. Declare it under the page's `containers`, or pass one of those.",
                crate::graph::names::escape_text(path),
                graph.id,
                crate::graph::names::escape_text(node),
                if known.is_empty() { "none".to_string() } else { known.join(", ") }
            ),
        ));
    };
    if container.page != node {
        return Err(SessionError::usage(
            ErrorCode::NotOnThisPage,
            format!(
                "{call}: '{path}' is a container of page '{}', but the session is on '{}'. Report containers of the page you are on; call sync('{}') first when the app has moved there.",
                container.page,
                crate::graph::names::escape_text(node),
                container.page
            ),
        ));
    }
    Ok(())
}

impl Inner {
    /// Whether container `path` is known visible now (its ancestors too).
    fn visible(&self, path: &str) -> bool {
        let mut at = path;
        while let Some(c) = self.graph.container(at) {
            let own = match self.tree.explicit.get(at) {
                Some(&v) => v,
                None => c.kind == ContainerKind::Area,
            };
            if !own {
                return false;
            }
            at = &c.parent;
        }
        true
    }

    /// Mark `path` and its ancestors shown; a shown tab hides its sibling tabs.
    fn show_path(&mut self, path: &str) {
        let graph = Rc::clone(&self.graph);
        let mut chain = Vec::new();
        let mut at = path;
        while let Some(c) = graph.container(at) {
            chain.push(c);
            at = &c.parent;
        }
        for c in chain.into_iter().rev() {
            self.tree.explicit.insert(Rc::from(c.path.as_str()), true);
            if c.kind == ContainerKind::Tab {
                let siblings = graph
                    .containers
                    .iter()
                    .filter(|s| s.parent == c.parent && s.path != c.path)
                    .filter(|s| s.kind == ContainerKind::Tab);
                for s in siblings {
                    self.tree.explicit.insert(Rc::from(s.path.as_str()), false);
                }
            }
        }
    }

    /// Move focus up until it is visible (or at page level).
    fn settle_focus(&mut self) {
        while let Some(f) = self.tree.focus.clone() {
            if self.visible(&f) {
                return;
            }
            self.tree.focus = self
                .graph
                .container(&f)
                .map(|c| c.parent.as_str())
                .filter(|p| self.graph.container(p).is_some())
                .map(Rc::from);
        }
    }

    /// The cursor is about to stand on `target`: leaving the page forgets focus and visibility.
    pub(crate) fn tree_on_move(&mut self, target: &str) {
        if *self.node != *target {
            self.tree.focus = None;
            self.tree.explicit.clear();
            self.mounting_on_move(target);
        }
    }

    /// The focus below page level on the cursor's page, if known.
    pub(crate) fn focus_path(&self) -> Option<Rc<str>> {
        self.tree.focus.clone()
    }

    fn visible_list(&self) -> Vec<String> {
        self.graph
            .containers
            .iter()
            .filter(|c| *c.page == *self.node && self.visible(&c.path))
            .map(|c| c.path.clone())
            .collect()
    }

    /// Apply one call; `true` when focus or visibility changed (a row was recorded).
    fn tree_apply(
        &mut self,
        change: FocusChange,
        path: &str,
        principal: Option<Principal>,
        now: f64,
    ) -> bool {
        let before = (self.tree.focus.clone(), self.visible_list());
        match change {
            FocusChange::Show => self.show_path(path),
            FocusChange::Hide => {
                self.tree.explicit.insert(Rc::from(path), false);
            }
            FocusChange::Focus => {
                if self.graph.container(path).is_some() {
                    self.show_path(path);
                    self.tree.focus = Some(Rc::from(path));
                } else {
                    self.tree.focus = None;
                }
            }
        }
        self.settle_focus();
        let after = (self.tree.focus.clone(), self.visible_list());
        if before == after {
            return false;
        }
        super::ledger::retention::reserve_within(&mut self.tree.rows, self.keep.retain);
        self.tree.rows.push_back(FocusRecord {
            change,
            path: path.to_string(),
            page: self.node.to_string(),
            principal,
            focus_after: self.tree.focus.as_deref().map(str::to_string),
            version: self.version,
            timestamp: now,
        });
        while self.tree.rows.len() > self.keep.retain {
            self.tree.rows.pop_front();
            self.tree.folded += 1;
        }
        self.touch();
        true
    }

    pub(crate) fn tree_out(&self) -> Option<SnapTree> {
        let t = &self.tree;
        if t.focus.is_none() && t.explicit.is_empty() && t.rows.is_empty() && t.folded == 0 {
            return None;
        }
        // The marks sorted by path (a map's keys, so each once), through the paths alone: the
        // session's one sort of strings (`compact::sorted`) serves here too.
        let paths =
            super::ledger::compact::sorted(t.explicit.keys().map(|k| k.to_string()).collect());
        let explicit: Vec<(String, bool)> = paths
            .into_iter()
            .filter_map(|k| {
                let v = *t.explicit.get(k.as_str())?;
                Some((k, v))
            })
            .collect();
        Some(SnapTree {
            focus: t.focus.as_deref().map(str::to_string),
            explicit,
            rows: t.rows.iter().cloned().collect(),
            folded: t.folded,
        })
    }

    /// Take a snapshot's tree part, checked against the graph and the restored cursor.
    pub(crate) fn tree_in(&mut self, snap: &SnapTree) -> Result<(), SessionError> {
        let on_page = |path: &str| {
            self.graph
                .container(path)
                .is_some_and(|c| *c.page == *self.node)
        };
        if let Some(f) = &snap.focus {
            if !on_page(f) {
                return Err(super::error::damaged(format!(
                    "its focus '{f}' is not a container of the page it is on"
                )));
            }
        }
        if let Some((p, _)) = snap.explicit.iter().find(|(p, _)| !on_page(p)) {
            return Err(super::error::damaged(format!(
                "it shows or hides '{p}', which is not a container of the page it is on"
            )));
        }
        if snap.rows.len() > self.keep.retain {
            return Err(super::error::damaged(
                "its focus ledger holds more rows than its retain",
            ));
        }
        self.tree.focus = snap.focus.as_deref().map(Rc::from);
        self.tree.explicit = snap
            .explicit
            .iter()
            .map(|(p, v)| (Rc::from(p.as_str()), *v))
            .collect();
        self.tree.rows = snap.rows.iter().cloned().collect();
        self.tree.folded = snap.folded;
        Ok(())
    }
}

impl Session {
    fn tree_call(
        &self,
        call: &str,
        change: FocusChange,
        path: &str,
        principal: Option<Principal>,
    ) -> Result<(), SessionError> {
        self.scoped(|| {
            self.guard(call)?;
            let now = self.host.now_ms();
            let mut inner = self.inner.borrow_mut();
            let at_page = change == FocusChange::Focus && *inner.node == *path;
            if !at_page {
                check_path(&self.graph, &inner.node, path, call)?;
            }
            inner.tree_apply(change, path, principal, now);
            Ok(())
        })
    }

    /// `session.show(path)`: the app says container `path` of the cursor's page is now visible.
    pub fn show(&self, path: &str) -> Result<(), SessionError> {
        self.tree_call("show", FocusChange::Show, path, None)
    }

    /// `session.hide(path)`: the app says container `path` (and what is inside it) is no longer visible.
    pub fn hide(&self, path: &str) -> Result<(), SessionError> {
        self.tree_call("hide", FocusChange::Hide, path, None)
    }

    /// `session.observeFocus(path, { principal })`: where the reader is — a container path of the
    /// cursor's page, or the page id itself (focus back at page level). Serving does not move.
    pub fn observe_focus(&self, path: &str, principal: Principal) -> Result<(), SessionError> {
        self.tree_call("observeFocus", FocusChange::Focus, path, Some(principal))
    }

    /// The focus below page level, if known (the facts block's `Focus:` line, `lookingAt`).
    pub fn focus(&self) -> Option<String> {
        self.inner.borrow().focus_path().map(|f| f.to_string())
    }

    /// `session.whereInPage()`.
    pub fn where_in_page(&self) -> InPage {
        let inner = self.inner.borrow();
        InPage {
            page: inner.node.to_string(),
            focus: inner.focus_path().map(|f| f.to_string()),
            visible: inner.visible_list(),
        }
    }

    /// `session.focusHistory()`.
    pub fn focus_history(&self) -> FocusHistory {
        let inner = self.inner.borrow();
        FocusHistory {
            rows: inner.tree.rows.iter().cloned().collect(),
            folded: inner.tree.folded,
        }
    }
}
