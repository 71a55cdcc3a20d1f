//! The hand-written TypeScript of the boundary: only what tsify cannot derive — types that carry
//! functions (`SessionOptions.onWarn`, `RegisterActionsSpec`'s handlers) and the option bags the JS
//! layer reads key by key (no Rust struct holds them whole). Every data type that crosses the
//! boundary — records, results, settlements, port results, codes — is derived by tsify from the Rust
//! struct that serialises it (see `js` module docs, "Declarations"); `Expects` and `AppValue` name
//! the TypeScript side of `crate::json_types` aliases. Only types live here; no code.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const SESSION_TYPES: &'static str = r#"
/** What an action expects: the word `'none'`, or its JSON Schema. */
export type Expects = 'none' | JsonSchema;
/** Any value an app passes in; checked at runtime (plain JSON data, within the size limit). */
export type AppValue = unknown;
export interface SessionOptions {
  /** Starting page id; default: the first declared page. */
  node?: string | undefined;
  /** The initial flat projection; its presence switches the state tap on. */
  state?: Record<string, unknown> | undefined;
  /**
   * Every developer warning, including the runtime ones that restate what the record already holds
   * (a refused fire, a handler that threw). Without it only authoring-time and dead-end warnings are
   * printed, with console.warn.
   */
  onWarn?: ((message: string) => void) | undefined;
  /** An agent's high-effect fire must cite a person's recorded yes. */
  requireHumanApproval?: boolean | undefined;
  /**
   * Most rows each ledger keeps (default 10000; a whole number from 1 to 1000000). Older attempts are
   * folded into per-grade counts that groundTruth() and contextBrief() state; transitions() and gaps()
   * return the kept rows only.
   */
  retain?: number | undefined;
  /**
   * Size limit, in bytes of JSON, of every input, payload, state value and kept text (default 65536;
   * 1 to 67108864). Larger ones are refused PAYLOAD_TOO_LARGE.
   */
  maxValueBytes?: number | undefined;
  /**
   * Continue from a session.snapshot() (or its JSON text, as sessionStorage keeps it): same version,
   * rows, captions, asks, frames and state. null/undefined starts fresh. Another graph's snapshot, a
   * newer format or a damaged one throws SessionError (RESTORE_OTHER_GRAPH, RESTORE_NEWER_FORMAT,
   * RESTORE_DAMAGED). The snapshot's cursor, state, retain and maxValueBytes win over node, state,
   * retain and maxValueBytes here.
   */
  restore?: SessionSnapshot | string | null | undefined;
  /**
   * This session replaces one whose history was lost: the module trapped and was started again
   * (SessionError MODULE_RESET). groundTruth() and contextBrief() then say, above the attempts, that
   * attempts from before the restart may be missing and cannot be confirmed or ruled out; snapshots
   * carry the mark. Combine with restore to continue from the last snapshot kept. The React provider
   * and the Svelte liveSession() pass it themselves after a reset.
   */
  historyLost?: boolean | undefined;
  /**
   * More values that never leave the session, beyond the graph's own `redact` (keys only the app
   * knows at run time). A bad pattern throws GraphValidationError (BAD_REDACT).
   */
  redact?: RedactDef | undefined;
}

/** `principal`: who moved — `'user'` for a person's own navigation (a link click); default `'system'`. */
export interface SyncOptions { stimulus?: string | undefined; principal?: 'user' | 'agent' | 'system' | undefined }
export interface RegisterActionsSpec {
  /** Action name (or qualified id) → the app's own function, bound by reference. */
  handlers?: { readonly [name: string]: (input: never) => unknown } | undefined;
  /** Actions this component declares live, at mount. */
  actions?: { readonly [name: string]: ActionDef & { handler?: ((input: never) => unknown) | undefined } } | undefined;
  /** Initial greyed state of registered controls. */
  enabled?: { readonly [name: string]: boolean } | undefined;
}
export interface HumanDecision { by?: string | undefined; note?: string | undefined }
export interface GroundTruthOptions { sinceVersion?: number | undefined; maxAttempts?: number | undefined }
export interface ContextBriefOptions { sinceVersion?: number | undefined; maxTransitions?: number | undefined }
export interface ServeOptions {
  /** Ask before a high-effect action (default true); enforced approval asks regardless. */
  confirmHighEffect?: boolean | undefined;
  /** The principal stamped on the port's fires (default 'agent'). */
  source?: Principal | undefined;
}
"#;
