// groundfacts/mcp driven by the SDK's own Client, over the in-memory transport pair and over stdio:
// tools/list (schemas, readOnlyHint), a call of every tool, a refusal answered as data, and a
// tools/list_changed notification after a mount.
import test from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import * as gf from 'groundfacts';
import { mcpServer } from 'groundfacts/mcp';

function notes() {
  const graph = gf.buildNavigationGraph('notes', {
    pages: { list: { actions: { add: { does: 'Add a note', input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } } } } },
    journeys: { capture: { does: 'Capture a note', steps: ['add'] } },
  });
  const session = gf.createSession(graph);
  const added = [];
  session.registerActions('list', { handlers: { add: (input) => { added.push(input.text); } } });
  return { session, added };
}

/** A client that counts tools/list_changed notifications. */
function client() {
  const c = new Client({ name: 'test-host', version: '1.0.0' });
  c.changes = 0;
  c.setNotificationHandler(ToolListChangedNotificationSchema, () => { c.changes += 1; });
  return c;
}

const until = async (check) => { for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10)); };

test('in memory: list, call every tool, a refusal, list_changed after a mount', async () => {
  const { session, added } = notes();
  const port = gf.serveToAgent(session);
  const served = mcpServer(port, { name: 'notes' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await served.connect(serverSide);
  const c = client();
  await c.connect(clientSide);
  assert.equal(c.getServerCapabilities()?.tools?.listChanged, true);
  assert.match(c.getInstructions() ?? '', /authoritative/);

  const { tools } = await c.listTools();
  assert.deepEqual(tools.map((t) => t.name), port.tools().map((t) => t.name));
  assert.deepEqual(tools.map((t) => t.inputSchema), port.tools().map((t) => t.inputSchema));
  assert.deepEqual(Object.fromEntries(tools.map((t) => [t.name, t.annotations?.readOnlyHint])), {
    'notes.journey.capture': false, 'notes.whats_here': true, 'notes.why': true, 'notes.do_action': false, 'notes.did_it_work': true,
  });

  const look = await c.callTool({ name: 'notes.whats_here', arguments: {} });
  assert.equal(look.isError, false);
  assert.equal(look.content[0].text, `${look.structuredContent.facts}\n\n${look.structuredContent.brief}`);
  assert.deepEqual(JSON.parse(look.content[1].text).actions, look.structuredContent.actions);
  const done = await c.callTool({ name: 'notes.do_action', arguments: { action: 'add', input: { text: 'milk' } } });
  assert.equal(done.structuredContent.ok, true);
  assert.deepEqual(added, ['milk']);
  const check = await c.callTool({ name: 'notes.did_it_work', arguments: { transitionId: done.structuredContent.transitionId } });
  assert.equal(check.structuredContent.settled, true);
  const why = await c.callTool({ name: 'notes.why', arguments: { key: 'nothing' } });
  assert.equal(why.structuredContent.ok, true);
  const journey = await c.callTool({ name: 'notes.journey.capture', arguments: {} });
  assert.ok(journey.structuredContent.frame || journey.structuredContent.readySteps, JSON.stringify(journey.structuredContent));

  // A refusal is an answer (isError false); a call error (unknown tool, missing argument) is flagged.
  const refused = await c.callTool({ name: 'notes.do_action', arguments: { action: 'add', input: { wrong: 1 } } });
  assert.equal(refused.structuredContent.ok, false);
  assert.equal(refused.isError, refused.structuredContent.judgment === 'error');
  const missing = await c.callTool({ name: 'notes.do_action', arguments: {} });
  assert.equal(missing.structuredContent.reason, 'ACTION_REQUIRED');
  const unknown = await c.callTool({ name: 'notes.nope', arguments: {} });
  assert.equal(unknown.isError, true);
  assert.equal(unknown.structuredContent.reason, 'UNKNOWN_TOOL');

  // A mount changes the served set: the client is told, and lists both graphs.
  const other = gf.createSession(gf.buildNavigationGraph('archive', { pages: { shelf: { actions: { find: { does: 'Find a note' } } } } }));
  const unmount = served.mount(other);
  await until(() => c.changes === 1);
  assert.equal(c.changes, 1);
  const both = await c.listTools();
  assert.ok(both.tools.some((t) => t.name === 'archive.whats_here'));
  assert.equal(both.tools.length, tools.length + 4);
  unmount();
  await until(() => c.changes === 2);
  assert.equal((await c.listTools()).tools.length, tools.length);
  await c.close();
  await served.close();
});

test('stdio: the SDK client spawns the server, calls it, and hears list_changed after a mount', async () => {
  const c = client();
  const transport = new StdioClientTransport({ command: process.execPath, args: [fileURLToPath(new URL('./mcp-stdio-server.mjs', import.meta.url))], stderr: 'pipe' });
  await c.connect(transport);
  const { tools } = await c.listTools();
  assert.deepEqual(tools.map((t) => t.name), ['notes.whats_here', 'notes.why', 'notes.do_action', 'notes.did_it_work']);
  const look = await c.callTool({ name: 'notes.whats_here', arguments: {} });
  assert.match(look.content[0].text, /notes|list/);
  const add = await c.callTool({ name: 'notes.do_action', arguments: { action: 'add', input: { text: 'x' } } });
  assert.equal(add.structuredContent.ok, true);
  const refused = await c.callTool({ name: 'notes.do_action', arguments: { action: 'no-such-action' } });
  assert.equal(refused.structuredContent.ok, false);
  assert.equal(refused.structuredContent.reason, 'UNKNOWN_ACTION');
  await c.callTool({ name: 'notes.do_action', arguments: { action: 'mount-more' } });
  await until(() => c.changes === 1);
  assert.equal(c.changes, 1);
  assert.ok((await c.listTools()).tools.some((t) => t.name === 'archive.do_action'));
  await c.close();
});
