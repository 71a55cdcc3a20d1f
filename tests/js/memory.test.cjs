// Bounded memory through the built package (docs/decisions.md decision 25): the `retain` and
// `maxValueBytes` options are validated, folded attempts are counted in groundTruth(), and values over
// the size limit are refused PAYLOAD_TOO_LARGE as data at every JS door — a 4 MiB input is refused
// without growing wasm memory, and the session still fires afterwards.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');

// Capture the wasm instance the package creates, to read its linear memory.
let instance = null;
const OriginalInstance = WebAssembly.Instance;
WebAssembly.Instance = function CapturingInstance(module, imports) {
  instance = new OriginalInstance(module, imports);
  return instance;
};
const gf = require('./helpers/load.cjs');
WebAssembly.Instance = OriginalInstance;
const { wizardDefinition } = require('./helpers/wizard.cjs');

const memoryBytes = () => instance.exports.memory.buffer.byteLength;
const FOUR_MIB = 'x'.repeat(4 * 1024 * 1024);

function wizard(options = {}) {
  const app = { path: '/projects/new' };
  const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app));
  const state = { 'project.name': '', 'project.recipe': '', 'projects.count': 0 };
  const warnings = [];
  const session = gf.createSession(graph, (href) => { app.path = href; }, {
    node: 'wizard', state, onWarn: (w) => warnings.push(w), ...options,
  });
  session.registerActions('wizard', { handlers: { 'name-it': (input) => { session.updateState({ 'project.name': input.name }); } } });
  return { session, graph, warnings };
}

test('retain and maxValueBytes are validated with a typed error', () => {
  const { graph } = wizard();
  for (const bad of [0, -1, 1.5, NaN, Infinity, 2e6, '10', true]) {
    assert.throws(() => gf.createSession(graph, undefined, { retain: bad }),
      (e) => e instanceof gf.SessionError && e.code === 'BAD_ARGUMENT' && /retain/.test(e.message), `retain ${bad}`);
  }
  for (const bad of [0, -1, 0.5, 1e12, 'big']) {
    assert.throws(() => gf.createSession(graph, undefined, { maxValueBytes: bad }),
      (e) => e instanceof gf.SessionError && e.code === 'BAD_ARGUMENT' && /maxValueBytes/.test(e.message), `maxValueBytes ${bad}`);
  }
  assert.ok(gf.createSession(graph, undefined, { retain: 1, maxValueBytes: 1024 }));
});

test('with retain, the oldest attempts are folded and groundTruth counts them', () => {
  const { session } = wizard({ retain: 4 });
  for (let i = 0; i < 10; i += 1) {
    assert.equal(session.fire('wizard.name-it', { payload: { name: `n${i}` } }).ok, true);
    session.fire('wizard.not-an-action');
  }
  assert.ok(session.transitions().length <= 4);
  assert.ok(session.gaps().length <= 4);
  const lines = session.groundTruth().text.split('\n');
  assert.match(lines[2], /^Attempts so far \(version \d+\):$/);
  const folded = Number(/^ {2}… (\d+) earlier attempt\(s\) were folded into counts/.exec(lines[3])?.[1]);
  const listed = lines.filter((l) => l.startsWith('  • ')).length;
  assert.equal(folded + listed, 20, lines.join('\n'));
  assert.match(session.contextBrief().text, /were folded into counts/);
  assert.match(session.groundTruth({ sinceVersion: 0 }).text, /so attempts since version 0 may be among them/);
});

