// The package README's "Typed graphs" example (under "## TypeScript") compiles against the built .d.ts
// under the README's own tsconfig, and each of its commented-out lines marked `error:` fails to compile
// once uncommented — the example's claims, checked by tsc (docs/graph.md §14).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { codeBlocks } = require('./helpers/readme.cjs');

const ROOT = path.join(__dirname, '..', '..');
const README = path.join(ROOT, 'pkg-template', 'README.md');
const TSC = path.join(ROOT, 'scripts', 'node_modules', '.bin', 'tsc');

test('the typed-graphs example compiles, and each line it marks as an error does not', { skip: !fs.existsSync(TSC) && 'typescript not installed (scripts/setup.sh)' }, (t) => {
  const blocks = codeBlocks(README, 'ts').filter((b) => b.heading === 'TypeScript');
  assert.equal(blocks.length, 2, 'the example and the Register declaration');
  const { compilerOptions } = JSON.parse(codeBlocks(README, 'json').find((b) => b.heading === 'TypeScript').code);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'groundfacts-typed-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(path.join(ROOT, 'pkg'), path.join(dir, 'node_modules', 'groundfacts'), 'dir');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'typed', private: true, type: 'module' }));
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: true }, files: ['example.ts'] }));
  const source = blocks.map((b) => b.code).join('\n');
  const tsc = (code) => {
    fs.writeFileSync(path.join(dir, 'example.ts'), code);
    return spawnSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });
  };
  const good = tsc(source);
  assert.equal(good.status, 0, good.stdout);
  const bad = source.split('\n').filter((line) => /^\/\/ session\..*\berror: /.test(line));
  assert.equal(bad.length, 2);
  for (const line of bad) {
    const code = line.replace(/^\/\/ /, '').replace(/\s+error: .*$/, '');
    const run = tsc(source.replace(line, code));
    assert.notEqual(run.status, 0, `${code} compiled`);
    assert.match(run.stdout, /example\.ts\(\d+,\d+\): error TS/);
  }
});
