//! Typed graphs (docs/graph.md §14): the hand-written TypeScript that keeps a definition's literal types.
//! `buildNavigationGraph`, `fromRoutes` and `createSession` get a generic overload here, declared before
//! wasm-bindgen's own (plain) declarations, so a definition passed inline (or `as const`) yields a
//! `TypedNavigationGraph<D>` and a session whose `fire` takes only the graph's action ids and whose
//! `registerActions` takes only its pages' action names, each handler's input typed from the action's
//! `input` schema. A graph whose definition is not known at compile time (a `NavigationGraphDef`
//! variable, `fromReactRouter`) falls back to the plain types: any id, `never` input.
//!
//! Types only, no code: nothing here reaches the module. Uses the declarations of `js::graph`,
//! `js::types` and `js::session`; used by the bindings (`pkg-template/react`, `pkg-template/svelte`)
//! through `ActionId`, `PageId`, `HandlersFor`, `SessionFor` and `RegisteredGraph`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPED_GRAPHS: &'static str = r#"
declare const __groundfactsDef: unique symbol;
declare const __groundfactsLinks: unique symbol;
declare const __groundfactsPages: unique symbol;
/** A compiled graph that remembers its definition's type `D` (a phantom member: nothing at run time). */
export type TypedNavigationGraph<D> = NavigationGraph & { readonly [__groundfactsDef]?: D };
/** A route table source that remembers its page ids and the ids of the links it generates. */
export type TypedRoutesSource<L extends string, P extends string = string> = RoutesSource & { readonly [__groundfactsLinks]?: L; readonly [__groundfactsPages]?: P };
/**
 * Compile a definition, keeping its literal types (docs/graph.md §14): pass it inline or `as const`.
 * Throws `GraphValidationError` (with a stable `code`) on the first fault.
 */
export function buildNavigationGraph<const D extends NavigationGraphDef>(id: string, def: D): TypedNavigationGraph<D>;
/** Read the router's table as a graph source; with `crossLinks`, its type lists the `go-to-<page>` ids. */
export function fromRoutes<const R extends RouteTable, const O extends FromRoutesOptions = {}>(routes: R, options?: O): TypedRoutesSource<LinkIds<R, O>, KeysOf<R>>;
/** A session over `graph`; for a typed graph, `fire` and `registerActions` are typed by its definition. */
export function createSession<G extends NavigationGraph>(graph: G, navigate?: ((href: string) => unknown) | null, options?: SessionOptions): SessionFor<G>;

/**
 * The app's own graph, for the bindings' hooks: declare it once and `useActions`, `useSession` and the
 * Svelte actions are typed by it.
 * `declare module 'groundfacts' { interface Register { graph: typeof graph } }`
 */
export interface Register {}
/** The graph registered through `Register`, else the plain `NavigationGraph`. */
export type RegisteredGraph = Register extends { graph: infer G extends NavigationGraph } ? G : NavigationGraph;

/** The definition type a graph was built from (`NavigationGraphDef` when unknown). */
export type GraphDefOf<G> = G extends { readonly [__groundfactsDef]?: infer D }
  ? unknown extends D ? NavigationGraphDef : D extends NavigationGraphDef ? D : NavigationGraphDef
  : NavigationGraphDef;
type IsWide<D> = NavigationGraphDef extends D ? true : false;
type KeysOf<T> = T extends object ? Extract<keyof T, string> : never;
type RouteOf<V> = V extends string ? V : V extends { readonly route: infer R extends string } ? R : string;
type IsLiteralRoute<R extends string> = string extends R ? true : R extends `${string}:${string}` | `${string}*${string}` | `${string}?${string}` | `${string}[${string}` ? false : true;
/**
 * The `go-to-<page>` ids `fromRoutes(routes, options)` generates: literal routes only (docs/graph.md §6.2); a route typed
 * only as `string` (a table not written inline or `as const`) may be literal, so its link is kept.
 */
export type LinkIds<R, O> = O extends { readonly crossLinks: true }
  ? { [K in KeysOf<R>]: IsLiteralRoute<RouteOf<R[K]>> extends true ? `go-to-${K}` : never }[KeysOf<R>]
  : O extends { readonly crossLinks: readonly (infer P extends string)[] } ? `go-to-${P}` : never;
type SourceLinks<S> = S extends { readonly kind: 'journeys' } ? never
  : S extends { readonly [__groundfactsLinks]?: infer L } ? unknown extends L ? string : L : string;
type SourcePages<S> = S extends { readonly kind: 'journeys' } ? never
  : S extends { readonly [__groundfactsPages]?: infer P } ? unknown extends P ? string : P : string;
type DefSources<D> = D extends { readonly sources: readonly (infer S)[] } ? S : never;
type DefPages<D> = D extends { readonly pages: infer P } ? P : {};
type PageActions<D, P extends string> = DefPages<D> extends { readonly [K in P]: { readonly actions: infer A } } ? A : {};
type PageActionIds<D> = { [P in KeysOf<DefPages<D>>]: `${P}.${KeysOf<PageActions<D, P>>}` }[KeysOf<DefPages<D>>];
type RootActionIds<D> = D extends { readonly actions: infer A } ? KeysOf<A> : never;
/** Every action id of graph `G` (page actions `page.name`, root actions, generated links); `string` when unknown. */
export type ActionId<G> = IsWide<GraphDefOf<G>> extends true ? string
  : PageActionIds<GraphDefOf<G>> | RootActionIds<GraphDefOf<G>> | SourceLinks<DefSources<GraphDefOf<G>>>;