test('a 4 MiB input is refused PAYLOAD_TOO_LARGE at fire, do_action and a journey step, memory stays flat, and the session still fires', () => {
  const { session } = wizard();
  const port = gf.serveToAgent(session);
  const first = session.fire('wizard.name-it', { payload: { name: FOUR_MIB } });
  assert.equal(first.ok, false);
  assert.equal(first.reason, 'PAYLOAD_TOO_LARGE');
  assert.match(first.issues[0], /65536 bytes/);
  const before = memoryBytes();
  for (let i = 0; i < 50; i += 1) {
    assert.equal(session.fire('wizard.name-it', { payload: { name: FOUR_MIB } }).reason, 'PAYLOAD_TOO_LARGE');
    const viaPort = port.call('wizard.do_action', { action: 'name-it', input: { name: FOUR_MIB } });
    assert.equal(viaPort.ok, false);
    assert.equal(viaPort.reason, 'PAYLOAD_TOO_LARGE');
  }
  const step = port.call('wizard.journey.new-project', { step: 'name-it', input: { name: FOUR_MIB } });
  assert.equal(step.reason, 'PAYLOAD_TOO_LARGE');
  // Not a timing or an exact figure: 101 refusals of 4 MiB each must not have been kept or copied in.
  assert.ok(memoryBytes() - before < 4 * 1024 * 1024, `wasm memory grew ${memoryBytes() - before} bytes`);
  assert.ok(session.gaps().every((g) => g.rejectionReason !== 'PAYLOAD_TOO_LARGE' || g.affordanceId === 'wizard.name-it'));
  assert.match(session.groundTruth().text, /agent's fire of wizard\.name-it was refused: PAYLOAD_TOO_LARGE/);
  assert.equal(session.fire('wizard.name-it', { payload: { name: 'fine' } }).ok, true);
  assert.equal(port.call('wizard.do_action', { action: 'name-it', input: { name: 'fine too' } }).ok, true);
});

test('a big state value is refused as data by updateState and with a typed error by createSession', () => {
  const { session, graph } = wizard();
  const version = session.version;
  const refused = session.updateState({ 'project.name': 'y'.repeat(100_000) });
  assert.equal(refused.ok, false);
  assert.equal(refused.reason, 'PAYLOAD_TOO_LARGE');
  assert.match(refused.issues[0], /project\.name/);
  assert.match(refused.issues[0], /65536 bytes/);
  assert.equal(session.version, version);
  assert.equal(session.state()['project.name'], '');
  // Each value has the budget: two values of 40 KiB are fine.
  assert.equal(session.updateState({ a: 'a'.repeat(40_000), b: 'b'.repeat(40_000) }).ok, true);
  // Multi-byte text is measured in UTF-8 bytes by the core: 30,000 CJK characters are ~90 KB.
  assert.equal(session.updateState({ c: '漢'.repeat(30_000) }).reason, 'PAYLOAD_TOO_LARGE');
  assert.throws(() => gf.createSession(graph, undefined, { state: { blob: FOUR_MIB } }),
    (e) => e instanceof gf.SessionError && e.code === 'PAYLOAD_TOO_LARGE' && /blob/.test(e.message));
  assert.equal(session.fire('wizard.name-it', { payload: { name: 'still fires' } }).ok, true);
});

test('maxValueBytes sets the limit, and texts the session would keep are refused over it', () => {
  const { session } = wizard({ maxValueBytes: 1024 });
  const r = session.fire('wizard.name-it', { payload: { name: 'n'.repeat(2000) } });
  assert.equal(r.reason, 'PAYLOAD_TOO_LARGE');
  assert.match(r.issues[0], /1024 bytes/);
  const long = 'p'.repeat(2000);
  assert.throws(() => session.sync(long), (e) => e instanceof gf.SessionError && e.code === 'PAYLOAD_TOO_LARGE');
  assert.throws(() => session.reportGap(long), (e) => e.code === 'PAYLOAD_TOO_LARGE');
  assert.throws(() => session.confirmAsk('wizard.name-it', { input: { name: long } }), (e) => e.code === 'PAYLOAD_TOO_LARGE');
  assert.equal(session.fire('wizard.name-it', { payload: { name: 'short' } }).ok, true);
});

test('memory stays flat past the retention window', () => {
  const { session } = wizard({ retain: 500 });
  const fill = (n) => {
    for (let i = 0; i < n; i += 1) {
      session.fire('wizard.name-it', { payload: { name: `name ${i}` } });
      session.fire('wizard.not-an-action');
    }
  };
  fill(2_000);
  const at = memoryBytes();
  fill(10_000);
  assert.ok(memoryBytes() - at <= 1024 * 1024, `grew ${memoryBytes() - at} bytes past the window`);
});
