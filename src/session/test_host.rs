//! `ClosureHost`: a native [`Host`] made of Rust closures, for tests and benches across the crate.
//! Handlers, predicates and `navigate` receive `&Session` and may re-enter it exactly as a JS app does
//! (the store tap calls `update_state`, the router tap calls `sync`). Warnings are captured.
//! Compiled only for tests and benches (`cfg(test)` or the `test-support` feature), never shipped.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;

use super::Session;
use crate::host::{CallbackId, HandlerOutcome, Host, PredicateAnswer};

type HandlerFn = Rc<dyn Fn(&Session, Option<&Value>) -> HandlerOutcome>;
type PredicateFn = Rc<dyn Fn(&Session, &Value) -> PredicateAnswer>;
type NavigateFn = Rc<dyn Fn(&Session, &str) -> HandlerOutcome>;
/// A subscribe listener: `Err(message)` stands for a JS listener that threw.
type ListenerFn = Rc<dyn Fn(&Session) -> Result<(), String>>;

/// A host whose callbacks are closures. Register callbacks first, use their ids in the graph / in
/// `register_actions`, then hand `Rc<ClosureHost>` to `Session::new`.
#[derive(Default)]
pub struct ClosureHost {
    handlers: RefCell<HashMap<CallbackId, HandlerFn>>,
    predicates: RefCell<HashMap<CallbackId, PredicateFn>>,
    navigate: RefCell<Option<NavigateFn>>,
    next_id: Cell<u32>,
    /// Every warning, in order.
    pub warnings: RefCell<Vec<String>>,
    /// Transition ids the session reported as settled, in order.
    pub settled: RefCell<Vec<String>>,
    /// Callback ids the session released.
    pub released: RefCell<Vec<CallbackId>>,
    /// The clock `now_ms` returns (tests may move it).
    pub now: Cell<f64>,
    /// Subscribe listeners in subscription order, as the JS layer keeps them (decision 29).
    listeners: RefCell<Vec<(u32, ListenerFn)>>,
    next_listener: Cell<u32>,
    /// How many times the session called `changed`.
    pub changed_calls: Cell<u32>,
}

impl ClosureHost {
    pub fn new() -> ClosureHost {
        ClosureHost::default()
    }

    fn mint(&self) -> CallbackId {
        let id = self.next_id.get();
        self.next_id.set(id + 1);
        CallbackId(id)
    }

    /// Register a handler closure; returns its id.
    pub fn handler(
        &self,
        f: impl Fn(&Session, Option<&Value>) -> HandlerOutcome + 'static,
    ) -> CallbackId {
        let id = self.mint();
        self.handlers.borrow_mut().insert(id, Rc::new(f));
        id
    }

    /// Register a verify predicate closure; returns its id.
    pub fn predicate(
        &self,
        f: impl Fn(&Session, &Value) -> PredicateAnswer + 'static,
    ) -> CallbackId {
        let id = self.mint();
        self.predicates.borrow_mut().insert(id, Rc::new(f));
        id
    }

    /// Give the session a `navigate` function.
    pub fn set_navigate(&self, f: impl Fn(&Session, &str) -> HandlerOutcome + 'static) {
        *self.navigate.borrow_mut() = Some(Rc::new(f));
    }

    /// Take the `navigate` function away (`setNavigate(null)`; call `Session::navigate_replaced` after).
    pub fn clear_navigate(&self) {
        *self.navigate.borrow_mut() = None;
    }

    /// Subscribe a listener; returns its subscription id for [`ClosureHost::unsubscribe`].
    pub fn subscribe(&self, f: impl Fn(&Session) -> Result<(), String> + 'static) -> u32 {
        let id = self.next_listener.get();
        self.next_listener.set(id + 1);
        self.listeners.borrow_mut().push((id, Rc::new(f)));
        id
    }

    /// Drop a subscription (safe from inside a listener; a second call does nothing).
    pub fn unsubscribe(&self, id: u32) {
        self.listeners.borrow_mut().retain(|(l, _)| *l != id);
    }

    /// The captured warnings so far.
    pub fn warnings(&self) -> Vec<String> {
        self.warnings.borrow().clone()
    }
}

impl Host for ClosureHost {
    fn call_handler(
        &self,
        session: &Session,
        handler: CallbackId,
        input: Option<&Value>,
    ) -> HandlerOutcome {
        // Clone the closure out so no host borrow is held while it re-enters.
        let f = self.handlers.borrow().get(&handler).cloned();
        match f {
            Some(f) => f(session, input),
            None => {
                HandlerOutcome::Threw(format!("no closure registered for handler {}", handler.0))
            }
        }
    }

    fn ask_predicate(
        &self,
        session: &Session,
        predicate: CallbackId,
        state: &Value,
    ) -> PredicateAnswer {
        let f = self.predicates.borrow().get(&predicate).cloned();
        match f {
            Some(f) => f(session, state),
            None => PredicateAnswer::Threw(format!(
                "no closure registered for predicate {}",
                predicate.0
            )),
        }
    }

    fn can_navigate(&self) -> bool {
        self.navigate.borrow().is_some()
    }

    fn navigate(&self, session: &Session, href: &str) -> HandlerOutcome {
        let f = self.navigate.borrow().clone();
        match f {
            Some(f) => f(session, href),
            None => HandlerOutcome::Threw("no navigate function was given".into()),
        }
    }

    fn warn(&self, _session: &Session, message: &str) {
        self.warnings.borrow_mut().push(message.to_string());
    }

    fn settled(&self, _session: &Session, transition_id: &str) {
        self.settled.borrow_mut().push(transition_id.to_string());
    }

    fn now_ms(&self) -> f64 {
        self.now.get()
    }

    fn release_callbacks(&self, ids: &[CallbackId]) {
        self.released.borrow_mut().extend_from_slice(ids);
    }

    /// As the JS host does: the listeners subscribed when the round starts, each skipped if it was
    /// unsubscribed meanwhile, no borrow held while one runs, a failure reported and passed over.
    fn changed(&self, session: &Session) {
        self.changed_calls.set(self.changed_calls.get() + 1);
        let round: Vec<(u32, ListenerFn)> = self.listeners.borrow().clone();
        for (id, f) in round {
            if !self.listeners.borrow().iter().any(|(l, _)| *l == id) {
                continue;
            }
            if let Err(message) = f(session) {
                session.listener_threw(&message);
            }
        }
    }
}
