//! The public argument and result types of the session's calls: options, `FireResult`,
//! `UpdateResult`, `SyncResult`, `available()`, confirm asks and their receipts, the human doors,
//! journey frames and plans. Serde JSON is the JS shape of `docs/api.md` (camelCase, presence-only fields).
//! Fields marked `#[serde(skip)]` are Rust-side extras for `serve`/`facts`, not part of the JS shape.
//! Used by every session module, the JS layer, `facts` and `serve`.

use std::rc::Rc;

use serde::Serialize;
use serde_json::{Map, Value};

use super::ledger::records::{
    AskAnswer, EffectStatus, EffectVerified, Outcome, Principal, TransitionRecord, VerifyHeld,
};
use crate::codes::Refusal;
use crate::graph::guards::ConditionEvidence;
use crate::json_types::{AppValue, Expects};

fn is_false(b: &bool) -> bool {
    !*b
}

/// `createSession(graph, navigate?, options?)` — the navigate function itself lives in the host
/// (`Host::can_navigate`); `onWarn` is `Host::warn`.
#[derive(Debug, Clone, Default)]
pub struct SessionOptions {
    /// Starting page id; default: the first declared page. Unknown → `UNKNOWN_NODE`.
    pub node: Option<String>,
    /// The initial flat projection. Its presence switches the state tap on (arm A).
    pub state: Option<Map<String, Value>>,
    /// `Some(true)`: enforced approval. `None` (not passed) also arms the one-time warning about an
    /// agent firing a high-effect action with no ask on record.
    pub require_human_approval: Option<bool>,
    /// Most rows each ledger keeps (default 10,000; 1 to 1,000,000); older attempts are folded into
    /// counts (`docs/decisions.md` decision 25). A number so the option's validation sees what was passed.
    pub retain: Option<f64>,
    /// Size limit in bytes of compact JSON for inputs, payloads, state values and kept texts
    /// (default 65,536; 1 to 64 MiB).
    pub max_value_bytes: Option<f64>,
    /// State keys and paths whose values never leave the session, beyond the graph's own `redact`
    /// (docs/session.md §28): keys only the app knows at run time.
    pub redact: crate::graph::Redaction,
}

/// `fire(id, { source, payload, invoke })`.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FireOptions {
    /// Who fires; omitted → `agent` (never `user`).
    #[serde(default)]
    pub source: Option<Principal>,
    /// The action's input, checked against its `input` schema.
    #[serde(default)]
    pub payload: Option<AppValue>,
    /// `false`: record an act the app already carried out without running its handler (a person's or
    /// the app's own door only; docs/session.md §33). Omitted → `true`.
    #[serde(default)]
    pub invoke: Option<bool>,
}

/// `settlement` on an accepted fire: is the record at rest when `fire()` returns?
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum SettlementState {
    Settled,
    AwaitingState,
}

