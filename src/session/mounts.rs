//! Live wiring: `registerActions(page, {handlers, actions})` → a group id (`mount:<page>#N`),
//! `unregister(group)`, `setEnabled(group, name, on)`, and the coalesced structure bump
//! (decision 7: consecutive structure changes with no other bump between them are one bump and one
//! `stimulus:structure-swap` row, minted eagerly). Uses `graph::compile_mount_action`. Used by the
//! JS layer.

use crate::codes::ErrorCode;
use std::rc::Rc;

use super::persist::restore::RESTORED_GROUP;
use super::state::{Affordance, Group, Inner, Outgoing, RegEntry};
use super::*;
use crate::graph::{compile_mount_action, DefValue};
use crate::host::CallbackId;

impl Inner {
    /// A served-structure change: one `stimulus:structure-swap` row and bump, unless the last bump
    /// was a structure bump (then this change joins it).
    /// Returns `true` when a restored session's baseline absorbed the change (`persist::restore`).
    pub fn structure_changed(&mut self) -> bool {
        self.structure_gen += 1;
        // Coalesced into the last bump or not, what is served changed (decision 29).
        self.touch();
        if self.absorbed_by_baseline() {
            return true;
        }
        if self.last_structure_bump == Some(self.version) {
            return false;
        }
        let row = self.stimulus_row(
            Rc::from("stimulus:structure-swap"),
            Rc::from("structure-swap"),
            Principal::System,
            AttributionBasis::DeclaredStimulus,
        );
        self.push_transition(row);
        self.bump();
        self.last_structure_bump = Some(self.version);
        self.check_demotion();
        false
    }

    /// Resolve a handler name on `page` (docs/session.md §7.1): `page.name` if served, else the bare id if served.
    pub(super) fn resolve_name(
        &self,
        page: &str,
        name: &str,
        declared_here: &[Rc<Affordance>],
    ) -> Option<Rc<str>> {
        let qualified = format!("{page}.{name}");
        let known =
            |id: &str| self.served(id).is_some() || declared_here.iter().any(|a| &*a.id == id);
        if known(&qualified) {
            Some(Rc::from(qualified.as_str()))
        } else if known(name) {
            Some(Rc::from(name))
        } else {
            None
        }
    }

    pub(super) fn unknown_name(&self, call: &str, page: &str, name: &str) -> SessionError {
        let here: Vec<String> = self
            .served_all()
            .filter(|a| a.action.on.iter().any(|p| p == page))
            .map(|a| a.id.to_string())
            .collect();
        SessionError::usage(
            ErrorCode::UnknownAction,
            format!(
                "{call}: '{name}' names no action on page '{page}' (tried '{page}.{name}' and '{name}'). Actions known there: {}. Declare it in the graph or in this call's actions.",
                if here.is_empty() { "none".to_string() } else { here.join(", ") }
            ),
        )
    }

    /// A group id this session minted and already unregistered (its entry has left the map).
    pub(super) fn group_gone(&self, group: &str) -> bool {
        group
            .strip_prefix("mount:")
            .and_then(|rest| rest.rsplit_once('#'))
            .and_then(|(_, n)| n.parse::<u32>().ok())
            .is_some_and(|n| n < self.next_group && !self.groups.contains_key(&n))
    }

    pub(super) fn group_index(&self, group: &str) -> Result<u32, SessionError> {
        group
            .rsplit_once('#')
            .and_then(|(_, n)| n.parse::<u32>().ok())
            .filter(|n| self.groups.get(n).is_some_and(|g| format!("mount:{}#{n}", g.page) == group))
            .ok_or_else(|| {
                SessionError::usage(
                    ErrorCode::UnknownGroup,
                    format!("'{group}' is not a group this session created. Use the id registerActions returned."),
                )
            })
    }
}

