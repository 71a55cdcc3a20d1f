//! The model-facing port ("Mode B", `serveToAgent(session)`): a tool array fixed at construction and
//! `call(name, args)` returning plain JSON results.
//!
//! - `port`: [`AgentPort`], options and dispatch.
//! - `tools` / `tool_name`: the fixed tool array and the name encoding; `formats`: the same tools and
//!   results in the OpenAI, Anthropic and WebMCP shapes, and provider tool calls read back.
//! - `answer`: a provider's whole tool call read, run and answered, whatever the model sent.
//! - `args`: forgiving argument reading.
//! - `shapes`: every result key declared once (`ServeResult` and its rows, their TypeScript types) and
//!   the typed setters the tools write results with.
//! - `whats_here`, `acting` (do_action + the shared confirm gate and fire), `journey`, `settled`
//!   (did_it_work), `why`: one module per tool.
//! - `texts`: every fixed sentence a model reads.
//! - `context`: the stable instruction and the changing record for a model API's next request.
//!
//! Uses `session` (the walker), `facts` (the two texts) and `graph`. Used by `js` and native tests.
//! Nothing here holds a session borrow: every session call is a whole `&self` method.

mod acting;
pub mod answer;
pub mod args;
mod context;
pub mod formats;
mod journey;
mod port;
mod settled;
pub mod shapes;
pub mod texts;
pub mod tool_name;
pub mod tools;
mod whats_here;
mod why;

pub use context::ContextFormat;
pub use formats::ToolFormat;
pub use port::{AgentPort, Answer, PortOptions};
pub use tool_name::encode_tool_name;
pub use tools::ToolDescription;
pub use whats_here::WhatsHere;

use crate::session::Session;

/// The facts block (default cap) and the brief for `whats_here`, narrowed by `since`. `offered` is
/// `available()` of this same moment (nothing has called the host since), which the brief reuses.
fn facts_texts(
    session: &Session,
    since: Option<u64>,
    offered: &[crate::session::AvailableEdge],
) -> (String, String) {
    (
        crate::facts::ground_truth(session, since, None).text,
        crate::facts::context_brief_with(session, since, offered).text,
    )
}
