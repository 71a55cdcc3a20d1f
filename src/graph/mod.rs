//! Authoring → a compiled, immutable [`NavigationGraph`].
//!
//! - `def`: the JS-shaped authoring value tree the compiler reads.
//! - `model`: the compiled types every other layer reads.
//! - `compile`: `buildNavigationGraph` (pages, actions, root actions, journeys); its module doc lists every
//!   error code. Helpers: `merge` (sources + hand pages + cross-links), `actions` (one action
//!   definition), `fields` (the key law and typed field readers).
//! - `guards`: the guard language (eight operators, structural equality, missing keys are unknown).
//! - `input`: input contracts (`'none'` / JSON Schema), their one-line `expects` and payload checks.
//! - `sources`: `fromRoutes` (+ cross-links) and `fromJourneys`.
//! - `routes`: `matchRoute` and the route segment law.
//! - `names`: the name law, exact-then-unique-suffix resolution, message helpers.
//! - `error`: `GraphError` (→ JS `GraphValidationError`).
//!
//! Depends on no other layer: app functions appear only as opaque [`def::CallbackId`]s. Used by `session`,
//! `facts`, `serve`, `host` and `js`.

mod actions;
pub mod compile;
pub mod def;
pub mod error;
mod fields;
pub mod guards;
pub mod input;
mod merge;
pub mod model;
pub mod names;
pub mod routes;
pub mod sources;

pub use compile::{build_navigation_graph, compile_mount_action};
pub use def::DefValue;
pub use error::GraphError;
pub use model::{
    Action, ActionOrigin, Condition, Filter, InputContract, Journey, NavigationGraph, Op, Page,
    Verify,
};
pub use names::{resolve_name, Resolution};
pub use routes::{is_literal_route, match_route};
pub use sources::{from_journeys, from_routes};
