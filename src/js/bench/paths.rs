//! Bench-only exports (cargo feature `bench-paths`, built by `benches/js/boundary.cjs` into
//! `target/bench-paths/`, never shipped): each boundary path the package uses, next to the same data
//! through serde-wasm-bindgen (`Serializer::json_compatible()` out, `from_value` in) and, for the fast
//! path's results, the general route's serde_json text + `JSON.parse`, so the bench can time each way
//! on the same values. serde-wasm-bindgen is a dependency of this feature only. The decision each row
//! led to is in `docs/boundary.md`. Uses `convert`, `fast`, `port` and `session`'s helpers; used by
//! nothing else.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

use crate::codes::Refusal;
use crate::js::{convert, fast, port, session};
use crate::serve::{AgentPort, Answer, PortOptions};
use crate::session::results::{FireResult, SettlementState, UpdateResult};
use crate::session::{EffectStatus, TransitionRecord};

/// The path a bench call takes: 0 (anything else) what the package does, 1 serde-wasm-bindgen, 2
/// serde_json text + `JSON.parse`, 3 (`groundTruth()` only) that text with the long text set in place.
const SWB: u32 = 1;
const TEXT: u32 = 2;
const TEXTS: u32 = 3;

fn swb<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(JsValue::from)
}

/// The general route (`convert::to_js`: serde_json text + `JSON.parse`), or serde-wasm-bindgen.
fn general<T: Serialize + ?Sized>(value: &T, path: u32) -> Result<JsValue, JsValue> {
    if path == SWB {
        swb(value)
    } else {
        convert::to_js(value)
    }
}

fn count(json: Option<Value>) -> u32 {
    match json {
        Some(Value::Object(members)) => members.len() as u32,
        Some(_) => 1,
        None => 0,
    }
}

/// A payload or state report read into JSON: the JS walker + serde_json text (what `updateState`
/// and `fire` use), or `serde_wasm_bindgen::from_value`.
#[wasm_bindgen(js_name = __benchReadValue)]
pub fn bench_read_value(value: JsValue, path: u32) -> Result<u32, JsValue> {
    let json = if path == SWB {
        serde_wasm_bindgen::from_value::<Option<Value>>(value)?
    } else {
        convert::to_json_within(&value, "bench: value", 1 << 20, true)?
    };
    Ok(count(json))
}

#[derive(Deserialize)]
struct FireOptions {
    source: Option<String>,
    payload: Option<Value>,
}

/// `fire`'s options object (`{ source?, payload? }`): what `fire` does (`fast::fire_options`, one JS
/// call reading both members and walking the payload, with its copy for the handler), the `Reflect`
/// member reads it did before (path 2), or `from_value` into a derived struct.
#[wasm_bindgen(js_name = __benchReadOptions)]
pub fn bench_read_options(options: JsValue, path: u32) -> Result<u32, JsValue> {
    if path == SWB {
        let read: FireOptions = serde_wasm_bindgen::from_value(options)?;
        return Ok(u32::from(read.source.is_some()) + u32::from(read.payload.is_some()));
    }
    let what = "bench: options";
    if path != TEXT {
        return Ok(match fast::fire_options(&options, 1 << 20, what)? {
            fast::FireOptionsRead::Plain(payload, _, _) => u32::from(payload.is_some()),
            fast::FireOptionsRead::Members { .. } | fast::FireOptionsRead::ForReader(_) => 0,
        });
    }
    let source = session::principal(&options, "source", what)?;
    let payload = convert::to_json_within(
        &convert::field(&options, "payload", what)?,
        what,
        1 << 20,
        false,
    )?;
    Ok(u32::from(source.is_some()) + u32::from(payload.is_some()))
}

