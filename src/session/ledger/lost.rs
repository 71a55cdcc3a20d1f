//! A record that lost part of its history (docs/session.md §25): when the app's module trapped and
//! was started again (docs/session.md §24), the session that replaces the lost one is created with
//! `historyLost: true`, and its facts block and brief say that attempts from before the restart may
//! be missing (decision 25's rule: never claim fewer attempts happened than did). The mark is part of
//! the record: snapshots carry it, and a restore that is itself a restart adds to it.
//! Uses `state::Inner`. Used by `persist::take`/`persist::restore`, `facts::read` and the JS layer.

use serde::{Deserialize, Serialize};

use crate::session::Session;

crate::record::record! {
    /// How often this record was restarted after losing history, and the version it stood at the last time.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[serde(rename_all = "camelCase")]
    pub struct HistoryLost {
        /// Restarts after which history was lost (at least 1).
        pub restarts: u32,
        /// The version the record stood at right after the latest of them.
        pub at_version: u64,
    }
}

impl Session {
    /// Whether, and how, this record lost part of its history.
    pub fn history_lost(&self) -> Option<HistoryLost> {
        self.inner.borrow().history_lost
    }

    /// `createSession(…, { historyLost: true })`: this record continues (fresh, or from the last
    /// snapshot kept) one whose history was lost; counted on top of what a restored snapshot carried.
    pub fn mark_history_lost(&self) {
        let mut inner = self.inner.borrow_mut();
        let at_version = inner.version;
        let restarts = inner
            .history_lost
            .map_or(1, |h| h.restarts.saturating_add(1));
        inner.history_lost = Some(HistoryLost {
            restarts,
            at_version,
        });
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use serde_json::json;

    use super::*;
    use crate::codes::ErrorCode;
    use crate::facts::read::{context_brief, ground_truth};
    use crate::graph::build_navigation_graph;
    use crate::graph::def::from_json_text;
    use crate::serve::{AgentPort, PortOptions};
    use crate::session::test_host::ClosureHost;
    use crate::session::{FireOptions, SessionOptions, SyncOptions};

    fn fresh() -> (Rc<crate::graph::NavigationGraph>, Session) {
        let def = from_json_text(
            &json!({"pages": {"a": {"route": "/a"}, "b": {"route": "/b"}}}).to_string(),
        )
        .expect("def");
        let graph = Rc::new(build_navigation_graph("g", &def).expect("graph"));
        let s = Session::new(
            Rc::clone(&graph),
            Rc::new(ClosureHost::new()),
            SessionOptions::default(),
        )
        .expect("session");
        (graph, s)
    }

    #[test]
    fn the_mark_travels_in_snapshots_and_a_restart_on_restore_counts_again() {
        let (graph, s) = fresh();
        assert_eq!(s.history_lost(), None);
        let plain = serde_json::to_value(s.snapshot()).expect("json");
        assert!(
            plain.get("historyLost").is_none(),
            "no key without a loss: {plain}"
        );
        s.mark_history_lost();
        assert!(ground_truth(&s, None, None)
            .text
            .contains("started again at version 0. Whatever"));
        assert!(ground_truth(&s, None, None)
            .text
            .contains("\nNo actions have been performed in this app since that restart."));
        assert!(context_brief(&s, None)
            .text
            .contains("Part of this record was lost"));
        s.sync("b", SyncOptions::default()).expect("sync");
        let snap = serde_json::to_value(s.snapshot()).expect("json");
        assert_eq!(snap["historyLost"], json!({"restarts": 1, "atVersion": 0}));

        let host = Rc::new(ClosureHost::new());
        let kept = Session::restore(
            Rc::clone(&graph),
            host.clone(),
            SessionOptions::default(),
            &snap,
        )
        .expect("restore");
        assert_eq!(kept.history_lost(), s.history_lost(), "a restore keeps it");
        let again = Session::restore(
            Rc::clone(&graph),
            host.clone(),
            SessionOptions::default(),
            &snap,
        )
        .expect("restore");
        again.mark_history_lost();
        let v = again.version();
        assert_eq!(
            again.history_lost(),
            Some(HistoryLost {
                restarts: 2,
                at_version: v
            })
        );

        let mut bad = snap.clone();
        bad["historyLost"] = json!({"restarts": 1, "atVersion": v + 5});
        let refused = Session::restore(
            Rc::clone(&graph),
            host.clone(),
            SessionOptions::default(),
            &bad,
        );
        assert_eq!(
            refused.err().map(|e| e.code),
            Some(ErrorCode::RestoreDamaged)
        );
        bad["historyLost"] = json!({"restarts": 0, "atVersion": 0});
        assert!(Session::restore(graph, host, SessionOptions::default(), &bad).is_err());
    }

    /// docs/facts-and-serving.md §2.15: a record that lost history started its clock again, so a
    /// cursor past it came from before the restart; every reader shows the whole record instead of
    /// calling an attempt made after the restart "earlier".
    #[test]
    fn a_cursor_past_the_clock_of_a_record_that_lost_history_shows_the_whole_record() {
        let def = from_json_text(
            &json!({"pages": {"a": {"route": "/a", "actions": {"x": {"does": "Do x"}}}}})
                .to_string(),
        )
        .expect("def");
        let graph = Rc::new(build_navigation_graph("g", &def).expect("graph"));
        let s = Rc::new(
            Session::new(
                graph,
                Rc::new(ClosureHost::new()),
                SessionOptions::default(),
            )
            .expect("session"),
        );
        s.fire("a.x", FireOptions::default()).expect("fire");
        let now = s.version();
        assert!(now < 4000);
        // Unmarked: a cursor past the clock keeps its plain meaning (nothing since it).
        let plain = ground_truth(&s, Some(4000), None).text;
        assert!(
            plain.contains("No actions have been performed since version 4000"),
            "{plain}"
        );

        s.mark_history_lost();
        let whole = ground_truth(&s, None, None).text;
        assert!(
            whole.contains(&format!("Attempts so far (version {now}):")),
            "{whole}"
        );
        assert_eq!(ground_truth(&s, Some(4000), None).text, whole);
        assert_eq!(ground_truth(&s, Some(now + 1), None).text, whole);
        assert_eq!(
            context_brief(&s, Some(4000)).text,
            context_brief(&s, None).text
        );
        // A cursor within the clock still narrows.
        let narrowed = ground_truth(&s, Some(now), None).text;
        assert!(
            narrowed.contains(&format!("since version {now} (now {now})")),
            "{narrowed}"
        );

        let port = AgentPort::new(Rc::clone(&s), PortOptions::default());
        let here = port.call("g.whats_here", &json!({"sinceVersion": 4000}));
        assert_eq!(here["facts"], json!(whole));
        assert!(!here["facts"]
            .as_str()
            .unwrap_or("")
            .contains("earlier attempt"));
    }
}
