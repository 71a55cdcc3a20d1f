//! The TypeScript shapes of everything the session hands to JS and takes from it (the `.d.ts` half of
//! `js::session`, `js::port`). They mirror the serde JSON of `crate::session::{records, results}` and
//! `crate::serve` field for field — edit them together. Only types live here; no code.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const SESSION_TYPES: &'static str = r#"
export type Principal = 'agent' | 'user' | 'system' | 'unknown';
export type Outcome = 'pending' | 'committed' | 'rejected' | 'rolled-back' | 'superseded';
export type EffectStatus = 'pending' | 'performed' | 'refused' | 'unobservable';
/** The state axis: declared write keys present in the settling report, or nothing to check. */
export type EffectVerified = boolean | 'unobservable';
/** The app's own verify contract. */
export type VerifyHeld = boolean | 'unevaluable';

/** One evaluated guard conjunct — the evidence a refusal carries. */
export interface ConditionEvidence {
  key: string;
  op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'notIn';
  threshold: JsonValue;
  actualSummary: string;
  result: boolean;
  note?: string;
}

/**
 * A condition as the graph states it: key, the operator word as the filter syntax spells it, and the
 * operand the author wrote — never the state's value (docs/session.md §21).
 */
export interface StatedCondition {
  key: string;
  op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'notIn';
  /** The authored operand (absent only for an operator that takes none). */
  expected?: JsonValue;
}
/** An action whose declared `writes` include a key a greyed control waits on. */
export interface Unblocker {
  action: string;
  /** Which of the failing keys it writes, in `blockedBecause` order. */
  viaKeys: string[];
  /** One of its fires has not come to rest yet. */
  running?: boolean;
}

export interface SessionOptions {
  /** Starting page id; default: the first declared page. */
  node?: string;
  /** The initial flat projection; its presence switches the state tap on. */
  state?: Record<string, unknown>;
  /** Developer warnings; default: console.warn. */
  onWarn?: (message: string) => void;
  /** An agent's high-effect fire must cite a person's recorded yes. */
  requireHumanApproval?: boolean;
  /**
   * Most rows each ledger keeps (default 10000; a whole number from 1 to 1000000). Older attempts are
   * folded into per-grade counts that groundTruth() and contextBrief() state; transitions() and gaps()
   * return the kept rows only.
   */
  retain?: number;
  /**
   * Size limit, in bytes of JSON, of every input, payload, state value and kept text (default 65536;
   * 1 to 67108864). Larger ones are refused PAYLOAD_TOO_LARGE.
   */
  maxValueBytes?: number;
  /**
   * Continue from a session.snapshot() (or its JSON text, as sessionStorage keeps it): same version,
   * rows, captions, asks, frames and state. null/undefined starts fresh. Another graph's snapshot, a
   * newer format or a damaged one throws SessionError (RESTORE_OTHER_GRAPH, RESTORE_NEWER_FORMAT,
   * RESTORE_DAMAGED). The snapshot's cursor, state, retain and maxValueBytes win over node, state,
   * retain and maxValueBytes here.
   */
  restore?: SessionSnapshot | string | null;
}

