//! `fromReactRouter`, `fromSvelteKitRoutes` and `fromNextRoutes`: the route tables of real routers as graph sources.
//!
//! React Router route objects carry live code and React elements (`element`, `Component`, `loader`,
//! `lazy`, `errorElement`, …). They are never converted as a whole: [`read_routes`] reads only `path`,
//! `index`, `id`, `caseSensitive`, `handle.does` and `children`, each through a `catch` `Reflect.get`, and
//! hands the core (`graph::router_sources`) a plain tree — so a React element, a cycle through an
//! element's owner or a throwing getter elsewhere on the object never matters. Nesting deeper than
//! `MAX_ROUTE_DEPTH` or more than `MAX_ROUTES` objects is refused. SvelteKit ids are plain strings and go
//! through `convert`. Used by apps; uses `convert`, `errors`, `crate::graph`.

use crate::codes::ErrorCode;
use wasm_bindgen::prelude::*;

use crate::graph::{self as core, DefValue};
use crate::js::{convert, errors};

/// Most route objects one call reads (a real app has tens to a few hundred).
const MAX_ROUTES: usize = 10_000;
/// Deepest `children` nesting read (the core refuses the same depth with its own message).
const MAX_ROUTE_DEPTH: usize = 64;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = get)]
    fn reflect_get(target: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn array_is_array(value: &JsValue) -> Result<bool, JsValue>;
}

#[wasm_bindgen(typescript_custom_section)]
const ROUTER_TYPES: &'static str = r#"
/**
 * A React Router route object as `createBrowserRouter` takes it (React Router's `RouteObject` fits).
 * groundfacts reads `path`, `index`, `id` (the page id; ids React Router generates itself, like '0-1',
 * do not count), `caseSensitive`, `handle.does` (the page's description) and `children`; the other
 * fields are listed so route objects written in place type-check, and are never read.
 */
export interface RouteObjectLike {
  readonly path?: string | undefined;
  readonly index?: boolean | undefined;
  readonly id?: string | undefined;
  readonly caseSensitive?: boolean | undefined;
  readonly handle?: unknown;
  readonly children?: readonly RouteObjectLike[] | undefined;
  readonly element?: unknown;
  readonly Component?: unknown;
  readonly errorElement?: unknown;
  readonly ErrorBoundary?: unknown;
  readonly hydrateFallbackElement?: unknown;
  readonly HydrateFallback?: unknown;
  readonly loader?: unknown;
  readonly action?: unknown;
  readonly lazy?: unknown;
  readonly shouldRevalidate?: unknown;
  readonly hasErrorBoundary?: boolean | undefined;
  readonly middleware?: unknown;
  readonly unstable_middleware?: unknown;
}
/**
 * SvelteKit route ids (`'/notes/[id]'`, `'/(app)/[[lang]]/about'`) or `src/routes/…/+page.svelte` paths:
 * a list (page ids derived from the URL segments), a map from page id to route id, or what
 * Vite's `import.meta.glob` returns for the `+page.svelte` files (file path → loader; the paths are read).
 */
/**
 * Next.js App Router pages: route ids as folders name them (`'/notes/[id]'`, `'/docs/[...slug]'`,
 * `'/shop/[[...filters]]'`, `'/(shop)/cart'`) or `app/…/page.tsx` paths — a list (page ids derived from
 * the URL segments) or a map from page id to route id (or `{ route, does }`).
 */
export type NextRouteIds =
  | readonly string[]
  | { readonly [pageId: string]: string | { readonly route: string; readonly does?: string | undefined } };
export type SvelteKitRouteIds =
  | readonly string[]
  | { readonly [pageIdOrFile: string]: string | { readonly route: string; readonly does?: string | undefined } | (() => unknown) };
"#;

/// Read React Router route objects (what `createBrowserRouter` takes) as a graph source.
#[wasm_bindgen(js_name = fromReactRouter, unchecked_return_type = "RoutesSource")]
pub fn from_react_router(
    #[wasm_bindgen(unchecked_param_type = "readonly RouteObjectLike[]")] routes: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "FromRoutesOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    crate::js::init();
    let mut budget = MAX_ROUTES;
    let routes = if array_is_array(&routes).unwrap_or(false) {
        DefValue::Array(read_routes(&routes, "routes", 0, &mut budget)?)
    } else {
        plain(&routes, "fromReactRouter: routes")?
    };
    let options = plain(&options, "fromReactRouter: options")?;
    let source = core::from_react_router(&routes, &options).map_err(|e| errors::graph_error(&e))?;
    convert::to_js(&source)
}

/// Read Next.js App Router route ids or `app/…/page.tsx` paths as a graph source (docs/graph.md §12).
#[wasm_bindgen(js_name = fromNextRoutes, unchecked_return_type = "RoutesSource")]
pub fn from_next_routes(
    #[wasm_bindgen(unchecked_param_type = "NextRouteIds")] ids: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "FromRoutesOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    crate::js::init();
    let ids = plain(&ids, "fromNextRoutes: ids")?;
    let options = plain(&options, "fromNextRoutes: options")?;
    let source = core::from_next_routes(&ids, &options).map_err(|e| errors::graph_error(&e))?;
    convert::to_js(&source)
}

