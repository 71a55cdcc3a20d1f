// Pins the port in each model API's own terms: OpenAI (Chat, Responses) and Anthropic tools whose names
// and schemas those APIs accept, `call` under any format's name, `toolResult`/`answer` result messages,
// and exposeToWebMCP over a model context (signal-style and unregisterTool-style) — all through the
// built package, with the attempts landing in the facts block.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const g = require('./helpers/load.cjs');

// Both providers document tool names as ^[a-zA-Z0-9_-]{1,64}$; WebMCP as [A-Za-z0-9_.-]{1,128}.
const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const WEBMCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

function app(graphId = 'notes') {
  const graph = g.buildNavigationGraph(graphId, {
    sources: [g.fromRoutes({ list: '/notes', editor: '/notes/new' }, { crossLinks: true })],
    pages: { editor: { actions: { save: { does: 'Save the note', input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } } } } },
    journeys: { 'write-a-note-with-a-rather-long-journey-name-that-goes-on-and-on': { does: 'Write a note', steps: ['save'] } },
  });
  const session = g.createSession(graph, () => {}, { node: 'editor' });
  session.registerActions('editor', { handlers: { save: () => {} } });
  return { session, port: g.serveToAgent(session) };
}

/** The JSON-Schema expectations both providers state for a function's parameters. */
function assertObjectSchema(schema, where) {
  assert.equal(schema.type, 'object', `${where}: parameters must be an object schema`);
  assert.equal(typeof schema.properties, 'object', `${where}: properties`);
  for (const key of schema.required ?? []) assert.ok(key in schema.properties, `${where}: required ${key} is a property`);
  assert.doesNotThrow(() => JSON.stringify(schema));
}

test('openai, openai-responses and anthropic tools carry valid, unique, stable names and object schemas', () => {
  const { port } = app();
  const mcp = port.tools();
  assert.deepEqual(port.tools({ format: 'mcp' }), mcp);
  const shapes = {
    openai: (t) => { assert.equal(t.type, 'function'); return [t.function.name, t.function.parameters, t.function.description]; },
    'openai-responses': (t) => { assert.equal(t.type, 'function'); return [t.name, t.parameters, t.description]; },
    anthropic: (t) => { assert.deepEqual(Object.keys(t), ['name', 'description', 'input_schema']); return [t.name, t.input_schema, t.description]; },
  };
  for (const [format, read] of Object.entries(shapes)) {
    const tools = port.tools({ format });
    assert.equal(tools.length, mcp.length);
    const names = tools.map((t) => {
      const [name, schema, description] = read(t);
      assert.match(name, PROVIDER_NAME, `${format} name ${name}`);
      assertObjectSchema(schema, `${format} ${name}`);
      assert.ok(description.length > 0);
      return name;
    });
    assert.equal(new Set(names).size, names.length, `${format}: names are unique`);
    assert.ok(names.includes('notes_do_action') && names.includes('notes_whats_here'), names.join());
    assert.equal(JSON.stringify(port.tools({ format })), JSON.stringify(tools), `${format}: byte-stable`);
  }
  const long = port.tools({ format: 'anthropic' })[0].name;
  assert.match(long, /^notes_journey_write-a-note-with-a-rather-long-[0-9a-z-]*-[0-9a-f]{6}$/, 'a long journey id keeps its head and gains a hash');
  assert.ok(long.length <= 64);
  assert.equal(g.serveToAgent(app().session).tools({ format: 'anthropic' })[0].name, long, 'the same graph gets the same names');
});

test('a graph id of any length keeps readable names: the graph part shortens, the tool word stays (docs/facts-and-serving.md §11)', () => {
  for (const id of [`acme-storefront-${'x'.repeat(60)}`, `acme storefront ${'é'.repeat(500)}`]) {
    const { port } = app(id);
    const names = port.tools({ format: 'openai-responses' }).map((t) => t.name);
    for (const name of names) assert.match(name, PROVIDER_NAME);
    const words = ['whats_here', 'why', 'do_action', 'did_it_work'];
    const generic = names.slice(-4);
    const part = generic[0].slice(0, -'_whats_here'.length);
    assert.match(part, /^acme[-_]stor.*-[0-9a-f]{6}$/, "the head of the id and a hash of the whole");
    assert.deepEqual(generic, words.map((w) => `${part}_${w}`), 'one graph part, each tool its own word');
    assert.ok(names[0].startsWith(`${part}_journey_write-a-note`));
    assert.deepEqual(app(id).port.tools({ format: 'openai-responses' }).map((t) => t.name), names, 'stable per graph');
    const done = port.answer({ type: 'function_call', call_id: 'c1', name: generic[0], arguments: '{}' }, { format: 'openai-responses' });
    assert.equal(JSON.parse(done.output).ok, true);
  }
});

