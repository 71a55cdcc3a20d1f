//! `port.turnContext({ format })`, `port.whenSettled(transitionId)` and
//! `port.settledAnswer(transitionId, options?)`: what a loop adds to a model API's next request
//! (docs/facts-and-serving.md §10), and waiting on a fire from the port alone (§12).
//!
//! Thin adapters over `serve::context` and the port's `did_it_work`; the wait itself is the served
//! session's own `settlementOf` promise (`js::session`, resolved by `js::session::host`). No borrow is held
//! while JS runs: the session object is cloned out, then called. Used by apps; reads `js::port`.

use js_sys::{Function, Promise, Reflect};
use serde_json::json;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::codes::ErrorCode;
use crate::js::convert::{self, opt_string};
use crate::js::errors;
use crate::js::port::{format_of, gone, hand_over, AgentPort};
use crate::serve::{ContextFormat, ToolFormat};

#[wasm_bindgen(typescript_custom_section)]
const TURN_TYPES: &str = r#"
/** Where `port.turnContext` shapes the record: a tool format, or the AI SDK's model messages. */
export type ContextFormat = ToolFormat | 'ai-sdk';
/**
 * What to add to the next request (docs/facts-and-serving.md §10): `system`, the stable instruction
 * (the same text for the port's life: put it first, once), and `facts`, the record of this moment, to
 * put last — after the turn's tool results.
 */
export interface TurnContext<Facts> { system: string; facts: Facts }
/** The record as a user message (OpenAI Chat; the AI SDK's `ModelMessage`). */
export type UserTextMessage = { role: 'user'; content: string };
/** The record as a Responses API input message. */
export type ResponsesTextMessage = { type: 'message'; role: 'user'; content: string };
/** The record as a text block (the end of an Anthropic user message; MCP text content). */
export type TextBlock = { type: 'text'; text: string };
export interface AgentPort {
  /**
   * The stable instruction and this moment's record, shaped for `format`'s next request: push
   * `facts` last (after the tool results; for Anthropic, at the end of the user message's content).
   */
  turnContext(options: { format: 'openai' | 'ai-sdk' }): TurnContext<UserTextMessage>;
  turnContext(options: { format: 'openai-responses' }): TurnContext<ResponsesTextMessage>;
  turnContext(options: { format: 'anthropic' | 'mcp' }): TurnContext<TextBlock>;
  turnContext(options: { format: ContextFormat }): TurnContext<UserTextMessage | ResponsesTextMessage | TextBlock>;
  /**
   * How the fire came to rest, once it has (at once if it already has). Rejects with a SessionError
   * for an id the session has no fire for (`UNKNOWN_TRANSITION`); a freed port throws `PORT_FREED`.
   */
  whenSettled(transitionId: string): Promise<FireSettlement>;
  /**
   * `did_it_work`'s answer for `transitionId` once the fire has come to rest — as `format`'s result
   * message when a format is given (the provider formats need `callId`). Never rejects for what a
   * model sent: an unknown id resolves at once with the refusal `did_it_work` gives.
   */
  settledAnswer(transitionId: string, options?: { format?: 'mcp' | undefined }): Promise<ServeResult>;
  settledAnswer(transitionId: string, options: { format: 'mcp' }): Promise<McpToolResult>;
  settledAnswer(transitionId: string, options: { format: 'openai'; callId: string }): Promise<OpenAiToolMessage>;
  settledAnswer(transitionId: string, options: { format: 'openai-responses'; callId: string }): Promise<OpenAiResponsesToolOutput>;
  settledAnswer(transitionId: string, options: { format: 'anthropic'; callId: string }): Promise<AnthropicToolResult>;
}
"#;

/// `session.settlementOf(id)` called on the served session: the promise, or what it threw.
fn settlement_of(session: &JsValue, id: &JsValue) -> Result<JsValue, JsValue> {
    let f: Function = Reflect::get(session, &JsValue::from_str("settlementOf"))?.dyn_into()?;
    f.call1(session, id)
}

