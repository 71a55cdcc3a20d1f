// groundfacts/testing under Vitest, from the installed tarball: the package README's "Testing your graph"
// example is written into tests/hosts/vitest-lint as graph.test.ts and run with `vitest run` — it passes; the
// same file with the route table read without cross-links fails, and Vitest shows assertCleanGraph's
// readable error. scripts/test-hosts.sh installs the fixture and the tarball, then runs this file.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const APP = path.join(HERE, 'vitest-lint');
const README = path.join(HERE, '..', '..', 'pkg-template', 'README.md');
const { codeBlocks } = createRequire(import.meta.url)('../js/helpers/readme.cjs');

function vitest(t, name, code) {
  const file = path.join(APP, name);
  fs.writeFileSync(file, code);
  t.after(() => fs.rmSync(file, { force: true }));
  const bin = path.join(APP, 'node_modules', 'vitest', 'vitest.mjs');
  return spawnSync(process.execPath, [bin, 'run', name, '--reporter', 'verbose', '--no-color'], { cwd: APP, encoding: 'utf8', env: { ...process.env, CI: '1' } });
}

test("the README's Vitest example passes, and fails readably when the graph has a dead end", { timeout: 180_000 }, (t) => {
  const pkg = path.join(APP, 'node_modules', 'groundfacts');
  assert.ok(fs.existsSync(pkg) && !fs.lstatSync(pkg).isSymbolicLink(), 'install the tarball first (scripts/test-hosts.sh)');
  const example = codeBlocks(README, 'ts').find((b) => b.heading === 'Testing your graph');
  assert.ok(example, 'a ts block under "## Testing your graph"');
  assert.match(example.code, /from 'vitest'/);
  assert.match(example.code, /from 'groundfacts\/testing'/);

  const passing = vitest(t, 'graph.test.ts', example.code);
  const out = passing.stdout + passing.stderr;
  assert.equal(passing.status, 0, out);
  assert.match(out, /Tests\s+3 passed/, out);

  const broken = example.code.replace("{ crossLinks: true }", '{}');
  assert.notEqual(broken, example.code, 'the example reads its route table with crossLinks');
  const failing = vitest(t, 'broken.test.ts', broken);
  const said = failing.stdout + failing.stderr;
  assert.notEqual(failing.status, 0, said);
  assert.match(said, /GraphLintError: groundfacts: graph 'notes' has \d+ lint finding\(s\)/, said);
  assert.match(said, /error dead-end-page — page 'list'/, said);
});
