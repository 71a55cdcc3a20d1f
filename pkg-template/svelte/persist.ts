/**
 * groundfacts/svelte's persistence: `createPersistedSession`, `createSession` whose record is kept in
 * `sessionStorage` (the core's `session.snapshot()` written on every change, handed back as `restore`
 * on the next load). Uses the core package only. Re-exported by index.ts, which `liveSession` uses it from.
 */

import type { NavigationGraph, Session, SessionOptions } from 'groundfacts';
import { loadedGroundfacts } from 'groundfacts/load';

/** `createSession` of the loaded module: a graph exists only once it is loaded (docs/loading.md). */
function createSession(...args: Parameters<typeof import('groundfacts').createSession>): Session {
  const core = loadedGroundfacts();
  if (core === null) throw new Error('groundfacts: the module is not loaded yet, so there is no graph to make a session of; call createPersistedSession once loadGroundfacts() (groundfacts/load) has resolved.');
  return core.createSession(...args);
}

/** The part of the Web Storage API persistence uses; `sessionStorage` is one, a test's fake another. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where `createPersistedSession` keeps the record. */
export interface PersistOptions {
  /** The storage key; one per session (e.g. `'my-app:groundfacts'`). */
  key: string;
  /**
   * Where to keep it. Default: `globalThis.sessionStorage` — one record per tab, kept across reloads
   * and full navigations, gone when the tab closes. `null` (or no storage, as on the server, or a
   * browser that refuses storage) makes a plain session that is not persisted.
   */
  storage?: StorageLike | null | undefined;
}

/** `globalThis.sessionStorage`, or null where there is none or touching it throws (storage disabled). */
function defaultStorage(): StorageLike | null {
  try {
    const storage = (globalThis as { sessionStorage?: StorageLike }).sessionStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const message = error.message.replace(/^groundfacts: /, '');
    return typeof code === 'string' ? `${code}: ${message}` : message;
  }
  return String(error);
}

/**
 * `createSession(graph, navigate, options)`, persisted: the session's snapshot is written to
 * `sessionStorage` under `persist.key` now and after every change it reports (`session.subscribe`),
 * and the next call with the same key — after a reload, a full navigation, a crash-and-restore in
 * the same tab — passes the stored snapshot as `restore`, so the record continues: same version,
 * same facts block. What is restored is the session's record; the app's own state (its stores) is
 * the app's to keep, and must come back the same or the session will be told it changed.
 *
 * Never throws because of what is stored: a snapshot the core refuses (`SessionError` with
 * `RESTORE_OTHER_GRAPH` after the graph changed, `RESTORE_NEWER_FORMAT`, `RESTORE_DAMAGED`), text
 * that is not JSON, or storage that cannot be read is reported through `options.onWarn` (default
 * `console.warn`), removed, and a fresh session starts. A failed write (quota) warns once and the
 * session carries on. Errors in `options` themselves still throw, as from `createSession`.
 *
 * Call it in the browser only (`browser ? createPersistedSession(…) : undefined`); without storage
 * (the server, `storage: null`) it returns a plain, unpersisted session.
 */
export function createPersistedSession(
  graph: NavigationGraph,
  navigate: ((href: string) => unknown) | null | undefined,
  options: SessionOptions | undefined,
  persist: PersistOptions,
): Session {
  const { key } = persist;
  const warn = (message: string): void => {
    const text = `groundfacts: ${message}`;
    if (options?.onWarn) options.onWarn(text);
    else console.warn(text);
  };
  const storage = persist.storage === undefined ? defaultStorage() : persist.storage;
  if (!storage) return createSession(graph, navigate, options);

  let session: Session | undefined;
  let stored: string | null = null;
  try {
    stored = storage.getItem(key);
  } catch (error) {
    warn(`sessionStorage key "${key}" could not be read (${describe(error)}); starting a fresh session.`);
  }
  if (stored !== null) {
    try {
      session = createSession(graph, navigate, { ...options, restore: stored }); // the core parses and checks it
    } catch (error) {
      warn(`the session stored under sessionStorage key "${key}" was not restored (${describe(error)}); starting a fresh session.`);
      try {
        storage.removeItem(key);
      } catch {
        // the next write replaces it anyway
      }
    }
  }
  session ??= createSession(graph, navigate, options);

  const live = session;
  let writeFailed = false;
  const write = (): void => {
    let text: string;
    try {
      text = JSON.stringify(live.snapshot());
    } catch {
      return; // freed: nothing left to keep
    }
    try {
      storage.setItem(key, text);
      writeFailed = false;
    } catch (error) {
      if (!writeFailed) warn(`the session could not be saved under sessionStorage key "${key}" (${describe(error)}); a reload will start fresh.`);
      writeFailed = true;
    }
  };
  write();
  live.subscribe(write);
  return live;
}
