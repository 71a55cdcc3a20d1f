//! Route tables of real routers as graph sources: `fromReactRouter(routes)` and `fromSvelteKitRoutes(ids)`.
//!
//! Both return the same routes snapshot as `fromRoutes` (`sources::routes_snapshot`), tagged with the
//! `syntax` its routes are written in, so `matchRoute` ranks them as that router does.
//!
//! React Router route objects are read for `path`, `index`, `id`, `caseSensitive`, `children` and
//! `handle.does` only; every other key (`element`, `Component`, `loader`, `lazy`, …) is never looked at.
//! Child paths join their parents' (an absolute child path must start with them, as React Router
//! requires); pathless layout routes contribute no page; a route with children is a layout whose page is
//! the child that renders at its own address (its index route) when there is one. Pages are listed in
//! React Router's flattening order (a route after its descendants), which `matchRoute` uses for ties. A page's id is the
//! route's `id` (ids React Router generates itself, `0-1-2`, do not count), else derived from its path
//! (`RoutePattern::default_page_id`); a route whose id cannot be a page id, or two routes with one id,
//! are refused naming the routes and the fix (set `id`).
//!
//! SvelteKit route ids come as a list (ids derived the same way) or a `{ pageId: routeId }` map; file
//! paths such as `/src/routes/notes/[id]/+page.svelte` (an `import.meta.glob` key) are accepted and read
//! as their route id, and a map entry whose value is a function is such a glob entry (the key is read). Uses `def`, `fields`, `names`, `route_syntax`, `sources`; used by `js` and tests.

use crate::codes::ErrorCode;
use serde_json::{Map, Value};

use super::def::DefValue;
use super::error::GraphError;
use super::fields::{expect_object, field, present};
use super::names::{check_name, quote};
use super::route_syntax::{RoutePattern, RouteSyntax};
use super::sources::{check_route_entry_keys, checked_route, routes_snapshot};

/// How deep route objects may nest.
pub const MAX_ROUTE_DEPTH: usize = 64;

/// One route object that renders at an address of its own.
struct Branch {
    place: String,
    full_path: String,
    pattern: RoutePattern,
    explicit_id: Option<String>,
    does: Option<String>,
    case_sensitive: bool,
    /// Where this route's descendant branches sit in the (post-order) list, for a layout with a path.
    descendants: Option<std::ops::Range<usize>>,
}

/// `fromReactRouter(routes, options)` → a routes snapshot with `syntax: 'react-router'`.
pub fn from_react_router(routes: &DefValue, options: &DefValue) -> Result<Value, GraphError> {
    let DefValue::Array(list) = routes else {
        return Err(GraphError::new(
            ErrorCode::BadValue,
            format!(
                "fromReactRouter: the routes are {}: pass the array of route objects you give createBrowserRouter (e.g. [{{ path: '/', Component: Home }}])",
                routes.type_name()
            ),
        ));
    };
    let mut branches = Vec::new();
    walk(list, "", "routes", 0, &mut branches)?;
    let mut pages = Map::new();
    let mut owners: Vec<(String, String)> = Vec::new();
    // A layout whose own address is served by a descendant (its index route) is not a page of its
    // own: the descendant is, and takes the layout's id and `does` when it has none.
    let mut folded = vec![false; branches.len()];
    let mut inherited: Vec<Option<(String, Option<String>)>> =
        (0..branches.len()).map(|_| None).collect();
    for (index, branch) in branches.iter().enumerate() {
        let Some(range) = branch.descendants.clone() else {
            continue;
        };
        let Some(heir) = range
            .into_iter()
            .find(|&d| !folded[d] && branches[d].pattern.equivalent(&branch.pattern))
        else {
            continue;
        };
        folded[index] = true;
        if inherited[heir].is_none() && (branch.explicit_id.is_some() || branch.does.is_some()) {
            inherited[heir] = Some((
                branch.explicit_id.clone().unwrap_or_default(),
                branch.does.clone(),
            ));
        }
    }
    for (index, branch) in branches.iter().enumerate() {
        if folded[index] {
            continue;
        }
        let (heir_id, heir_does) = inherited[index].clone().unwrap_or_default();
        let explicit = branch
            .explicit_id
            .clone()
            .or_else(|| (!heir_id.is_empty()).then_some(heir_id));
        let id = match explicit {
            Some(id) => {
                check_name(&id, &format!("fromReactRouter {} `id`", branch.place))?;
                id
            }
            None => derived_id(
                &branch.pattern,
                &format!(
                    "fromReactRouter {} (path {})",
                    branch.place,
                    quote(&branch.full_path)
                ),
            )?,
        };
        if let Some((_, first)) = owners.iter().find(|(known, _)| *known == id) {
            return Err(GraphError::new(
                ErrorCode::DuplicateId,
                format!(
                    "fromReactRouter: {} (path {}) and {first} both become page {}: one page id names one route; give one of them its own `id`",
                    branch.place,
                    quote(&branch.full_path),
                    quote(&id)
                ),
            ));
        }
        owners.push((
            id.clone(),
            format!("{} (path {})", branch.place, quote(&branch.full_path)),
        ));
        let mut page = Map::new();
        page.insert("route".into(), Value::String(branch.full_path.clone()));
        if let Some(does) = branch.does.clone().or(heir_does) {
            page.insert("does".into(), Value::String(does));
        }
        if branch.case_sensitive {
            page.insert("caseSensitive".into(), Value::Bool(true));
        }
        pages.insert(id, Value::Object(page));
    }
    routes_snapshot("fromReactRouter", RouteSyntax::ReactRouter, pages, options)
}

