//! `serveToAgent(session, options?)`, the `AgentPort` class and `exposeToWebMCP(port, modelContext?)`:
//! the model-facing tools over a session.
//!
//! A thin adapter over `crate::serve::AgentPort`: `tools({ format })` hands out the fixed array in a
//! model API's shape (fresh objects, the same bytes every call), `call(name, args)` routes one tool
//! call under the name of any format, `toolResult` / `answer` speak each API's result messages
//! (`serve::formats`, `serve::answer`). `call`, `answer` and `toolResult` never throw on what a model
//! sends (decision 34, docs/facts-and-serving.md §9): a non-string name is an unknown tool, arguments
//! that are not plain data or too large are refused as a result in the caller's format, and only an
//! unknown `format` (or `answer` on a freed port: the app's mistake) throws. The WebMCP
//! registration itself is JS (`webmcp.js` beside this file). `free()` / `[Symbol.dispose]()` let go of
//! the session (decision 26); a call on a freed port is an error result (`PORT_FREED`). A port whose
//! session was freed keeps serving its ledger, but nothing can run through it any more. Each call
//! enters the session, so a `session.free()` from inside a handler waits for the port's call to
//! return. Used by apps; reads `js::session`.

mod turn;

use crate::codes::{ErrorCode, Refusal};
use std::cell::RefCell;
use std::rc::Rc;

use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

use crate::js::convert::{self, opt_bool, opt_string};
use crate::js::lifecycle::{self, Class};
use crate::js::session::session_arg;
use crate::js::{brand, errors, fast};
use crate::serve::answer::{args_path, read_tool_call, ReadArgs, ReadCall};
use crate::serve::{AgentPort as CorePort, Answer, PortOptions, ToolFormat, WhatsHere};
use crate::session::{Principal, Session};

#[wasm_bindgen(module = "/src/js/port/webmcp.js")]
extern "C" {
    #[wasm_bindgen(js_name = findModelContext)]
    fn find_model_context() -> JsValue;
    #[wasm_bindgen(js_name = registerPortTools, catch)]
    fn register_port_tools(
        context: &JsValue,
        tools: &JsValue,
        port: &JsValue,
    ) -> Result<JsValue, JsValue>;
}

#[wasm_bindgen(typescript_custom_section)]
const PORT_TYPES: &str = r#"
/** The model APIs whose tool shapes the port speaks (`port.tools({ format })`). */
export type ToolFormat = 'mcp' | 'openai' | 'openai-responses' | 'anthropic';
/** One argument of a port tool, as its input schema declares it. */
export type ToolArgumentSchema = { type: 'string' | 'number' | 'boolean' | 'object'; description: string };
/**
 * A port tool's input schema: a closed object of optional and required arguments (a type alias, not
 * an interface, so it fits the SDKs' index-signature schema types without a cast).
 */
export type ToolInputSchema = {
  type: 'object';
  properties: { [argument: string]: ToolArgumentSchema };
  required?: string[];
  additionalProperties: false;
};
/** MCP tool (`tools/list`): the port's own name. */
export type McpTool = { name: string; description: string; inputSchema: ToolInputSchema };
/** OpenAI Chat Completions function tool. */
export type OpenAiTool = { type: 'function'; function: { name: string; description: string; parameters: ToolInputSchema } };
/**
 * OpenAI Responses API function tool (flat). `strict` is `false`: strict mode needs every argument
 * required (optional ones as nullable) and every object closed, and `input` is the action's own object.
 */
