// Pins port.turnContext (the record placed where each model API takes it, docs/facts-and-serving.md §10)
// and the port's waits, whenSettled / settledAnswer (docs/facts-and-serving.md §12), through the built package.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const g = require('./helpers/load.cjs');

function app() {
  const graph = g.buildNavigationGraph('notes', { pages: { list: { actions: { add: { does: 'Add a note' }, slow: { does: 'Sync the notes' } } } } });
  const session = g.createSession(graph);
  let finish = () => {};
  session.registerActions('list', {
    handlers: { add: () => {}, slow: () => new Promise((resolve) => { finish = resolve; }) },
  });
  return { session, port: g.serveToAgent(session), finish: () => finish() };
}

test('turnContext: a stable instruction and this moment\'s record, shaped per format', () => {
  const { session, port } = app();
  const shapes = {
    openai: (f) => assert.deepEqual(Object.keys(f), ['role', 'content']),
    'ai-sdk': (f) => assert.equal(f.role, 'user'),
    'openai-responses': (f) => assert.deepEqual([f.type, f.role], ['message', 'user']),
    anthropic: (f) => assert.deepEqual(Object.keys(f), ['type', 'text']),
    mcp: (f) => assert.equal(f.type, 'text'),
  };
  const before = {};
  for (const [format, check] of Object.entries(shapes)) {
    const context = port.turnContext({ format });
    check(context.facts);
    before[format] = context;
    const text = context.facts.content ?? context.facts.text;
    assert.ok(text.includes(session.groundTruth().text), `${format}: the facts block`);
    assert.ok(text.includes(session.contextBrief().text), `${format}: the brief`);
    assert.match(context.system, /authoritative/);
  }
  assert.match(before.openai.system, /notes_whats_here/, 'the provider spelling');
  assert.match(before.mcp.system, /notes\.whats_here/, 'the MCP spelling');
  port.call('notes.do_action', { action: 'add' });
  for (const format of Object.keys(shapes)) {
    const after = port.turnContext({ format });
    assert.equal(after.system, before[format].system, `${format}: the instruction never changes`);
    assert.notDeepEqual(after.facts, before[format].facts, `${format}: the record does`);
  }
  assert.match(port.turnContext({ format: 'anthropic' }).facts.text, /agent fired list\.add/);
  const version = session.groundTruth().version;
  port.turnContext({ format: 'openai' });
  assert.equal(session.groundTruth().version, version, 'a read');
  assert.throws(() => port.turnContext({ format: 'gemini' }), (e) => e.code === 'BAD_ARGUMENT' && /'ai-sdk'/.test(e.message));
});

test('whenSettled resolves when the fire comes to rest; an unknown id rejects', async () => {
  const { port, finish } = app();
  const fired = port.call('notes.do_action', { action: 'slow' });
  assert.notEqual(fired.settlement, 'settled');
  let settled;
  const waiting = port.whenSettled(fired.transitionId).then((s) => (settled = s));
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(settled, undefined, 'still running');
  finish();
  await waiting;
  assert.equal(settled.effectStatus, 'performed');
  await assert.rejects(port.whenSettled('t-nope'), (e) => e.code === 'UNKNOWN_TRANSITION');
  await assert.rejects(port.whenSettled(42), (e) => e.name === 'SessionError');
  port.free();
  assert.throws(() => port.whenSettled(fired.transitionId), (e) => e.code === 'PORT_FREED', 'a freed port throws, as for every method but call');
});

test('settledAnswer answers did_it_work once at rest, in a format; a made-up id at once', async () => {
  const { port, finish } = app();
  const fired = port.call('notes.do_action', { action: 'slow' });
  const plain = port.settledAnswer(fired.transitionId);
  const claude = port.settledAnswer(fired.transitionId, { format: 'anthropic', callId: 'toolu_9' });
  const chat = port.settledAnswer(fired.transitionId, { format: 'openai', callId: 'call_9' });
  let early;
  plain.then((a) => (early = a));
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(early, undefined, 'waits for the fire');
  finish();
  const answer = await plain;
  assert.equal(answer.settled, true);
  assert.equal(answer.effectStatus, 'performed');
  const block = await claude;
  assert.deepEqual([block.type, block.tool_use_id], ['tool_result', 'toolu_9']);
  assert.equal(JSON.parse(block.content).settled, true);
  assert.equal((await chat).tool_call_id, 'call_9');
  const mcp = await port.settledAnswer(fired.transitionId, { format: 'mcp' });
  assert.equal(mcp.structuredContent.settled, true);

  const unknown = await port.settledAnswer('t-made-up');
  assert.equal(unknown.reason, 'UNKNOWN_TRANSITION');
  const notString = await port.settledAnswer(7);
  assert.equal(notString.ok, false);
  assert.throws(() => port.settledAnswer(fired.transitionId, { format: 'openai' }), (e) => e.code === 'BAD_ARGUMENT');
  port.free();
  assert.throws(() => port.settledAnswer(fired.transitionId), (e) => e.code === 'PORT_FREED');
});
