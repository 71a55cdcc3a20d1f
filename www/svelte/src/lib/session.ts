// One session per browser tab, made in the browser. On the server (SSR, prerendering) `session`
// is undefined, and every store, action and wiring of groundfacts/svelte accepts that.
import { browser } from '$app/environment';
import { createSession, matchRoute } from 'groundfacts';
import { reportState } from 'groundfacts/svelte';
import { get } from 'svelte/store';
import { graph } from './graph';
import { projects, toState } from './projects';

export { graph };

export const session = browser
  ? createSession(graph, undefined, {
      node: matchRoute(graph, window.location.pathname),
      state: toState(get(projects)),
      requireHumanApproval: true, // an agent's high-effect fire must cite a person's yes
    })
  : undefined;

// The store tap: the store's every value, projected, goes to session.updateState.
reportState(session, projects, toState);
