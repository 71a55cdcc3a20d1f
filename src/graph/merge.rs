//! The merge (docs/graph.md §6.4): graph sources and hand-authored pages become one *effective* list of
//! pages, the cross-links the route sources asked for, and the sourced journeys.
//!
//! Phases, in order: sources in declaration order (a page id or journey id may have one owner); hand
//! pages overlay the sourced ones field by field — hand fields win, a missing field keeps the route
//! table's (decision 11), and two routes that differ under the segment law are refused; then the
//! cross-links (`go-to-<page>`) are materialised against the effective pages. Hand root actions and
//! hand journeys are overlaid by `compile`. Nothing here mutates the definition.
//! Uses `def`, `fields`, `names`, `routes`, `sources`, `model`; used by `compile`.

use super::def::DefValue;
use super::error::GraphError;
use super::fields::{check_keys, expect_object, field, optional_string, present};
use super::model::{Action, ActionOrigin, InputContract};
use super::names::{check_name, quote, quote_list};
use super::route_syntax::{literal_href, RoutePattern, RouteSyntax};
use super::sources::{check_route_entry_keys, checked_route, param_route_error};
use crate::codes::ErrorCode;

/// The most (link, page) offers cross-links may generate: a full mesh over about 1,000 pages.
const MAX_LINK_OFFERS: usize = 1_000_000;

/// A page after the merge: where it lives, what it is, and the hand-authored actions it declares.
#[derive(Debug)]
pub(crate) struct EffectivePage<'a> {
    pub id: String,
    pub route: Option<String>,
    /// `route` parsed in the syntax of whoever declared it.
    pub pattern: Option<RoutePattern>,
    pub does: Option<String>,
    /// The hand page's `actions` object, if it declared one.
    pub actions: Option<&'a DefValue>,
    /// The hand page's `containers` object (the tree API, docs/graph.md §2.2), if it declared one.
    pub containers: Option<&'a DefValue>,
}

/// One routes source's request for cross-links.
#[derive(Debug)]
struct LinkRequest {
    /// The source's own page ids, in table order.
    table: Vec<String>,
    /// `None` = `crossLinks: true`; otherwise the named pages in order (duplicates collapse).
    named: Option<Vec<String>>,
    place: String,
}

/// A journey definition and where it came from (for messages).
#[derive(Debug)]
pub(crate) struct JourneyEntry<'a> {
    pub id: String,
    pub def: &'a DefValue,
    pub owner: String,
}

/// What the merge hands the compiler.
#[derive(Debug, Default)]
pub(crate) struct Merged<'a> {
    pub pages: Vec<EffectivePage<'a>>,
    link_requests: Vec<LinkRequest>,
    pub sourced_journeys: Vec<JourneyEntry<'a>>,
}

/// Phases 1 and 2: read `def.sources`, then overlay the hand pages.
pub(crate) fn merge<'a>(
    sources: Option<&'a DefValue>,
    hand_pages: Option<&'a DefValue>,
) -> Result<Merged<'a>, GraphError> {
    let mut merged = Merged::default();
    if let Some(sources) = sources {
        let DefValue::Array(items) = sources else {
            return Err(GraphError::new(
                ErrorCode::BadSource,
                format!(
                    "the definition's `sources` is {}: it must be an array such as [fromRoutes(routes), fromJourneys(journeys)]",
                    sources.type_name()
                ),
            ));
        };
        for (index, source) in items.iter().enumerate() {
            read_source(&mut merged, index, source)?;
        }
    }
    if let Some(pages) = hand_pages {
        let entries = expect_object(
            pages,
            "the definition's `pages`",
            "write { pageId: { route?, does?, actions? } }",
        )?;
        for (id, page) in present(entries) {
            overlay_hand_page(&mut merged, id, page)?;
        }
    }
    Ok(merged)
}

fn read_source<'a>(
    merged: &mut Merged<'a>,
    index: usize,
    source: &'a DefValue,
) -> Result<(), GraphError> {
    let place = format!("sources[{index}]");
    let entries = source.as_object().ok_or_else(|| {
        GraphError::new(
            ErrorCode::BadSource,
            format!(
                "{place} is {}: build each source with fromRoutes(…) or fromJourneys(…)",
                source.type_name()
            ),
        )
    })?;
    let kind = field(entries, "kind")
        .and_then(DefValue::as_str)
        .unwrap_or("");
    match kind {
        "routes" => read_routes_source(merged, entries, &place),
        "journeys" => read_journeys_source(merged, entries, &place),
        "live" => Err(GraphError::new(
            ErrorCode::BadSource,
            format!("{place} is a `live` source, which is not supported in this release; remove it"),
        )),
        other => Err(GraphError::new(
            ErrorCode::BadSource,
            format!(
                "{place} has kind {}: the known kinds are 'routes' and 'journeys'; build it with fromRoutes(…) or fromJourneys(…)",
                quote(other)
            ),
        )),
    }
}

