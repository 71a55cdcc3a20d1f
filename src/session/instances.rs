//! Lists (docs/session.md §34): the live instances of each repeating container (docs/graph.md §15),
//! the handlers row components bind for their own instance, and the instance each fire row names.
//!
//! An instance is `{ id, label }`, reported by the component that renders the row
//! (`registerActions(page, { handlers, instance })`); unregistering that group removes it. The id
//! keys fires (`fire(id, { instance })`); the label is the app's own words for the row, held to the
//! law of mount-declared names (non-blank, one line, no control character) because the facts block,
//! the brief and the port print it. A caller's instance string is never printed: a fire that names
//! no live instance is refused `INSTANCE_UNKNOWN`, and its line names only the action.
//!
//! Uses `state`, `graph::repeated_in`. Used by `fire`, `mounts`, `ledgers`, `concurrency`,
//! `attempt_rows`, `snapshot_take` / `snapshot_restore`, `serve::whats_here`.

use std::collections::HashMap;
use std::rc::Rc;

use serde::Serialize;

use super::state::{Affordance, Inner, RegEntry};
use super::*;
use crate::codes::{ErrorCode, Refusal};
use crate::graph::names::{is_line_break, quote};

/// The longest instance id or label, in characters: a row's name, not a paragraph.
pub const MAX_INSTANCE_CHARS: usize = 200;

/// One list instance as the app reported it: its id (what a fire names) and its label (what texts print).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct InstanceRef {
    pub id: String,
    pub label: String,
}

/// A fire row's instance: its id and its label as captured when it was fired.
pub(crate) type RowInstance = (Rc<str>, Rc<str>);

/// A live instance and the group that reported it.
#[derive(Debug, Clone)]
pub(crate) struct Live {
    pub id: Rc<str>,
    pub label: Rc<str>,
    pub group: u32,
}

/// Everything the session keeps about lists.
#[derive(Debug, Default)]
pub(crate) struct Lists {
    /// Repeating container path → its live instances, in report order. The same id reported by two
    /// groups (a row re-mounting) is served once, with the newest label.
    pub live: Vec<(Rc<str>, Vec<Live>)>,
    /// (action id, instance id) → the handler the row registered for its own instance.
    pub handlers: HashMap<(Rc<str>, Rc<str>), RegEntry>,
    /// Fire rows that named an instance: record index → (instance id, label as captured).
    pub rows: HashMap<u32, RowInstance>,
}

/// `BAD_INSTANCE`, naming the value, the rule and the fix.
fn bad(what: &str, value: &str, rule: &str) -> SessionError {
    SessionError::usage(
        ErrorCode::BadInstance,
        format!(
            "registerActions: instance {what} {} {rule}; report the row's own id and a short one-line label, e.g. instance: {{ id: project.id, label: project.name }}",
            quote(value)
        ),
    )
}

/// The law a reported instance (or one read back from a snapshot) obeys.
pub(crate) fn check_instance(id: &str, label: &str) -> Result<(), SessionError> {
    for (what, value) in [("id", id), ("label", label)] {
        if value.trim().is_empty() {
            return Err(bad(what, value, "is blank: an instance needs one"));
        }
        if value.chars().count() > MAX_INSTANCE_CHARS {
            return Err(bad(
                what,
                value,
                &format!("is longer than {MAX_INSTANCE_CHARS} characters"),
            ));
        }
        if value.chars().any(is_line_break) {
            return Err(bad(
                what,
                value,
                "holds a line break: it is printed on one line of the facts block",
            ));
        }
        if value.chars().any(char::is_control) {
            return Err(bad(what, value, "holds a control character"));
        }
    }
    Ok(())
}

impl Lists {
    /// The live instances of `container`, deduplicated by id (newest label), in first-report order.
    pub fn of(&self, container: &str) -> Vec<&Live> {
        let Some((_, rows)) = self.live.iter().find(|(c, _)| &**c == container) else {
            return Vec::new();
        };
        let mut out: Vec<&Live> = Vec::new();
        for row in rows {
            match out.iter_mut().find(|r| r.id == row.id) {
                Some(slot) => *slot = row,
                None => out.push(row),
            }
        }
        out
    }