/// Ids React Router assigns itself (`0`, `0-1-2`): positional, not names an author chose.
fn is_generated_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .split('-')
            .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

fn derived_id(pattern: &RoutePattern, place: &str) -> Result<String, GraphError> {
    let id = pattern.default_page_id();
    check_name(&id, "page").map_err(|_| {
        GraphError::new(
            ErrorCode::UnnamedRoute,
            format!(
                "{place} has no `id`, and the id its path gives, {}, is not a valid page id (empty, or one of . [ ] # / | in it): give the route an `id`",
                quote(&id)
            ),
        )
    })?;
    Ok(id)
}

fn walk(
    list: &[DefValue],
    parent: &str,
    prefix: &str,
    depth: usize,
    out: &mut Vec<Branch>,
) -> Result<(), GraphError> {
    if depth >= MAX_ROUTE_DEPTH {
        return Err(GraphError::new(
            ErrorCode::TooDeep,
            format!("fromReactRouter: {prefix} nests routes more than {MAX_ROUTE_DEPTH} deep: flatten the tree (is `children` pointing back at a parent?)"),
        ));
    }
    for (i, route) in list.iter().enumerate() {
        let place = format!("{prefix}[{i}]");
        let fields = expect_object(
            route,
            &format!("fromReactRouter {place}"),
            "a route is an object such as { path: 'notes/:id', Component: Note }",
        )?;
        let path = match field(fields, "path") {
            None | Some(DefValue::Null) => None,
            Some(DefValue::String(path)) => Some(path.as_str()),
            Some(other) => {
                return Err(bad_field(
                    &place,
                    "path",
                    other,
                    "a string such as 'notes/:id'",
                ))
            }
        };
        let index = match field(fields, "index") {
            None | Some(DefValue::Null) => false,
            Some(DefValue::Bool(flag)) => *flag,
            Some(other) => return Err(bad_field(&place, "index", other, "a boolean")),
        };
        let case_sensitive = match field(fields, "caseSensitive") {
            None | Some(DefValue::Null) => false,
            Some(DefValue::Bool(flag)) => *flag,
            Some(other) => return Err(bad_field(&place, "caseSensitive", other, "a boolean")),
        };
        let explicit_id = match field(fields, "id") {
            None | Some(DefValue::Null) => None,
            Some(DefValue::String(id)) if is_generated_id(id) => None,
            Some(DefValue::String(id)) => Some(id.clone()),
            Some(other) => return Err(bad_field(&place, "id", other, "a string naming the page")),
        };
        let does = match field(fields, "handle") {
            Some(DefValue::Object(handle)) => match field(handle, "does") {
                None | Some(DefValue::Null) => None,
                Some(DefValue::String(does)) => Some(does.clone()),
                Some(other) => {
                    return Err(bad_field(
                        &place,
                        "handle.does",
                        other,
                        "a string describing the page",
                    ))
                }
            },
            _ => None,
        };
        let children = match field(fields, "children") {
            None | Some(DefValue::Null) => &[][..],
            Some(DefValue::Array(children)) => children.as_slice(),
            Some(other) => {
                return Err(bad_field(
                    &place,
                    "children",
                    other,
                    "an array of route objects",
                ))
            }
        };
        if index && !children.is_empty() {
            return Err(GraphError::new(
                ErrorCode::BadValue,
                format!("fromReactRouter {place} is an index route with children: React Router refuses that too; move the children to the parent route"),
            ));
        }
        let relative = match path {
            Some(path) if path.starts_with('/') => {
                let parent_trimmed = parent.trim_end_matches('/');
                let rest = path
                    .strip_prefix(parent_trimmed)
                    .filter(|r| r.is_empty() || r.starts_with('/'));
                match rest {
                    Some(rest) => rest.to_string(),
                    None => {
                        return Err(GraphError::new(
                            ErrorCode::BadRoute,
                            format!(
                                "fromReactRouter {place} has the absolute path {} under {}: an absolute child path must start with the combined path of its parents (React Router's rule); make it relative or fix the prefix",
                                quote(path),
                                quote(if parent.is_empty() { "/" } else { parent })
                            ),
                        ))
                    }
                }
            }
            Some(path) => path.to_string(),
            None => String::new(),
        };
        let joined = format!(
            "{}/{}",
            parent.trim_end_matches('/'),
            relative.trim_start_matches('/')
        );
        let full_path = normalise(&joined);
        // Post-order, as React Router flattens its routes: a route's descendants come before it, so
        // a tie between a route and its descendant goes to the descendant, as in the router.
        let first_descendant = out.len();
        if !children.is_empty() {
            walk(
                children,
                &full_path,
                &format!("{place}.children"),
                depth + 1,
                out,
            )?;
        }
        if path.is_some() || index {
            let pattern = checked_route(
                &full_path,
                RouteSyntax::ReactRouter,
                Some(case_sensitive),
                &format!("fromReactRouter {place}"),
            )?;
            let descendants = (path.is_some() && out.len() > first_descendant)
                .then_some(first_descendant..out.len());
            out.push(Branch {
                place: place.clone(),
                full_path,
                pattern,
                explicit_id,
                does,
                case_sensitive,
                descendants,
            });
        }
    }
    Ok(())
}

