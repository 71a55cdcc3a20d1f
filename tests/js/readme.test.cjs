// Pins the top-level README: its quick start runs unchanged against the built package (only the
// `import … from 'groundfacts'` line is rebound to the node build) and prints what its comments promise; it
// shows exactly two commands; every repository path it and www/README.md name exists.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const gf = require('./helpers/load.cjs');
const { codeBlocks, runExample } = require('./helpers/readme.cjs');

test('the README quick start runs and the agent-visible record says the save happened', () => {
  const blocks = codeBlocks(path.join(__dirname, '..', '..', 'README.md'), 'js');
  const quickStart = blocks.find((b) => b.heading.startsWith('Quick start'));
  assert.ok(quickStart, 'README.md has a ```js block under "## Quick start"');
  const printed = runExample(quickStart.code, gf); // checks `console.log(…); // 'performed'`
  assert.equal(printed.length, 1);
  assert.match(printed[0], /^FACTS FROM THE APP \(authoritative\)\./);
  assert.match(printed[0], /DID happen — agent fired editor\.save \(committed; declared effect observed\)/);
});

test('the README shows exactly two commands to run: main.sh and test.sh', () => {
  const readme = path.join(__dirname, '..', '..', 'README.md');
  const shell = ['sh', 'bash', 'shell', 'console'].flatMap((lang) => codeBlocks(readme, lang));
  assert.equal(shell.length, 1, 'one shell block');
  const commands = shell[0].code.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
  assert.deepEqual(commands.map((line) => line.replace(/\s+#.*$/, '')), ['bash scripts/main.sh', 'bash scripts/test.sh']);
});

test('every repository path the README and www/README.md name exists', () => {
  const root = path.join(__dirname, '..', '..');
  const exists = (base, token) => {
    if (!token.includes('*')) return fs.existsSync(path.join(base, token));
    const dir = path.join(base, path.dirname(token));
    const pattern = new RegExp(`^${path.basename(token).replace(/\./g, '\\.').replace(/\*/g, '.*')}$`);
    return fs.existsSync(dir) && fs.readdirSync(dir).some((name) => pattern.test(name));
  };
  const checked = [];
  for (const [doc, bases, pathLike] of [
    ['README.md', [root], /^(src|tests|www|scripts|pkg-template|benches|\.ci)\/[\w./*-]*$/],
    ['www/README.md', [path.join(root, 'www'), root], /^(shared|react|svelte|e2e|www|scripts)\/[\w./*-]*$/],
  ]) {
    const text = fs.readFileSync(path.join(root, doc), 'utf8');
    for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
      if (!pathLike.test(token)) continue;
      checked.push(token);
      assert.ok(bases.some((base) => exists(base, token)), `${doc} names ${token}, which does not exist`);
    }
  }
  assert.ok(checked.length > 20, `paths checked: ${checked.join(' ')}`);
});
