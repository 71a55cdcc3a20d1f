// What the review page declares beyond the seed: its two tabs (containers, addressable as
// `review.summary` and `review.data`) and the data tab's two actions, Upload and Submit. Plain data,
// spread into the review page of both demos' graphs (www/shared/graph.ts for React, and
// www/svelte/src/lib/graph.ts), so the two apps declare the same thing once. Imports nothing.
//
// Nothing here is written twice: Submit's guard names the key it waits on, Upload declares that it
// writes that key, and the session derives from the two what frees Submit (`blockedBecause`,
// `unblockedBy` on its greyed row, `session.whatUnblocks('review.submit')`).

/** The review page's tabs, in the order the page shows them. */
export const REVIEW_TABS = ['summary', 'data'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];

/** The tab labels the page shows. */
export const TAB_LABELS: Record<ReviewTab, string> = { summary: 'Summary', data: 'Data' };

/** `pages.review.containers`: where inside the review page a reader can be. */
export const REVIEW_CONTAINERS = {
  summary: { kind: 'tab', does: "the draft's name and recipe, and Create" },
  data: { kind: 'tab', does: 'the plate-reader upload and its submission for QC' },
} as const;

/** The data tab's actions, added to `pages.review.actions` (the seed's create-project stays first). */
export const UPLOAD_ACTIONS = {
  upload: {
    does: 'Upload the plate-reader export',
    input: 'none',
    writes: ['upload.done'],
    verify: { 'upload.done': { eq: true } },
  },
  submit: {
    does: 'Submit the uploaded data for QC',
    input: 'none',
    enabledWhen: { 'upload.done': { eq: true } }, // GREYED until the upload is done
    writes: ['upload.submitted'],
    verify: { 'upload.submitted': { eq: true } },
  },
} as const;
