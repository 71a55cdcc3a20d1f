/**
 * `groundfacts/react` — React bindings for a groundfacts session (docs/decisions.md, decisions 26–29).
 *
 * - `<GroundfactsProvider graph router options>` owns one session: created on first render, freed when
 *   the provider unmounts (StrictMode's unmount-and-remount keeps it), given React Router 7's
 *   `router.navigate` as its navigate and told of every location change with
 *   `sync(page, { principal: 'user' })` (`connectReactRouter`, usable without React too).
 * - `useSession()` hands the session to any component under the provider.
 * - `useActions(page, spec, deps)` registers a component's handlers (and the actions it declares) when
 *   it mounts and unregisters them when it unmounts; typed by the app's graph once it is registered
 *   (`interface Register`, docs/graph.md §14), as is `useSession()`.
 * - `useAction(id, options?)` (action.ts) is the one door for a person's control (docs/session.md §33):
 *   `run` fires as the person, and the control gets `enabled`, `busy` and the greyed reason.
 * - `useStoreTap(subscribe, project)` reports the app store's flat projection on every store change.
 * - `useGroundTruth()`, `useContextBrief()`, `useAvailable()`, `useAsks()`, `useWhereInPage()` re-render on every session
 *   change through `useSyncExternalStore` over `session.subscribe` (no polling); each value is read
 *   once per change and is the same object until the next one.
 * - `persist` (one provider prop) keeps the session across reloads: the provider restores it from
 *   `sessionStorage` (`createSession(..., { restore })`, docs/session.md §20) and writes
 *   `session.snapshot()` back a microtask after every change; a refused restore is a warning and a
 *   fresh session, never a crash; no storage (a server render) means no persistence.
 *
 * - After a module restart (a trap, `MODULE_RESET`: docs/session.md §24–25) the provider builds the
 *   graph again (`rebuildGraph`) and a new session from the same options with `historyLost: true`
 *   (restored from the `persist` record when there is one), at the router's current page, and shows
 *   again the containers and focus the old one last reported; every hook then follows the new session
 *   (components re-register their actions and busy marks, readers re-subscribe).
 *
 * - Loading (docs/loading.md): this module imports the core through `groundfacts/load`, never the
 *   top-level-await entry, so importing it holds nothing back. The provider renders its children while
 *   the module loads; `useSession()` is null and every read hook answers null until the session
 *   exists (`useGroundfactsStatus()` says 'loading' / 'ready' / 'failed'). `graph` may be a recipe
 *   (`lazyGraph(name, definition)`, or `(gf) => gf.buildNavigationGraph(…)`) so that the app's module
 *   scope calls nothing in the module.
 * - Server renders (docs/session.md §31): the provider reads the module through
 *   `useSyncExternalStore`'s server snapshot, which is always "not loaded", so a server render (and
 *   the hydration render that must match it) makes no session — nothing outlives the render — and
 *   the session is made right after hydration (restored from `persist` there).
 *
 * Uses React (an optional peer dependency of the package), loading.ts (the module loading), persist.ts (the `persist` prop) and, from the
 * loaded core, `matchRoute`, `createSession`, `session.subscribe`, `session.setNavigate`, `session.sync`,
 * `session.snapshot`, `onModuleReset` and `rebuildGraph`. Used by apps, by www/react and by the package
 * README's React recipe.
 */
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type DependencyList,
  type ReactElement,
  type ReactNode,
} from 'react';
import type {
  ActionGroup,
  AskStatus,
  Available,
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
  SessionFor,
  SessionOptions,
  WhereInPage,
} from 'groundfacts';
import { groundfactsLoadError, type GroundfactsModule } from 'groundfacts/load';
import { loadedCore, noStatusChange, resolveGraph, subscribeLoad, useCore, type GraphRecipe, type GroundfactsStatus } from './loading.js';
import { createProviderSession, type PersistOptions } from './persist.js';

export { persistKey, type PersistOptions, type PersistStorage } from './persist.js';
export { lazyGraph, type GraphRecipe, type GroundfactsStatus } from './loading.js';
export { useAction, type ActionControl, type ActionProps, type RunInput } from './action.js';

/** What the session calls to move the app: a router's push. A returned promise keeps the fire open. */
export type Navigate = (href: string) => void | PromiseLike<unknown>;

/** The location as React Router 7's data router reports it (`router.state.location`). */
export interface RouterLocation {
  readonly pathname: string;
}

