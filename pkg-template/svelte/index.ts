/**
 * groundfacts/svelte — the Svelte binding of the groundfacts session.
 *
 * - Readable stores over a session: `groundTruth`, `contextBrief`, `available`, `asks`, `whereInPage`, and
 *   `fromSession` for any other read. They re-read on `session.subscribe` (docs/decisions.md
 *   "decision 29"), never by polling, and accept a missing session: during SSR, or before the
 *   browser has made one, a store holds its empty value (`undefined`, or `[]` for asks).
 * - Mount-scoped registration: the `use:registerActions` action and the `{@attach attachActions(…)}`
 *   attachment (Svelte ≥ 5.29) register a page's handlers and live actions when the element mounts,
 *   re-register when the parameter changes, and unregister when it is destroyed.
 * - The one door for a person's control (action.ts, docs/session.md §33): `use:groundfactsAction` and
 *   `actionState(session, id)` fire as the person and show `enabled`, `busy` and the greyed reason.
 * - `reportState`: the store tap — a Svelte store's every value, projected, goes to `updateState`.
 * - `connectSvelteKit`: SvelteKit's `goto` becomes the session's navigate (`setNavigate`), and every
 *   `afterNavigate` is reported with `sync(page, { principal: 'user' })` (decisions 27 and 28).
 * - `createPersistedSession`: `createSession` that keeps the record in `sessionStorage` (the core's
 *   `session.snapshot()` written on every change, handed back as `restore` on the next load), so a
 *   reload continues the record; a refused or unreadable snapshot warns and starts fresh.
 *
 * - `liveSession`: a store of the session that outlives a module restart (a trap, `MODULE_RESET`,
 *   docs/session.md §24–25): after one it builds the graph again (`rebuildGraph`) and a new session
 *   with `historyLost: true` (from the persisted record when `persist` is given), shows again the
 *   containers and focus the old one last reported, and hands the new session to its subscribers.
 *   Every helper here takes it where it takes a session, and follows it: stores re-read, registrations
 *   re-register (enabled and busy included), the store tap reports the app's state again, and the
 *   SvelteKit wiring re-wires navigate and re-syncs the current route.
 *
 * `createPersistedSession` lives in persist.ts; `hashPath`, `connectHashRouter` and the runes tap
 * `reportingHandlers` in routers.ts; both re-exported here.
 *
 * Loading (docs/loading.md): the core is reached through `groundfacts/load`, never the top-level-await
 * entry, so importing this module holds no page back. `liveSession` takes a graph or a recipe
 * (`(gf) => gf.buildNavigationGraph(…)`) and, while the module loads in the browser, holds null (every
 * helper here treats that as "no session yet") until the session exists. The stores, actions and
 * wiring never make a session, on the server or anywhere (docs/session.md §31).
 *
 * Uses the core package (`groundfacts/load`) and `svelte/store`; it imports nothing from SvelteKit (the
 * app passes `goto` and `afterNavigate` in) and no component lifecycle, so it loads on the server as
 * in the browser. Built to `pkg/svelte/index.js` + `.d.ts` and exported as `groundfacts/svelte`.
 */

import type {
  ActionGroup,
  Available,
  AskStatus,
  Checked,
  ContextBrief,
  ContextBriefOptions,
  GroundTruthOptions,
  HandlersFor,
  NavigationGraph,
  PageArg,
  RegisterActionsSpec,
  RegisteredGraph,
  RenderedBlock,
  Session,
  SessionOptions,
  WhereInPage,
} from 'groundfacts';
import { loadGroundfacts, loadedGroundfacts, type GroundfactsModule } from 'groundfacts/load';
import { readable, type Readable } from 'svelte/store';
import { createPersistedSession, type PersistOptions } from './persist.js';

export { createPersistedSession, type PersistOptions, type StorageLike } from './persist.js';
export { connectHashRouter, hashPath, reportingHandlers, type HashRouterOptions, type HashTarget } from './routers.js';
export { actionState, groundfactsAction, type ActionState, type ActionView, type RunInput } from './action.js';
export type { GroundfactsActionParameter, GroundfactsActionReturn } from './action.js';

