//! `buildNavigationGraph`: validate an authored definition and compile it (docs/graph.md §1–3, §6, §8;
//! decisions 10–14, 18). The first fault found is returned, so the order below is part of the contract:
//! graph id → top-level keys → merge (sources, hand pages) → at least one page → page actions (page
//! order) → cross-links, then hand root actions over them (same id replaces the link in place) →
//! journeys (sourced, then hand over them), steps resolved against every compiled action.
//!
//! Error codes (the `code` of `GraphValidationError`), all raised by this module and its helpers:
//! `EMPTY_GRAPH_ID`, `NO_PAGES`, `UNKNOWN_KEY` (typo; names the nearest valid key), `RENAMED_KEY`
//! (`tools`/`skills`), `UNSUPPORTED_KEY` (repeating containers, page `when`, reference-only action fields),
//! `BAD_VALUE` (a field of the wrong type or word), `BAD_REDACT` (a `redact` pattern, `redact`), `BAD_NAME`, `INVALID_NAME` (a line break or lone surrogate, decision 23), `RESERVED_ACTION`, `MISSING_DOES`
//! (action or journey), `BAD_FILTER`, `BAD_INPUT`, `UNKNOWN_GOTO`, `UNKNOWN_PAGE` (`on`, crossLinks,
//! mount page), `ROOT_ACTION_NO_PAGES`, `BAD_BINDING`, `PARAM_ROUTE` (a link or url binding that
//! would need a param), `DUPLICATE_ID` (two owners for one page/journey id, a root action or link
//! colliding with a page id), `ROUTE_CONFLICT`, `BAD_SOURCE`, `NO_STEPS`, `BAD_STEP`,
//! `UNKNOWN_STEP`, `AMBIGUOUS_STEP`, `BAD_CONTAINER_KIND`, `CONTAINER_ACTION_CLASH` (`containers`),
//! `TOO_LARGE` (cross-links over so many pages the offers would
//! exceed a million).
//!
//! Uses `merge`, `actions`, `guards`, `names`, `fields`; used by `js` and by the session (mounts).

use super::actions::{compile_action, PageRef, Site};
use super::containers::compile_containers;
use super::def::DefValue;
use super::error::GraphError;
use super::fields::{check_keys, expect_object, field, optional_string, present};
use super::guards::{compile_filter, FilterUse};
use super::merge::{cross_links, merge, JourneyEntry};
use super::model::{Action, Container, Journey, NavigationGraph, Page};
use super::names::{check_name, check_one_line, quote, quote_list, resolve_name, Resolution};
use super::route_syntax::literal_href;
use crate::codes::ErrorCode;
use crate::graph::def::CallbackId;

