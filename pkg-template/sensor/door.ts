/**
 * The one-door ledger the bindings and the sensor share (docs/session.md §33): which action ids a
 * mounted one-door helper (`useAction` in React, `groundfactsAction` / `actionState` in Svelte)
 * records itself, per session, and the attributes a helper puts on its control. The sensor stands
 * down for both, so a person's act through a helper is recorded once, by the helper.
 *
 * Pure bookkeeping: no DOM access, nothing at import time, so it loads on the server. Used by
 * sensor/index.ts, react/action.ts and svelte/action.ts (relative imports: one module instance).
 */
import type { FireOptions, FireResult, Session } from 'groundfacts';

/** The attribute naming the action a control performs: `data-groundfacts-action="<action id>"`. */
export const ACTION_ATTRIBUTE = 'data-groundfacts-action';
/** Set by a one-door helper on its control: the helper records the person's act, not the sensor. */
export const DOOR_ATTRIBUTE = 'data-groundfacts-door';
/** `DOOR_ATTRIBUTE`'s value on a helper's control. */
export const DOOR_HELPER = 'helper';

/**
 * What a one-door helper passes through to `fire` besides `source` and `payload` (an `instance`
 * once an action's container repeats).
 */
export type DoorFireOptions = Omit<FireOptions, 'source' | 'payload' | 'invoke'>;

const claims = new WeakMap<object, Map<string, number>>();

/** A mounted helper records `id` on `session` itself; returns the release (idempotent). */
export function claimDoor(session: Session, id: string): () => void {
  let held = claims.get(session);
  if (!held) {
    held = new Map();
    claims.set(session, held);
  }
  const map = held;
  map.set(id, (map.get(id) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (map.get(id) ?? 1) - 1;
    if (left > 0) map.set(id, left);
    else map.delete(id);
  };
}

/** Whether a mounted helper records `id` on `session` itself. */
export function claimedByDoor(session: Session, id: string): boolean {
  return (claims.get(session)?.get(id) ?? 0) > 0;
}

/**
 * A person's act through a helper: `fire(id, { source: 'user' })`, which runs the registered handler
 * once and records the row as the person's. Null without a session (loading, server render).
 */
export function firePersonal(session: Session | null | undefined, id: string, input: unknown, options: DoorFireOptions | undefined): FireResult | null {
  if (!session) return null;
  const fired: FireOptions = { ...(options ?? {}), source: 'user' };
  if (input !== undefined) fired.payload = input as FireOptions['payload'];
  return session.fire(id, fired);
}

/** What a control shows of an action now: the read both helpers make on every session change. */
export interface DoorView {
  /** Offered on the current page, not greyed, not busy. */
  readonly enabled: boolean;
  /** The app marked it busy (`setBusy`) or one of its fires has not come to rest. */
  readonly busy: boolean;
  /** The app's busy sentence (`setBusy(name, label)`), or null. */
  readonly busyLabel: string | null;
  /** The brief's greyed line (`session.whyGrey(id)`): what it waits on and what would free it; null when not grey by a declared condition. */
  readonly greyedReason: string | null;
  /** Offered on the current page at all (its guard holds, the page offers it). */
  readonly offered: boolean;
}

/** The view while there is no session: nothing can run yet. */
export const NO_DOOR: DoorView = Object.freeze({ enabled: false, busy: false, busyLabel: null, greyedReason: null, offered: false });

/** Reads `id`'s view from `session` now. */
export function readDoor(session: Session, id: string): DoorView {
  const edge = session.available().edges.find((e) => e.affordanceId === id);
  if (!edge) return NO_DOOR;
  const open = session.pending().some((row) => row.affordanceId === id);
  const busyLabel = edge.busy ?? null;
  const busy = busyLabel !== null || open;
  return {
    enabled: edge.enabled !== false && busyLabel === null,
    busy,
    busyLabel,
    greyedReason: edge.enabled === false ? session.whyGrey(id) : null,
    offered: true,
  };
}

/** Two views say the same (a re-render is news only then). */
export function sameDoor(a: DoorView, b: DoorView): boolean {
  return a.enabled === b.enabled && a.busy === b.busy && a.busyLabel === b.busyLabel && a.greyedReason === b.greyedReason && a.offered === b.offered;
}
