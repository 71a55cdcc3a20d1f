// Pins the package README (pkg-template/README.md, shipped as pkg/README.md): its examples run and print what
// their comments say, they type-check under its tsconfig from an installed copy, its Node instructions
// work on the published build, and every call, option and error code it names exists.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const gf = require('./helpers/load.cjs');
const { codeBlocks, runExample } = require('./helpers/readme.cjs');

const ROOT = path.join(__dirname, '..', '..');
const README = path.join(ROOT, 'pkg-template', 'README.md');
const PKG = path.join(ROOT, 'pkg');
const TSC = path.join(ROOT, 'scripts', 'node_modules', '.bin', 'tsc');
const text = fs.readFileSync(README, 'utf8');
const examples = codeBlocks(README, 'js');

/** A scratch consumer project outside the repo with `groundfacts` linked in, as `npm install <pkg>` does. */
function consumerDir(t, packageJson) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'groundfacts-readme-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(PKG, path.join(dir, 'node_modules', 'groundfacts'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(packageJson));
  return dir;
}

test('the package README has the quick start and the errors example', () => {
  assert.deepEqual(examples.map((e) => e.heading).slice(0, 4), ['Quick start', 'Input contracts, once and single-flight', 'Lists', 'Errors and refusals']);
});

test('the lists example runs: rows register their instances, the port acts on one by id and names it by label, a guess is refused', () => {
  const example = examples.find((e) => e.heading === 'Lists');
  assert.ok(example, 'a js example under "## Lists"');
  assert.deepEqual(runExample(example.code, gf), []);
});

test('the input-contract example runs: a bound refused with no ask, a retry refused PRIOR_FIRE_PENDING, once after a failed fire', () => {
  const example = examples.find((e) => e.heading === 'Input contracts, once and single-flight');
  assert.ok(example, 'a js example under "## Input contracts, once and single-flight"');
  assert.deepEqual(runExample(example.code, gf), []);
});

test('the routes example runs: route objects with functions, matchRoute, an action with input opening /notes/:id', () => {
  const routes = examples.find((e) => e.heading === 'Routes from your router');
  assert.ok(routes, 'a js example under "## Routes from your router"');
  assert.deepEqual(runExample(routes.code, gf), []);
});

test('the navigation example runs: a url gesture calls navigate, a handler navigates itself, a declared location write grades DID happen', () => {
  const nav = examples.find((e) => e.heading === 'Actions that navigate');
  assert.ok(nav, 'a js example under "## Actions that navigate"');
  assert.deepEqual(runExample(nav.code, gf), []);
});

test('the reload example runs: a restored session keeps the version and the facts, another graph is refused', () => {
  const example = examples.find((e) => e.heading === 'Surviving a reload');
  assert.ok(example, 'a js example under "## Surviving a reload"');
  assert.deepEqual(runExample(example.code, gf), []);
});

test('the SvelteKit glob recipe reads what import.meta.glob returns', () => {
  const recipe = codeBlocks(README, 'ts').find((b) => b.heading === 'Routes from your router');
  assert.ok(recipe, 'a ts recipe under "## Routes from your router"');
  assert.match(recipe.code, /fromSvelteKitRoutes\(Object\.keys\(pages\), \{ crossLinks: true \}\)/);
  assert.match(recipe.code, /import\.meta\.glob\('\/src\/routes\/\*\*\/\+page\.svelte'\)/);
  // The keys Vite gives for that glob, and the page the recipe's comment promises.
  const keys = ['/src/routes/+page.svelte', '/src/routes/(app)/notes/+page.svelte', '/src/routes/(app)/notes/[id]/+page.svelte'];
  const source = gf.fromSvelteKitRoutes(keys, { crossLinks: true });
  assert.deepEqual(source.pages['notes-id'], { route: '/(app)/notes/[id]' });
  assert.match(recipe.code, /page 'notes-id' at route id '\/\(app\)\/notes\/\[id\]'/);
});

test('the build ships this README as pkg/README.md', () => {
  assert.equal(fs.readFileSync(path.join(PKG, 'README.md'), 'utf8'), text);
});

test('the top-level README shows the same quick start as the package README', () => {
  const top = codeBlocks(path.join(ROOT, 'README.md'), 'js');
  assert.equal(top.length, 1);
  assert.equal(top[0].code, examples[0].code);
});

