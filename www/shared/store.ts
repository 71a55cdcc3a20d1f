// The demo app's store: the project draft and the list of created projects.
//
// A deliberately plain store (state + subscribe) so the React and the Svelte app bind to the same
// thing their own way. Its handlers are the functions the session calls by reference; `projection()`
// is the flat view the session is told about on every change (`updateState`).

export interface Project {
  id: string;
  name: string;
  recipe: string;
}

export interface ProjectsState {
  draftName: string;
  draftRecipe: string;
  projects: Project[];
}

/** The flat projection reported to the session: exactly the keys the graph's guards read. */
export interface Projection {
  'project.name': string;
  'project.recipe': string;
  'projects.count': number;
  [key: string]: string | number;
}

/** The recipes this app knows. `pickRecipe` ignores anything else — the seed's deliberate bug. */
export const RECIPES: readonly string[] = ['dose-response', 'time-course', 'screening-panel'];

export interface ProjectsStore {
  get(): ProjectsState;
  projection(): Projection;
  subscribe(listener: () => void): () => void;
  nameIt(input: unknown): void;
  pickRecipe(input: unknown): void;
  createProject(): { projectId: string };
}

function stringField(input: unknown, key: string): string {
  if (typeof input === 'object' && input !== null && key in input) {
    const value: unknown = (input as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : '';
  }
  return '';
}

/** A new store: empty, or starting from `initial` (an app that keeps its state across reloads). */
export function createProjectsStore(initial?: ProjectsState): ProjectsStore {
  let state: ProjectsState = initial ?? { draftName: '', draftRecipe: '', projects: [] };
  const listeners = new Set<() => void>();

  function set(next: ProjectsState): void {
    state = next;
    // Notify even when nothing changed: a real store does, and that is what makes the bad
    // recipe's report look exactly like a success to everything but the verify contract.
    for (const listener of [...listeners]) listener();
  }

  return {
    get: () => state,
    projection: () => ({
      'project.name': state.draftName,
      'project.recipe': state.draftRecipe,
      'projects.count': state.projects.length,
    }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    nameIt(input) {
      set({ ...state, draftName: stringField(input, 'name') });
    },
    pickRecipe(input) {
      const recipe = stringField(input, 'recipe');
      // THE APP'S BUG, kept on purpose: an unknown recipe matches nothing, the handler returns
      // normally and the store still notifies. Only the graph's verify contract catches it.
      const known = RECIPES.includes(recipe);
      set({ ...state, draftRecipe: known ? recipe : state.draftRecipe });
    },
    createProject() {
      const projectId = `prj-${state.projects.length + 1}`;
      set({
        ...state,
        projects: [...state.projects, { id: projectId, name: state.draftName, recipe: state.draftRecipe }],
      });
      return { projectId };
    },
  };
}
