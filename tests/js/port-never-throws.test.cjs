// Pins decision 34 on the built package (docs/facts-and-serving.md §9): `port.answer`, `port.call` and
// `port.toolResult` never throw on what a model sends. Each malformed call is answered in the caller's
// format with its id; hints name tools as the caller does; a repeated id is not run twice; arguments
// over twice maxValueBytes are PAYLOAD_TOO_LARGE (never "no tool name"). A seeded fuzz drives
// every format with random tool calls (GROUNDFACTS_FUZZ_CASES sets the count, GROUNDFACTS_FUZZ_SEED the
// seed) and checks that nothing throws and every call id is answered by exactly one message.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

const CASES = Number(process.env.GROUNDFACTS_FUZZ_CASES || 400);
const SEED = Number(process.env.GROUNDFACTS_FUZZ_SEED || 20261202) >>> 0;
const FORMATS = ['mcp', 'openai', 'openai-responses', 'anthropic'];

function todo(options = {}) {
  const graph = gf.buildNavigationGraph('todo', {
    pages: {
      list: {
        actions: {
          add: { does: 'Add an item', input: { type: 'object', properties: { text: { type: 'string' } } } },
          save: { does: 'Save the list', writes: ['saved'] },
        },
      },
    },
  });
  const warnings = [];
  const session = gf.createSession(graph, undefined, { state: { saved: false }, onWarn: (m) => warnings.push(m), ...options });
  session.registerActions('list', { handlers: { add: () => {}, save: () => {} } });
  return { session, port: gf.serveToAgent(session), warnings };
}

/** A tool call in `format`'s shape (fields left out when undefined). */
function toolCall(format, id, name, args) {
  const put = (o, k, v) => (v === undefined ? o : Object.assign(o, { [k]: v }));
  const text = (a) => (typeof a === 'string' || a === undefined ? a : JSON.stringify(a));
  switch (format) {
    case 'mcp': return put(put({}, 'name', name), 'arguments', args);
    case 'openai': return put({ type: 'function', function: put(put({}, 'name', name), 'arguments', text(args)) }, 'id', id);
    case 'openai-responses': return put(put(put({ type: 'function_call' }, 'call_id', id), 'name', name), 'arguments', text(args));
    default: return put(put(put({ type: 'tool_use' }, 'id', id), 'name', name), 'input', args);
  }
}

/** The id a message answers and the port result it carries. */
function opened(format, message) {
  switch (format) {
    case 'mcp': return { id: undefined, result: message.structuredContent };
    case 'openai': return { id: message.tool_call_id, result: JSON.parse(message.content) };
    case 'openai-responses': return { id: message.call_id, result: JSON.parse(message.output) };
    default: return { id: message.tool_use_id, result: JSON.parse(message.content) };
  }
}

test('arguments that are not JSON, not an object, or no id: answered with the id, nothing thrown, nothing run', () => {
  const { session, port } = todo();
  const before = session.version;
  const bad = port.answer(toolCall('openai', 'c1', 'todo_do_action', '{"action": ad'), { format: 'openai' });
  assert.equal(bad.tool_call_id, 'c1');
  assert.equal(JSON.parse(bad.content).reason, 'ARGS_NOT_JSON');
  const list = port.answer(toolCall('openai-responses', 'c2', 'todo_do_action', '[1]'), { format: 'openai-responses' });
  assert.equal(list.call_id, 'c2');
  assert.equal(JSON.parse(list.output).reason, 'ARGS_NOT_OBJECT');
  const noId = port.answer(toolCall('anthropic', undefined, 'todo_do_action', { action: 'add' }), { format: 'anthropic' });
  assert.equal(noId.tool_use_id, '');
  assert.equal(JSON.parse(noId.content).reason, 'CALL_ID_MISSING');
  const noName = port.answer({ id: 'c3', type: 'function', function: { arguments: '{}' } }, { format: 'openai' });
  assert.equal(JSON.parse(noName.content).reason, 'UNKNOWN_TOOL');
  for (const odd of [null, undefined, 'a string', 42, [], { id: 7, function: 'x' }]) {
    const message = port.answer(odd, { format: 'openai' });
    assert.equal(message.role, 'tool');
    assert.equal(JSON.parse(message.content).ok, false);
  }
  assert.equal(port.call('todo_do_action', JSON.parse('"add"')).reason, 'ARGS_NOT_OBJECT');
  assert.equal(port.call(42, {}).reason, 'UNKNOWN_TOOL');
  assert.equal(session.version, before, 'nothing ran');
  // toolResult: no callId answers '', a result that is not JSON is replaced, neither throws.
  assert.equal(port.toolResult({ ok: true }, { format: 'openai' }).tool_call_id, '');
  assert.equal(JSON.parse(port.toolResult({ f: () => 1 }, { format: 'anthropic', callId: 't' }).content).reason, 'RESULT_NOT_JSON');
  // Only a programmer's mistake throws: an unknown format, or answer on a freed port.
  assert.throws(() => port.answer({}, { format: 'gemini' }), (e) => e.code === 'BAD_ARGUMENT');
  assert.throws(() => port.toolResult({}, { format: 'gemini' }), (e) => e.code === 'BAD_ARGUMENT');
});

