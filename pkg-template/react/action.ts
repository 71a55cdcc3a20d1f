/**
 * `useAction(id, options?)` — the one door for a person's control in React (docs/session.md §33,
 * decision 38). A person's `run(input?)` is `fire(id, { source: 'user', payload: input })`: the
 * registered handler runs once and the row names the person; the agent's `do_action` of the same id
 * runs the same handler and its row names the agent. The hook also hands the control what to show —
 * `enabled`, `busy`, the app's busy sentence and the greyed reason the brief gives the model — and
 * `props` that mark the control for the DOM sensor, which then leaves it to this helper.
 *
 * While the module loads (and on the server, and in the hydration render) there is no session:
 * `loading: true`, `enabled: false`, `busy: false`, and `run` returns null without recording anything.
 *
 * Uses `useSession` and the per-session change tracker of ./index.ts, and the shared door ledger of
 * ../sensor/door.ts. Re-exported by ./index.ts.
 */
import { useCallback, useEffect, useMemo } from 'react';
import type { ActionId, ActionInput, Checked, FireResult, RegisteredGraph, Session } from 'groundfacts';
import { ACTION_ATTRIBUTE, DOOR_ATTRIBUTE, DOOR_HELPER, NO_DOOR, claimDoor, firePersonal, readDoor, type DoorFireOptions } from '../sensor/door.js';
import { useSession, useSessionRead } from './index.js';

/** What `run` takes: the action's input as its schema types it (any value for an untyped graph). */
export type RunInput<G, I extends string> = string extends ActionId<G> ? unknown : ActionInput<G, I>;

/** The attributes `props` puts on the control (spread them onto the button or form). */
export interface ActionProps {
  /** The action the control performs. */
  readonly 'data-groundfacts-action': string;
  /** The helper records this control's acts: the sensor stands down for it. */
  readonly 'data-groundfacts-door': 'helper';
  /** Not offered, greyed or busy: assistive technology hears it is unavailable (a click still records the refusal). */
  readonly 'aria-disabled': boolean;
  readonly 'aria-busy': boolean;
  /** The greyed reason, as a tooltip, while greyed by a declared condition. */
  readonly title?: string;
}

/** What `useAction` returns. */
export interface ActionControl<I = unknown> {
  /** The action id. */
  readonly id: string;
  /**
   * A person performs the action: runs the registered handler once, recorded as the person's act. A
   * refusal (greyed, busy, a bad input) is returned as data and recorded as the person's refused
   * attempt. Null while there is no session.
   */
  run(input?: I): FireResult | null;
  /** Offered on the current page, not greyed, not busy; false while loading. */
  readonly enabled: boolean;
  /** The app marked it busy, or one of its fires has not come to rest; false while loading. */
  readonly busy: boolean;
  /** The app's own busy sentence (`setBusy`), or null. */
  readonly busyLabel: string | null;
  /** Why it is grey, in the brief's words (`session.whyGrey(id)`), or null. */
  readonly greyedReason: string | null;
  /** Offered on the current page at all. */
  readonly offered: boolean;
  /** True until the provider has its session (module loading, server render, hydration render). */
  readonly loading: boolean;
  /** Spread onto the control: names its action for the sensor and says this helper records it. */
  readonly props: ActionProps;
}

/**
 * The one door for a person's control: see the file comment. `options` go through to `fire` on every
 * `run` (an `instance`, once the action's container repeats). Typed by the app's registered graph
 * (docs/graph.md §14): `id` must be one of its action ids and `run` takes that action's input.
 */
export function useAction<I extends string>(
  id: Checked<I, ActionId<RegisteredGraph>>,
  options?: DoorFireOptions,
): ActionControl<RunInput<RegisteredGraph, I>> {
  const session = useSession() as Session | null;
  const view = useSessionRead(`action ${id}`, (s) => readDoor(s, id)) ?? NO_DOOR;
  // While mounted, this helper records `id`'s acts: the sensor stands down for it by id too.
  useEffect(() => (session === null ? undefined : claimDoor(session, id)), [session, id]);
  const optionsKey = JSON.stringify(options ?? {});
  const run = useCallback(
    (input?: unknown) => firePersonal(session, id, input, options),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `options` is compared by value.
    [session, id, optionsKey],
  );
  const props = useMemo<ActionProps>(() => {
    const marked: ActionProps = {
      [ACTION_ATTRIBUTE]: id,
      [DOOR_ATTRIBUTE]: DOOR_HELPER,
      'aria-disabled': !view.enabled,
      'aria-busy': view.busy,
    } as ActionProps;
    return view.greyedReason === null ? marked : { ...marked, title: view.greyedReason };
  }, [id, view]);
  return { id, run, ...view, loading: session === null, props };
}
