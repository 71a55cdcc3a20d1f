//! `buildNavigationGraph`: validate an authored definition and compile it.
//!
//! STUB — to be implemented (graph.md §1–3, §8; decisions.md 10–14).

use super::def::DefValue;
use super::error::GraphError;
use super::model::{Action, NavigationGraph};
use crate::host::CallbackId;

/// Compile `def` into a graph named `id`, or refuse with the first fault found.
pub fn build_navigation_graph(id: &str, def: &DefValue) -> Result<NavigationGraph, GraphError> {
    let _ = (id, def);
    todo!("graph::compile::build_navigation_graph")
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
    let _ = (graph, page, name, def);
    todo!("graph::compile::compile_mount_action")
}
