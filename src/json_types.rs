//! Names for the JSON-valued fields of boundary types. Each alias is `serde_json::Value` to Rust; its
//! name is the TypeScript type a field of that type is declared with, because tsify names a field by
//! its Rust type's last path segment (`payload: Option<JsonValue>` → `payload?: JsonValue`). The
//! TypeScript side of each name is written once, by hand, in `js::graph` (`JsonValue`, `JsonSchema`)
//! and `js::types` (`Expects`). Used by `session`, `serve` and `graph` result types.

use serde_json::{Map, Value};

/// A flat state projection: key → JSON value (`Record<string, JsonValue>`, declared in `js::graph`).
pub type AppState = Map<String, Value>;
/// Any JSON value (`export type JsonValue = string | number | boolean | null | … `).
pub type JsonValue = Value;
/// A JSON Schema object, verbatim as authored or built.
pub type JsonSchema = Value;
/// Any value an app passes in (`unknown` to TypeScript): the JS layer checks it is plain JSON
/// data within the size limit before the core sees it.
pub type AppValue = Value;
/// What an action expects: the string `"none"` or its JSON Schema (`'none' | JsonSchema`).
pub type Expects = Value;