test('hints name tools the way the caller does', () => {
  const { port } = todo();
  const viaOpenAi = JSON.parse(port.answer(toolCall('openai', 'h1', 'todo.nope', {}), { format: 'openai' }).content);
  assert.deepEqual(viaOpenAi.tools, ['todo_whats_here', 'todo_why', 'todo_do_action', 'todo_did_it_work']);
  assert.ok(port.call('todo_nope', {}).tools.every((t) => !t.includes('.')));
  assert.ok(port.call('todo.nope', {}).tools.includes('todo.whats_here'));
  const waiting = JSON.parse(port.answer(toolCall('anthropic', 'h2', 'todo_do_action', { action: 'save' }), { format: 'anthropic' }).content);
  assert.equal(waiting.settleWith.tool, 'todo_did_it_work');
  assert.match(waiting.howToSettle, /todo_did_it_work/);
  assert.equal(port.call('todo.do_action', { action: 'save' }).settleWith.tool, 'todo.did_it_work');
});

test('a repeated id is answered and not run again', () => {
  const { session, port } = todo();
  const call = toolCall('openai', 'same', 'todo_do_action', { action: 'add' });
  assert.equal(JSON.parse(port.answer(call, { format: 'openai' }).content).effectStatus, 'performed');
  const fires = session.transitions().length;
  const again = port.answer(call, { format: 'openai' });
  assert.equal(again.tool_call_id, 'same');
  assert.equal(JSON.parse(again.content).reason, 'CALL_ID_REPEATED');
  assert.equal(session.transitions().length, fires);
});

test('arguments over twice maxValueBytes are PAYLOAD_TOO_LARGE, with the id; an input over the limit is recorded as call records it', () => {
  const { session, port } = todo({ maxValueBytes: 1024 });
  const huge = JSON.stringify({ action: 'add', input: { text: 'x'.repeat(5000) } });
  for (const format of ['openai', 'openai-responses']) {
    const { id, result } = opened(format, port.answer(toolCall(format, `big-${format}`, 'todo_do_action', huge), { format }));
    assert.equal(id, `big-${format}`);
    assert.equal(result.reason, 'PAYLOAD_TOO_LARGE', JSON.stringify(result));
  }
  const gaps = session.gaps().length;
  for (const format of ['mcp', 'anthropic']) {
    const name = format === 'mcp' ? 'todo.do_action' : 'todo_do_action';
    const { result } = opened(format, port.answer(toolCall(format, `in-${format}`, name, JSON.parse(huge)), { format }));
    assert.equal(result.reason, 'PAYLOAD_TOO_LARGE', JSON.stringify(result));
  }
  assert.equal(session.gaps().length, gaps + 2, 'recorded, as port.call records it');
  assert.equal(port.call('todo.do_action', JSON.parse(huge)).reason, 'PAYLOAD_TOO_LARGE');
  assert.equal(session.gaps().length, gaps + 3);
});

