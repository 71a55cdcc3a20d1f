//! Authoring → a compiled, immutable [`NavigationGraph`].
//!
//! - `def`: the JS-shaped authoring value tree the compiler reads.
//! - `model`: the compiled types every other layer reads.
//! - `compile`: `buildNavigationGraph` (pages, actions, root actions, journeys); its module doc lists every
//!   error code. Helpers: `merge` (sources + hand pages + cross-links), `actions` (one action
//!   definition), `fields` (the key law and typed field readers).
//! - `describe`: the compiled graph as plain data (`graph.describe()`, what `groundfacts/testing` lints).
//! - `containers`: a page's `containers` tree (areas, tabs, modals) compiled to paths (docs/graph.md §2.2).
//! - `repeats`: a container's `repeats` (lists) read and checked against its page's actions
//!   (docs/graph.md §15).
//! - `guards`: the guard language (eight operators, structural equality, missing keys are unknown).
//! - `input`: input contracts (`'none'` / JSON Schema), their one-line `expects` and payload checks.
//! - `schema`: the JSON-Schema keywords a contract may use, checked at authoring and on every fire.
//! - `sources`: `fromRoutes` (+ cross-links) and `fromJourneys`.
//! - `route_syntax`: the two route dialects (colon / SvelteKit) parsed into one pattern.
//! - `router_sources`: `fromReactRouter` (route objects) and `fromSvelteKitRoutes` (route ids).
//! - `next_routes`: `fromNextRoutes` (Next.js App Router folders, read through the SvelteKit dialect).
//! - `routes`: `matchRoute`, by each router's own precedence.
//! - `names`: the name law, exact-then-unique-suffix resolution, message helpers.
//! - `redact`: the `redact` patterns (state keys, payload and returned-value paths) and the marker.
//! - `error`: `GraphError` (→ JS `GraphValidationError`).
//!
//! Depends on no other layer: app functions appear only as opaque [`def::CallbackId`]s. Used by `session`,
//! `facts`, `serve`, `host` and `js`.

mod actions;
pub mod compile;
mod containers;
pub mod def;
pub mod describe;
pub mod error;
mod fields;
pub mod guards;
pub mod input;
mod merge;
pub mod model;
pub mod names;
mod next_routes;
pub mod redact;
mod repeats;
pub mod route_syntax;
mod router_sources;
pub mod routes;
pub mod schema;
pub mod sources;

pub(crate) use actions::check_action_name;
pub use compile::{build_navigation_graph, compile_mount_action};
pub use def::DefValue;
pub use error::GraphError;
pub use model::{
    Action, ActionOrigin, Concurrency, Condition, Container, ContainerKind, ControlLocator, Filter,
    InputContract, Journey, NavigationGraph, Op, Page, Verify,
};
pub use names::{resolve_name, Resolution};
pub use next_routes::from_next_routes;
pub use redact::Redaction;
pub use route_syntax::{is_literal_href, parse_route, RoutePattern, RouteSyntax};
pub use router_sources::{from_react_router, from_sveltekit_routes};
pub use routes::match_route;
pub use sources::{from_journeys, from_routes};
