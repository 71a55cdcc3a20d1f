#!/usr/bin/env bash
# Host tests: the package as an app installs it (dist/groundfacts.tgz, a copy, never a link — but for the
# one test about links, tests/hosts/vite-link) in the hosts
# tests/hosts/ holds — node `import` + `require` (and their TypeScript types under module nodenext), a plain
# page exposing a port through WebMCP (@mcp-b/webmcp-polyfill) driven by an agent-side script, a
# webpack 5 app with no config run in Debian's Chromium, a Parcel 2 React app with no Parcel config
# (`parcel build` served, and the `parcel` dev server — the app imports only the bindings and
# groundfacts/load, as Parcel's dev bundles cannot run a value import of groundfacts; tests/hosts/parcel),
# plain Vite 7 and Vite 8 React apps (dev, and
# build + preview, with the module's bytes held back: docs/loading.md), Vitest component tests under
# jsdom and happy-dom (React Testing Library, @testing-library/svelte), the package README's
# groundfacts/testing example run by Vitest (tests/hosts/vitest-lint), and bundles for Node (esbuild,
# Vite's SSR build); then the agent SDKs (tests/sdk). Installs each fixture's npm dependencies (npm ci,
# one shared npm cache) only when
# its lockfile changed, repacks the tarball when pkg/ changed. Expects pkg/ (builds it when missing).
# Prints how long the whole run took.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say() { printf 'test-hosts: %s\n' "$*" >&2; }
started=$SECONDS

[ -f "$ROOT/pkg/package.json" ] || { say "pkg/ is missing: building it"; bash "$ROOT/scripts/build.sh"; }
if [ ! -x /usr/bin/chromium ]; then
  say "installing chromium (apt)"
  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

for fixture in node webpack parcel webmcp vite7-react vite8-react vitest vitest-lint node-bundles; do
  dir="$ROOT/tests/hosts/$fixture"
  stamp="$dir/node_modules/.groundfacts-ci"
  if [ ! -f "$stamp" ] || [ "$dir/package-lock.json" -nt "$stamp" ]; then
    say "npm ci in tests/hosts/$fixture"
    (cd "$dir" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error)
    mkdir -p "$dir/node_modules" && touch "$stamp"
  fi
  bash "$ROOT/scripts/install-tarball.sh" "$dir"
done

# The SvelteKit fixtures list groundfacts in package.json as a user app does (a file: spec to the tarball
# the loop above keeps current), so vite-plugin-svelte's dependency crawl sees it — in `dependencies`
# (sveltekit: adapter-static; kit-node-dep: adapter-node) and in `devDependencies` (kit-node-devdep,
# where the sv template puts it). No lockfile is kept (the tarball's hash changes with every build);
# npm install runs only when the tarball or the manifest changed.
for fixture in sveltekit kit-node-dep kit-node-devdep; do
  kit="$ROOT/tests/hosts/$fixture"
  kit_sum="$(sha256sum "$ROOT/dist/groundfacts.tgz" "$kit/package.json" | sha256sum | cut -d' ' -f1)"
  kit_stamp="$kit/node_modules/.groundfacts-installed"
  if [ ! -f "$kit_stamp" ] || [ "$(cat "$kit_stamp")" != "$kit_sum" ]; then
    say "npm install in tests/hosts/$fixture"
    rm -rf "$kit/node_modules/groundfacts"
    (cd "$kit" && npm install --prefer-offline --no-audit --no-fund --loglevel=error --no-package-lock)
    echo "$kit_sum" > "$kit_stamp"
  fi
done

# The one linked install (tests/hosts/vite-link, docs/loading.md "Linked installs"): the tarball unpacked
# into target/link-install/package, outside the app, and named by a file: dependency, which npm installs
# as a symlink — the shape `npm link` gives. Unpacked and installed again when the tarball changed.
link="$ROOT/tests/hosts/vite-link"
link_sum="$(sha256sum "$ROOT/dist/groundfacts.tgz" "$link/package.json" | sha256sum | cut -d' ' -f1)"
link_stamp="$link/node_modules/.groundfacts-installed"
if [ ! -f "$link_stamp" ] || [ "$(cat "$link_stamp")" != "$link_sum" ]; then
  say "unpack the tarball into target/link-install; npm install in tests/hosts/vite-link"
  rm -rf "$ROOT/target/link-install" && mkdir -p "$ROOT/target/link-install"
  tar -xzf "$ROOT/dist/groundfacts.tgz" -C "$ROOT/target/link-install"
  (cd "$link" && npm install --prefer-offline --no-audit --no-fund --loglevel=error --no-package-lock)
  echo "$link_sum" > "$link_stamp"
fi

say "tsc --noEmit (tests/hosts/node: types.mts, types.cts under module nodenext)"
"$ROOT/scripts/node_modules/.bin/tsc" --noEmit -p "$ROOT/tests/hosts/node/tsconfig.json"

say "node --test tests/hosts/*.test.mjs"
node --test --test-concurrency=1 "$ROOT"/tests/hosts/*.test.mjs

# The agent SDKs (tests/sdk: openai, @anthropic-ai/sdk, @modelcontextprotocol/sdk, ai, pinned): the
# consumer type files, groundfacts/mcp under the SDK's client (in-memory and stdio), and the example
# loops of tests/js/examples/sdk (which resolve their packages through a node_modules link to tests/sdk's).
sdk="$ROOT/tests/sdk"
sdk_stamp="$sdk/node_modules/.groundfacts-ci"
if [ ! -f "$sdk_stamp" ] || [ "$sdk/package-lock.json" -nt "$sdk_stamp" ]; then
  say "npm ci in tests/sdk"
  (cd "$sdk" && npm ci --no-audit --no-fund --loglevel=error)
  touch "$sdk_stamp"
fi
bash "$ROOT/scripts/install-tarball.sh" "$sdk"
ln -sfn ../../../sdk/node_modules "$ROOT/tests/js/examples/sdk/node_modules"
say "node --test tests/sdk/*.test.mjs (SDK types, MCP server, example loops)"
node --test --test-concurrency=1 "$ROOT"/tests/sdk/*.test.mjs

# The framework hosts (Next.js, React Router framework mode on Vite 7 and 8): their own script.
bash "$ROOT/scripts/test-hosts-frameworks.sh"

say "host tests done in $((SECONDS - started)) s"
