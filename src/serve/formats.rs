//! The port's tools and results in each model API's own shape: MCP (the port's native shape), OpenAI
//! (Chat Completions function tools, and the Responses API's flat function tools) and Anthropic
//! (Messages API tools), plus WebMCP descriptors.
//!
//! OpenAI and Anthropic accept tool names matching `^[a-zA-Z0-9_-]{1,64}$` only, so a dotted name such
//! as `wizard.journey.new-project` gets a provider name (`wizard_journey_new-project`, made by
//! `serve::tool_name`: a long graph id shortens the graph part and keeps the tool's own word). The
//! names depend only on the graph id and its journey ids, so they are stable for the port's life and
//! across sessions of one graph. `port.call` accepts the name of any format.
//!
//! Pure functions over `serde_json` values. Used by `serve::tools` (names), `serve::port` (rendering,
//! results), `serve::answer` (result messages) and, through the port, by `js::port`.

use serde_json::{json, Map, Value};

use super::tools::ToolDescription;

pub use super::tool_name::{is_provider_name, PROVIDER_NAME_MAX};
/// The longest name WebMCP accepts.
pub const WEBMCP_NAME_MAX: usize = 128;

/// A model API's tool shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolFormat {
    /// `{ name, description, inputSchema }` — the port's native shape (MCP `tools/list`).
    Mcp,
    /// OpenAI Chat Completions: `{ type: 'function', function: { name, description, parameters } }`.
    OpenAi,
    /// OpenAI Responses API: `{ type: 'function', name, description, parameters }`.
    OpenAiResponses,
    /// Anthropic Messages API: `{ name, description, input_schema }`.
    Anthropic,
}

impl ToolFormat {
    pub const ALL: [ToolFormat; 4] = [
        ToolFormat::Mcp,
        ToolFormat::OpenAi,
        ToolFormat::OpenAiResponses,
        ToolFormat::Anthropic,
    ];

    /// The word apps pass as `format`.
    pub fn as_str(self) -> &'static str {
        match self {
            ToolFormat::Mcp => "mcp",
            ToolFormat::OpenAi => "openai",
            ToolFormat::OpenAiResponses => "openai-responses",
            ToolFormat::Anthropic => "anthropic",
        }
    }

    pub fn parse(word: &str) -> Option<ToolFormat> {
        ToolFormat::ALL.into_iter().find(|f| f.as_str() == word)
    }

    /// The words, quoted and joined, for messages.
    pub fn listed() -> String {
        ToolFormat::ALL
            .iter()
            .map(|f| format!("'{}'", f.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Whether `name` is valid for WebMCP (`[A-Za-z0-9_.-]`, 1–128 characters).
pub fn is_webmcp_name(name: &str) -> bool {
    (1..=WEBMCP_NAME_MAX).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
}

/// One tool in `format`; `provider_name` is used by the OpenAI and Anthropic shapes.
pub fn render(tool: &ToolDescription, provider_name: &str, format: ToolFormat) -> Value {
    match format {
        ToolFormat::Mcp => {
            json!({ "name": tool.name, "description": tool.description, "inputSchema": tool.input_schema })
        }
        ToolFormat::OpenAi => json!({
            "type": "function",
            "function": { "name": provider_name, "description": tool.description, "parameters": tool.input_schema },
        }),
        ToolFormat::OpenAiResponses => json!({
            "type": "function", "name": provider_name, "description": tool.description, "parameters": tool.input_schema, "strict": false,
        }),
        ToolFormat::Anthropic => {
            json!({ "name": provider_name, "description": tool.description, "input_schema": tool.input_schema })
        }
    }
}

/// Whether a port result is an error of the call itself (unknown tool, malformed arguments) rather
/// than an answer — a refusal is an answer (`ok: false` with another judgment).
fn is_call_error(result: &Value) -> bool {
    result.get("judgment").and_then(Value::as_str) == Some("error")
}

/// A port result as the message `format` expects back. The provider formats carry the id of the
/// call it answers; with none, `""` (the port never fails on a model's output: decision 34).
pub fn tool_result(format: ToolFormat, result: &Value, call_id: Option<&str>) -> Value {
    let text = serde_json::to_string(result).unwrap_or_else(|_| "{}".into());
    let id = call_id.unwrap_or("");
    match format {
        ToolFormat::Mcp => json!({
            "content": [{ "type": "text", "text": text }],
            "structuredContent": result,
            "isError": is_call_error(result),
        }),
        ToolFormat::OpenAi => json!({ "role": "tool", "tool_call_id": id, "content": text }),
        ToolFormat::OpenAiResponses => {
            json!({ "type": "function_call_output", "call_id": id, "output": text })
        }
        ToolFormat::Anthropic => {
            let mut out = Map::new();
            out.insert("type".into(), json!("tool_result"));
            out.insert("tool_use_id".into(), json!(id));
            out.insert("content".into(), json!(text));
            if is_call_error(result) {
                out.insert("is_error".into(), json!(true));
            }
            Value::Object(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_take_each_provider_shape_and_only_call_errors_are_flagged() {
        let refusal = json!({"ok": false, "judgment": "rejected"});
        let error = json!({"ok": false, "judgment": "error"});
        assert_eq!(
            tool_result(ToolFormat::Anthropic, &refusal, Some("t")).get("is_error"),
            None
        );
        assert_eq!(
            tool_result(ToolFormat::Anthropic, &error, Some("t"))["is_error"],
            json!(true)
        );
        assert_eq!(
            tool_result(ToolFormat::OpenAi, &refusal, Some("c"))["tool_call_id"],
            json!("c")
        );
        assert_eq!(
            tool_result(ToolFormat::OpenAiResponses, &refusal, Some("c"))["type"],
            json!("function_call_output")
        );
        assert_eq!(
            tool_result(ToolFormat::Mcp, &error, None)["isError"],
            json!(true)
        );
        assert_eq!(
            tool_result(ToolFormat::OpenAi, &refusal, None)["tool_call_id"],
            json!("")
        );
    }
}
