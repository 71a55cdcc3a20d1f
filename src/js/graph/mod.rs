//! Authoring exports: `buildNavigationGraph`, `fromRoutes`, `fromJourneys`, `matchRoute` and the
//! `NavigationGraph` class (a read-only handle on a compiled core graph).
//!
//! Reads authored values through `convert`, compiles with `crate::graph`, and turns every `GraphError`
//! into a JS `GraphValidationError`. The verify predicates a definition hands over are held by the
//! graph object and by every session built from it, and released when the last of them is freed
//! (`docs/decisions.md` decision 26): `graph.free()` while sessions still use the graph leaves their
//! predicates working. Used by apps, and by `js::session`, which takes a `NavigationGraph`.

mod routers;

use crate::codes::ErrorCode;
use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use crate::graph::{self as core, DefValue, NavigationGraph};
use crate::host::CallbackId;
use crate::js::lifecycle::{self, Class};
use crate::js::{brand, callbacks, convert, errors};

#[wasm_bindgen(typescript_custom_section)]
const AUTHORING_TYPES: &'static str = r#"
/** A JSON value: what state, payloads and thresholds are made of. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
/** A JSON value a ledger row keeps as its compact text (`payload`, `produced`): written as the value. */
export type JsonText = JsonValue;
/** The flat state projection the app reports: opaque keys ('project.name' is one key) to JSON values. */
export type AppState = Record<string, JsonValue>;
/** One key's conditions; every present operator must hold. */
export interface KeyCondition {
  eq?: JsonValue | undefined; ne?: JsonValue | undefined;
  gt?: number | string | undefined; gte?: number | string | undefined; lt?: number | string | undefined; lte?: number | string | undefined;
  in?: readonly JsonValue[] | undefined; notIn?: readonly JsonValue[] | undefined;
}
/** A guard: state key → condition. All keys must hold (AND). */
export type WhereFilter = { readonly [stateKey: string]: KeyCondition };
/** A JSON Schema object describing an action's input. */
export type JsonSchema = { readonly [key: string]: JsonValue };
/** A synchronous verify predicate over a detached copy of the state. */
export type VerifyPredicate = (state: AppState) => boolean;
/** An action as authored on a page (`pages.P.actions.name`). */
export interface ActionDef {
  does: string;
  input?: 'none' | JsonSchema | undefined;
  writes?: readonly string[] | undefined;
  reads?: readonly string[] | undefined;
  verify?: WhereFilter | VerifyPredicate | undefined;
  when?: WhereFilter | undefined;
  enabledWhen?: WhereFilter | undefined;
  goTo?: string | undefined;
  confirm?: boolean | undefined;
  /** 'single-flight': refuse a fire while one is open (PRIOR_FIRE_PENDING); 'once': also refuse every fire after one performed (DUPLICATE_EXECUTION). */
  concurrency?: 'single-flight' | 'once' | 'parallel' | undefined;
  role?: 'next' | 'prev' | 'submit' | 'cancel' | 'back' | 'open' | 'close' | 'action' | undefined;
  binding?: { kind: 'url'; href: string } | undefined;
  /** The person's on-screen control by ARIA role and accessible name, which groundfacts/sensor matches (docs/session.md §33). */
  control?: { role: string; name: string } | undefined;
}
/** A root-level action, offered on the pages it lists. */
export interface RootActionDef extends ActionDef { on: string | readonly string[] }
export interface PageDef {
  route?: string | undefined;
  does?: string | undefined;
  when?: WhereFilter | undefined;
  actions?: { readonly [name: string]: ActionDef } | undefined;
  /** Areas, tabs and modals inside the page (the tree API), addressed `page.name.sub`. */
  containers?: { readonly [name: string]: ContainerDef } | undefined;
}
/**
 * A container inside a page: where a reader can be. It holds no actions (they stay served from the
 * page). A tab hides its sibling tabs when shown; modals stack; areas are visible with their parent.
 */
export interface ContainerDef {
  kind: 'area' | 'tab' | 'modal';
  does: string;
  containers?: { readonly [name: string]: ContainerDef } | undefined;
}
export interface JourneyDef {
  does: string;
  steps: readonly (string | { step: string })[];
  when?: WhereFilter | undefined;
}
/**
 * What `fromRoutes`, `fromReactRouter` and `fromSvelteKitRoutes` return: a snapshot of the router's
 * table, for `sources`. `syntax` says how `route` is written and ranked (absent: `fromRoutes`'
 * colon syntax, case-sensitive); `caseSensitive` marks a React Router route that said so.
 */
