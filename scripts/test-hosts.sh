#!/usr/bin/env bash
# Host tests: the package as an app installs it (dist/groundfacts.tgz, a copy, never a link) in the hosts
# tests/hosts/ holds — node `import` + `require` (and their TypeScript types under module nodenext), a plain
# page exposing a port through WebMCP (@mcp-b/webmcp-polyfill) driven by an agent-side script, and a
# webpack 5 app with no config run in Debian's Chromium. Installs each fixture's npm dependencies only when
# its lockfile changed, repacks the tarball when pkg/ changed. Expects pkg/ (builds it when missing).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say() { printf 'test-hosts: %s\n' "$*" >&2; }

[ -f "$ROOT/pkg/package.json" ] || { say "pkg/ is missing: building it"; bash "$ROOT/scripts/build.sh"; }
if [ ! -x /usr/bin/chromium ]; then
  say "installing chromium (apt)"
  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

for fixture in node webpack webmcp; do
  dir="$ROOT/tests/hosts/$fixture"
  stamp="$dir/node_modules/.groundfacts-ci"
  if [ ! -f "$stamp" ] || [ "$dir/package-lock.json" -nt "$stamp" ]; then
    say "npm ci in tests/hosts/$fixture"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    mkdir -p "$dir/node_modules" && touch "$stamp"
  fi
  bash "$ROOT/scripts/install-tarball.sh" "$dir"
done

# The SvelteKit fixture lists groundfacts in package.json as a user app does (a file: spec to the tarball
# the loop above keeps current), so vite-plugin-svelte's dependency crawl sees it. No lockfile is kept (the
# tarball's hash changes with every build); npm install runs only when the tarball or the manifest changed.
kit="$ROOT/tests/hosts/sveltekit"
kit_sum="$(sha256sum "$ROOT/dist/groundfacts.tgz" "$kit/package.json" | sha256sum | cut -d' ' -f1)"
kit_stamp="$kit/node_modules/.groundfacts-installed"
if [ ! -f "$kit_stamp" ] || [ "$(cat "$kit_stamp")" != "$kit_sum" ]; then
  say "npm install in tests/hosts/sveltekit"
  rm -rf "$kit/node_modules/groundfacts"
  (cd "$kit" && npm install --no-audit --no-fund --loglevel=error --no-package-lock)
  echo "$kit_sum" > "$kit_stamp"
fi

say "tsc --noEmit (tests/hosts/node: types.mts, types.cts under module nodenext)"
"$ROOT/scripts/node_modules/.bin/tsc" --noEmit -p "$ROOT/tests/hosts/node/tsconfig.json"

say "node --test tests/hosts/*.test.mjs"
node --test --test-concurrency=1 "$ROOT"/tests/hosts/*.test.mjs

# The framework hosts (Next.js, React Router framework mode on Vite 7 and 8): their own script.
bash "$ROOT/scripts/test-hosts-frameworks.sh"
