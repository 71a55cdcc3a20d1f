//! The public record types — what `transitions()`, `gaps()`, `pending()`, `asks()`, `openWork()` and
//! `settlementIfKnown()` return. Each is a detached snapshot whose serde JSON is exactly the JS shape
//! of `docs/api.md` / docs/session.md §11 (camelCase, presence-only fields omitted when absent).
//! Built by `session::ledger::reads` from the compact internal rows of `session::state`; read by the JS
//! layer (serialised as-is), `facts` and `serve`.

use crate::codes::Refusal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::json_types::JsonValue;

use crate::graph::guards::ConditionEvidence;

fn is_false(b: &bool) -> bool {
    !*b
}

/// Who acted: the `source` of a fire, or the principal of a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum Principal {
    Agent,
    User,
    System,
    Unknown,
}

impl Principal {
    pub const fn as_str(self) -> &'static str {
        match self {
            Principal::Agent => "agent",
            Principal::User => "user",
            Principal::System => "system",
            Principal::Unknown => "unknown",
        }
    }

    /// Parse the JS spelling (`'agent'`, `'user'`, `'system'`, `'unknown'`).
    pub fn parse(text: &str) -> Option<Principal> {
        match text {
            "agent" => Some(Principal::Agent),
            "user" => Some(Principal::User),
            "system" => Some(Principal::System),
            "unknown" => Some(Principal::Unknown),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum CauseKind {
    Fired,
    Stimulus,
}

/// Why a transition row exists. `does` is the authored sentence captured when the row was minted.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Cause {
    pub kind: CauseKind,
    pub principal: Principal,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affordance_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub does: Option<String>,
    /// For stimulus rows: `navigation`, `structure-swap`, `unknown`, or the reporter's label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stimulus: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "true"))]
    pub inferred: bool,
}

/// Which rung of the attribution ladder tied a report to this row (docs/session.md §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum AttributionBasis {
    CallerAsserted,
    NamedByReport,
    DeclaredStimulus,
    HandlerWindow,
    QueueOrder,
    SignatureMatch,
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum Certainty {
    Observed,
    Inferred,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct Attribution {
    pub principal: Principal,
    pub basis: AttributionBasis,
    pub certainty: Certainty,
}

/// A record's life: `pending → committed`, or `rejected` / `rolled-back` / `superseded`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Pending,
    Committed,
    Rejected,
    RolledBack,
    Superseded,
}

/// The state axis: were the declared write keys present in the settling report?
/// Serialises as `true`, `false` or `"unobservable"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(target_arch = "wasm32", tsify(type = "boolean | 'unobservable'"))]
pub enum EffectVerified {
    Observed(bool),
    Unobservable,
}

impl<'de> Deserialize<'de> for EffectVerified {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match BoolOrWord::deserialize(d)? {
            BoolOrWord::Bool(b) => Ok(EffectVerified::Observed(b)),
            BoolOrWord::Word(w) if w == "unobservable" => Ok(EffectVerified::Unobservable),
            BoolOrWord::Word(w) => Err(serde::de::Error::custom(format!(
                "'{w}' is not true, false or 'unobservable'"
            ))),
        }
    }
}

/// `true` / `false` / a word: how the two tri-state axes travel in a snapshot.
#[derive(Deserialize)]
#[serde(untagged)]
enum BoolOrWord {
    Bool(bool),
    Word(String),
}

impl Serialize for EffectVerified {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            EffectVerified::Observed(b) => s.serialize_bool(*b),
            EffectVerified::Unobservable => s.serialize_str("unobservable"),
        }
    }
}

/// The app's own contract: serialises as `true`, `false` or `"unevaluable"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(target_arch = "wasm32", tsify(type = "boolean | 'unevaluable'"))]
pub enum VerifyHeld {
    Held,
    Failed,
    Unevaluable,
}

impl<'de> Deserialize<'de> for VerifyHeld {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match BoolOrWord::deserialize(d)? {
            BoolOrWord::Bool(true) => Ok(VerifyHeld::Held),
            BoolOrWord::Bool(false) => Ok(VerifyHeld::Failed),
            BoolOrWord::Word(w) if w == "unevaluable" => Ok(VerifyHeld::Unevaluable),
            BoolOrWord::Word(w) => Err(serde::de::Error::custom(format!(
                "'{w}' is not true, false or 'unevaluable'"
            ))),
        }
    }
}

