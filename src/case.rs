//! Lowercasing for the two case-insensitive comparisons: React Router routes without `caseSensitive`
//! (`graph::routes`) and the did-you-mean suggestion (`graph::names`).
//!
//! [`lowercase`] is `str::to_lowercase`: ASCII text is lowered here, other text natively by Rust's
//! `to_lowercase` and in the wasm by the JS engine's `String.prototype.toLowerCase` — the same Unicode
//! full lowercase mapping (Final_Sigma included), installed by `js::init` through [`install`] — so the
//! shipped module carries no Unicode case tables (docs/size.md §3). The two
//! differ only where the engine's Unicode version lacks a letter Rust's knows (or the other way round).
//! No dependencies. Used by `graph::routes`, `graph::names`, and `js` (which installs the engine's).

use std::sync::OnceLock;

static ENGINE: OnceLock<fn(&str) -> String> = OnceLock::new();

/// Hand non-ASCII text to `lower` (the JS engine's `toLowerCase`); the first call wins.
pub fn install(lower: fn(&str) -> String) {
    let _ = ENGINE.set(lower);
}

/// `text` in lowercase, as `str::to_lowercase` writes it.
pub fn lowercase(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    match ENGINE.get() {
        Some(lower) => lower(text),
        None => fallback(text),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn fallback(text: &str) -> String {
    text.to_lowercase()
}

/// In the wasm before `js::init` ran (no entry point reaches a comparison before it): ASCII letters
/// only, so the module does not link Rust's tables.
#[cfg(target_arch = "wasm32")]
fn fallback(text: &str) -> String {
    text.to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowercase_is_to_lowercase() {
        for text in [
            "",
            "Projects",
            "ÉTÉ",
            "ΟΔΟΣ",
            "İstanbul",
            "STRASSE",
            "straße",
            "Kelvin \u{212A}",
            "ǅ",
        ] {
            assert_eq!(lowercase(text), text.to_lowercase(), "{text}");
        }
    }
}
