//! The JS engine's `RegExp` as the core's `pattern` engine (`crate::pattern`), installed by `init`:
//! the module then carries no regex engine (docs/size.md §3). The functions live in `pattern.js`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/js/pattern.js")]
extern "C" {
    #[wasm_bindgen(js_name = patternError)]
    fn pattern_error(source: &str) -> Option<String>;
    #[wasm_bindgen(js_name = patternMatches)]
    fn pattern_matches(source: &str, text: &str) -> bool;
}

pub(super) fn install() {
    crate::pattern::install(crate::pattern::Engine {
        error: pattern_error,
        matches: pattern_matches,
    });
}
