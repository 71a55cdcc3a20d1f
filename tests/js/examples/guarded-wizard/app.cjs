// The seed's guarded-wizard app without a DOM: its own store, its own router, its own handlers (with the
// deliberate recipe bug), wired to groundfacts the way guarded-journeys.md describes — the app's navigate,
// two registerActions calls binding existing functions by reference, and two taps (store → updateState,
// router → sync). Used by transcript.cjs, the transcript test and the bench.
'use strict';

const { wizardDefinition } = require('../../helpers/wizard.cjs');

/** The recipes this app knows. Anything else is the field's own bug: the handler matches nothing. */
const RECIPES = ['dose-response', 'time-course'];

function createStore(initial) {
  let state = { ...initial };
  const listeners = [];
  return {
    get: () => ({ ...state }),
    /** Run `change` on a draft, then notify — also when nothing changed, as the app's store does. */
    update(change) {
      const draft = { ...state };
      change(draft);
      state = draft;
      for (const listener of listeners) listener(state);
    },
    subscribe: (listener) => listeners.push(listener),
  };
}

function createRouter(initialPath, { dropsPushes = false } = {}) {
  const listeners = [];
  const router = {
    path: initialPath,
    push(href) {
      if (dropsPushes) return; // the variant whose navigate silently loses the push
      router.path = href;
      for (const listener of listeners) listener(href);
    },
    subscribe: (listener) => listeners.push(listener),
  };
  return router;
}

/**
 * Build the wizard app and its session.
 * @param gf the groundfacts package
 * @param options.crossLinks read the route table with cross-links (the seed: true; the control run: false)
 * @param options.dropsPushes a router that silently drops every push (the walk-back variant)
 * @param options.restore a session.snapshot() to continue from (a page reload)
 */
function createWizardApp(gf, { crossLinks = true, dropsPushes = false, restore } = {}) {
  const store = createStore({ 'project.name': '', 'project.recipe': '', 'projects.count': 0 });
  const router = createRouter('/projects/new', { dropsPushes });
  const app = {
    get path() {
      return router.path;
    },
  };
  const warnings = [];

  // The app's own handlers, bound by reference below.
  function nameIt(input) {
    store.update((s) => {
      s['project.name'] = input.name;
    });
  }
  function pickRecipe(input) {
    store.update((s) => {
      if (RECIPES.includes(input.recipe)) s['project.recipe'] = input.recipe;
    });
  }
  function createProject() {
    store.update((s) => {
      s['projects.count'] += 1;
    });
    return { projectId: `prj-${store.get()['projects.count']}` };
  }

  const graph = gf.buildNavigationGraph('wizard', wizardDefinition(gf, app, { crossLinks }));
  const session = gf.createSession(graph, (href) => router.push(href), {
    node: 'wizard',
    state: store.get(),
    onWarn: (message) => warnings.push(message),
    restore, // a session.snapshot() from before a reload (snapshot.test.cjs), or undefined
  });
  const wizardActions = session.registerActions('wizard', { handlers: { 'name-it': nameIt, 'pick-recipe': pickRecipe } });
  const reviewActions = session.registerActions('review', { handlers: { 'create-project': createProject } });

  // The two taps, kept apart: a navigation is not a state delta.
  store.subscribe((state) => session.updateState(state));
  router.subscribe((path) => session.sync(gf.matchRoute(graph, path) ?? path));

  return { graph, session, store, router, warnings, groups: [wizardActions, reviewActions] };
}

/** Let deferred handler work and coalesced notifications (the wiring flush) run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

module.exports = { createWizardApp, flush, RECIPES };
