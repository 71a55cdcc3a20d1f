#!/usr/bin/env bash
# The framework hosts (docs/graph.md §12, docs/session.md §32): a Next.js 16 App Router app
# (tests/hosts/nextjs, the create-next-app scaffold) and a React Router 7 framework-mode app on the
# Vite its template pins (tests/hosts/react-router) and on Vite 8 (tests/hosts/react-router-vite8, the
# same app's files copied in). Each installs its committed lockfile with `npm ci` only when the
# lockfile changed, then the current tarball as a copy (scripts/install-tarball.sh). Runs
# tests/hosts/nextjs.host.mjs and tests/hosts/react-router.host.mjs in Debian's Chromium (playwright-core
# from the webpack fixture, which scripts/test-hosts.sh installs first). Called by scripts/test-hosts.sh.
# GROUNDFACTS_SKIP_FRAMEWORK_HOSTS=1 skips it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HOSTS="$ROOT/tests/hosts"
say() { printf 'test-hosts-frameworks: %s\n' "$*" >&2; }
[ "${GROUNDFACTS_SKIP_FRAMEWORK_HOSTS:-}" = 1 ] && { say "skipped (GROUNDFACTS_SKIP_FRAMEWORK_HOSTS=1)"; exit 0; }
export NEXT_TELEMETRY_DISABLED=1

# One app, two Vite versions: the Vite 8 fixture gets the app's files afresh.
for item in app react-router.config.ts vite.config.ts tsconfig.json; do
  rm -rf "${HOSTS:?}/react-router-vite8/$item"
  cp -R "$HOSTS/react-router/$item" "$HOSTS/react-router-vite8/$item"
done

for fixture in nextjs react-router react-router-vite8; do
  dir="$HOSTS/$fixture"
  stamp="$dir/node_modules/.groundfacts-ci"
  if [ ! -f "$stamp" ] || [ "$dir/package-lock.json" -nt "$stamp" ]; then
    say "npm ci in tests/hosts/$fixture"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    mkdir -p "$dir/node_modules" && touch "$stamp"
  fi
  bash "$ROOT/scripts/install-tarball.sh" "$dir"
done

start=$(date +%s)
say "node --test tests/hosts/nextjs.host.mjs tests/hosts/react-router.host.mjs"
node --test --test-concurrency=1 "$HOSTS/nextjs.host.mjs" "$HOSTS/react-router.host.mjs"
say "framework hosts took $(($(date +%s) - start)) s"
