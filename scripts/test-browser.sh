#!/usr/bin/env bash
# Browser tests of the demo apps (www/react, www/svelte) in Debian's Chromium — no browser download.
# Installs only what is missing: Chromium (apt) when /usr/bin/chromium is absent, each app's npm
# dependencies (npm ci) when its lockfile changed. Packs pkg/ into dist/groundfacts.tgz and installs
# that tarball into each app as a registry install lands (a copy, never a link), type-checks the React
# app against the installed package, then runs every www/e2e/*.test.mjs: each serves its app under
# `vite dev` and under `vite build` + `vite preview` and drives it in Chromium.
# Expects pkg/ from scripts/build.sh (builds it when missing). Exits non-zero on any failure.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say() { printf 'test-browser: %s\n' "$*" >&2; }

# 1. Chromium from Debian's packages.
if [ ! -x /usr/bin/chromium ]; then
  say "installing chromium (apt)"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

# 2. The package, packed as the registry would ship it.
if [ ! -f "$ROOT/pkg/package.json" ]; then
  say "pkg/ is missing: building it (scripts/build.sh)"
  bash "$ROOT/scripts/build.sh"
fi
say "npm pack pkg/ -> $(bash "$ROOT/scripts/pack.sh")"

# 3. npm ci per folder, only when node_modules is missing or older than the lockfile; then the tarball
#    into each app (npm ci removes it; install-tarball.sh skips an app that already has this tarball).
for dir in www/react www/svelte www/e2e; do
  [ -f "$ROOT/$dir/package-lock.json" ] || continue
  stamp="$ROOT/$dir/node_modules/.groundfacts-ci"
  if [ ! -f "$stamp" ] || [ "$ROOT/$dir/package-lock.json" -nt "$stamp" ]; then
    say "npm ci in $dir"
    (cd "$ROOT/$dir" && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
  fi
  if [ "$dir" != www/e2e ]; then
    say "groundfacts.tgz into $dir"
    bash "$ROOT/scripts/install-tarball.sh" "$ROOT/$dir"
  fi
done

# 4. The React app type-checks against the installed package's .d.ts (groundfacts and groundfacts/react).
say "tsc --noEmit (www/react)"
(cd "$ROOT/www/react" && node_modules/.bin/tsc --noEmit -p tsconfig.json)

# 5. Serve and drive every app, one test file at a time (each starts its own servers and browser).
say "playwright (www/e2e)"
node --test --test-concurrency=1 "$ROOT"/www/e2e/*.test.mjs