/// What `fire()` returns. Accepted: `{ok:true, transitionId, settlement, effectStatus, version}`.
/// Refused: `{ok:false, reason, affordanceId?, evidence?, issues?, …}` — never an error.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FireResult {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transition_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settlement: Option<SettlementState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect_status: Option<EffectStatus>,
    /// The version at return (accepted fires only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<u64>,
    /// A refusal code (docs/session.md §8.1): `UNKNOWN_AFFORDANCE`, `NOT_ON_NODE`, `GUARD_FAILED`,
    /// `PAYLOAD_INVALID`, `TOOL_DISABLED`, `NOT_MATERIALIZED`, `APPROVAL_REQUIRED`, `APPROVAL_DECLINED`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Refusal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affordance_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Vec<ConditionEvidence>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issues: Option<Vec<String>>,
    /// `UNKNOWN_AFFORDANCE`: the ids offered now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available: Option<Vec<String>>,
    /// `NOT_ON_NODE`: where the cursor is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// Approval refusals: the ask that was consulted, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ask_id: Option<String>,
    /// Present (as `false`) when nothing was wired to execute an accepted fire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub materialized: Option<bool>,
    /// `BUSY`: the app's own busy sentence (data only; docs/session.md §22).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub busy: Option<String>,
    /// `PRIOR_FIRE_PENDING` / `DUPLICATE_EXECUTION`: the open or performed fire (docs/session.md §26).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prior_transition_id: Option<String>,
    /// Accepted: the action's verify already held when it was fired, so the fire did not wait for a
    /// report (docs/session.md §23). The conditions that held, as the graph states them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub already_true: Option<Vec<super::unblock::StatedCondition>>,
    /// `INSTANCE_UNKNOWN` / `INSTANCE_REQUIRED`: what was wrong, the rule and the fix (docs/session.md §34).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// `INSTANCE_UNKNOWN` / `INSTANCE_REQUIRED`: the live rows of the action's list, to pick from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instances: Option<Vec<super::InstanceRef>>,
    /// Accepted: the list row the fire was for, by the app's id and label (docs/session.md §34).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instance: Option<super::InstanceRef>,
    /// Accepted fires: the record snapshotted at return (Rust-side only).
    #[serde(skip)]
    pub transition: Option<TransitionRecord>,
}

impl FireResult {
    pub(crate) fn refused(reason: Refusal) -> FireResult {
        FireResult {
            ok: false,
            transition_id: None,
            settlement: None,
            effect_status: None,
            version: None,
            reason: Some(reason),
            affordance_id: None,
            evidence: None,
            issues: None,
            available: None,
            node: None,
            ask_id: None,
            materialized: None,
            busy: None,
            prior_transition_id: None,
            already_true: None,
            message: None,
            instances: None,
            instance: None,
            transition: None,
        }
    }
}

/// `updateState(delta, { transitionId?, stimulus?, principal? })`.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct UpdateOptions {
    /// Settle exactly this pending fire.
    #[serde(default)]
    pub transition_id: Option<String>,
    /// An explicit stimulus label: the report is that stimulus, not a fire's effect.
    #[serde(default)]
    pub stimulus: Option<String>,
    /// Who made the change (default: attributed by the ladder, docs/session.md §5).
    #[serde(default)]
    pub principal: Option<Principal>,
}

/// What `updateState` returns: `{ok:true, attributed, transition?, version}` or
/// `{ok:false, reason:'UNKNOWN_TRANSITION', pending:[ids], version}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct UpdateResult {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attributed: Option<bool>,
    /// The row the report settled or minted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transition: Option<TransitionRecord>,
    pub version: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Refusal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Vec<String>>,
    /// `PAYLOAD_TOO_LARGE`: the message naming the value and the limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issues: Option<Vec<String>>,
}

/// `sync(node, { stimulus?, principal? })`.
#[derive(Debug, Clone, Default)]
pub struct SyncOptions {
    pub stimulus: Option<String>,
    pub principal: Option<Principal>,
}

/// What `sync` returns: `{changed, transition?, node, version, offGraph?}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SyncResult {
    pub changed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transition: Option<TransitionRecord>,
    pub node: String,
    pub version: u64,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "true"))]
    pub off_graph: bool,
    /// `REENTRANCY_DEPTH` when the report was refused (decision 24); absent when it was applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Refusal>,
}

