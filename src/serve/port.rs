//! `AgentPort` (`serveToAgent(session)`): holds the session, the fixed tool table and the options, and
//! routes `call(name, args)` to the tool modules.
//!
//! Uses `session::Session` and every sibling module. Used by `js::port` (wasm) and native tests.
//! `call` never panics and never errors: unknown tools, missing or mistyped arguments and session
//! errors all come back as plain JSON results a model can read and correct from.

use std::rc::Rc;

use serde_json::{json, Value};

use super::args::{error_head, Args, Out};
use super::texts;
use super::tools::{ToolDescription, ToolKind, ToolTable};
use crate::session::{Principal, Session, SessionError};

/// `serveToAgent(session, options)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PortOptions {
    /// Ask before a high-effect action (default true). Enforced approval asks regardless.
    pub confirm_high_effect: bool,
    /// The principal stamped on every fire this port makes (default `agent`).
    pub source: Principal,
}

impl Default for PortOptions {
    fn default() -> PortOptions {
        PortOptions {
            confirm_high_effect: true,
            source: Principal::Agent,
        }
    }
}

/// The model-facing port over one session.
pub struct AgentPort {
    pub(super) session: Rc<Session>,
    pub(super) options: PortOptions,
    pub(super) table: ToolTable,
    /// The session enforces human approval (fixed per session, so fixed per port).
    pub(super) gated: bool,
}

impl AgentPort {
    /// Build the port; the tool array is fixed here for the port's whole life.
    pub fn new(session: Rc<Session>, options: PortOptions) -> AgentPort {
        let gated = session.requires_human_approval();
        let table = ToolTable::build(&session.graph(), gated);
        AgentPort {
            session,
            options,
            table,
            gated,
        }
    }

    /// The tool array: the same bytes on every call.
    pub fn tools(&self) -> Vec<ToolDescription> {
        self.table.tools.clone()
    }

    /// The tool array as JSON (`[{name, description, inputSchema}]`).
    pub fn tools_json(&self) -> Value {
        serde_json::to_value(&self.table.tools).unwrap_or_else(|_| json!([]))
    }

    /// Route one tool call. Always a JSON object.
    pub fn call(&self, name: &str, args: &Value) -> Value {
        let args = Args::new(args);
        let out = match self.table.kind_of(name).cloned() {
            None => {
                let mut out = error_head("UNKNOWN_TOOL");
                out.set("why", texts::UNKNOWN_TOOL)
                    .set("tools", self.table.names());
                return out.done();
            }
            Some(ToolKind::WhatsHere) => self.whats_here(&args),
            Some(ToolKind::DoAction) => self.do_action(&args),
            Some(ToolKind::DidItWork) => self.did_it_work(&args),
            Some(ToolKind::Why) => self.why(&args),
            Some(ToolKind::Journey(id)) => self.journey(&id, &args),
        };
        match out {
            Ok(out) => out.done(),
            Err(error) => self.session_error(&error).done(),
        }
    }

    /// The encoded name of a generic tool, for sentences that point at it.
    pub(super) fn tool_name(&self, kind: ToolKind) -> String {
        self.table.name_of(&kind)
    }

    /// `youAreOn` + `version`, appended to (almost) every result.
    pub(super) fn position(&self, out: &mut Out) {
        out.set("youAreOn", self.session.node())
            .set("version", self.session.version());
    }

    /// A session error (a re-entrant call, an internal refusal) as a result.
    fn session_error(&self, error: &SessionError) -> Out {
        let mut out = error_head(error.code);
        out.set("why", error.message.clone());
        self.position(&mut out);
        out
    }
}

/// The result of a tool body: a result object, or a session error the port turns into one.
pub(super) type ToolResult = Result<Out, SessionError>;
