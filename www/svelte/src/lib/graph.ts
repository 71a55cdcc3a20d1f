// The app's navigation graph: a guarded project wizard. Its pages come from SvelteKit's own route
// ids (the folders under src/routes/) through fromSvelteKitRoutes, a project's own page
// `/projects/[id]` included (a param route: matched, never cross-linked); its actions are declared on
// their pages; the review page's tabs and its upload flow come from www/shared/review.ts. Plain data,
// built at module scope on the server and in the browser alike. The one verify predicate asks the
// browser's URL, which the library cannot see. Used by session.ts and the layout. (The React demo
// builds the same graph from a path table, in www/shared/graph.ts.)

import { browser } from '$app/environment';
import { buildNavigationGraph, fromJourneys, fromSvelteKitRoutes } from 'groundfacts';
import { PROJECT_ROWS } from '$shared/project-rows';
import { REVIEW_CONTAINERS, UPLOAD_ACTIONS } from '$shared/review';

export const GRAPH_ID = 'wizard';

/** Page id → SvelteKit route id (the folder under src/routes/) and what the page is. */
export const ROUTES = {
  projects: { route: '/projects', does: 'the Projects list' },
  wizard: { route: '/projects/new', does: 'the New Project wizard' },
  review: { route: '/projects/new/review', does: 'the Review step' },
  project: { route: '/projects/[id]', does: "one project's page" },
};

export const JOURNEYS = {
  'new-project': {
    does: 'Create a project: name it, pick a recipe, review it, create it',
    steps: ['name-it', 'pick-recipe', 'next-to-review', 'create-project'],
  },
};

const currentPath = (): string => (browser ? window.location.pathname : '');

export const graph = buildNavigationGraph(GRAPH_ID, {
  sources: [fromSvelteKitRoutes(ROUTES, { crossLinks: true }), fromJourneys(JOURNEYS)],
  pages: {
    // The Projects list: each row carries Star and Archive, fired for one row (docs/graph.md §15).
    projects: PROJECT_ROWS,
    wizard: {
      actions: {
        'name-it': {
          does: 'Name the project',
          input: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          writes: ['project.name'],
          verify: { 'project.name': { ne: '' } },
        },
        'pick-recipe': {
          does: 'Pick the analysis recipe',
          when: { 'project.name': { ne: '' } }, // GUARDED: hidden until there is a project
          input: { type: 'object', properties: { recipe: { type: 'string' } }, required: ['recipe'] },
          writes: ['project.recipe'],
          verify: { 'project.recipe': { ne: '' } },
        },
        'next-to-review': {
          does: 'Go on to the review step',
          goTo: 'review',
          input: 'none', // click-only: it takes nothing
          enabledWhen: { 'project.recipe': { ne: '' } }, // GREYED, not hidden
          verify: () => currentPath() === ROUTES.review.route, // the browser's URL, which we cannot see
        },
      },
    },
    review: {
      containers: REVIEW_CONTAINERS, // its tabs (www/shared/review.ts)
      actions: {
        'create-project': {
          does: 'Create the project',
          confirm: true,
          input: 'none',
          writes: ['projects.count'],
          verify: { 'projects.count': { gt: 0 } },
        },
        ...UPLOAD_ACTIONS, // the data tab's Upload and Submit, greyed until the upload is done
      },
    },
  },
});
