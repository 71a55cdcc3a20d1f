//! `why {key}`: why a state key holds its value — the recorded fires that wrote it, oldest first,
//! each with who fired it and how it ended. Data only; no narrative.
//!
//! Uses `session` (`transitions`, `state`, `served_action`) and the graph. Used by `serve::port`.
//!
//! A fire counts as a writer when its action declares the key in `writes` and its record committed.
//! Limitation: the session keeps no per-row delta, so a report the app made on its own (a stimulus
//! row, e.g. the user typing) is not traced to the key; only fires that declare it are.

use serde_json::Value;

use super::args::{error_head, Args, Out};
use super::port::{AgentPort, ToolResult};
use super::texts;
use crate::session::{CauseKind, EffectVerified, Outcome};

impl AgentPort {
    pub(super) fn why(&self, args: &Args) -> ToolResult {
        let Some(key) = args.string("key") else {
            let mut out = error_head("KEY_REQUIRED");
            out.set("why", texts::KEY_REQUIRED);
            self.position(&mut out);
            return Ok(out);
        };
        let graph = self.session.graph();
        let mut chain = Vec::new();
        for record in self.session.transitions() {
            if record.cause.kind != CauseKind::Fired || record.outcome != Outcome::Committed {
                continue;
            }
            let Some(action_id) = record.cause.affordance_id.as_deref() else { continue };
            // The declared writes: the served action (mounts included), else the compiled one.
            let writes = self
                .session
                .served_action(action_id)
                .and_then(|a| a.writes.clone())
                .or_else(|| graph.action(action_id).and_then(|a| a.writes.clone()))
                .unwrap_or_default();
            if !writes.iter().any(|w| w == key) {
                continue;
            }
            let mut link = Out::new();
            link.set("transitionId", record.id.clone())
                .set("did", action_id)
                .set("principal", record.cause.principal.as_str())
                .set_true("inferred", record.cause.inferred)
                .set("version", record.cursor_version);
            if let Some(EffectVerified::Observed(observed)) = record.effect_verified {
                link.set("writesObserved", observed);
            }
            chain.push(link.done());
        }
        let state = self.session.state();
        let mut out = Out::ok(true);
        out.set("key", key);
        match state.get(key) {
            Some(value) => out.set("holds", true).set("value", value.clone()),
            None => out.set("holds", false),
        };
        if chain.is_empty() {
            out.set("why", texts::WHY_NO_WRITER);
        }
        out.set("chain", Value::Array(chain));
        self.position(&mut out);
        Ok(out)
    }
}
