// The Projects list's rows (docs/graph.md §15, docs/session.md §34): the page's `rows` area repeats
// Star and Archive, so each exists once per project row and a fire names the row it is for. Each row
// component registers its own instance ({ id: project.id, label: project.name }) with handlers bound
// to that project; the agent picks a row by its label from whats_here's `lists`.
//
// The marks live in a small store of their own (plain subscribe), so the wizard's store stays as the
// seed has it: a star or an archive mark is the list's view of a project, not the project.

/** The projects page: its list area and the two actions each row carries. */
export const PROJECT_ROWS = {
  containers: {
    rows: { kind: 'area', does: 'One row per project', repeats: ['star', 'archive'] },
  },
  actions: {
    star: { does: 'Star the project (or unstar it)', input: 'none' },
    archive: { does: 'Archive the project', input: 'none' },
  },
} as const;

export interface RowMarks {
  starred: readonly string[];
  archived: readonly string[];
}

export interface RowMarksStore {
  get(): RowMarks;
  subscribe(listener: () => void): () => void;
  star(projectId: string): void;
  archive(projectId: string): void;
}

/** A marks store, empty. */
export function createRowMarks(): RowMarksStore {
  let marks: RowMarks = { starred: [], archived: [] };
  const listeners = new Set<() => void>();
  const set = (next: RowMarks): void => {
    marks = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => marks,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    star(projectId) {
      const on = marks.starred.includes(projectId);
      set({ ...marks, starred: on ? marks.starred.filter((id) => id !== projectId) : [...marks.starred, projectId] });
    },
    archive(projectId) {
      if (!marks.archived.includes(projectId)) set({ ...marks, archived: [...marks.archived, projectId] });
    },
  };
}

/** The one list both apps show. */
export const rowMarks = createRowMarks();
