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
 * - `reportState`: the store tap — a Svelte store's every value, projected, goes to `updateState`.
 * - `connectSvelteKit`: SvelteKit's `goto` becomes the session's navigate (`setNavigate`), and every
 *   `afterNavigate` is reported with `sync(page, { principal: 'user' })` (decisions 27 and 28).
 * - `createPersistedSession`: `createSession` that keeps the record in `sessionStorage` (the core's
 *   `session.snapshot()` written on every change, handed back as `restore` on the next load), so a
 *   reload continues the record; a refused or unreadable snapshot warns and starts fresh.
 *
 * Uses the core package (`groundfacts`) and `svelte/store`; it imports nothing from SvelteKit (the
 * app passes `goto` and `afterNavigate` in) and no component lifecycle, so it loads on the server as
 * in the browser. Built to `pkg/svelte/index.js` + `.d.ts` and exported as `groundfacts/svelte`.
 */

import {
  createSession,
  matchRoute,
  type ActionGroup,
  type Available,
  type AskStatus,
  type ContextBrief,
  type ContextBriefOptions,
  type GroundTruthOptions,
  type NavigationGraph,
  type RegisterActionsSpec,
  type RenderedBlock,
  type Session,
  type SessionOptions,
  type WhereInPage,
} from 'groundfacts';
import { readable, type Readable } from 'svelte/store';

/** A session, or none yet: on the server, and in the browser before the app has created it. */
export type MaybeSession = Session | null | undefined;

/**
 * A store of `read(session)`, re-read after every change the session reports through
 * `session.subscribe`; `empty` while there is no session. `same` (default `Object.is`) decides when
 * a re-read is news; the store only notifies its subscribers then.
 */
export function fromSession<T>(
  session: MaybeSession,
  read: (session: Session) => T,
  empty: T,
  same: (previous: T, next: T) => boolean = Object.is,
): Readable<T> {
  if (!session) return readable(empty);
  return readable(empty, (set) => {
    let last = read(session);
    set(last);
    return session.subscribe(() => {
      const next = read(session);
      if (same(last, next)) return;
      last = next;
      set(next);
    });
  });
}

const sameBlock = (a: RenderedBlock | undefined, b: RenderedBlock | undefined): boolean =>
  a?.text === b?.text && a?.version === b?.version && a?.node === b?.node;
const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sameOffer = (a: Available | undefined, b: Available | undefined): boolean =>
  a?.node === b?.node && sameJson(a?.edges, b?.edges) && sameJson(a?.journeys, b?.journeys);

/** The facts block (`session.groundTruth(options)`) as a store; `undefined` without a session. */
export function groundTruth(session: MaybeSession, options?: GroundTruthOptions): Readable<RenderedBlock | undefined> {
  return fromSession<RenderedBlock | undefined>(session, (s) => s.groundTruth(options), undefined, sameBlock);
}

/** The brief (`session.contextBrief(options)`) as a store; `undefined` without a session. */
export function contextBrief(session: MaybeSession, options?: ContextBriefOptions): Readable<ContextBrief | undefined> {
  return fromSession<ContextBrief | undefined>(session, (s) => s.contextBrief(options), undefined, sameBlock);
}

/**
 * What is on offer here, now (`session.available()`) as a store; `undefined` without a session. It
 * notifies when the page, the actions or the journeys on offer change, not on every version bump:
 * its `version` is the one at which the offer last changed.
 */
export function available(session: MaybeSession): Readable<Available | undefined> {
  return fromSession<Available | undefined>(session, (s) => s.available(), undefined, sameOffer);
}

/** The human's asks (`session.asks()`) as a store; `[]` without a session. */
export function asks(session: MaybeSession): Readable<AskStatus[]> {
  return fromSession<AskStatus[]>(session, (s) => s.asks(), [], sameJson);
}

/**
 * Where inside the page the reader is (`session.whereInPage()`: the page, the focused container path,
 * the visible containers) as a store; `undefined` without a session. Notifies when any of them changes.
 */
export function whereInPage(session: MaybeSession): Readable<WhereInPage | undefined> {
  return fromSession<WhereInPage | undefined>(session, (s) => s.whereInPage(), undefined, sameJson);
}

/** What `use:registerActions` and `attachActions` take: the session, the page, and the spec. */
export interface ActionsParameter extends RegisterActionsSpec {
  /** Nothing is registered while there is no session; it registers once the parameter has one. */
  session: MaybeSession;
  /** The page id the actions live on. */
  page: string;
  /**
   * Busy marks in the app's own words (`group.setBusy`, docs/session.md §22): a name mapped to a
   * string is busy with that sentence, to `null` (or left out) is not. Changing only this (or
   * `enabled`) updates the live group without re-registering.
   */
  busy?: { readonly [name: string]: string | null };
}

/** Svelte's action contract (`svelte/action`), spelled out so this file needs no Svelte types. */
export interface ActionsActionReturn {
  update(parameter: ActionsParameter): void;
  destroy(): void;
}

function register(parameter: ActionsParameter): ActionGroup | undefined {
  const { session, page, handlers, actions, enabled } = parameter;
  if (!session) return undefined;
  const spec: RegisterActionsSpec = {};
  if (handlers) spec.handlers = handlers;
  if (actions) spec.actions = actions;
  if (enabled) spec.enabled = enabled;
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
  return a.session === b.session && a.page === b.page && sameEntries(a.handlers, b.handlers) && sameEntries(a.actions, b.actions);
}

/**
 * The mount-scoped registration both forms share: registers now, follows parameter changes (a
 * changed `enabled` map is applied with `group.setEnabled`, a changed `busy` map with
 * `group.setBusy`; any other change re-registers), and unregisters on destroy.
 */
function mountScoped(initial: ActionsParameter): ActionsActionReturn {
  let current = initial;
  let group = register(initial);
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
      current = next;
      group = register(next);
    },
    destroy() {
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
export function registerActions(element: Element, parameter: ActionsParameter): ActionsActionReturn {
  void element;
  return mountScoped(parameter);
}

/**
 * A Svelte attachment (Svelte ≥ 5.29): `<section {@attach attachActions(session, 'review', { handlers })}>`.
 * Registers when the element mounts and unregisters when it goes; Svelte re-runs it (unregister,
 * register) when anything the expression reads changes.
 */
export function attachActions(
  session: MaybeSession,
  page: string,
  spec: Omit<ActionsParameter, 'session' | 'page'> = {},
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
export function reportState<T>(session: MaybeSession, store: StoreLike<T>, project: (value: T) => Record<string, unknown>): () => void {
  if (!session) return () => {};
  let subscribing = true;
  const stop = store.subscribe((value) => {
    const projection = project(value);
    if (subscribing && holds(session.state(), projection)) return;
    session.updateState(projection);
  });
  subscribing = false;
  return typeof stop === 'function' ? stop : () => stop.unsubscribe();
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
export function connectSvelteKit(session: MaybeSession, graph: NavigationGraph, kit: SvelteKitNavigation): () => void {
  if (!session) return () => {};
  let connected = true;
  session.setNavigate((href: string) => kit.goto(href));
  kit.afterNavigate(({ to }) => {
    if (!connected || !to) return;
    const path = to.url.pathname;
    session.sync(matchRoute(graph, path) ?? path, { principal: 'user' });
  });
  return () => {
    connected = false;
    session.setNavigate(null);
  };
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
  storage?: StorageLike | null;
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
