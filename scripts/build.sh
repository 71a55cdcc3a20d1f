#!/usr/bin/env bash
# Builds the npm package into pkg/: wasm-pack (release wasm → wasm-bindgen, web target) → wasm-bindgen's
# nodejs-target glue for the same module → wasm-opt -Oz (npm binaryen) → scripts/assemble-pkg.cjs, which
# writes the entries, the exports map and the compiled framework bindings (pkg-template/README.md,
# "What each host needs", says why this layout). pkg/ is what apps install and what tests/js loads
# (through its node entry). A release build ends by printing the module's size (raw, gzip, brotli; wasm
# + glue brotli) against the target and what weighs most in it (scripts/size-report.cjs; docs/size.md).
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
mode_flag=--release cargo_dir=release bindgen_flags=()
[ "$PROFILE" = release ] || { mode_flag=--dev; cargo_dir=debug; bindgen_flags=(--debug); }
NODE_GLUE="$ROOT/target/pkg-node-glue"
rm -rf pkg pkg-node "$NODE_GLUE"
wasm-pack --quiet build "$mode_flag" --mode no-install --target web --out-dir pkg --out-name groundfacts
# Both glues are generated with --experimental-reset-state-function: the trap recovery
# (src/js/reset.js, docs/session.md §24) re-instantiates the module through the `__wbg_reset_state` it
# emits, and relies on the instance ids it stamps (assemble-pkg.cjs checks both). wasm-pack cannot pass
# the flag to its own wasm-bindgen run, so the web glue is written again over wasm-pack's, from the same
# module with the same CLI (the flag changes the glue, not the module).
bindgen_flags+=(--experimental-reset-state-function)
wasm-bindgen "target/wasm32-unknown-unknown/$cargo_dir/groundfacts.wasm" "${bindgen_flags[@]}" \
  --target web --out-dir pkg --out-name groundfacts
# The node entry's glue: the same wasm-bindgen run with --target nodejs (CommonJS, loads the module
# synchronously from its own folder). Both runs must emit the identical module (checked below) and the
# same snippets (checked by assemble-pkg.cjs): the package ships one of each.
wasm-bindgen "target/wasm32-unknown-unknown/$cargo_dir/groundfacts.wasm" "${bindgen_flags[@]}" \
  --target nodejs --out-dir "$NODE_GLUE" --out-name groundfacts

# Optimise the one module both entries load. Debian's wasm-opt (108) corrupts wasm-bindgen 0.2.130
# output, so only the pinned npm binaryen is used. Merging similar functions before -Oz, then -Oz
# twice, gave the smallest output of the flags tried (docs/size.md §4). The producers and target_features sections are stripped: nothing
# reads them at run time.
cmp -s pkg/groundfacts_bg.wasm "$NODE_GLUE/groundfacts_bg.wasm" ||
  { say "the web and nodejs wasm-bindgen runs emitted different modules"; exit 1; }
if [ "$PROFILE" = release ]; then
  "$ROOT/scripts/node_modules/.bin/wasm-opt" --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-reference-types --enable-multivalue --enable-mutable-globals \
    --strip-producers --strip-target-features --merge-similar-functions -Oz -Oz \
    pkg/groundfacts_bg.wasm -o pkg/groundfacts_bg.wasm
  cp pkg/groundfacts_bg.wasm "$NODE_GLUE/groundfacts_bg.wasm"
fi

node "$ROOT/scripts/assemble-pkg.cjs" "$ROOT" "$NODE_GLUE"

# The shipped size against the target (≤ 200 KB gzip; goal ≤ 120 KB brotli for wasm + glue) and what
# weighs most, read from the names cargo's wasm still carries (docs/size.md): a report, never a reason
# to fail the build.
if [ "$PROFILE" = release ]; then
  node "$ROOT/scripts/size-report.cjs" --shipped pkg --targets >&2 || say "size report unavailable"
  node "$ROOT/scripts/size-report.cjs" "target/wasm32-unknown-unknown/release/groundfacts.wasm" >&2 ||
    say "size report unavailable"
else
  node "$ROOT/scripts/size-report.cjs" --shipped pkg >&2 || say "size report unavailable"
fi
