#!/usr/bin/env bash
# Packs pkg/ exactly as the registry would ship it: `npm pack` of the built package into
# dist/groundfacts.tgz (a stable name; apps and browser tests install this file, never a link).
# Builds pkg/ first when it is missing. Prints the tarball's path on stdout.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ -f "$ROOT/pkg/package.json" ] || bash "$ROOT/scripts/build.sh"
mkdir -p "$ROOT/dist"
rm -f "$ROOT"/dist/groundfacts-*.tgz
name=$(cd "$ROOT/dist" && npm pack "$ROOT/pkg" --pack-destination "$ROOT/dist" --silent | tail -n 1)
mv "$ROOT/dist/$name" "$ROOT/dist/groundfacts.tgz"
echo "$ROOT/dist/groundfacts.tgz"
