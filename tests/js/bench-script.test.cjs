// Pins docs/loading.md, "The benchmarks' script": one named command runs the benchmarks. scripts/bench.sh names every
// benchmark in benches/js (all but its helper bench-paths.cjs and the two-build comparison ab.cjs), the
// README's layout row and docs/loading.md name the script, and the test command does not run it
// (benchmarks assert nothing; they are not tests). A benchmark added to benches/js without a line in
// the script fails here.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');

const ROOT = path.join(__dirname, '..', '..');
const SCRIPT = fs.readFileSync(path.join(ROOT, 'scripts', 'bench.sh'), 'utf8');
const NOT_RUN = new Set(['bench-paths.cjs', 'ab.cjs']);

test('scripts/bench.sh runs every benchmark in benches/js, each in the order list', () => {
  const entries = fs.readdirSync(path.join(ROOT, 'benches', 'js')).filter((f) => /\.(cjs|mjs)$/.test(f) && !NOT_RUN.has(f));
  assert.ok(entries.includes('ssr-memory.mjs') && entries.includes('hydration-3g.mjs'));
  const runs = new Map([...SCRIPT.matchAll(/^\s+\[([\w-]+)\]="([^"]+)"$/gm)].map((m) => [m[1], m[2]]));
  const order = /^ORDER=\(([^)]*)\)$/m.exec(SCRIPT)[1].trim().split(/\s+/);
  for (const file of entries) {
    const name = file.replace(/\.(cjs|mjs)$/, '');
    assert.ok(runs.has(name), `scripts/bench.sh has a line for ${file}`);
    assert.match(runs.get(name), new RegExp(`benches/js/${file.replace('.', '\\.')}(\\s|$)`), `${name} runs ${file}`);
    assert.ok(order.includes(name), `${name} is in ORDER`);
  }
  assert.equal(runs.size, entries.length, `no line names a benchmark that is gone: ${[...runs.keys()]}`);
});

test('an unknown benchmark name is refused before anything runs', () => {
  let error;
  try {
    execFileSync('bash', [path.join(ROOT, 'scripts', 'bench.sh'), 'no-such-bench'], { cwd: ROOT, stdio: 'pipe', encoding: 'utf8' });
  } catch (e) {
    error = e;
  }
  if (!fs.existsSync(path.join(ROOT, 'pkg', 'groundfacts.js'))) return; // the script stops earlier without a build
  assert.ok(error, 'refused');
  assert.equal(error.status, 2);
  assert.match(error.stderr, /no benchmark named 'no-such-bench'/);
});

test('the README and docs/loading.md name the command; the test command does not run it', () => {
  assert.match(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'), /`bash scripts\/bench\.sh`/);
  assert.match(fs.readFileSync(path.join(ROOT, 'docs/loading.md'), 'utf8'), /`bash scripts\/bench\.sh`/);
  assert.doesNotMatch(fs.readFileSync(path.join(ROOT, 'scripts', 'test.sh'), 'utf8'), /bench\.sh/);
});