    /// The live instance `id` of `container` (its newest report).
    pub fn find(&self, container: &str, id: &str) -> Option<&Live> {
        self.live
            .iter()
            .find(|(c, _)| &**c == container)
            .and_then(|(_, rows)| rows.iter().rev().find(|r| &*r.id == id))
    }

    /// Add a reported instance to `container`'s list.
    pub fn add(&mut self, container: &str, live: Live) {
        match self.live.iter_mut().find(|(c, _)| &**c == container) {
            Some((_, rows)) => rows.push(live),
            None => self.live.push((Rc::from(container), vec![live])),
        }
    }

    /// Drop what group `n` reported and bound; whether anything served changed.
    pub fn drop_group(&mut self, n: u32) -> bool {
        let before: usize =
            self.live.iter().map(|(_, r)| r.len()).sum::<usize>() + self.handlers.len();
        for (_, rows) in &mut self.live {
            rows.retain(|r| r.group != n);
        }
        self.live.retain(|(_, rows)| !rows.is_empty());
        self.handlers.retain(|_, e| e.group != n);
        before != self.live.iter().map(|(_, r)| r.len()).sum::<usize>() + self.handlers.len()
    }

    /// The instance fire row `idx` named, if any.
    pub fn row(&self, idx: u32) -> Option<&RowInstance> {
        self.rows.get(&idx)
    }
}

impl Inner {
    /// The container a fire of `aff` needs an instance of (docs/graph.md §15), if it repeats.
    pub(crate) fn repeats_in(&self, aff: &Affordance) -> Option<Rc<str>> {
        if self.graph.containers.is_empty() {
            return None;
        }
        self.graph
            .repeated_in(&aff.id)
            .map(|c| Rc::from(c.path.as_str()))
    }

    /// The instance check of a fire (docs/session.md §34): the live instance it names, or the refusal.
    pub(crate) fn fire_instance(
        &self,
        aff: &Affordance,
        instance: Option<&str>,
    ) -> Result<Option<RowInstance>, Refusal> {
        match (self.repeats_in(aff), instance) {
            (None, None) => Ok(None),
            (None, Some(_)) => Err(Refusal::InstanceUnknown),
            (Some(_), None) => Err(Refusal::InstanceRequired),
            (Some(list), Some(id)) => match self.lists.find(&list, id) {
                Some(live) => Ok(Some((Rc::clone(&live.id), Rc::clone(&live.label)))),
                None => Err(Refusal::InstanceUnknown),
            },
        }
    }

    /// The message of an instance refusal: the value as data, the rule and the fix.
    pub(crate) fn instance_message(
        &self,
        aff: &Affordance,
        reason: Refusal,
        instance: Option<&str>,
    ) -> String {
        match (self.repeats_in(aff), instance) {
            (None, Some(given)) => format!(
                "groundfacts: fire('{}') was given instance {}, but the action does not repeat: only actions a container's `repeats` names take an instance; fire it without one",
                aff.id,
                quote(given)
            ),
            (Some(list), None) if reason == Refusal::InstanceRequired => format!(
                "groundfacts: '{}' exists once per row of list '{list}', and the fire named none: pass {{ instance: id }} with one of the ids the rows reported (live now: {})",
                aff.id,
                self.live_ids(&list)
            ),
            (Some(list), given) => format!(
                "groundfacts: instance {} is not a live row of list '{list}' (its row is gone, or it never was one): pass one of the ids the rows reported (live now: {})",
                quote(given.unwrap_or("")),
                self.live_ids(&list)
            ),
            (None, None) => String::new(),
        }
    }

    fn live_ids(&self, list: &str) -> String {
        let ids: Vec<String> = self.lists.of(list).iter().map(|l| quote(&l.id)).collect();
        if ids.is_empty() {
            "none".into()
        } else {
            ids.join(", ")
        }
    }

    /// The live instances a refusal of `aff` lists as data.
    pub(crate) fn instance_refs(&self, aff: &Affordance) -> Option<Vec<InstanceRef>> {
        let list = self.repeats_in(aff)?;
        Some(
            self.lists
                .of(&list)
                .iter()
                .map(|l| InstanceRef {
                    id: l.id.to_string(),
                    label: l.label.to_string(),
                })
                .collect(),
        )
    }