fn read_routes_source<'a>(
    merged: &mut Merged<'a>,
    entries: &'a [(String, DefValue)],
    place: &str,
) -> Result<(), GraphError> {
    check_keys(entries, &["kind", "syntax", "pages", "crossLinks"], place)?;
    let syntax_name = match field(entries, "syntax") {
        None => None,
        Some(DefValue::String(name)) => Some(name.as_str()),
        Some(other) => Some(if other.is_undefined() {
            ""
        } else {
            "(not a string)"
        }),
    };
    let syntax = RouteSyntax::from_name(syntax_name).ok_or_else(|| {
        GraphError::new(
            ErrorCode::BadSource,
            format!(
                "{place} (routes) has syntax {}: the known syntaxes are 'react-router' and 'sveltekit' (absent = fromRoutes); build it with fromRoutes, fromReactRouter or fromSvelteKitRoutes",
                quote(syntax_name.unwrap_or(""))
            ),
        )
    })?;
    let pages = field(entries, "pages").unwrap_or(&DefValue::Undefined);
    let pages = pages.as_object().ok_or_else(|| {
        GraphError::new(
            ErrorCode::BadSource,
            format!("{place} (routes) has `pages` that is {}: it must be an object; build it with fromRoutes(…)", pages.type_name()),
        )
    })?;
    let mut table = Vec::new();
    for (id, entry) in present(pages) {
        check_name(id, &format!("{place} page"))?;
        let page_place = format!("{place} page {}", quote(id));
        let (route, does, case_sensitive) = match entry {
            DefValue::String(route) => (route.clone(), None, None),
            DefValue::Object(fields) => {
                check_route_entry_keys(fields, &page_place, &["route", "does", "caseSensitive"])?;
                let Some(DefValue::String(route)) = field(fields, "route") else {
                    return Err(GraphError::new(
                        ErrorCode::BadValue,
                        format!(
                            "{page_place} has no string `route`: give it one such as '/projects'"
                        ),
                    ));
                };
                let case_sensitive = match field(fields, "caseSensitive") {
                    None => None,
                    Some(DefValue::Bool(flag)) => Some(*flag),
                    Some(other) => {
                        return Err(GraphError::new(
                            ErrorCode::BadValue,
                            format!(
                                "{page_place} `caseSensitive` is {}: it must be a boolean",
                                other.type_name()
                            ),
                        ))
                    }
                };
                (
                    route.clone(),
                    optional_string(fields, "does", &page_place)?,
                    case_sensitive,
                )
            }
            other => {
                return Err(GraphError::new(
                    ErrorCode::BadValue,
                    format!(
                        "{page_place} is {}: a route entry is a string or {{ route, does? }}",
                        other.type_name()
                    ),
                ))
            }
        };
        if merged.pages.iter().any(|p| &p.id == id) {
            return Err(GraphError::new(
                ErrorCode::DuplicateId,
                format!("{page_place} is already declared by an earlier routes source: one page id has one owner; keep a single source for it"),
            ));
        }
        let pattern = checked_route(&route, syntax, case_sensitive, &page_place)?;
        merged.pages.push(EffectivePage {
            id: id.clone(),
            route: Some(route),
            pattern: Some(pattern),
            does,
            actions: None,
            containers: None,
        });
        table.push(id.clone());
    }
    let named = match field(entries, "crossLinks") {
        None | Some(DefValue::Bool(false)) => return Ok(()),
        Some(DefValue::Bool(true)) => None,
        Some(DefValue::Array(names)) => {
            let mut list: Vec<String> = Vec::new();
            for name in names {
                let Some(name) = name.as_str() else {
                    return Err(GraphError::new(
                        ErrorCode::BadSource,
                        format!(
                            "{place} crossLinks lists {}: list page ids as strings",
                            name.type_name()
                        ),
                    ));
                };
                if !list.iter().any(|n| n == name) {
                    list.push(name.to_string());
                }
            }
            Some(list)
        }
        Some(other) => {
            return Err(GraphError::new(
                ErrorCode::BadSource,
                format!(
                    "{place} crossLinks is {}: it must be true, false or a list of page ids",
                    other.type_name()
                ),
            ))
        }
    };
    merged.link_requests.push(LinkRequest {
        table,
        named,
        place: format!("{place} crossLinks"),
    });
    Ok(())
}

fn read_journeys_source<'a>(
    merged: &mut Merged<'a>,
    entries: &'a [(String, DefValue)],
    place: &str,
) -> Result<(), GraphError> {
    check_keys(entries, &["kind", "journeys"], place)?;
    let journeys = field(entries, "journeys").unwrap_or(&DefValue::Undefined);
    let journeys = journeys.as_object().ok_or_else(|| {
        GraphError::new(
            ErrorCode::BadSource,
            format!("{place} (journeys) has `journeys` that is {}: it must be an object; build it with fromJourneys(…)", journeys.type_name()),
        )
    })?;
    for (id, def) in present(journeys) {
        check_name(id, &format!("{place} journey"))?;
        if merged.sourced_journeys.iter().any(|j| &j.id == id) {
            return Err(GraphError::new(
                ErrorCode::DuplicateId,
                format!("{place} journey {} is already declared by an earlier journeys source: one journey id has one owner", quote(id)),
            ));
        }
        merged.sourced_journeys.push(JourneyEntry {
            id: id.clone(),
            def,
            owner: format!("journey {} (from {place})", quote(id)),
        });
    }
    Ok(())
}

