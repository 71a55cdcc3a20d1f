// The app's mutable singletons: its store (draft + projects, shared/store.ts), the review page's
// upload (shared/upload.ts) and what onWarn said.
//
// The store survives a reload the way the session does: kept in this tab's sessionStorage and read
// back when the module loads. The provider restores the session's record (`persist` in main.tsx),
// and that record includes the state the store tap reported; were the store to start empty again,
// the tap would report the difference as a change nobody made.
import { createProjectsStore, type ProjectsState } from '../../shared/store';
import { createUploadStore, type UploadStorage } from '../../shared/upload';

const STORE_KEY = 'lab-projects:store';

/** The stored state when it has the store's shape; anything else (absent, damaged, no storage) is none. */
function storedState(): ProjectsState | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const { draftName, draftRecipe, projects } = value as Record<string, unknown>;
    const project = (p: unknown): boolean =>
      typeof p === 'object' && p !== null && ['id', 'name', 'recipe'].every((k) => typeof (p as Record<string, unknown>)[k] === 'string');
    if (typeof draftName !== 'string' || typeof draftRecipe !== 'string' || !Array.isArray(projects) || !projects.every(project)) {
      return undefined;
    }
    return { draftName, draftRecipe, projects } as ProjectsState;
  } catch {
    return undefined;
  }
}

export const store = createProjectsStore(storedState());

store.subscribe(() => {
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(store.get()));
  } catch {
    // No storage (or a full one): the app still works; a reload starts the store empty.
  }
});

/** This tab's sessionStorage, or none where it may not be touched. */
function tabStorage(): UploadStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The data tab's pretend upload; kept across a reload like the store (a running one is not). */
export const upload = createUploadStore(tabStorage(), 'lab-projects:upload');

/** What onWarn said, newest last; the widget lists them. */
export const warnings: string[] = [];
