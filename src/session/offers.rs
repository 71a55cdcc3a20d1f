//! What is on offer: `available()` — the actions served on the cursor's page whose guard passes,
//! greyed marks, `expects`, materialisation — and the cached list of offered ids gap rows carry.
//! Uses `graph::guards`. Used by `fire` (checks, gap rows), `deadend`, `journeys`, `serve`, `facts`.

use super::*;

impl Session {
    /// `available()`: the offered edges on the current page, in served order, plus every journey.
    pub fn available(&self) -> Available {
        todo!("session::offers::available")
    }
}
