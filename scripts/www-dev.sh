#!/usr/bin/env bash
# Runs one demo app in Vite's dev server: `bash scripts/www-dev.sh react` or `bash scripts/www-dev.sh svelte`.
# Builds pkg/ first when it is missing and installs the app's dependencies when needed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app="${1:-react}"
case "$app" in
  react | svelte) ;;
  *) echo "usage: bash scripts/www-dev.sh react|svelte" >&2; exit 2 ;;
esac

[ -f "$ROOT/pkg/package.json" ] || bash "$ROOT/scripts/build.sh"
dir="$ROOT/www/$app"
stamp="$dir/node_modules/.groundfacts-ci"
if [ ! -f "$stamp" ] || [ "$dir/package-lock.json" -nt "$stamp" ]; then
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  touch "$stamp"
fi
cd "$dir"
exec node_modules/.bin/vite --host 127.0.0.1 "${@:2}"
