// Server-render memory bench (docs/session.md §31; pkg-template/README.md "SSR"): 20,000 server
// requests of a React provider tree (react-dom/server renderToString: <GroundfactsProvider> with
// `persist`, a component using useSession, useActions and useGroundTruth) and 20,000 of a Svelte
// component (svelte/server render: liveSession, the groundTruth store, use:registerActions), against
// the built package as an app resolves it (a copy of pkg/, the React and Svelte of scripts/node_modules).
// Prints the wasm linear memory, the JS heap in use after a full GC (heapUsed + external: what the
// process retains) and the RSS (informative: V8 keeps heap pages it grew into) after a warm-up and at
// the end, and met / NOT met for "the process memory stays flat" (wasm memory unchanged, retained JS
// memory within 16 MiB of the warm-up).
// Asserts nothing (a benchmark). Run: node --expose-gc benches/js/ssr-memory.mjs [--requests=20000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PKG = path.join(ROOT, 'pkg');
const TOOLS = path.join(ROOT, 'scripts', 'node_modules');
const REQUESTS = Number((process.argv.find((a) => a.startsWith('--requests=')) ?? '--requests=20000').split('=')[1]);
const WARM = Math.min(2000, Math.floor(REQUESTS / 10));
const MiB = 1024 * 1024;
const verdict = (ok) => (ok ? 'met' : 'NOT met');
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};

// Capture the module's instance to read its linear memory.
let instance = null;
const OriginalInstance = WebAssembly.Instance;
WebAssembly.Instance = function CapturingInstance(module, imports) {
  instance = new OriginalInstance(module, imports);
  return instance;
};
WebAssembly.Instance.prototype = OriginalInstance.prototype;

// A consumer app: groundfacts copied in, React and Svelte from the build tools.
const app = fs.mkdtempSync(path.join(os.tmpdir(), 'groundfacts-ssr-'));
process.on('exit', () => fs.rmSync(app, { recursive: true, force: true }));
fs.mkdirSync(path.join(app, 'node_modules'));
fs.cpSync(PKG, path.join(app, 'node_modules', 'groundfacts'), { recursive: true });
for (const name of ['react', 'react-dom', 'scheduler', 'svelte']) {
  fs.symlinkSync(path.join(TOOLS, name), path.join(app, 'node_modules', name), 'dir');
}
fs.writeFileSync(path.join(app, 'package.json'), '{ "name": "ssr-consumer", "private": true, "type": "module" }');
const GRAPH = `(gf) => gf.buildNavigationGraph('ssr', { pages: { home: { actions: { add: { does: 'Add a note', input: 'none' } } } } })`;
fs.writeFileSync(
  path.join(app, 'react-app.js'),
  `import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { GroundfactsProvider, useActions, useGroundTruth, useSession, useGroundfactsStatus } from 'groundfacts/react';
const graph = ${GRAPH};
function Facts() {
  const session = useSession();
  const facts = useGroundTruth();
  const status = useGroundfactsStatus();
  useActions('home', { handlers: { add: () => {} } });
  return h('section', null, h('p', null, status, session === null ? ' (no session)' : ''), h('pre', null, facts === null ? '' : facts.text));
}
export function render(i) {
  return renderToString(h(GroundfactsProvider, { graph, persist: 'ssr', options: { state: { request: i } } }, h(Facts)));
}
`,
);
const requireTools = createRequire(path.join(TOOLS, 'svelte', 'package.json'));
const compiler = await import(pathToFileURL(requireTools.resolve('svelte/compiler')).href);
const compile = compiler.compile ?? compiler.default.compile;
const component = compile(
  `<script>
  import { groundTruth, liveSession, registerActions } from 'groundfacts/svelte';
  const graph = ${GRAPH};
  const live = liveSession(graph, undefined);
  const facts = groundTruth(live);
</script>
<section><pre>{$facts ? $facts.text : ''}</pre><div use:registerActions={{ session: live, page: 'home', handlers: { add: () => {} } }}></div></section>`,
  { generate: 'server', filename: 'Facts.svelte' },
);
fs.writeFileSync(path.join(app, 'Facts.svelte.js'), component.js.code);
fs.writeFileSync(
  path.join(app, 'svelte-app.js'),
  `import { render as renderServer } from 'svelte/server';
import Facts from './Facts.svelte.js';
export function render() {
  return renderServer(Facts).body;
}
`,
);

const react = await import(pathToFileURL(path.join(app, 'react-app.js')).href);
const svelte = await import(pathToFileURL(path.join(app, 'svelte-app.js')).href);
const { loadGroundfacts } = await import(pathToFileURL(path.join(app, 'node_modules', 'groundfacts', 'groundfacts_load.node.mjs')).href);
await loadGroundfacts();
WebAssembly.Instance = OriginalInstance;

const tick = () => new Promise((resolve) => setImmediate(resolve));
function measure() {
  gc();
  const usage = process.memoryUsage();
  return { wasm: instance ? instance.exports.memory.buffer.byteLength : 0, rss: usage.rss, retained: usage.heapUsed + usage.external };
}

async function run(name, render) {
  let html = '';
  let warm = null;
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    html = render(i);
    if (i % 500 === 499) await tick(); // requests arrive over time: timers and finalizers get to run
    if (i === WARM - 1) {
      await tick();
      warm = measure();
    }
  }
  await tick();
  const end = measure();
  const ms = performance.now() - started;
  const wasmFlat = end.wasm === warm.wasm;
  const rssGrowth = end.rss - warm.rss;
  const retainedGrowth = end.retained - warm.retained;
  console.log(`${name}: ${REQUESTS} server renders in ${(ms / 1000).toFixed(1)} s (${((ms * 1000) / REQUESTS).toFixed(0)} µs each)`);
  console.log(`  wasm memory after ${WARM}: ${(warm.wasm / MiB).toFixed(1)} MiB; after ${REQUESTS}: ${(end.wasm / MiB).toFixed(1)} MiB`);
  console.log(`  retained JS memory after ${WARM}: ${(warm.retained / MiB).toFixed(1)} MiB; after ${REQUESTS}: ${(end.retained / MiB).toFixed(1)} MiB (${retainedGrowth >= 0 ? '+' : ''}${(retainedGrowth / MiB).toFixed(1)} MiB)`);
  console.log(`  process RSS after ${WARM}: ${(warm.rss / MiB).toFixed(1)} MiB; after ${REQUESTS}: ${(end.rss / MiB).toFixed(1)} MiB (${rssGrowth >= 0 ? '+' : ''}${(rssGrowth / MiB).toFixed(1)} MiB)`);
  console.log(`  the last render: ${html.slice(0, 120).replace(/\s+/g, ' ')}`);
  const flat = wasmFlat && retainedGrowth <= 16 * MiB;
  console.log(`  memory flat over ${REQUESTS} server renders (wasm unchanged, retained JS memory within 16 MiB): ${verdict(flat)}`);
  return flat;
}

const reactFlat = await run('React (react-dom/server renderToString, <GroundfactsProvider persist>)', react.render);
const svelteFlat = await run('Svelte (svelte/server render, liveSession + groundTruth + registerActions)', svelte.render);
console.log(`server renders leave nothing behind (docs/session.md §31): ${verdict(reactFlat && svelteFlat)}`);
