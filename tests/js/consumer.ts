// Pins the public .d.ts from a TypeScript consumer's side: the seed's own code type-checks under
// `strict`, and the results are typed (no `any` leaks: `noImplicitAny` plus the assignments below).
import {
  buildNavigationGraph,
  fromJourneys,
  fromRoutes,
  matchRoute,
  GraphValidationError,
  ReentrancyError,
  SessionError,
  createSession,
  serveToAgent,
  type NavigationGraph,
  type FireResult,
  type FireSettlement,
  type ServeResult,
  type ToolDescription,
  type SessionSnapshot,
  type StatedCondition,
  type Unblocker,
  type ErrorCode,
  type Refusal,
  type ActionList,
  type ServedAction,
} from '../../pkg/groundfacts';

const app = { path: '/projects/new' };

export const ROUTES = {
  projects: { route: '/projects', does: 'the Projects list' },
  wizard: { route: '/projects/new', does: 'the New Project wizard' },
  review: { route: '/projects/new/review', does: 'the Review step' },
} as const;

export const JOURNEYS = {
  'new-project': {
    does: 'Create a project: name it, pick a recipe, review it, create it',
    steps: ['name-it', 'pick-recipe', 'next-to-review', 'create-project'],
  },
} as const;

export const graph: NavigationGraph = buildNavigationGraph('wizard', {
  sources: [fromRoutes(ROUTES, { crossLinks: true }), fromJourneys(JOURNEYS)],
  pages: {
    wizard: {
      actions: {
        'name-it': {
          does: 'Name the project',
          input: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          writes: ['project.name'],
          verify: { 'project.name': { ne: '' } },
        },
        'next-to-review': {
          does: 'Go on to the review step',
          goTo: 'review',
          input: 'none',
          enabledWhen: { 'project.recipe': { ne: '' } },
          verify: () => app.path === '/projects/new/review',
        },
      },
    },
  },
});

const id: string = graph.id;
const pages: string[] = graph.pages();
const actions: string[] = graph.actionIds();
const page: string | undefined = matchRoute(graph, app.path);

try {
  fromRoutes({ project: '/projects/:id' }, { crossLinks: ['project'] });
} catch (err) {
  if (err instanceof GraphValidationError) {
    const code: string = err.code;
    const message: string = err.message;
    void code;
    void message;
  }
}

// The session, wired the seed's way: the app's navigate, its handlers by reference, the two taps.
const store: { 'project.name': string; 'project.recipe': string; 'projects.count': number } = {
  'project.name': '',
  'project.recipe': '',
  'projects.count': 0,
};
const session = createSession(graph, (href) => void (app.path = href), { node: 'wizard', state: store, onWarn: (m) => void m.length });
function nameIt(input: { name: string }): void {
  store['project.name'] = input.name;
  session.updateState(store);
}
const group = session.registerActions('wizard', { handlers: { 'name-it': nameIt } });
group.setEnabled('name-it', true);
session.sync(matchRoute(graph, app.path) ?? app.path);

const fired: FireResult = session.fire('wizard.name-it', { source: 'agent', payload: { name: 'Ion channel screen' } });
if (fired.ok && fired.transitionId) {
  const known: FireSettlement | undefined = session.settlementIfKnown(fired.transitionId);
  void session.settlementOf(fired.transitionId).then((s: FireSettlement) => s.verifyHeld);
  void known;
}
const version: number = session.version;
const node: string = session.node;
const greyed: string[] = session.available().edges.filter((e) => e.enabled === false).map((e) => e.affordanceId);
const factsText: string = session.groundTruth({ sinceVersion: 0, maxAttempts: 20 }).text;
const briefText: string = session.contextBrief().text;
// Why a control is grey, busy marks, already-true fires (docs/session.md §21–§23).
const greyEdge = session.available().edges.find((e) => e.enabled === false);
const waitsOn: { key: string; op: string; expected?: unknown }[] = greyEdge?.blockedBecause ?? [];
const freedBy: { action: string; viaKeys: string[]; running?: boolean }[] = greyEdge?.unblockedBy ?? [];
const unblocks: { action: string; viaKeys: string[]; running?: boolean }[] = session.whatUnblocks('wizard.next-to-review');
const busyLabel: string | undefined = greyEdge?.busy;
group.setBusy('name-it', 'Saving the name');
group.setBusy('name-it', null);
// @ts-expect-error — a label is a string or null
group.setBusy('name-it', 42);
const heldBefore: StatedCondition[] | undefined = fired.alreadyTrue;
const busyRefusal: string | undefined = fired.busy;
const held: Unblocker[] = unblocks;
void [waitsOn, freedBy, busyLabel, heldBefore, busyRefusal, held];

