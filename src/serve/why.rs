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

use super::args::Args;
use super::port::route_to;
use super::port::{AgentPort, ToolResult};
use super::shapes::{error_head, ChainLink, Obj, Out, RouteTo};
use super::texts;
use crate::session::{CauseKind, EffectVerified};

impl AgentPort {
    pub(super) fn why(&self, args: &Args) -> ToolResult {
        let Some(key) = args.string("key") else {
            let mut out = error_head(Refusal::KeyRequired);
            out.why(texts::KEY_REQUIRED);
            self.position(&mut out);
            return Ok(out);
        };
        let mut chain = Vec::new();
        for record in self.session.transitions_touching(key) {
            let mut link = Obj::<ChainLink>::new();
            link.transition_id(record.id);
            match record.cause.affordance_id {
                Some(action_id) if record.cause.kind == CauseKind::Fired => link.did(action_id),
                // A state report nobody fired: the app said the key changed.
                _ => link.reported(true),
            };
            link.principal(record.cause.principal);
            if record.cause.inferred {
                link.inferred(true);
            }
            link.version(record.cursor_version);
            if let Some(EffectVerified::Observed(observed)) = record.effect_verified {
                link.writes_observed(EffectVerified::Observed(observed));
            }
            chain.push(link);
        }
        let state = self.session.state();
        let mut out = Out::answer(true);
        out.key(key);
        match state.get(key) {
            // docs/session.md §28: a hidden key's value is the marker; whether it holds is not hidden.
            Some(_) if self.session.redaction().key(key) => out
                .holds(true)
                .value(Value::from(crate::graph::redact::MARKER)),
            Some(value) => out.holds(true).value(value.clone()),
            None => out.holds(false),
        };
        if chain.is_empty() {
            out.why(texts::WHY_NO_WRITER);
            // The actions that declare they write the key, each with the declared hops to the nearest
            // page offering it (docs/facts-and-serving.md §4.12): where a writer is elsewhere, how to get there.
            let writers: Vec<Obj<RouteTo>> = self
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
                    let mut row = route_to(self.session.route_to_action(&a.id)?);
                    row.action(&a.id);
                    Some(row)
                })
                .collect();
            if !writers.is_empty() {
                out.declared_writers(writers);
            }
        }
        out.chain(chain);
        self.position(&mut out);
        Ok(out)
    }
}