/**
 * What the binding uses of React Router 7's data router — the object `createBrowserRouter(routes)`
 * returns fits as it is: its `navigate` becomes the session's navigate, its `subscribe` feeds `sync`.
 */
export interface ReactRouterLike {
  readonly state: { readonly location: RouterLocation };
  navigate(to: string): PromiseLike<unknown> | void;
  subscribe(listener: (state: { readonly location: RouterLocation }) => void): () => void;
}

/**
 * 'loading' until the module is loaded and the nearest provider has its session (a server render
 * and the hydration render stay 'loading'), then 'ready'; 'failed' when the module could not be
 * loaded (`groundfactsLoadError()` from groundfacts/load says why).
 */
export function useGroundfactsStatus(): GroundfactsStatus {
  const session = useContext(SessionContext);
  const failed = useSyncExternalStore(subscribeLoad, () => groundfactsLoadError() !== null, () => false);
  if (session) return 'ready';
  return failed ? 'failed' : 'loading';
}

/** The page a router path belongs to, or the raw path when the graph has none (sync records it off-graph). */
export function pageForPath(graph: NavigationGraph, pathname: string): string {
  return loadedCore().matchRoute(graph, pathname) ?? pathname;
}

/**
 * Wires a React Router 7 data router to a session: `router.navigate` becomes the session's navigate,
 * and every location change is reported with `sync(page, { principal: 'user' })`. A hop the agent asked
 * for arrives at the page the session already claims, so that sync confirms it (no new row); a move
 * nobody asked the session for — a person's link click, the back button — is recorded as the person's.
 * Returns the function that undoes both.
 */
export function connectReactRouter(session: Session, graph: NavigationGraph, router: ReactRouterLike): () => void {
  let synced = router.state.location.pathname;
  session.setNavigate((href: string) => router.navigate(href));
  // The router may have moved between the session's creation and this call.
  if (pageForPath(graph, synced) !== session.node) session.sync(pageForPath(graph, synced), { principal: 'user' });
  const unsubscribe = router.subscribe((state) => {
    const pathname = state.location.pathname;
    // The router also notifies for loading states and same-path updates; only a new path is a move.
    if (pathname === synced) return;
    synced = pathname;
    session.sync(pageForPath(graph, pathname), { principal: 'user' });
  });
  return () => {
    unsubscribe();
    unsetNavigate(session);
  };
}

/**
 * `session.setNavigate(null)` in a cleanup: a session a module restart retired (MODULE_RESET,
 * docs/session.md §24) has nothing left to unset, and an unmount must not throw for it.
 */
function unsetNavigate(session: Session): void {
  try {
    session.setNavigate(null);
  } catch (error) {
    if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'MODULE_RESET')) throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// Change tracking: one `session.subscribe` per session, a tick per notification, reads cached per tick.

interface Tracker {
  /** Bumped on every change notification (some changes, e.g. a registration, leave `version` alone). */
  tick: number;
  subscribe(listener: () => void): () => void;
  /** `read()`'s value for this tick under `key`: the same object until the next change. */
  cached<T>(key: string, read: () => T): T;
}

const trackers = new WeakMap<Session, Tracker>();

function trackerOf(session: Session): Tracker {
  const known = trackers.get(session);
  if (known) return known;
  const listeners = new Set<() => void>();
  let cache = new Map<string, unknown>();
  const tracker: Tracker = {
    tick: 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    cached<T>(key: string, read: () => T): T {
      if (cache.has(key)) return cache.get(key) as T;
      const value = read();
      cache.set(key, value);
      return value;
    },
  };
  // Held for the session's life (session.free() drops it): a tick is never missed while no component
  // listens, so a component subscribing later never reads a stale cache.
  session.subscribe(() => {
    tracker.tick += 1;
    cache = new Map();
    for (const listener of [...listeners]) listener();
  });
  trackers.set(session, tracker);
  return tracker;
}

/** `read(session)` cached per change of the provider's session (null without one); for ./action.ts too. */
export function useSessionRead<T>(key: string, read: (session: Session) => T): T | null {
  const session = useSession();
  const tracker = session === null ? null : trackerOf(session);
  const snapshot = (): T | null => (tracker === null || session === null ? null : tracker.cached(key, () => read(session)));
  return useSyncExternalStore(tracker === null ? noStatusChange : tracker.subscribe, snapshot, snapshot);
}

// ---------------------------------------------------------------------------------------------------
// The provider and the session it owns.