export type OpenAiResponsesTool = { type: 'function'; name: string; description: string; parameters: ToolInputSchema; strict: false };
/** Anthropic Messages API tool. */
export type AnthropicTool = { name: string; description: string; input_schema: ToolInputSchema };
/** Each format's tool shape, by its word. */
export type ToolShapes = { mcp: McpTool; openai: OpenAiTool; 'openai-responses': OpenAiResponsesTool; anthropic: AnthropicTool };
/** A tool call as each API delivers it (the SDKs' own types fit: `input: unknown` included). */
export type McpToolCall = { name: string; arguments?: { [key: string]: unknown } | undefined };
export type OpenAiToolCall = {
  id: string;
  type?: string | undefined;
  function?: { name: string; arguments: string } | undefined;
  custom?: { name: string; input: string } | undefined;
};
export type OpenAiResponsesToolCall = { type?: string | undefined; call_id: string; name: string; arguments: string };
export type AnthropicToolUse = { type?: string | undefined; id: string; name: string; input: unknown };
/** Each format's tool call, by its word. */
export type ToolCalls = { mcp: McpToolCall; openai: OpenAiToolCall; 'openai-responses': OpenAiResponsesToolCall; anthropic: AnthropicToolUse };
/** A port result as each API expects it back. */
export type McpTextContent = { type: 'text'; text: string };
export type McpToolResult = { content: McpTextContent[]; structuredContent: ServeResult & { [key: string]: unknown }; isError: boolean };
export type OpenAiToolMessage = { role: 'tool'; tool_call_id: string; content: string };
export type OpenAiResponsesToolOutput = { type: 'function_call_output'; call_id: string; output: string };
export type AnthropicToolResult = { type: 'tool_result'; tool_use_id: string; content: string; is_error?: true };
/** Each format's result message, by its word. */
export type ToolResults = { mcp: McpToolResult; openai: OpenAiToolMessage; 'openai-responses': OpenAiResponsesToolOutput; anthropic: AnthropicToolResult };
export interface AgentPort {
  /** The fixed tool array in a model API's shape (default 'mcp'); names are valid for that API and stable. */
  tools(options?: { format?: 'mcp' | undefined }): McpTool[];
  tools(options: { format: 'openai' }): OpenAiTool[];
  tools(options: { format: 'openai-responses' }): OpenAiResponsesTool[];
  tools(options: { format: 'anthropic' }): AnthropicTool[];
  tools<F extends ToolFormat>(options: { format: F }): ToolShapes[F][];
  /** A result of `call` as the message the API expects back; the provider formats need the call's id. */
  toolResult(result: ServeResult | Record<string, unknown>, options?: { format?: 'mcp' | undefined }): McpToolResult;
  toolResult(result: ServeResult | Record<string, unknown>, options: { format: 'openai'; callId: string }): OpenAiToolMessage;
  toolResult(result: ServeResult | Record<string, unknown>, options: { format: 'openai-responses'; callId: string }): OpenAiResponsesToolOutput;
  toolResult(result: ServeResult | Record<string, unknown>, options: { format: 'anthropic'; callId: string }): AnthropicToolResult;
  toolResult<F extends ToolFormat>(result: ServeResult | Record<string, unknown>, options: F extends 'mcp' ? { format: F; callId?: string | undefined } : { format: F; callId: string }): ToolResults[F];
  /** Read a tool call in the API's shape, run it, and return the API's result message. */
  answer(call: McpToolCall, options?: { format?: 'mcp' | undefined }): McpToolResult;
  answer(call: OpenAiToolCall, options: { format: 'openai' }): OpenAiToolMessage;
  answer(call: OpenAiResponsesToolCall, options: { format: 'openai-responses' }): OpenAiResponsesToolOutput;
  answer(call: AnthropicToolUse, options: { format: 'anthropic' }): AnthropicToolResult;
  answer<F extends ToolFormat>(call: ToolCalls[F], options: { format: F }): ToolResults[F];
}
/** A WebMCP tool as `exposeToWebMCP` registers it. */
export interface WebMcpTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean };
  execute(input: Record<string, unknown>): ServeResult;
}
/** What `exposeToWebMCP` needs of a model context (`document.modelContext`, `navigator.modelContext`). */
export interface ModelContextLike {
  registerTool(tool: WebMcpTool, options?: { signal?: object | undefined }): unknown;
  unregisterTool?(name: string): unknown;
}
/** Unregisters every tool `exposeToWebMCP` registered; `ready` settles once the context accepted them all. */
export type WebMcpExposure = (() => void) & { ready: Promise<void> };
"#;