/// `/`-joined path with doubled slashes collapsed and no trailing slash (the root stays `/`).
fn normalise(path: &str) -> String {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    format!("/{}", segments.join("/"))
}

fn bad_field(place: &str, key: &str, got: &DefValue, want: &str) -> GraphError {
    GraphError::new(
        ErrorCode::BadValue,
        format!(
            "fromReactRouter {place} `{key}` is {}: it must be {want}",
            got.type_name()
        ),
    )
}

/// `fromSvelteKitRoutes(ids, options)` → a routes snapshot with `syntax: 'sveltekit'`.
pub fn from_sveltekit_routes(ids: &DefValue, options: &DefValue) -> Result<Value, GraphError> {
    let mut pages = Map::new();
    match ids {
        DefValue::Array(list) => {
            let mut seen: Vec<String> = Vec::new();
            for (i, item) in list.iter().enumerate() {
                let place = format!("fromSvelteKitRoutes ids[{i}]");
                let Some(raw) = item.as_str() else {
                    return Err(GraphError::new(
                        ErrorCode::BadValue,
                        format!("{place} is {}: list route ids as strings such as '/notes/[id]'", item.type_name()),
                    ));
                };
                add_derived_page(&mut pages, &mut seen, raw, &place)?;
            }
        }
        DefValue::Object(entries) => {
            let mut seen: Vec<String> = Vec::new();
            for (id, entry) in present(entries) {
                if matches!(entry, DefValue::Function(_)) {
                    // `import.meta.glob(…)` itself: file path → loader. The key is the route.
                    add_derived_page(&mut pages, &mut seen, id, &format!("fromSvelteKitRoutes key {}", quote(id)))?;
                    continue;
                }
                check_name(id, "fromSvelteKitRoutes page")?;
                let place = format!("fromSvelteKitRoutes page {}", quote(id));
                let mut page = Map::new();
                let raw = match entry {
                    DefValue::String(raw) => raw.as_str(),
                    DefValue::Object(fields) => {
                        check_route_entry_keys(fields, &place, &["route", "does"])?;
                        match field(fields, "does") {
                            None => {}
                            Some(DefValue::String(does)) => {
                                page.insert("does".into(), Value::String(does.clone()));
                            }
                            Some(other) => {
                                return Err(GraphError::new(
                                    ErrorCode::BadValue,
                                    format!("{place} `does` is {}: it must be a string describing the page", other.type_name()),
                                ))
                            }
                        }
                        match field(fields, "route") {
                            Some(DefValue::String(raw)) => raw.as_str(),
                            other => {
                                let got = other.map(DefValue::type_name).unwrap_or_else(|| "missing");
                                return Err(GraphError::new(
                                    ErrorCode::BadValue,
                                    format!("{place} `route` is {got}: it must be a route id such as '/notes/[id]'"),
                                ));
                            }
                        }
                    }
                    other => {
                        return Err(GraphError::new(
                            ErrorCode::BadValue,
                            format!("{place} is {}: an entry is a route id '/notes/[id]' or {{ route, does? }}", other.type_name()),
                        ))
                    }
                };
                let route = route_id(raw, &place)?;
                checked_route(&route, RouteSyntax::SvelteKit, None, &place)?;
                page.insert("route".into(), Value::String(route));
                pages.insert(id.clone(), Value::Object(page));
            }
        }
        other => {
            return Err(GraphError::new(
                ErrorCode::BadValue,
                format!(
                    "fromSvelteKitRoutes: the ids are {}: pass a list of route ids (e.g. Object.keys(import.meta.glob('/src/routes/**/+page.svelte'))) or {{ pageId: '/notes/[id]' }}",
                    other.type_name()
                ),
            ))
        }
    }
    routes_snapshot(
        "fromSvelteKitRoutes",
        RouteSyntax::SvelteKit,
        pages,
        options,
    )
}