/** The provider's session; null while it loads (and on the server); undefined outside any provider. */
const SessionContext = createContext<Session | null | undefined>(undefined);

/** Where inside the page the reader last was, as the session reported it (`whereInPage()`). */
type Place = ReturnType<Session['whereInPage']>;

/**
 * Creates the session on first use; frees it a microtask after the last unmount unless remounted.
 * After a module restart (`moduleReset`) the graph is built again and the next `current()` makes the
 * new session with `historyLost` set (docs/session.md §25).
 */
class SessionOwner {
  private session: Session | null = null;
  private releasing = false;
  /** The graph the first session walked (rebuildGraph's argument after a restart); null until then. */
  private first: NavigationGraph | null = null;
  private built: NavigationGraph | null = null;
  /** The module restarted since the first session: every later one continues a record that lost history. */
  private lost = false;
  /** Shown containers and focus after the session's latest change, replayed into a session made after a restart. */
  private place: Place | null = null;

  constructor(
    private readonly source: NavigationGraph | GraphRecipe,
    private readonly create: (core: GroundfactsModule, graph: NavigationGraph, historyLost: boolean) => Session,
  ) {}

  /** The graph the current session walks (the rebuilt one after a module restart); null before one. */
  graph(): NavigationGraph | null {
    return this.built;
  }

  /** The session, made now if the module is loaded; null while it is not (and on the server). */
  current(core: GroundfactsModule | null): Session | null {
    if (this.session === null && core !== null) this.session = this.make(core);
    return this.session;
  }

  /** Mounted (again): cancel a pending free. True when the session had been freed and was recreated. */
  retain(core: GroundfactsModule | null): boolean {
    this.releasing = false;
    if (this.session !== null || core === null || this.first === null) return false;
    this.session = this.make(core);
    return true;
  }

  /**
   * The module restarted: the session and graph are gone (their calls answer MODULE_RESET). Forget
   * them; the next `current()` builds both again. True when there was a session to replace.
   */
  moduleReset(): boolean {
    const had = this.session !== null;
    this.lost = true;
    this.session = null;
    return had;
  }

  private make(core: GroundfactsModule): Session {
    if (this.first === null) this.first = resolveGraph(core, this.source);
    this.built = this.lost ? core.rebuildGraph(this.first) : (this.built ?? this.first);
    const session = this.create(core, this.built, this.lost);
    if (this.lost && this.place !== null) replayPlace(session, this.place);
    this.place = null;
    // Remember the reader's place after every change: after a trap the old session cannot be asked.
    session.subscribe(() => {
      try {
        this.place = session.whereInPage();
      } catch {
        // a session retired by a restart: the last place read stays
      }
    });
    return session;
  }

  /** Unmounted: StrictMode remounts at once, so the free waits one microtask for that. */
  release(): void {
    this.releasing = true;
    queueMicrotask(() => {
      if (!this.releasing || this.session === null) return;
      const session = this.session;
      this.session = null;
      session.free();
    });
  }
}

/**
 * Shows again, in a session made after a module restart, the containers and focus the lost session
 * last reported — when it stands on the same page (a path the graph no longer has is skipped).
 */