/// A result out of the core, for the session in `session`: `what` 0 an accepted `FireResult`, 1 an
/// `UpdateResult` carrying the newest transition, 2 `transitions()`, 3 `gaps()`, 4 `pending()`, 5 the
/// port's `whats_here` result, 6 a refused `FireResult` (an unknown id, with the ids on offer), 7
/// `groundTruth()`'s block.
#[wasm_bindgen(js_name = __benchWrite)]
pub fn bench_write(session: JsValue, what: u32, path: u32) -> Result<JsValue, JsValue> {
    let core = session::session_arg(&session, "bench")?;
    let missing = || JsValue::from_str("bench: no fast path for this value");
    match what {
        0 => {
            let mut r = FireResult::refused(Refusal::UnknownAffordance);
            r.ok = true;
            r.reason = None;
            r.transition_id = Some("wizard.name-it#12".into());
            r.settlement = Some(SettlementState::Settled);
            r.effect_status = Some(EffectStatus::Performed);
            r.version = Some(core.version());
            match path {
                SWB => swb(&r),
                TEXT => convert::to_js(&r),
                _ => fast::accepted_fire(&r).ok_or_else(missing),
            }
        }
        1 => {
            // The newest row, read once: the timed call is the hand-over, not the ledger copy.
            thread_local! {
                static ROW: std::cell::RefCell<Option<TransitionRecord>> = const { std::cell::RefCell::new(None) };
            }
            let transition = ROW.with(|row| {
                let mut row = row.borrow_mut();
                if row.is_none() {
                    *row = core.transitions().pop();
                }
                row.clone()
            });
            let r = UpdateResult {
                ok: true,
                attributed: Some(true),
                transition,
                version: core.version(),
                reason: None,
                pending: None,
                issues: None,
            };
            match path {
                SWB => swb(&r),
                TEXT => convert::to_js(&r),
                _ => {
                    // The package's way: the record built from the row itself, shared.
                    thread_local! {
                        static SHARED: std::cell::RefCell<Option<crate::session::SharedRow>> = const { std::cell::RefCell::new(None) };
                    }
                    let row = SHARED.with(|row| {
                        let mut row = row.borrow_mut();
                        if row.is_none() {
                            *row = core.newest_shared_row();
                        }
                        row.clone()
                    });
                    let bare = UpdateResult {
                        transition: None,
                        ..r
                    };
                    fast::update_result(&bare, row.as_ref()).ok_or_else(missing)
                }
            }
        }
        6 => {
            let mut r = FireResult::refused(Refusal::UnknownAffordance);
            r.affordance_id = Some("wizard.not-an-action".into());
            r.available = Some(
                [
                    "wizard.name-it",
                    "wizard.next-to-review",
                    "go-to-projects",
                    "go-to-review",
                ]
                .map(String::from)
                .to_vec(),
            );
            general(&r, path)
        }
        2 => general(&core.transitions(), path),
        3 => general(&core.gaps(), path),
        4 => general(&core.pending(), path),
        7 => {
            // `groundTruth()`: the package's `{ node, version, text }` literal, the general route with
            // the text set in place (path 3, as `whats_here` does), or the block as text.
            let mut text = String::new();
            let (node, version) = crate::facts::ground_truth_into(&mut text, &core, None, None);
            if path == TEXTS {
                let block = crate::facts::FactsBlock {
                    node,
                    version,
                    text: String::new(),
                };
                return convert::to_js_with_texts(&block, [Some(("text", &text)), None]);
            }
            if path != SWB && path != TEXT {
                return fast::rendered_block(&node, version, &text);
            }
            let block = crate::facts::FactsBlock {
                node,
                version,
                text,
            };
            general(&block, path)
        }
        _ => {
            // One port for the bench's session, made once: the timed call is the answer and its hand-over.
            thread_local! {
                static PORT: std::cell::RefCell<Option<std::rc::Rc<AgentPort>>> = const { std::cell::RefCell::new(None) };
            }
            let port = PORT.with(|port| {
                std::rc::Rc::clone(port.borrow_mut().get_or_insert_with(|| {
                    std::rc::Rc::new(AgentPort::new(core, PortOptions::default()))
                }))
            });
            // The package's way: the typed result through its serde derive, the two texts set in
            // place after the parse (`port::hand_over_whats_here`); path 2 writes them into the JSON.
            let Answer::WhatsHere(result) = port.call_answer("wizard.whats_here", &json!({}))
            else {
                return Err(JsValue::from_str("bench: whats_here did not answer"));
            };
            match path {
                SWB => swb(&*result),
                TEXT => convert::to_js(&*result),
                _ => port::hand_over_whats_here(*result),
            }
        }
    }
}