impl Serialize for VerifyHeld {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            VerifyHeld::Held => s.serialize_bool(true),
            VerifyHeld::Failed => s.serialize_bool(false),
            VerifyHeld::Unevaluable => s.serialize_str("unevaluable"),
        }
    }
}

/// The invocation axis (docs/session.md §9.2). `Pending` only ever appears on a `FireResult`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum EffectStatus {
    Pending,
    Performed,
    Refused,
    Unobservable,
}

/// Whether a claimed navigation was corroborated by the router tap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum Arrival {
    Claimed,
    Observed,
}

/// One row of `transitions()` (docs/session.md §11.1).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct TransitionRecord {
    /// `<stage>#<n>`: `wizard.name-it#1`, `sync:wizard#7`, `stimulus:structure-swap#0`.
    pub id: String,
    pub cause: Cause,
    pub attribution: Attribution,
    pub timestamp: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payload: Option<JsonValue>,
    pub outcome: Outcome,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect_verified: Option<EffectVerified>,
    pub from_node: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_node: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "true"))]
    pub to_node_claimed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrival: Option<Arrival>,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "true"))]
    pub unverified_edge: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guard_unevaluated: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub produced: Option<JsonValue>,
    /// The version when the row was minted, before its own bump.
    pub cursor_version: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ask_id: Option<String>,
    /// Present (as `false`) only when nothing was wired to execute the fire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub materialized: Option<bool>,
    /// The action's verify already held when it was fired, so this fire settled when its handler
    /// returned (docs/session.md §23): the conditions that held, as the graph states them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub already_true: Option<Vec<crate::session::unblock::StatedCondition>>,
    /// A fire of a repeated action: the list row it was for, as the app reported it (docs/session.md §34).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instance: Option<crate::session::InstanceRef>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "kebab-case")]
pub enum GapKind {
    FireRejected,
    DeadEnd,
    Reported,
}

/// One row of `gaps()` (docs/session.md §11.2).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct GapRecord {
    pub kind: GapKind,
    pub timestamp: f64,
    pub node: String,
    pub version: u64,
    pub available_actions: Vec<String>,
    pub available_journeys: Vec<String>,
    /// fire-rejected: the id as asked (even if the graph has no such action).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affordance_id: Option<String>,
    /// fire-rejected: captured only if the served spec had the id at that moment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub does: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rejection_reason: Option<Refusal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub principal: Option<Principal>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Vec<ConditionEvidence>>,
    /// A refused journey commit (`ENTRY_NOT_MATERIALIZED`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub journey_id: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "true"))]
    pub off_graph: bool,
    /// reported: the caller's request text (≤ 500 chars). Data, never rendered as instruction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "true"))]
    pub actions_may_be_stale: bool,
}

/// A fire still awaiting the app's state report (arms A/B).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct PendingInfo {
    pub id: String,
    pub affordance_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub does: Option<String>,
    pub fired_at: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "lowercase")]
pub enum AskAnswer {
    Approved,
    Declined,
}

/// A confirm ask in the book (docs/session.md §13.4).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct AskStatus {
    pub ask_id: String,
    pub affordance_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub does: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<AskAnswer>,
    #[serde(default, skip_serializing_if = "is_false")]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "true"))]
    pub spent: bool,
}

/// Work the app says it is still doing (`beginWork`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct WorkRow {
    pub work_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transition_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affordance_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub does: Option<String>,
    pub started_at: f64,
    pub principal: Principal,
}

/// Why a settlement went wrong: `VERIFY_FAILED`, `HANDLER_THREW`, `HANDLER_FAILED`, `NAVIGATE_THREW`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct SettlementError {
    pub reason: Refusal,
    pub message: String,
    /// Filter-form verify failures: the failing conjuncts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Vec<ConditionEvidence>>,
}

/// How a fire came to rest (retained; the first settlement is final).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub struct FireSettlement {
    pub transition_id: String,
    /// The affordance id that was fired.
    pub did: String,
    pub effect_status: EffectStatus,
    /// The record's outcome at settlement (a receipt; `transition.outcome` is the live one).
    pub outcome: Outcome,
    /// The state axis at settlement: `true` / `false` / `"unobservable"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub writes_observed: Option<EffectVerified>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verify_held: Option<VerifyHeld>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<SettlementError>,
    /// What the handler produced (never on a refusal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<JsonValue>,
    /// The live record, snapshotted now.
    pub transition: TransitionRecord,
}
