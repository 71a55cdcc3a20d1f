//! A session's end (`docs/decisions.md` decision 26): `close()` releases every app function the
//! session holds — registered handlers, mount-declared actions' predicates and inline handlers, and
//! whatever the host keeps for it (`navigate`, `onWarn`, through `Host::closed`) — and every later
//! call made through [`Session::enter`] is refused with `SESSION_FREED`.
//!
//! A `close()` requested from inside a callback (a handler freeing its own session) takes effect
//! when the outermost call that entered through [`Session::enter`] returns, so the call in flight
//! finishes on a whole session. Dropping the last handle on a session closes it too. The JS layer enters through `enter` on every exported call of a
//! session and of its handles; native callers may too. Used by `js::session`, `js::session::handles`, `js::port`.

use crate::codes::ErrorCode;
use std::cell::Cell;
use std::ops::Deref;
use std::rc::Rc;

use super::{Session, SessionError};
use crate::graph::DefValue;
use crate::host::CallbackId;

/// How a session stands: calls in flight, and whether its end was asked for / has happened.
#[derive(Debug, Default)]
pub(crate) struct Life {
    active: Cell<u32>,
    closing: Cell<bool>,
    closed: Cell<bool>,
}

/// One call in flight on a session; derefs to it. Dropping the outermost one runs a pending close.
pub struct Entered {
    session: Rc<Session>,
}

impl Deref for Entered {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.session
    }
}

impl Drop for Entered {
    fn drop(&mut self) {
        let life = &self.session.life;
        life.active.set(life.active.get().saturating_sub(1));
        if life.active.get() == 0 && life.closing.get() {
            self.session.close_now();
        }
    }
}

/// The error every call on a closed session gets.
pub fn freed_error() -> SessionError {
    SessionError::usage(
        ErrorCode::SessionFreed,
        "this Session was freed (session.free()); it holds none of the app's functions any more. Create a new one with createSession(graph, navigate, options).",
    )
}

impl Session {
    /// Begin a call from the app; `SESSION_FREED` once the session is closed.
    pub fn enter(self: &Rc<Self>) -> Result<Entered, SessionError> {
        if self.life.closed.get() {
            return Err(freed_error());
        }
        self.life
            .active
            .set(self.life.active.get().saturating_add(1));
        Ok(Entered {
            session: Rc::clone(self),
        })
    }

    /// Whether the session is closed (every call through `enter` is refused).
    pub fn is_closed(&self) -> bool {
        self.life.closed.get()
    }

    /// End the session now, or — inside a call entered through `enter` — when the outermost such call
    /// returns. Idempotent. Returns whether the end was deferred.
    pub fn close(&self) -> bool {
        if self.life.closed.get() {
            return false;
        }
        if self.life.active.get() > 0 {
            self.life.closing.set(true);
            return true;
        }
        self.close_now();
        false
    }

    fn close_now(&self) {
        if self.life.closed.replace(true) {
            return;
        }
        self.life.closing.set(false);
        let ids = {
            let mut inner = self.inner.borrow_mut();
            let mut ids: Vec<CallbackId> = Vec::new();
            for (_, group) in inner.groups.drain() {
                if group.live {
                    ids.extend(group.callbacks);
                }
            }
            inner.registry.clear();
            inner.mounted.clear();
            inner.mount_order.clear();
            inner.deferred.clear();
            inner.outbox.clear();
            CallbackId::sorted_unique(ids)
        };
        self.host.release_callbacks(&ids);
        self.host.closed(self);
    }
}

/// A session dropped without `close()` (an app that never called `free()`, its wrapper collected)
/// still releases what it holds.
impl Drop for Session {
    fn drop(&mut self) {
        self.close_now();
    }
}

/// Every function id inside an authored value (a mount declaration's predicate, inline handler, …).
pub(crate) fn functions_in(def: &DefValue, out: &mut Vec<CallbackId>) {
    match def {
        DefValue::Function(id) => out.push(*id),
        DefValue::Array(items) => items.iter().for_each(|item| functions_in(item, out)),
        DefValue::Object(entries) => entries
            .iter()
            .for_each(|(_, value)| functions_in(value, out)),
        _ => {}
    }
}
