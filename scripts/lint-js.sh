#!/usr/bin/env bash
# Lints the JS modules the wasm glue imports (every .js under src/js/, the JS half of the boundary): each must parse
# as an ES module (`node --check`), and TypeScript checks them as JavaScript (`tsc --checkJs`: undefined
# names, wrong arity, unreachable returns, unused locals). webmcp.js is parse-checked only: it reads
# `navigator.modelContext`, which no TypeScript lib declares yet. Uses the pinned tsc in scripts/.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mapfile -t files < <(find src/js -name '*.js' | sort)
for file in "${files[@]}"; do
  node --input-type=module --check < "$file" || { printf 'lint-js: %s does not parse as an ES module\n' "$file" >&2; exit 1; }
done
checked=()
for file in "${files[@]}"; do
  [ "$file" = src/js/port/webmcp.js ] || checked+=("$file")
done
"$ROOT/scripts/node_modules/.bin/tsc" --noEmit --allowJs --checkJs --target es2022 --module es2022 \
  --lib esnext,dom --noUnusedLocals --noUnusedParameters --noImplicitReturns --noFallthroughCasesInSwitch \
  "${checked[@]}"
printf 'lint-js: %s modules parse; %s type-checked as JavaScript\n' "${#files[@]}" "${#checked[@]}" >&2