// Once and single-flight (docs/session.md §26): the policy is typed, and so is the prior fire a refusal names.
const onceGraph: NavigationGraph = buildNavigationGraph('booking', {
  pages: {
    book: {
      actions: {
        pay: { does: 'Pay the deposit', input: 'none', writes: ['deposit.paid'], concurrency: 'once' },
        reserve: {
          does: 'Reserve the room',
          confirm: true,
          concurrency: 'single-flight',
          input: { type: 'object', properties: { nights: { type: 'integer', minimum: 1, maximum: 14 } }, required: ['nights'] },
        },
      },
    },
  },
});
// @ts-expect-error — concurrency is one of the declared words
buildNavigationGraph('booking', { pages: { book: { actions: { pay: { does: 'Pay', concurrency: 'twice' } } } } });
const priorFire: string | undefined = fired.priorTransitionId;
const heldBy: Refusal = 'PRIOR_FIRE_PENDING';
const repeated: Refusal = 'DUPLICATE_EXECUTION';
void [onceGraph, priorFire, heldBy, repeated];

// Surviving a reload: a typed snapshot, kept as JSON text, restored from the object or the text.
const kept: SessionSnapshot = session.snapshot();
const keptVersion: number = kept.clock.version;
const keptFormat: 'groundfacts-session' = kept.format;
const keptText: string = JSON.stringify(kept);
const reloaded = createSession(graph, null, { restore: JSON.parse(keptText) as SessionSnapshot, onWarn: (m) => void m.length });
const reloadedFromText = createSession(graph, null, { restore: keptText });
const fresh = createSession(graph, null, { restore: null });
void [keptVersion, keptFormat, reloaded.version, reloadedFromText.groundTruth().text, fresh.version];
// @ts-expect-error — restore takes a snapshot, its text or null
createSession(graph, null, { restore: 42 });

const port = serveToAgent(session);
const tools: ToolDescription[] = port.tools();
const here: ServeResult = port.call('wizard.whats_here', {});
const facts: string | undefined = here.facts;
try {
  session.updateState({ 'project.name': 'x' });
} catch (err) {
  if (err instanceof ReentrancyError) void err.code;
}
// The rest of docs/api.md's session calls, typed as it names them.
const asks: { askId: string; answer?: 'approved' | 'declined' }[] = session.asks();
const ask: string = session.confirmAsk('review.create-project').askId;
session.approve(ask, { by: 'Ana', note: 'fine' });
session.decline(ask, { by: 'Ana' });
session.reportGap('the user wanted a bulk import', { actionsMayBeStale: true });
const work = session.beginWork('wizard.name-it');
const closed: boolean = work.end();
const pendingIds: string[] = session.pending().map((p) => p.id);
const gapKinds: ('fire-rejected' | 'dead-end' | 'reported')[] = session.gaps().map((g) => g.kind);
const inferred: (true | undefined)[] = session.transitions().map((t) => t.cause.inferred);
const journeys: string[] = session.available().journeys.map((j) => j.journeyId);
const committed = session.commitJourney('new-project');
const frameStatus: string | undefined = committed.frame?.status;
const openFrame = session.journeyFrame();
session.leaveJourney();
const briefSince: string = session.contextBrief({ sinceVersion: 1 }).text;
const settledError: string | undefined = session.settlementIfKnown('wizard.name-it#1')?.error?.message;
// Live wiring (decisions 27–29): a change listener, a router push set later (a promise-returning one too),
// a person's own navigation.
const unsubscribe: () => void = session.subscribe(() => void session.groundTruth().text);
unsubscribe();
session.setNavigate((href: string) => Promise.resolve(void (app.path = href)));
session.setNavigate(null);
const moved: boolean = session.sync('review', { principal: 'user' }).changed;
try {
  createSession(session as unknown as NavigationGraph);
} catch (err) {
  if (err instanceof SessionError) void err.code;
}

// The types refuse what the runtime would refuse (if anything here were `any`, these would not error).
// @ts-expect-error — an action's `does` is a string
buildNavigationGraph('bad', { pages: { a: { actions: { b: { does: 1 } } } } });
// @ts-expect-error — fire takes an action id
session.fire(42);
// @ts-expect-error — `source` is a principal
session.fire('wizard.name-it', { source: 'robot' });
// @ts-expect-error — a fire result has no `bogus`
void fired.bogus;
// @ts-expect-error — a listener is a function
session.subscribe('refresh');
// @ts-expect-error — a position report's principal is 'user', 'agent' or 'system'
session.sync('wizard', { principal: 'unknown' });
// @ts-expect-error — navigate takes the href
session.setNavigate((href: number) => href);

group.unregister();
session.free();

