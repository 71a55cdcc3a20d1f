//! Graph sources: `fromRoutes` (the router's table, optionally with cross-links) and `fromJourneys`.
//!
//! Each factory validates what it can judge alone and returns a plain JSON snapshot (later edits to
//! the author's table change nothing). The JS layer hands the snapshot back inside `def.sources`, where
//! `merge` reads it again as a [`DefValue`] — so a hand-crafted source gets the same checks there.
//! A route contributes a place, never controls. `crossLinks: false` means no links (decision 10); a
//! named page whose route has a param, optional or splat segment is refused, since links never guess
//! params (decision 13). `fromRoutes` reads colon syntax only (`:param`, `:param?`, `segment?`, a final
//! `*`); other syntax is refused `BAD_ROUTE` (SvelteKit ids go through `router_sources`).
//! Uses `def`, `fields`, `names`, `route_syntax`; used by `router_sources`, `merge`, `js` and tests.

use crate::codes::ErrorCode;
use serde_json::{Map, Value};

use super::def::DefValue;
use super::error::GraphError;
use super::fields::{check_keys, expect_object, field, present};
use super::input::depth_within;
use super::names::{check_name, quote, quote_list};
use super::route_syntax::{parse_route, RoutePattern, RouteSyntax};

/// How deep copied journey data may nest.
const MAX_COPY_DEPTH: usize = 64;

/// `fromRoutes(routes, options)` → a plain snapshot `{ kind: 'routes', pages: {id → {route, does?}}, crossLinks? }`.
pub fn from_routes(routes: &DefValue, options: &DefValue) -> Result<Value, GraphError> {
    let entries = expect_object(
        routes,
        "fromRoutes: the route table",
        "pass { pageId: '/route' } or { pageId: { route: '/route', does: 'the page' } }",
    )?;
    let mut pages = Map::new();
    for (id, entry) in present(entries) {
        check_name(id, "fromRoutes page")?;
        let place = format!("fromRoutes page {}", quote(id));
        let mut page = Map::new();
        match entry {
            DefValue::String(route) => {
                checked_route(route, RouteSyntax::Colon, None, &place)?;
                page.insert("route".into(), Value::String(route.clone()));
            }
            DefValue::Object(fields) => {
                check_route_entry_keys(fields, &place, &["route", "does"])?;
                let route = match field(fields, "route") {
                    Some(DefValue::String(route)) => route.clone(),
                    other => {
                        let got = other.map(DefValue::type_name).unwrap_or_else(|| "missing");
                        return Err(GraphError::new(
                            ErrorCode::BadValue,
                            format!(
                                "{place} `route` is {got}: it must be a string such as '/projects'"
                            ),
                        ));
                    }
                };
                checked_route(&route, RouteSyntax::Colon, None, &place)?;
                page.insert("route".into(), Value::String(route));
                match field(fields, "does") {
                    None => {}
                    Some(DefValue::String(does)) => {
                        page.insert("does".into(), Value::String(does.clone()));
                    }
                    Some(other) => {
                        return Err(GraphError::new(
                            ErrorCode::BadValue,
                            format!(
                                "{place} `does` is {}: it must be a string describing the page",
                                other.type_name()
                            ),
                        ))
                    }
                }
            }
            other => {
                return Err(GraphError::new(
                    ErrorCode::BadValue,
                    format!(
                        "{place} is {}: a route entry is a string '/route' or {{ route, does? }}",
                        other.type_name()
                    ),
                ))
            }
        }
        pages.insert(id.clone(), Value::Object(page));
    }

    routes_snapshot("fromRoutes", RouteSyntax::Colon, pages, options)
}

/// Parse `route` in `syntax`, or refuse it (`BAD_ROUTE`) naming `place`, the route, the rule and the fix.
pub(crate) fn checked_route(
    route: &str,
    syntax: RouteSyntax,
    case_sensitive: Option<bool>,
    place: &str,
) -> Result<RoutePattern, GraphError> {
    parse_route(route, syntax, case_sensitive).map_err(|err| {
        GraphError::new(
            ErrorCode::BadRoute,
            format!(
                "{place} has route {}, which is refused: {}",
                quote(route),
                err.0
            ),
        )
    })
}

/// The snapshot every routes factory returns: `{ kind: 'routes', syntax?, pages, crossLinks? }`.
/// `pages` holds validated entries `{ route, does?, caseSensitive? }`; `factory` names the caller in messages.
pub(crate) fn routes_snapshot(
    factory: &str,
    syntax: RouteSyntax,
    pages: Map<String, Value>,
    options: &DefValue,
) -> Result<Value, GraphError> {
    let mut snapshot = Map::new();
    snapshot.insert("kind".into(), Value::String("routes".into()));
    if let Some(name) = syntax.name() {
        snapshot.insert("syntax".into(), Value::String(name.into()));
    }
    let cross_links = read_cross_links(factory, syntax, options, &pages)?;
    snapshot.insert("pages".into(), Value::Object(pages));
    if let Some(cross_links) = cross_links {
        snapshot.insert("crossLinks".into(), cross_links);
    }
    Ok(Value::Object(snapshot))
}