/// One offered action: `{affordanceId, description, enabled?:false, goesTo?, expects?, highEffect?}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AvailableEdge {
    pub affordance_id: String,
    /// The authored `does`.
    pub description: String,
    /// `Some(false)` when greyed; absent means clickable (never `true`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goes_to: Option<String>,
    /// `"none"`, the JSON Schema verbatim, or absent when no input was declared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expects: Option<Expects>,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "true"))]
    pub high_effect: bool,
    /// Greyed by its `enabledWhen`: the failing conjuncts as the graph states them (never the state's
    /// value; docs/session.md §21). Absent for an app's own switch-off and on clickable rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocked_because: Option<Vec<super::unblock::StatedCondition>>,
    /// With `blockedBecause`: the actions whose declared writes include one of those keys (`[]` when
    /// none declares it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unblocked_by: Option<Vec<super::unblock::Unblocker>>,
    /// The app's own busy sentence while `group.setBusy(name, label)` holds (docs/session.md §22).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub busy: Option<String>,
    /// The person's on-screen control by ARIA role and accessible name, as the action declares it
    /// (`control`; what `groundfacts/sensor` matches, docs/session.md §33).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<crate::graph::ControlLocator>,
    /// Rust-side: a handler is registered or the edge is url-materialisable (`None` when neither a
    /// registry nor `navigate` exists, as in docs/session.md §6).
    #[serde(skip)]
    pub materialized: Option<bool>,
    /// Rust-side: guard keys absent from the state (the edge is served anyway).
    #[serde(skip)]
    pub guard_unevaluated: Vec<String>,
}

/// A journey as listed by `available()`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AvailableJourney {
    pub journey_id: String,
    pub does: String,
}

/// What `available()` returns.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Available {
    pub version: u64,
    pub node: String,
    pub edges: Vec<AvailableEdge>,
    pub journeys: Vec<AvailableJourney>,
}

/// `receipts.willDo`: `{does, writes?, navigatesTo?}` — from the served spec, never caller text.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct WillDo {
    pub does: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub writes: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub navigates_to: Option<String>,
}

/// One of the last few transitions, for a person reading a confirm card.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct RecentStep {
    /// The affordance id, or the stimulus stage (`sync:review`).
    pub what: String,
    pub principal: Principal,
    pub outcome: Outcome,
}

#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Receipts {
    pub will_do: WillDo,
    /// The guard conditions that passed (evidence of why it is offered).
    pub because: Vec<ConditionEvidence>,
    pub you_are_on: String,
    pub version: u64,
    pub recent_steps: Vec<RecentStep>,
}

/// What `confirmAsk` returns: `{askId, receipts}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct ConfirmAsk {
    pub ask_id: String,
    pub receipts: Receipts,
}

/// What a human door (`approve` / `decline`) returns: `{ok}` or `{ok:false, reason, explanation}`
/// with reason `UNKNOWN_ASK`, `ASK_ALREADY_ANSWERED`, `NEEDS_DECIDER` (enforced, no `by`) or `NOT_ENFORCED` (approve in default mode).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct DoorResult {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Refusal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum FrameStatus {
    Open,
    Completed,
    Cancelled,
    Demoted,
}

crate::record::record! {
    /// An open (or closed) journey frame.
    #[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[serde(rename_all = "camelCase")]
    pub struct JourneyFrame {
        pub journey_id: String,
        pub status: FrameStatus,
        pub principal: Principal,
        pub opened_at: f64,
        pub opened_at_version: u64,
        /// Steps whose fire was performed while the frame was open (decision 9).
        pub fired_steps: Vec<String>,
        pub inferred_steps: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub closed_at_version: Option<u64>,
    }
}

/// A journey step's status in a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum StepStatus {
    Done,
    InferredDone,
    /// Its guard fails (`blocked_on` carries the evidence).
    Blocked,
    /// Its guard passes and it is offered on the current page — even while greyed (decision 8).
    Ready,
    OffNode,
}

/// One step of `journeyPlan(id)`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PlanStep {
    pub step: String,
    pub status: StepStatus,
    pub does: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expects: Option<Expects>,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "true"))]
    pub high_effect: bool,
    /// `Some(false)` when the control is greyed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocked_on: Option<Vec<ConditionEvidence>>,
    /// Greyed by its `enabledWhen`: the failing conditions as the graph states them (docs/session.md §21).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocked_because: Option<Vec<super::unblock::StatedCondition>>,
    /// With `blockedBecause`: the actions declared to write those keys.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unblocked_by: Option<Vec<super::unblock::Unblocker>>,
    /// The app's own busy sentence (docs/session.md §22).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub busy: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guard_unevaluated: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub materialized: Option<bool>,
    /// A fire of this step still awaits its state report.
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "true"))]
    pub awaiting_state: bool,
    /// An unanswered or approved-unspent ask about this step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_ask: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct JourneyPlan {
    pub journey_id: String,
    pub does: String,
    pub steps: Vec<PlanStep>,
}