void [id, pages, actions, page, version, node, greyed, factsText, briefText, tools, facts, asks, closed, pendingIds, gapKinds, inferred, journeys, frameStatus, openFrame, briefSince, settledError, moved];

// Route tables of real routers (issue 8): React Router route objects as the app writes them (components,
// elements, loaders and unknown fields included), SvelteKit route ids, and both results as sources.
import {
  fromReactRouter,
  fromSvelteKitRoutes,
  type RouteObjectLike,
  type RoutesSource,
  type SvelteKitRouteIds,
} from '../../pkg/groundfacts';

const NoteView = (props: { id: string }): string => props.id;
const routerRoutes = [
  {
    path: '/',
    element: { type: 'div', props: {} },
    loader: async (): Promise<{ notes: string[] }> => ({ notes: [] }),
    children: [
      { index: true, id: 'list', handle: { does: 'the list of notes', crumb: (): string => 'Notes' } },
      { path: 'notes/:id', id: 'note', Component: NoteView, lazy: async () => ({}) },
      { path: '*', id: 'missing', caseSensitive: false },
    ],
  },
];
const reactSource: RoutesSource = fromReactRouter(routerRoutes, { crossLinks: true });
const asLike: readonly RouteObjectLike[] = routerRoutes;
const svelteIds: SvelteKitRouteIds = ['/src/routes/+page.svelte', '/src/routes/(app)/notes/[id]/+page.svelte'];
const svelteSource: RoutesSource = fromSvelteKitRoutes(svelteIds, { crossLinks: ['home'] });
const svelteNamed: RoutesSource = fromSvelteKitRoutes({ list: '/notes', note: { route: '/notes/[id]', does: 'one note' } });
// What import.meta.glob('/src/routes/**/+page.svelte') returns: file path → loader.
const globbed: Record<string, () => Promise<unknown>> = { '/src/routes/+page.svelte': async () => ({}) };
const svelteGlob: RoutesSource = fromSvelteKitRoutes(globbed);
void svelteGlob;
const routerGraph: NavigationGraph = buildNavigationGraph('notes', { sources: [reactSource, fromSvelteKitRoutes([])] });
const routerPage: string | undefined = matchRoute(routerGraph, '/notes/42');
const syntax: 'react-router' | 'sveltekit' | undefined = reactSource.syntax;
const caseSensitive: boolean | undefined = reactSource.pages['list']?.caseSensitive;
// Route objects typed the way React Router declares them (interfaces, an index/non-index union) fit too.
interface RrNonIndexRoute {
  path?: string;
  id?: string;
  index?: false;
  caseSensitive?: boolean;
  handle?: unknown;
  children?: RrRoute[];
  element?: { type: string } | null;
  Component?: ((props: object) => unknown) | null;
  loader?: boolean | ((args: { params: Record<string, string> }) => unknown);
  lazy?: () => Promise<object>;
  unstable_middleware?: (() => void)[];
}
interface RrIndexRoute {
  path?: string;
  id?: string;
  index: true;
  children?: undefined;
  handle?: unknown;
  element?: { type: string } | null;
}
type RrRoute = RrNonIndexRoute | RrIndexRoute;
const typedRoutes: RrRoute[] = [{ path: '/', children: [{ index: true, id: 'home' }, { path: 'notes/:id', loader: () => null }] }];
const typedSource: RoutesSource = fromReactRouter(typedRoutes);
// Written in place, with the fields React Router route objects carry.
const inPlace: RoutesSource = fromReactRouter([
  { path: '/', element: null, errorElement: null, Component: NoteView, loader: async () => null, children: [{ index: true, lazy: async () => ({}) }] },
]);
void [typedSource, inPlace];
// @ts-expect-error — route objects come as an array, as createBrowserRouter takes them
fromReactRouter({ path: '/' });
// @ts-expect-error — a path is a string
fromReactRouter([{ path: 42 }]);
// @ts-expect-error — SvelteKit ids are strings
fromSvelteKitRoutes([42]);
void [asLike, svelteSource, svelteNamed, routerPage, syntax, caseSensitive];

