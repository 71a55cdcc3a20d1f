#!/usr/bin/env bash
# Installs dist/groundfacts.tgz (scripts/pack.sh) into an app folder as a registry install lands: a
# copy under node_modules/groundfacts, never a symlink, and not saved to the app's package.json or
# lockfile (the tarball's hash changes with every build). Skipped when that exact tarball is in place;
# the tarball is repacked first when pkg/ is newer than it.
# Usage: scripts/install-tarball.sh <app-dir>
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
app="$(cd "${1:?usage: install-tarball.sh <app-dir>}" && pwd)"
tgz="$ROOT/dist/groundfacts.tgz"
# (Re)pack when the tarball is missing or pkg/ was rebuilt after it was made.
if [ ! -f "$tgz" ] || { [ -d "$ROOT/pkg" ] && [ -n "$(find "$ROOT/pkg" -newer "$tgz" -print -quit)" ]; }; then
  bash "$ROOT/scripts/pack.sh" >/dev/null
fi
sum=$(sha256sum "$tgz" | cut -d' ' -f1)
stamp="$app/node_modules/groundfacts/.tarball-sha256"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ] && [ ! -L "$app/node_modules/groundfacts" ]; then
  exit 0
fi
(cd "$app" && npm install --no-save --no-audit --no-fund --loglevel=error "$tgz")
echo "$sum" > "$stamp"