export interface RoutesSource {
  kind: 'routes';
  syntax?: 'react-router' | 'sveltekit' | undefined;
  pages: Record<string, { route: string; does?: string | undefined; caseSensitive?: boolean | undefined }>;
  crossLinks?: boolean | string[] | undefined;
}
/** What `fromJourneys` returns: a snapshot of the app's funnel list, for `sources`. */
export interface JourneysSource {
  kind: 'journeys';
  journeys: Record<string, { does: string; steps: (string | { step: string })[]; when?: WhereFilter | undefined }>;
}
export type GraphSource = RoutesSource | JourneysSource;
export interface NavigationGraphDef {
  does?: string | undefined;
  sources?: readonly GraphSource[] | undefined;
  pages?: { readonly [pageId: string]: PageDef } | undefined;
  actions?: { readonly [name: string]: RootActionDef } | undefined;
  journeys?: { readonly [journeyId: string]: JourneyDef } | undefined;
  /** Values that never leave the session: each is `[redacted]` wherever the package hands it out. */
  redact?: RedactDef | undefined;
}
/**
 * What never leaves the session (docs/session.md §28). `keys`: state keys, exact (`'auth.token'`), a
 * prefix ending `.*` (`'card.*'`) or `'*'` for every key. `paths`: member paths inside every fire's
 * payload and every handler's return value (`'password'`, `'card.number'`, `'items.*.pin'`; a named
 * segment looks inside each element of a list; `'*'` alone is the whole value). Guards, verify and
 * grading still see the real value, and the app's own handlers and predicates get it whole.
 */
export interface RedactDef {
  keys?: readonly string[] | undefined;
  paths?: readonly string[] | undefined;
}
export type RouteTable = { readonly [pageId: string]: string | { readonly route: string; readonly does?: string | undefined } };
export interface FromRoutesOptions { crossLinks?: boolean | readonly string[] | undefined }
"#;

/// The app functions a graph definition handed over (its verify predicates), released on drop:
/// when the graph object and every session built from it have let go.
pub struct HeldFunctions(Vec<CallbackId>);

impl Drop for HeldFunctions {
    fn drop(&mut self) {
        callbacks::release(&self.0);
    }
}

/// A live graph: the compiled core graph and the functions it holds.
#[derive(Clone)]
pub struct GraphHandle {
    pub graph: Rc<NavigationGraph>,
    pub held: Rc<HeldFunctions>,
}

/// A compiled, immutable navigation graph.
#[wasm_bindgen(js_name = NavigationGraph)]
pub struct JsNavigationGraph {
    /// `None` once freed.
    live: RefCell<Option<GraphHandle>>,
}

impl JsNavigationGraph {
    fn graph(&self) -> Result<Rc<NavigationGraph>, JsValue> {
        match &*self.live.borrow() {
            Some(handle) => Ok(Rc::clone(&handle.graph)),
            None => Err(errors::new_session_error(
                ErrorCode::GraphFreed,
                "this NavigationGraph was freed (graph.free()); build it again with buildNavigationGraph",
            )),
        }
    }
}

/// The core graph behind a `NavigationGraph` argument; anything else (a plain object, a session, a
/// freed graph) is a typed `SessionError` naming the call.
pub fn graph_arg(value: &JsValue, what: &str) -> Result<Rc<NavigationGraph>, JsValue> {
    graph_handle_arg(value, what).map(|handle| handle.graph)
}

/// [`graph_arg`] with the graph's held functions (a session keeps them for its life).
pub fn graph_handle_arg(value: &JsValue, what: &str) -> Result<GraphHandle, JsValue> {
    brand::claim::<GraphHandle>(value).ok_or_else(|| {
        errors::new_session_error(
            ErrorCode::NotAGraph,
            &format!("{what} must be a NavigationGraph returned by buildNavigationGraph (and not freed); got {}", describe(value)),
        )
    })
}

/// What a wrong argument was, by kind only (never its content).
pub fn describe(value: &JsValue) -> &'static str {
    if value.is_undefined() {
        "undefined"
    } else if value.is_null() {
        "null"
    } else if value.is_function() {
        "a function"
    } else if value.is_object() {
        "another object"
    } else if value.is_string() {
        "a string"
    } else if value.as_f64().is_some() {
        "a number"
    } else if value.as_bool().is_some() {
        "a boolean"
    } else {
        "a value of another kind"
    }
}

#[wasm_bindgen(js_class = NavigationGraph)]
impl JsNavigationGraph {
    /// The graph id (`'wizard'`); it prefixes every served tool name.
    #[wasm_bindgen(getter)]
    pub fn id(&self) -> Result<String, JsValue> {
        Ok(self.graph()?.id.clone())
    }

    /// Declared page ids, in declaration order.
    pub fn pages(&self) -> Result<Vec<String>, JsValue> {
        Ok(self.graph()?.page_ids().map(str::to_string).collect())
    }

    /// Every declared action id, in compiled order (page actions, then cross-links, then root actions).
    #[wasm_bindgen(js_name = actionIds)]
    pub fn action_ids(&self) -> Result<Vec<String>, JsValue> {
        Ok(self.graph()?.action_ids().map(str::to_string).collect())
    }

