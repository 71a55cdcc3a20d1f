//! Surviving a reload at the JS boundary: `session.snapshot()` (plain JSON a page can keep in
//! `sessionStorage`) and the reading of `createSession`'s `restore` option, with the `SessionSnapshot`
//! TypeScript type. The wire format and its checks live in `crate::session::snapshot*`
//! (docs/session.md §20). Used by `js::session` (`createSession`).

use crate::codes::ErrorCode;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::convert;
use super::errors;
use super::fast::{self, Within};
use super::session::JsSession;

/// The largest snapshot read, in bytes of JSON: far above what `retain` × `maxValueBytes` allows a
/// session to keep by default, small enough that a stray value cannot exhaust wasm memory.
pub const MAX_SNAPSHOT_BYTES: usize = 512 * 1024 * 1024;

#[wasm_bindgen(typescript_custom_section)]
const SNAPSHOT_TYPES: &'static str = r#"
/**
 * What session.snapshot() returns: versioned plain JSON (no functions) that
 * createSession(graph, navigate, { restore }) continues from. Keep it whole (JSON.stringify /
 * JSON.parse round-trip it exactly); its parts are not an API to edit.
 */
export interface SessionSnapshot {
  format: 'groundfacts-session';
  formatVersion: number;
  /** Fingerprint of the compiled graph; a snapshot of another graph is refused RESTORE_OTHER_GRAPH. */
  graph: string;
  graphId: string;
  cursor: { node: string; positionReported: boolean; arrival: 'claimed' | 'observed' | null };
  clock: {
    version: number; stateVersion: number; structureGen: number; lastStructureBump: number | null;
    transitionBase: number; gapBase: number; nextGroup: number; nextAsk: number; nextWork: number;
    awaitingDropped: number;
  };
  state: Record<string, JsonValue>;
  stateTap: boolean;
  requireHumanApproval: boolean;
  approvalOptionPassed: boolean;
  retain: number;
  maxValueBytes: number;
  folded: {
    total: number; refused: number; stale: number; throughKey: number | null;
    fires: Array<{
      open: boolean; materialized: boolean; outcome: Outcome; verifyHeld: VerifyHeld | null;
      effectVerified: EffectVerified | null; inferred: boolean; count: number;
    }>;
  };
  affordances: Array<{
    id: string; does: string; compiled: boolean; page: string | null; writes: string[] | null;
    goTo: string | null; confirm: boolean;
  }>;
  transitions: SnapshotTransition[];
  gaps: SnapshotGap[];
  attempts: Array<{ key: number; ledger: 'gap' | 'transition'; row: number }>;
  pending: number[];
  claim: { transition: number; target: string } | null;
  asks: Array<{
    n: number; affordanceId: string; does: string | null; input: JsonValue | null;
    answer: 'approved' | 'declined' | null; spent: boolean; by: string | null; note: string | null;
  }>;
  work: Array<{
    n: number; transition: number | null; affordanceId: string | null; does: string | null;
    startedAt: number; principal: Principal; open: boolean;
  }>;
  frame: JourneyFrame | null;
  closedFrames: JourneyFrame[];
  served: Array<{ id: string; declared: string | null; handler: boolean; enabled: boolean }>;
  warned: { once: string[]; deadEndNodes: string[] };
}
export interface SnapshotEvidence {
  key: string; op: string; threshold: JsonValue; actualSummary: string; result: boolean;
  note: string | null;
}
export interface SnapshotTransition {
  stage: string; n: number; kind: 'fired' | 'stimulus'; principal: Principal;
  basis: Attribution['basis']; certainty: 'observed' | 'inferred'; affordance: number | null;
  stimulus: string | null; inferred: boolean; timestamp: number; payload: JsonValue | null;
  outcome: Outcome; effectVerified: EffectVerified | null; fromNode: string; toNode: string | null;
  toNodeClaimed: boolean; arrival: 'claimed' | 'observed' | null; unverifiedEdge: boolean;
  guardUnevaluated: string[] | null; produced: JsonValue | null; cursorVersion: number;
  askN: number | null; materialized: boolean;
  arm: 'awaiting-state' | 'settle-on-completion' | 'born-at-rest' | 'no-writes' | 'none';
  open: boolean; inFlight: boolean;
  settled: {
    effectStatus: EffectStatus; outcome: Outcome; writesObserved: EffectVerified | null;
    verifyHeld: VerifyHeld | null;
    error: { reason: string; message: string; evidence: SnapshotEvidence[] | null } | null;
  } | null;
  changedKeys: string[] | null;
}
export interface SnapshotGap {
  kind: 'fire-rejected' | 'dead-end' | 'reported'; timestamp: number; node: string; version: number;
  availableActions: string[]; affordanceId: string | null; does: string | null;
  rejectionReason: string | null; principal: Principal | null; offGraph: boolean;
  actionsMayBeStale: boolean; evidence: SnapshotEvidence[] | null; journeyId: string | null;
  request: string | null; reason: string | null;
}
"#;

#[wasm_bindgen(js_class = Session)]
impl JsSession {
    /// Everything the session knows but its functions, as plain JSON (`SessionSnapshot`): keep it in
    /// `sessionStorage` and pass it back as `createSession(graph, navigate, { restore })` after a reload.
    #[wasm_bindgen(unchecked_return_type = "SessionSnapshot")]
    pub fn snapshot(&self) -> Result<JsValue, JsValue> {
        convert::to_js(&self.live()?.snapshot())
    }
}

fn damaged(why: &str) -> JsValue {
    errors::new_session_error(
        ErrorCode::RestoreDamaged,
        &format!("createSession: options.restore is not a usable snapshot: {why}. Nothing was restored; start a fresh session (omit restore) or pass an unmodified snapshot() result."),
    )
}

/// `options.restore` as JSON: `None` when absent or null (a fresh session), the parsed text when a
/// string (what `sessionStorage` holds), else the plain data; anything else → `RESTORE_DAMAGED`.
pub fn restore_arg(options: &JsValue) -> Result<Option<Value>, JsValue> {
    let value = convert::field(options, "restore", "createSession: options")?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    if let Some(text) = value.as_string() {
        if text.len() > MAX_SNAPSHOT_BYTES {
            return Err(damaged(
                "it is larger than the largest snapshot read (512 MiB)",
            ));
        }
        return serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| damaged(&format!("its text is not JSON ({e})")));
    }
    if !value.is_object() {
        return Err(damaged("it is neither a snapshot object nor its JSON text"));
    }
    match fast::plain_json_within(&value, MAX_SNAPSHOT_BYTES, false) {
        Some(Within::Json(json, _)) => Ok(Some(json)),
        Some(Within::TooLarge) => Err(damaged(
            "it is larger than the largest snapshot read (512 MiB)",
        )),
        None => match convert::to_json(&value, "createSession: options.restore") {
            Ok(json) => Ok(json),
            Err(_) => Err(damaged(
                "it holds a function or another value that is not plain data",
            )),
        },
    }
}
