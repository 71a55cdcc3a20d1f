/**
 * The one door for a person's control in Svelte (docs/session.md §33, decision 38):
 *
 * - `use:groundfactsAction={{ session, id, input }}` on a button (or a form): a person's click (a
 *   form's submit) is `fire(id, { source: 'user', payload: input })` — the registered handler runs once
 *   and the row names the person; the agent's `do_action` of the same id runs the same handler as the
 *   agent's. The element gets `data-groundfacts-action` / `data-groundfacts-door` (the DOM sensor then
 *   leaves it to this helper), `aria-disabled`, `aria-busy` and the greyed reason as its `title`.
 * - `actionState(session, id)`: a store of what the control shows (`enabled`, `busy`, `busyLabel`,
 *   `greyedReason`, `offered`, `loading`) with `run(input?)` beside it; `$save.enabled` reads it in
 *   runes and legacy components alike.
 *
 * Without a session (the server, the module still loading) nothing runs: `loading: true`,
 * `enabled: false`, `busy: false`, and `run` returns null.
 *
 * Uses `fromSession` / `sessionOf` of ./index.ts and the door ledger of ../sensor/door.ts; re-exported
 * by ./index.ts.
 */
import type { ActionId, ActionInput, Checked, FireResult, RegisteredGraph } from 'groundfacts';
import { derived, type Readable } from 'svelte/store';
import { ACTION_ATTRIBUTE, DOOR_ATTRIBUTE, DOOR_HELPER, NO_DOOR, claimDoor, firePersonal, readDoor, sameDoor, type DoorFireOptions, type DoorView } from '../sensor/door.js';
import { fromSession, sessionOf, type SessionSource } from './index.js';

/** What `run` takes: the action's input as its schema types it (any value for an untyped graph). */
export type RunInput<G, I extends string> = string extends ActionId<G> ? unknown : ActionInput<G, I>;

/** What a control shows of its action, plus `loading` while there is no session. */
export interface ActionView extends DoorView {
  readonly loading: boolean;
}

/** `actionState`'s store, with the person's door beside it. */
export interface ActionState<I = unknown> extends Readable<ActionView> {
  readonly id: string;
  /** A person performs the action (the handler runs once, recorded as the person's); null without a session. */
  run(input?: I): FireResult | null;
}

const LOADING: ActionView = Object.freeze({ ...NO_DOOR, loading: true });

/** What a control shows of action `id`, as a store, and `run` (see the file comment). */
export function actionState<I extends string>(
  session: SessionSource,
  id: Checked<I, ActionId<RegisteredGraph>>,
  options?: DoorFireOptions,
): ActionState<RunInput<RegisteredGraph, I>> {
  const action: string = id;
  const view = fromSession<DoorView | null>(session, (s) => readDoor(s, action), null, (a, b) => a !== null && b !== null && sameDoor(a, b));
  const store = derived(view, (v): ActionView => (v === null ? LOADING : { ...v, loading: false }));
  return {
    id: action,
    subscribe: store.subscribe,
    run: (input?: unknown) => firePersonal(sessionOf(session), action, input, options),
  };
}

/** What `use:groundfactsAction` takes. */
export interface GroundfactsActionParameter {
  session: SessionSource;
  /** The action the control performs. */
  id: string;
  /** The input, or a function read at each click (the form's current values). */
  input?: unknown;
  /** Passed through to `fire` (an `instance`, once the action's container repeats). */
  options?: DoorFireOptions | undefined;
  /** Each result of a person's act through this control (a refusal included). */
  onResult?: ((result: FireResult) => void) | undefined;
}

/** Svelte's action contract, spelled out so this file needs no Svelte types. */
export interface GroundfactsActionReturn {
  update(parameter: GroundfactsActionParameter): void;
  destroy(): void;
}

function show(element: Element, id: string, view: ActionView): void {
  element.setAttribute(ACTION_ATTRIBUTE, id);
  element.setAttribute(DOOR_ATTRIBUTE, DOOR_HELPER);
  element.setAttribute('aria-disabled', String(!view.enabled));
  element.setAttribute('aria-busy', String(view.busy));
  if (view.greyedReason !== null) element.setAttribute('title', view.greyedReason);
  else element.removeAttribute('title');
}

/**
 * A Svelte action: `<button use:groundfactsAction={{ session, id: 'editor.save', input: () => ({ text }) }}>`.
 * On a `<form>` it acts on submit (and prevents the browser's own submission). See the file comment.
 */
export function groundfactsAction(element: Element, parameter: GroundfactsActionParameter): GroundfactsActionReturn {
  let current = parameter;
  let stopView: () => void = () => {};
  let release: () => void = () => {};
  const follow = (p: GroundfactsActionParameter): void => {
    stopView();
    release();
    const session = sessionOf(p.session);
    release = session ? claimDoor(session, p.id) : () => {};
    stopView = actionState(p.session, p.id as never).subscribe((view) => show(element, p.id, view));
  };
  const isForm = element.tagName === 'FORM';
  const act = (event: Event): void => {
    if (isForm) event.preventDefault();
    const input = typeof current.input === 'function' ? (current.input as () => unknown)() : current.input;
    const result = firePersonal(sessionOf(current.session), current.id, input, current.options);
    if (result !== null) current.onResult?.(result);
  };
  const gesture = isForm ? 'submit' : 'click';
  element.addEventListener(gesture, act);
  follow(parameter);
  return {
    update(next) {
      const refollow = next.session !== current.session || next.id !== current.id;
      current = next;
      if (refollow) follow(next);
    },
    destroy() {
      element.removeEventListener(gesture, act);
      stopView();
      release();
    },
  };
}
