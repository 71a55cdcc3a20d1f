// A member named `__proto__` in app data must come back as an own member wherever the package hands
// data out, as `JSON.parse` makes it — never as the returned object's prototype (which silently drops
// the member). Results and ledgers leave by `JSON.parse` of serde_json text, and the JS-built
// results and the walker's copies set that key as an own member (docs/boundary.md, "A member named
// `__proto__`"). Each case loads a fresh instance of the built package, so no earlier value can
// have shaped what it returns.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const { wizardDefinition } = require('./helpers/wizard.cjs');

const PKG = path.resolve(process.env.GROUNDFACTS_NODE_PKG || path.join(__dirname, '..', '..', 'pkg'));

/** A fresh instance of the package: its wasm and its JS snippets loaded anew. */
function fresh() {
  for (const key of Object.keys(require.cache)) {
    if (key.startsWith(PKG + path.sep)) delete require.cache[key];
  }
  return require(PKG);
}

const PROTO = '{"__proto__":{"x":1},"a":2}';
const proto = () => JSON.parse(PROTO);

/** Every object in `value` is a plain object or an array (no member became a prototype). */
function plainThroughout(value, where) {
  if (value === null || typeof value !== 'object') return;
  const p = Object.getPrototypeOf(value);
  assert.ok(p === Object.prototype || p === Array.prototype, `${where}: an object whose prototype is ${JSON.stringify(p)}`);
  for (const key of Object.keys(value)) plainThroughout(value[key], `${where}.${key}`);
}

/** `value` holds an own `__proto__` member equal to `{ x: 1 }`, next to `a: 2`. */
function ownProto(value, where) {
  assert.ok(value !== null && typeof value === 'object', `${where}: an object`);
  assert.equal(Object.getPrototypeOf(value), Object.prototype, `${where}: a plain object`);
  assert.ok(Object.hasOwn(value, '__proto__'), `${where}: __proto__ is an own member`);
  assert.deepEqual(Object.keys(value), ['__proto__', 'a'], `${where}: keys`);
  assert.equal(JSON.stringify(value), PROTO, `${where}: as sent`);
}

function wizard(gf, options = {}) {
  const app = { path: '/projects/new' };
  const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app));
  const session = gf.createSession(graph, (href) => { app.path = href; }, {
    node: 'wizard', state: { 'project.name': '', 'project.recipe': '', 'projects.count': 0 }, onWarn: () => {}, ...options,
  });
  return { gf, graph, session, app };
}

test('a fire\'s payload: transitions() keeps __proto__ an own member, top level and nested', () => {
  const { session } = wizard(fresh());
  session.registerActions('wizard', { handlers: { 'name-it': () => {} } });
  const payload = JSON.parse(`{"name":"p","top":${PROTO},"list":[${PROTO}],"deep":{"in":${PROTO}}}`);
  payload.self = proto();
  const fired = session.fire('wizard.name-it', { payload: Object.assign(proto(), { name: 'p' }) });
  assert.equal(fired.ok, true, JSON.stringify(fired));
  assert.equal(session.fire('wizard.name-it', { payload }).ok, true);
  const rows = session.transitions();
  plainThroughout(rows, 'transitions()');
  const [first, second] = rows.filter((t) => t.cause.kind === 'fired');
  assert.ok(Object.hasOwn(first.payload, '__proto__'));
  assert.deepEqual(first.payload.__proto__, { x: 1 });
  assert.equal(Object.getPrototypeOf(first.payload), Object.prototype);
  ownProto(second.payload.top, 'payload.top');
  ownProto(second.payload.list[0], 'payload.list[0]');
  ownProto(second.payload.deep.in, 'payload.deep.in');
  ownProto(second.payload.self, 'payload.self');
  plainThroughout(session.snapshot(), 'snapshot()');
  plainThroughout(session.pending(), 'pending()');
});

