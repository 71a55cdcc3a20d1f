/**
 * `testApp(graph, { state, handlers, clock })`: a headless app around a real session, so an app team
 * tests an agent flow in Vitest or `node:test` in a few lines (docs/graph.md §13).
 *
 * It is the app the seed's guarded-wizard example is, made reusable: a flat store whose every change is
 * reported with `session.updateState` (a handler's change inside its own fire, so it is observed), a
 * router stand-in whose push is the session's navigate and which reports each arrival with `sync`, the
 * handlers registered on their pages, the model-facing port, and a scripted agent calling its tools by
 * their short names. The clock is the app's, not the session's: handlers that wait (`clock.wait(ms)`)
 * finish when the test advances it, so a deferred fire settles exactly when the test says.
 *
 * Uses the core (`createSession`, `serveToAgent`, `matchRoute`, `graph.describe()`) and `lint.ts`;
 * used by `index.ts`.
 */
import {
  createSession,
  matchRoute,
  serveToAgent,
  type ActionId,
  type ActionInput,
  type AgentPort,
  type GraphDescription,
  type NavigationGraph,
  type PageId,
  type ServeOptions,
  type ServeResult,
  type Session,
  type SessionOptions,
} from 'groundfacts';
import { lintGraph, type LintFinding, type LintOptions } from './lint.js';

/** A manual clock: nothing waits on real time; `advance(ms)` runs what falls due, in order. */
export interface TestClock {
  /** Milliseconds since the clock started. */
  now(): number;
  /** A promise that resolves once the clock has been advanced by `ms`. */
  wait(ms: number): Promise<void>;
  /** Moves time on by `ms`, resolving every wait that falls due (oldest first) and letting promise reactions run. */
  advance(ms: number): Promise<void>;
}

/** Let queued promise reactions run (a deferred handler's `.then`, a settlement). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

export function createTestClock(): TestClock {
  let now = 0;
  let seq = 0;
  const due: { at: number; seq: number; resolve: () => void }[] = [];
  return {
    now: () => now,
    wait(ms) {
      return new Promise<void>((resolve) => {
        due.push({ at: now + Math.max(0, ms), seq: (seq += 1), resolve });
      });
    },
    async advance(ms) {
      const until = now + Math.max(0, ms);
      for (;;) {
        due.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = due[0];
        if (!next || next.at > until) break;
        due.shift();
        now = next.at;
        next.resolve();
        await flush();
      }
      now = until;
      await flush();
    },
  };
}

/** The app's flat store: the state the graph's guards read. */
export interface TestStore {
  /** A copy of the whole store. */
  get(): Record<string, unknown>;
  /** One key's value. */
  get(key: string): unknown;
  /** Change keys and report the change to the session (the store tap). */
  set(delta: Record<string, unknown>): void;
  /** Report the whole store, changed or not, as a store that notifies after every update does. */
  notify(): void;
}

/** The router stand-in: `push` is the session's navigate; every arrival is reported with `sync`. */
export interface TestRouter {
  /** The path the router is at. */
  readonly path: string;
  /** Every path pushed, oldest first. */
  readonly history: readonly string[];
  /** Drops every later push, as a broken router would (the claimed move is then walked back by a verify). */
  dropPushes: boolean;
  /** The app's own push (what the session's navigate calls). */
  push(href: string): void;
  /** A person's move: to a page id (its literal route) or a path, reported as the person's (`principal: 'user'`). */
  visit(pageOrPath: string): void;
}

/** A handler as the test app takes it: the action's input, and the app, to change its store. */
export type TestHandler<I> = { handle(input: I, app: TestApp<NavigationGraph>): unknown }['handle'];

export interface TestAppOptions<G extends NavigationGraph> {
  /** The store's starting state (also the session's: the state tap is on). */
  state?: Record<string, unknown> | undefined;
  /** Handlers by action id (`'wizard.name-it'`, `'go-to-review'`), registered on the action's page. */
  handlers?: { readonly [K in ActionId<G>]?: TestHandler<ActionInput<G, K>> } | undefined;
  /** The clock handlers wait on (default: a new manual clock). */
  clock?: TestClock | undefined;
  /** The page to start on (default: the first declared page); the router starts at its literal route. */
  start?: PageId<G> | undefined;
  /** Other `createSession` options (`requireHumanApproval`, `retain`, …). */
  session?: Omit<SessionOptions, 'node' | 'state' | 'onWarn'> | undefined;
  /** `serveToAgent` options for the agent's port. */
  serve?: ServeOptions | undefined;
}

/** The scripted agent: the port's tools by their short names, each answer plain JSON. */
export interface ScriptedAgent {
  whatsHere(args?: { sinceVersion?: number; routeTo?: string }): ServeResult;
  /** `do_action`; `extra` carries `confirm` / `decline`. */
  do(action: string, input?: unknown, extra?: { confirm?: boolean; decline?: boolean }): ServeResult;
  didItWork(transitionId: string): ServeResult;
  why(key: string): ServeResult;
  /** `journey.<id>`: without `step` it opens the journey. */
  journey(id: string, args?: { step?: string; input?: unknown; confirm?: boolean; decline?: boolean }): ServeResult;
  /** Any tool by its short name (`'do_action'`) or full name (`'wizard.do_action'`). */
  call(tool: string, args?: Record<string, unknown>): ServeResult;
  /** Runs a script: each entry `[tool, args]`; returns the answers in order. */
  run(script: readonly (readonly [string, Record<string, unknown>?])[]): ServeResult[];
  /** Every call so far and its answer. */
  readonly log: readonly { tool: string; args: Record<string, unknown>; result: ServeResult }[];
}