test('the quick start runs and prints the facts block the README shows', () => {
  const printed = runExample(examples[0].code, gf);
  const shown = codeBlocks(README, 'text').find((b) => b.heading === 'Quick start');
  assert.ok(shown, 'a ```text block under "## Quick start" shows the output');
  assert.deepEqual(printed, [shown.code.replace(/\n$/, '')]);
});

test('the errors example runs: each thrown code and refusal reason is the one its comment names', () => {
  assert.deepEqual(runExample(examples[1].code, gf), []);
});

test("the agent's tools table names each tool's arguments as its input schema does, and the results' fields", () => {
  const start = text.indexOf("\n## The agent's tools\n");
  assert.ok(start > 0, 'a "## The agent\'s tools" section');
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  const rows = [...section.matchAll(/^\| `<graph>\.([\w.<>]+)` \| (.+?) \| (.+) \|$/gm)];
  const graph = gf.buildNavigationGraph('shop', {
    sources: [gf.fromRoutes({ home: '/', cart: '/cart' }, { crossLinks: true }), gf.fromJourneys({ buy: { does: 'Buy', steps: ['go-to-cart'] } })],
  });
  let session;
  session = gf.createSession(graph, (href) => session.sync(gf.matchRoute(graph, href) ?? href), { node: 'home' });
  const port = gf.serveToAgent(session);
  const tools = port.tools();
  assert.equal(rows.length, tools.length, 'one row per tool');
  for (const [, suffix, args] of rows) {
    const tool = tools.find((t) => t.name === `shop.${suffix.replace('<id>', 'buy')}`);
    assert.ok(tool, `${suffix} is a tool`);
    // Each argument is named in backticks at the start of a clause: `name` (…) or `a`, `b` (…).
    const named = [...args.matchAll(/(?:^|\), |, )`(\w+)`/g)].map((m) => m[1]);
    const { properties, required = [] } = tool.inputSchema;
    assert.deepEqual([...named].sort(), Object.keys(properties).sort(), `${suffix}: the arguments`);
    for (const name of named) {
      const says = new RegExp(`\`${name}\` \\(required`).test(args);
      assert.equal(says, required.includes(name), `${suffix}: ${name} required or not`);
    }
  }
  // The results carry the fields the table names.
  const has = (result, ...keys) => keys.forEach((k) => assert.ok(k in result, `${k} in ${JSON.stringify(result)}`));
  has(port.call('shop.whats_here', {}), 'ok', 'youAreOn', 'version', 'facts', 'brief', 'actions', 'journeys');
  const done = port.call('shop.do_action', { action: 'go-to-cart' });
  has(done, 'did', 'effectStatus', 'settlement', 'transitionId');
  has(port.call('shop.did_it_work', { transitionId: done.transitionId }), 'settled', 'effectStatus', 'outcome', 'effectVerified', 'toNode');
  has(port.call('shop.why', { key: 'k' }), 'holds', 'chain');
  has(port.call('shop.journey.buy', {}), 'frame', 'readySteps', 'laterSteps', 'howToAct');
  const wrong = port.call('shop.did_it_work', { id: done.transitionId });
  assert.equal(wrong.reason, 'TRANSITION_ID_REQUIRED');
  assert.match(section, /`reason: 'TRANSITION_ID_REQUIRED'`/);
});

test('the one-door example runs: a person’s fire and the agent’s each run the handler; invoke: false runs nothing; the agent may not say it', () => {
  const example = examples.find((e) => e.heading === 'One door for people');
  assert.ok(example, 'a js example under "## One door for people"');
  assert.deepEqual(runExample(example.code, gf), []);
});