// Where inside the page (the tree API) and how to get there (issue 12).
import type { ContainerDef, RouteHop, WhereInPage, FocusHistory, FocusRecord } from '../../pkg/groundfacts';
const reviewTabs: { readonly [name: string]: ContainerDef } = {
  files: { kind: 'tab', does: 'the uploaded files', containers: { upload: { kind: 'modal', does: 'the upload dialog' } } },
  notes: { kind: 'tab', does: "the reviewer's notes" },
};
const treeGraph: NavigationGraph = buildNavigationGraph('tree', {
  pages: { home: { actions: { open: { does: 'Open the review', goTo: 'review' } } }, review: { containers: reviewTabs } },
});
// @ts-expect-error — a container's kind is one of three words
buildNavigationGraph('bad', { pages: { p: { containers: { x: { kind: 'drawer', does: 'd' } } } } });
const treeSession = createSession(treeGraph);
const hops: RouteHop[] | null = treeSession.howToReach('review');
const firstHop: string | undefined = hops?.[0]?.action;
const notNow: 'hidden' | 'greyed' | undefined = hops?.[0]?.notAvailableNow;
treeSession.sync('review');
treeSession.show('review.files');
treeSession.observeFocus('review.files.upload', { principal: 'agent' });
treeSession.observeFocus('review');
// An option read from something that may be unset passes straight in (exactOptionalPropertyTypes).
const maybeWho: 'user' | undefined = Math.random() > 2 ? 'user' : undefined;
treeSession.observeFocus('review.files', { principal: maybeWho });
const freedHere: Unblocker[] = treeSession.whatUnblocks('home.open');
void freedHere;
treeSession.hide('review.files.upload');
// @ts-expect-error — 'unknown' is not who moves a focus
treeSession.observeFocus('review.files', { principal: 'unknown' });
const where: WhereInPage = treeSession.whereInPage();
const focusNow: string | null = where.focus;
const focusLedger: FocusHistory = treeSession.focusHistory();
const focusRows: FocusRecord[] = focusLedger.rows;
const focusFolded: number = focusLedger.folded;
void [firstHop, notNow, focusNow, focusRows, focusFolded];
// Derived declarations (tsify, docs/decisions.md decision 30), under `exactOptionalPropertyTypes`.
// An option read from a router that may not match passes straight in.
const fromRouter = createSession(graph, null, { node: matchRoute(graph, app.path) });
fromRouter.fire('wizard.name-it', { source: 'user', payload: { name: 'N' } });
fromRouter.updateState({ 'project.name': 'N' }, { transitionId: undefined, principal: 'user' });
// Refusal reasons and error codes are unions of their words.
const refusedWhy: Refusal | undefined = fromRouter.fire('wizard.nope').reason;
// @ts-expect-error — a reason is one of the Refusal words
const notAReason: Refusal = 'NOT_A_REASON';
try {
  buildNavigationGraph('g', { pages: {} });
} catch (err) {
  if (err instanceof GraphValidationError) {
    const code: ErrorCode = err.code;
    void code;
  }
}
// Port results are typed key by key: did_it_work's three axes, the rows of whats_here.
const polled = port.call('wizard.did_it_work', { transitionId: 'wizard.name-it#1' });
const priorOnPort: string | undefined = port.call('wizard.do_action', { action: 'name-it' }).priorTransitionId;
void priorOnPort;
const polledSettled: boolean | undefined = polled.settled;
const polledHeld: boolean | 'unevaluable' | undefined = polled.verifyHeld;
const polledWrites: boolean | undefined = polled.writesObserved;
const polledReason: Refusal | ErrorCode | undefined = polled.reason;
const hereRows: ActionList = here.actions ?? [];
const hereActions: string[] = hereRows.map((row: ServedAction | string) => (typeof row === 'string' ? row : row.action));
// @ts-expect-error — a port result declares every key it can carry, and no other
void here.notAKey;
void [refusedWhy, notAReason, polledSettled, polledHeld, polledWrites, polledReason, hereActions];
// After a module restart (docs/session.md §25): the listener, the rebuilt graph, the marked session.
import { onModuleReset, rebuildGraph, type HistoryLost } from '../../pkg/groundfacts';
const stopResets: () => void = onModuleReset(() => {
  const again: NavigationGraph = rebuildGraph(graph);
  const marked = createSession(again, null, { historyLost: true, restore: null });
  const lostMark: HistoryLost | undefined = marked.snapshot().historyLost;
  const lostAt: number | undefined = lostMark?.atVersion;
  void lostAt;
  void lostMark;
});
stopResets();
// Redaction (docs/session.md §28): `redact` in the definition and the options, `producedFor`'s type.
import { type RedactDef, type JsonValue } from '../../pkg/groundfacts';
const hiddenValues: RedactDef = { keys: ['auth.*'], paths: ['password', 'card.number'] };
const redactedGraph = buildNavigationGraph('vault', { redact: hiddenValues, pages: { p: { route: '/' } } });
const redactedSession = createSession(redactedGraph, null, { redact: { keys: ['user.email'] } });
const producedNow: JsonValue | undefined = redactedSession.producedFor('p.x#0');
// @ts-expect-error — a pattern list is an array of strings
void createSession(redactedGraph, null, { redact: { keys: 'auth.token' } });
void producedNow;