export interface Cause {
  kind: 'fired' | 'stimulus';
  principal: Principal;
  affordanceId?: string;
  /** The authored sentence captured when the row was minted. */
  does?: string;
  stimulus?: string;
  inferred?: true;
}
export interface Attribution {
  principal: Principal;
  basis: 'caller-asserted' | 'named-by-report' | 'declared-stimulus' | 'handler-window' | 'queue-order' | 'signature-match' | 'unknown';
  certainty: 'observed' | 'inferred';
}
export interface TransitionRecord {
  id: string;
  cause: Cause;
  attribution: Attribution;
  timestamp: number;
  payload?: JsonValue;
  outcome: Outcome;
  effectVerified?: EffectVerified;
  fromNode: string;
  toNode?: string;
  toNodeClaimed?: true;
  arrival?: 'claimed' | 'observed';
  unverifiedEdge?: true;
  guardUnevaluated?: string[];
  produced?: JsonValue;
  cursorVersion: number;
  askId?: string;
  materialized?: false;
  /** The action's verify already held when it was fired; the fire settled when its handler returned (docs/session.md §23). */
  alreadyTrue?: StatedCondition[];
}
export interface GapRecord {
  kind: 'fire-rejected' | 'dead-end' | 'reported';
  timestamp: number;
  node: string;
  version: number;
  availableActions: string[];
  availableJourneys: string[];
  affordanceId?: string;
  does?: string;
  rejectionReason?: string;
  principal?: Principal;
  evidence?: ConditionEvidence[];
  journeyId?: string;
  offGraph?: true;
  request?: string;
  reason?: string;
  actionsMayBeStale?: true;
}
export interface PendingInfo { id: string; affordanceId: string; does?: string; firedAt: number }
export interface AskStatus { askId: string; affordanceId: string; does?: string; answer?: 'approved' | 'declined'; spent?: true }
export interface WorkRow {
  workId: string; transitionId?: string; affordanceId?: string; does?: string; startedAt: number; principal: Principal;
}
export interface SettlementError { reason: string; message: string; evidence?: ConditionEvidence[] }
export interface FireSettlement {
  transitionId: string;
  did: string;
  effectStatus: EffectStatus;
  outcome: Outcome;
  writesObserved?: EffectVerified;
  verifyHeld?: VerifyHeld;
  error?: SettlementError;
  data?: JsonValue;
  transition: TransitionRecord;
}
export interface FireOptions { source?: Principal; payload?: unknown }
/** `ok: true` — recorded; `ok: false` — refused (a typed `reason`), recorded as a gap row. Never thrown. */
export interface FireResult {
  ok: boolean;
  transitionId?: string;
  settlement?: 'settled' | 'awaiting-state';
  effectStatus?: EffectStatus;
  version?: number;
  reason?: string;
  affordanceId?: string;
  evidence?: ConditionEvidence[];
  issues?: string[];
  available?: string[];
  node?: string;
  askId?: string;
  materialized?: false;
  /** `BUSY`: the app's own busy sentence (data only). */
  busy?: string;
  /** Accepted: the verify already held at fire time, so no report was awaited (docs/session.md §23). */
  alreadyTrue?: StatedCondition[];
}
export interface UpdateOptions { transitionId?: string; stimulus?: string; principal?: Principal }
/** `ok: false` reasons: `UNKNOWN_TRANSITION` (with the `pending` ids), `UNCLONEABLE_DELTA` (with `issues`). */
export interface UpdateResult {
  ok: boolean; attributed?: boolean; transition?: TransitionRecord; version: number; reason?: string; pending?: string[]; issues?: string[];
}
/** `principal`: who moved — `'user'` for a person's own navigation (a link click); default `'system'`. */
export interface SyncOptions { stimulus?: string; principal?: 'user' | 'agent' | 'system' }
export interface SyncResult { changed: boolean; transition?: TransitionRecord; node: string; version: number; offGraph?: true; /** `REENTRANCY_DEPTH`: refused, nested too deep inside callbacks (nothing changed; a gap row records it). */ reason?: 'REENTRANCY_DEPTH' }
export interface AvailableEdge {
  affordanceId: string;
  description: string;
  enabled?: false;
  goesTo?: string;
  expects?: 'none' | JsonSchema;
  highEffect?: true;
  /** Greyed by its `enabledWhen`: the failing conditions, operands from the graph (docs/session.md §21). */
  blockedBecause?: StatedCondition[];
  /** With `blockedBecause`: the actions declared to write those keys (`[]` when none is). */
  unblockedBy?: Unblocker[];
  /** The app's own words while `group.setBusy(name, label)` holds (docs/session.md §22). */
  busy?: string;
}
export interface AvailableJourney { journeyId: string; does: string }
export interface Available { version: number; node: string; edges: AvailableEdge[]; journeys: AvailableJourney[] }
export interface RegisterActionsSpec {
  /** Action name (or qualified id) → the app's own function, bound by reference. */
  handlers?: { readonly [name: string]: (input: never) => unknown };
  /** Actions this component declares live, at mount. */
  actions?: { readonly [name: string]: ActionDef & { handler?: (input: never) => unknown } };
  /** Initial greyed state of registered controls. */
  enabled?: { readonly [name: string]: boolean };
}
export interface HumanDecision { by?: string; note?: string }
export interface DoorResult { ok: boolean; reason?: string; explanation?: string }
export interface Receipts {
  willDo: { does: string; writes?: string[]; navigatesTo?: string };
  because: ConditionEvidence[];
  youAreOn: string;
  version: number;
  recentSteps: { what: string; principal: Principal; outcome: Outcome }[];
}
export interface ConfirmAsk { askId: string; receipts: Receipts }
export interface JourneyFrame {
  journeyId: string;
  status: 'open' | 'completed' | 'cancelled' | 'demoted';
  principal: Principal;
  openedAt: number;
  openedAtVersion: number;
  firedSteps: string[];
  inferredSteps: string[];
  closedAtVersion?: number;
}
export interface PlanStep {
  step: string;
  status: 'done' | 'inferred-done' | 'blocked' | 'ready' | 'off-node';
  does: string;
  expects?: 'none' | JsonSchema;
  highEffect?: true;
  enabled?: false;
  blockedOn?: ConditionEvidence[];
  /** Greyed by its `enabledWhen` (docs/session.md §21). */
  blockedBecause?: StatedCondition[];
  unblockedBy?: Unblocker[];
  /** The app's own busy sentence (docs/session.md §22). */
  busy?: string;
  guardUnevaluated?: string[];
  materialized?: boolean;
  awaitingState?: true;
  openAsk?: string;
}
export interface JourneyPlan { journeyId: string; does: string; steps: PlanStep[] }
export interface CommitJourneyResult {
  ok: boolean;
  frame?: JourneyFrame;
  plan?: JourneyPlan;
  version: number;
  reason?: string;
  known?: string[];
  journeyId?: string;
  evidence?: ConditionEvidence[];
  affordanceId?: string;
}
export interface GroundTruthOptions { sinceVersion?: number; maxAttempts?: number }
export interface ContextBriefOptions { sinceVersion?: number; maxTransitions?: number }
/** A rendered text block and the position it describes. */
export interface RenderedBlock { node: string; version: number; text: string }
export interface ContextBrief extends RenderedBlock { frame?: JourneyFrame }

export interface ServeOptions {
  /** Ask before a high-effect action (default true); enforced approval asks regardless. */
  confirmHighEffect?: boolean;
  /** The principal stamped on the port's fires (default 'agent'). */
  source?: Principal;
}
/** One tool of the port's fixed array (MCP-shaped). */
export interface ToolDescription { name: string; description: string; inputSchema: JsonSchema }
/** One action row of `whats_here`. */
export interface ServedAction {
  action: string; does: string; goesTo?: string; highEffect?: true; enabled?: false; expects?: 'none' | JsonSchema;
  blockedBecause?: StatedCondition[]; unblockedBy?: Unblocker[]; busy?: string;
  [key: string]: unknown;
}
/** A port result: plain JSON. `ok` and `judgment` say how to read the rest (docs/facts-and-serving.md §4). */
export interface ServeResult {
  ok: boolean;
  judgment?: string;
  reason?: string;
  why?: string;
  howToAct?: string;
  facts?: string;
  brief?: string;
  actions?: ServedAction[];
  did?: string;
  transitionId?: string;
  effectStatus?: EffectStatus;
  askId?: string;
  youAreOn?: string;
  version?: number;
  [key: string]: unknown;
}
"#;