/// Compile `def` into a graph named `id`, or refuse with the first fault found.
pub fn build_navigation_graph(id: &str, def: &DefValue) -> Result<NavigationGraph, GraphError> {
    if id.trim().is_empty() {
        return Err(GraphError::new(
            ErrorCode::EmptyGraphId,
            format!("the graph id {} is blank: buildNavigationGraph needs a non-empty id such as 'shop'", quote(id)),
        ));
    }
    let fields = expect_object(
        def,
        "the definition",
        "pass { pages, actions?, journeys?, sources? }",
    )?;
    check_keys(
        fields,
        &["does", "pages", "actions", "journeys", "sources", "redact"],
        "the definition",
    )?;
    let description = optional_string(fields, "does", "the definition")?;
    // docs/session.md §28: checked first among the fields, so a bad pattern is named before pages.
    let redact = match field(fields, "redact") {
        Some(value) => super::redact::compile(value, "the definition")?,
        None => super::Redaction::default(),
    };

    let merged = merge(field(fields, "sources"), field(fields, "pages"))?;
    if merged.pages.is_empty() {
        return Err(GraphError::new(
            ErrorCode::NoPages,
            format!(
                "graph {} has no pages: declare at least one under `pages` or read a route table with fromRoutes(…)",
                quote(id)
            ),
        ));
    }
    let page_refs: Vec<PageRef<'_>> = merged
        .pages
        .iter()
        .map(|p| PageRef {
            id: &p.id,
            href: literal_href(p.route.as_deref(), p.pattern.as_ref()),
        })
        .collect();

    let mut actions: Vec<Action> = Vec::new();
    let mut containers: Vec<Container> = Vec::new();
    for page in &merged.pages {
        // Per node: its containers, then its own actions (docs/graph.md §1 step 4).
        if let Some(tree) = page.containers {
            let names: Vec<&str> = page
                .actions
                .and_then(DefValue::as_object)
                .map(|entries| present(entries).map(|(n, _)| n.as_str()).collect())
                .unwrap_or_default();
            compile_containers(&page.id, tree, &names, &mut containers)?;
        }
        let Some(page_actions) = page.actions else {
            continue;
        };
        let place = format!("page {} `actions`", quote(&page.id));
        let entries = expect_object(page_actions, &place, "write { actionName: { does: '…' } }")?;
        for (name, action_def) in present(entries) {
            let (action, _) = compile_action(Site::Page(&page.id), name, action_def, &page_refs)?;
            actions.push(action);
        }
    }

    let mut root_actions = cross_links(&merged)?;
    if let Some(hand_roots) = field(fields, "actions") {
        let entries = expect_object(
            hand_roots,
            "the definition's `actions`",
            "write { actionName: { does: '…', on: ['page'] } }",
        )?;
        for (name, action_def) in present(entries) {
            let (action, _) = compile_action(Site::Root, name, action_def, &page_refs)?;
            if let Some(link) = root_actions.iter_mut().find(|a| a.id == action.id) {
                // A hand root action replaces the generated link of the same id, in its place.
                *link = action;
            } else if merged.pages.iter().any(|p| p.id == action.id) {
                return Err(GraphError::new(
                    ErrorCode::DuplicateId,
                    format!("root action {} collides with the page of the same id: choose another action id", quote(&action.id)),
                ));
            } else {
                root_actions.push(action);
            }
        }
    }
    actions.extend(root_actions);

    let mut journey_entries: Vec<JourneyEntry<'_>> = merged.sourced_journeys;
    if let Some(hand_journeys) = field(fields, "journeys") {
        let entries = expect_object(
            hand_journeys,
            "the definition's `journeys`",
            "write { journeyId: { does: '…', steps: ['action', …] } }",
        )?;
        for (journey_id, journey_def) in present(entries) {
            check_name(journey_id, "journey")?;
            let entry = JourneyEntry {
                id: journey_id.clone(),
                def: journey_def,
                owner: format!("journey {}", quote(journey_id)),
            };
            match journey_entries.iter_mut().find(|j| &j.id == journey_id) {
                Some(sourced) => *sourced = entry,
                None => journey_entries.push(entry),
            }
        }
    }
    let action_ids: Vec<&str> = actions.iter().map(|a| a.id.as_str()).collect();
    let journeys = journey_entries
        .iter()
        .map(|entry| compile_journey(entry, &action_ids))
        .collect::<Result<Vec<_>, _>>()?;
    super::repeats::check_journeys(&journeys, &containers)?;

    let pages = merged
        .pages
        .iter()
        .map(|p| Page {
            id: p.id.clone(),
            route: p.route.clone(),
            pattern: p.pattern.clone(),
            description: p.does.clone(),
        })
        .collect();
    let mut graph =
        NavigationGraph::from_parts(id.to_string(), description, pages, actions, journeys)
            .with_containers(containers);
    graph.redact = redact;
    Ok(graph)
}

