// Pins the package README's Svelte / SvelteKit recipe (pkg-template/README.md) to the SvelteKit demo:
// every ```ts / ```svelte block of that section is byte for byte the www/svelte file the sentence
// before it names, so the recipe is what the browser tests (www/e2e/svelte.test.mjs) run in both
// `vite dev` and `vite build` + `vite preview`. Also checks that every groundfacts/svelte name the
// section uses is exported by the built binding (pkg/svelte/index.d.ts).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');
const README = path.join(ROOT, 'pkg-template', 'README.md');
const APP = path.join(ROOT, 'www', 'svelte');
const BINDING_DTS = path.join(ROOT, 'pkg', 'svelte', 'index.d.ts');

/** The section's fenced blocks, each with the last `src/…` path named in the prose before it. */
function recipeBlocks() {
  const text = fs.readFileSync(README, 'utf8');
  const start = text.indexOf('\n## Svelte / SvelteKit\n');
  assert.ok(start >= 0, 'the package README has a "Svelte / SvelteKit" section');
  const end = text.indexOf('\n## ', start + 1);
  const lines = text.slice(start, end < 0 ? undefined : end).split('\n');
  const blocks = [];
  let prose = '';
  let open = null;
  for (const line of lines) {
    // The router recipes (hash routers, runes) are for apps other than the demo: not demo files.
    if (!open && line.startsWith('### Routers')) break;
    if (open) {
      if (line === '```') {
        blocks.push(open);
        open = null;
        prose = '';
      } else open.lines.push(line);
    } else if (line.startsWith('```')) {
      const named = [...prose.matchAll(/`(src\/[^`]+)`/g)].map((m) => m[1]);
      open = { lang: line.slice(3), file: named[named.length - 1], lines: [] };
    } else prose += `${line}\n`;
  }
  return { section: lines.join('\n'), blocks: blocks.map((b) => ({ ...b, code: `${b.lines.join('\n')}\n` })) };
}

test('each code block of the Svelte / SvelteKit recipe is the www/svelte file it names, byte for byte', () => {
  const { blocks } = recipeBlocks();
  assert.deepEqual(
    blocks.map((b) => [b.lang, b.file]),
    [
      ['ts', 'src/lib/graph.ts'],
      ['ts', 'src/lib/session.ts'],
      ['ts', 'src/lib/projects.ts'],
      ['svelte', 'src/routes/+layout.svelte'],
      ['svelte', 'src/lib/FactsPanel.svelte'],
      ['svelte', 'src/routes/projects/new/+page.svelte'],
    ],
  );
  for (const block of blocks) {
    assert.equal(block.code, fs.readFileSync(path.join(APP, block.file), 'utf8'), `README block for ${block.file}`);
  }
});

test('the recipe wires what the issue asks: goto as navigate, afterNavigate, the stores, the mount action', () => {
  const { blocks } = recipeBlocks();
  const code = blocks.map((b) => b.code).join('\n');
  assert.match(code, /connectSvelteKit\(session, graph, \{ goto, afterNavigate \}\)/);
  assert.match(code, /import \{ afterNavigate, goto \} from '\$app\/navigation';/);
  assert.match(code, /groundTruth\(session\)/);
  assert.match(code, /use:registerActions=\{\{ session, page: 'wizard'/);
  // liveSession(…, { key }) is createPersistedSession that outlives a module restart (docs/session.md §25).
  assert.match(code, /browser\s*\?\s*liveSession\(/, 'the session is made in the browser only, survives a module restart');
  assert.match(code, /\{ key: 'groundfacts-demo:session' \}/, 'and is kept across reloads');
});

test('every groundfacts/svelte name the recipe uses is exported by the built binding', { skip: !fs.existsSync(path.join(ROOT, 'pkg', 'package.json')) && 'pkg/ not built (scripts/build.sh)' }, () => {
  const { section, blocks } = recipeBlocks();
  const dts = fs.readFileSync(BINDING_DTS, 'utf8');
  const declarations = dts.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const used = new Set();
  for (const { code } of blocks) {
    for (const [, list] of code.matchAll(/import \{([^}]*)\} from 'groundfacts\/svelte';/g)) {
      for (const name of list.split(',')) used.add(name.trim());
    }
  }
  for (const [, name] of section.matchAll(/^\| `(?:use:|\{@attach )?(\w+)[({=]/gm)) used.add(name);
  assert.ok(used.size >= 8, [...used].join());
  // Declared in index.d.ts, or re-exported there from a module beside it (persist.d.ts).
  const exported = (name) =>
    new RegExp(`export declare function ${name}\\b`).test(dts) || new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '\\./\\w+\\.js'`).test(dts);
  for (const name of used) assert.ok(exported(name), `${name} is exported`);
  const beside = fs.readdirSync(path.dirname(BINDING_DTS)).filter((f) => f.endsWith('.d.ts') && f !== 'index.d.ts');
  for (const file of beside) {
    const text = fs.readFileSync(path.join(path.dirname(BINDING_DTS), file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    assert.doesNotMatch(text, /\bany\b/, `no any in ${file}`);
  }
  assert.doesNotMatch(declarations, /\bany\b/, 'no any in the binding\'s public types');
});
