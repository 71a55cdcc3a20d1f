//! The seam between the core and the app: everything the core asks of the outside world.
//!
//! The core never holds a borrow of session internals while it calls a [`Host`] method: every one of
//! them may re-enter the session (the JS layer's implementation calls JS functions that call straight
//! back). Callbacks are named by opaque [`CallbackId`]s; the host keeps the functions behind them.
//! Used by `session` (all call-outs) and implemented by `js::session::host` (wasm) and by test hosts (native).

use std::any::Any;

use serde_json::Value;

use crate::session::Session;

pub use crate::graph::def::CallbackId;

/// What came back from a handler (or from `navigate`) when the core called it.
#[derive(Debug, Clone, PartialEq)]
pub enum HandlerOutcome {
    /// Returned normally; the value (if any, JSON-safe) is what the handler produced.
    Returned(Option<Value>),
    /// Returned an object whose own `ok` property is `false`; the text describes its error.
    ReturnedFailure(String),
    /// Threw; the text is the exception's message.
    Threw(String),
    /// Returned a thenable: the fire stays open until the host reports how it ended through
    /// `Session::complete_deferred_handler(token, outcome)`.
    Deferred(u32),
}

/// What came back from a verify predicate.
#[derive(Debug, Clone, PartialEq)]
pub enum PredicateAnswer {
    Held,
    Failed,
    /// Threw (message) — counted as unevaluable, with a warning.
    Threw(String),
    /// Returned something that is not a boolean (description of what came back, e.g. "a Promise").
    NotBoolean(String),
}

/// The app, as the core sees it. Every method may call back into `session`.
pub trait Host {
    /// Call a registered handler with the (already checked) input.
    fn call_handler(
        &self,
        session: &Session,
        handler: CallbackId,
        input: Option<&Value>,
    ) -> HandlerOutcome;
    /// [`Host::call_handler`] with what the caller of `fire` carried along for this fire's input
    /// ([`Session::fire_carrying`]): the JS layer carries the payload as the JSON text its walker
    /// wrote, and parses that text for the handler instead of writing `input` out again. `carried` is
    /// only passed with the input it was read into; hosts that carry nothing keep this default.
    fn call_handler_carrying(
        &self,
        session: &Session,
        handler: CallbackId,
        input: Option<&Value>,
        carried: Option<&dyn Any>,
    ) -> HandlerOutcome {
        let _ = carried;
        self.call_handler(session, handler, input)
    }
    /// Ask a verify predicate about a detached copy of the state.
    fn ask_predicate(
        &self,
        session: &Session,
        predicate: CallbackId,
        state: &Value,
    ) -> PredicateAnswer;
    /// Whether the app gave the session a `navigate` function.
    fn can_navigate(&self) -> bool;
    /// Push `href` through the app's own router.
    fn navigate(&self, session: &Session, href: &str) -> HandlerOutcome;
    /// A developer warning (the app's `onWarn`, else the console).
    fn warn(&self, session: &Session, message: &str);
    /// A runtime warning that restates what the record holds as data (a refused fire, a handler
    /// failure): only for an app that asked for every warning (`onWarn`), so the default is quiet
    /// (docs/session.md §29.4). Hosts without that distinction treat it as a warning.
    fn note(&self, session: &Session, message: &str) {
        self.warn(session, message)
    }
    /// A fire came to rest: its settlement is now retained (lets the host resolve promises).
    fn settled(&self, _session: &Session, _transition_id: &str) {}
    /// Milliseconds since the epoch, for record timestamps (never used for ordering).
    fn now_ms(&self) -> f64 {
        0.0
    }
    /// Handler callbacks the session no longer references (an unregistered group's); the host may free them.
    fn release_callbacks(&self, _ids: &[CallbackId]) {}
    /// The session changed (decision 29): run the app's subscribe listeners. Called once per outermost
    /// call that changed something, with no borrow held; listeners may call back in. A listener that
    /// throws is reported through `Session::listener_threw` and stops nothing.
    fn changed(&self, _session: &Session) {}

    /// The session was closed (decision 26): drop every app function kept for it (`navigate`, `onWarn`, …).
    fn closed(&self, _session: &Session) {}
}
