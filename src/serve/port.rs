//! `AgentPort` (`serveToAgent(session)`): holds the session, the fixed tool table and the options, and
//! routes `call(name, args)` to the tool modules.
//!
//! Uses `session::Session` and every sibling module. Used by `js::port` (wasm) and native tests.
//! `call` never panics and never errors: unknown tools, missing or mistyped arguments and session
//! errors all come back as plain JSON results a model can read and correct from (decision 34,
//! docs/facts-and-serving.md §9); `answer` (in `serve::answer`) does the same for a whole tool call.

use crate::codes::Refusal;
use std::cell::Cell;
use std::rc::Rc;

use serde_json::{json, Value};

use super::answer::AnsweredIds;
use super::args::Args;
use super::formats::{self, ToolFormat};
use super::shapes::{error_head, Obj, Out, RouteTo};
use super::texts;
use super::tools::{ToolDescription, ToolKind, ToolTable};
use super::whats_here::WhatsHere;
use crate::session::{Principal, RouteAnswer, Session, SessionError};

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
    /// The call being answered names tools the OpenAI/Anthropic way (`g_did_it_work`), so the
    /// sentences and lists it gets back do too (docs/facts-and-serving.md §9.3).
    provider_naming: Cell<bool>,
    /// The call ids `answer` has answered (a repeat is not run again).
    pub(super) answered: AnsweredIds,
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
            provider_naming: Cell::new(false),
            answered: AnsweredIds::default(),
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

    /// Route one tool call. Always a JSON object. One call for the session's listeners (decision 29),
    /// however many session calls it makes. A name without a dot is a provider name (the port's own
    /// names always have one), and the answer names tools that way too.
    pub fn call(&self, name: &str, args: &Value) -> Value {
        self.call_named(name, args, !name.contains('.'))
    }

    /// [`AgentPort::call`], naming tools the provider way (`provider`) or the port's own way.
    pub(super) fn call_named(&self, name: &str, args: &Value, provider: bool) -> Value {
        self.answer_in(name, args, provider).into_value()
    }

    /// [`AgentPort::call`] with `whats_here`'s result still typed, for a caller that writes it out as
    /// JSON text itself (the wasm boundary) instead of building its `Value`.
    pub fn call_answer(&self, name: &str, args: &Value) -> Answer {
        self.answer_in(name, args, !name.contains('.'))
    }

    fn answer_in(&self, name: &str, args: &Value, provider: bool) -> Answer {
        // Restored on the way out: a handler may call the port again, the other way.
        let outer = self.provider_naming.replace(provider);
        let answer = self.session.scoped(|| self.call_unscoped(name, args));
        self.provider_naming.set(outer);
        answer
    }

    fn call_unscoped(&self, name: &str, args: &Value) -> Answer {
        let out = match self.table.kind_of(name).cloned() {
            None => {
                let why = if name.is_empty() {
                    texts::TOOL_NAME_MISSING
                } else {
                    texts::UNKNOWN_TOOL
                };
                return Answer::Json(self.unknown_tool(why, self.provider_naming.get()));
            }
            Some(_) if !(args.is_object() || args.is_null()) => {
                let mut out = error_head(Refusal::ArgsNotObject);
                out.why(texts::ARGS_NOT_OBJECT);
                self.position(&mut out);
                return Answer::Json(out.done());
            }
            Some(ToolKind::WhatsHere) => {
                return Answer::WhatsHere(Box::new(self.whats_here(&Args::new(args))))
            }
            Some(ToolKind::DoAction) => self.do_action(&Args::new(args)),
            Some(ToolKind::DidItWork) => self.did_it_work(&Args::new(args)),
            Some(ToolKind::Why) => self.why(&Args::new(args)),
            Some(ToolKind::Journey(id)) => self.journey(&id, &Args::new(args)),
        };
        Answer::Json(match out {
            Ok(out) => out.done(),
            Err(error) => self.error_result(&error).done(),
        })
    }

    /// `UNKNOWN_TOOL`, listing the tools by the names the caller uses.
    pub(super) fn unknown_tool(&self, why: &str, provider: bool) -> Value {
        let mut out = error_head(Refusal::UnknownTool);
        out.why(why).tools(self.tool_names(provider));
        out.done()
    }

    /// The tools' names in array order: the provider names, or the port's own.
    pub(super) fn tool_names(&self, provider: bool) -> Vec<String> {
        if provider {
            self.table.provider.clone()
        } else {
            self.table.names()
        }
    }

    /// The tool array in `format` (see `serve::formats`): the same bytes on every call.
    pub fn tools_in(&self, format: ToolFormat) -> Value {
        let tools = self.table.tools.iter().zip(&self.table.provider);
        Value::Array(
            tools
                .map(|(tool, provider)| formats::render(tool, provider, format))
                .collect(),
        )
    }

    /// WebMCP tool descriptors (`registerTool` minus `execute`): the tool's own name when WebMCP
    /// accepts it (else its provider name), and `annotations.readOnlyHint` for the tools that only read.
    pub fn webmcp_tools(&self) -> Value {
        let tools = self.table.tools.iter().zip(&self.table.provider);
        let rows = tools.map(|(tool, provider)| {
            let read_only = matches!(
                self.table.kind_of(&tool.name),
                Some(ToolKind::WhatsHere | ToolKind::DidItWork | ToolKind::Why)
            );
            let name = if formats::is_webmcp_name(&tool.name) {
                &tool.name
            } else {
                provider
            };
            json!({
                "name": name,
                "description": tool.description,
                "inputSchema": tool.input_schema,
                "annotations": { "readOnlyHint": read_only },
            })
        });
        Value::Array(rows.collect())
    }

    /// The name of a generic tool, for sentences that point at it, as the caller names tools.
    pub(super) fn tool_name(&self, kind: ToolKind) -> String {
        if self.provider_naming.get() {
            self.table.provider_name_of(&kind)
        } else {
            self.table.name_of(&kind)
        }
    }

    /// `youAreOn`, `lookingAt` (the reader's focus below page level, when known) and `version`,
    /// appended to (almost) every result (docs/facts-and-serving.md §4.3).
    pub(super) fn position(&self, out: &mut Out) {
        out.you_are_on(self.session.node());
        if let Some(focus) = self.session.focus() {
            out.looking_at(focus);
        }
        out.version(self.session.version());
    }

    /// A session error (a re-entrant call, an internal refusal) as a result.
    fn error_result(&self, error: &SessionError) -> Out {
        let mut out = error_head(error.code);
        out.why(&error.message);
        self.position(&mut out);
        out
    }
}

/// `{ page, route, howToGetThere }`: the declared hops to a page; the caller adds the step or the
/// action it leads to (docs/facts-and-serving.md §4.8, §4.12).
pub(super) fn route_to(answer: RouteAnswer) -> Obj<RouteTo> {
    let mut route = Obj::<RouteTo>::new();
    let how = answer.sentence();
    route
        .page(answer.target)
        .route(answer.route)
        .how_to_get_there(how);
    route
}

/// A tool call's result: a JSON object, or `whats_here`'s typed result (the per-turn read, written
/// straight to JSON text at the boundary; docs/boundary.md).
#[derive(Debug)]
pub enum Answer {
    Json(Value),
    WhatsHere(Box<WhatsHere>),
}

impl Answer {
    /// The result as a JSON object. `whats_here`'s is read back from the very text the wasm boundary
    /// hands JS (`WhatsHere::json_text`).
    pub fn into_value(self) -> Value {
        match self {
            Answer::Json(value) => value,
            Answer::WhatsHere(result) => {
                serde_json::from_str(&result.json_text()).unwrap_or(Value::Null)
            }
        }
    }
}

/// The result of a tool body: a result object, or a session error the port turns into one.
pub(super) type ToolResult = Result<Out, SessionError>;
