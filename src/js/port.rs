//! `serveToAgent(session, options?)` and the `AgentPort` class: the model-facing tools over a session.
//!
//! A thin adapter over `crate::serve::AgentPort`: `tools()` hands out the fixed array (fresh objects, the
//! same bytes every call), `call(name, args)` routes one tool call. `call` never throws: a non-string
//! name is an unknown tool and arguments that are not plain data are refused as a result, both in the
//! port's own result shape. Used by apps; reads `js::session::JsSession`.

use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

use super::convert::{self, opt_bool, opt_string};
use super::session::session_arg;
use super::{errors, fast};
use crate::serve::{AgentPort as CorePort, PortOptions};
use crate::session::Principal;

/// The port a model talks to.
#[wasm_bindgen]
pub struct AgentPort {
    port: CorePort,
    /// The session's size limit (`maxValueBytes`), for reading arguments.
    limit: usize,
}

/// Serve `session` to a model: `<graph id>.whats_here`, `.do_action`, `.did_it_work`, `.why` and one
/// `.journey.<id>` tool per journey.
#[wasm_bindgen(js_name = serveToAgent)]
pub fn serve_to_agent(
    #[wasm_bindgen(unchecked_param_type = "Session")] session: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ServeOptions")] options: JsValue,
) -> Result<AgentPort, JsValue> {
    let session = session_arg(&session, "serveToAgent: session")?;
    let what = "serveToAgent: options";
    let mut port_options = PortOptions::default();
    if let Some(confirm) = opt_bool(&options, "confirmHighEffect", what)? {
        port_options.confirm_high_effect = confirm;
    }
    if let Some(source) = opt_string(&options, "source", what)? {
        port_options.source = Principal::parse(&source).ok_or_else(|| {
            errors::session_error(
                "BAD_ARGUMENT",
                &format!(
                    "{what}.source must be 'agent', 'user', 'system' or 'unknown', not {source:?}"
                ),
            )
        })?;
    }
    let limit = session.limits().1;
    Ok(AgentPort {
        port: CorePort::new(session, port_options),
        limit,
    })
}

#[wasm_bindgen]
impl AgentPort {
    /// The fixed tool array (`{name, description, inputSchema}`), byte-stable for the port's life.
    #[wasm_bindgen(unchecked_return_type = "ToolDescription[]")]
    pub fn tools(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.port.tools_json())
    }

    /// One tool call. Always returns a plain JSON result; never throws for bad input.
    #[wasm_bindgen(unchecked_return_type = "ServeResult")]
    pub fn call(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Record<string, unknown>")] args: JsValue,
    ) -> Result<JsValue, JsValue> {
        let name = name.as_string().unwrap_or_default();
        // Each argument within the session's size limit (decision 25): an oversized `input` is
        // never copied in; the core refuses its stand-in as PAYLOAD_TOO_LARGE.
        let result = match convert::to_json_within(&args, "call: args", self.limit, true) {
            Ok(args) => self.port.call(&name, &args.unwrap_or_else(|| json!({}))),
            Err(_) => json!({
                "ok": false,
                "judgment": "error",
                "reason": "ARGS_NOT_JSON",
                "why": "The arguments must be plain JSON (objects, arrays, strings, numbers, booleans, null). Nothing was performed; call again with JSON arguments.",
            }),
        };
        hand_over(result)
    }
}

/// A tool result as a JS object. The long texts `whats_here` carries (the facts block and the brief)
/// are set in place after parsing the rest, instead of being escaped into JSON and scanned again.
fn hand_over(mut result: Value) -> Result<JsValue, JsValue> {
    let mut texts: Vec<(&'static str, String)> = Vec::new();
    if let Value::Object(map) = &mut result {
        for key in ["facts", "brief"] {
            if let Some(Value::String(text)) = map.get_mut(key) {
                texts.push((key, std::mem::take(text)));
            }
        }
    }
    let texts: Vec<(&str, &str)> = texts.iter().map(|(k, t)| (*k, t.as_str())).collect();
    convert::with_json(&result, |json| fast::parse_with_texts(json, &texts))
}