    /// The compiled graph as plain data (docs/graph.md §13): pages, actions (where offered, guards,
    /// verify, writes, destination, input), journeys and containers, in compiled order. A verify
    /// predicate is named (`{ kind: 'predicate' }`), never handed out. `groundfacts/testing` lints it.
    #[wasm_bindgen(unchecked_return_type = "GraphDescription")]
    pub fn describe(&self) -> Result<JsValue, JsValue> {
        let graph = self.graph()?;
        convert::to_js(&crate::graph::describe::describe(&graph))
    }

    /// Hidden: lets `brand::claim` recognise a live graph passed as an argument.
    #[wasm_bindgen(js_name = __groundfactsBrand, skip_typescript)]
    pub fn brand(&self) {
        if let Some(handle) = self.live.borrow().clone() {
            brand::park(handle);
        }
    }

    /// Hidden: what `free()` / `[Symbol.dispose]()` call (decision 26). Lets go of the graph; its
    /// predicates are released once no session built from it is left.
    #[wasm_bindgen(js_name = __groundfactsRetire, skip_typescript)]
    pub fn retire(&self) -> bool {
        let handle = self.live.borrow_mut().take();
        drop(handle);
        lifecycle::stay_attached()
    }
}

/// Compile a definition. Throws `GraphValidationError` (with a stable `code`) on the first fault.
#[wasm_bindgen(js_name = buildNavigationGraph, unchecked_return_type = "NavigationGraph")]
pub fn build_navigation_graph(
    #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NavigationGraphDef")] def: JsValue,
) -> Result<JsValue, JsValue> {
    crate::js::init();
    let id = id.as_string().ok_or_else(|| {
        errors::graph_error_parts(ErrorCode::EmptyGraphId, "buildNavigationGraph: the graph id must be a non-empty string (it prefixes every tool name); pass e.g. buildNavigationGraph('shop', { … })")
    })?;
    let def = convert::to_def(&def, "buildNavigationGraph: def")?;
    match core::build_navigation_graph(&id, &def.value) {
        Ok(graph) => {
            let handle = GraphHandle {
                graph: Rc::new(graph),
                held: Rc::new(HeldFunctions(def.callbacks)),
            };
            let graph = JsNavigationGraph {
                live: RefCell::new(Some(handle)),
            };
            Ok(lifecycle::adopt(Class::Graph, graph.into()))
        }
        Err(err) => {
            crate::js::callbacks::release(&def.callbacks);
            Err(errors::graph_error(&err))
        }
    }
}

/// Read the router's table as a graph source. Routes use colon syntax (`:param`, `:param?`, `segment?`,
/// a final `*`); anything else is refused `BAD_ROUTE`. `crossLinks` adds `go-to-<page>` links to literal routes.
#[wasm_bindgen(js_name = fromRoutes, unchecked_return_type = "RoutesSource")]
pub fn from_routes(
    #[wasm_bindgen(unchecked_param_type = "RouteTable")] routes: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "FromRoutesOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    crate::js::init();
    let routes = plain_data(&routes, "fromRoutes: routes")?;
    let options = plain_data(&options, "fromRoutes: options")?;
    let source = core::from_routes(&routes, &options).map_err(|e| errors::graph_error(&e))?;
    convert::to_js(&source)
}

/// Read the app's funnel list as a graph source.
#[wasm_bindgen(js_name = fromJourneys, unchecked_return_type = "JourneysSource")]
pub fn from_journeys(
    #[wasm_bindgen(unchecked_param_type = "{ readonly [journeyId: string]: JourneyDef }")] journeys: JsValue,
) -> Result<JsValue, JsValue> {
    crate::js::init();
    let journeys = plain_data(&journeys, "fromJourneys: journeys")?;
    let source = core::from_journeys(&journeys).map_err(|e| errors::graph_error(&e))?;
    convert::to_js(&source)
}

/// The page whose route matches `path` best, or `undefined` — never a nearest guess.
#[wasm_bindgen(js_name = matchRoute)]
pub fn match_route(
    #[wasm_bindgen(unchecked_param_type = "NavigationGraph")] graph: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] path: JsValue,
) -> Result<Option<String>, JsValue> {
    let graph = graph_arg(&graph, "matchRoute: graph")?;
    let path = path.as_string().ok_or_else(|| {
        errors::new_session_error(
            ErrorCode::BadArgument,
            "matchRoute: the path must be a string (e.g. location.pathname)",
        )
    })?;
    Ok(core::match_route(&graph, &path))
}

/// Sources are snapshots of plain data: a function anywhere in them is dropped by the core's own rules,
/// so it must not stay registered.
pub(in crate::js) fn plain_data(value: &JsValue, what: &str) -> Result<DefValue, JsValue> {
    let converted = convert::to_def(value, what)?;
    crate::js::callbacks::release(&converted.callbacks);
    Ok(converted.value)
}
