// Typed graphs (docs/graph.md §14), checked by tsc (scripts/test.sh, tests/js/tsconfig.json): a definition
// written inline keeps its literal types, so `fire` takes only the graph's action ids, `registerActions`
// only its pages' action names, and each handler's input is typed from its action's `input` schema. Every
// `@ts-expect-error` line below is a bad case that must fail to compile: were it to compile, tsc would
// report the unused directive and this check would fail. Type-only: nothing here runs.
import {
  buildNavigationGraph,
  createSession,
  fromJourneys,
  fromReactRouter,
  fromRoutes,
  serveToAgent,
  type ActionId,
  type ActionInput,
  type NavigationGraph,
  type NavigationGraphDef,
  type PageId,
  type Session,
} from '../../pkg/groundfacts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

const routes = {
  projects: { route: '/projects', does: 'the Projects list' },
  wizard: { route: '/projects/new', does: 'the New Project wizard' },
  review: { route: '/projects/new/review', does: 'the Review step' },
  project: { route: '/projects/:id', does: 'one project' },
} as const;

const graph = buildNavigationGraph('wizard', {
  sources: [fromRoutes(routes, { crossLinks: true }), fromJourneys({ 'new-project': { does: 'Create a project', steps: ['name-it'] } })],
  pages: {
    wizard: {
      actions: {
        'name-it': {
          does: 'Name the project',
          input: { type: 'object', properties: { name: { type: 'string' }, note: { type: 'string' } }, required: ['name'] },
          writes: ['project.name'],
          verify: { 'project.name': { ne: '' } },
        },
        'pick-recipe': {
          does: 'Pick the analysis recipe',
          input: {
            type: 'object',
            properties: { recipe: { type: 'string', enum: ['dose-response', 'time-course'] }, replicates: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
            required: ['recipe', 'replicates'],
          },
          writes: ['project.recipe'],
          verify: { 'project.recipe': { ne: '' } },
        },
        'next-to-review': { does: 'Go on to the review step', goTo: 'review', input: 'none' },
        free: { does: 'Anything goes' },
      },
    },
    review: { actions: { 'create-project': { does: 'Create the project', confirm: true, input: 'none' } } },
  },
  actions: { help: { does: 'Open help', on: ['wizard', 'review'] } },
});

// The ids: page actions qualified, root actions, and the links crossLinks generates for literal routes only.
type Ids = ActionId<typeof graph>;
expectType<
  Equal<
    Ids,
    'wizard.name-it' | 'wizard.pick-recipe' | 'wizard.next-to-review' | 'wizard.free' | 'review.create-project' | 'help' | 'go-to-projects' | 'go-to-wizard' | 'go-to-review'
  >
>();
expectType<Equal<PageId<typeof graph>, 'wizard' | 'review' | 'projects' | 'project'>>();
expectType<Equal<ActionInput<typeof graph, 'wizard.name-it'>, { name: string; note?: string }>>();
expectType<Equal<ActionInput<typeof graph, 'wizard.pick-recipe'>, { recipe: 'dose-response' | 'time-course'; replicates: number; tags?: string[] }>>();
expectType<Equal<ActionInput<typeof graph, 'wizard.next-to-review'>, undefined>>();
expectType<Equal<ActionInput<typeof graph, 'wizard.free'>, never>>();

const session = createSession(graph, () => undefined, { node: 'wizard' });

// Good: known ids, inputs typed without annotation.
session.fire('wizard.name-it');
session.fire('go-to-review', { source: 'user' });
session.registerActions('wizard', {
  handlers: {
    'name-it': ({ name, note }) => `${name.trim()} ${note ?? ''}`,
    'pick-recipe': (input) => input.recipe === 'time-course' && input.replicates > 0,
    'next-to-review': () => true,
    free: (anything: { any: string }) => anything.any,
    help: () => undefined,
  },
});
session.registerActions('wizard', { handlers: { 'wizard.name-it': ({ name }) => name.length } });
session.registerActions('review', { handlers: { 'create-project': () => ({ projectId: 'p-1' }) }, enabled: { 'create-project': true } });
// An annotated handler that agrees with the schema still fits.
session.registerActions('wizard', { handlers: { 'name-it': (input: { name: string }) => input.name } });
// A typed session is still a Session for everything that takes one.
const port = serveToAgent(session);
const plain: Session = session;
void port;
void plain;

// Ids and pages made at run time are typed `string`: they pass, and the session judges them.
declare const fromTheRouter: string;
session.fire(fromTheRouter);
session.registerActions(fromTheRouter, { handlers: { whatever: (input: { a: number }) => input.a } });

// Bad: each line must fail to compile.
// @ts-expect-error an action id the graph does not have (a typo)
session.fire('wizard.name-itt');
// @ts-expect-error a link to a param route is never generated (docs/graph.md §6.2)
session.fire('go-to-project');
// @ts-expect-error an unknown action name in a handlers map
session.registerActions('wizard', { handlers: { 'name-itt': () => undefined } });
// @ts-expect-error an action of another page
session.registerActions('review', { handlers: { 'name-it': () => undefined } });
// @ts-expect-error a page the graph does not have
session.registerActions('revue', { handlers: {} });
// @ts-expect-error the input has no `title`: the schema says `name`
session.registerActions('wizard', { handlers: { 'name-it': ({ title }) => title } });
// @ts-expect-error `replicates` is a number, not a string
session.registerActions('wizard', { handlers: { 'pick-recipe': ({ replicates }) => replicates.toUpperCase() } });
// @ts-expect-error an annotation that contradicts the schema
session.registerActions('wizard', { handlers: { 'name-it': (input: { name: number }) => input.name } });
// @ts-expect-error an action without an input schema: its input is `never` until annotated
session.registerActions('wizard', { handlers: { free: ({ text }) => text.trim() } });
// @ts-expect-error `recipe` is one of the enum's words
session.registerActions('wizard', { handlers: { 'pick-recipe': ({ recipe }) => recipe === 'other' } });

// A definition whose type is not known at compile time (a NavigationGraphDef variable, React Router's
// objects) falls back to the plain types: any id, any name, inputs `never` (annotate them).
declare const def: NavigationGraphDef;
const loose = createSession(buildNavigationGraph('loose', def));
expectType<Equal<ActionId<NavigationGraph>, string>>();
loose.fire('anything.at-all');
loose.registerActions('any-page', { handlers: { whatever: (input: { a: number }) => input.a } });
const routed = buildNavigationGraph('routed', { sources: [fromReactRouter([{ path: '/a' }], { crossLinks: true })], pages: { a: { actions: { x: { does: 'X' } } } } });
expectType<Equal<ActionId<typeof routed>, string>>();
createSession(routed).fire('go-to-somewhere-react-router-knows');
// A route table not written `as const`: its routes are just `string`, so every page's link is kept.
const table = { a: '/a', b: '/b/:id' };
const wide = buildNavigationGraph('wide', { sources: [fromRoutes(table, { crossLinks: true })] });
expectType<Equal<ActionId<typeof wide>, 'go-to-a' | 'go-to-b'>>();
expectType<Equal<PageId<typeof wide>, 'a' | 'b'>>();
