//! `port.answer(toolCall, { format })`: a provider's tool call read in its own shape, run, and
//! answered with the message that API expects back — whatever the model sent (decision 34,
//! docs/facts-and-serving.md §9). Arguments that are not JSON, not an object or too large, a call
//! with no tool name, no call id, or an id this port already answered: each is answered as data in
//! the caller's format, and every call id is answered by exactly one message. Nothing here fails.
//!
//! Uses `serve::formats` (the result messages), `serve::port` (`call_named`), `serve::args` and
//! `serve::texts`. Used by `js::port` (which reads the call from JS within the size limit first) and
//! native tests.

use std::cell::RefCell;
use std::collections::{HashSet, VecDeque};

use serde_json::{json, Value};

use super::formats::{self, ToolFormat};
use super::port::AgentPort;
use super::shapes::error_head;
use super::texts;
use crate::codes::Refusal;

/// How many answered call ids a port remembers to refuse a repeat (the oldest are forgotten first).
pub const ANSWERED_IDS_KEPT: usize = 4096;

/// The call ids a port answered, newest last, bounded by [`ANSWERED_IDS_KEPT`].
#[derive(Debug, Default)]
pub struct AnsweredIds {
    order: RefCell<VecDeque<String>>,
    set: RefCell<HashSet<String>>,
}

impl AnsweredIds {
    /// Note `id` as answered; `false` when it already was.
    fn first_time(&self, id: &str) -> bool {
        if !self.set.borrow_mut().insert(id.to_string()) {
            return false;
        }
        let mut order = self.order.borrow_mut();
        order.push_back(id.to_string());
        if order.len() > ANSWERED_IDS_KEPT {
            if let Some(old) = order.pop_front() {
                self.set.borrow_mut().remove(&old);
            }
        }
        true
    }
}

/// The arguments of a tool call as read.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadArgs {
    /// A JSON object (absent, `null` and empty text read as `{}`).
    Object(Value),
    /// Text that is not JSON, with the parser's complaint.
    NotJson(String),
    /// JSON, but not an object.
    NotObject,
    /// Over twice the session's `maxValueBytes`: never read in (the JS boundary says so).
    TooLarge,
}

/// A provider's tool call, read as far as it can be: its id (never for MCP), the tool name, the
/// arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadCall {
    pub id: Option<String>,
    pub name: Option<String>,
    pub args: ReadArgs,
}

fn text_at<'a>(value: &'a Value, path: &[&str]) -> Option<&'a str> {
    path.iter().try_fold(value, |v, key| v.get(key))?.as_str()
}

/// Where `format` carries the arguments: a member of the call (`arguments`, `input`), or of its
/// `function` member (OpenAI Chat).
pub fn args_path(format: ToolFormat) -> &'static [&'static str] {
    match format {
        ToolFormat::Mcp | ToolFormat::OpenAiResponses => &["arguments"],
        ToolFormat::OpenAi => &["function", "arguments"],
        ToolFormat::Anthropic => &["input"],
    }
}

fn read_args(raw: Option<&Value>) -> ReadArgs {
    let parsed = match raw {
        None | Some(Value::Null) => return ReadArgs::Object(json!({})),
        Some(Value::String(text)) if text.trim().is_empty() => return ReadArgs::Object(json!({})),
        Some(Value::String(text)) => match serde_json::from_str::<Value>(text) {
            Ok(value) => value,
            Err(e) => return ReadArgs::NotJson(e.to_string()),
        },
        Some(other) => other.clone(),
    };
    match parsed {
        Value::Object(_) => ReadArgs::Object(parsed),
        Value::Null => ReadArgs::Object(json!({})),
        _ => ReadArgs::NotObject,
    }
}

/// Read a tool call in the shape `format` delivers it: MCP `{ name, arguments }`; OpenAI Chat
/// `{ id, function: { name, arguments } }`; OpenAI Responses `{ call_id, name, arguments }`;
/// Anthropic `{ id, name, input }`. Anything missing or mistyped reads as absent.
pub fn read_tool_call(format: ToolFormat, call: &Value) -> ReadCall {
    let (id, name) = match format {
        ToolFormat::Mcp => (None, text_at(call, &["name"])),
        ToolFormat::OpenAi => (text_at(call, &["id"]), text_at(call, &["function", "name"])),
        ToolFormat::OpenAiResponses => (text_at(call, &["call_id"]), text_at(call, &["name"])),
        ToolFormat::Anthropic => (text_at(call, &["id"]), text_at(call, &["name"])),
    };
    let raw = args_path(format).iter().try_fold(call, |v, key| v.get(key));
    ReadCall {
        id: id.filter(|i| !i.is_empty()).map(str::to_string),
        name: name.filter(|n| !n.is_empty()).map(str::to_string),
        args: read_args(raw),
    }
}

impl AgentPort {
    /// Answer one tool call in the shape `format` delivers it (`{ id, function: { name, arguments } }`
    /// for OpenAI Chat, …) with the message that API expects back. Never fails (see the module doc).
    pub fn answer(&self, format: ToolFormat, call: &Value) -> Value {
        self.answer_read(format, read_tool_call(format, call))
    }

    /// [`AgentPort::answer`] of a call already read (the JS boundary reads it within the size limit).
    pub fn answer_read(&self, format: ToolFormat, call: ReadCall) -> Value {
        let provider = format != ToolFormat::Mcp;
        let id = call.id.as_deref();
        let result = if provider && id.is_none() {
            self.refused(Refusal::CallIdMissing, texts::CALL_ID_MISSING)
        } else if id.is_some_and(|id| !self.answered.first_time(id)) {
            self.refused(Refusal::CallIdRepeated, texts::CALL_ID_REPEATED)
        } else {
            match (call.name.as_deref(), call.args) {
                (None, _) => self.unknown_tool(texts::TOOL_NAME_MISSING, provider),
                (Some(_), ReadArgs::NotJson(problem)) => self.refused_with(
                    Refusal::ArgsNotJson,
                    format!("{} ({problem})", texts::ARGS_NOT_JSON),
                ),
                (Some(_), ReadArgs::NotObject) => {
                    self.refused(Refusal::ArgsNotObject, texts::ARGS_NOT_OBJECT)
                }
                (Some(_), ReadArgs::TooLarge) => {
                    let (_, limit) = self.session.limits();
                    self.refused_with(
                        Refusal::PayloadTooLarge,
                        texts::args_too_large(limit.saturating_mul(2)),
                    )
                }
                (Some(name), ReadArgs::Object(args)) => self.call_named(name, &args, provider),
            }
        };
        formats::tool_result(format, &result, Some(id.unwrap_or("")))
    }

    /// A refusal of the call itself (nothing was run), with the port's position.
    fn refused(&self, reason: Refusal, why: &str) -> Value {
        self.refused_with(reason, why.to_string())
    }

    fn refused_with(&self, reason: Refusal, why: String) -> Value {
        let mut out = error_head(reason);
        out.why(why);
        self.position(&mut out);
        out.done()
    }
}
