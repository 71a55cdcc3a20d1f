#!/usr/bin/env bash
# The test command (README; `.ci/run` calls exactly this): installs what is missing, checks formatting and
# clippy, runs the Rust tests (the docs/ citation check among them),
# builds the package, type-checks a TypeScript consumer against the built .d.ts, runs the node tests
# against the built package, the host tests (the packed tarball in node and webpack 5), then the browser
# tests if the repo has them. Exits non-zero on any failure.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
step() { printf '\n== %s\n' "$*" >&2; }

step "setup"
"$ROOT/scripts/setup.sh"

step "cargo fmt --check"
cargo fmt --check

step "cargo clippy (native, all targets; and the wasm-only boundary in src/js)"
cargo clippy --quiet --all-targets -- -D warnings
cargo clippy --quiet --target wasm32-unknown-unknown --lib -- -D warnings
# The bench-only exports (benches/js/boundary.cjs builds them): checked so a core change cannot break them unseen.
cargo clippy --quiet --target wasm32-unknown-unknown --lib --features bench-paths -- -D warnings

step "lint the boundary's JS modules (every .js under src/js/)"
bash "$ROOT/scripts/lint-js.sh"

step "cargo test"
cargo test

step "build"
GROUNDFACTS_SKIP_SETUP=1 "$ROOT/scripts/build.sh"

step "tsc --noEmit (the public .d.ts, seen from a TypeScript consumer)"
"$ROOT/scripts/node_modules/.bin/tsc" --noEmit -p "$ROOT/tests/js/tsconfig.json"
# The framework bindings' declarations, as an app imports them (react / svelte types, DOM lib).
"$ROOT/scripts/node_modules/.bin/tsc" --noEmit -p "$ROOT/tests/js/tsconfig.bindings.json"
# The bindings typed by an app's registered graph (docs/graph.md §14): its own program, as the registration is global.
"$ROOT/scripts/node_modules/.bin/tsc" --noEmit -p "$ROOT/tests/js/tsconfig.typed-bindings.json"

step "node tests (tests/js, against pkg/ through its node entry)"
node --test "$ROOT"/tests/js/*.test.cjs
# Release checks force collections (FinalizationRegistry + gc): their own run, with the collector exposed.
node --expose-gc --test "$ROOT"/tests/js/*.gc.cjs

step "host tests (tests/hosts: node import + require, webpack 5 in Chromium; the tarball installed as a copy)"
GROUNDFACTS_SKIP_SETUP=1 bash "$ROOT/scripts/test-hosts.sh"

if [ -f "$ROOT/scripts/test-browser.sh" ]; then
  step "browser tests"
  GROUNDFACTS_SKIP_SETUP=1 bash "$ROOT/scripts/test-browser.sh"
else
  step "browser tests: none in this checkout (scripts/test-browser.sh absent)"
fi
printf '\nall tests passed\n' >&2