/// The port a model talks to.
#[wasm_bindgen]
pub struct AgentPort {
    /// `None` once freed.
    pub(in crate::js) live: RefCell<Option<(Rc<CorePort>, Rc<Session>)>>,
    /// The session's size limit (`maxValueBytes`), for reading arguments.
    pub(in crate::js) limit: usize,
    /// The JS `Session` served, whose `settlementOf` the port's waits use (`port::turn`).
    /// Let go of with the session (`free()`).
    pub(in crate::js) session_js: RefCell<Option<JsValue>>,
}

/// Serve `session` to a model: `<graph id>.whats_here`, `.do_action`, `.did_it_work`, `.why` and one
/// `.journey.<id>` tool per journey.
#[wasm_bindgen(js_name = serveToAgent, unchecked_return_type = "AgentPort")]
pub fn serve_to_agent(
    #[wasm_bindgen(unchecked_param_type = "Session")] session: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ServeOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let session_js = session.clone();
    let session = session_arg(&session, "serveToAgent: session")?;
    let what = "serveToAgent: options";
    let mut port_options = PortOptions::default();
    if let Some(confirm) = opt_bool(&options, "confirmHighEffect", what)? {
        port_options.confirm_high_effect = confirm;
    }
    if let Some(source) = opt_string(&options, "source", what)? {
        port_options.source = Principal::parse(&source).ok_or_else(|| {
            errors::new_session_error(
                ErrorCode::BadArgument,
                &format!(
                    "{what}.source must be 'agent', 'user', 'system' or 'unknown', not {source:?}"
                ),
            )
        })?;
    }
    let limit = session.limits().1;
    let port = Rc::new(CorePort::new(Rc::clone(&session), port_options));
    let port = AgentPort {
        live: RefCell::new(Some((port, session))),
        limit,
        session_js: RefCell::new(Some(session_js)),
    };
    Ok(lifecycle::adopt(Class::Port, port.into()))
}

/// `options.format` as a [`ToolFormat`] (absent → MCP); anything else is a typed error listing the words.
pub(in crate::js) fn format_of(options: &JsValue, what: &str) -> Result<ToolFormat, JsValue> {
    match opt_string(options, "format", what)? {
        None => Ok(ToolFormat::Mcp),
        Some(word) => ToolFormat::parse(&word).ok_or_else(|| {
            errors::new_session_error(
                ErrorCode::BadArgument,
                &format!(
                    "{what}.format must be one of {}, not {word:?}",
                    ToolFormat::listed()
                ),
            )
        }),
    }
}

/// Offer the port's tools to an agent through WebMCP: registered on `modelContext`, else on
/// `document.modelContext`, else `navigator.modelContext`. Each tool's `execute` calls the port; the
/// reading tools carry `annotations.readOnlyHint: true`. Returns the function that unregisters them.
#[wasm_bindgen(js_name = exposeToWebMCP, unchecked_return_type = "WebMcpExposure")]
pub fn expose_to_webmcp(
    #[wasm_bindgen(unchecked_param_type = "AgentPort")] port: JsValue,
    #[wasm_bindgen(js_name = modelContext, unchecked_optional_param_type = "ModelContextLike")]
    model_context: JsValue,
) -> Result<JsValue, JsValue> {
    let core = brand::claim::<Rc<CorePort>>(&port).ok_or_else(|| {
        errors::new_session_error(
            ErrorCode::NotAPort,
            "exposeToWebMCP: the first argument must be the AgentPort that serveToAgent(session) returned (a live one, not freed).",
        )
    })?;
    let context = if model_context.is_undefined() || model_context.is_null() {
        find_model_context()
    } else {
        model_context
    };
    let can_register = context.is_object()
        && js_sys::Reflect::get(&context, &JsValue::from_str("registerTool"))
            .is_ok_and(|f| f.is_function());
    if !can_register {
        return Err(errors::new_session_error(
            ErrorCode::NoModelContext,
            "exposeToWebMCP: this page has no WebMCP model context (neither document.modelContext nor navigator.modelContext offers registerTool). Use a browser with WebMCP, install a polyfill such as @mcp-b/webmcp-polyfill before calling, or pass a model context as the second argument.",
        ));
    }
    let tools = convert::to_js(&core.webmcp_tools())?;
    register_port_tools(&context, &tools, &port)
}

