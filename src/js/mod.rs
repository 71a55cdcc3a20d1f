//! The JS boundary (wasm32 only): the one module that names wasm-bindgen, js-sys and web-sys.
//!
//! One folder per exported class, shared glue at the top:
//! - `session/`: `createSession` and the `Session` class (its methods spread over `doors`, `grey`,
//!   `tree`, `snapshot`, `redact`, `wiring`, `life`, `lists`: `fire`'s `instance` and a list row's
//!   `registerActions`, docs/session.md §34), the handles it hands out (`handles`:
//!   `ActionGroup`, `WorkHandle`), the core's `Host` over JS functions (`host`) and `subscribe`'s
//!   listeners.
//! - `port/`: `serveToAgent`, the `AgentPort` class, its turn context and waits (`turn`), WebMCP.
//! - `graph/`: authoring exports, the `NavigationGraph` class, router tables as sources (`routers`).
//! - `bench/`: bench-only exports (cargo feature `bench-paths`, never shipped).
//! - shared glue: `convert` (values in), `out` (values out), `fast` (the JS-side fast paths; `fire`'s options
//!   in `fire_read`),
//!   `walked` (what a walk that gave no JSON leaves: a fault, a throw, or a mirror read once, so no
//!   argument is read twice), `errors` (the JS error classes), `callbacks` (the slab of app functions behind `CallbackId`s),
//!   `brand` (our class instances out of `JsValue` arguments), `lifecycle` (disposal), `unwind`
//!   (the backstop for an exception that unwound wasm frames), `pattern` (schema `pattern` through the
//!   engine's `RegExp`), `allocator` (the wasm's global allocator), `types` / `typed` (hand-written
//!   TypeScript). `reset.js` (trap recovery) is copied into the package by `scripts/assemble-pkg.cjs`.
//!
//! What depends on what: the shared glue uses no class folder; `graph/` uses only the glue;
//! `session/` uses `graph/` (the graph a session walks); `port/` uses `session/` (the session it
//! serves); `bench/` uses all of them.
//!
//! Boundary invariants — every exported function keeps all of them:
//! 1. **No panic reaches JS.** No `unwrap`/`expect`/indexing that can fail outside tests. A panic in wasm
//!    kills the module for the whole page. Debug builds install a panic hook that writes to console.error.
//! 2. **No Rust borrow is held across a call into JS.** Exported methods take `&self` (wasm-bindgen's own
//!    per-object borrow is shared, so a handler may call any method of the same object); core state sits
//!    behind short `RefCell` borrows inside the core; the callback slab is read, cloned and released
//!    before a function is invoked.
//! 3. **Every JS call is a `catch` call.** A JS exception comes back as `Err` and becomes data (a recorded
//!    failure, an `onWarn`), never an exception unwinding through wasm frames.
//! 4. **Arguments are `JsValue` and checked here.** Hostile input (null, numbers, cycles, huge arrays,
//!    symbol keys, throwing proxies) is refused with a typed error — `GraphValidationError` for authored
//!    values, `SessionError` for runtime arguments — never a `RuntimeError`.
//! 5. **Results are plain data.** Everything returned is a fresh JS object/array the app may keep or mutate.
//! 6. **Types are stated.** No `any` in the generated `.d.ts`: `unchecked_param_type` /
//!    `unchecked_return_type` name the declared types (derived or hand-written, below).
//!
//! ## Declarations (docs/decisions.md decision 30)
//! The `.d.ts` of every data type that crosses the boundary — records, results, settlements, port
//! results, codes, the option bags that have a Rust struct — is derived by tsify from the Rust type
//! whose serde output *is* the JS value (`session::ledger::records`, `session::results`, `codes`,
//! `facts::read`, `graph::guards`), or, for port results, from the `shape!` declaration whose setters
//! are the only way the tools write a key (`serve::shapes`, docs/records.md §5). So a field added to a
//! result is declared by the same edit, and a field that is not declared cannot be produced. Hand-written TypeScript (`types`,
//! `graph`, `port`, `session::doors`, …) is left only for types that carry functions (authoring
//! inputs, `SessionOptions`, `RegisterActionsSpec`, handler specs), classes, and option bags read
//! key by key with no Rust struct behind them.
//!
//! How the derive sits with the architecture rule (only `js` names wasm-bindgen): core types carry
//! `#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]`. The source of the core names no
//! wasm-bindgen item; on wasm32 the derive expands to a `typescript_custom_section` (a custom section
//! wasm-bindgen strips from the module) and an unused extern type — declarations only, no
//! `into_wasm_abi`/`from_wasm_abi`, so no runtime code (values still cross through `convert`/`fast`).
//! Native builds (`cargo test`) never see tsify. tsify 0.5 needs its `js` feature, which also makes
//! an `Option` field render as `T | undefined`.
//!
//! Converting a hand-written type (mechanical):
//! 1. Find the Rust struct/enum whose serde output is the value (or write one whose fields mirror the
//!    serialised keys, in order — the JSON must stay byte-identical).
//! 2. Add `#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]` under its `#[derive(… Serialize …)]`.
//!    Its `#[serde(rename_all = …)]` names the keys; a `#[serde(skip)]` field is left out.
//! 3. A key that is sometimes absent: `#[serde(default, skip_serializing_if = "…")]` — `default` is
//!    what makes tsify write `key?:`. A JSON-valued field: type it `json_types::JsonValue` /
//!    `JsonSchema` / `Expects` / `AppValue` (tsify names a field by its Rust type's name). A fixed set
//!    of words: a `words!` enum (`crate::words`). A custom `Serialize`: add
//!    `#[cfg_attr(target_arch = "wasm32", tsify(type = "…"))]`; a different TS name: `tsify(rename = "…")`.
//! 4. Delete the hand-written declaration; `scripts/test.sh`'s tsc stage over `tests/js/consumer*.ts`
//!    checks the result (strict, `exactOptionalPropertyTypes`).

mod allocator;
#[cfg(feature = "bench-paths")]
mod bench;
mod brand;
mod callbacks;
mod convert;
mod errors;
mod fast;
mod fire_read;
mod graph;
mod lifecycle;
mod out;
mod pattern;
mod port;
mod session;
mod typed;
mod types;
mod unwind;
mod walked;

/// One-time setup, called by every entry point that can start a page's use of the package.
pub(crate) fn init() {
    // Non-ASCII lowercasing by the engine, so the module carries no Unicode case tables (`crate::case`).
    crate::case::install(|text| String::from(js_sys::JsString::from(text).to_lower_case()));
    // `pattern` checked and matched by the engine's `RegExp`, so the module carries no regex engine.
    pattern::install();
    #[cfg(debug_assertions)]
    {
        use std::sync::Once;
        static HOOK: Once = Once::new();
        HOOK.call_once(|| {
            std::panic::set_hook(Box::new(|info| {
                web_sys::console::error_1(
                    &format!("groundfacts panicked (a bug — please report it): {info}").into(),
                );
            }));
        });
    }
}
