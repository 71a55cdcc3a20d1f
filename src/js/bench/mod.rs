//! Bench-only exports (cargo feature `bench-paths`, never shipped) that split a Node fire into the
//! core's share and the boundary's: [`BenchCore`] runs `benches/parity.rs`'s `WholeStore` fire (the
//! seed wizard, `wizard.name-it` whose handler reports the whole 3-key store through `update_state`)
//! entirely inside wasm with a Rust closure host (`session::test_host::ClosureHost`), so JS times N
//! fires around one call: the core alone, in wasm. [`bench_floor_fire`] / [`bench_floor_report`] do the
//! boundary work of one fire with no core work, by the package's own paths: the id as `fire` reads
//! it, `fire`'s options through the JS walker, the JS handler called with the walker's copy, its
//! 3-key report read through the door `updateState` uses and answered with an update result built
//! from a kept row, the three clock reads the core makes, and the accepted fire result built as
//! `session.fire` builds it. `benches/js/bench.cjs` prints the decomposition; `docs/boundary.md`
//! ("Where a fire's time goes") keeps the numbers. Uses `convert`, `fast` and `session`'s helpers,
//! the graph compiler and the session; used by nothing else.

mod paths;

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Function;
use serde_json::{json, Map, Value};
use wasm_bindgen::prelude::*;

use crate::codes::Refusal;
use crate::graph::def::{from_json_text, DefValue};
use crate::graph::{build_navigation_graph, from_journeys, from_routes, match_route};
use crate::host::{CallbackId, HandlerOutcome, PredicateAnswer};
use crate::js::{convert, fast, session};
use crate::session::results::{FireResult, SettlementState, UpdateResult};
use crate::session::test_host::ClosureHost;
use crate::session::{
    EffectStatus, FireOptions, Session, SessionOptions, SharedRow, SyncOptions, UpdateOptions,
};

fn bench_error(what: &str) -> JsValue {
    JsValue::from_str(&format!("bench: {what}"))
}

/// `tests/session_support`'s `wizard_graph(true, predicate)`: the seed wizard with cross-links, its
/// `next-to-review` verified by `predicate`.
fn wizard_graph(predicate: CallbackId) -> Option<crate::graph::NavigationGraph> {
    let routes = from_json_text(
        r#"{"projects":{"route":"/projects","does":"the Projects list"},
            "wizard":{"route":"/projects/new","does":"the New Project wizard"},
            "review":{"route":"/projects/new/review","does":"the Review step"}}"#,
    )
    .ok()?;
    let journeys = from_json_text(
        r#"{"new-project":{"does":"Create a project: name it, pick a recipe, review it, create it",
            "steps":["name-it","pick-recipe","next-to-review","create-project"]}}"#,
    )
    .ok()?;
    let routes_source =
        from_routes(&routes, &from_json_text(r#"{"crossLinks":true}"#).ok()?).ok()?;
    let journeys_source = from_journeys(&journeys).ok()?;
    let mut def = from_json_text(
        &json!({
            "sources": [routes_source, journeys_source],
            "pages": {
                "wizard": {"actions": {
                    "name-it": {
                        "does": "Name the project",
                        "input": {"type":"object","properties":{"name":{"type":"string"}},"required":["name"]},
                        "writes": ["project.name"],
                        "verify": {"project.name": {"ne": ""}}
                    },
                    "pick-recipe": {
                        "does": "Pick the analysis recipe",
                        "when": {"project.name": {"ne": ""}},
                        "input": {"type":"object","properties":{"recipe":{"type":"string"}},"required":["recipe"]},
                        "writes": ["project.recipe"],
                        "verify": {"project.recipe": {"ne": ""}}
                    },
                    "next-to-review": {
                        "does": "Go on to the review step",
                        "goTo": "review",
                        "input": "none",
                        "enabledWhen": {"project.recipe": {"ne": ""}},
                        "verify": "PREDICATE"
                    }
                }},
                "review": {"actions": {
                    "create-project": {
                        "does": "Create the project",
                        "confirm": true,
                        "input": "none",
                        "writes": ["projects.count"],
                        "verify": {"projects.count": {"gt": 0}}
                    }
                }}
            }
        })
        .to_string(),
    )
    .ok()?;
    let mut at = &mut def;
    for key in ["pages", "wizard", "actions", "next-to-review", "verify"] {
        let DefValue::Object(entries) = at else {
            return None;
        };
        at = entries.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v)?;
    }
    *at = DefValue::Function(predicate);
    build_navigation_graph("wizard", &def).ok()
}