test('state reported through updateState: the ledgers, state() and snapshot() keep __proto__ own', async () => {
  const { session } = wizard(fresh());
  session.registerActions('wizard', {
    handlers: { 'name-it': () => { session.updateState({ 'project.name': 'p', extra: { held: proto() } }); } },
  });
  assert.equal(session.fire('wizard.name-it', { payload: { name: 'p' } }).ok, true);
  const outside = session.updateState({ deeper: [{ held: proto() }] });
  plainThroughout(outside, 'updateState result');
  plainThroughout(session.transitions(), 'transitions()');
  plainThroughout(session.gaps(), 'gaps()');
  ownProto(session.state().extra.held, 'state().extra.held');
  ownProto(session.state().deeper[0].held, 'state().deeper[0].held');
  const snap = session.snapshot();
  plainThroughout(snap, 'snapshot()');
  assert.ok(JSON.stringify(snap).includes('"__proto__":{"x":1}'), 'the snapshot holds the member');
});

test('a handler\'s result: produced in transitions() and the settlement keep __proto__ own', async () => {
  const { session } = wizard(fresh());
  session.registerActions('wizard', {
    handlers: { 'name-it': () => { session.updateState({ 'project.name': 'p' }); return { made: proto() }; } },
  });
  const fired = session.fire('wizard.name-it', { payload: { name: 'p' } });
  assert.equal(fired.ok, true, JSON.stringify(fired));
  const row = session.transitions().find((t) => t.id === fired.transitionId);
  plainThroughout(row, 'the row');
  ownProto(row.produced.made, 'produced.made');
  const settled = await session.settlementOf(fired.transitionId);
  plainThroughout(settled, 'settlementOf');
  ownProto(settled.data.made, 'settlement data');
});

test('an authored threshold: a refused fire\'s evidence and gaps() keep __proto__ own', () => {
  const gf = fresh();
  const app = { path: '/projects/new' };
  const def = wizardDefinition(gf, app);
  def.pages.wizard.actions['pick-recipe'].when = { 'project.name': { eq: proto() } };
  const graph = gf.buildNavigationGraph('wizard', def);
  const session = gf.createSession(graph, () => {}, { node: 'wizard', state: { 'project.name': '' }, onWarn: () => {} });
  session.registerActions('wizard', { handlers: { 'pick-recipe': () => {} } });
  const refused = session.fire('wizard.pick-recipe', { payload: { recipe: 'r' } });
  assert.equal(refused.ok, false);
  plainThroughout(refused, 'the refused fire');
  const evidence = refused.evidence.find((e) => e.key === 'project.name');
  ownProto(evidence.threshold, 'the refusal\'s threshold');
  const gaps = session.gaps();
  plainThroughout(gaps, 'gaps()');
  ownProto(gaps.at(-1).evidence.find((e) => e.key === 'project.name').threshold, 'the gap\'s threshold');
});

test('a session restored from snapshot text keeps __proto__ own in its ledgers', () => {
  const first = wizard(fresh());
  first.session.registerActions('wizard', { handlers: { 'name-it': () => { first.session.updateState({ 'project.name': 'p' }); return proto(); } } });
  assert.equal(first.session.fire('wizard.name-it', { payload: JSON.parse(`{"name":"p","in":${PROTO}}`) }).ok, true);
  const text = JSON.stringify(first.session.snapshot());
  assert.ok(text.includes('"__proto__"'));
  // A new instance, which has seen no `__proto__` key, restoring from the text.
  const { session } = wizard(fresh(), { restore: text });
  const rows = session.transitions();
  plainThroughout(rows, 'transitions() after restore');
  const row = rows.find((t) => t.cause.kind === 'fired');
  ownProto(row.payload.in, 'restored payload.in');
  ownProto(row.produced, 'restored produced');
  // The same key spelled with an escape, which JSON allows.
  const escaped = text.replaceAll('"__proto__"', '"\\u005f_proto__"');
  assert.ok(!escaped.includes('__proto__'));
  const again = wizard(fresh(), { restore: escaped }).session;
  const rows2 = again.transitions();
  plainThroughout(rows2, 'transitions() after restoring the escaped text');
  ownProto(rows2.find((t) => t.cause.kind === 'fired').payload.in, 'restored (escaped) payload.in');
});

