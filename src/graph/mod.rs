//! Authoring → a compiled, immutable [`NavigationGraph`].
//!
//! - `def`: the JS-shaped authoring value tree the compiler reads.
//! - `model`: the compiled types every other layer reads.
//! - `compile`: `buildNavigationGraph` (pages, actions, root actions, journeys); its module doc lists every
//!   error code. Helpers: `merge` (sources + hand pages + cross-links), `actions` (one action
//!   definition), `fields` (the key law and typed field readers).
//! - `containers`: a page's `containers` tree (areas, tabs, modals) compiled to paths (docs/graph.md §2.2).
//! - `guards`: the guard language (eight operators, structural equality, missing keys are unknown).
//! - `input`: input contracts (`'none'` / JSON Schema), their one-line `expects` and payload checks.
//! - `sources`: `fromRoutes` (+ cross-links) and `fromJourneys`.
//! - `route_syntax`: the two route dialects (colon / SvelteKit) parsed into one pattern.
//! - `router_sources`: `fromReactRouter` (route objects) and `fromSvelteKitRoutes` (route ids).
//! - `next_routes`: `fromNextRoutes` (Next.js App Router folders, read through the SvelteKit dialect).
//! - `routes`: `matchRoute`, by each router's own precedence.
//! - `names`: the name law, exact-then-unique-suffix resolution, message helpers.
//! - `error`: `GraphError` (→ JS `GraphValidationError`).
//!
//! Depends on no other layer: app functions appear only as opaque [`def::CallbackId`]s. Used by `session`,
//! `facts`, `serve`, `host` and `js`.

mod actions;
pub mod compile;
mod containers;
pub mod def;
pub mod error;
mod fields;
pub mod guards;
pub mod input;
mod merge;
pub mod model;
pub mod names;
mod next_routes;
pub mod route_syntax;
mod router_sources;
pub mod routes;
pub mod sources;

pub use compile::{build_navigation_graph, compile_mount_action};
pub use def::DefValue;
pub use error::GraphError;
pub use model::{
    Action, ActionOrigin, Condition, Container, ContainerKind, Filter, InputContract, Journey,
    NavigationGraph, Op, Page, Verify,
};
pub use names::{resolve_name, Resolution};
pub use next_routes::from_next_routes;
pub use route_syntax::{is_literal_href, parse_route, RoutePattern, RouteSyntax};
pub use router_sources::{from_react_router, from_sveltekit_routes};
pub use routes::match_route;
pub use sources::{from_journeys, from_routes};
