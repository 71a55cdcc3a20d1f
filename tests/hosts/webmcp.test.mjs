// exposeToWebMCP in Chromium with @mcp-b/webmcp-polyfill from npm: a page exposes a port, then an
// agent-side script that only knows document.modelContext lists the tools, calls whats_here and
// do_action, and the page's facts block records the attempt; unregistering takes every tool back.
// scripts/test-hosts.sh installs the fixture (tests/hosts/webmcp) and the tarball, then runs this file.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, serve } from './support.mjs';

const APP = path.join(path.dirname(fileURLToPath(import.meta.url)), 'webmcp');
test('an agent reaches the port through document.modelContext and the facts block records its attempt', { timeout: 120_000 }, async (t) => {
  const pkg = path.join(APP, 'node_modules', 'groundfacts');
  assert.ok(fs.existsSync(pkg) && !fs.lstatSync(pkg).isSymbolicLink(), 'install the tarball first (scripts/test-hosts.sh)');
  const server = await serve(APP);
  t.after(() => server.close());
  const { chromium } = createRequire(path.join(APP, 'package.json'))('playwright-core');
  const browser = await chromium.launch(CHROMIUM);
  t.after(() => browser.close());
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`console: ${msg.text()}`));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.__app !== undefined, null, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => window.__app.ready), 'ready');

  // The agent side: nothing but the model context.
  const agent = await page.evaluate(async () => {
    const context = document.modelContext;
    const tools = await context.getTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    const run = async (name, args) => JSON.parse(await context.executeTool(byName[name], JSON.stringify(args)));
    const here = await run('notes.whats_here', {});
    const done = await run('notes.do_action', { action: 'save', input: { text: 'from the agent' } });
    const refused = await run('notes.do_action', { action: 'save', input: {} });
    return {
      names: tools.map((tool) => tool.name),
      readOnly: tools.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name).sort(),
      sameAsAlias: navigator.modelContext === context,
      hereActions: here.actions.map((a) => a.action),
      hereFacts: here.facts.split('\n').at(-1),
      done,
      refused: refused.reason,
    };
  });
  assert.deepEqual(agent.names.sort(), ['notes.did_it_work', 'notes.do_action', 'notes.whats_here', 'notes.why']);
  assert.deepEqual(agent.readOnly, ['notes.did_it_work', 'notes.whats_here', 'notes.why']);
  assert.deepEqual(agent.hereActions, ['editor.save']);
  assert.equal(agent.hereFacts, 'No actions have been performed in this app this session.');
  assert.equal(agent.done.effectStatus, 'performed');
  assert.equal(agent.refused, 'PAYLOAD_INVALID');

  const facts = await page.evaluate(() => window.__app.facts());
  assert.match(facts, /DID happen — agent fired editor\.save \(committed; declared effect observed\)/);
  assert.match(facts, /did NOT happen — agent's fire of editor\.save was refused: PAYLOAD_INVALID/);

  const after = await page.evaluate(async () => {
    window.__app.unregister();
    await new Promise((resolve) => setTimeout(resolve, 10));
    return (await document.modelContext.getTools()).length;
  });
  assert.equal(after, 0, 'unregister took every tool back');
  assert.deepEqual(problems, []);
});
