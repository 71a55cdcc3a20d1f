// Pins the typed surface: the published .d.ts names no `any`, and the package entry exports every
// name docs/api.md lists (the tsc check over consumer.ts runs separately in scripts/test.sh).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const gf = require('./helpers/load.cjs');

const PKG = path.join(__dirname, '..', '..', 'pkg');

test('the public .d.ts has no `any`', () => {
  const dts = fs.readFileSync(path.join(PKG, 'groundfacts.d.ts'), 'utf8');
  const offending = dts.split('\n').filter((line) => /\bany\b/.test(line) && !/^\s*(\*|\/\/|\/\*)/.test(line));
  assert.deepEqual(offending, []);
});

test('the package exports the docs/api.md surface', () => {
  for (const name of [
    'buildNavigationGraph', 'fromRoutes', 'fromJourneys', 'matchRoute', 'createSession', 'serveToAgent',
    'GraphValidationError', 'ReentrancyError', 'SessionError',
  ]) {
    assert.equal(typeof gf[name], 'function', name);
  }
});

test('pkg/ looks like wasm-pack output for npm name groundfacts', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(PKG, 'package.json'), 'utf8'));
  assert.equal(manifest.name, 'groundfacts');
  for (const file of [manifest.main, manifest.types, 'groundfacts_bg.wasm', 'README.md']) {
    assert.ok(fs.existsSync(path.join(PKG, file)), file);
  }
});
