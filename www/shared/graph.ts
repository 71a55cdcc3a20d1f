// The seed's guarded wizard graph (guarded-journeys.md), copied as the seed declares it.
//
// Two sources — the router's table read with cross-links, and the app's funnel list — plus the
// actions that live on each page. The one verify predicate asks the app's own router, which the
// library cannot see. The review page adds what the seed does not have: two tabs and an upload that
// greys Submit until it is done (www/shared/review.ts). An app whose router has its own table (React Router's route objects) passes
// the source read from it; the default reads ROUTES with `fromRoutes`.

import { buildNavigationGraph, fromJourneys, fromRoutes, type RoutesSource } from 'groundfacts';

import { PROJECT_ROWS } from './project-rows';
import { REVIEW_CONTAINERS, UPLOAD_ACTIONS } from './review';
import { GRAPH_ID } from './wizard-id';

export { GRAPH_ID };

export const ROUTES = {
  projects: { route: '/projects', does: 'the Projects list' },
  wizard: { route: '/projects/new', does: 'the New Project wizard' },
  review: { route: '/projects/new/review', does: 'the Review step' },
};

export const JOURNEYS = {
  'new-project': {
    does: 'Create a project: name it, pick a recipe, review it, create it',
    steps: ['name-it', 'pick-recipe', 'next-to-review', 'create-project'],
  },
};

export type WizardGraph = ReturnType<typeof buildNavigationGraph>;

/**
 * `routerPath` reads the live URL; the next-to-review verify contract asks it. `routes` is the router's
 * table as a source: its pages must include `projects`, `wizard` and `review` at the paths in ROUTES.
 */
export function buildWizardGraph(
  routerPath: () => string,
  routes: RoutesSource = fromRoutes(ROUTES, { crossLinks: true }),
): WizardGraph {
  return buildNavigationGraph(GRAPH_ID, {
    sources: [routes, fromJourneys(JOURNEYS)],
    pages: {
      // The Projects list: each row carries Star and Archive (docs/graph.md §15), fired for one row.
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
            verify: () => routerPath() === ROUTES.review.route, // the app's router, which we cannot see
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
          ...UPLOAD_ACTIONS, // the data tab's Upload and Submit (www/shared/review.ts)
        },
      },
    },
  });
}
