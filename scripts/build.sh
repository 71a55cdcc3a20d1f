#!/usr/bin/env bash
# Builds the npm package: wasm-pack (release wasm → wasm-bindgen) → wasm-opt -Oz (npm binaryen) → pkg-template merged.
#   pkg/       the package apps install (wasm-pack's bundler-target output; npm name `groundfacts`)
#   pkg-node/  the same build as CommonJS for node (what tests/js and benches/js load); not published
# GROUNDFACTS_PROFILE=dev builds unoptimised with the console panic hook; GROUNDFACTS_SKIP_SETUP=1 skips setup.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
[ "${GROUNDFACTS_SKIP_SETUP:-}" = 1 ] || "$ROOT/scripts/setup.sh"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

PROFILE="${GROUNDFACTS_PROFILE:-release}"
say() { printf 'build: %s\n' "$*" >&2; }

# wasm-pack drives cargo and wasm-bindgen (the CLI setup.sh pinned; `--mode no-install` forbids any
# download). Its own wasm-opt step is off in Cargo.toml: Debian's wasm-opt corrupts the output, so the
# pinned npm binaryen runs below instead.
mode_flag=--release
[ "$PROFILE" = release ] || mode_flag=--dev
rm -rf pkg pkg-node
wasm-pack --quiet build "$mode_flag" --mode no-install --target bundler --out-dir pkg --out-name groundfacts
wasm-pack --quiet build "$mode_flag" --mode no-install --target nodejs --out-dir pkg-node --out-name groundfacts

# Both targets carry the identical module; optimise it once. Debian's wasm-opt (108) corrupts
# wasm-bindgen 0.2.130 output, so only the pinned npm binaryen is used.
if [ "$PROFILE" = release ]; then
  "$ROOT/scripts/node_modules/.bin/wasm-opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-reference-types --enable-multivalue --enable-mutable-globals \
    pkg/groundfacts_bg.wasm -o pkg/groundfacts_bg.wasm
  cp pkg/groundfacts_bg.wasm pkg-node/groundfacts_bg.wasm
fi

node "$ROOT/scripts/assemble-pkg.cjs" "$ROOT"

raw=$(wc -c < pkg/groundfacts_bg.wasm)
gz=$(gzip -9 -c pkg/groundfacts_bg.wasm | wc -c)
say "pkg/groundfacts_bg.wasm ($PROFILE): $raw bytes raw, $gz bytes gzip -9"