impl Session {
    /// Bind handlers and declare mount actions on `page`; returns the group id.
    pub(super) fn register_actions_body(
        &self,
        page: &str,
        handlers: Vec<(String, CallbackId)>,
        actions: Vec<(String, DefValue)>,
    ) -> Result<String, SessionError> {
        self.guard("registerActions")?;
        // A container path (docs/graph.md §2.2) registers on its page: actions are served from pages.
        let page = self.graph.page_of(page).unwrap_or(page);
        let now = self.host.now_ms();
        let group_id = {
            let mut inner = self.inner.borrow_mut();
            inner.last_now = now;
            if self.graph.page(page).is_none() {
                let known: Vec<&str> = self.graph.page_ids().collect();
                return Err(SessionError::usage(
                    ErrorCode::UnknownNode,
                    format!(
                        "registerActions: '{page}' is not a page of graph '{}'. Known pages: {}.",
                        self.graph.id,
                        known.join(", ")
                    ),
                ));
            }
            // Compile and resolve everything first, so a refused call changes nothing.
            let mut declared: Vec<Rc<Affordance>> = Vec::new();
            let mut bindings: Vec<(Rc<str>, CallbackId)> = Vec::new();
            let mut warnings = Vec::new();
            for (name, def) in &actions {
                let (action, inline) = compile_mount_action(&self.graph, page, name, def)
                    .map_err(SessionError::from_graph)?;
                let aff = Rc::new(Affordance::new(action));
                if inner.compiled_index.contains_key(&aff.id) {
                    warnings.push(format!(
                        "registerActions('{page}') declares '{}', which the graph already declares; the graph's declaration is kept and only the handler is bound.",
                        aff.id
                    ));
                } else if inner
                    .mounted
                    .get(&aff.id)
                    .is_some_and(|s| s.iter().any(|(g, _)| *g != RESTORED_GROUP))
                {
                    warnings.push(format!(
                        "'{}' is already declared by another live mount; the newest declaration serves until it unmounts.",
                        aff.id
                    ));
                }
                if let Some(cb) = inline {
                    bindings.push((Rc::clone(&aff.id), cb));
                }
                if !inner.compiled_index.contains_key(&aff.id) {
                    declared.push(aff);
                }
            }
            // Every function the declarations carry (verify predicates, inline handlers) is the
            // group's to release when it unmounts (decision 26), whether or not the id is served.
            let mut held: Vec<CallbackId> = Vec::new();
            for (_, def) in &actions {
                lifecycle::functions_in(def, &mut held);
            }
            for (name, cb) in &handlers {
                match inner.resolve_name(page, name, &declared) {
                    Some(id) => bindings.push((id, *cb)),
                    None => return Err(inner.unknown_name("registerActions", page, name)),
                }
            }
            let n = inner.next_group;
            inner.next_group += 1;
            let page_rc = inner.intern(page);
            let mut group = Group {
                page: page_rc,
                handler_ids: Vec::new(),
                declared: Vec::new(),
                callbacks: Vec::new(),
                live: true,
            };
            let changed = !declared.is_empty() || !bindings.is_empty();
            for aff in declared {
                if !inner.mount_order.contains(&aff.id) {
                    inner.mount_order.push(Rc::clone(&aff.id));
                }
                group.declared.push(Rc::clone(&aff.id));
                let stack = inner.mounted.entry(Rc::clone(&aff.id)).or_default();
                // A declaration restored from a snapshot gives way to the component's own.
                stack.retain(|(g, _)| *g != RESTORED_GROUP);
                stack.push((n, aff));
            }
            for (id, cb) in bindings {
                if let Some(previous) = inner.registry.get(&id) {
                    if previous.group != n {
                        warnings.push(format!(
                            "a handler for '{id}' was already registered by another group; the newest registration wins."
                        ));
                    }
                }
                inner.registry.insert(
                    Rc::clone(&id),
                    RegEntry {
                        handler: cb,
                        group: n,
                        enabled: true,
                    },
                );
                group.handler_ids.push(id);
                group.callbacks.push(cb);
            }
            group.callbacks.extend(held);
            group.callbacks = CallbackId::sorted_unique(std::mem::take(&mut group.callbacks));
            inner.groups.insert(n, group);
            inner.mounting_registered(page);
            for w in warnings {
                inner.warn(w);
            }
            if changed && !inner.structure_changed() {
                inner.check_dead_end();
            }
            format!("mount:{page}#{n}")
        };
        self.flush();
        Ok(group_id)
    }

    /// Release a group: its handlers (unless re-registered by a newer group) and its declarations.
    /// Idempotent; an unknown group id → `UNKNOWN_GROUP`.
    pub(super) fn unregister_body(&self, group: &str) -> Result<(), SessionError> {
        self.guard("unregister")?;
        let now = self.host.now_ms();
        {
            let mut inner = self.inner.borrow_mut();
            inner.last_now = now;
            if inner.group_gone(group) {
                return Ok(());
            }
            let n = inner.group_index(group)?;
            // The group leaves the map: a mount/unmount cycle keeps nothing (decision 26).
            let (handler_ids, declared, callbacks) = match inner.groups.remove(&n) {
                Some(g) if g.live => (g.handler_ids, g.declared, g.callbacks),
                _ => return Ok(()),
            };
            let mut changed = false;
            for id in handler_ids {
                if inner.registry.get(&id).is_some_and(|e| e.group == n) {
                    inner.registry.remove(&id);
                    changed = true;
                }
            }
            for id in declared {
                if let Some(stack) = inner.mounted.get_mut(&id) {
                    stack.retain(|(g, _)| *g != n);
                    changed = true;
                    if stack.is_empty() {
                        inner.mounted.remove(&id);
                        inner.mount_order.retain(|m| *m != id);
                    }
                }
            }
            // Busy marks belong to the group that set them (docs/session.md §22).
            let marks = inner.busy.len();
            inner.busy.retain(|_, (g, _)| *g != n);
            if inner.busy.len() != marks {
                inner.touch();
            }
            if !callbacks.is_empty() {
                inner.outbox.push(Outgoing::Release(callbacks));
            }
            // No dead-end check here (docs/session.md §12): an unmount leaves the cursor's page in
            // transit — StrictMode remounts it at once, a link click's sync follows — and the next
            // check (a registration, a move, a report) judges it.
            if changed {
                inner.structure_changed();
            }
        }
        self.flush();
        Ok(())
    }

    /// Switch a registered control on or off (greyed, refused `TOOL_DISABLED` without evidence).
    /// An action with no registered handler has no switch: a silent no-op.
    pub(super) fn set_enabled_body(
        &self,
        group: &str,
        name: &str,
        on: bool,
    ) -> Result<(), SessionError> {
        self.guard("setEnabled")?;
        let now = self.host.now_ms();
        {
            let mut inner = self.inner.borrow_mut();
            inner.last_now = now;
            if inner.group_gone(group) {
                return Ok(());
            }
            let n = inner.group_index(group)?;
            let page = match inner.groups.get(&n) {
                Some(g) => Rc::clone(&g.page),
                None => return Ok(()),
            };
            let Some(id) = inner.resolve_name(&page, name, &[]) else {
                return Err(inner.unknown_name("setEnabled", &page, name));
            };
            let changed = match inner.registry.get_mut(&id) {
                Some(entry) if entry.enabled != on => {
                    entry.enabled = on;
                    true
                }
                _ => false,
            };
            if changed {
                let _ = inner.structure_changed();
            }
        }
        self.flush();
        Ok(())
    }
}
