//! The restore law (docs/session.md §20.6): text read back in is held to the same law as text
//! authored. A snapshot is data anyone can edit (sessionStorage, an extension, a stale tab), so
//! before anything is built every name and caption it carries is judged as if the app had just
//! written it:
//!
//! - a caption marked as the graph's names an action the graph has, with the graph's own `does`
//!   (the restored row then shares the graph's caption, never the snapshot's words);
//! - a mount-declared caption is compiled again from its fields by the very function that compiles a
//!   `registerActions` declaration (`graph::compile_mount_action`): its page exists, its name obeys
//!   the name law (decision 23), its `does` is an authored sentence, its filters, `goTo`, role and
//!   input contract are what authoring accepts — and it may not claim an id the graph declares;
//! - a refusal, ask or work row that carries a captured `does` (which makes its id print as itself)
//!   names a graph action with the graph's `does`, or a lawful mount id; a row with no `does` keeps
//!   its id as data and prints as the constant `(an action this app does not have)`, exactly as the
//!   live row of a model's invented id does;
//! - the ids a refusal lists as offered are names the graph or a mount could serve, and a journey
//!   frame's steps are steps of its journey.
//!
//! Anything else is `RESTORE_DAMAGED`. Pure; used by `persist::restore` (the mount captions it
//! rebuilds come from [`mount_caption`]).

use serde_json::Value;

use crate::graph::def::{obj, s};
use crate::graph::{compile_mount_action, Action, DefValue, NavigationGraph};
use crate::session::persist::check::damaged;
use crate::session::persist::*;
use crate::session::SessionError;

/// A filter written back in its authored form, `{ key: { op: threshold, … }, … }`.
fn filter_def(conditions: &[SnapCondition]) -> DefValue {
    let mut keys: Vec<(String, DefValue)> = Vec::new();
    for c in conditions {
        let op = (c.op.clone(), DefValue::from_json(&c.threshold));
        match keys.iter_mut().find(|(k, _)| *k == c.key) {
            Some((_, DefValue::Object(ops))) => ops.push(op),
            _ => keys.push((c.key.clone(), DefValue::Object(vec![op]))),
        }
    }
    DefValue::Object(keys)
}

/// A mount declaration compiled again from the snapshot's fields, as `registerActions` compiles one.
pub(in crate::session) fn mount_caption(
    graph: &NavigationGraph,
    a: &SnapAffordance,
) -> Result<Action, SessionError> {
    let page = a.page.as_deref().unwrap_or("");
    if graph.page(page).is_none() {
        return Err(damaged(format!(
            "mount action '{}' names no page of the graph",
            crate::graph::names::escape_text(&a.id)
        )));
    }
    if graph.action(&a.id).is_some() {
        return Err(damaged(format!(
            "mount caption '{}' claims an id the graph declares",
            a.id
        )));
    }
    let Some(name) =
        a.id.strip_prefix(page)
            .and_then(|rest| rest.strip_prefix('.'))
    else {
        return Err(damaged(format!(
            "mount action '{}' is not named '{page}.<name>'",
            crate::graph::names::escape_text(&a.id)
        )));
    };
    let mut fields: Vec<(&str, DefValue)> = vec![("does", s(&a.does))];
    if let Some(writes) = &a.writes {
        fields.push((
            "writes",
            DefValue::Array(writes.iter().map(|w| s(w)).collect()),
        ));
    }
    if let Some(go_to) = &a.go_to {
        fields.push(("goTo", s(go_to)));
    }
    fields.push(("confirm", DefValue::Bool(a.confirm)));
    match &a.input {
        Value::Null => {}
        other => fields.push(("input", DefValue::from_json(other))),
    }
    for (key, filter) in [
        ("when", &a.when),
        ("enabledWhen", &a.enabled_when),
        ("verify", &a.verify),
    ] {
        if let Some(conditions) = filter {
            fields.push((key, filter_def(conditions)));
        }
    }
    fields.push(("role", s(&a.role)));
    if let Some(concurrency) = &a.concurrency {
        fields.push(("concurrency", s(concurrency)));
    }
    if let Some(href) = &a.url_href {
        fields.push(("binding", obj([("kind", s("url")), ("href", s(href))])));
    }
    let (action, _) = compile_mount_action(graph, page, name, &obj(fields)).map_err(|e| {
        damaged(format!(
            "mount caption '{}' is not a declaration registerActions accepts ({}: {})",
            crate::graph::names::escape_text(&a.id),
            e.code,
            e.message
        ))
    })?;
    // A url binding names its own address; one derived from `goTo` must be that page's.
    if action.url_href != a.url_href {
        return Err(damaged(format!(
            "mount caption '{}' has an address its declaration does not give",
            a.id
        )));
    }
    Ok(action)
}

