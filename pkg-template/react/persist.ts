/**
 * `<GroundfactsProvider persist>`: the provider's session restored from a `Storage` on creation and
 * written back a microtask after every change (docs/session.md §20). Uses the core's `createSession`
 * (from the loaded module the provider passes in: docs/loading.md), `session.snapshot` and
 * `session.subscribe`. Used by index.ts, which re-exports its public names.
 */
import type { NavigationGraph, Session, SessionOptions } from 'groundfacts';
import type { GroundfactsModule } from 'groundfacts/load';
import type { Navigate } from './index.js';

/** What the provider uses of a `Storage` (`sessionStorage`, `localStorage`, or an app's own). */
export interface PersistStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The object form of `persist`. */
export interface PersistOptions {
  /** The record's name; it is stored under `groundfacts:session:<key>`. One provider per key on a page. */
  key: string;
  /**
   * Where the record lives. Default: `sessionStorage` (this tab's, survives reloads, gone with the tab).
   * `null`, or no storage in this environment (a server render), turns persistence off.
   */
  storage?: PersistStorage | null | undefined;
}

/** The storage key a `persist` name is kept under. */
export function persistKey(key: string): string {
  return `groundfacts:session:${key}`;
}

/**
 * The page's `sessionStorage`, or null off a page or where it may not be touched. A server has no tab:
 * a runtime that offers a process-wide `sessionStorage` (Node 25, Deno) would share one record between
 * every request, so only a browsing context (a `window` with a `document`) gets one.
 */
function defaultStorage(): PersistStorage | null {
  try {
    return typeof window === 'undefined' || typeof document === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // a sandboxed frame or blocked storage throws on access
  }
}

/** An error's code and message, without our prefix (the warning that quotes it has its own). */
function describe(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? `${String(error.code)}: ` : '';
  const message = error instanceof Error ? error.message : String(error);
  return code + message.replace(/^groundfacts: /, '');
}

/**
 * Makes the provider's session. Without `persist`, `createSession(graph, navigate, options)` (plus
 * the router's page as `node`). With it, the stored snapshot, when there is one, is passed as
 * `restore` (the router's page is not: the restored session is where it was, and the router wiring
 * reports a different location as the person's move); a refused or unreadable record is a warning
 * through `options.onWarn` (default `console.warn`) and a fresh session. Either way the session then
 * writes its snapshot now and a microtask after every change (one write per burst of changes).
 */
export function createProviderSession(
  core: GroundfactsModule,
  graph: NavigationGraph,
  navigate: Navigate | undefined,
  options: SessionOptions | undefined,
  node: string | undefined,
  persist: string | PersistOptions | undefined,
): Session {
  const fresh = (): Session => core.createSession(graph, navigate, node === undefined ? options : { ...options, node });
  if (persist === undefined) return fresh();
  const spec: PersistOptions = typeof persist === 'string' ? { key: persist } : persist;
  const storage = spec.storage === undefined ? defaultStorage() : spec.storage;
  if (storage === null) return fresh();
  const where = `"${persistKey(spec.key)}"`;
  const warn = (message: string): void => {
    const onWarn = options?.onWarn;
    if (onWarn) onWarn(message);
    else console.warn(message);
  };

  let session: Session | null = null;
  let stored: string | null = null;
  try {
    stored = storage.getItem(persistKey(spec.key));
  } catch (error) {
    warn(`groundfacts: <GroundfactsProvider persist> could not read ${where} from its storage (${describe(error)}); the session starts fresh.`);
  }
  if (stored !== null) {
    try {
      // The stored JSON text as it is: the core parses it, and a damaged one is its typed refusal.
      const { node: _ignored, ...rest } = options ?? {};
      session = core.createSession(graph, navigate, { ...rest, restore: stored });
    } catch (error) {
      warn(
        `groundfacts: <GroundfactsProvider persist> did not restore the session stored under ${where} ` +
          `(${describe(error)}); the session starts fresh and its record replaces the stored one.`,
      );
    }
  }
  session ??= fresh();
  keepPersisted(session, storage, persistKey(spec.key), where, warn);
  return session;
}

/**
 * Writes `session.snapshot()` under `key` now and a microtask after each change, until it is freed.
 * When a write fails the stored record is removed, never left behind: an older record restored after
 * a reload would leave out what happened since, which is what the facts block exists to prevent.
 */
function keepPersisted(session: Session, storage: PersistStorage, key: string, where: string, warn: (message: string) => void): void {
  let scheduled = false;
  let broken = false;
  const giveUp = (what: string, error: unknown, fix: string): void => {
    broken = true; // one warning, not one per change
    let removed = true;
    try {
      storage.removeItem(key);
    } catch {
      removed = false;
    }
    warn(
      `groundfacts: <GroundfactsProvider persist> ${what} (${describe(error)}); the session goes on but is no longer kept under ${where}` +
        `${removed ? ' (the stored record was removed: a reload starts fresh)' : ''}. ${fix}`,
    );
  };
  const write = (): void => {
    scheduled = false;
    if (broken) return;
    let text: string;
    try {
      text = JSON.stringify(session.snapshot());
    } catch (error) {
      // A session freed before this microtask ran has nothing more to keep; its last record stays. So
      // does one the module's restart after a trap retired (MODULE_RESET, docs/session.md §24): that
      // record is what a new session continues from.
      if (typeof error === 'object' && error !== null && 'code' in error && (error.code === 'SESSION_FREED' || error.code === 'MODULE_RESET')) return;
      giveUp("could not take the session's snapshot", error, 'This is a bug of groundfacts: please report it.');
      return;
    }
    try {
      storage.setItem(key, text);
    } catch (error) {
      giveUp(
        `could not write ${text.length} characters`,
        error,
        'Free space in the storage, keep fewer rows (`options.retain`) or give `persist` another storage.',
      );
    }
  };
  // Held for the session's life (session.free() drops it), like the change tracker's subscription.
  session.subscribe(() => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(write);
  });
  write();
}

