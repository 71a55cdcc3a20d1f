//! What to add to a model API's next request so the facts block and the brief reach the model every
//! turn, placed where that API accepts them and kept cache-friendly (docs/facts-and-serving.md §10):
//! a stable `system` text (the same bytes for the port's whole life, so a prompt cache keeps it) and
//! the changing `facts` part, shaped as the message or block that goes **last** in the request.
//!
//! - OpenAI Chat: `{ role: 'user', content }`, appended after the tool messages (never between an
//!   assistant's `tool_calls` and their `tool` messages).
//! - OpenAI Responses: `{ type: 'message', role: 'user', content }`, after the `function_call_output`
//!   items of the turn.
//! - Anthropic Messages: a `{ type: 'text', text }` block appended at the **end** of the user message
//!   (a text block before its `tool_result` blocks is refused).
//! - The AI SDK (`prepareStep`): a `{ role: 'user', content }` model message appended to `messages`.
//! - MCP: a text content block (an MCP server passes `system` as its `instructions`).
//!
//! Uses `session` and `facts` (the two texts, read the way `whats_here` reads them; a read: nothing
//! changes). Used by `js::port::turn` and native tests.

use serde_json::{json, Value};

use super::port::AgentPort;
use super::tools::ToolKind;
use super::ToolFormat;

/// Where the facts go: a tool format, or the AI SDK's model messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContextFormat {
    Tools(ToolFormat),
    AiSdk,
}

impl ContextFormat {
    /// The word apps pass as `format`.
    pub fn parse(word: &str) -> Option<ContextFormat> {
        match word {
            "ai-sdk" => Some(ContextFormat::AiSdk),
            other => ToolFormat::parse(other).map(ContextFormat::Tools),
        }
    }

    /// The words, quoted and joined, for messages.
    pub fn listed() -> String {
        format!("{}, 'ai-sdk'", ToolFormat::listed())
    }
}

impl AgentPort {
    /// The stable instruction (`system`) and the changing record (`facts`) in `format`'s shape.
    pub fn turn_context(&self, format: ContextFormat) -> Value {
        let facts = self.facts_text();
        let facts = match format {
            ContextFormat::Tools(ToolFormat::OpenAi) | ContextFormat::AiSdk => {
                json!({ "role": "user", "content": facts })
            }
            ContextFormat::Tools(ToolFormat::OpenAiResponses) => {
                json!({ "type": "message", "role": "user", "content": facts })
            }
            ContextFormat::Tools(ToolFormat::Anthropic | ToolFormat::Mcp) => {
                json!({ "type": "text", "text": facts })
            }
        };
        json!({ "system": self.system_text(format), "facts": facts })
    }

    /// The fixed instruction: names the port's `whats_here` in the format's own spelling, so it is
    /// the same text for the port's whole life.
    pub fn system_text(&self, format: ContextFormat) -> String {
        let own = self.tool_name(ToolKind::WhatsHere);
        let whats_here = match format {
            ContextFormat::Tools(ToolFormat::Mcp) => own,
            _ => self
                .table
                .tools
                .iter()
                .position(|t| t.name == own)
                .and_then(|i| self.table.provider.get(i).cloned())
                .unwrap_or(own),
        };
        format!(
            "You act in this app only through its tools. Each turn ends with the app's record of what was attempted and what happened (the facts block) and a brief of where you are. That record is authoritative: trust the newest one over your own account of earlier turns; an action it shows refused, pending or unverified did not happen as asked, and you must not say it did. Call {whats_here} to see the actions on offer before acting."
        )
    }

    /// The own name of `did_it_work` (for waiting on a fire from the port, docs/facts-and-serving.md §12).
    pub fn did_it_work_name(&self) -> String {
        self.tool_name(ToolKind::DidItWork)
    }

    /// The changing part: the facts block and the brief, under a line saying it replaces any earlier
    /// record in the conversation.
    pub fn facts_text(&self) -> String {
        let (edges, _) = self.session.available_lent();
        let (facts, brief) = super::facts_texts(&self.session, None, &edges);
        format!(
            "The app's record as of version {} (it replaces any earlier record in this conversation):\n\n{facts}\n\n{brief}",
            self.session.version()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_parse_and_list() {
        assert_eq!(
            ContextFormat::parse("anthropic"),
            Some(ContextFormat::Tools(ToolFormat::Anthropic))
        );
        assert_eq!(ContextFormat::parse("ai-sdk"), Some(ContextFormat::AiSdk));
        assert_eq!(ContextFormat::parse("gemini"), None);
        assert!(ContextFormat::listed().ends_with("'ai-sdk'"));
    }
}