/// An object route entry may carry only the `allowed` keys (never controls).
pub(crate) fn check_route_entry_keys(
    fields: &[(String, DefValue)],
    place: &str,
    allowed: &[&str],
) -> Result<(), GraphError> {
    if let Some((key, _)) =
        present(fields).find(|(k, _)| matches!(k.as_str(), "actions" | "tools" | "skills"))
    {
        return Err(GraphError::new(
            ErrorCode::UnknownKey,
            format!(
                "{place} declares `{key}`: a route contributes a place, never controls; author the actions on the page in the definition's `pages`"
            ),
        ));
    }
    check_keys(fields, allowed, place)
}

/// `options.crossLinks` → the snapshot's `crossLinks` value, or `None` for no links.
fn read_cross_links(
    factory: &str,
    syntax: RouteSyntax,
    options: &DefValue,
    pages: &Map<String, Value>,
) -> Result<Option<Value>, GraphError> {
    let options = match options {
        DefValue::Undefined | DefValue::Null => return Ok(None),
        other => expect_object(
            other,
            &format!("{factory}: options"),
            "pass { crossLinks: true } or { crossLinks: ['page'] }",
        )?,
    };
    check_keys(options, &["crossLinks"], &format!("{factory} options"))?;
    match field(options, "crossLinks") {
        None | Some(DefValue::Bool(false)) => Ok(None),
        Some(DefValue::Bool(true)) => Ok(Some(Value::Bool(true))),
        Some(DefValue::Array(names)) => {
            let mut out = Vec::new();
            for name in names {
                let Some(name) = name.as_str() else {
                    return Err(GraphError::new(
                        ErrorCode::BadValue,
                        format!("{factory} crossLinks lists {}: list page ids as strings", name.type_name()),
                    ));
                };
                let Some(page) = pages.get(name) else {
                    return Err(GraphError::new(
                        ErrorCode::UnknownPage,
                        format!(
                            "{factory} crossLinks names {}, which is not a page of this route table; known pages: {}",
                            quote(name),
                            quote_list(pages.keys().map(String::as_str))
                        ),
                    ));
                };
                let route = page.get("route").and_then(Value::as_str).unwrap_or("");
                let literal = parse_route(route, syntax, None).is_ok_and(|p| p.is_literal());
                if !literal {
                    return Err(param_route_error(&format!("{factory} crossLinks"), name, route));
                }
                out.push(Value::String(name.to_string()));
            }
            Ok(Some(Value::Array(out)))
        }
        Some(other) => Err(GraphError::new(
            ErrorCode::BadValue,
            format!(
                "{factory} crossLinks is {}: write true (link every page), false (no links) or a list of page ids",
                other.type_name()
            ),
        )),
    }
}

/// The refusal for a link asked for a page whose route needs a value nobody supplies.
pub(crate) fn param_route_error(place: &str, page: &str, route: &str) -> GraphError {
    GraphError::new(
        ErrorCode::ParamRoute,
        format!(
            "{place} names page {} whose route {} has a param, optional or splat segment: params are never guessed, so no link can be built; drop it from the list, or author an action with input whose handler navigates with the value",
            quote(page),
            quote(route)
        ),
    )
}

/// `fromJourneys(journeys)` → a plain snapshot `{ kind: 'journeys', journeys: {id → {does, steps, when?}} }`.
pub fn from_journeys(journeys: &DefValue) -> Result<Value, GraphError> {
    let entries = expect_object(
        journeys,
        "fromJourneys: the journey list",
        "pass { journeyId: { does: '…', steps: ['action', …] } }",
    )?;
    let mut out = Map::new();
    for (id, journey) in present(entries) {
        check_name(id, "fromJourneys journey")?;
        let place = format!("fromJourneys journey {}", quote(id));
        let fields = expect_object(journey, &place, "write { does: '…', steps: ['action', …] }")?;
        check_keys(fields, &["does", "steps", "when"], &place)?;
        let mut copy = Map::new();
        for key in ["does", "steps", "when"] {
            let Some(value) = field(fields, key) else {
                continue;
            };
            if key == "steps" && !matches!(value, DefValue::Array(_)) {
                return Err(GraphError::new(
                    ErrorCode::BadValue,
                    format!(
                        "{place} `steps` is {}: it must be an array of action names",
                        value.type_name()
                    ),
                ));
            }
            let data = depth_within(value, MAX_COPY_DEPTH)
                .then(|| value.to_json())
                .flatten();
            let Some(data) = data else {
                return Err(GraphError::new(
                    ErrorCode::BadValue,
                    format!("{place} `{key}` holds a function or data nested too deeply: it must be plain JSON data"),
                ));
            };
            copy.insert(key.into(), data);
        }
        out.insert(id.clone(), Value::Object(copy));
    }
    let mut snapshot = Map::new();
    snapshot.insert("kind".into(), Value::String("journeys".into()));
    snapshot.insert("journeys".into(), Value::Object(out));
    Ok(Value::Object(snapshot))
}
