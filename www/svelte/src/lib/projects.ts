// The wizard's store as a Svelte store: ../shared/store.ts (draft + created projects, the handlers
// the session calls by reference) wrapped in `readable`, and `toState`, the flat projection the
// graph's guards read. session.ts reports it; the pages render it. In the browser the store's state
// is kept in sessionStorage beside the session's record, so after a reload the app and the session
// agree (the session is restored; the app's state is the app's to keep).

import { browser } from '$app/environment';
import { readable } from 'svelte/store';
import { createProjectsStore, type Projection, type ProjectsState } from '$shared/store';

const KEY = 'groundfacts-demo:projects';

/** The state this tab saved before a reload, if any (anything unreadable: start empty). */
function saved(): ProjectsState | undefined {
  if (!browser) return undefined;
  try {
    const text = sessionStorage.getItem(KEY);
    const state: unknown = text === null ? undefined : JSON.parse(text);
    const { draftName, draftRecipe, projects } = (state ?? {}) as Partial<ProjectsState>;
    if (typeof draftName !== 'string' || typeof draftRecipe !== 'string' || !Array.isArray(projects)) return undefined;
    return { draftName, draftRecipe, projects };
  } catch {
    return undefined;
  }
}

/** The store's handlers (nameIt, pickRecipe, createProject) are what the pages register. */
export const store = createProjectsStore(saved());

if (browser) {
  // Saved on every change, before the session hears of it (session.ts subscribes after this).
  store.subscribe(() => {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(store.get()));
    } catch {
      // storage full or refused: this tab's state just won't outlive a reload
    }
  });
}

/** Every change of the store, as a Svelte store (the store notifies even when nothing changed). */
export const projects = readable<ProjectsState>(store.get(), (set) => store.subscribe(() => set(store.get())));

/** The flat state the session is told about: exactly the keys the graph's guards read. */
export function toState(state: ProjectsState): Projection {
  return {
    'project.name': state.draftName,
    'project.recipe': state.draftRecipe,
    'projects.count': state.projects.length,
  };
}