fn compile_journey(entry: &JourneyEntry<'_>, action_ids: &[&str]) -> Result<Journey, GraphError> {
    let owner = &entry.owner;
    let fields = expect_object(
        entry.def,
        owner,
        "write { does: '…', steps: ['action', …] }",
    )?;
    check_keys(fields, &["does", "steps", "when"], owner)?;
    let does = match field(fields, "does") {
        Some(DefValue::String(text)) if !text.trim().is_empty() => text.clone(),
        _ => {
            return Err(GraphError::new(
                ErrorCode::MissingDoes,
                format!("{owner} has no `does`: describe the flow in one sentence (it is what the model reads)"),
            ))
        }
    };
    let steps = match field(fields, "steps") {
        Some(DefValue::Array(items)) if !items.is_empty() => items,
        Some(DefValue::Array(_)) | None => {
            return Err(GraphError::new(
                ErrorCode::NoSteps,
                format!("{owner} has no steps: list the actions of the flow in order, e.g. steps: ['name-it', 'create']"),
            ))
        }
        Some(other) => {
            return Err(GraphError::new(
                ErrorCode::BadValue,
                format!("{owner} `steps` is {}: it must be an array of action names", other.type_name()),
            ))
        }
    };
    let mut resolved = Vec::with_capacity(steps.len());
    for (index, step) in steps.iter().enumerate() {
        let name = step_name(step, owner, index)?;
        match resolve_name(name, action_ids.iter().copied()) {
            Resolution::Found(action_id) => resolved.push(action_id),
            Resolution::NotFound => {
                return Err(GraphError::new(
                    ErrorCode::UnknownStep,
                    format!(
                        "{owner} step {} matches no action (by id, or as the last part of one after a '.'); known actions: {}",
                        quote(name),
                        quote_list(action_ids.iter().copied())
                    ),
                ))
            }
            Resolution::Ambiguous(candidates) => {
                return Err(GraphError::new(
                    ErrorCode::AmbiguousStep,
                    format!(
                        "{owner} step {} matches several actions: {}; write the qualified id of the one you mean",
                        quote(name),
                        candidates.join(" | ")
                    ),
                ))
            }
        }
    }
    let precondition = field(fields, "when")
        .map(|f| compile_filter(f, owner, FilterUse::JourneyWhen))
        .transpose()?;
    Ok(Journey {
        id: entry.id.clone(),
        does,
        steps: resolved,
        precondition,
    })
}

/// A step element: a bare name, or `{ step: name }` with a non-blank name.
fn step_name<'a>(step: &'a DefValue, owner: &str, index: usize) -> Result<&'a str, GraphError> {
    let refuse = || {
        GraphError::new(
            ErrorCode::BadStep,
            format!(
                "{owner} steps[{index}] is {}: a step is an action name ('name-it') or {{ step: 'name-it' }}",
                step.type_name()
            ),
        )
    };
    let name = match step {
        DefValue::String(name) => name,
        DefValue::Object(entries) => {
            check_keys(entries, &["step"], &format!("{owner} steps[{index}]"))?;
            match field(entries, "step") {
                Some(DefValue::String(name)) if !name.trim().is_empty() => name,
                _ => return Err(refuse()),
            }
        }
        _ => return Err(refuse()),
    };
    // Decision 23: a step name with a line break is refused as such, not as "matches no action".
    check_one_line(name, &format!("{owner} steps[{index}]"))?;
    Ok(name)
}

/// Compile an action a component declares at mount (`registerActions(page, { actions: { name: def } })`)
/// against `graph`: id `page.name`, offered on `page`. Returns the action and its inline `handler`
/// function, if the definition carried one.
pub fn compile_mount_action(
    graph: &NavigationGraph,
    page: &str,
    name: &str,
    def: &DefValue,
) -> Result<(Action, Option<CallbackId>), GraphError> {
    if graph.page(page).is_none() {
        return Err(GraphError::new(
            ErrorCode::UnknownPage,
            format!(
                "registerActions names page {}, which is not a page of graph {}; known pages: {}",
                quote(page),
                quote(&graph.id),
                quote_list(graph.page_ids())
            ),
        ));
    }
    let page_refs: Vec<PageRef<'_>> = graph
        .pages
        .iter()
        .map(|p| PageRef {
            id: &p.id,
            href: literal_href(p.route.as_deref(), p.pattern.as_ref()),
        })
        .collect();
    compile_action(Site::Mounted(page), name, def, &page_refs)
}