/// `benches/parity.rs`'s `WholeStore` session, in wasm: the seed wizard on `wizard`, the 3-key store as
/// state, and a `name-it` handler reporting the whole store from inside the handler.
#[wasm_bindgen(js_name = __BenchCore)]
pub struct BenchCore {
    session: Rc<Session>,
    host: Rc<ClosureHost>,
    n: u32,
}

#[wasm_bindgen(js_class = __BenchCore)]
impl BenchCore {
    /// The session, filled to `attempts` attempts (half settled fires, half refusals, as the benches do).
    #[wasm_bindgen(constructor)]
    pub fn new(attempts: u32) -> Result<BenchCore, JsValue> {
        let host = Rc::new(ClosureHost::new());
        let predicate = host.predicate(|_, _| PredicateAnswer::Failed);
        let graph =
            Rc::new(wizard_graph(predicate).ok_or_else(|| bench_error("the wizard graph"))?);
        let g = Rc::clone(&graph);
        host.set_navigate(move |s, href| {
            let page = match_route(&g, href).unwrap_or_default();
            let _ = s.sync(&page, SyncOptions::default());
            HandlerOutcome::Returned(None)
        });
        let name_it = host.handler(|s, input| {
            let name = input
                .and_then(|v| v.get("name"))
                .cloned()
                .unwrap_or(Value::Null);
            let delta = json!({ "project.name": name, "project.recipe": "", "projects.count": 0 });
            let _ = s.update_state(&delta, UpdateOptions::default());
            HandlerOutcome::Returned(None)
        });
        let mut state = Map::new();
        state.insert("project.name".into(), json!(""));
        state.insert("project.recipe".into(), json!(""));
        state.insert("projects.count".into(), json!(0));
        let options = SessionOptions {
            node: Some("wizard".into()),
            state: Some(state),
            ..SessionOptions::default()
        };
        let session =
            Session::new(graph, host.clone(), options).map_err(|_| bench_error("createSession"))?;
        session
            .register_actions("wizard", vec![("name-it".into(), name_it)], vec![])
            .map_err(|_| bench_error("registerActions"))?;
        let mut bench = BenchCore {
            session: Rc::new(session),
            host,
            n: 0,
        };
        for _ in 0..attempts / 2 {
            bench.fire_once()?;
            bench.refuse()?;
        }
        bench.drop_host_records();
        Ok(bench)
    }

    /// `count` fires of `wizard.name-it`, each settled before it returns (as parity's `fire_and_settle`:
    /// a fresh payload `{ name: "name <n>" }`); returns how many settled.
    pub fn fires(&mut self, count: u32) -> Result<u32, JsValue> {
        for _ in 0..count {
            self.fire_once()?;
        }
        // The host's own list of settled ids grows per fire; it is not the session's memory.
        if self.host.settled.borrow().len() > 100_000 {
            self.drop_host_records();
        }
        Ok(count)
    }

    /// The part of `count` fires that is not the core's: the payload parity's fire builds, the
    /// handler's read of its `name` and the 3-key report it builds (through JS these values are
    /// parsed from the walker's text instead, which the floor counts); made and dropped.
    pub fn values(&mut self, count: u32) -> u32 {
        for _ in 0..count {
            self.n += 1;
            let payload = json!({ "name": format!("name {}", self.n) });
            let name = payload.get("name").cloned().unwrap_or(Value::Null);
            let delta = json!({ "project.name": name, "project.recipe": "", "projects.count": 0 });
            std::hint::black_box((payload, delta));
        }
        count
    }
}

impl BenchCore {
    fn fire_once(&mut self) -> Result<(), JsValue> {
        self.n += 1;
        let payload = Some(json!({ "name": format!("name {}", self.n) }));
        let fired = self
            .session
            .fire(
                "wizard.name-it",
                FireOptions {
                    source: None,
                    payload,
                },
            )
            .map_err(|_| bench_error("fire"))?;
        if fired.settlement != Some(SettlementState::Settled) {
            return Err(bench_error("the fire did not settle synchronously"));
        }
        Ok(())
    }

