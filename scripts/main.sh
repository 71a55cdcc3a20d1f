#!/usr/bin/env bash
# The main command (README): installs what is missing, builds the npm package into pkg/, then runs the
# seed's guarded-wizard example app in node and prints its transcript — the blocks of the seed document.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
"$ROOT/scripts/build.sh"
node "$ROOT/tests/js/examples/guarded-wizard/transcript.cjs"