/// A listed route id (or `+page` file path) as a page whose id is derived from its URL segments.
fn add_derived_page(
    pages: &mut Map<String, Value>,
    seen: &mut Vec<String>,
    raw: &str,
    place: &str,
) -> Result<(), GraphError> {
    let route = route_id(raw, place)?;
    if seen.contains(&route) {
        return Ok(()); // `+page.svelte` and `+page.ts` of one route
    }
    let pattern = checked_route(&route, RouteSyntax::SvelteKit, None, place)?;
    let id = derived_id(&pattern, &format!("{place} (route {})", quote(&route)))?;
    if pages.contains_key(&id) {
        return Err(GraphError::new(
            ErrorCode::DuplicateId,
            format!(
                "{place} (route {}) becomes page {}, which an earlier route already is: pass a {{ pageId: routeId }} map to name them yourself",
                quote(&route),
                quote(&id)
            ),
        ));
    }
    seen.push(route.clone());
    let mut page = Map::new();
    page.insert("route".into(), Value::String(route));
    pages.insert(id, Value::Object(page));
    Ok(())
}

/// A route id from what the app passed: a route id as is, or a `src/routes/…/+page.*` file path.
fn route_id(raw: &str, place: &str) -> Result<String, GraphError> {
    let mut text = raw.trim();
    for prefix in ["/src/routes", "src/routes", "./src/routes"] {
        if let Some(rest) = text.strip_prefix(prefix) {
            if rest.is_empty() || rest.starts_with('/') {
                text = rest;
                break;
            }
        }
    }
    if let Some((dir, file)) = text.rsplit_once('/') {
        if file.starts_with('+') {
            if !file.starts_with("+page") {
                return Err(GraphError::new(
                    ErrorCode::BadRoute,
                    format!("{place} is {}: only `+page` files are pages (a `+layout` or `+server` file is not); glob '/src/routes/**/+page.svelte'", quote(raw)),
                ));
            }
            text = dir;
        }
    }
    Ok(if text.starts_with('/') {
        text.to_string()
    } else {
        format!("/{text}")
    })
}