#[wasm_bindgen]
impl AgentPort {
    #[wasm_bindgen(js_name = __groundfactsBrand, skip_typescript)]
    pub fn brand(&self) {
        if let Some((port, _)) = self.live.borrow().as_ref() {
            brand::park(Rc::clone(port));
        }
    }

    /// The live port and session, or the typed error a freed port answers with.
    pub(in crate::js) fn live(&self) -> Result<(Rc<CorePort>, Rc<Session>), JsValue> {
        self.live.borrow().clone().ok_or_else(|| {
            errors::new_session_error(
                ErrorCode::PortFreed,
                "this AgentPort was freed (port.free()); serve the session again with serveToAgent",
            )
        })
    }

    /// The fixed tool array in `options.format` (declared with its overloads in `PORT_TYPES`).
    #[wasm_bindgen(skip_typescript)]
    pub fn tools(&self, options: JsValue) -> Result<JsValue, JsValue> {
        let (port, _) = self.live()?;
        let format = format_of(&options, "tools: options")?;
        convert::to_js(&port.tools_in(format))
    }

    /// A `call` result as `options.format`'s result message. A missing `callId` answers `""`, and
    /// a result that is not plain JSON is replaced by a `RESULT_NOT_JSON` result (decision 34: only an
    /// unknown `format` throws).
    #[wasm_bindgen(js_name = toolResult, skip_typescript)]
    pub fn tool_result(&self, result: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
        let what = "toolResult: options";
        let format = format_of(&options, what)?;
        let call_id = convert::field(&options, "callId", what)
            .ok()
            .and_then(|id| id.as_string());
        let result = match convert::to_json(&result, "toolResult: result") {
            Ok(Some(result)) => result,
            _ => json!({
                "ok": false,
                "judgment": "error",
                "reason": Refusal::ResultNotJson,
                "why": "The app passed toolResult a result that is not plain JSON, so it cannot be shown. Pass the object port.call returned.",
            }),
        };
        let message = crate::serve::formats::tool_result(format, &result, call_id.as_deref());
        convert::to_js(&message)
    }

    /// Read a tool call in `options.format`'s shape, run it, and return that API's result message.
    /// Whatever the call holds it is answered (decision 34); only an unknown `format` or a freed port
    /// throws.
    #[wasm_bindgen(skip_typescript)]
    pub fn answer(&self, call: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
        let (port, session) = self.live()?;
        let format = format_of(&options, "answer: options")?;
        let read = read_call(&call, format, self.limit);
        // Held for the call: a `session.free()` from a handler takes effect when this call returns.
        let _entered = session.enter().ok();
        hand_over(port.answer_read(format, read))
    }

    /// Hidden: what `free()` / `[Symbol.dispose]()` call: the port lets go of its session.
    #[wasm_bindgen(js_name = __groundfactsRetire, skip_typescript)]
    pub fn retire(&self) -> bool {
        let live = self.live.borrow_mut().take();
        drop(live);
        self.session_js.borrow_mut().take();
        lifecycle::stay_attached()
    }

