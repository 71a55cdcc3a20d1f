// Pins the package README's React recipe (pkg-template/README.md, "## React") to the code that runs: every
// ```tsx block there is byte for byte a file of the React demo (www/react/src/), which the browser tests
// (www/e2e/react.test.mjs) drive under `vite dev` and `vite build`; and every export of groundfacts/react
// (pkg-template/react/index.ts) is named in that section.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { codeBlocks } = require('./helpers/readme.cjs');

const ROOT = path.join(__dirname, '..', '..');
const README = path.join(ROOT, 'pkg-template', 'README.md');
const DEMO = path.join(ROOT, 'www', 'react', 'src');
const BINDING = path.join(ROOT, 'pkg-template', 'react', 'index.ts');

const text = fs.readFileSync(README, 'utf8');
const start = text.indexOf('\n## React\n');
const section = text.slice(start, text.indexOf('\n## ', start + 1));
// The router recipes ("### Routers without a router object") are for apps without the demo's router.
const recipe = codeBlocks(README, 'tsx').filter((block) => block.heading === 'React' && !block.sub.startsWith('Routers'));

test('the React section has the recipe: provider and router, a self-declaring component, the facts panel', () => {
  assert.ok(start > 0, 'a "## React" section');
  assert.equal(recipe.length, 3);
});

test("each recipe block is, byte for byte, a file the React demo runs", () => {
  const files = Object.fromEntries(
    fs.readdirSync(DEMO).filter((name) => name.endsWith('.tsx')).map((name) => [name, fs.readFileSync(path.join(DEMO, name), 'utf8')]),
  );
  const matched = recipe.map((block) => Object.keys(files).find((name) => files[name] === block.code));
  assert.deepEqual(matched, ['main.tsx', 'ComposePane.tsx', 'FactsPanel.tsx'], 'a block drifted from its file');
  // The demo's entry really is the recipe's: the provider gets the router createBrowserRouter made.
  assert.match(files['main.tsx'], /<GroundfactsProvider graph=\{graph\} router=\{router\}/);
});

test('the browser test exercises what the recipe shows', () => {
  const e2e = fs.readFileSync(path.join(ROOT, 'www', 'e2e', 'react.test.mjs'), 'utf8');
  for (const testId of ["'facts'", "'brief'", "'compose-pane'", "'compose-send'"]) assert.ok(e2e.includes(testId), testId);
  for (const mode of ['dev', 'preview']) assert.ok(fs.readFileSync(path.join(ROOT, 'www', 'e2e', 'harness.mjs'), 'utf8').includes(`'${mode}'`));
});

test("the TypeScript section's jsx note is the option the demo's tsx compiles with (its typecheck in scripts/test-browser.sh)", () => {
  const tsconfig = JSON.parse(fs.readFileSync(path.join(ROOT, 'www', 'react', 'tsconfig.json'), 'utf8'));
  assert.equal(tsconfig.compilerOptions.jsx, 'react-jsx');
  const ts = text.slice(text.indexOf('\n## TypeScript\n'));
  assert.ok(ts.includes('`"jsx": "react-jsx"`'), 'the README names "jsx": "react-jsx" for a .tsx app');
});

test('every export of groundfacts/react is named in the React section', () => {
  const source = fs.readFileSync(BINDING, 'utf8');
  const exported = [...source.matchAll(/^export (?:function|const|class) (\w+)/gm)].map((m) => m[1]);
  assert.ok(exported.length >= 9, exported.join());
  for (const name of exported) assert.ok(section.includes(name), `${name} is not in the README's React section`);
});
