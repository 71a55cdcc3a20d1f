#!/usr/bin/env bash
# Browser tests of the demo apps (www/react, www/svelte) in Debian's Chromium — no browser download.
# Installs only what is missing: Chromium (apt) when /usr/bin/chromium is absent, each app's npm
# dependencies (npm ci) when its lockfile changed; then type-checks the React app against the
# package's .d.ts and runs www/e2e/wizard.test.mjs, which builds, serves and drives both apps.
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

# 2. The package the apps depend on (file:../../pkg).
if [ ! -f "$ROOT/pkg/package.json" ]; then
  say "pkg/ is missing: building it (scripts/build.sh)"
  bash "$ROOT/scripts/build.sh"
fi

# 3. npm ci per app, only when node_modules is missing or older than the lockfile.
for dir in www/react www/svelte www/e2e; do
  stamp="$ROOT/$dir/node_modules/.groundfacts-ci"
  if [ ! -f "$stamp" ] || [ "$ROOT/$dir/package-lock.json" -nt "$stamp" ]; then
    say "npm ci in $dir"
    (cd "$ROOT/$dir" && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
  fi
done

# 4. The React app type-checks against the package's generated .d.ts.
say "tsc --noEmit (www/react)"
(cd "$ROOT/www/react" && node_modules/.bin/tsc --noEmit -p tsconfig.json)

# 5. Build, serve and drive both apps.
say "playwright (www/e2e)"
node --test --test-concurrency=1 "$ROOT/www/e2e/wizard.test.mjs"