export interface TestApp<G extends NavigationGraph> {
  readonly graph: G;
  readonly session: Session;
  readonly port: AgentPort;
  readonly store: TestStore;
  readonly router: TestRouter;
  readonly clock: TestClock;
  readonly agent: ScriptedAgent;
  /** Every developer warning the session gave (the dead-end warning among them), in order. */
  readonly warnings: readonly string[];
  /** A person's act through the same handler: `session.fire(id, { source: 'user', payload })`. */
  person(id: ActionId<G>, input?: unknown): ReturnType<Session['fire']>;
  /** The facts block's text, as the model is sent it. */
  facts(): string;
  /** Lets queued promise reactions run (deferred handlers that did not wait on the clock). */
  settle(): Promise<void>;
  /** `lintGraph` with what this app knows: its starting state, start page and wired handlers. */
  lint(options?: LintOptions): LintFinding[];
  /** Frees the port and the session. */
  dispose(): void;
}

/** A headless app over `graph` (see the module comment). */
export function testApp<G extends NavigationGraph>(graph: G, options: TestAppOptions<G> = {}): TestApp<G> {
  const description: GraphDescription = graph.describe();
  const start = (options.start as string | undefined) ?? description.pages[0]?.id;
  const startPage = description.pages.find((p) => p.id === start);
  const state: Record<string, unknown> = { ...(options.state ?? {}) };
  const warnings: string[] = [];
  const history: string[] = [];
  const clock = options.clock ?? createTestClock();
  let path = startPage?.literal && startPage.route ? startPage.route : `/${start ?? ''}`;
  // eslint-disable-next-line prefer-const -- assigned once the session exists; the router reads it lazily.
  let session: Session;
  const router: TestRouter = {
    get path() {
      return path;
    },
    get history() {
      return history;
    },
    dropPushes: false,
    push(href) {
      if (router.dropPushes) return;
      path = href;
      history.push(href);
      session.sync(matchRoute(graph, href) ?? href);
    },
    visit(pageOrPath) {
      const page = description.pages.find((p) => p.id === pageOrPath);
      const href = page?.literal && page.route ? page.route : pageOrPath;
      path = href;
      history.push(href);
      session.sync(page ? page.id : (matchRoute(graph, href) ?? href), { principal: 'user' });
    },
  };
  const sessionOptions: SessionOptions = {
    ...options.session,
    state: state as SessionOptions['state'],
    onWarn: (message: string) => {
      warnings.push(message);
    },
  };
  if (start !== undefined) sessionOptions.node = start;
  session = createSession(graph, (href: string) => router.push(href), sessionOptions) as Session;
  const store: TestStore = {
    get: ((key?: string) => (key === undefined ? { ...state } : state[key])) as TestStore['get'],
    set(delta) {
      Object.assign(state, delta);
      session.updateState(delta);
    },
    notify() {
      session.updateState({ ...state });
    },
  };
  const port = serveToAgent(session, options.serve);
  const log: { tool: string; args: Record<string, unknown>; result: ServeResult }[] = [];
  const call = (tool: string, args: Record<string, unknown> = {}): ServeResult => {
    const name = tool.startsWith(`${description.id}.`) ? tool : `${description.id}.${tool}`;
    const result = port.call(name, args);
    log.push({ tool: name, args, result });
    return result;
  };
  const defined = <T extends Record<string, unknown>>(args: T): Record<string, unknown> =>
    Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
  const agent: ScriptedAgent = {
    whatsHere: (args = {}) => call('whats_here', defined(args)),
    do: (action, input, extra = {}) => call('do_action', defined({ action, input, ...extra })),
    didItWork: (transitionId) => call('did_it_work', { transitionId }),
    why: (key) => call('why', { key }),
    journey: (id, args = {}) => call(`journey.${id}`, defined(args)),
    call,
    run: (script) => script.map(([tool, args]) => call(tool, args ?? {})),
    log,
  };
  const app: TestApp<G> = {
    graph,
    session,
    port,
    store,
    router,
    clock,
    agent,
    warnings,
    person: (id, input) => session.fire(id as string, input === undefined ? { source: 'user' } : { source: 'user', payload: input as never }),
    facts: () => session.groundTruth().text,
    settle: flush,
    lint: (lintOptions = {}) =>
      lintGraph(description, {
        initialState: state,
        startPage: start,
        wired: [...wiredIds, ...description.actions.filter((a) => a.urlHref !== undefined).map((a) => a.id)],
        ...lintOptions,
      }),
    dispose() {
      port.free();
      session.free();
    },
  };
  // Handlers by id, registered on the page that declares them (root actions and links on their first page).
  const byPage = new Map<string, Record<string, (input: never) => unknown>>();
  const wiredIds: string[] = [];
  for (const [id, handler] of Object.entries(options.handlers ?? {}) as [string, TestHandler<unknown> | undefined][]) {
    if (typeof handler !== 'function') continue;
    const action = description.actions.find((a) => a.id === id);
    if (!action) {
      throw new TypeError(`groundfacts: testApp handlers names '${id}', which is not an action of graph '${description.id}'. Use a qualified id: ${description.actions.map((a) => a.id).join(', ')}.`);
    }
    const page = action.on[0] as string;
    const name = action.origin === 'page' ? id.slice(page.length + 1) : id;
    const handlers = byPage.get(page) ?? {};
    handlers[name] = (input: never) => handler(input, app as unknown as TestApp<NavigationGraph>);
    byPage.set(page, handlers);
    wiredIds.push(id);
  }
  for (const [page, handlers] of byPage) session.registerActions(page, { handlers });
  return app;
}
