// React bindings for the shared core: the store, the router and the session's change signal.
import { useEffect, useSyncExternalStore } from 'react';
import { mountActions, type ActionSpec, type Demo } from '../../shared/demo';
import type { ProjectsState } from '../../shared/store';

export function useProjects(demo: Demo): ProjectsState {
  return useSyncExternalStore(demo.store.subscribe, demo.store.get);
}

export function usePath(demo: Demo): string {
  return useSyncExternalStore(demo.router.subscribe, demo.router.path);
}

/** Re-render whenever the session may have moved (fires, reports, asks, mounts). */
export function useRevision(demo: Demo): number {
  return useSyncExternalStore(demo.onChange, demo.revision);
}

/** Mount-scoped wiring: registerActions when the component mounts, unregister when it unmounts. */
export function useRegisterActions(demo: Demo, page: string, spec: () => ActionSpec, deps: readonly unknown[]): void {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => mountActions(demo, page, spec()), [demo, page, ...deps]);
}
