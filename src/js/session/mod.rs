//! `createSession(graph, navigate?, options?)` and the `Session` class.
//!
//! A thin adapter: arguments are read and checked here (`convert`), the core `crate::session::Session`
//! does the work, results go back as plain JS data. The core holds no borrow while it calls the app (the
//! `JsHost`), and this wrapper holds none at all, so handlers, predicates and `navigate` may call any
//! method of the same `Session` object re-entrantly. Session errors become JS errors by kind:
//! `ReentrancyError` (a mutation from inside a verify predicate), `GraphValidationError` (a bad live
//! declaration), `SessionError` (an unknown id or a malformed argument). Used by apps and by `js::port`.

pub(in crate::js) mod doors;
mod grey;
pub(in crate::js) mod handles;
pub(in crate::js) mod host;
mod life;
mod listeners;
mod lists;
mod redact;
mod snapshot;
mod tree;
pub(in crate::js) mod wiring;

use crate::codes::{ErrorCode, Refusal};
use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Promise;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::facts;
use crate::graph::DefValue;
use crate::host::CallbackId;
use crate::js::brand;
use crate::js::callbacks;
use crate::js::convert::{
    self, opt_bool, opt_count, opt_function, opt_number, opt_string, string_arg,
};
use crate::js::errors;
use crate::js::fast;
use crate::js::graph::{describe, graph_handle_arg};
use crate::js::lifecycle::{self as adoption, Class};
use crate::js::session::handles::{ActionGroup, Anchor};
use crate::js::session::host::JsHost;
use crate::js::session::wiring::navigate_arg;
use crate::session::{
    FireOptions, Principal, Session, SessionOptions, SyncOptions, UpdateOptions,
    DEFAULT_MAX_VALUE_BYTES, MAX_MAX_VALUE_BYTES,
};

pub(in crate::js) use crate::js::errors::to_js_error;

pub(in crate::js) fn principal(
    options: &JsValue,
    key: &'static str,
    what: &str,
) -> Result<Option<Principal>, JsValue> {
    principal_of(convert::field(options, key, what)?, key, what)
}

/// [`principal`] of a member already read.
fn principal_of(value: JsValue, key: &str, what: &str) -> Result<Option<Principal>, JsValue> {
    match convert::opt_string_of(value, key, what)? {
        None => Ok(None),
        Some(text) => Principal::parse(&text).map(Some).ok_or_else(|| {
            errors::new_session_error(
                ErrorCode::BadArgument,
                &format!(
                    "{what}.{key} must be 'agent', 'user', 'system' or 'unknown', not {text:?}"
                ),
            )
        }),
    }
}

/// A session: one walker over one graph, with the app's callbacks.
#[wasm_bindgen(js_name = Session)]
pub struct JsSession {
    /// `None` once freed (decision 26): every later call is a typed `SESSION_FREED` error.
    pub(in crate::js) session: Rc<Anchor>,
    /// `None` once freed: a freed `Session` waiting for the collector keeps nothing but this shell.
    pub(in crate::js) host: RefCell<Option<Rc<JsHost>>>,
}

/// The core session behind a `Session` argument; anything else (a plain object, a graph, a freed
/// session) is a typed `SessionError` naming the call.
pub fn session_arg(value: &JsValue, what: &str) -> Result<Rc<Session>, JsValue> {
    brand::claim::<Rc<Session>>(value).ok_or_else(|| {
        errors::new_session_error(
            ErrorCode::NotASession,
            &format!(
                "{what} must be a Session returned by createSession (and not freed); got {}",
                describe(value)
            ),
        )
    })
}

