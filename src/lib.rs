//! groundfacts — an app's own record of what an LLM agent (or a person) did, for the agent to trust.
//!
//! Layers, each a folder with one job:
//! - [`graph`]: authoring → an immutable compiled navigation graph (pages, actions, journeys, guards).
//! - [`session`]: the walker — cursor, state, offers, fires, settlement, the two ledgers, asks, journeys.
//! - [`facts`]: the text renderers (`groundTruth`, `contextBrief`).
//! - [`serve`]: the model-facing port ("Mode B" tools).
//! - `record`: one declaration per record (the `record!` macro and the JSON reader it derives).
//! - [`host`]: the trait through which the core calls the app (handlers, predicates, navigate, warn).
//! - `js` (wasm32 only): the only module that names wasm-bindgen / js-sys / web-sys; it adapts JS values
//!   and functions to the core and back.
//!
//! The core never depends on JS: every behaviour, re-entrancy included, is tested with `cargo test`
//! through test hosts that call back into the session exactly as a JS app does.

mod record;
mod words;

pub mod case;
pub mod codes;
pub mod facts;
pub mod graph;
pub mod host;
pub mod json_types;
pub mod messages;
pub mod pattern;
pub mod serve;
pub mod session;

#[cfg(target_arch = "wasm32")]
mod js;