    /// One tool call. Always returns a plain JSON result; never throws for bad input.
    #[wasm_bindgen(unchecked_return_type = "ServeResult")]
    pub fn call(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "unknown")] args: JsValue,
    ) -> Result<JsValue, JsValue> {
        let name = name.as_string().unwrap_or_default();
        let Some((port, session)) = self.live.borrow().clone() else {
            return hand_over(gone(
                ErrorCode::PortFreed.as_str(),
                "This port was freed by the app. Nothing was performed.",
            ));
        };
        // Held for the call: a `session.free()` from a handler takes effect when this call returns.
        // A freed session is still served (its ledger is intact; with its functions released nothing
        // can run, so every `do_action` is refused as data).
        let _entered = session.enter().ok();
        // Each argument within the session's size limit (decision 25): an oversized `input` is
        // never copied in; the core refuses its stand-in as PAYLOAD_TOO_LARGE.
        let result = match convert::to_json_within(&args, "call: args", self.limit, true) {
            Ok(args) => match port.call_answer(&name, &args.unwrap_or_else(|| json!({}))) {
                Answer::Json(result) => result,
                Answer::WhatsHere(result) => return hand_over_whats_here(*result),
            },
            Err(_) => json!({
                "ok": false,
                "judgment": "error",
                "reason": Refusal::ArgsNotJson,
                "why": "The arguments must be plain JSON (objects, arrays, strings, numbers, booleans, null). Nothing was performed; call again with JSON arguments.",
            }),
        };
        hand_over(result)
    }
}

/// A tool call read from JS within the size limit (decision 25): each member of the call and of its
/// members has a budget of twice `maxValueBytes`, so the id and the name survive arguments over it;
/// arguments over it are never copied in (`TooLarge`), and a member of object arguments over it
/// becomes the stand-in the core refuses as `PAYLOAD_TOO_LARGE`, as `call` does. A call that cannot
/// be read at all reads as one with no id and no name.
fn read_call(call: &JsValue, format: ToolFormat, limit: usize) -> ReadCall {
    let cap = limit.saturating_mul(2);
    let (mut json, oversized) = {
        let Ok(_reading) = convert::reading("answer: call") else {
            return read_tool_call(format, &Value::Null);
        };
        match fast::plain_json_within_levels(call, cap, 2) {
            Some(fast::Within::Json(json, keys)) => (json, keys),
            Some(fast::Within::TooLarge) => (Value::Null, Vec::new()),
            // Walked once already: the reader judges the walk's mirror, never the call again.
            None => match fast::take_left() {
                fast::Left::Mirror(mirror, keys) => {
                    match convert::to_json_by_reader(&mirror, "answer: call") {
                        Ok(Some(json)) => (json, keys),
                        _ => (Value::Null, Vec::new()),
                    }
                }
                _ => (Value::Null, Vec::new()),
            },
        }
    };
    let path = args_path(format);
    let mut too_large = false;
    for key in oversized {
        let mut parts = key.split('\u{0}');
        let (outer, inner) = (parts.next().unwrap_or(""), parts.next());
        match inner {
            None if path == [outer] => too_large = true,
            Some(inner) if path == [outer, inner] => too_large = true,
            Some(inner) if path == [outer] => {
                if let Some(Value::Object(args)) = json.get_mut(outer) {
                    args.insert(inner.to_string(), convert::oversized_stand_in(limit));
                }
            }
            _ => {}
        }
    }
    let mut read = read_tool_call(format, &json);
    if too_large {
        read.args = ReadArgs::TooLarge;
    }
    read
}

/// `whats_here`'s result as a JS object by the general route: its typed result written by its serde
/// derive (no `Value` built) with the facts block and the brief as `null`, `JSON.parse`d, then the two
/// texts set in place (docs/boundary.md).
pub(in crate::js) fn hand_over_whats_here(mut result: WhatsHere) -> Result<JsValue, JsValue> {
    let facts = result.facts.take().unwrap_or_default();
    let brief = result.brief.take().unwrap_or_default();
    convert::to_js_with_texts(&result, [Some(("facts", &facts)), Some(("brief", &brief))])
}

/// The error result of a call that found no session to act on.
pub(in crate::js) fn gone(reason: &str, why: &str) -> Value {
    json!({ "ok": false, "judgment": "error", "reason": reason, "why": why })
}

/// A tool result as a JS object, by the general route out (`convert::to_js`, docs/boundary.md).
pub(in crate::js) fn hand_over(result: Value) -> Result<JsValue, JsValue> {
    convert::to_js(&result)
}
