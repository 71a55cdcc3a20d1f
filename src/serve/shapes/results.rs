//! The port result's shape, declared once: [`ServeResult`] names every key any tool writes, with its
//! type, and the rows it nests (action and step rows, `why`'s chain links, the declared hops to a
//! page). Each struct is wrapped in `shape!` (`serve::shapes`), which gives it one typed
//! setter per field (on `Obj<Shape>` and on `Stream<Shape, _>`); tsify derives the `.d.ts` from the
//! same struct (wasm32), and serde's `Deserialize` reads a result back in tests. The enums a key may
//! hold are here too, each with what [`Fits`] it.
//!
//! Adding a key: one field here (camelCase via `rename_all`; an `Option` marked `#[serde(default,
//! skip_serializing_if = …)]` for one that is not always there), then the tool calls its setter
//! (docs/records.md, "Adding a key to a port result"). Used by `serve::shapes` and, through it, every
//! tool in `serve`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{shape, Fits, OrNull};

use crate::codes::{ErrorCode, Refusal};
use crate::graph::guards::ConditionEvidence;
use crate::json_types::{Expects, JsonValue};
use crate::session::{
    Arrival, EffectStatus, EffectVerified, FrameStatus, Hop, Outcome, Principal, Receipts,
    SettlementState, StatedCondition, StepStatus, Unblocker, VerifyHeld,
};

crate::words::words! {
    /// How to read a port result (docs/facts-and-serving.md §4).
    pub enum Judgment {
        Error = "error",
        NeedsConfirm = "needs-confirm",
        Declined = "declined",
        Rejected = "rejected",
        Blocked = "blocked",
        StillPending = "still-pending",
        AwaitingHuman = "awaiting-human",
        ApprovedNotYetDone = "approved-not-yet-done",
        NavigateOrWait = "navigate-or-wait",
        OneReadyStep = "one-ready-step",
        NeedsChoice = "needs-choice",
        Done = "done",
        /// `did_it_work` of a row folded away by `retain`: it happened; its details are not kept.
        Folded = "folded",
    }
}

impl Fits<Judgment> for Judgment {
    fn json(self) -> Value {
        Value::from(self.as_str())
    }
}

/// A port refusal's `reason`: a refusal word, or the code of a session error the port answered as data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(untagged)]
pub enum PortReason {
    Refusal(Refusal),
    Error(ErrorCode),
}

impl Fits<PortReason> for Refusal {
    fn json(self) -> Value {
        Value::from(self)
    }
}

impl Fits<PortReason> for ErrorCode {
    fn json(self) -> Value {
        Value::from(self)
    }
}

impl Fits<ErrorCode> for ErrorCode {
    fn json(self) -> Value {
        Value::from(self)
    }
}

/// `guardUnevaluated`: `true` on an action row or a fire (some guard key is absent from the state);
/// the absent keys themselves on an `UNKNOWN_ACTION` refusal.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(untagged)]
pub enum GuardUnevaluated {
    Flag(bool),
    Keys(Vec<String>),
}

/// `true`, written only when it is (never `false` for "not").
impl Fits<GuardUnevaluated> for bool {
    fn json(self) -> Value {
        Value::Bool(self)
    }
}

impl Fits<GuardUnevaluated> for Vec<String> {
    fn json(self) -> Value {
        Fits::<Vec<String>>::json(self)
    }
}

shape! {
    /// One action row of `whats_here` (and of a refusal's `actions`).
    #[derive(Debug, Clone, PartialEq, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct ServedAction {
        pub action: String,
        pub does: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub goes_to: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub high_effect: Option<bool>,
        /// Present (as `false`) when the control is greyed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub enabled: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub guard_unevaluated: Option<bool>,
        /// Present (as `false`) when nothing is wired to perform it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub materialized: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub expects: Option<Expects>,
        /// Greyed by its `enabledWhen`: what it waits on and what writes it (docs/session.md §21).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub blocked_because: Option<Vec<StatedCondition>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub unblocked_by: Option<Vec<Unblocker>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub busy: Option<String>,
    }
}

shape! {
    /// One list of `whats_here` (docs/session.md §34).
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct ServedList {
        /// The repeating container's path.
        pub list: String,
        pub does: String,
        /// The actions each row carries: fire one with `instance` set to a row's id.
        pub actions: Vec<String>,
        pub instances: Vec<crate::session::InstanceRef>,
    }
}

/// `actions`: the rows of `whats_here`, or the ids on offer that a do_action refusal lists.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(untagged)]
pub enum ActionList {
    Rows(Vec<ServedAction>),
    Ids(Vec<String>),
}

/// The ids on offer (a `do_action` refusal).
impl Fits<ActionList> for Vec<String> {
    fn json(self) -> Value {
        Fits::<Vec<String>>::json(self)
    }
}

shape! {
    /// One journey row of `whats_here`.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct ServedJourney {
        pub journey: String,
        pub does: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub frame: Option<FrameStatus>,
    }
}

/// One `candidates` entry: an action id (`AMBIGUOUS_ACTION`), or the ask and the fire an
/// `AMBIGUOUS_ID` names.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[serde(untagged)]
pub enum Candidate {
    Action(String),
    Ask {
        #[serde(rename = "askId")]
        ask_id: String,
        #[serde(rename = "askedAbout")]
        asked_about: String,
    },
    Fire {
        did: String,
    },
}

/// An action id (`AMBIGUOUS_ACTION`); the other two are written as serde writes them.
impl Fits<Candidate> for &str {
    fn json(self) -> Value {
        Value::from(self)
    }
}

shape! {
    /// A question waiting for a person: `action` in `did_it_work`, `step` in a journey's disclosure.
    #[derive(Debug, Clone, PartialEq, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct AwaitingHuman {
        pub ask_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub action: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub step: Option<String>,
    }
}

