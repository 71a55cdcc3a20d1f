//! A page's `containers` (the tree API, docs/graph.md §2.2): areas, tabs and modals below page level,
//! nestable, compiled to dotted paths (`review.files`, `review.files.upload`) that `session.show` and
//! `session.observeFocus` take.
//!
//! Containers describe where inside a page a reader is; they hold no actions (actions stay served
//! from the page, so a container changes nothing a model may fire). Each container is
//! `{ kind: 'area' | 'tab' | 'modal', does, containers? }`. Refusals, all `GraphValidationError`:
//! `BAD_VALUE` (not an object), `BAD_NAME` / `INVALID_NAME` (the name law), `BAD_CONTAINER_KIND`
//! (missing or unknown `kind`), `MISSING_DOES`, `UNKNOWN_KEY` / `UNSUPPORTED_KEY` (the key law; a
//! container's own `actions` or `when`), `CONTAINER_ACTION_CLASH` (a top-level container named like an
//! action of its page: both would be addressed `page.name`). A container may name page actions in
//! `repeats` (a list: those actions exist once per instance the app reports; `repeats`, docs/graph.md §15).
//!
//! Uses `def`, `fields`, `names`, `model`. Used by `compile`.

use super::def::DefValue;
use super::error::GraphError;
use super::fields::{check_keys, expect_object, field, present};
use super::model::{Container, ContainerKind};
use super::names::{check_name, quote};
use crate::codes::ErrorCode;

/// The keys a container may carry.
const CONTAINER_FIELDS: [&str; 4] = ["kind", "does", "containers", "repeats"];

/// Compile `page`'s `containers` object (depth-first, authored order) onto `out`. `action_names` are
/// the page's own action names (a top-level container may not share one).
pub(crate) fn compile_containers(
    page: &str,
    def: &DefValue,
    action_names: &[&str],
    out: &mut Vec<Container>,
) -> Result<(), GraphError> {
    let place = format!("page {} `containers`", quote(page));
    let entries = expect_object(def, &place, FIX_SHAPE)?;
    for (name, _) in present(entries) {
        if action_names.contains(&name.as_str()) {
            return Err(GraphError::new(
                ErrorCode::ContainerActionClash,
                format!(
                    "page {} declares both a container and an action named {}: both would be addressed {}; rename one of them",
                    quote(page),
                    quote(name),
                    quote(&format!("{page}.{name}"))
                ),
            ));
        }
    }
    let first = out.len();
    compile_level(page, page, entries, action_names, out)?;
    super::repeats::check_tree(page, out.get(first..).unwrap_or(&[]))?;
    Ok(())
}

const FIX_SHAPE: &str =
    "write { name: { kind: 'area' | 'tab' | 'modal', does: '…', containers?: { … } } }";

/// Compile one level's entries under `parent`; returns the child paths in order.
fn compile_level(
    page: &str,
    parent: &str,
    entries: &[(String, DefValue)],
    action_names: &[&str],
    out: &mut Vec<Container>,
) -> Result<Vec<String>, GraphError> {
    let mut paths = Vec::new();
    for (name, def) in present(entries) {
        check_name(name, &format!("container under {}", quote(parent)))?;
        let path = format!("{parent}.{name}");
        let owner = format!("container {}", quote(&path));
        let fields = expect_object(def, &owner, FIX_SHAPE)?;
        for refused in ["actions", "when"] {
            if field(fields, refused).is_some() {
                return Err(GraphError::new(
                    ErrorCode::UnsupportedKey,
                    format!("{owner} has `{refused}`: containers say where a reader is and hold no actions or guards in this release (actions are served from the page); declare it on page {} instead", quote(page)),
                ));
            }
        }
        check_keys(fields, &CONTAINER_FIELDS, &owner)?;
        let kind = match field(fields, "kind") {
            Some(DefValue::String(word)) => ContainerKind::parse(word).ok_or_else(|| {
                GraphError::new(
                    ErrorCode::BadContainerKind,
                    format!("{owner} has kind {}: a container's kind is 'area', 'tab' or 'modal'; pick the one that says how it appears", quote(word)),
                )
            })?,
            None => {
                return Err(GraphError::new(
                    ErrorCode::BadContainerKind,
                    format!("{owner} has no `kind`: say how it appears with kind: 'area', 'tab' or 'modal'"),
                ))
            }
            Some(other) => {
                return Err(GraphError::new(
                    ErrorCode::BadContainerKind,
                    format!("{owner} `kind` is {}: it must be the string 'area', 'tab' or 'modal'", other.type_name()),
                ))
            }
        };
        let does = match field(fields, "does") {
            Some(DefValue::String(text)) if !text.trim().is_empty() => text.clone(),
            _ => {
                return Err(GraphError::new(
                    ErrorCode::MissingDoes,
                    format!("{owner} has no `does`: describe in one sentence what the reader sees there (the model reads it)"),
                ))
            }
        };
        let repeats = match field(fields, "repeats") {
            Some(list) => super::repeats::compile_repeats(page, &owner, list, action_names)?,
            None => Vec::new(),
        };
        let at = out.len();
        out.push(Container {
            path: path.clone(),
            name: name.clone(),
            kind,
            does,
            page: page.to_string(),
            parent: parent.to_string(),
            children: Vec::new(),
            repeats,
        });
        if let Some(children) = field(fields, "containers") {
            let place = format!("{owner} `containers`");
            let child_entries = expect_object(children, &place, FIX_SHAPE)?;
            let child_paths = compile_level(page, &path, child_entries, action_names, out)?;
            if let Some(c) = out.get_mut(at) {
                c.children = child_paths;
            }
        }
        paths.push(path);
    }
    Ok(paths)
}
