// The consumer type test: types/<sdk>.ts (one per SDK) compile against the SDKs' own declarations and
// the installed groundfacts .d.ts — strict, exactOptionalPropertyTypes — with no cast in them.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const tsc = fileURLToPath(new URL('../../scripts/node_modules/.bin/tsc', import.meta.url));
const files = fs.readdirSync(`${here}types`).filter((f) => f.endsWith('.ts'));

test('one consumer file per SDK, none with a cast', () => {
  assert.deepEqual(files.sort(), ['ai.ts', 'anthropic.ts', 'mcp.ts', 'openai.ts']);
  for (const file of files) {
    const code = fs.readFileSync(`${here}types/${file}`, 'utf8').replace(/\/\/.*$/gm, '');
    assert.doesNotMatch(code, /\bas\s+(?!const\b)[A-Za-z{[(]|<[A-Z]\w*>\s*[\w(]|!\./, `${file} casts`);
  }
});

test('they compile under strict and exactOptionalPropertyTypes', () => {
  const run = spawnSync(tsc, ['--noEmit', '-p', `${here}tsconfig.json`], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stdout + run.stderr);
});
