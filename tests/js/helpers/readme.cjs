// Reads the code blocks of a README and runs its JS examples against a loaded package, checking every
// `console.log(…); // expected` line against its comment. Used by readme.test.cjs and pkg-readme.test.cjs.
'use strict';
const assert = require('node:assert/strict');
const fs = require('fs');

/** The fenced blocks of `lang` in a markdown file, each with the `## ` heading it sits under and the
 * `### ` subheading inside it (`''` before the first). */
function codeBlocks(file, lang) {
  const blocks = [];
  let heading = '';
  let sub = '';
  let open = null;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (open) {
      if (line === '```') {
        blocks.push(open);
        open = null;
      } else open.lines.push(line);
    } else if (line.startsWith('## ')) {
      heading = line.slice(3);
      sub = '';
    } else if (line.startsWith('### ')) sub = line.slice(4);
    else if (line.startsWith('```')) open = { lang: line.slice(3), heading, sub, lines: [] };
  }
  return blocks.filter((b) => b.lang === lang).map((b) => ({ heading: b.heading, sub: b.sub, code: b.lines.join('\n') + '\n' }));
}

const IMPORT = /^import \{([^}]*)\} from 'groundfacts';$/m;
const CHECKED_LOG = /^(.*)console\.log\((.*)\); \/\/ (.+)$/;

/**
 * Runs one README example: its `import … from 'groundfacts'` line is rebound to `pkg`, and each
 * `console.log(args); // e1, e2` line must run and log exactly [e1, e2]. Returns what the unchecked
 * `console.log` lines printed, one string per call.
 */
function runExample(code, pkg) {
  assert.ok(IMPORT.test(code), 'the example imports from groundfacts in one line');
  const expectations = [];
  const source = code
    .replace(IMPORT, 'const {$1} = __pkg;')
    .split('\n')
    .map((line) => {
      const m = CHECKED_LOG.exec(line);
      if (!m) return line;
      expectations.push({ line: line.trim(), expected: new Function(`return [${m[3]}];`)(), seen: [] });
      return `${m[1]}__checked(${expectations.length - 1}, ${m[2]});`;
    })
    .join('\n');
  assert.ok(!/^import /m.test(source), 'only the groundfacts import is rebound');
  const printed = [];
  const fakeConsole = { log: (...args) => printed.push(args.join(' ')) };
  const checked = (i, ...args) => expectations[i].seen.push(args);
  new Function('__pkg', '__checked', 'console', source)(pkg, checked, fakeConsole);
  for (const { line, expected, seen } of expectations) {
    assert.ok(seen.length > 0, `never ran: ${line}`);
    for (const args of seen) assert.deepEqual(args, expected, line);
  }
  return printed;
}

module.exports = { codeBlocks, runExample };
