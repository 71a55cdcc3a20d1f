// Pins the route-table exports as JS sees them (issue 8, deliverable 4): fromReactRouter over real route
// objects (functions, React-element-like objects, cycles through them, throwing getters elsewhere),
// fromSvelteKitRoutes over ids and glob paths, fromRoutes refusing syntax it does not read, and matchRoute.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const gf = require('./helpers/load.cjs');

const isGraphError = (code, ...fragments) => (err) => {
  assert.ok(err instanceof gf.GraphValidationError, `expected a GraphValidationError, got ${err && err.name}: ${err && err.message}`);
  assert.equal(err.code, code, err.message);
  assert.match(err.message, /^groundfacts: /);
  for (const fragment of fragments) assert.ok(err.message.includes(fragment), `${JSON.stringify(fragment)} in ${err.message}`);
  return true;
};

/** Something shaped like a React element: a symbol-tagged object whose owner points back into a tree. */
function element(type, props = {}) {
  const el = { $$typeof: Symbol.for('react.transitional.element'), type, key: null, props, _owner: null, _store: {} };
  el._owner = { child: el, memoizedProps: props }; // a cycle, as a fiber owner would make
  return el;
}

function Layout() { return null; }
function Notes() { return null; }
function Note() { return null; }

const ROUTES = [
  {
    path: '/',
    element: element(Layout),
    errorElement: element('div'),
    loader: async () => ({}),
    children: [
      { index: true, id: 'list', Component: Notes, handle: { does: 'the list of notes', crumb: () => 'Notes' } },
      {
        path: 'notes/:id',
        id: 'note',
        Component: Note,
        lazy: () => import('node:path'),
        children: [{ path: 'edit', id: 'note-edit' }],
      },
      { element: element(Layout), children: [{ path: ':lang?/about', caseSensitive: true }] },
      { path: 'files/*', id: 'files' },
      { path: '*', id: 'missing' },
    ],
  },
];

test('fromReactRouter reads route objects as given to createBrowserRouter, functions and elements untouched', () => {
  let touched = 0;
  const tripwire = {
    path: 'tripwire',
    get element() { touched += 1; throw new Error('element must not be read'); },
    get loader() { touched += 1; throw new Error('loader must not be read'); },
  };
  const source = gf.fromReactRouter([...ROUTES, tripwire], { crossLinks: true });
  assert.equal(touched, 0);
  assert.deepEqual(source, {
    kind: 'routes',
    syntax: 'react-router',
    pages: {
      list: { route: '/', does: 'the list of notes' },
      note: { route: '/notes/:id' },
      'note-edit': { route: '/notes/:id/edit' },
      'lang-about': { route: '/:lang?/about', caseSensitive: true },
      files: { route: '/files/*' },
      missing: { route: '/*' },
      tripwire: { route: '/tripwire' },
    },
    crossLinks: true,
  });
  // A plain snapshot: editing it or the routes later changes nothing already built.
  const graph = gf.buildNavigationGraph('notes', { sources: [source] });
  ROUTES[0].children[1].path = 'changed/:x';
  ROUTES[0].children[1].path = 'notes/:id';
  // React Router's flattening order: a route after its descendants.
  assert.deepEqual(graph.pages(), ['list', 'note-edit', 'note', 'lang-about', 'files', 'missing', 'tripwire']);
  // Only literal routes are linked.
  assert.deepEqual(graph.actionIds(), ['go-to-list', 'go-to-tripwire']);
});

test('matchRoute answers as React Router would', () => {
  const graph = gf.buildNavigationGraph('notes', { sources: [gf.fromReactRouter(ROUTES)] });
  const cases = {
    '/': 'list',
    '/notes/42': 'note',
    '/NOTES/42/': 'note',
    '/notes/42/edit': 'note-edit',
    '/notes/42?tab=text#top': 'note',
    '/about': 'lang-about',
    '/fr/about': 'lang-about',
    '/fr/ABOUT': 'missing',
    '/files': 'files',
    '/files/a/b.pdf': 'files',
    '/notes/a%20b': 'note',
    '/anything/else': 'missing',
  };
  for (const [path, page] of Object.entries(cases)) assert.equal(gf.matchRoute(graph, path), page, path);
});