shape! {
    /// Where to poll an open fire: `{ tool, arg: "transitionId" }`.
    #[derive(Debug, Clone, PartialEq, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[serde(deny_unknown_fields)]
    pub struct SettleWith {
        pub tool: String,
        pub arg: String,
    }
}

shape! {
    /// A journey step the model may take now (`readySteps`) or later (`laterSteps`, with `status`).
    #[derive(Debug, Clone, PartialEq, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct ServedStep {
        pub step: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub does: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub status: Option<StepStatus>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub high_effect: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub enabled: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub guard_unevaluated: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub expects: Option<Expects>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub blocked_on: Option<Vec<ConditionEvidence>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub blocked_because: Option<Vec<StatedCondition>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub unblocked_by: Option<Vec<Unblocker>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub busy: Option<String>,
    }
}

shape! {
    /// One link of `why`'s chain: the rows that wrote a state key, oldest first.
    #[derive(Debug, Clone, PartialEq, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct ChainLink {
        pub transition_id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub did: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub reported: Option<bool>,
        pub principal: Principal,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub inferred: Option<bool>,
        pub version: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub writes_observed: Option<EffectVerified>,
    }
}

shape! {
    /// The declared hops to a page (docs/facts-and-serving.md §4.4, §4.8, §4.12): `routeTo` on
    /// `whats_here` and the journey tools (`step` names the step it leads to), each `declaredWriters` row
    /// of `why` (`action` names the writer). `route` is `null` when no declared route reaches the page.
    #[derive(Debug, Clone, PartialEq, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct RouteTo {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub step: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub action: Option<String>,
        pub page: String,
        #[cfg_attr(target_arch = "wasm32", tsify(type = "RouteHop[] | null"))]
        pub route: OrNull<Vec<Hop>>,
        /// `UNKNOWN_NODE` when `routeTo` named no page.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub reason: Option<ErrorCode>,
        pub how_to_get_there: String,
    }
}

shape! {
    /// A port result (every tool's keys; `ok` and `judgment` say how to read the rest,
    /// docs/facts-and-serving.md §4).
    #[derive(Debug, Clone, PartialEq, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct ServeResult {
        pub ok: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub judgment: Option<Judgment>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub reason: Option<PortReason>,
        /// Why it came out this way, in words a model reads.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub why: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub how_to_act: Option<String>,
        // whats_here
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub facts: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub brief: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub actions: Option<ActionList>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub journeys: Option<Vec<ServedJourney>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub journeys_elsewhere: Option<Vec<String>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub journeys_elsewhere_means: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub arrival: Option<Arrival>,
        // do_action and the journey tools
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub action: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub journey: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub step: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub candidates: Option<Vec<Candidate>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub offered_on: Option<Vec<String>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub evidence: Option<Vec<ConditionEvidence>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub guard_unevaluated: Option<GuardUnevaluated>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub does: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub performed: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub did: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub ask_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub receipts: Option<Receipts>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub settlement: Option<SettlementState>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub effect_status: Option<EffectStatus>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub transition_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub how_to_settle: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub settle_with: Option<SettleWith>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub materialized: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub issues: Option<Vec<String>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub node: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub expects: Option<Expects>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub retriable: Option<bool>,
        /// A `TOOL_DISABLED` refusal of a control greyed by its `enabledWhen` (docs/session.md §21).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub blocked_because: Option<Vec<StatedCondition>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub unblocked_by: Option<Vec<Unblocker>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub busy: Option<String>,
        /// `PRIOR_FIRE_PENDING` / `DUPLICATE_EXECUTION`: the open or performed fire (docs/session.md §26).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub prior_transition_id: Option<String>,
        /// A fire of a list's action: the row's id as the app reported it (docs/session.md §34).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub instance: Option<String>,
        /// A fire of a list's action: the row's label, the app's own words for it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub on: Option<String>,
        /// `INSTANCE_UNKNOWN` / `INSTANCE_REQUIRED`: the live rows of the action's list.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub instances: Option<Vec<crate::session::InstanceRef>>,
        /// `whats_here`: the lists on this page, their repeated actions and live rows.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub lists: Option<Vec<ServedList>>,
        /// The verify already held at fire time (docs/session.md §23).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub already_true: Option<Vec<StatedCondition>>,
        /// The declared hops to a page (`whats_here {routeTo}`, the journey tools).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub route_to: Option<RouteTo>,
        // did_it_work
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub settled: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub outcome: Option<Outcome>,
        /// The record's live outcome, when it moved on since it settled.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub outcome_now: Option<Outcome>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub effect_verified: Option<EffectVerified>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub writes_observed: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub verify_held: Option<VerifyHeld>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub to_node: Option<String>,
        /// The settlement's error message (cut at 200 characters).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub error: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub data: Option<JsonValue>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub pending: Option<Vec<String>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub awaiting_settlement: Option<Vec<String>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub awaiting_human: Option<Vec<AwaitingHuman>>,
        // journey disclosure
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub frame: Option<FrameStatus>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub kept_frame: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub awaiting_state: Option<Vec<String>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub ready_steps: Option<Vec<ServedStep>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub later_steps: Option<Vec<ServedStep>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub steps: Option<Vec<String>>,
        // why
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub key: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub holds: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub value: Option<JsonValue>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub chain: Option<Vec<ChainLink>>,
        /// The actions declared to write the key, and how to reach each (docs/facts-and-serving.md §4.12).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub declared_writers: Option<Vec<RouteTo>>,
        // an unknown tool
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub tools: Option<Vec<String>>,
        // position, on (almost) every result
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub you_are_on: Option<String>,
        /// The reader's focus below page level, while one is known (docs/session.md §4.1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub looking_at: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub version: Option<u64>,
    }
}
