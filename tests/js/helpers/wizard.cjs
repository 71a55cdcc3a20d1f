// The seed's guarded-wizard definition (guarded-journeys.md, "The graph"), shared by the node tests.
// `app.path` is the app's own router position, which only the verify predicate can see.
'use strict';

const ROUTES = {
  projects: { route: '/projects', does: 'the Projects list' },
  wizard: { route: '/projects/new', does: 'the New Project wizard' },
  review: { route: '/projects/new/review', does: 'the Review step' },
};

const JOURNEYS = {
  'new-project': {
    does: 'Create a project: name it, pick a recipe, review it, create it',
    steps: ['name-it', 'pick-recipe', 'next-to-review', 'create-project'],
  },
};

/** The seed's definition object; `crossLinks` defaults to the seed's `true` (the control run passes false). */
function wizardDefinition(gf, app, { crossLinks = true } = {}) {
  return {
    sources: [gf.fromRoutes(ROUTES, crossLinks ? { crossLinks: true } : {}), gf.fromJourneys(JOURNEYS)],
    pages: {
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
            when: { 'project.name': { ne: '' } },
            input: { type: 'object', properties: { recipe: { type: 'string' } }, required: ['recipe'] },
            writes: ['project.recipe'],
            verify: { 'project.recipe': { ne: '' } },
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
      review: {
        actions: {
          'create-project': {
            does: 'Create the project',
            confirm: true,
            input: 'none',
            writes: ['projects.count'],
            verify: { 'projects.count': { gt: 0 } },
          },
        },
      },
    },
  };
}

function buildWizard(gf, app = { path: '/projects/new' }, options) {
  return gf.buildNavigationGraph('wizard', wizardDefinition(gf, app, options));
}

module.exports = { ROUTES, JOURNEYS, wizardDefinition, buildWizard };