/** Every page id of graph `G`; `string` when unknown. */
export type PageId<G> = IsWide<GraphDefOf<G>> extends true ? string
  : KeysOf<DefPages<GraphDefOf<G>>> | SourcePages<DefSources<GraphDefOf<G>>>;

type Flat<T> = { [K in keyof T]: T[K] };
type SchemaType<S> = S extends { readonly enum: readonly (infer E)[] } ? E
  : S extends { readonly const: infer C } ? C
  : S extends { readonly type: readonly (infer T)[] } ? TypeWord<T, S>
  : S extends { readonly type: infer T } ? TypeWord<T, S>
  : unknown;
type TypeWord<T, S> = T extends 'string' ? string
  : T extends 'number' | 'integer' ? number
  : T extends 'boolean' ? boolean
  : T extends 'null' ? null
  : T extends 'array' ? S extends { readonly items: infer I } ? SchemaType<I>[] : unknown[]
  : T extends 'object' ? ObjectType<S>
  : unknown;
type ObjectType<S> = S extends { readonly properties: infer P }
  ? Flat<
      { [K in KeysOf<P> as K extends RequiredOf<S> ? K : never]: SchemaType<P[K]> } &
      { [K in KeysOf<P> as K extends RequiredOf<S> ? never : K]?: SchemaType<P[K]> }
    >
  : { readonly [key: string]: unknown };
type RequiredOf<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;
/** The input a handler receives for an action with this `input` declaration. */
export type InputOf<I> = I extends 'none' ? undefined : I extends object ? SchemaType<I> : never;
type ActionDefAt<D, Id> = Id extends `${infer P}.${infer A}` ? PageActions<D, P> extends { readonly [K in A]: infer X } ? X : never
  : D extends { readonly actions: { readonly [K in Id & string]: infer X } } ? X : never;
/**
 * The input type of action `Id` in graph `G`, from its `input` schema; `never` without one (the shape is
 * unknown: annotate the handler), as for every handler of a graph whose definition is not known.
 */
export type ActionInput<G, Id> = ActionDefAt<GraphDefOf<G>, Id> extends { readonly input: infer I } ? InputOf<I> : never;
/** A handler whose parameter is checked both ways, so an annotated `(x: { a: string }) => …` still fits. */
export type Handler<I> = { handle(input: I): unknown }['handle'];
type PageLocal<G, P> = P extends string ? KeysOf<PageActions<GraphDefOf<G>, P>> : never;
/** The names a handlers map on page `P` may use: its actions by name or qualified id, root actions and links. */
export type HandlerName<G, P> = PageLocal<G, P> | `${P & string}.${PageLocal<G, P>}` | RootActionIds<GraphDefOf<G>> | SourceLinks<DefSources<GraphDefOf<G>>>;
/** `registerActions`' handlers for page `P` of graph `G`: unknown names refused, inputs typed. */
export type HandlersFor<G, P> = IsWide<GraphDefOf<G>> extends true ? RegisterActionsSpec['handlers']
  : string extends P ? RegisterActionsSpec['handlers']
  : { readonly [K in HandlerName<G, P>]?: Handler<ActionInput<G, K extends PageLocal<G, P> ? `${P & string}.${K}` : K>> } | undefined;
/** `registerActions`' spec with its handlers typed for page `P` of graph `G`. */
export type TypedRegisterActionsSpec<G, P> = Omit<RegisterActionsSpec, 'handlers'> & { handlers?: HandlersFor<G, P> };
/** A page of `G`, or a container path below one (what `registerActions` takes). */
export type PageArg<G> = PageId<G> | `${PageId<G>}.${string}`;
/**
 * What a parameter checked against `Allowed` accepts for a value of type `I`: a literal must be one of
 * `Allowed` (a typo is a compile error); a value typed only as `string` (made at run time) passes, and the
 * session judges it when called.
 */
export type Checked<I extends string, Allowed> = string extends I ? I : Allowed;
type Rest<F> = F extends (first: never, ...rest: infer R) => unknown ? R : never;
/**
 * A session whose `fire` and `registerActions` are typed by graph `G` (the plain `Session` when unknown):
 * literal ids and pages are checked, a page's handlers named and their inputs typed.
 */
export type TypedSession<G> = Omit<Session, 'fire' | 'registerActions'> & {
  fire<I extends string>(id: Checked<I, ActionId<G>>, ...options: Rest<Session['fire']>): ReturnType<Session['fire']>;
  registerActions<P extends string>(page: Checked<P, PageArg<G>>, spec: TypedRegisterActionsSpec<G, P>): ActionGroup;
};
export type SessionFor<G> = IsWide<GraphDefOf<G>> extends true ? Session : TypedSession<G>;
"#;
