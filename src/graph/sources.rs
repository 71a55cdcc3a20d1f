//! Graph sources: `fromRoutes` (the router's table, optionally with cross-links) and `fromJourneys`.
//!
//! STUB — to be implemented (graph.md §6).

use serde_json::Value;

use super::def::DefValue;
use super::error::GraphError;

/// `fromRoutes(routes, options)` → a plain snapshot `{ kind: 'routes', pages: {id → {route, does?}}, crossLinks? }`.
pub fn from_routes(routes: &DefValue, options: &DefValue) -> Result<Value, GraphError> {
    let _ = (routes, options);
    todo!("graph::sources::from_routes")
}

/// `fromJourneys(journeys)` → a plain snapshot `{ kind: 'journeys', journeys: {id → {does, steps, when?}} }`.
pub fn from_journeys(journeys: &DefValue) -> Result<Value, GraphError> {
    let _ = journeys;
    todo!("graph::sources::from_journeys")
}