/** A session, or none yet: on the server, and in the browser before the app has created it. */
export type MaybeSession = Session | null | undefined;

/**
 * A session that outlives module restarts (`liveSession`): a Svelte store whose value is the session
 * now, replaced after each restart of the module that follows a trap (docs/session.md §25).
 */
export interface LiveSession extends Readable<Session | null> {
  /** The session now (a new one after each module restart); null while the module loads. */
  readonly current: Session | null;
  /** The graph `current` walks (built again after each module restart); null while the module loads. */
  readonly graph: NavigationGraph | null;
  /** Module restarts this store has been through. */
  readonly restarts: number;
  /** Stop following restarts and free the current session. */
  destroy(): void;
}

/** What every helper here takes: a session, none yet, or a `liveSession()` it follows across restarts. */
export type SessionSource = MaybeSession | LiveSession;

const lives = new WeakSet<object>();

function isLive(source: SessionSource): source is LiveSession {
  return typeof source === 'object' && source !== null && lives.has(source);
}

/** The session a source stands for now (./action.ts reads it too). */
export function sessionOf(source: SessionSource): Session | undefined {
  if (isLive(source)) return source.current ?? undefined;
  return source ?? undefined;
}

/** A graph built when the module is there (`liveSession` calls it once per realm with the module). */
export type GraphRecipe = (gf: GroundfactsModule) => NavigationGraph;

const recipes = new WeakMap<GraphRecipe, NavigationGraph>();
function resolveGraph(core: GroundfactsModule, source: NavigationGraph | GraphRecipe): NavigationGraph {
  if (typeof source !== 'function') return source;
  const known = recipes.get(source);
  if (known !== undefined) return known;
  const built = source(core);
  recipes.set(source, built);
  return built;
}

/** The loaded core, for a function called with a session or graph (which exist only once it is loaded). */
function loadedCore(): GroundfactsModule {
  const core = loadedGroundfacts();
  if (core === null) {
    throw new Error('groundfacts: the module is not loaded yet, so there is no session or graph to use here; call this once loadGroundfacts() (groundfacts/load) has resolved.');
  }
  return core;
}

/**
 * Runs `start` with the source's session now and, for a live one, again with each new session after
 * a module restart (the previous run's cleanup first). Returns the function that stops it all.
 */
function follow(source: SessionSource, start: (session: Session) => (() => void) | void): () => void {
  let cleanup: (() => void) | void = undefined;
  const run = (session: Session | null | undefined): void => {
    if (cleanup) cleanup();
    cleanup = session ? start(session) : undefined;
  };
  if (!isLive(source)) {
    run(sessionOf(source));
    return () => run(undefined);
  }
  const stop = source.subscribe((session) => run(session));
  return () => {
    stop();
    run(undefined);
  };
}

/**
 * Calls `after(session)` for each new session a live source gets after a restart, and for the first
 * one when it arrives after the module loaded (never for a session the caller already had).
 */
function afterRestart(source: SessionSource, after: (session: Session) => void): () => void {
  if (!isLive(source)) return () => {};
  let first = true;
  return source.subscribe((session) => {
    const had = first && session !== null;
    first = false;
    if (had || session === null) return;
    after(session);
  });
}

/** True for the error every call on an object from before a module restart throws. */
function isModuleReset(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'MODULE_RESET';
}

/**
 * Shows again, in a session made after a module restart, the containers and focus the lost session
 * last reported — when it stands on the same page (a path the graph no longer has is skipped).
 */
function replayPlace(session: Session, place: WhereInPage): void {
  if (place.page !== session.node) return;
  for (const path of place.visible) {
    try {
      session.show(path);
    } catch {
      // not a container of this graph any more
    }
  }
  if (place.focus !== null) {
    try {
      session.observeFocus(place.focus);
    } catch {
      // idem
    }
  }
}

