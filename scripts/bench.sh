#!/usr/bin/env bash
# The benchmark command (README, "Layout" → benches/; docs/loading.md, "The benchmarks' script"): runs
# the JS benchmarks against the built package (pkg/; run scripts/build.sh first) one after another, each
# printing its targets as met / NOT met. Benchmarks assert nothing, so this exits non-zero only when a
# benchmark itself fails to run. Not part of the test command (scripts/test.sh).
#
#   bash scripts/bench.sh                      every benchmark below, in this order
#   bash scripts/bench.sh ssr-memory hydration-3g   only those (names as listed below)
#
# hydration-3g loads the Vite 7 React host app, which scripts/test-hosts.sh installs; without it the
# benchmark says so and is skipped. bench-paths.cjs is a helper of bench.cjs and boundary.cjs; ab.cjs
# compares two builds (node benches/js/ab.cjs <old-dir> <new-dir>) and is run by hand.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# name → the command that runs it (every benches/js entry but the helper and the two-build comparison;
# tests/js/bench-script.test.cjs checks this list against the directory).
declare -A RUN=(
  [bench]="node benches/js/bench.cjs --no-native"
  [boundary]="node benches/js/boundary.cjs --no-build"
  [text-boundary]="node benches/js/text-boundary.cjs"
  [memory]="node benches/js/memory.cjs"
  [release]="node --expose-gc benches/js/release.cjs"
  [persist]="node benches/js/persist.cjs"
  [ssr-memory]="node --expose-gc benches/js/ssr-memory.mjs"
  [hydration-3g]="node benches/js/hydration-3g.mjs"
)
ORDER=(bench boundary text-boundary memory release persist ssr-memory hydration-3g)

if [ ! -f "$ROOT/pkg/groundfacts.js" ]; then
  echo "bench: pkg/ is not built; run scripts/build.sh first" >&2
  exit 1
fi
names=("$@")
[ ${#names[@]} -eq 0 ] && names=("${ORDER[@]}")
for name in "${names[@]}"; do
  if [ -z "${RUN[$name]+x}" ]; then
    echo "bench: no benchmark named '$name' (one of: ${ORDER[*]})" >&2
    exit 2
  fi
done
for name in "${names[@]}"; do
  printf '\n== bench %s: %s\n' "$name" "${RUN[$name]}"
  ${RUN[$name]}
done