function replayPlace(session: Session, place: Place): void {
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

export interface GroundfactsProviderProps {
  /**
   * The compiled graph, or a recipe that builds it once the module is loaded (`lazyGraph(name,
   * definition)`; docs/loading.md). Read once, with `options`, when the session is created.
   */
  graph: NavigationGraph | GraphRecipe;
  /**
   * `createSession` options; `node` defaults to the router's current page when `router` is given. The
   * session is made on the first browser render after the module has loaded (right after hydration
   * under server rendering); a server render makes none (docs/session.md §31).
   */
  options?: SessionOptions | undefined;
  /** React Router 7's data router (`createBrowserRouter(...)`): navigate + location sync. */
  router?: ReactRouterLike | undefined;
  /**
   * Without a router object: the app's own push, given to `session.setNavigate` — React Router
   * framework mode's `useNavigate()`, Next's `useRouter().push`.
   */
  navigate?: Navigate | undefined;
  /**
   * Without a router object: the router's current pathname — React Router framework mode's
   * `useLocation().pathname`, Next's `usePathname()`, a hash router's `hashPath(location.hash)`. The
   * session starts on its page when it is made (in the browser, after hydration: docs/session.md §31),
   * so a deep link records no hop, and every later change is reported with
   * `sync(page, { principal: 'user' })`: a hop the agent asked for arrives where the session already
   * is and records nothing new (docs/graph.md §12).
   */
  location?: string | undefined;
  /**
   * Keep the session across page reloads: a name (`persist="wizard"`, kept in `sessionStorage` under
   * `groundfacts:session:wizard`) or `{ key, storage }`. Read once, when the session is created: a
   * stored record is restored (same version, same facts block); a refused one (another graph, a newer
   * format, damaged) is a warning through `options.onWarn` and a fresh session. Every change is written
   * back a microtask later. Without storage (a server render) nothing is read or written.
   */
  persist?: string | PersistOptions | undefined;
  children?: ReactNode | undefined;
}

/** Owns one session for the tree below it (see the file comment). */
export function GroundfactsProvider({ graph, options, router, navigate, location, persist, children }: GroundfactsProviderProps): ReactElement {
  const core = useCore();
  // The session may be made renders after the first (once the module is loaded, after hydration):
  // it starts on the location of that render.
  const where = useRef(location);
  where.current = location;
  const [owner] = useState(
    () =>
      new SessionOwner(graph, (gf, built, historyLost) => {
        // A deep link starts the session on its page; a path the graph has no page for leaves the
        // default (the first declared page) and the router wiring reports the path off-graph. After a
        // module restart this is the router's page now.
        const path = router ? router.state.location.pathname : where.current;
        const node = options?.node ?? (path === undefined ? undefined : gf.matchRoute(built, path));
        // The session has its navigate from the start (the effect below only swaps in the same push):
        // the components' registrations, whose effects run before the provider's, meet a session
        // that can already move, so no wiring change follows them.
        const push: Navigate | undefined = router ? (href) => router.navigate(href) : navigate;
        const made = historyLost ? { ...options, historyLost: true } : options;
        return createProviderSession(gf, built, push, made, node, persist);
      }),
  );
  const [, setRevived] = useState(0);
  const session = owner.current(core);
  const current = owner.graph();

  useEffect(() => {
    if (core === null) return undefined;
    if (owner.retain(core)) setRevived((n) => n + 1);
    // A module restart retires the session and graph (docs/session.md §24): build both again and
    // re-render, so every hook below moves to the new session.
    const stop = core.onModuleReset(() => {
      if (owner.moduleReset()) setRevived((n) => n + 1);
    });
    return () => {
      stop();
      owner.release();
    };
  }, [owner, core]);

  useEffect(() => {
    if (session === null || current === null) return undefined;
    if (router) return connectReactRouter(session, current, router);
    if (!navigate) return undefined;
    session.setNavigate(navigate);
    return () => unsetNavigate(session);
  }, [session, current, router, navigate]);

  // The location tap (no router object): runs after the new page's own effects, so a page that
  // registered its actions first is not counted as mounting (docs/session.md §32).
  useEffect(() => {
    if (router || location === undefined || session === null || current === null) return;
    const page = pageForPath(current, location);
    if (page !== session.node) session.sync(page, { principal: 'user' });
  }, [session, current, router, location]);

  return createElement(SessionContext.Provider, { value: session }, children);
}

/**
 * The session of the nearest `<GroundfactsProvider>`: null while the module loads, on the server and
 * in the hydration render (docs/loading.md, docs/session.md §31). Throws only outside any provider.
 * Typed by the app's graph once it is registered (`declare module 'groundfacts' { interface Register {
 * graph: typeof graph } }`, docs/graph.md §14): `fire` takes only its action ids.
 */
export function useSession(): SessionFor<RegisteredGraph> | null {
  const session = useContext(SessionContext);
  if (session === undefined) {
    throw new Error('groundfacts: useSession() was called outside <GroundfactsProvider>; wrap the app in one.');
  }
  return session;
}

// ---------------------------------------------------------------------------------------------------
// Mount-scoped wiring.

/**
 * Registers `spec` (handlers, and actions the component declares itself) on `page` when the component
 * mounts and unregisters it when it unmounts — StrictMode's extra unmount-and-remount included. `spec`
 * is read when the effect runs: list in `deps` what it closes over, as for `useEffect`. A list row
 * passes `spec.instance` (`{ id, label }`, docs/session.md §34): its handlers run for that row only,
 * and a changed id or label re-registers by itself. `spec.busy`
 * keeps the group's busy marks in step with render (`group.setBusy`), without re-registering.
 */
export function useActions<P extends string>(page: Checked<P, PageArg<RegisteredGraph>>, spec: UseActionsSpec<P>, deps: DependencyList = []): void {
  const session = useSession();
  const live = useRef<{ group: ActionGroup; busy: { [name: string]: string } } | null>(null);
  useEffect(() => {
    if (session === null) return undefined; // registered once the session exists (docs/loading.md)
    const { busy: _busy, ...registration } = spec;
    void _busy;
    const group = session.registerActions(page, registration);
    const entry = { group, busy: {} };
    live.current = entry;
    return () => {
      if (live.current === entry) live.current = null;
      group.unregister();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` stands for what `spec` closes over.
  }, [session, page, spec.instance?.id, spec.instance?.label, ...deps]);
  // Busy marks follow `spec.busy` on the live group without re-registering (a new group starts with none).
  const busyKey = JSON.stringify(spec.busy ?? {});
  useEffect(() => {
    const entry = live.current;
    if (!entry) return;
    const wanted = spec.busy ?? {};
    for (const name of Object.keys(entry.busy)) {
      if (typeof wanted[name] !== 'string') {
        entry.group.setBusy(name, null);
        delete entry.busy[name];
      }
    }
    for (const [name, label] of Object.entries(wanted)) {
      if (typeof label === 'string' && entry.busy[name] !== label) {
        entry.group.setBusy(name, label);
        entry.busy[name] = label;
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the registration's own deps re-run it after a re-register.
  }, [busyKey, session, page, ...deps]);
}

/**
 * What `useActions` takes: `registerActions`' spec plus busy marks in the app's own words. With the
 * app's graph registered (docs/graph.md §14), `handlers` takes only page `P`'s action names and types
 * each handler's input from its action's `input` schema.
 */
export interface UseActionsSpec<P extends string = string> extends Omit<RegisterActionsSpec, 'handlers'> {
  handlers?: HandlersFor<RegisteredGraph, P>;
  /**
   * `group.setBusy` kept in step with render (docs/session.md §22): a name mapped to a string is busy
   * with that sentence — its row carries it and a fire is refused `BUSY` — and to `null` (or left out)
   * is not. Changing only this never re-registers.
   */
  busy?: { readonly [name: string]: string | null } | undefined;
}

/**
 * The store tap: reports `project()` (the flat projection the graph's guards read) with
 * `session.updateState` after every notification of the store's `subscribe`. A handler that changes
 * the store is reported inside its own fire, so its effect is observed, not inferred. The session's
 * starting state is `options.state`; on mount only the keys that changed since then are reported (a
 * report is evidence — one repeating the starting values could be credited to a fire by inference).
 * Pass stable functions (the store's own methods): new ones re-subscribe.
 */
export function useStoreTap(subscribe: (listener: () => void) => () => void, project: () => Record<string, unknown>): void {
  const session = useSession();
  useEffect(() => {
    if (session === null) return undefined;
    const known = session.state();
    const moved = Object.entries(project()).filter(([key, value]) => JSON.stringify(known[key]) !== JSON.stringify(value));
    if (moved.length > 0) session.updateState(Object.fromEntries(moved));
    return subscribe(() => {
      session.updateState(project());
    });
  }, [session, subscribe, project]);
}

// ---------------------------------------------------------------------------------------------------
// Reads that re-render on change.

/** The facts block (`session.groundTruth(options)`), re-rendered on every session change. */
export function useGroundTruth(options?: GroundTruthOptions): RenderedBlock | null {
  return useSessionRead(`groundTruth ${JSON.stringify(options ?? {})}`, (s) => s.groundTruth(options));
}

/** The brief (`session.contextBrief(options)`), re-rendered on every session change. */
export function useContextBrief(options?: ContextBriefOptions): ContextBrief | null {
  return useSessionRead(`contextBrief ${JSON.stringify(options ?? {})}`, (s) => s.contextBrief(options));
}

/** What is on offer here, now (`session.available()`), re-rendered on every session change. */
export function useAvailable(): Available | null {
  return useSessionRead('available', (s) => s.available());
}

/**
 * Where inside the page the reader is (`session.whereInPage()`: the page, the focused container path
 * and the visible containers), re-rendered on every session change — focus and visibility changes too.
 */
export function useWhereInPage(): WhereInPage | null {
  return useSessionRead('whereInPage', (s) => s.whereInPage());
}

/** The ask cards so far (`session.asks()`), re-rendered on every session change. */
export function useAsks(): AskStatus[] | null {
  return useSessionRead('asks', (s) => s.asks());
}