/**
 * `createSession(graph, navigate, options)` — or `createPersistedSession(…, persist)` when `persist` is
 * given — as a store that outlives module restarts (docs/session.md §25). After a trap restarts the
 * module (every call on the old session throws SessionError `MODULE_RESET`), it builds the graph
 * again from the same definition (`rebuildGraph`), makes a new session from the same arguments with
 * `historyLost: true` (so its facts block says that earlier attempts may be missing, instead of
 * claiming none happened), on the page the old one was on — continuing from the persisted record
 * when there is one — shows again the containers and focus the old one last reported, and then hands
 * the new session to its subscribers, before the MODULE_RESET error reaches the app's `catch`.
 * Pass it to this module's helpers in place of a session; read `.current` (or `$live`) for the session now.
 * `graph` may be a recipe `(gf) => gf.buildNavigationGraph(…)`, built once the module is loaded. While
 * the module loads in the browser, and always on a server (no `window`: a server render makes no
 * session, docs/session.md §31), `.current` is null. `destroy()` stops it.
 */
export function liveSession(
  graph: NavigationGraph | GraphRecipe,
  navigate: ((href: string) => unknown) | null | undefined,
  options?: SessionOptions,
  persist?: PersistOptions,
): LiveSession {
  let first: NavigationGraph | null = null;
  let built: NavigationGraph | null = null;
  let restarts = 0;
  let place: WhereInPage | null = null;
  let destroyed = false;
  const runs = new Set<(session: Session | null) => void>();
  const make = (core: GroundfactsModule): Session => {
    first ??= resolveGraph(core, graph);
    built ??= first;
    let made = options;
    if (restarts > 0) {
      built = core.rebuildGraph(first);
      made = { ...options, historyLost: true };
      // The page the lost session was on, when the graph has it (a persisted record knows its own).
      if (place !== null && built.pages().includes(place.page)) made.node = place.page;
    }
    const session = persist ? createPersistedSession(built, navigate, made, persist) : core.createSession(built, navigate, made);
    if (restarts > 0 && place !== null) replayPlace(session, place);
    // Remember the reader's place after every change: after a trap the old session cannot be asked.
    place = session.whereInPage();
    session.subscribe(() => {
      try {
        place = session.whereInPage();
      } catch {
        // a session retired by a restart: the last place read stays
      }
    });
    return session;
  };
  let current: Session | null = null;
  let stop = (): void => {};
  const start = (core: GroundfactsModule): void => {
    current = make(core);
    stop = core.onModuleReset(() => {
      restarts += 1;
      current = make(core);
      for (const run of [...runs]) run(current);
    });
  };
  // On a server (no `window`): no session at all, so a server render leaves nothing behind
  // (docs/session.md §31). Loaded: the session now. In a browser still loading the module: null until
  // it is there (docs/loading.md), then the session, handed to the subscribers.
  const loaded = loadedGroundfacts();
  if (typeof window === 'undefined') {
    // the server: the helpers render their empty values
  } else if (loaded !== null) start(loaded);
  else {
    loadGroundfacts().then(
      (core) => {
        if (destroyed) return;
        start(core);
        for (const run of [...runs]) run(current);
      },
      () => {
        // the module could not be loaded: no session (groundfactsLoadError() says why)
      },
    );
  }
  const live: LiveSession = {
    get current() {
      return current;
    },
    get graph() {
      return built;
    },
    get restarts() {
      return restarts;
    },
    subscribe(run: (session: Session | null) => void) {
      const entry = (session: Session | null): void => run(session);
      runs.add(entry);
      entry(current);
      return () => {
        runs.delete(entry);
      };
    },
    destroy() {
      destroyed = true;
      stop();
      runs.clear();
      current?.free();
    },
  };
  lives.add(live);
  return live;
}

/**
 * A store of `read(session)`, re-read after every change the session reports through
 * `session.subscribe`; `empty` while there is no session. `same` (default `Object.is`) decides when
 * a re-read is news; the store only notifies its subscribers then.
 */