test('call takes the name of any format and the attempt is recorded either way', () => {
  const { session, port } = app();
  const byProvider = port.call('notes_do_action', { action: 'save', input: { text: 'a' } });
  assert.equal(byProvider.effectStatus, 'performed');
  const byMcp = port.call('notes.do_action', { action: 'save', input: {} });
  assert.equal(byMcp.reason, 'PAYLOAD_INVALID');
  const facts = session.groundTruth().text;
  assert.match(facts, /agent fired editor\.save/);
  assert.match(facts, /agent's fire of editor\.save was refused: PAYLOAD_INVALID/);
  assert.equal(port.call('notes_nope', {}).reason, 'UNKNOWN_TOOL');
});

test('answer reads each API tool call and returns that API result message', () => {
  const { session, port } = app();
  const chat = port.answer({ id: 'call_1', type: 'function', function: { name: 'notes_do_action', arguments: '{"action":"save","input":{"text":"x"}}' } }, { format: 'openai' });
  assert.deepEqual(Object.keys(chat), ['role', 'tool_call_id', 'content']);
  assert.equal(chat.tool_call_id, 'call_1');
  assert.equal(JSON.parse(chat.content).did, 'editor.save');
  const responses = port.answer({ type: 'function_call', call_id: 'fc_1', name: 'notes_whats_here', arguments: '{}' }, { format: 'openai-responses' });
  assert.equal(responses.type, 'function_call_output');
  assert.match(JSON.parse(responses.output).facts, /Attempts so far/);
  const anthropic = port.answer({ type: 'tool_use', id: 'toolu_1', name: 'notes_do_action', input: { action: 'save' } }, { format: 'anthropic' });
  assert.equal(anthropic.tool_use_id, 'toolu_1');
  assert.equal(anthropic.is_error, undefined, 'a refused fire is an answer, not a tool error');
  assert.equal(JSON.parse(anthropic.content).reason, 'PAYLOAD_INVALID');
  const mcp = port.answer({ name: 'notes.nope', arguments: {} });
  assert.equal(mcp.isError, true);
  assert.equal(mcp.structuredContent.reason, 'UNKNOWN_TOOL');
  assert.equal(session.gaps().filter((gap) => gap.kind === 'fire-rejected').length, 1);
  // What a model sends never throws (docs/facts-and-serving.md §9): no id, arguments that are not JSON.
  const noId = port.answer({ function: { name: 'notes_why' } }, { format: 'openai' });
  assert.equal(noId.tool_call_id, '');
  assert.equal(JSON.parse(noId.content).reason, 'CALL_ID_MISSING');
  const notJson = port.answer({ id: 'c', function: { name: 'notes_why', arguments: '{nope' } }, { format: 'openai' });
  assert.equal(notJson.tool_call_id, 'c');
  assert.equal(JSON.parse(notJson.content).reason, 'ARGS_NOT_JSON');
});

test('toolResult wraps a call result for each API, answering the id it is given (or \'\')', () => {
  const { port } = app();
  const result = port.call('notes.whats_here', {});
  assert.deepEqual(port.toolResult(result, { format: 'openai', callId: 'c9' }), { role: 'tool', tool_call_id: 'c9', content: JSON.stringify(result) });
  assert.deepEqual(port.toolResult(result, { format: 'anthropic', callId: 't9' }), { type: 'tool_result', tool_use_id: 't9', content: JSON.stringify(result) });
  assert.equal(port.toolResult(result).structuredContent.facts, result.facts);
  assert.equal(port.toolResult(result, { format: 'openai' }).tool_call_id, '');
  assert.throws(() => port.tools({ format: 'gpt' }), (e) => e.code === 'BAD_ARGUMENT' && /'openai-responses'/.test(e.message));
});

test('exposeToWebMCP registers every tool with execute and read-only hints, and takes them back', async () => {
  const { session, port } = app();
  const registered = new Map();
  const context = {
    registerTool(tool, options) {
      if (registered.has(tool.name)) return Promise.reject(new Error(`duplicate ${tool.name}`));
      registered.set(tool.name, tool);
      options.signal.addEventListener('abort', () => registered.delete(tool.name));
      return Promise.resolve();
    },
  };
  const unregister = g.exposeToWebMCP(port, context);
  await unregister.ready;
  const names = [...registered.keys()];
  assert.deepEqual(names, port.tools().map((t) => t.name));
  for (const name of names) assert.match(name, WEBMCP_NAME);
  const hints = Object.fromEntries(names.map((n) => [n, registered.get(n).annotations.readOnlyHint]));
  assert.deepEqual(Object.entries(hints).filter(([, ro]) => ro).map(([n]) => n).sort(), ['notes.did_it_work', 'notes.whats_here', 'notes.why']);
  const done = registered.get('notes.do_action').execute({ action: 'save', input: { text: 'from the agent' } });
  assert.equal(done.did, 'editor.save');
  assert.match(session.groundTruth().text, /agent fired editor\.save/);
  unregister();
  assert.equal(registered.size, 0, 'aborting the signal took every tool back');
  unregister();

  const second = g.exposeToWebMCP(port, context);
  const again = g.exposeToWebMCP(port, context);
  await assert.rejects(again.ready, /duplicate/);
  second();
});

test('exposeToWebMCP works with unregisterTool-style contexts and refuses a missing one or a non-port', () => {
  const { port } = app();
  const names = new Set();
  const legacy = { registerTool(tool) { names.add(tool.name); }, unregisterTool(name) { names.delete(name); } };
  const off = g.exposeToWebMCP(port, legacy);
  assert.equal(names.size, port.tools().length);
  off();
  assert.equal(names.size, 0);
  assert.throws(() => g.exposeToWebMCP(port), (e) => e.name === 'SessionError' && e.code === 'NO_MODEL_CONTEXT' && /@mcp-b\/webmcp-polyfill/.test(e.message));
  assert.throws(() => g.exposeToWebMCP({ call() {} }, legacy), (e) => e.code === 'NOT_A_PORT');
  const throwing = { registerTool(tool) { if (tool.name.endsWith('why')) throw new TypeError('bad descriptor'); names.add(tool.name); }, unregisterTool(n) { names.delete(n); } };
  assert.throws(() => g.exposeToWebMCP(port, throwing), /bad descriptor/);
  assert.equal(names.size, 0, 'a refused registration takes back the ones made before it');
});