test('did_it_work of a fire folded away by retain says it happened', () => {
  const { port } = todo({ retain: 3 });
  const first = port.call('todo.do_action', { action: 'add' });
  for (let i = 0; i < 5; i++) port.call('todo.do_action', { action: 'add' });
  const polled = port.call('todo.did_it_work', { transitionId: first.transitionId });
  assert.equal(polled.judgment, 'folded');
  assert.equal(polled.reason, 'ROW_FOLDED');
  assert.equal(polled.did, 'list.add');
});

/** A small deterministic generator, so a failure names a seed that replays it. */
function generator(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { int, pick: (list) => list[int(list.length)] };
}

test(`fuzz: ${CASES} random tool calls over every format, each id answered exactly once, nothing thrown (seed ${SEED})`, () => {
  const { session, port } = todo({ maxValueBytes: 4096 });
  const rng = generator(SEED);
  const suffixes = ['whats_here', 'do_action', 'did_it_work', 'why', 'nope', '', 'do.action', '\u2028', 'x'.repeat(80)];
  const argsPool = [
    {}, { action: 'add' }, { action: 'save' }, { action: 7 }, { action: 'add', input: { text: 'y'.repeat(6000) } },
    { transitionId: 'list.add#1' }, { key: 'saved' }, [1, 2], '{not json', '[]', null, undefined, 42, 'x'.repeat(9000),
    { action: 'add', confirm: 'yes', input: [1] }, { __proto__: null, action: 'add' }, { action: '\ud800' },
  ];
  const answered = new Map(); // id -> how many messages answered it
  const ran = new Map(); // id -> how many of its calls were run
  for (let i = 0; i < CASES; i++) {
    const format = rng.pick(FORMATS);
    const suffix = rng.pick(suffixes);
    const name = [undefined, `todo.${suffix}`, `todo_${suffix}`, `todo_${suffix}`][rng.int(4)];
    const id = [undefined, `r${rng.int(6)}`, `c${i}`, `c${i}`, 17][rng.int(5)];
    const call = toolCall(format, id, name, rng.pick(argsPool));
    const before = session.transitions().length + session.gaps().length;
    let message;
    assert.doesNotThrow(() => { message = port.answer(call, { format }); }, `case ${i}`);
    const { id: answeredId, result } = opened(format, message);
    assert.equal(typeof result.ok, 'boolean', `case ${i}`);
    if (format === 'mcp') continue;
    const key = typeof id === 'string' ? id : '';
    assert.equal(answeredId, key, `case ${i}: the message answers the call's id`);
    if (key === '') {
      assert.equal(result.reason, 'CALL_ID_MISSING', `case ${i}`);
      continue;
    }
    answered.set(key, (answered.get(key) ?? 0) + 1);
    const grew = session.transitions().length + session.gaps().length > before;
    if (answered.get(key) > 1) {
      assert.equal(result.reason, 'CALL_ID_REPEATED', `case ${i}`);
      assert.ok(!grew, `case ${i}: a repeated id ran`);
    }
    if (grew) ran.set(key, (ran.get(key) ?? 0) + 1);
  }
  for (const [key, runs] of ran) assert.equal(runs, 1, `${key} ran ${runs} times`);
  assert.ok(ran.size > 0, 'some calls were run');
  // The session still works.
  assert.equal(port.call('todo.do_action', { action: 'add' }).effectStatus, 'performed');
});

test("the package README's example of malformed calls runs and prints what its comments say", () => {
  const path = require('path');
  const { codeBlocks, runExample } = require('./helpers/readme.cjs');
  const readme = path.join(__dirname, '..', '..', 'pkg-template', 'README.md');
  const example = codeBlocks(readme, 'js').find((e) => e.heading === "What a model's malformed calls get back");
  assert.ok(example, 'a js example under that heading');
  assert.deepEqual(runExample(example.code, gf), []);
});
