#!/usr/bin/env bash
# Installs what building and testing groundfacts needs, skipping whatever is already there.
# Idempotent and quick on a prepared machine; minutes on a fresh one (wasm-bindgen-cli and wasm-pack
# compile from crates.io). Uses only the Rust and npm registries, never GitHub release
# downloads; scripts/test-browser.sh installs Debian's chromium itself when it is missing. Called by scripts/build.sh, scripts/main.sh and scripts/test.sh.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WASM_BINDGEN_VERSION="0.2.130" # must equal the `wasm-bindgen = "=…"` pin in Cargo.toml
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

say() { printf 'setup: %s\n' "$*" >&2; }

command -v cargo >/dev/null || { say "cargo is missing: install Rust (https://rustup.rs) first"; exit 1; }
command -v node >/dev/null || { say "node is missing: install Node.js 20.19+ first"; exit 1; }
command -v npm >/dev/null || { say "npm is missing: install Node.js 20.19+ (with npm) first"; exit 1; }

# 1. The wasm target.
if rustc --print target-libdir --target wasm32-unknown-unknown >/dev/null 2>&1 &&
   [ -d "$(rustc --print target-libdir --target wasm32-unknown-unknown)" ]; then
  :
elif command -v rustup >/dev/null; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
else
  say "the wasm32-unknown-unknown target is missing and rustup is not available to add it"; exit 1
fi

# 2. wasm-bindgen CLI, exactly the crate's version (a mismatch refuses to process the .wasm).
# No --locked: the CLI's lockfile pins a webpki-roots the registry no longer resolves.
have_bindgen="$(wasm-bindgen --version 2>/dev/null || true)"
if [ "$have_bindgen" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (found: ${have_bindgen:-none}); this takes ~5 min"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force >&2
fi

# 2b. wasm-pack, which builds the package around that CLI (never letting it download anything).
WASM_PACK_VERSION="0.15.1"
have_pack="$(wasm-pack --version 2>/dev/null || true)"
if [ "$have_pack" != "wasm-pack $WASM_PACK_VERSION" ]; then
  say "installing wasm-pack $WASM_PACK_VERSION (found: ${have_pack:-none}); this takes ~3-4 min"
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --force >&2
fi

# 3. Pinned node tools (npm binaryen's wasm-opt — Debian's binaryen corrupts wasm-bindgen output —,
#    typescript for the .d.ts checks and for compiling the framework bindings, the react / svelte
#    types those compile against, and react + react-dom for the React binding's node tests).
#    Reinstalled only when package.json/lock changed.
TOOLS="$ROOT/scripts"
stamp="$TOOLS/node_modules/.groundfacts-installed"
if [ ! -f "$stamp" ] || [ "$TOOLS/package.json" -nt "$stamp" ] || [ "$TOOLS/package-lock.json" -nt "$stamp" ]; then
  say "installing pinned node tools (binaryen, typescript, react, @types/react, svelte)"
  (cd "$TOOLS" && if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi) >&2
  touch "$stamp"
fi

say "ok (wasm-bindgen $WASM_BINDGEN_VERSION, wasm-pack $WASM_PACK_VERSION, $("$TOOLS/node_modules/.bin/wasm-opt" --version | head -1))"
