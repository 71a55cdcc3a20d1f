// Svelte bindings for the shared core: mount-scoped action registration.
import { onMount } from 'svelte';
import { mountActions, type ActionSpec, type Demo } from '../../shared/demo';

/** Call during component init: registerActions when the component mounts, unregister when it unmounts. */
export function registerWhileMounted(demo: Demo, page: string, spec: ActionSpec): void {
  onMount(() => mountActions(demo, page, spec));
}
