// Pins the shape of the built package (scripts/assemble-pkg.cjs; pkg-template/README.md, "What each host
// needs"): every target of the exports map ships, the browser entry and the node entries export the same
// names, node's `import` re-exports its `require` entry (one instance), and each framework binding whose
// source exists is compiled and exported with its types. tests/hosts/ installs the packed tarball in
// real hosts; this file checks the folder itself.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const gf = require('./helpers/load.cjs');

const ROOT = path.join(__dirname, '..', '..');
const PKG = path.join(ROOT, 'pkg');
const manifest = JSON.parse(fs.readFileSync(path.join(PKG, 'package.json'), 'utf8'));

/** Every file path an exports target names, with the condition path that leads to it. */
function targets(node, trail = []) {
  if (typeof node === 'string') return [[trail.join(' → '), node]];
  return Object.entries(node).flatMap(([key, value]) => targets(value, [...trail, key]));
}

/** Whether a path is shipped: listed (or inside a folder listed) in `files`. */
function shipped(rel) {
  const clean = rel.replace(/^\.\//, '');
  return clean === 'package.json' || manifest.files.some((f) => (f.endsWith('/') ? clean.startsWith(f) : clean === f));
}

test('every exports target, main, module and types exists in pkg/ and is in `files`', () => {
  const all = [...targets(manifest.exports), ['main', manifest.main], ['module', manifest.module], ['types', manifest.types]];
  assert.ok(all.length >= 10);
  for (const [where, rel] of all) {
    assert.ok(fs.existsSync(path.join(PKG, rel)), `${where}: ${rel} exists`);
    assert.ok(shipped(rel), `${where}: ${rel} is in files`);
  }
});

test('the root export sends browsers and bundlers to the web entry, node to its two entries, each typed', () => {
  assert.deepEqual(manifest.exports['./load'].node, { types: './groundfacts_load.d.ts', default: './groundfacts_load.node.mjs' });
  assert.deepEqual(manifest.exports['./load'].browser, { types: './groundfacts_load.d.ts', default: './groundfacts_load.js' });
  const root = manifest.exports['.'];
  assert.deepEqual(Object.keys(root), ['browser', 'node', 'types', 'default']);
  assert.equal(root.default, './groundfacts.js');
  assert.equal(root.browser.default, './groundfacts.js');
  assert.equal(root.node.import.default, './groundfacts.node.mjs');
  assert.equal(root.node.require.default, './groundfacts.cjs');
  assert.equal(root.node.require.types, './groundfacts.d.cts');
  assert.equal(manifest.type, 'module');
  assert.equal(manifest.main, './groundfacts.cjs', 'require of the folder (tests, benches) takes the node entry');
});

test('the browser entry awaits the loader, which names the .wasm as an asset and falls back to the inlined copy', () => {
  const entry = fs.readFileSync(path.join(PKG, 'groundfacts.js'), 'utf8');
  assert.match(entry, /^await loadGroundfacts\(\);$/m);
  const exported = [...entry.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) => m[1].split(',').map((n) => n.trim()));
  assert.deepEqual(exported.sort(), Object.keys(gf).sort());
  const loader = fs.readFileSync(path.join(PKG, 'groundfacts_load.js'), 'utf8');
  assert.match(loader, /new URL\('\.\/groundfacts_bg\.wasm', import\.meta\.url\)/);
  assert.match(loader, /import\('\.\/groundfacts_wasm_0\.js'\)/);
  assert.doesNotMatch(loader, /^await /m, 'the loader holds nothing back (no top-level await)');
  for (const file of [entry, loader]) assert.ok(!/\.wasm['"];?$/m.test(file.replace(/new URL\([^)]*\)/g, '')), 'no static import of the .wasm');
});

test('no entry finds its module by a path at run time, nor requires a computed name (docs/loading.md)', () => {
  for (const file of fs.readdirSync(PKG).filter((f) => /\.(c|m)?js$/.test(f))) {
    const text = fs.readFileSync(path.join(PKG, file), 'utf8');
    assert.doesNotMatch(text, /__dirname|__filename/, `${file} names no __dirname`);
    for (const m of text.matchAll(/\brequire\(([^)]*)\)/g)) assert.match(m[1], /^'[^']*'$/, `${file}: require(${m[1]}) is a literal`);
  }
  const wasm = fs.readFileSync(path.join(PKG, 'groundfacts_bg.wasm'));
  const parts = fs.readdirSync(PKG).filter((f) => /^groundfacts_wasm_\d+\.js$/.test(f)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const inline = parts.map((f) => /^export default '([^']*)';$/m.exec(fs.readFileSync(path.join(PKG, f), 'utf8'))[1]);
  assert.ok(inline.every((part) => part.length <= 400_000), 'each part stays under the bundlers\' chunk warnings');
  assert.equal(inline.join(''), wasm.toString('base64'), 'the inlined copy is the shipped .wasm');
});

test("node's import entry is the require entry: same functions, classes and error classes", async () => {
  const esm = await import(pathToFileURL(path.join(PKG, 'groundfacts.node.mjs')).href);
  assert.deepEqual(Object.keys(esm).sort(), Object.keys(gf).sort());
  for (const name of Object.keys(gf)) assert.equal(esm[name], gf[name], name);
});

test('each binding (react, svelte, mcp) with a source in pkg-template/ is compiled, typed and exported; no other is', () => {
  for (const name of ['react', 'svelte', 'mcp']) {
    const source = fs.existsSync(path.join(ROOT, 'pkg-template', name, 'index.ts'));
    const entry = manifest.exports[`./${name}`];
    if (!source) {
      assert.equal(entry, undefined, `no pkg-template/${name}/index.ts, so no ./${name} export`);
      continue;
    }
    assert.deepEqual(entry, { types: `./${name}/index.d.ts`, default: `./${name}/index.js` });
    const js = fs.readFileSync(path.join(PKG, name, 'index.js'), 'utf8');
    assert.doesNotMatch(js, /^\s*import\s+type\b/m, `pkg/${name}/index.js is JavaScript`);
    assert.ok(fs.statSync(path.join(PKG, name, 'index.d.ts')).size > 0);
  }
  assert.deepEqual(manifest.peerDependencies, { react: '>=18', '@modelcontextprotocol/sdk': '^1.32.0' });
  assert.deepEqual(manifest.peerDependenciesMeta, { react: { optional: true }, '@modelcontextprotocol/sdk': { optional: true } });
  // vite-plugin-svelte treats a package that names `svelte` in dependencies or peerDependencies (or has
  // a `svelte` field or export condition) as a Svelte library and bundles it into SvelteKit's server
  // code (ssr.noExternal), where the node entry's require() calls break: dev SSR answers 500 and an
  // adapter-static prerender fails. So the manifest must never name svelte.
  assert.equal(manifest.dependencies?.svelte, undefined);
  assert.equal(manifest.svelte, undefined);
  assert.doesNotMatch(JSON.stringify(manifest.exports), /"svelte"\s*:/, 'no svelte export condition');
});

test('every docs/… file the shipped declarations and code cite ships in docs/ (a registry user can follow it)', () => {
  assert.ok(shipped('docs/decisions.md'), 'docs/ is in files');
  const cited = new Set();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'docs') walk(full);
      } else if (/\.(d\.ts|d\.cts|js|cjs|mjs)$/.test(entry.name)) {
        for (const m of fs.readFileSync(full, 'utf8').matchAll(/docs\/([a-z-]+\.md)/g)) cited.add(m[1]);
      }
    }
  };
  walk(PKG);
  assert.ok(cited.size >= 3, `the package cites its docs by file: ${[...cited]}`);
  for (const doc of cited) {
    assert.ok(fs.existsSync(path.join(PKG, 'docs', doc)), `docs/${doc} is cited in the package and ships with it`);
  }
});