    fn refuse(&self) -> Result<(), JsValue> {
        self.session
            .fire("wizard.not-an-action", FireOptions::default())
            .map(drop)
            .map_err(|_| bench_error("fire"))
    }

    fn drop_host_records(&self) {
        drop(std::mem::take(&mut *self.host.settled.borrow_mut()));
        drop(std::mem::take(&mut *self.host.warnings.borrow_mut()));
    }
}

thread_local! {
    /// The newest row of the session [`bench_floor_setup`] was given: the floor's update result is
    /// built from it, as `updateState`'s is from the row its report just wrote.
    static FLOOR_ROW: RefCell<Option<(SharedRow, u64)>> = const { RefCell::new(None) };
}

/// Keep `session`'s newest row (a settled `wizard.name-it` fire) for the floor's update results.
#[wasm_bindgen(js_name = __benchFloorSetup)]
pub fn bench_floor_setup(session: JsValue) -> Result<(), JsValue> {
    let core = session::session_arg(&session, "bench")?;
    let row = core
        .newest_shared_row()
        .ok_or_else(|| bench_error("the session has no row"))?;
    FLOOR_ROW.with(|kept| *kept.borrow_mut() = Some((row, core.version())));
    Ok(())
}

/// The boundary work of one `session.fire(id, options)` without the core: the id read, the options
/// and payload through the walker (its text parsed, its copy kept), `handler` called with the copy
/// (it reports through [`bench_floor_report`]), the core's two clock reads of a fire, and the
/// accepted result built by `fast::accepted_fire`.
#[wasm_bindgen(js_name = __benchFloorFire)]
pub fn bench_floor_fire(
    id: JsValue,
    options: JsValue,
    handler: &Function,
) -> Result<JsValue, JsValue> {
    let id = fast::id_arg(&id, "fire: id")?;
    let what = "fire: options";
    let (payload, copy) = match fast::fire_options(&options, 1 << 20, what)? {
        fast::FireOptionsRead::Plain(payload, copy, _) => (payload, copy),
        _ => return Err(bench_error("the floor takes a plain payload")),
    };
    let now = js_sys::Date::now();
    let arg = copy.unwrap_or(JsValue::UNDEFINED);
    let outcome = match handler.call1(&JsValue::UNDEFINED, &arg) {
        Err(_) => HandlerOutcome::Threw(String::new()),
        Ok(value) if value.is_undefined() => HandlerOutcome::Returned(None),
        Ok(value) => HandlerOutcome::Returned(fast::returned_json(&value)),
    };
    let after = js_sys::Date::now();
    if !matches!(outcome, HandlerOutcome::Returned(None)) || payload.is_none() || after < now {
        return Err(bench_error(
            "the floor's handler must report and return nothing",
        ));
    }
    let version = FLOOR_ROW.with(|kept| kept.borrow().as_ref().map(|(_, v)| *v));
    let mut r = FireResult::refused(Refusal::UnknownAffordance);
    r.ok = true;
    r.reason = None;
    r.transition_id = Some(format!("{id}#12"));
    r.settlement = Some(SettlementState::Settled);
    r.effect_status = Some(EffectStatus::Performed);
    r.version = version;
    fast::accepted_fire(&r).ok_or_else(|| bench_error("no fast path for this result"))
}

/// The boundary work of `session.updateState(delta)` without the core: the delta through the walker
/// within the byte budget per member (its text parsed), the core's clock read of a report, and the
/// update result with its record built from the kept row by `fast::update_result`.
#[wasm_bindgen(js_name = __benchFloorReport)]
pub fn bench_floor_report(delta: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    if !options.is_undefined() {
        return Err(bench_error("the floor's report takes no options"));
    }
    let delta = convert::to_json_within(&delta, "updateState: delta", 1 << 20, true)?
        .unwrap_or(Value::Null);
    let _now = js_sys::Date::now();
    let (row, version) = FLOOR_ROW
        .with(|kept| kept.borrow().clone())
        .ok_or_else(|| bench_error("__benchFloorSetup first"))?;
    let result = UpdateResult {
        ok: delta.as_object().is_some_and(|d| d.len() == 3),
        attributed: Some(true),
        transition: None,
        version,
        reason: None,
        pending: None,
        issues: None,
    };
    fast::update_result(&result, Some(&row))
        .ok_or_else(|| bench_error("no fast path for this result"))
}