test('fromReactRouter refuses what it cannot read or name, with a typed error naming the route', () => {
  assert.throws(() => gf.fromReactRouter([{ path: '/notes/[id]' }]), isGraphError('BAD_ROUTE', 'routes[0]', "'/notes/[id]'", 'fromSvelteKitRoutes'));
  assert.throws(() => gf.fromReactRouter([{ path: '/a' }, { path: 'a' }]), isGraphError('DUPLICATE_ID', 'routes[1]', 'routes[0]', '`id`'));
  assert.throws(() => gf.fromReactRouter([{ path: '/sitemap.xml' }]), isGraphError('UNNAMED_ROUTE', "'sitemap.xml'", 'give the route an `id`'));
  assert.throws(() => gf.fromReactRouter([{ path: '/a', children: [{ path: '/b' }] }]), isGraphError('BAD_ROUTE', "'/b'", "'/a'"));
  assert.throws(() => gf.fromReactRouter([{ path: '/n/:id', id: 'n' }], { crossLinks: ['n'] }), isGraphError('PARAM_ROUTE', 'never guessed'));
  assert.throws(() => gf.fromReactRouter({ path: '/' }), isGraphError('BAD_VALUE', 'createBrowserRouter'));
  assert.throws(() => gf.fromReactRouter([{ path: 42 }]), isGraphError('BAD_VALUE', '`path`'));
  assert.throws(() => gf.fromReactRouter([{ path: '/', handle: { does: () => 'x' } }]), isGraphError('BAD_VALUE', 'handle.does'));
  // Hostile input is refused, never a trap that would kill the module.
  const cyclic = { path: 'x', children: [] };
  cyclic.children.push(cyclic);
  assert.throws(() => gf.fromReactRouter([cyclic]), isGraphError('TOO_DEEP'));
  const throwing = { get path() { throw new Error('boom'); } };
  assert.throws(() => gf.fromReactRouter([throwing]), isGraphError('UNSUPPORTED_VALUE', 'routes[0].path'));
  const itemThrows = new Proxy([{ path: '/a' }], { get(target, key) { if (key === '0') throw new Error('nope'); return Reflect.get(target, key); } });
  assert.throws(() => gf.fromReactRouter(itemThrows), isGraphError('UNSUPPORTED_VALUE', 'routes[0]'));
  const proxy = new Proxy([], { get() { throw new Error('nope'); } });
  assert.throws(() => gf.fromReactRouter(proxy), (err) => err instanceof gf.GraphValidationError);
  for (const bad of [null, undefined, 7, 'routes', [null], [7]]) {
    assert.throws(() => gf.fromReactRouter(bad), (err) => err instanceof gf.GraphValidationError, String(bad));
  }
  // The module still works afterwards.
  assert.equal(gf.fromReactRouter([{ path: '/ok', id: 'ok' }]).pages.ok.route, '/ok');
});

test('fromSvelteKitRoutes reads route ids and import.meta.glob keys; matchRoute follows SvelteKit', () => {
  const glob = {
    '/src/routes/+page.svelte': () => null,
    '/src/routes/(app)/notes/+page.svelte': () => null,
    '/src/routes/(app)/notes/[id]/+page.svelte': () => null,
    '/src/routes/(app)/notes/new/+page.svelte': () => null,
    '/src/routes/[[lang]]/about/+page.svelte': () => null,
    '/src/routes/[...rest]/+page.svelte': () => null,
  };
  const source = gf.fromSvelteKitRoutes(Object.keys(glob), { crossLinks: true });
  // The glob object itself reads the same.
  assert.deepEqual(gf.fromSvelteKitRoutes(glob, { crossLinks: true }), source);
  assert.deepEqual(source, {
    kind: 'routes',
    syntax: 'sveltekit',
    pages: {
      home: { route: '/' },
      notes: { route: '/(app)/notes' },
      'notes-id': { route: '/(app)/notes/[id]' },
      'notes-new': { route: '/(app)/notes/new' },
      'lang-about': { route: '/[[lang]]/about' },
      rest: { route: '/[...rest]' },
    },
    crossLinks: true,
  });
  const graph = gf.buildNavigationGraph('notes', { sources: [source] });
  assert.deepEqual(graph.actionIds(), ['go-to-home', 'go-to-notes', 'go-to-notes-new']);
  const cases = { '/': 'home', '/notes': 'notes', '/notes/new': 'notes-new', '/notes/7': 'notes-id', '/about': 'lang-about', '/de/about': 'lang-about', '/a/b/c': 'rest', '/Notes': 'rest' };
  for (const [path, page] of Object.entries(cases)) assert.equal(gf.matchRoute(graph, path), page, path);

  const named = gf.fromSvelteKitRoutes({ list: { route: '/(app)/notes', does: 'all notes' }, item: '/items/[id=integer]', slug: '/items/[slug]' });
  assert.deepEqual(named.pages.list, { route: '/(app)/notes', does: 'all notes' });
  const matched = gf.buildNavigationGraph('m', { sources: [named] });
  assert.equal(gf.matchRoute(matched, '/items/42'), undefined, 'only the app matcher knows');

  assert.throws(() => gf.fromSvelteKitRoutes(['/notes/:id']), isGraphError('BAD_ROUTE', "'/notes/:id'", 'React Router syntax'));
  assert.throws(() => gf.fromSvelteKitRoutes(['/foo-[id]']), isGraphError('BAD_ROUTE', 'foo-[id]'));
  assert.throws(() => gf.fromSvelteKitRoutes({ n: '/n/[id]' }, { crossLinks: ['n'] }), isGraphError('PARAM_ROUTE', "'n'"));
  assert.throws(() => gf.fromSvelteKitRoutes('/x'), isGraphError('BAD_VALUE', 'import.meta.glob'));
});

test('fromRoutes refuses syntax it does not read instead of taking it as a literal', () => {
  for (const route of ['/notes/[id]', '/notes/{id}', '/files/*.pdf', '/a|b']) {
    assert.throws(() => gf.fromRoutes({ note: route }), isGraphError('BAD_ROUTE', "fromRoutes page 'note'", `'${route}'`), route);
  }
  // Before: '/notes/[id]' became a literal page and crossLinks built a link to it.
  assert.throws(
    () => gf.buildNavigationGraph('g', { sources: [{ kind: 'routes', pages: { a: '/a', note: '/notes/[id]' }, crossLinks: true }] }),
    isGraphError('BAD_ROUTE', "'/notes/[id]'"),
  );
  const graph = gf.buildNavigationGraph('g', { sources: [gf.fromRoutes({ a: '/a', opt: '/:lang?/b', all: '/*' }, { crossLinks: true })] });
  assert.deepEqual(graph.actionIds(), ['go-to-a']);
  assert.equal(gf.matchRoute(graph, '/en/b'), 'opt');
});
