// Pins the README's quick start: its JS block runs unchanged against the built package (only the
// `import … from 'groundfacts'` line is rebound to the node build) and prints what its comments promise.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const gf = require('./helpers/load.cjs');

function quickStart() {
  const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  assert.ok(match, 'README.md has a ```js block under "## Quick start"');
  return match[1];
}

test('the README quick start runs and the agent-visible record says the save happened', () => {
  const source = quickStart().replace(/^import \{([^}]*)\} from 'groundfacts';$/m, 'const {$1} = gf;');
  assert.ok(!/^import /m.test(source), 'only the groundfacts import is rebound');
  const logs = [];
  const fakeConsole = { log: (...args) => logs.push(args.join(' ')) };
  new Function('gf', 'console', source)(gf, fakeConsole);
  assert.equal(logs[0], 'performed');
  assert.match(logs[1], /^FACTS FROM THE APP \(authoritative\)\./);
  assert.match(logs[1], /DID happen — agent fired editor\.save \(committed; declared effect observed\)/);
});
