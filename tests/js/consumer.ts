// Pins the public .d.ts from a TypeScript consumer's side: the seed's own code type-checks under
// `strict`, and the results are typed (no `any` leaks: `noImplicitAny` plus the assignments below).
import {
  buildNavigationGraph,
  fromJourneys,
  fromRoutes,
  matchRoute,
  GraphValidationError,
  type NavigationGraph,
} from '../../pkg/groundfacts';

const app = { path: '/projects/new' };

export const ROUTES = {
  projects: { route: '/projects', does: 'the Projects list' },
  wizard: { route: '/projects/new', does: 'the New Project wizard' },
  review: { route: '/projects/new/review', does: 'the Review step' },
} as const;

export const JOURNEYS = {
  'new-project': {
    does: 'Create a project: name it, pick a recipe, review it, create it',
    steps: ['name-it', 'pick-recipe', 'next-to-review', 'create-project'],
  },
} as const;

export const graph: NavigationGraph = buildNavigationGraph('wizard', {
  sources: [fromRoutes(ROUTES, { crossLinks: true }), fromJourneys(JOURNEYS)],
  pages: {
    wizard: {
      actions: {
        'name-it': {
          does: 'Name the project',
          input: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          writes: ['project.name'],
          verify: { 'project.name': { ne: '' } },
        },
        'next-to-review': {
          does: 'Go on to the review step',
          goTo: 'review',
          input: 'none',
          enabledWhen: { 'project.recipe': { ne: '' } },
          verify: () => app.path === '/projects/new/review',
        },
      },
    },
  },
});

const id: string = graph.id;
const pages: string[] = graph.pages();
const actions: string[] = graph.actionIds();
const page: string | undefined = matchRoute(graph, app.path);

try {
  fromRoutes({ project: '/projects/:id' }, { crossLinks: ['project'] });
} catch (err) {
  if (err instanceof GraphValidationError) {
    const code: string = err.code;
    const message: string = err.message;
    void code;
    void message;
  }
}

void [id, pages, actions, page];
