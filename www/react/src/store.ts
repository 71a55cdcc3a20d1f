// The app's mutable singletons: its store (draft + projects, shared/store.ts) and what onWarn said.
import { createProjectsStore } from '../../shared/store';

export const store = createProjectsStore();

/** What onWarn said, newest last; the widget lists them. */
export const warnings: string[] = [];
