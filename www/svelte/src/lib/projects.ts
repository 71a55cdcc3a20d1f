// The wizard's store as a Svelte store: ../shared/store.ts (draft + created projects, the handlers
// the session calls by reference) wrapped in `readable`, and `toState`, the flat projection the
// graph's guards read. session.ts reports it; the pages render it.

import { readable } from 'svelte/store';
import { createProjectsStore, type Projection, type ProjectsState } from '$shared/store';

/** The store's handlers (nameIt, pickRecipe, createProject) are what the pages register. */
export const store = createProjectsStore();

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
