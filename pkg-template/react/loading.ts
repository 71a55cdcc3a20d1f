/**
 * groundfacts/react's side of loading (docs/loading.md): the module's status as an external store
 * (`useCore()`: the loaded module, or null while it loads and always in a server render and the
 * hydration render, docs/session.md §31), and graphs written at module scope without calling into the
 * module (`lazyGraph`, recipes). Uses `groundfacts/load` and React's `useSyncExternalStore`. Used by
 * index.ts, which re-exports `lazyGraph` and the types.
 */
import { useSyncExternalStore } from 'react';
import type { NavigationGraph } from 'groundfacts';
import { loadGroundfacts, loadedGroundfacts, type GroundfactsModule } from 'groundfacts/load';

/** Whether the module is still loading, loaded, or could not be loaded (`groundfactsLoadError()`). */
export type GroundfactsStatus = 'loading' | 'ready' | 'failed';

const loadListeners = new Set<() => void>();
let loadSettled = false;
function settleLoad(): void {
  loadSettled = true;
  for (const listener of [...loadListeners]) listener();
}
// Importing groundfacts/load started the request; this only listens for its end.
loadGroundfacts().then(settleLoad, settleLoad);

export function subscribeLoad(listener: () => void): () => void {
  if (loadSettled) return () => undefined;
  loadListeners.add(listener);
  return () => {
    loadListeners.delete(listener);
  };
}
export const notLoaded = (): null => null;
export const noStatusChange = (): (() => void) => () => undefined;

/**
 * The loaded module, or null while it loads. A server render, and the hydration render that must
 * match it, read the server snapshot: always null (docs/session.md §31).
 */
export function useCore(): GroundfactsModule | null {
  return useSyncExternalStore(subscribeLoad, loadedGroundfacts, notLoaded);
}

/** The loaded core for a function called with a session or graph (which exist only once it is loaded). */
export function loadedCore(): GroundfactsModule {
  const core = loadedGroundfacts();
  if (core === null) {
    throw new Error('groundfacts: the module is not loaded yet, so there is no session or graph to use here; call this once loadGroundfacts() (groundfacts/load) has resolved.');
  }
  return core;
}

/**
 * A graph written at module scope without calling into the module: the provider builds it, once per
 * realm, when the module has loaded (`buildNavigationGraph(name, definition)`). A function
 * `(gf) => gf.buildNavigationGraph(…)` works the same way where the definition needs `fromRoutes` and
 * friends.
 */
export function lazyGraph(name: string, definition: Parameters<GroundfactsModule['buildNavigationGraph']>[1]): GraphRecipe {
  return (gf) => gf.buildNavigationGraph(name, definition);
}

/** A graph built when the module is there: the provider calls it once per realm with the module. */
export type GraphRecipe = (gf: GroundfactsModule) => NavigationGraph;

const recipes = new WeakMap<GraphRecipe, NavigationGraph>();
export function resolveGraph(core: GroundfactsModule, source: NavigationGraph | GraphRecipe): NavigationGraph {
  if (typeof source !== 'function') return source;
  const known = recipes.get(source);
  if (known !== undefined) return known;
  const built = source(core);
  recipes.set(source, built);
  return built;
}

