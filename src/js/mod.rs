//! The JS boundary (wasm32 only): the one module that names wasm-bindgen, js-sys and web-sys.
//!
//! One file per exported class or concern: `graph` (authoring exports, `NavigationGraph`), `session`
//! (`createSession`, `Session`; its ask, work and journey doors in `session_doors`), `handles` (`ActionGroup`, `WorkHandle`), `port` (`serveToAgent`,
//! `AgentPort`), `errors` (the JS error classes), `host` (the core's `Host` over JS functions),
//! `callbacks` (the slab of app functions behind `CallbackId`s), `listeners` (`subscribe`'s listener set,
//! in JS), `wiring` (`subscribe`, `setNavigate`), `convert` (values both ways), `fast` (the boundary's
//! JS-side fast paths), `routers` (`fromReactRouter`, `fromSvelteKitRoutes`), `snapshot` (`session.snapshot()`, the `restore` option), `brand` (our class
//! instances out of `JsValue` arguments, typed
//! errors for anything else) and `types` (the TypeScript shapes of results).
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
//!    `unchecked_return_type` name the custom-section types declared beside each export.

#[cfg(feature = "bench-paths")]
mod bench_paths;
mod brand;
mod callbacks;
mod convert;
mod errors;
mod fast;
mod graph;
mod handles;
mod host;
mod lifecycle;
mod listeners;
mod port;
mod routers;
mod session;
mod session_doors;
mod snapshot;
mod types;
mod wiring;

/// One-time setup, called by every entry point that can start a page's use of the package.
pub(crate) fn init() {
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