fn overlay_hand_page<'a>(
    merged: &mut Merged<'a>,
    id: &str,
    page: &'a DefValue,
) -> Result<(), GraphError> {
    check_name(id, "page")?;
    let place = format!("page {}", quote(id));
    let fields = expect_object(page, &place, "write { route?, does?, actions? }")?;
    if field(fields, "when").is_some() {
        return Err(GraphError::new(
            ErrorCode::UnsupportedKey,
            format!("{place} has a page-level `when`: container guards are not supported yet; put the `when` on each action"),
        ));
    }
    check_keys(fields, &["route", "does", "actions", "containers"], &place)?;
    let route = optional_string(fields, "route", &place)?;
    let pattern = match &route {
        Some(route) => Some(checked_route(route, RouteSyntax::Colon, None, &place)?),
        None => None,
    };
    let does = optional_string(fields, "does", &place)?;
    let actions = field(fields, "actions");
    let containers = field(fields, "containers");
    match merged.pages.iter_mut().find(|p| p.id == id) {
        Some(existing) => {
            if let (Some(hand), Some(sourced), Some(hand_pattern), Some(sourced_pattern)) =
                (&route, &existing.route, &pattern, &existing.pattern)
            {
                if !hand_pattern.equivalent(sourced_pattern) {
                    return Err(GraphError::new(
                        ErrorCode::RouteConflict,
                        format!(
                            "{place} declares route {} but its route source says {}: one page has one address; fix it at its owner or drop the hand `route`",
                            quote(hand),
                            quote(sourced)
                        ),
                    ));
                }
            }
            // The hand spelling wins, except over a SvelteKit route id: that id is the router's own
            // name for the route (SvelteKit breaks ranking ties by it), and the hand route was just
            // checked to address the same places.
            let sveltekit = existing
                .pattern
                .as_ref()
                .is_some_and(|p| p.syntax == RouteSyntax::SvelteKit);
            if route.is_some() && !sveltekit {
                existing.route = route;
                existing.pattern = pattern;
            }
            if does.is_some() {
                existing.does = does;
            }
            existing.actions = actions;
            existing.containers = containers;
        }
        None => merged.pages.push(EffectivePage {
            id: id.to_string(),
            route,
            pattern,
            does,
            actions,
            containers,
        }),
    }
    Ok(())
}

/// Phase 3: the generated `go-to-<page>` links, in request order.
pub(crate) fn cross_links(merged: &Merged<'_>) -> Result<Vec<Action>, GraphError> {
    let mut links: Vec<Action> = Vec::new();
    let mut link_offers = 0usize;
    for request in &merged.link_requests {
        let names = request.named.as_ref().unwrap_or(&request.table);
        for name in names {
            if !request.table.contains(name) {
                return Err(GraphError::new(
                    ErrorCode::UnknownPage,
                    format!(
                        "{} names {}, which is not a page of that route table; known pages: {}",
                        request.place,
                        quote(name),
                        quote_list(request.table.iter().map(String::as_str))
                    ),
                ));
            }
            let Some(target) = merged.pages.iter().find(|p| &p.id == name) else {
                continue;
            };
            let route = match literal_href(target.route.as_deref(), target.pattern.as_ref()) {
                Some(path) => path,
                None => {
                    if request.named.is_none() {
                        continue;
                    }
                    return Err(param_route_error(
                        &request.place,
                        name,
                        target.route.as_deref().unwrap_or("(missing)"),
                    ));
                }
            };
            let offers = merged.pages.len().saturating_sub(1);
            link_offers = link_offers.saturating_add(offers);
            if link_offers > MAX_LINK_OFFERS {
                return Err(GraphError::new(
                    ErrorCode::TooLarge,
                    format!(
                        "{} would offer more than {MAX_LINK_OFFERS} links across {} pages: name the pages worth linking, e.g. crossLinks: ['home', 'projects']",
                        request.place,
                        merged.pages.len()
                    ),
                ));
            }
            let on: Vec<String> = merged
                .pages
                .iter()
                .filter(|p| &p.id != name)
                .map(|p| p.id.clone())
                .collect();
            let Some(node) = on.first().cloned() else {
                continue;
            };
            let id = format!("go-to-{name}");
            if merged.pages.iter().any(|p| p.id == id) || links.iter().any(|l| l.id == id) {
                return Err(GraphError::new(
                    ErrorCode::DuplicateId,
                    format!(
                        "the cross-link {} collides with the page of the same id: rename the page",
                        quote(&id)
                    ),
                ));
            }
            links.push(Action {
                does: format!("Go to {}", target.does.as_deref().unwrap_or(name)),
                id,
                on,
                node,
                origin: ActionOrigin::CrossLink,
                guard: None,
                enabled_when: None,
                verify: None,
                navigates_to: Some(name.clone()),
                writes: None,
                input: InputContract::Unknown,
                high_effect: false,
                role: "next".into(),
                url_href: Some(route),
                concurrency: Default::default(),
                control: None,
            });
        }
    }
    Ok(links)
}
