// Component tests as apps write them (tests/hosts/vitest): Vitest with jsdom and with happy-dom, a
// React Testing Library test and an @testing-library/svelte test (svelteTesting()), each rendering a
// component that registers its action, firing through the agent port and asserting the facts text.
// Under these environments the browser entry's loader cannot fetch its file: URL; it loads the
// inlined copy (docs/loading.md). Runs `vitest run` in the fixture and checks that all four passed.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const APP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'vitest');

test('vitest: React Testing Library and @testing-library/svelte, under jsdom and happy-dom', { timeout: 240_000 }, () => {
  const pkg = path.join(APP, 'node_modules', 'groundfacts');
  assert.ok(fs.existsSync(pkg) && !fs.lstatSync(pkg).isSymbolicLink(), 'install the fixture first (scripts/test-hosts.sh)');
  const report = path.join(APP, 'node_modules', '.vitest-report.json');
  fs.rmSync(report, { force: true });
  const run = spawnSync(path.join(APP, 'node_modules', '.bin', 'vitest'), ['run', '--reporter=json', `--outputFile=${report}`], {
    cwd: APP,
    encoding: 'utf8',
  });
  assert.ok(fs.existsSync(report), `vitest wrote no report:\n${run.stdout}\n${run.stderr}`);
  const results = JSON.parse(fs.readFileSync(report, 'utf8'));
  const files = results.testResults.map((file) => ({
    file: path.basename(file.name),
    passed: file.assertionResults.filter((a) => a.status === 'passed').length,
    failures: file.assertionResults.filter((a) => a.status !== 'passed').map((a) => a.failureMessages.join('\n')),
    message: file.message,
  }));
  assert.deepEqual(
    files.map((f) => f.file).sort(),
    ['react.happy-dom.test.jsx', 'react.jsdom.test.jsx', 'svelte.happy-dom.test.js', 'svelte.jsdom.test.js'],
  );
  for (const f of files) {
    assert.equal(f.passed, 1, `${f.file}: ${f.message ?? ''}\n${f.failures.join('\n')}\n${run.stderr}`);
  }
  assert.equal(run.status, 0, run.stderr);
});
