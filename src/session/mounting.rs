//! A page that is still mounting (docs/session.md §32; decision 40): after the cursor moves, the
//! destination's components register their actions a frame or more later (Next's `router.push`
//! returns nothing; React runs the new page's effects after it paints). An agent that acts at once
//! must not be told the action is "not wired" (`NOT_MATERIALIZED`) when it is only not wired *yet*.
//!
//! The rule. Every cursor move (a fire's claimed hop or a `sync`) to another page opens a mounting
//! window on the destination, unless a live group is already registered there (the page mounted
//! before the router reported it). The window closes at the first `registerActions` on that page, or
//! [`MOUNTING_WINDOW_MS`] after the move by the host's clock, or after [`MOUNTING_ANSWERS`] answers
//! given from it — whichever comes first, so a page that never registers anything is called
//! `NOT_MATERIALIZED` again within a bounded time even on a host with no clock. While it is open, an
//! agent's fire of an unwired action of that page (not a url gesture: `setNavigate` wires those) is refused `PAGE_MOUNTING` (a recorded attempt,
//! retriable; its facts line says the page was still loading), the page is not called a dead end
//! (docs/session.md §12) while it lasts, and the port answers a name it
//! cannot resolve on that page the same way instead of `UNKNOWN_ACTION`. The page a session starts
//! on opens no window (a deep link's components mount with the session's provider).
//!
//! Uses `state` (`Inner`: cursor, groups, clock). Used by `focus` (moves), `mounts` (registration),
//! `fire` (the check), `deadend` and `serve::acting` (the port's unresolved names).

use std::rc::Rc;

use super::state::Inner;
use super::Session;

/// How long after a move the destination counts as mounting, in host milliseconds.
pub const MOUNTING_WINDOW_MS: f64 = 5_000.0;
/// How many `PAGE_MOUNTING` answers one move may give before the page counts as mounted.
pub const MOUNTING_ANSWERS: u32 = 5;

/// The open mounting window, if any.
#[derive(Debug, Default)]
pub(crate) struct Mounting {
    open: Option<Window>,
}

#[derive(Debug)]
struct Window {
    page: Rc<str>,
    since: f64,
    answers: u32,
}

impl Inner {
    /// The cursor is about to stand on `target` (another node): open the window unless the page
    /// already has a live group.
    pub(crate) fn mounting_on_move(&mut self, target: &str) {
        let mounted = self.groups.values().any(|g| g.live && &*g.page == target);
        self.mounting.open = (!mounted).then(|| Window {
            page: Rc::from(target),
            since: self.last_now,
            answers: 0,
        });
    }

    /// A group registered on `page`: the page is mounting no longer.
    pub(crate) fn mounting_registered(&mut self, page: &str) {
        if self
            .mounting
            .open
            .as_ref()
            .is_some_and(|w| &*w.page == page)
        {
            self.mounting.open = None;
        }
    }

    /// Whether the window is open on `page`, the cursor's page (read only: counts nothing).
    pub(crate) fn mounting_open(&self, page: &str) -> bool {
        self.mounting.open.as_ref().is_some_and(|w| {
            *w.page == *page
                && *self.node == *page
                && (self.last_now - w.since).max(0.0) <= MOUNTING_WINDOW_MS
                && w.answers < MOUNTING_ANSWERS
        })
    }

    /// Whether an answer about `page` may still say it is mounting; counts the answer when it may.
    pub(crate) fn take_mounting_answer(&mut self, page: &str) -> bool {
        let now = self.last_now;
        let cursor = Rc::clone(&self.node);
        let Some(window) = self.mounting.open.as_mut() else {
            return false;
        };
        let elapsed = (now - window.since).max(0.0);
        let open = *window.page == *page
            && *window.page == *cursor
            && elapsed <= MOUNTING_WINDOW_MS
            && window.answers < MOUNTING_ANSWERS;
        if open {
            window.answers += 1;
        } else {
            self.mounting.open = None;
        }
        open
    }
}

impl Session {
    /// The port's question for a name it cannot resolve: is the cursor's page still
    /// mounting? Counts as one of the window's answers when it is.
    pub fn page_still_mounting(&self) -> bool {
        let now = self.host.now_ms();
        let mut inner = self.inner.borrow_mut();
        inner.last_now = now;
        let node = Rc::clone(&inner.node);
        inner.take_mounting_answer(&node)
    }
}
