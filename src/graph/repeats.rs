//! Lists: a container's `repeats` (docs/graph.md §15) names page actions that exist once per live
//! instance of the container — a row of a table, a card of a grid — keyed by an id the app reports
//! at run time (docs/session.md §34). This module reads and checks the declaration; the session keeps
//! the instances.
//!
//! Refusals, all `GraphValidationError`: `BAD_REPEATS` (not a non-empty array of strings, or a name
//! listed twice), `REPEATS_UNKNOWN_ACTION` (a name that is not one of the page's own actions),
//! `REPEATS_TWICE` (one action named by two containers), `REPEATS_NESTED` (a repeating container
//! inside another: a list inside a list row is not supported), `REPEATS_IN_JOURNEY` (a journey step
//! that is a repeated action: a journey plans over actions that exist once).
//!
//! Uses `def`, `error`, `names`, `model`. Used by `containers` and `compile`.

use super::def::DefValue;
use super::error::GraphError;
use super::model::{Container, Journey};
use super::names::{quote, quote_list};
use crate::codes::ErrorCode;

const FIX: &str =
    "write repeats: ['open', 'archive'], naming actions declared in the same page's `actions`";

/// The qualified ids a container's `repeats` names, checked against the page's own action names.
pub(crate) fn compile_repeats(
    page: &str,
    owner: &str,
    def: &DefValue,
    action_names: &[&str],
) -> Result<Vec<String>, GraphError> {
    let items = match def {
        DefValue::Array(items) if !items.is_empty() => items,
        other => {
            let what = match other {
                DefValue::Array(_) => "an empty array".to_string(),
                other => other.type_name().to_string(),
            };
            return Err(GraphError::new(
                ErrorCode::BadRepeats,
                format!("{owner} `repeats` is {what}: it lists the actions that exist once per instance of the list; {FIX}"),
            ));
        }
    };
    let mut ids: Vec<String> = Vec::with_capacity(items.len());
    for item in items {
        let DefValue::String(name) = item else {
            return Err(GraphError::new(
                ErrorCode::BadRepeats,
                format!(
                    "{owner} `repeats` holds {}: each entry is an action name; {FIX}",
                    item.type_name()
                ),
            ));
        };
        if !action_names.contains(&name.as_str()) {
            return Err(GraphError::new(
                ErrorCode::RepeatsUnknownAction,
                format!(
                    "{owner} `repeats` names {}, which is not an action of page {}: a list repeats its own page's actions (known there: {}); declare the action in page {}'s `actions` or fix the name",
                    quote(name),
                    quote(page),
                    quote_list(action_names.iter().copied()),
                    quote(page)
                ),
            ));
        }
        let id = format!("{page}.{name}");
        if ids.contains(&id) {
            return Err(GraphError::new(
                ErrorCode::BadRepeats,
                format!(
                    "{owner} `repeats` names {} twice; list each action once",
                    quote(name)
                ),
            ));
        }
        ids.push(id);
    }
    Ok(ids)
}

/// One page's compiled containers: no action repeated by two containers, no repeating container
/// below another.
pub(crate) fn check_tree(page: &str, containers: &[Container]) -> Result<(), GraphError> {
    for (i, c) in containers.iter().enumerate() {
        if c.repeats.is_empty() {
            continue;
        }
        for earlier in containers.get(..i).unwrap_or(&[]) {
            if let Some(id) = c.repeats.iter().find(|a| earlier.repeats.contains(a)) {
                return Err(GraphError::new(
                    ErrorCode::RepeatsTwice,
                    format!(
                        "action {} is repeated by both container {} and container {} of page {}: an action belongs to one list; name it in one `repeats` only",
                        quote(id),
                        quote(&earlier.path),
                        quote(&c.path),
                        quote(page)
                    ),
                ));
            }
            let below = c.path.starts_with(&format!("{}.", earlier.path));
            if below && !earlier.repeats.is_empty() {
                return Err(GraphError::new(
                    ErrorCode::RepeatsNested,
                    format!(
                        "container {} declares `repeats` inside container {}, which repeats too: a list inside a list row is not supported in this release; declare the inner actions on the outer list's `repeats` or give the inner list its own container outside the row",
                        quote(&c.path),
                        quote(&earlier.path)
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// No journey step is a repeated action: a journey names actions that exist once, and a step of a
/// list would need an instance nobody could name in advance.
pub(crate) fn check_journeys(
    journeys: &[Journey],
    containers: &[Container],
) -> Result<(), GraphError> {
    for journey in journeys {
        for step in &journey.steps {
            if let Some(list) = containers.iter().find(|c| c.repeats.contains(step)) {
                return Err(GraphError::new(
                    ErrorCode::RepeatsInJourney,
                    format!(
                        "journey {} has step {}, which container {} repeats: a journey plans over actions that exist once, and a list's action needs an instance only known at run time; drop the step from the journey (the model fires it with an instance) or stop repeating it",
                        quote(&journey.id),
                        quote(step),
                        quote(&list.path)
                    ),
                ));
            }
        }
    }
    Ok(())
}
