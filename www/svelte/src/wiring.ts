// Svelte bindings for the shared core: mount-scoped action registration.
import { onMount } from 'svelte';
import type { Demo, Session } from '../../shared/demo';

type ActionSpec = Parameters<Session['registerActions']>[1];

/** Call during component init: registerActions when the component mounts, unregister when it unmounts. */
export function registerWhileMounted(demo: Demo, page: string, spec: ActionSpec): void {
  onMount(() => {
    const group = demo.session.registerActions(page, spec);
    demo.changed();
    return () => {
      group.unregister();
      demo.changed();
    };
  });
}