/// What `commitJourney` returns: `{ok:true, frame, plan, version}` or `{ok:false, reason, …}` with
/// reason `UNKNOWN_JOURNEY` (`known`), `FRAME_ALREADY_OPEN` (`journeyId`), `PRECONDITION_FAILED`
/// (`evidence`), `ENTRY_NOT_MATERIALIZED` (`affordanceId`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct CommitJourneyResult {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame: Option<JourneyFrame>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<JourneyPlan>,
    pub version: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Refusal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub known: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub journey_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Vec<ConditionEvidence>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affordance_id: Option<String>,
}

/// Which ledger an attempt row came from (docs/facts-and-serving.md §2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttemptKind {
    /// A `fire-rejected` gap row (rank 0). `journey_id` set for a refused journey commit.
    Refused,
    /// A reported gap flagged `actionsMayBeStale` (rank 0).
    StaleActions,
    /// A fired transition, inferred ones included (rank 1).
    Fired,
}

/// What a renderer needs to print one attempt line — cheap to build (shared `Rc<str>`s, no ledger
/// clone, no id formatted). Produced by `Session::attempts_tail`.
#[derive(Debug, Clone, PartialEq)]
pub struct AttemptView {
    pub kind: AttemptKind,
    /// The ordering key: gap version (rank 0) or fire-time cursor version (rank 1).
    pub key: u64,
    pub principal: Principal,
    /// As asked (refusals) or as fired; `None` for a stale-actions row.
    pub affordance_id: Option<Rc<str>>,
    /// The authored sentence captured at the moment (absent = not declared then).
    pub does: Option<Rc<str>>,
    pub rejection_reason: Option<Refusal>,
    pub journey_id: Option<Rc<str>>,
    /// Fired rows: the live outcome.
    pub outcome: Option<Outcome>,
    pub effect_verified: Option<EffectVerified>,
    /// Fired rows: `verifyHeld` of the retained settlement, if any.
    pub verify_held: Option<VerifyHeld>,
    /// Fired rows: the first settlement's effect status, if at rest.
    pub settled_status: Option<EffectStatus>,
    pub inferred: bool,
    /// `false` when nothing was wired to execute the fire.
    pub materialized: bool,
    /// Fired rows: the action's verify already held when it was fired (docs/session.md §23).
    pub already_true: bool,
    /// Fired rows: the record's sequence number; [`AttemptView::transition_id`] builds the id.
    pub transition_n: Option<u32>,
    /// Fired rows of a list: the row's label as the app reported it (docs/session.md §34).
    pub instance_label: Option<Rc<str>>,
}

impl AttemptView {
    /// Fired rows: the transition id (`<affordance id>#<n>`), built on request.
    pub fn transition_id(&self) -> Option<String> {
        let (stage, n) = (self.affordance_id.as_ref()?, self.transition_n?);
        Some(format!("{stage}#{n}"))
    }
}

/// An ask as the facts block needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct AskView {
    pub ask_id: String,
    pub affordance_id: Rc<str>,
    pub does: Option<Rc<str>>,
    /// `None` = awaiting the human's decision.
    pub answer: Option<AskAnswer>,
}

/// The ask book as the facts block needs it, in ask-creation order: every answered-but-not-spent
/// ask (never capped) and the oldest `max_awaiting` unanswered ones; `awaiting_total` counts all
/// unanswered asks so the renderer can state how many it left out.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AskSummary {
    pub lines: Vec<AskView>,
    pub awaiting_total: usize,
    pub awaiting_shown: usize,
}