test('the port, WebMCP, asks and the other reads hand a __proto__ member out as its own', async () => {
  const gf = fresh();
  const app = { path: '/projects/new' };
  const def = wizardDefinition(gf, app);
  def.pages.wizard.actions['name-it'].input = { type: 'object' };
  def.pages.wizard.actions.send = { does: 'Send it', confirm: true, input: { type: 'object' } };
  const graph = gf.buildNavigationGraph('wizard', def);
  const session = gf.createSession(graph, (href) => { app.path = href; }, {
    node: 'wizard', state: { 'project.name': '', held: proto() }, onWarn: () => {},
  });
  session.registerActions('wizard', {
    handlers: { 'name-it': (input) => { session.updateState({ 'project.name': 'p', more: input.more }); return { made: proto() }; } },
  });
  session.registerActions('wizard', { handlers: { send: () => proto() } });
  const port = gf.serveToAgent(session);
  const results = [];
  const did = port.call('wizard.do_action', { action: 'wizard.name-it', input: JSON.parse(`{"name":"p","more":${PROTO}}`) });
  results.push(['do_action', did]);
  assert.equal(did.ok, true, JSON.stringify(did));
  results.push(['did_it_work', port.call('wizard.did_it_work', { transitionId: did.transitionId })]);
  results.push(['why', port.call('wizard.why', { key: 'project.name' })]);
  results.push(['whats_here', port.call('wizard.whats_here', {})]);
  results.push(['answer', port.answer({ id: 'c', type: 'function', function: { name: 'wizard_why', arguments: '{"key":"more"}' } }, { format: 'openai' })]);
  results.push(['settlementIfKnown', session.settlementIfKnown(did.transitionId)]);
  results.push(['available()', session.available()]);
  results.push(['state()', session.state()]);
  results.push(['transitions()', session.transitions()]);
  results.push(['gaps()', session.gaps()]);
  results.push(['snapshot()', session.snapshot()]);
  // A high-effect action: the ask's card, then the confirmed fire.
  const asked = port.call('wizard.do_action', { action: 'wizard.send', input: JSON.parse(`{"to":${PROTO}}`) });
  results.push(['the ask', asked]);
  assert.equal(asked.judgment, 'needs-confirm', JSON.stringify(asked));
  results.push(['asks()', session.asks()]);
  const sent = port.call('wizard.do_action', { action: 'wizard.send', input: JSON.parse(`{"to":${PROTO}}`), confirm: true });
  results.push(['the confirmed ask', sent]);
  results.push(['asks() after', session.asks()]);
  // WebMCP: a model context that keeps the tools, then one tool called as an agent would.
  const tools = new Map();
  const modelContext = { registerTool: (tool) => { tools.set(tool.name, tool); }, unregisterTool: (name) => { tools.delete(name); } };
  const unregister = gf.exposeToWebMCP(port, modelContext);
  await unregister.ready;
  results.push(['WebMCP did_it_work', await tools.get('wizard.did_it_work').execute({ transitionId: did.transitionId })]);
  results.push(['WebMCP why', await tools.get('wizard.why').execute({ key: 'more' })]);
  unregister();
  for (const [where, value] of results) plainThroughout(value, where);
  ownProto(session.state().held, 'state().held');
  ownProto(session.state().more, 'state().more');
  ownProto(session.transitions().find((t) => t.id === did.transitionId).payload.more, 'the row\'s payload.more');
  ownProto(session.transitions().find((t) => t.id === did.transitionId).produced.made, 'the row\'s produced.made');
  ownProto(session.settlementIfKnown(did.transitionId).data.made, 'settlementIfKnown data');
  const text = JSON.stringify(results);
  assert.ok(text.split('"__proto__":{"x":1}').length > 8, 'the member shows in the results');
});