test('the one-door React, Svelte script and sensor snippets type-check against the built bindings', { skip: !fs.existsSync(TSC) && 'typescript not installed (scripts/setup.sh)' }, (t) => {
  const tools = path.join(ROOT, 'scripts', 'node_modules');
  const dir = consumerDir(t, { name: 'one-door-consumer', private: true, type: 'module' });
  fs.symlinkSync(path.join(tools, '@types'), path.join(dir, 'node_modules', '@types'), 'dir');
  for (const name of ['react', 'csstype', 'svelte']) fs.symlinkSync(path.join(tools, name), path.join(dir, 'node_modules', name), 'dir');
  const files = [];
  const tsx = codeBlocks(README, 'tsx').filter((b) => b.heading === 'One door for people');
  const ts = codeBlocks(README, 'ts').filter((b) => b.heading === 'One door for people');
  const svelte = codeBlocks(README, 'svelte').filter((b) => b.heading === 'One door for people');
  assert.deepEqual([tsx.length, ts.length, svelte.length], [1, 1, 1], 'a React, a sensor and a Svelte snippet');
  tsx.forEach((b, i) => (fs.writeFileSync(path.join(dir, `react${i}.tsx`), b.code), files.push(`react${i}.tsx`)));
  ts.forEach((b, i) => (fs.writeFileSync(path.join(dir, `sensor${i}.ts`), b.code), files.push(`sensor${i}.ts`)));
  // The Svelte component's script, with its app module ($lib/session) stood in by a declaration.
  const script = /<script lang="ts">([\s\S]*?)<\/script>/.exec(svelte[0].code)[1].replace("'$lib/session'", "'./session.js'");
  fs.writeFileSync(path.join(dir, 'component.ts'), `${script}\nvoid groundfactsAction; void text;\n`);
  fs.writeFileSync(path.join(dir, 'session.ts'), "import type { Session } from 'groundfacts';\nexport declare const session: Session | undefined;\n");
  files.push('component.ts', 'session.ts');
  fs.writeFileSync(path.join(dir, 'globals.d.ts'), 'declare function $state<T>(value: T): T;\n');
  files.push('globals.d.ts');
  const compilerOptions = { strict: true, noEmit: true, jsx: 'react-jsx', module: 'ESNext', moduleResolution: 'bundler', target: 'ES2022', lib: ['ES2022', 'DOM', 'ESNext.Disposable'], types: [], skipLibCheck: true };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
  const run = spawnSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stdout);
});

test('the model-API example runs, its WebMCP part against a stand-in document.modelContext', (t) => {
  const registered = new Map();
  const seen = [];
  const modelContext = {
    registerTool(tool, { signal }) {
      registered.set(tool.name, tool);
      seen.push(tool.name);
      signal.addEventListener('abort', () => registered.delete(tool.name));
    },
  };
  globalThis.document = { modelContext };
  t.after(() => delete globalThis.document);
  const example = examples.find((e) => e.heading === 'Model APIs and WebMCP');
  assert.ok(example, 'a js example under "## Model APIs and WebMCP"');
  assert.deepEqual(runExample(example.code, gf), []);
  assert.deepEqual(seen, ['notes.whats_here', 'notes.why', 'notes.do_action', 'notes.did_it_work'], 'the comment names what was registered');
  assert.equal(registered.size, 0, 'unregister() took every tool back');
});

test('the examples type-check under the README tsconfig, and its Symbol.dispose and handler notes hold', { skip: !fs.existsSync(TSC) && 'typescript not installed (scripts/setup.sh)' }, (t) => {
  const json = codeBlocks(README, 'json').find((b) => b.heading === 'TypeScript');
  assert.ok(json, 'a ```json tsconfig under "## TypeScript"');
  const { compilerOptions } = JSON.parse(json.code);
  const dir = consumerDir(t, { name: 'ts-consumer', private: true, type: 'module' });
  const files = examples.map((e, i) => {
    fs.writeFileSync(path.join(dir, `example${i}.ts`), e.code);
    return `example${i}.ts`;
  });
  // The README's handler note: unannotated, the input is `never`; annotated, it compiles.
  fs.writeFileSync(
    path.join(dir, 'handlers.ts'),
    [
      "import { buildNavigationGraph, createSession } from 'groundfacts';",
      "const graph = buildNavigationGraph('notes', { pages: { editor: { actions: { save: { does: 'Save the note' } } } } });",
      'const session = createSession(graph);',
      '// @ts-expect-error',
      "session.registerActions('editor', { handlers: { save: ({ text }) => text.trim() } });",
      "session.registerActions('editor', { handlers: { save: ({ text }: { text: string }) => text.trim() } });",
    ].join('\n'),
  );
  files.push('handlers.ts');
  const tsc = (options) => {
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...options, noEmit: true }, files }));
    return spawnSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });
  };

  const asDocumented = tsc(compilerOptions);
  assert.equal(asDocumented.status, 0, asDocumented.stdout);

  const lib = compilerOptions.lib.filter((l) => !/^esnext\.disposable$/i.test(l));
  assert.notDeepEqual(lib, compilerOptions.lib, 'the documented lib names ESNext.Disposable');
  const withoutDisposable = tsc({ ...compilerOptions, lib, skipLibCheck: false });
  assert.notEqual(withoutDisposable.status, 0);
  assert.match(withoutDisposable.stdout, /groundfacts\.d\.ts.*TS2550: Property 'dispose' does not exist on type 'SymbolConstructor'/);
  assert.ok(text.replace(/\s+/g, ' ').includes("Property 'dispose' does not exist on type 'SymbolConstructor'"), 'the README quotes the error');

  const skipped = tsc({ ...compilerOptions, lib, skipLibCheck: true });
  assert.equal(skipped.status, 0, skipped.stdout);
});

