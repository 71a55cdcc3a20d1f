//! `why {key}`: why a state key holds its value — the recorded fires that wrote it, oldest first,
//! each with who fired it and how it ended. Data only; no narrative.
//!
//! Uses `session` (`transitions`, `state`, `served_action`) and the graph. Used by `serve::port`.
//!
//! A row counts when it changed the key: a committed fire whose action (as captured at fire time)
//! declares the key in `writes`, or a state report nobody fired (e.g. the user typing) whose delta
//! changed the key's value — report rows keep the changed key names, never the values.

use crate::codes::Refusal;
use serde_json::Value;

use super::args::{error_head, Args, Out};
use super::port::{AgentPort, ToolResult};
use super::texts;
use crate::session::{CauseKind, EffectVerified};

impl AgentPort {
    pub(super) fn why(&self, args: &Args) -> ToolResult {
        let Some(key) = args.string("key") else {
            let mut out = error_head(Refusal::KeyRequired);
            out.set("why", texts::KEY_REQUIRED);
            self.position(&mut out);
            return Ok(out);
        };
        let mut chain = Vec::new();
        for record in self.session.transitions_touching(key) {
            let mut link = Out::new();
            link.set("transitionId", record.id.clone());
            match record.cause.affordance_id.as_deref() {
                Some(action_id) if record.cause.kind == CauseKind::Fired => {
                    link.set("did", action_id)
                }
                // A state report nobody fired: the app said the key changed.
                _ => link.set("reported", true),
            };
            link.set("principal", record.cause.principal.as_str())
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
            // docs/session.md §28: a hidden key's value is the marker; whether it holds is not hidden.
            Some(_) if self.session.redaction().key(key) => out
                .set("holds", true)
                .set("value", crate::graph::redact::MARKER),
            Some(value) => out.set("holds", true).set("value", value.clone()),
            None => out.set("holds", false),
        };
        if chain.is_empty() {
            out.set("why", texts::WHY_NO_WRITER);
            // The actions that declare they write the key, each with the declared hops to the nearest
            // page offering it (docs/facts-and-serving.md §4.12): where a writer is elsewhere, how to get there.
            let writers: Vec<Value> = self
                .session
                .graph()
                .actions
                .iter()
                .filter(|a| {
                    a.writes
                        .as_ref()
                        .is_some_and(|w| w.iter().any(|k| k == key))
                })
                .filter_map(|a| {
                    let answer = self.session.route_to_action(&a.id)?;
                    let mut row = answer.to_json();
                    row["action"] = Value::String(a.id.clone());
                    Some(row)
                })
                .collect();
            if !writers.is_empty() {
                out.set("declaredWriters", Value::Array(writers));
            }
        }
        out.set("chain", Value::Array(chain));
        self.position(&mut out);
        Ok(out)
    }
}
