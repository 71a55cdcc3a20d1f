// One session per browser tab, made in the browser and kept in sessionStorage: a reload continues
// the record (same version, same facts block). On the server (SSR, prerendering) `session` is
// undefined, and every store, action and wiring of groundfacts/svelte accepts that. `liveSession`
// makes it a store that outlives a module restart (a trap): the helpers follow the new session, and
// a direct call reads the session now, `session?.current` (`$session` in a component).
import { browser } from '$app/environment';
import { matchRoute } from 'groundfacts';
import { liveSession, reportState } from 'groundfacts/svelte';
import { get } from 'svelte/store';
import { graph } from './graph';
import { projects, toState } from './projects';
import { upload } from './upload';

export { graph };

export const session = browser
  ? liveSession(
      graph,
      undefined,
      {
        node: matchRoute(graph, window.location.pathname),
        state: { ...toState(get(projects)), ...upload.projection() },
        redact: { keys: ['auth.*'] }, // these store keys reach the model only as '[redacted]'
        requireHumanApproval: true, // an agent's high-effect fire must cite a person's yes
      },
      { key: 'groundfacts-demo:session' }, // the record survives a reload of this tab
    )
  : undefined;

// A restored session may hold an Upload fire whose upload died with the old page: say so.
if (session?.current) upload.reportLostUploads(session.current);

// The store tap: the store's every value, projected, goes to session.updateState.
reportState(session, projects, toState);
