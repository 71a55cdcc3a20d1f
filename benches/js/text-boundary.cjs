// How a rendered facts block is best handed from wasm memory to JS: the candidate decodes of the real
// block (the built package's groundTruth() text at 10 and 20 shown lines, mostly ASCII with a bullet
// and an em dash on every line), timed in this Node, and — with `--browser` — in
// headless Chromium through the e2e app's playwright-core. Reports numbers only; asserts nothing.
// Run: node benches/js/text-boundary.cjs [--browser]
//
// Candidates (each leaves the same JS string):
//   utf8        TextDecoder('utf-8') over the UTF-8 bytes: wasm-bindgen's own &str path (what we use)
//   ascii+json  the text written JSON-escaped (\uXXXX for non-ASCII, so every byte is ASCII), decoded,
//               then JSON.parse'd
//   utf16       TextDecoder('utf-16le') over UTF-16 code units
'use strict';
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..', '..');
const gf = require(process.env.GROUNDFACTS_NODE_PKG || path.join(ROOT, 'pkg'));
const { wizardDefinition } = require('../../tests/js/helpers/wizard.cjs');

/** The bench's block: the seed wizard with `attempts` attempts, half fires, half invented-id refusals. */
function blockText(attempts) {
  const app = { path: '/projects/new' };
  const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app));
  const session = gf.createSession(graph, (href) => { app.path = href; }, { node: 'wizard', state: { 'project.name': '' }, onWarn: () => {} });
  session.registerActions('wizard', { handlers: { 'name-it': (input) => { session.updateState({ 'project.name': input.name }); } } });
  for (let i = 0; i < attempts / 2; i += 1) {
    session.fire('wizard.name-it', { payload: { name: `name ${i}` } });
    session.fire('wizard.not-an-action');
  }
  const { text } = session.groundTruth();
  session.free();
  return text;
}

const asciiJson = (s) => JSON.stringify(s).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Runs in Node and, stringified, in the page: median ns per decode of each candidate. */
function measure(blocks, asciiJsonOf) {
  const memory = new Uint8Array(1 << 16);
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
  const utf16 = new TextDecoder('utf-16le');
  const encoder = new TextEncoder();
  const perCall = (fn) => {
    const rounds = [];
    for (let round = 0; round < 5; round += 1) {
      const n = 100000;
      const start = performance.now();
      for (let i = 0; i < n; i += 1) fn();
      rounds.push(((performance.now() - start) * 1e6) / n);
    }
    rounds.sort((a, b) => a - b);
    return rounds[2];
  };
  const out = [];
  for (const [lines, text] of blocks) {
    const bytes = encoder.encode(text);
    memory.set(bytes, 0);
    const json = encoder.encode(asciiJsonOf[lines]);
    memory.set(json, 0x4000);
    const units = new Uint8Array(Uint16Array.from(text, (c) => c.charCodeAt(0)).buffer);
    memory.set(units, 0x8000);
    let last = '';
    const row = { lines, bytes: bytes.length };
    row.utf8 = perCall(() => { last = utf8.decode(memory.subarray(0, bytes.length)); });
    if (last !== text) throw new Error('utf8 decode differs');
    row.asciiJson = perCall(() => { last = JSON.parse(utf8.decode(memory.subarray(0x4000, 0x4000 + json.length))); });
    if (last !== text) throw new Error('ascii+json decode differs');
    row.utf16 = perCall(() => { last = utf16.decode(memory.subarray(0x8000, 0x8000 + units.length)); });
    if (last !== text) throw new Error('utf16 decode differs');
    out.push(row);
  }
  return out;
}

function report(where, rows) {
  const [ten, twenty] = rows;
  console.log(`${where} — ns per decode (median of 5), and per extra shown line:`);
  for (const key of ['utf8', 'asciiJson', 'utf16']) {
    const perLine = (twenty[key] - ten[key]) / (twenty.lines - ten.lines);
    console.log(`  ${key.padEnd(10)} ${ten.lines} lines (${ten.bytes} B) ${ten[key].toFixed(0).padStart(5)}   ${twenty.lines} lines (${twenty.bytes} B) ${twenty[key].toFixed(0).padStart(5)}   per line ${perLine.toFixed(0).padStart(4)}`);
  }
}

async function main() {
  const blocks = [[10, blockText(10)], [20, blockText(1000)]];
  const asciiJsonOf = Object.fromEntries(blocks.map(([lines, text]) => [lines, asciiJson(text)]));
  report(`node ${process.version}`, measure(blocks, asciiJsonOf));
  if (!process.argv.includes('--browser')) return;
  const playwright = path.join(ROOT, 'www', 'e2e', 'node_modules', 'playwright-core');
  if (!fs.existsSync(playwright)) {
    console.log('browser: skipped (www/e2e has no node_modules; scripts/test-browser.sh installs them)');
    return;
  }
  const { chromium } = require(playwright);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const rows = await page.evaluate(`(${measure.toString()})(${JSON.stringify(blocks)}, ${JSON.stringify(asciiJsonOf)})`);
    report(`chromium ${browser.version()}`, rows);
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