/// Whether `id` could be a mount-declared action's id: `<page>.<name>` on a page of the graph, the
/// name obeying the name law, and not an id the graph itself declares.
fn lawful_mount_id(graph: &NavigationGraph, id: &str) -> bool {
    graph.action(id).is_none()
        && graph.page_ids().any(|page| {
            id.strip_prefix(page)
                .and_then(|rest| rest.strip_prefix('.'))
                .is_some_and(|name| crate::graph::check_action_name(name, "action").is_ok())
        })
}

/// A row's action id and captured `does`: the id prints as itself only when one of them lets it.
fn row_caption(
    graph: &NavigationGraph,
    id: Option<&str>,
    does: Option<&str>,
    what: &str,
) -> Result<(), SessionError> {
    let (Some(id), Some(does)) = (id, does) else {
        return match (id, does) {
            (None, Some(_)) => Err(damaged(format!("{what} has a caption but no action id"))),
            _ => Ok(()),
        };
    };
    let lawful = match graph.action(id) {
        Some(action) => action.does == does,
        None => lawful_mount_id(graph, id) && !does.trim().is_empty(),
    };
    if lawful {
        Ok(())
    } else {
        Err(damaged(format!(
            "{what} names '{}' with words the graph never authored for it",
            crate::graph::names::escape_text(id)
        )))
    }
}

/// Judge every name and caption of `snap` (mount captions are judged by [`mount_caption`] when
/// `persist::restore` rebuilds them).
pub(in crate::session) fn check_law(
    snap: &SessionSnapshot,
    graph: &NavigationGraph,
) -> Result<(), SessionError> {
    for a in snap.affordances.iter().filter(|a| a.compiled) {
        match graph.action(&a.id) {
            Some(action) if action.does == a.does => {}
            Some(_) => {
                return Err(damaged(format!(
                    "the caption of graph action '{}' is not the graph's",
                    a.id
                )))
            }
            None => {
                return Err(damaged(format!(
                    "action '{}' is not in the graph",
                    crate::graph::names::escape_text(&a.id)
                )))
            }
        }
    }
    for g in &snap.gaps {
        row_caption(
            graph,
            g.affordance_id.as_deref(),
            g.does.as_deref(),
            "a refusal row",
        )?;
        if let Some(bad) = g
            .available_actions
            .iter()
            .find(|id| graph.action(id).is_none() && !lawful_mount_id(graph, id))
        {
            return Err(damaged(format!(
                "a refusal row lists '{}' as offered, which no graph or mount could serve",
                crate::graph::names::escape_text(bad)
            )));
        }
    }
    for a in &snap.asks {
        row_caption(graph, Some(&a.affordance_id), a.does.as_deref(), "an ask")?;
    }
    for w in &snap.work {
        row_caption(
            graph,
            w.affordance_id.as_deref(),
            w.does.as_deref(),
            "a work row",
        )?;
    }
    for f in snap.frame.iter().chain(&snap.closed_frames) {
        let Some(journey) = graph.journey(&f.journey_id) else {
            continue; // `persist::check` names this one
        };
        if f.fired_steps
            .iter()
            .chain(&f.inferred_steps)
            .any(|s| !journey.steps.contains(s))
        {
            return Err(damaged(format!(
                "a frame of journey '{}' names a step the journey does not have",
                journey.id
            )));
        }
    }
    Ok(())
}
