/**
 * Routers beyond SvelteKit (docs/graph.md §12), re-exported by `groundfacts/svelte`:
 *
 * - `hashPath(hash)`: the path a hash router (`svelte-spa-router`, `#/notes/3`) shows — the part after
 *   `#`, without its query — so `matchRoute(graph, hashPath(location.hash))` finds the page.
 * - `connectHashRouter(session, graph, options)`: the agent's hop is the router's `push` (default:
 *   setting `location.hash`), and every `hashchange` is reported with
 *   `sync(page, { principal: 'user' })`; arriving where the agent was sent confirms its hop.
 * - `reportingHandlers(session, project, handlers)`: the runes tap. Svelte 5 state (`$state`) has no
 *   store to subscribe to from a plain module, so each handler reports the projection itself, inside
 *   its own call (after its promise resolves, for an async one): the fire settles on its own report,
 *   never by queue-order inference.
 *
 * Reaches the core through `groundfacts/load` only (a session exists only once it is loaded), imports
 * nothing from Svelte, so it loads on the server and holds no page back (docs/loading.md).
 */

import type { NavigationGraph, Session } from 'groundfacts';
import { loadedGroundfacts } from 'groundfacts/load';
import type { SessionSource } from './index.js';

/** The session a source stands for now (a `liveSession()` store's current one). */
function now(source: SessionSource): Session | undefined {
  if (typeof source === 'object' && source !== null && 'restarts' in source && 'current' in source) return source.current ?? undefined;
  return source ?? undefined;
}

/** The path a hash router shows: `'#/notes/3?tab=a'` → `'/notes/3'`; `''` and `'#'` → `'/'`. A full URL is read for its hash. */
export function hashPath(hash: string): string {
  const at = hash.indexOf('#');
  let path = at >= 0 ? hash.slice(at + 1) : hash;
  const query = path.search(/[?]/);
  if (query >= 0) path = path.slice(0, query);
  if (!path.startsWith('/')) path = `/${path}`;
  return path;
}

/** What `connectHashRouter` listens to and moves: `window` by default. */
export interface HashTarget {
  readonly location: { hash: string };
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

export interface HashRouterOptions {
  /** The router's push (`push` from `svelte-spa-router`); default: set `location.hash` to `#` + href. */
  readonly push?: ((href: string) => unknown) | undefined;
  /** Where the hash lives; default `globalThis.window` (none on the server: then nothing is wired). */
  readonly target?: HashTarget | undefined;
}

/**
 * Wires a hash router to a session: the session's navigate pushes the hash, and every `hashchange`
 * is reported as `sync(matchRoute(graph, hashPath(hash)) ?? path, { principal: 'user' })` unless the
 * session already stands there (the agent's own hop). Syncs the hash shown now at once. Returns the
 * disconnect. No session, or no window (a server render): does nothing.
 */
export function connectHashRouter(session: SessionSource, graph: NavigationGraph, options: HashRouterOptions = {}): () => void {
  const target = options.target ?? (globalThis as { window?: HashTarget }).window;
  const first = now(session);
  if (!first || !target) return () => {};
  const push = options.push ?? ((href: string) => (target.location.hash = `#${href}`));
  const report = (): void => {
    const current = now(session);
    if (!current) return;
    const path = hashPath(target.location.hash);
    const page = loadedGroundfacts()?.matchRoute(graph, path) ?? path;
    if (page !== current.node) current.sync(page, { principal: 'user' });
  };
  first.setNavigate((href: string) => {
    push(href);
  });
  report();
  target.addEventListener('hashchange', report);
  return () => {
    target.removeEventListener('hashchange', report);
    try {
      now(session)?.setNavigate(null);
    } catch (error) {
      if (!(typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'MODULE_RESET')) throw error;
    }
  };
}

/** A handler as `registerActions` takes it (its input typed by the app). */
type Handler = (input: never) => unknown;

/**
 * The runes tap: wraps each handler so that, once it has run, `session.updateState(project())` reports
 * the state it changed — inside the handler's own call, so the fire settles on its own report. For a
 * handler returning a promise, the report follows its resolution (a rejection reports nothing and
 * rejects as before). `project` reads your `$state` (e.g. `() => ({ 'notes.count': notes.length })`).
 */
export function reportingHandlers<H extends Record<string, Handler>>(
  session: SessionSource,
  project: () => Record<string, unknown>,
  handlers: H,
): H {
  const report = (): void => {
    now(session)?.updateState(project());
  };
  const wrapped: Record<string, Handler> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = (input: never) => {
      const result = handler(input);
      if (result !== null && typeof result === 'object' && typeof (result as PromiseLike<unknown>).then === 'function') {
        return Promise.resolve(result).then((value) => {
          report();
          return value;
        });
      }
      report();
      return result;
    };
  }
  return wrapped as H;
}
