#!/usr/bin/env bash
# Runs one demo app in Vite's dev server: `bash scripts/www-dev.sh react` or `bash scripts/www-dev.sh svelte`.
# Builds pkg/ when it is missing, packs it (scripts/pack.sh) and installs the tarball into the app as a
# registry install lands (scripts/install-tarball.sh), after the app's locked dependencies.
# Arguments after the app name go to Vite (e.g. --port 5200).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app="${1:-react}"
case "$app" in
  react | svelte) ;;
  *) echo "usage: bash scripts/www-dev.sh react|svelte" >&2; exit 2 ;;
esac

[ -f "$ROOT/pkg/package.json" ] || bash "$ROOT/scripts/build.sh"
bash "$ROOT/scripts/pack.sh" >/dev/null
dir="$ROOT/www/$app"
stamp="$dir/node_modules/.groundfacts-ci"
if [ ! -f "$stamp" ] || [ "$dir/package-lock.json" -nt "$stamp" ]; then
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  touch "$stamp"
fi
bash "$ROOT/scripts/install-tarball.sh" "$dir"
cd "$dir"
exec node_modules/.bin/vite --host 127.0.0.1 "${@:2}"
