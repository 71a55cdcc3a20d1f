//! `matchRoute` and the route segment law.
//!
//! STUB — to be implemented (graph.md §7).

use super::model::NavigationGraph;

/// The page whose route best matches `path`, or `None` (never a nearest guess).
pub fn match_route(graph: &NavigationGraph, path: &str) -> Option<String> {
    let _ = (graph, path);
    todo!("graph::routes::match_route")
}
