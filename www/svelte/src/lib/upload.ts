// The review page's pretend upload (../shared/upload.ts) as the tab's singleton, kept in
// sessionStorage beside the wizard's store (a running upload does not survive a reload), and its
// state as a Svelte `readable` for the page. On the server there is no storage: it starts fresh.

import { browser } from '$app/environment';
import { readable } from 'svelte/store';
import { createUploadStore, type UploadState, type UploadStorage } from '$shared/upload';

function tabStorage(): UploadStorage | undefined {
  if (!browser) return undefined;
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The upload's handlers (`start`, `submit`) and `bindBusy` are what the review page wires. */
export const upload = createUploadStore(tabStorage(), 'groundfacts-demo:upload');

/** Every change of the upload (progress ticks included), as a Svelte store. */
export const uploadState = readable<UploadState>(upload.get(), (set) => upload.subscribe(() => set(upload.get())));
