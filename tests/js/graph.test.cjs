// Pins the authoring exports as JS sees them: the seed wizard compiles, and every bad or hostile
// definition is refused with a GraphValidationError (never a RuntimeError that would kill the module).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');
const { ROUTES, buildWizard } = require('./helpers/wizard.cjs');

const isGraphError = (code) => (err) => {
  assert.ok(err instanceof gf.GraphValidationError, `expected a GraphValidationError, got ${err && err.name}: ${err && err.message}`);
  assert.ok(err instanceof Error);
  assert.equal(err.name, 'GraphValidationError');
  assert.equal(typeof err.code, 'string');
  if (code) assert.equal(err.code, code);
  assert.match(err.message, /^groundfacts: /);
  return true;
};

test('the seed wizard compiles with its verify predicate and lists actions in declaration order', () => {
  const graph = buildWizard(gf);
  assert.equal(graph.id, 'wizard');
  assert.deepEqual(graph.pages(), ['projects', 'wizard', 'review']);
  assert.deepEqual(graph.actionIds(), [
    'wizard.name-it',
    'wizard.pick-recipe',
    'wizard.next-to-review',
    'review.create-project',
    'go-to-projects',
    'go-to-wizard',
    'go-to-review',
  ]);
});

test('a graph without cross-links has only the authored actions', () => {
  const graph = buildWizard(gf, undefined, { crossLinks: false });
  assert.deepEqual(graph.actionIds(), ['wizard.name-it', 'wizard.pick-recipe', 'wizard.next-to-review', 'review.create-project']);
});

test('fromRoutes and fromJourneys return plain snapshots usable as sources', () => {
  const routes = gf.fromRoutes(ROUTES, { crossLinks: true });
  assert.equal(routes.kind, 'routes');
  assert.deepEqual(routes.pages.projects, { route: '/projects', does: 'the Projects list' });
  const journeys = gf.fromJourneys({ j: { does: 'J', steps: ['a'] } });
  assert.equal(journeys.kind, 'journeys');
  assert.deepEqual(journeys.journeys.j.steps, ['a']);
});

test('matchRoute resolves the app router path to a page, never guessing', () => {
  const graph = buildWizard(gf);
  assert.equal(gf.matchRoute(graph, '/projects/new/review'), 'review');
  assert.equal(gf.matchRoute(graph, '/projects/new?tab=1'), 'wizard');
  assert.equal(gf.matchRoute(graph, '/nowhere'), undefined);
  assert.throws(() => gf.matchRoute(graph, 42), (err) => err instanceof gf.SessionError && err.code === 'BAD_ARGUMENT');
});

test('an unknown goTo is a GraphValidationError naming the value and the known pages', () => {
  assert.throws(
    () => gf.buildNavigationGraph('g', { pages: { a: { actions: { x: { does: 'X', goTo: 'nowhere' } } } } }),
    (err) => isGraphError('UNKNOWN_GOTO')(err) && /nowhere/.test(err.message),
  );
});

test('naming a param route in crossLinks is refused: params are never guessed', () => {
  assert.throws(
    () => gf.fromRoutes({ project: '/projects/:id' }, { crossLinks: ['project'] }),
    (err) => isGraphError()(err) && /param/i.test(err.message) && /never/i.test(err.message),
  );
});

test('hostile definitions throw GraphValidationError and leave the module usable', () => {
  const cyclic = { pages: { a: { actions: {} } } };
  cyclic.pages.a.actions.self = cyclic;
  let deep = {};
  for (let i = 0; i < 10_000; i += 1) deep = { pages: deep };
  const hostile = {
    'null': null,
    'a number': 42,
    'a string': 'pages',
    'an array': [],
    'a cycle': cyclic,
    'a huge sparse array': { sources: new Array(10_000_000) },
    'a huge dense array': { pages: { a: { actions: { x: { does: 'X', writes: Array.from({ length: 300_000 }, (_, i) => `k${i}`) } } } } },
    'deep nesting': deep,
    'symbol keys': { pages: { a: { [Symbol('s')]: 1, actions: { x: { does: 'X' } } } } },
    'a symbol value': { pages: { a: { actions: { x: { does: Symbol('d') } } } } },
    'a bigint': { pages: { a: { actions: { x: { does: 'X', confirm: 10n } } } } },
    'a Date instance': { pages: { a: { route: new Date(0) } } },
    'a throwing getter': { pages: { get a() { throw new Error('getter'); } } },
    'a throwing proxy': new Proxy({}, { ownKeys() { throw new Error('proxy'); } }),
  };
  for (const [label, def] of Object.entries(hostile)) {
    assert.throws(() => gf.buildNavigationGraph('g', def), isGraphError(), `definition: ${label}`);
  }
  for (const id of [null, undefined, 42, {}, '']) {
    assert.throws(() => gf.buildNavigationGraph(id, { pages: { a: {} } }), isGraphError(), `id: ${String(id)}`);
  }
  for (const routes of [null, 42, 'x', [], { a: 42 }, { a: { route: '/a', tools: {} } }, cyclic]) {
    assert.throws(() => gf.fromRoutes(routes), isGraphError(), `routes: ${String(routes)}`);
  }
  for (const journeys of [null, 42, { j: { does: 'J', steps: 'a' } }, cyclic]) {
    assert.throws(() => gf.fromJourneys(journeys), isGraphError(), `journeys: ${String(journeys)}`);
  }
  // Still alive: nothing above trapped the module.
  assert.equal(buildWizard(gf).actionIds().length, 7);
});