#[wasm_bindgen]
impl AgentPort {
    /// The stable instruction and the record, in `options.format`'s shape (declared in `TURN_TYPES`).
    #[wasm_bindgen(js_name = turnContext, skip_typescript)]
    pub fn turn_context(&self, options: JsValue) -> Result<JsValue, JsValue> {
        let (port, session) = self.live()?;
        let what = "turnContext: options";
        let word = opt_string(&options, "format", what)?;
        let format = word
            .as_deref()
            .and_then(ContextFormat::parse)
            .ok_or_else(|| {
                errors::new_session_error(
                    ErrorCode::BadArgument,
                    &format!(
                        "{what}.format must be one of {}, not {word:?}",
                        ContextFormat::listed()
                    ),
                )
            })?;
        let _entered = session.enter().ok();
        hand_over(port.turn_context(format))
    }

    /// How the fire came to rest: the served session's `settlementOf`, as a promise that rejects
    /// instead of throwing.
    #[wasm_bindgen(js_name = whenSettled, skip_typescript)]
    pub fn when_settled(&self, transition_id: JsValue) -> JsValue {
        let session = self.session_js.borrow().clone();
        let waited = match (self.live(), session) {
            (Ok(_), Some(session)) => settlement_of(&session, &transition_id),
            (Err(error), _) => Err(error),
            (Ok(_), None) => Err(errors::new_session_error(
                ErrorCode::PortFreed,
                "this AgentPort was freed (port.free()); serve the session again with serveToAgent",
            )),
        };
        match waited {
            Ok(promise) => Promise::resolve(&promise).into(),
            Err(thrown) => Promise::reject(&thrown).into(),
        }
    }

    /// `did_it_work`'s answer once the fire is at rest, wrapped for `options.format` when given.
    #[wasm_bindgen(js_name = settledAnswer, skip_typescript)]
    pub fn settled_answer(
        &self,
        transition_id: JsValue,
        options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let what = "settledAnswer: options";
        let format = match opt_string(&options, "format", what)? {
            None => None,
            Some(_) => Some(format_of(&options, what)?),
        };
        let call_id = opt_string(&options, "callId", what)?;
        if format.is_some_and(|f| f != ToolFormat::Mcp) && call_id.is_none() {
            return Err(errors::new_session_error(
                ErrorCode::BadArgument,
                &format!("{what}: a provider format needs the callId of the tool call it answers."),
            ));
        }
        let live = self.live.borrow().clone();
        let Some((port, session)) = live else {
            let result = gone(
                ErrorCode::PortFreed.as_str(),
                "This port was freed by the app. Nothing was performed.",
            );
            let result: JsValue = Promise::resolve(&hand_over(result)?).into();
            return Ok(result);
        };
        // A model's id that is not a string is still answered (did_it_work refuses it as data).
        let id = convert::to_json(&transition_id, "settledAnswer: transitionId")
            .ok()
            .flatten()
            .unwrap_or(serde_json::Value::Null);
        let answer = move |_: JsValue| -> Result<JsValue, JsValue> {
            let _entered = session.enter().ok();
            let name = port.did_it_work_name();
            let result = port.call(&name, &json!({ "transitionId": id }));
            match format {
                None => hand_over(result),
                Some(format) => {
                    let message =
                        crate::serve::formats::tool_result(format, &result, call_id.as_deref());
                    convert::to_js(&message)
                }
            }
        };
        // Wait on the fire when the session knows it; an id it does not know is answered at once.
        let session_js = self
            .session_js
            .borrow()
            .clone()
            .unwrap_or(JsValue::UNDEFINED);
        let waited = if transition_id.is_string() {
            settlement_of(&session_js, &transition_id).unwrap_or(JsValue::UNDEFINED)
        } else {
            JsValue::UNDEFINED
        };
        let promise: JsValue = Promise::resolve(&waited).into();
        let then: Function = Reflect::get(&promise, &JsValue::from_str("then"))?.dyn_into()?;
        then.call1(&promise, &Closure::once_into_js(answer))
    }
}
