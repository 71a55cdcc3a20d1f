// The review page's data tab: a pretend upload of the plate-reader export, and the submission it
// unlocks. Shared by both demos, framework-neutral, and (like every file here) importing nothing from
// the package: the few session and group calls it makes are written out below as shapes.
//
// How the two actions meet the session (www/shared/review.ts declares them):
// - `review.upload`'s handler calls `start(session)`. It does not report anything inside the handler:
//   a report there would be credited to this fire at once (docs/session.md §5, rung 3) and the verify
//   contract (`upload.done` true) would fail. It notes the fire's transition id from `session.pending()`
//   and returns; the fire stays open, awaiting state. When the pretend upload finishes, the store
//   reports `{ 'upload.done': true }` naming that fire (rung 1), so the block credits it as observed.
// - While uploading, `bindBusy` keeps the app's own sentence on the Upload control
//   (`group.setBusy('upload', label)`); a second fire meanwhile is refused `BUSY` by the session.
// - `review.submit` is greyed by the graph (`enabledWhen: { 'upload.done': { eq: true } }`) until then;
//   its handler `submit(session)` reports `upload.submitted` inside its own window.
// The progress ticks only re-render the app: they are never reported, so no report reaches the queue
// while the upload fire is open (a report outside a handler would be credited to it by queue order).

/** The session calls this store makes (the package's `Session` fits). */
export interface UploadSession {
  pending(): readonly { id: string; affordanceId: string }[];
  updateState(delta: Record<string, unknown>, options?: { transitionId?: string }): unknown;
}

/** What `bindBusy` uses of a registration handle (the package's `ActionGroup` fits). */
export interface BusyGroup {
  setBusy(name: string, label: string | null): void;
}

/** The Upload action's id and its name on the review page. */
export const UPLOAD_ACTION = 'review.upload';
export const SUBMIT_ACTION = 'review.submit';

/** The pretend file and how long its pretend upload takes. */
export const UPLOAD_FILE = 'plate-reader-export.csv';
export const UPLOAD_MS = 2400;
const TICKS = 8;

export type UploadStatus = 'idle' | 'uploading' | 'done';

export interface UploadState {
  status: UploadStatus;
  /** 0–100 while uploading; 100 once done. */
  progress: number;
  submitted: boolean;
}

/** The flat keys this store reports, as the graph's guards and verify contracts read them. */
export interface UploadProjection {
  'upload.done': boolean;
  'upload.submitted': boolean;
  [key: string]: boolean;
}

/** Where the store keeps itself across a reload (`sessionStorage` fits). */
export interface UploadStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface UploadStore {
  get(): UploadState;
  projection(): UploadProjection;
  subscribe(listener: () => void): () => void;
  /** The app's own sentence for the Upload control while an upload runs; null when none does. */
  busyLabel(): string | null;
  /**
   * Upload's handler: starts the pretend upload. A no-op while one runs, and once the file is up: then
   * the Upload fire's verify already holds, and the session says so (`alreadyTrue`) instead of
   * waiting for a report nothing would send.
   */
  start(session: UploadSession): void;
  /** Submit's handler: marks the data submitted and reports it inside its own fire. */
  submit(session: UploadSession): void;
  /**
   * After a reload: an Upload fire the restored session still holds open belongs to an upload that
   * died with the page (this store never restores a running one). Reports `upload.done: false` naming
   * each such fire, so the block reads it as not happened and Submit's `unblockedBy` stops calling
   * Upload running. Call it once the session exists; a no-op while this page's own upload runs.
   */
  reportLostUploads(session: UploadSession): void;
  /**
   * Keeps `group`'s `name` busy with `busyLabel()` while an upload runs, now and on every change;
   * returns the function that stops (call it before `group.unregister()`).
   */
  bindBusy(group: BusyGroup, name: string): () => void;
}

const FRESH: UploadState = { status: 'idle', progress: 0, submitted: false };

/**
 * The stored state, when there is one of this shape. An upload that was running when the page went
 * away did not survive it (there is no upload to resume): it comes back as not uploaded.
 */
function restored(storage: UploadStorage | undefined, key: string): UploadState {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    if (typeof value !== 'object' || value === null) return FRESH;
    const { status, submitted } = value as Record<string, unknown>;
    if (status === 'done' && typeof submitted === 'boolean') return { status, progress: 100, submitted };
    return FRESH;
  } catch {
    return FRESH;
  }
}

/** A store kept in `storage` under `key` (none: it starts fresh on every load). */
export function createUploadStore(storage?: UploadStorage, key = 'lab-projects:upload'): UploadStore {
  let state = restored(storage, key);
  const listeners = new Set<() => void>();
  const groups = new Map<BusyGroup, string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let shownLabel: string | null = null;

  function set(next: UploadState): void {
    state = next;
    try {
      storage?.setItem(key, JSON.stringify(state));
    } catch {
      // no room: the app goes on; a reload starts this store fresh
    }
    const label = store.busyLabel();
    // The label is one sentence per upload (progress ticks do not change it): a change of the served
    // rows is a change of the session, so it is set when an upload starts and cleared when it ends.
    if (label !== shownLabel) {
      shownLabel = label;
      for (const [group, name] of groups) group.setBusy(name, label);
    }
    for (const listener of [...listeners]) listener();
  }

  const store: UploadStore = {
    get: () => state,
    projection: () => ({ 'upload.done': state.status === 'done', 'upload.submitted': state.submitted }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    busyLabel: () => (state.status === 'uploading' ? `Uploading ${UPLOAD_FILE}; it takes a few seconds.` : null),
    start(session) {
      if (state.status !== 'idle') return;
      // The fire whose handler this is: the newest open Upload fire (docs/session.md §15: while a
      // handler runs, its own record is already in pending()).
      const fire = [...session.pending()].reverse().find((p) => p.affordanceId === UPLOAD_ACTION);
      const transitionId = fire?.id;
      let ticks = 0;
      set({ status: 'uploading', progress: 0, submitted: false });
      timer = setInterval(() => {
        ticks += 1;
        if (ticks < TICKS) {
          set({ ...state, progress: Math.round((100 * ticks) / TICKS) });
          return;
        }
        clearInterval(timer);
        timer = undefined;
        // The report first, naming the fire it settles (a person's fire of Upload from the page is
        // one too); then the store's own change, which clears the busy label.
        session.updateState({ 'upload.done': true }, transitionId === undefined ? {} : { transitionId });
        set({ status: 'done', progress: 100, submitted: false });
      }, UPLOAD_MS / TICKS);
    },
    submit(session) {
      set({ ...state, submitted: true });
      session.updateState({ 'upload.submitted': true });
    },
    reportLostUploads(session) {
      if (state.status !== 'idle') return;
      for (const fire of session.pending().filter((p) => p.affordanceId === UPLOAD_ACTION)) {
        session.updateState({ 'upload.done': false }, { transitionId: fire.id });
      }
    },
    bindBusy(group, name) {
      groups.set(group, name);
      const label = store.busyLabel();
      if (label !== null) group.setBusy(name, label);
      return () => {
        groups.delete(group);
      };
    },
  };
  return store;
}