test('the quick start runs in plain Node through import and require, with no flags, as the README says', (t) => {
  assert.match(text, /^\| Node\.js ≥ 20\.19, `import` and `require` \| no flags; /m);
  const dir = consumerDir(t, { name: 'node-consumer', private: true });
  const importLine = /^import \{([^}]+)\} from 'groundfacts';$/m;
  assert.match(examples[0].code, importLine);
  fs.writeFileSync(path.join(dir, 'quick.mjs'), examples[0].code);
  fs.writeFileSync(path.join(dir, 'quick.cjs'), examples[0].code.replace(importLine, "const {$1} = require('groundfacts');"));
  for (const file of ['quick.mjs', 'quick.cjs']) {
    const run = spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8' });
    assert.equal(run.status, 0, `${file}: ${run.stderr}`);
    assert.equal(run.stderr, '', `${file} prints no warning`);
    assert.equal(run.stdout.split('\n')[0], 'performed', file);
    assert.match(run.stdout, /DID happen — agent fired editor\.save/, file);
  }
});

test('every call in the API table exists on the package, and every option it names is declared', () => {
  const table = text.slice(text.indexOf('## API'), text.indexOf('\n## ', text.indexOf('## API') + 1));
  const cells = [...table.matchAll(/^\| (.+?) \| .+ \|$/gm)].map((m) => m[1]).filter((c) => c !== 'call' && c !== '---');
  assert.ok(cells.length > 15, 'the API table has its rows');
  const dts = fs.readFileSync(path.join(PKG, 'groundfacts.d.ts'), 'utf8');
  const owners = { graph: gf.NavigationGraph, session: gf.Session, port: gf.AgentPort, group: gf.ActionGroup, work: gf.WorkHandle };
  const mentioned = new Set();
  for (const cell of cells) {
    for (const [, span] of cell.matchAll(/`([^`]+)`/g)) {
      const member = /^(\w+)\.(\w+)/.exec(span);
      if (member) {
        assert.ok(owners[member[1]], `${span}: a known owner`);
        assert.ok(member[2] in owners[member[1]].prototype, `${span}: ${member[2]} exists`);
        mentioned.add(`${member[1]}.${member[2]}`);
      } else if (/^\w+\(/.test(span)) {
        const name = span.slice(0, span.indexOf('('));
        if (name !== 'free') assert.equal(typeof gf[name], 'function', `${span}: exported`);
      }
      for (const [, list] of span.matchAll(/\{ ([\w, ]+) \}/g)) {
        for (const option of list.split(', ')) assert.match(dts, new RegExp(`\\b${option}\\??:`), `${span}: option ${option} is declared`);
      }
    }
  }
  // And the other way: no public method of the session, graph or port goes unmentioned.
  for (const [owner, cls] of Object.entries({ graph: gf.NavigationGraph, session: gf.Session, port: gf.AgentPort })) {
    for (const name of Object.getOwnPropertyNames(cls.prototype)) {
      if (name === 'constructor' || name === 'free' || name.startsWith('__')) continue; // __: wasm-bindgen/brand internals
      assert.ok(mentioned.has(`${owner}.${name}`) || text.includes(`${owner}.${name}`), `${owner}.${name} is in the README`);
    }
  }
});

test('every error code the READMEs name is one the crate (or its JS layer in src/js) can produce', () => {
  const sources = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.rs') || entry.name.endsWith('.js')) sources.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(ROOT, 'src'));
  const rust = sources.join('\n');
  const named = new Set();
  for (const file of ['README.md', 'pkg-template/README.md', 'www/README.md']) {
    const doc = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const [, code] of doc.matchAll(/[`']([A-Z][A-Z0-9_]{3,})[`']/g)) named.add(code);
  }
  assert.ok(named.has('UNKNOWN_GOTO') && named.has('TOOL_DISABLED'));
  for (const code of named) assert.ok(rust.includes(`"${code}"`) || rust.includes(`'${code}'`), `${code} appears as a code in src/`);
});