/// Read SvelteKit route ids as a graph source.
#[wasm_bindgen(js_name = fromSvelteKitRoutes, unchecked_return_type = "RoutesSource")]
pub fn from_sveltekit_routes(
    #[wasm_bindgen(unchecked_param_type = "SvelteKitRouteIds")] ids: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "FromRoutesOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    crate::js::init();
    let ids = plain(&ids, "fromSvelteKitRoutes: ids")?;
    let options = plain(&options, "fromSvelteKitRoutes: options")?;
    let source =
        core::from_sveltekit_routes(&ids, &options).map_err(|e| errors::graph_error(&e))?;
    convert::to_js(&source)
}

fn plain(value: &JsValue, what: &str) -> Result<DefValue, JsValue> {
    let converted = convert::to_def(value, what)?;
    crate::js::callbacks::release(&converted.callbacks);
    Ok(converted.value)
}

fn unreadable(place: &str) -> JsValue {
    errors::graph_error_parts(
        ErrorCode::UnsupportedValue,
        &format!("fromReactRouter: {place} could not be read (a getter or proxy threw); pass the route objects themselves"),
    )
}

fn get(object: &JsValue, key: &str, place: &str) -> Result<JsValue, JsValue> {
    reflect_get(object, &JsValue::from_str(key)).map_err(|_| unreadable(&format!("{place}.{key}")))
}

/// The route objects of one `children` array, as plain trees of the fields the core reads.
fn read_routes(
    list: &JsValue,
    place: &str,
    depth: usize,
    budget: &mut usize,
) -> Result<Vec<DefValue>, JsValue> {
    if depth >= MAX_ROUTE_DEPTH {
        return Err(errors::graph_error_parts(
            ErrorCode::TooDeep,
            &format!("fromReactRouter: {place} nests routes more than {MAX_ROUTE_DEPTH} deep: flatten the tree (is `children` pointing back at a parent?)"),
        ));
    }
    let length = get(list, "length", place)?.as_f64().unwrap_or(0.0);
    if length > *budget as f64 {
        return Err(errors::graph_error_parts(
            ErrorCode::ValueTooLarge,
            &format!("fromReactRouter: {place} brings the table above {MAX_ROUTES} route objects; pass the app's route table"),
        ));
    }
    let mut out = Vec::new();
    for index in 0..length as u32 {
        *budget = budget.saturating_sub(1);
        let item_place = format!("{place}[{index}]");
        let route =
            reflect_get(list, &JsValue::from(index)).map_err(|_| unreadable(&item_place))?;
        out.push(read_route(&route, &item_place, depth, budget)?);
    }
    Ok(out)
}

fn read_route(
    route: &JsValue,
    place: &str,
    depth: usize,
    budget: &mut usize,
) -> Result<DefValue, JsValue> {
    if !route.is_object() || route.is_function() || array_is_array(route).unwrap_or(false) {
        // The core names what it got.
        return plain(route, &format!("fromReactRouter: {place}"));
    }
    let mut fields = Vec::new();
    for key in ["path", "index", "id", "caseSensitive"] {
        let value = get(route, key, place)?;
        // A lone surrogate would become U+FFFD and two ids could collapse into one page (decision 23).
        convert::authored_well_formed(&value, &format!("fromReactRouter: {place}.{key}"))?;
        fields.push((key.to_string(), scalar(&value)));
    }
    let handle = get(route, "handle", place)?;
    if handle.is_object() && !handle.is_function() {
        let does = get(&handle, "does", &format!("{place}.handle"))?;
        convert::authored_well_formed(&does, &format!("fromReactRouter: {place}.handle.does"))?;
        fields.push((
            "handle".into(),
            DefValue::Object(vec![("does".into(), scalar(&does))]),
        ));
    }
    let children = get(route, "children", place)?;
    let children = if array_is_array(&children).unwrap_or(false) {
        DefValue::Array(read_routes(
            &children,
            &format!("{place}.children"),
            depth + 1,
            budget,
        )?)
    } else {
        scalar(&children)
    };
    fields.push(("children".into(), children));
    Ok(DefValue::Object(fields))
}

/// A field value the core judges: scalars as they are, anything else by its kind only.
fn scalar(value: &JsValue) -> DefValue {
    if value.is_undefined() {
        DefValue::Undefined
    } else if value.is_null() {
        DefValue::Null
    } else if let Some(b) = value.as_bool() {
        DefValue::Bool(b)
    } else if let Some(s) = value.as_string() {
        DefValue::String(s)
    } else if let Some(n) = value.as_f64() {
        DefValue::Number(n)
    } else if value.is_function() {
        DefValue::Unsupported("a function".into())
    } else if value.is_object() {
        DefValue::Unsupported("an object".into())
    } else {
        DefValue::Unsupported("a value of another kind".into())
    }
}
