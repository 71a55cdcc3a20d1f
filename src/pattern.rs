//! The regular-expression engine behind `pattern` in input contracts (docs/graph.md §11).
//!
//! In the wasm the JS engine's own `RegExp` (ECMA-262 syntax with the `u` flag, the dialect JSON
//! Schema names) checks and matches patterns, installed by `js::init` through [`install`], so the
//! module carries no regex engine (docs/size.md §3). Natively `regex-lite` does it (a dependency of
//! native builds only). A pattern's validity is decided when the graph is built ([`error`]); a fire
//! only asks [`matches`]. No dependencies in the wasm. Used by `graph::schema`; `js` installs the
//! engine's.

use std::sync::OnceLock;

/// The two questions the schema check asks of an engine.
#[derive(Clone, Copy)]
pub struct Engine {
    /// Why `pattern` does not compile (the engine's words), or `None` when it does.
    pub error: fn(&str) -> Option<String>,
    /// Whether `pattern` matches somewhere in `text` (unanchored).
    pub matches: fn(&str, &str) -> bool,
}

static ENGINE: OnceLock<Engine> = OnceLock::new();

/// Hand patterns to `engine` (the JS engine's `RegExp`); the first call wins.
pub fn install(engine: Engine) {
    let _ = ENGINE.set(engine);
}

/// Why `pattern` is not a regular expression the engine reads, or `None` when it is.
pub fn error(pattern: &str) -> Option<String> {
    match ENGINE.get() {
        Some(engine) => (engine.error)(pattern),
        None => native::error(pattern),
    }
}

/// Whether `pattern` (checked when the graph was built) matches somewhere in `text`.
pub fn matches(pattern: &str, text: &str) -> bool {
    match ENGINE.get() {
        Some(engine) => (engine.matches)(pattern, text),
        None => native::matches(pattern, text),
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::cell::RefCell;
    use std::collections::HashMap;

    thread_local! {
        /// Compiled patterns by source text: authored once, matched on every fire that carries them.
        static PATTERNS: RefCell<HashMap<String, Option<regex_lite::Regex>>> = RefCell::new(HashMap::new());
    }

    pub fn error(pattern: &str) -> Option<String> {
        regex_lite::Regex::new(pattern).err().map(|e| e.to_string())
    }

    pub fn matches(pattern: &str, text: &str) -> bool {
        PATTERNS.with(|cache| {
            let mut cache = cache.borrow_mut();
            let compiled = cache
                .entry(pattern.to_string())
                .or_insert_with(|| regex_lite::Regex::new(pattern).ok());
            // A pattern that did not compile was refused when the graph was built.
            compiled.as_ref().is_none_or(|re| re.is_match(text))
        })
    }
}

/// In the wasm before `js::init` ran (every entry point that builds a graph or fires runs it first):
/// nothing to refuse or judge with.
#[cfg(target_arch = "wasm32")]
mod native {
    pub fn error(_pattern: &str) -> Option<String> {
        None
    }

    pub fn matches(_pattern: &str, _text: &str) -> bool {
        true
    }
}