    /// The repeating container every handler of an instance registration belongs to: the one the
    /// handlers' actions share, else the page's only repeating container.
    pub(crate) fn instance_list(
        &self,
        page: &str,
        bound: &[Rc<str>],
    ) -> Result<Rc<str>, SessionError> {
        let mut list: Option<Rc<str>> = None;
        for id in bound {
            let Some(c) = self.graph.repeated_in(id) else {
                return Err(SessionError::usage(
                    ErrorCode::BadInstance,
                    format!("registerActions('{page}'): '{id}' does not repeat, so a registration with an instance cannot bind it: register it without `instance` (or name it in its list container's `repeats`)"),
                ));
            };
            match &list {
                Some(l) if **l != c.path => {
                    return Err(SessionError::usage(
                        ErrorCode::BadInstance,
                        format!("registerActions('{page}'): the handlers belong to two lists ('{l}' and '{}'); register each list's row on its own", c.path),
                    ))
                }
                Some(_) => {}
                None => list = Some(Rc::from(c.path.as_str())),
            }
        }
        if let Some(list) = list {
            return Ok(list);
        }
        let mut lists = self
            .graph
            .containers
            .iter()
            .filter(|c| c.page == page && !c.repeats.is_empty());
        match (lists.next(), lists.next()) {
            (Some(only), None) => Ok(Rc::from(only.path.as_str())),
            _ => Err(SessionError::usage(
                ErrorCode::BadInstance,
                format!("registerActions('{page}'): an instance needs its list, and no handler names a repeated action (the page has no single repeating container to assume): bind the row's repeated actions in `handlers`"),
            )),
        }
    }
}

impl Session {
    /// [`Session::fire`] for one instance of a repeated action (docs/session.md §34).
    pub fn fire_in(
        &self,
        id: &str,
        options: FireOptions,
        instance: Option<&str>,
    ) -> Result<FireResult, SessionError> {
        self.scoped(|| self.fire_with(id, options, instance, true, None))
    }

    /// [`Session::register_actions`] by the component of one list row: its handlers run for its own
    /// instance, which is live until the group unregisters (docs/session.md §34).
    pub fn register_row(
        &self,
        page: &str,
        handlers: Vec<(String, crate::host::CallbackId)>,
        actions: Vec<(String, crate::graph::DefValue)>,
        instance: InstanceRef,
    ) -> Result<String, SessionError> {
        self.scoped(|| self.register_actions_body(page, handlers, actions, Some(instance)))
    }

    /// The instance refusal a fire of `id` for `instance` would meet now, if any: the port asks it
    /// before putting a confirm-gated action to a person (docs/session.md §27).
    pub fn instance_refusal(&self, id: &str, instance: Option<&str>) -> Option<Refusal> {
        let inner = self.inner.borrow();
        let aff = inner.served(id)?;
        inner.fire_instance(aff, instance).err()
    }

    /// The live instances of a repeating container (`page.container`), in report order.
    pub fn instances(&self, container: &str) -> Vec<InstanceRef> {
        self.inner
            .borrow()
            .lists
            .of(container)
            .iter()
            .map(|l| InstanceRef {
                id: l.id.to_string(),
                label: l.label.to_string(),
            })
            .collect()
    }
}

impl Inner {
    /// Group `n` reported instance `i` of `list` and bound `bindings` for it.
    pub(crate) fn bind_row(
        &mut self,
        n: u32,
        list: &str,
        i: &InstanceRef,
        bindings: &[(Rc<str>, crate::host::CallbackId)],
    ) {
        let id: Rc<str> = Rc::from(i.id.as_str());
        // A restored row (`snapshot_restore`) gives way to the component's own report.
        if let Some((_, rows)) = self.lists.live.iter_mut().find(|(c, _)| &**c == list) {
            rows.retain(|r| !(r.group == super::persist::baseline::RESTORED_GROUP && r.id == id));
        }
        self.lists.add(
            list,
            Live {
                id: Rc::clone(&id),
                label: Rc::from(i.label.as_str()),
                group: n,
            },
        );
        for (action, cb) in bindings {
            self.lists.handlers.insert(
                (Rc::clone(action), Rc::clone(&id)),
                RegEntry {
                    handler: *cb,
                    group: n,
                    enabled: true,
                },
            );
        }
    }
}