/// Start a session over `graph`. `navigate` is the app's own router push; with it, url gestures
/// (cross-links, `goTo` pages with literal routes) materialise.
#[wasm_bindgen(js_name = createSession, unchecked_return_type = "Session")]
pub fn create_session(
    #[wasm_bindgen(unchecked_param_type = "NavigationGraph")] graph: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "((href: string) => unknown) | null")] navigate: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SessionOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    crate::js::init();
    let graph = graph_handle_arg(&graph, "createSession: graph")?;
    let navigate = navigate_arg(navigate, "createSession: navigate")?;
    let what = "createSession: options";
    let on_warn = opt_function(&options, "onWarn", what)?;
    let node = opt_string(&options, "node", what)?;
    let retain = opt_number(&options, "retain", what)?;
    let max_value_bytes = opt_number(&options, "maxValueBytes", what)?;
    // The size limit for reading the state (the core validates the option itself).
    let limit = max_value_bytes
        .filter(|n| *n >= 1.0 && *n <= MAX_MAX_VALUE_BYTES as f64)
        .map_or(DEFAULT_MAX_VALUE_BYTES, |n| n as usize);
    let state_value = convert::field(&options, "state", what)?;
    let state =
        match convert::to_json_within(&state_value, "createSession: options.state", limit, true)? {
            None | Some(Value::Null) => None,
            Some(Value::Object(map)) => Some(map),
            Some(_) => {
                return Err(errors::new_session_error(
                    ErrorCode::BadArgument,
                    "createSession: options.state must be an object (the flat state projection)",
                ))
            }
        };
    let require_human_approval = opt_bool(&options, "requireHumanApproval", what)?;
    // docs/session.md §25: this session replaces one whose history was lost (a module restart).
    let history_lost = opt_bool(&options, "historyLost", what)? == Some(true);
    let restore = crate::js::session::snapshot::restore_arg(&options)?;
    let redact = crate::js::session::redact::redact_option(&options, what)?;
    let host = Rc::new(JsHost::new(navigate, on_warn, graph.held));
    let graph = graph.graph;
    let core_options = SessionOptions {
        node,
        state,
        require_human_approval,
        retain,
        max_value_bytes,
        redact,
    };
    let session = match &restore {
        Some(snapshot) => Session::restore(graph, host.clone(), core_options, snapshot),
        None => Session::new(graph, host.clone(), core_options),
    }
    .map_err(to_js_error)?;
    if history_lost {
        session.mark_history_lost();
    }
    let session = Rc::new(session);
    host.attach(&session);
    let session = JsSession {
        session: Rc::new(RefCell::new(Some(session))),
        host: RefCell::new(Some(host)),
    };
    Ok(adoption::adopt(Class::Session, session.into()))
}

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// Hidden: lets `brand::claim` recognise a live session passed as an argument.
    #[wasm_bindgen(js_name = __groundfactsBrand, skip_typescript)]
    pub fn brand(&self) {
        if let Some(session) = self.session.borrow().clone() {
            brand::park(session);
        }
    }

    /// The cursor: a page id, or an off-graph location the app reported.
    #[wasm_bindgen(getter)]
    pub fn node(&self) -> Result<String, JsValue> {
        Ok(self.live()?.node())
    }

    /// The version clock.
    #[wasm_bindgen(getter)]
    pub fn version(&self) -> Result<f64, JsValue> {
        Ok(self.live()?.version() as f64)
    }

    /// A detached copy of the flat state.
    #[wasm_bindgen(unchecked_return_type = "AppState")]
    pub fn state(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.live()?.state())
    }

    /// The store tap: report (part of) the app's flat state projection.
    #[wasm_bindgen(js_name = updateState, unchecked_return_type = "UpdateResult")]
    pub fn update_state(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] delta: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "UpdateOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let what = "updateState: options";
        // The store tap passes no options; that answer costs no further calls out of wasm.
        let core_options = if options.is_undefined() {
            UpdateOptions::default()
        } else {
            UpdateOptions {
                transition_id: opt_string(&options, "transitionId", what)?,
                stimulus: opt_string(&options, "stimulus", what)?,
                principal: principal(&options, "principal", what)?,
            }
        };
        let delta = match convert::to_json_within(
            &delta,
            "updateState: delta",
            self.live()?.limits().1,
            true,
        ) {
            Ok(delta) => delta.unwrap_or(Value::Null),
            // Nothing is consumed from a delta that is not plain data; the refusal is data, not a throw.
            Err(err) => {
                let issue = js_sys::Reflect::get(&err, &JsValue::from_str("message"))
                    .ok()
                    .and_then(|m| m.as_string())
                    .unwrap_or_default();
                let refusal = serde_json::json!({
                    "ok": false, "reason": Refusal::UncloneableDelta, "issues": [issue], "version": self.live()?.version(),
                });
                return convert::to_js(&refusal);
            }
        };
        let (result, row) = self
            .live()?
            .update_state_shared(&delta, core_options)
            .map_err(to_js_error)?;
        if let Some(updated) = fast::update_result(&result, row.as_ref()) {
            return Ok(updated);
        }
        convert::to_js(&result)
    }

    /// The router tap: report the page (or raw path) the app is on.
    #[wasm_bindgen(unchecked_return_type = "SyncResult")]
    pub fn sync(
        &self,
        #[wasm_bindgen(js_name = pageOrPath, unchecked_param_type = "string")]
        page_or_path: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "SyncOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let page_or_path = string_arg(&page_or_path, "sync: pageOrPath")?;
        let what = "sync: options";
        // Who moved (decision 28): a person's click is 'user'; the default stays 'system'.
        let principal =
            match principal(&options, "principal", what)? {
                Some(Principal::Unknown) => return Err(errors::new_session_error(
                    ErrorCode::BadArgument,
                    "sync: options.principal must be 'user', 'agent' or 'system', not \"unknown\"",
                )),
                other => other,
            };
        let core_options = SyncOptions {
            stimulus: opt_string(&options, "stimulus", what)?,
            principal,
        };
        let result = self
            .live()?
            .sync(&page_or_path, core_options)
            .map_err(to_js_error)?;
        convert::to_js(&result)
    }

    /// What is on offer here, now.
    #[wasm_bindgen(unchecked_return_type = "Available")]
    pub fn available(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.live()?.available())
    }

    /// Bind the app's handlers (and declare live actions) on a page. Returns the group's handle.
    #[wasm_bindgen(js_name = registerActions, unchecked_return_type = "ActionGroup")]
    pub fn register_actions(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] page: JsValue,
        #[wasm_bindgen(unchecked_param_type = "RegisterActionsSpec")] spec: JsValue,
    ) -> Result<JsValue, JsValue> {
        let page = string_arg(&page, "registerActions: page")?;
        let what = "registerActions: spec";
        let handlers_value = convert::field(&spec, "handlers", what)?;
        let actions_value = convert::field(&spec, "actions", what)?;
        let enabled_value = convert::field(&spec, "enabled", what)?;

        let handlers = convert::to_def(&handlers_value, "registerActions: spec.handlers")?;
        let mut registered: Vec<CallbackId> = handlers.callbacks.clone();
        let actions = match convert::to_def(&actions_value, "registerActions: spec.actions") {
            Ok(actions) => actions,
            Err(err) => {
                callbacks::release(&registered);
                return Err(err);
            }
        };
        registered.extend_from_slice(&actions.callbacks);
        let fail = |err: JsValue| {
            callbacks::release(&registered);
            Err(err)
        };
        let handler_list = match named_functions(&handlers.value) {
            Ok(list) => list,
            Err(err) => return fail(err),
        };
        let action_list = match &actions.value {
            DefValue::Undefined | DefValue::Null => Vec::new(),
            DefValue::Object(entries) => entries.clone(),
            other => {
                return fail(errors::new_session_error(
                    ErrorCode::BadArgument,
                    &format!("registerActions: spec.actions must be an object of action declarations, not {}", other.type_name()),
                ))
            }
        };
        let enabled = match convert::to_json(&enabled_value, "registerActions: spec.enabled") {
            Ok(Some(Value::Object(map))) => map.into_iter().collect::<Vec<_>>(),
            Ok(None) | Ok(Some(Value::Null)) => Vec::new(),
            Ok(Some(_)) | Err(_) => {
                return fail(errors::new_session_error(
                    ErrorCode::BadArgument,
                    "registerActions: spec.enabled must be an object of name → boolean",
                ))
            }
        };
        let row = match lists::instance_of(&spec, what) {
            Ok(row) => row,
            Err(err) => return fail(err),
        };
        let session = match self.live() {
            Ok(session) => session,
            Err(err) => return fail(err),
        };
        // The registration and its initial switches are one call for subscribers (decision 29).
        session.scoped(|| {
            let group = match lists::register(&session, &page, handler_list, action_list, row) {
                Ok(group) => group,
                Err(err) => return fail(to_js_error(err)),
            };
            let handle = ActionGroup::new(Rc::downgrade(&self.session), group);
            for (name, on) in enabled {
                let on = on.as_bool().ok_or_else(|| {
                    errors::new_session_error(
                        ErrorCode::BadArgument,
                        &format!("registerActions: spec.enabled.{name} must be true or false"),
                    )
                })?;
                session
                    .set_enabled(&handle.group_id(), &name, on)
                    .map_err(to_js_error)?;
            }
            Ok(adoption::adopt(Class::Group, handle.into()))
        })
    }

    /// Act: run an action's handler (or its url gesture) synchronously; a refusal is data, never thrown.
    #[wasm_bindgen(unchecked_return_type = "FireResult")]
    pub fn fire(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "FireOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let id = fast::id_arg(&id, "fire: id")?;
        let what = "fire: options";
        let limit = self.live()?.limits().1;
        // Both members in one JS pass (`fast::fire_options`), each read once; the member-by-member
        // checks below take what it read when it cannot settle them itself.
        let mut invoke = None;
        let mut instance = None;
        let (source, payload, copy, text) = match fast::fire_options(&options, limit, what)? {
            fast::FireOptionsRead::Plain(payload, copy, text) => (None, payload, copy, text),
            fast::FireOptionsRead::ForReader(payload) => (
                None,
                convert::to_json_by_reader(&payload, "fire: options.payload")?,
                None,
                None,
            ),
            fast::FireOptionsRead::Members {
                source,
                invoke: invoke_read,
                instance: instance_read,
            } => {
                let source = principal_of(source, "source", what)?;
                invoke = convert::opt_bool_of(invoke_read, "invoke", what)?;
                instance = lists::instance_of_fire(instance_read, what)?;
                let payload = convert::to_json_within(
                    &convert::field(&options, "payload", what)?,
                    "fire: options.payload",
                    limit,
                    false,
                )?;
                (source, payload, None, None)
            }
        };
        // The walker's copy of the payload is lent to the host for this fire's handler (`JsHost`
        // hands it over instead of writing the input out again) until this call returns; its text,
        // when it is the one the record keeps, saves writing the payload out again.
        let host = self.host.borrow().clone();
        let _lent = copy.and_then(|copy| Some(host?.lend_payload(copy)));
        let result = self
            .live()?
            .fire_with_text(
                &id,
                FireOptions {
                    source,
                    payload,
                    invoke,
                },
                instance.as_deref(),
                text,
            )
            .map_err(to_js_error)?;
        if let Some(fired) = fast::accepted_fire(&result) {
            return Ok(fired);
        }
        convert::to_js(&result)
    }

    /// A promise of how the fire came to rest (resolves at once if it already has; never rejects).
    #[wasm_bindgen(js_name = settlementOf, unchecked_return_type = "Promise<FireSettlement>")]
    pub fn settlement_of(
        &self,
        #[wasm_bindgen(js_name = transitionId, unchecked_param_type = "string")]
        transition_id: JsValue,
    ) -> Result<Promise, JsValue> {
        let id = string_arg(&transition_id, "settlementOf: transitionId")?;
        if let Some(settlement) = self.live()?.settlement_if_known(&id).map_err(to_js_error)? {
            return Ok(Promise::resolve(&convert::to_js(&settlement)?));
        }
        let host = self
            .host
            .borrow()
            .clone()
            .ok_or_else(|| to_js_error(crate::session::lifecycle::freed_error()))?;
        Ok(Promise::new(&mut |resolve, _reject| {
            host.wait_for(&id, resolve)
        }))
    }

    /// How the fire came to rest, or `undefined` while it is still open.
    #[wasm_bindgen(js_name = settlementIfKnown, unchecked_return_type = "FireSettlement | undefined")]
    pub fn settlement_if_known(
        &self,
        #[wasm_bindgen(js_name = transitionId, unchecked_param_type = "string")]
        transition_id: JsValue,
    ) -> Result<JsValue, JsValue> {
        let id = string_arg(&transition_id, "settlementIfKnown: transitionId")?;
        match self.live()?.settlement_if_known(&id).map_err(to_js_error)? {
            Some(settlement) => convert::to_js(&settlement),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The transition ledger, oldest first: the kept rows (the newest `retain`; older attempts are
    /// folded into the counts `groundTruth()` prints).
    #[wasm_bindgen(unchecked_return_type = "TransitionRecord[]")]
    pub fn transitions(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.live()?.transitions())
    }

    /// The gap ledger (refusals, dead ends, reported gaps), oldest first: the kept rows (the newest `retain`).
    #[wasm_bindgen(unchecked_return_type = "GapRecord[]")]
    pub fn gaps(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.live()?.gaps())
    }

    /// Fires still awaiting the app's state report, oldest first.
    #[wasm_bindgen(unchecked_return_type = "PendingInfo[]")]
    pub fn pending(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.live()?.pending())
    }

    /// Transition ids of fires not yet at rest, in fire order.
    #[wasm_bindgen(js_name = awaitingSettlement)]
    pub fn awaiting_settlement(&self) -> Result<Vec<String>, JsValue> {
        Ok(self.live()?.awaiting_settlement())
    }

    /// The facts block: every attempt, refusals included, under the header that ranks it above the
    /// conversation. Send it verbatim, every turn.
    #[wasm_bindgen(js_name = groundTruth, unchecked_return_type = "RenderedBlock")]
    pub fn ground_truth(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "GroundTruthOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let what = "groundTruth: options";
        let since = opt_count(&options, "sinceVersion", what)?;
        let max = opt_number(&options, "maxAttempts", what)?.map(|n| n as i64);
        let session = self.live()?;
        fast::with_text_buffer(|text| {
            let (node, version) = facts::ground_truth_into(text, &session, since, max);
            fast::rendered_block(&node, version, text)
        })
    }

    /// The friendly brief: position, options, recent happenings (refusals are the facts block's job).
    #[wasm_bindgen(js_name = contextBrief, unchecked_return_type = "ContextBrief")]
    pub fn context_brief(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "ContextBriefOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let what = "contextBrief: options";
        let since = opt_count(&options, "sinceVersion", what)?;
        let max = opt_number(&options, "maxTransitions", what)?.map(|n| n as i64);
        convert::to_js(&facts::context_brief_capped(&*self.live()?, since, max))
    }
}

/// `{name: function}` → `(name, callback id)` pairs; anything but a function is refused.
fn named_functions(value: &DefValue) -> Result<Vec<(String, CallbackId)>, JsValue> {
    let entries = match value {
        DefValue::Undefined | DefValue::Null => return Ok(Vec::new()),
        DefValue::Object(entries) => entries,
        other => {
            return Err(errors::new_session_error(
                ErrorCode::BadArgument,
                &format!(
                    "registerActions: spec.handlers must be an object of name → function, not {}",
                    other.type_name()
                ),
            ))
        }
    };
    entries
        .iter()
        .map(|(name, value)| match value {
            DefValue::Function(id) => Ok((name.clone(), *id)),
            other => Err(errors::new_session_error(
                ErrorCode::BadHandler,
                &format!("registerActions: spec.handlers.{name} must be a function (the app's own handler), not {}", other.type_name()),
            )),
        })
        .collect()
}