export function fromSession<T>(
  session: SessionSource,
  read: (session: Session) => T,
  empty: T,
  same: (previous: T, next: T) => boolean = Object.is,
): Readable<T> {
  if (!session) return readable(empty);
  // A live source: re-read from each new session after a module restart (docs/session.md §25).
  return readable(empty, (set) =>
    follow(session, (now) => {
      let last = read(now);
      set(last);
      return now.subscribe(() => {
        const next = read(now);
        if (same(last, next)) return;
        last = next;
        set(next);
      });
    }),
  );
}

const sameBlock = (a: RenderedBlock | undefined, b: RenderedBlock | undefined): boolean =>
  a?.text === b?.text && a?.version === b?.version && a?.node === b?.node;
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sameOffer = (a: Available | undefined, b: Available | undefined): boolean =>
  a?.node === b?.node && sameJson(a?.edges, b?.edges) && sameJson(a?.journeys, b?.journeys);

/** The facts block (`session.groundTruth(options)`) as a store; `undefined` without a session. */
export function groundTruth(session: SessionSource, options?: GroundTruthOptions): Readable<RenderedBlock | undefined> {
  return fromSession<RenderedBlock | undefined>(session, (s) => s.groundTruth(options), undefined, sameBlock);
}

/** The brief (`session.contextBrief(options)`) as a store; `undefined` without a session. */
export function contextBrief(session: SessionSource, options?: ContextBriefOptions): Readable<ContextBrief | undefined> {
  return fromSession<ContextBrief | undefined>(session, (s) => s.contextBrief(options), undefined, sameBlock);
}

/**
 * What is on offer here, now (`session.available()`) as a store; `undefined` without a session. It
 * notifies when the page, the actions or the journeys on offer change, not on every version bump:
 * its `version` is the one at which the offer last changed.
 */
export function available(session: SessionSource): Readable<Available | undefined> {
  return fromSession<Available | undefined>(session, (s) => s.available(), undefined, sameOffer);
}

/** The human's asks (`session.asks()`) as a store; `[]` without a session. */
export function asks(session: SessionSource): Readable<AskStatus[]> {
  return fromSession<AskStatus[]>(session, (s) => s.asks(), [], sameJson);
}

/**
 * Where inside the page the reader is (`session.whereInPage()`: the page, the focused container path,
 * the visible containers) as a store; `undefined` without a session. Notifies when any of them changes.
 */
export function whereInPage(session: SessionSource): Readable<WhereInPage | undefined> {
  return fromSession<WhereInPage | undefined>(session, (s) => s.whereInPage(), undefined, sameJson);
}

/**
 * What `use:registerActions` and `attachActions` take: the session, the page, and the spec. With the
 * app's graph registered (`interface Register`, docs/graph.md §14), `handlers` takes only page `P`'s
 * action names and types each handler's input from its action's `input` schema.
 */
export interface ActionsParameter<P extends string = string> extends Omit<RegisterActionsSpec, 'handlers'> {
  handlers?: HandlersFor<RegisteredGraph, P>;
  /**
   * Nothing is registered while there is no session; it registers once the parameter has one. A
   * `liveSession()` is followed: after a module restart the spec is registered in the new session.
   */
  session: SessionSource;
  /** The page id the actions live on (a literal is checked against the registered graph's pages). */
  page: Checked<P, PageArg<RegisteredGraph>>;
  /**
   * Busy marks in the app's own words (`group.setBusy`, docs/session.md §22): a name mapped to a
   * string is busy with that sentence, to `null` (or left out) is not. Changing only this (or
   * `enabled`) updates the live group without re-registering.
   */
  busy?: { readonly [name: string]: string | null } | undefined;
}

/** Svelte's action contract (`svelte/action`), spelled out so this file needs no Svelte types. */
export interface ActionsActionReturn {
  update(parameter: ActionsParameter): void;
  destroy(): void;
}

function register(parameter: ActionsParameter): ActionGroup | undefined {
  const { page, handlers, actions, enabled, instance } = parameter;
  const session = sessionOf(parameter.session);
  if (!session) return undefined;
  const spec: RegisterActionsSpec = {};
  if (handlers) spec.handlers = handlers;
  if (actions) spec.actions = actions;
  if (enabled) spec.enabled = enabled;
  // A list row registers its own instance (docs/session.md §34).
  if (instance) spec.instance = instance;
  const group = session.registerActions(page, spec);
  applyBusy(group, undefined, parameter.busy);
  return group;
}