test('a resolver that ignores `exports` finds every subpath as a folder: load/ points at the browser loader and its types', () => {
  // Parcel (without packageExports) and TypeScript's node10 resolution read a subpath as a folder with a
  // manifest or an index: the bindings import `groundfacts/load`, so it must resolve there too.
  for (const subpath of Object.keys(manifest.exports)) {
    const name = subpath.slice(2);
    if (name === '' || name.includes('.')) continue; // the root, the .wasm and package.json
    const folder = path.join(PKG, name);
    assert.ok(fs.statSync(folder).isDirectory(), `${subpath}: no folder ${name}/ in pkg/`);
    assert.ok(shipped(`${name}/package.json`) || shipped(`${name}/index.js`), `${name}/ is not in files`);
    const own = path.join(folder, 'package.json');
    const entry = fs.existsSync(own) ? JSON.parse(fs.readFileSync(own, 'utf8')) : null;
    const main = entry ? path.join(folder, entry.module) : path.join(folder, 'index.js');
    assert.ok(fs.existsSync(main), `${subpath}: ${path.relative(PKG, main)} is missing`);
    const browser = manifest.exports[subpath].browser?.default ?? manifest.exports[subpath].default;
    assert.equal(path.relative(PKG, main), path.normalize(browser), `${subpath}: the folder and exports disagree`);
    if (entry) {
      assert.equal(entry.main, entry.module);
      assert.ok(fs.existsSync(path.join(folder, entry.types)), `${subpath}: its types file is missing`);
    }
  }
});