/** Bring the group's busy marks from `before` to `after` (a new group starts with none). */
function applyBusy(group: ActionGroup, before: ActionsParameter['busy'], after: ActionsParameter['busy']): void {
  for (const name of Object.keys(before ?? {})) {
    if (typeof before?.[name] === 'string' && typeof after?.[name] !== 'string') group.setBusy(name, null);
  }
  for (const [name, label] of Object.entries(after ?? {})) {
    if (typeof label === 'string' && before?.[name] !== label) group.setBusy(name, label);
  }
}

function release(group: ActionGroup | undefined): void {
  if (!group) return;
  group.unregister();
  group.free();
}

/** Both absent, or the same keys holding the very same values (an inline `{ save }` is stable). */
function sameEntries(a: { readonly [key: string]: unknown } | undefined, b: { readonly [key: string]: unknown } | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

/** True when only `enabled` or `busy` differs, so the live group can be switched instead of re-registered. */
function onlyEnabledChanged(a: ActionsParameter, b: ActionsParameter): boolean {
  const sameRow = a.instance?.id === b.instance?.id && a.instance?.label === b.instance?.label;
  return a.session === b.session && a.page === b.page && sameRow && sameEntries(a.handlers, b.handlers) && sameEntries(a.actions, b.actions);
}

/**
 * The mount-scoped registration both forms share: registers now, follows parameter changes (a
 * changed `enabled` map is applied with `group.setEnabled`, a changed `busy` map with
 * `group.setBusy`; any other change re-registers), and unregisters on destroy.
 */
function mountScoped(initial: ActionsParameter): ActionsActionReturn {
  let current = initial;
  let group = register(initial);
  // After a module restart a live source hands over a new session: register the current spec in it
  // (the old group went with the old instance; its release is a quiet no-op).
  const watch = (parameter: ActionsParameter): (() => void) =>
    afterRestart(parameter.session, () => {
      release(group);
      group = register(current);
    });
  let unwatch = watch(initial);
  return {
    update(next) {
      if (group && onlyEnabledChanged(current, next)) {
        const live = group;
        const names = new Set([...Object.keys(current.enabled ?? {}), ...Object.keys(next.enabled ?? {})]);
        for (const name of names) {
          const on = next.enabled?.[name] ?? true;
          if ((current.enabled?.[name] ?? true) !== on) live.setEnabled(name, on);
        }
        applyBusy(live, current.busy, next.busy);
        current = next;
        return;
      }
      release(group);
      if (next.session !== current.session) {
        unwatch();
        unwatch = watch(next);
      }
      current = next;
      group = register(next);
    },
    destroy() {
      unwatch();
      release(group);
      group = undefined;
    },
  };
}

/**
 * A Svelte action: `<section use:registerActions={{ session, page: 'review', handlers }}>`.
 * Registers when the element mounts, unregisters when it is destroyed, re-registers on a new
 * parameter. Actions never run during SSR.
 */
export function registerActions<P extends string>(element: Element, parameter: ActionsParameter<P>): ActionsActionReturn {
  void element;
  // The page and handlers were checked against the registered graph at the call; inside, any spec.
  return mountScoped(parameter as unknown as ActionsParameter);
}

/**
 * A Svelte attachment (Svelte ≥ 5.29): `<section {@attach attachActions(session, 'review', { handlers })}>`.
 * Registers when the element mounts and unregisters when it goes; Svelte re-runs it (unregister,
 * register) when anything the expression reads changes.
 */
export function attachActions<P extends string>(
  session: SessionSource,
  page: Checked<P, PageArg<RegisteredGraph>>,
  spec: Omit<ActionsParameter<P>, 'session' | 'page'> = {},
): (element: Element) => () => void {
  return () => {
    const mounted = mountScoped({ ...spec, session, page });
    return () => mounted.destroy();
  };
}

/** Anything with Svelte's store contract: `subscribe(run)` calls `run` now and on every change. */
export interface StoreLike<T> {
  subscribe(run: (value: T) => void): (() => void) | { unsubscribe(): void };
}

/** True when `state` holds every key of `projection` with the same (JSON) value. */
function holds(state: Record<string, unknown>, projection: Record<string, unknown>): boolean {
  return Object.entries(projection).every(([key, value]) => JSON.stringify(state[key]) === JSON.stringify(value));
}

/**
 * The store tap: every value of `store` is projected to the flat state the graph's guards read and
 * reported with `session.updateState`, unchanged values included (a handler's report is what settles
 * its fire). The one exception is the value a Svelte store hands over at subscribe time: when the
 * session already holds it (it was created with that `state`), it is not reported again. Returns the
 * unsubscribe. Without a session it does nothing.
 */
export function reportState<T>(session: SessionSource, store: StoreLike<T>, project: (value: T) => Record<string, unknown>): () => void {
  if (!session) return () => {};
  let subscribing = true;
  let latest: { value: T } | null = null;
  const stop = store.subscribe((value) => {
    latest = { value };
    const now = sessionOf(session);
    if (!now) return;
    const projection = project(value);
    if (subscribing && holds(now.state(), projection)) return;
    now.updateState(projection);
  });
  subscribing = false;
  // A live source's new session (after a module restart) is told the store's value now, unless it
  // already holds it (a persisted record restored it, or the options' state matches).
  const unwatch = afterRestart(session, (now) => {
    if (latest === null) return;
    const projection = project(latest.value);
    if (!holds(now.state(), projection)) now.updateState(projection);
  });
  return () => {
    unwatch();
    if (typeof stop === 'function') stop();
    else stop.unsubscribe();
  };
}

/** The parts of `$app/navigation` the wiring uses; pass SvelteKit's own functions. */
export interface SvelteKitNavigation {
  /** `goto` from `$app/navigation`: becomes the session's navigate. */
  goto(href: string): PromiseLike<unknown>;
  /** `afterNavigate` from `$app/navigation`: each arrival is reported as the person's move. */
  afterNavigate(callback: (navigation: { to: { url: URL } | null }) => void): void;
}

/**
 * Wires a session to SvelteKit's router; call it while a component initialises (the root
 * `+layout.svelte`), because `afterNavigate` must be. An agent's claimed hop is handed to `goto`
 * (async: the fire stays open until it settles, decision 27); every arrival — the agent's, a link a
 * person clicked, back/forward, the first load — is reported with
 * `sync(matchRoute(graph, pathname) ?? pathname, { principal: 'user' })`. Arriving where the agent
 * was sent confirms its hop (same node, no new row); anything else is recorded as the person's.
 * Returns the disconnect (navigate unset, arrivals no longer reported). No session: does nothing.
 */
export function connectSvelteKit(session: SessionSource, graph: NavigationGraph, kit: SvelteKitNavigation): () => void {
  if (!session) return () => {};
  let connected = true;
  let arrived: string | null = null;
  // A live source's graph is the rebuilt one after a module restart; the one passed in is then gone.
  const pageOf = (path: string): string => loadedCore().matchRoute((isLive(session) ? session.graph : null) ?? graph, path) ?? path;
  const wire = (now: Session): void => now.setNavigate((href: string) => kit.goto(href));
  const first = sessionOf(session);
  if (first) wire(first);
  kit.afterNavigate(({ to }) => {
    if (!connected || !to) return;
    arrived = to.url.pathname;
    const now = sessionOf(session);
    if (now) now.sync(pageOf(arrived), { principal: 'user' });
  });
  // After a module restart: the new session gets the navigate and the route the app is on now.
  const unwatch = afterRestart(session, (now) => {
    wire(now);
    if (arrived !== null && pageOf(arrived) !== now.node) now.sync(pageOf(arrived), { principal: 'user' });
  });
  return () => {
    connected = false;
    unwatch();
    const now = sessionOf(session);
    if (!now) return;
    try {
      now.setNavigate(null);
    } catch (error) {
      if (!isModuleReset(error)) throw error; // a retired session has nothing left to unset
    }
  };
}
