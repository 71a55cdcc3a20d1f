//! The ledger rows, each declared once (docs/records.md): what a kept row holds and what its snapshot
//! item writes, field for field.
//!
//! - [`TransitionRow`]: the walker's row (`state::Rec`) carries it with its in-memory latches beside
//!   it, the snapshot item (`persist::SnapTransition`) with its wire-only parts, and the shared row the
//!   JS layer builds an `UpdateResult`'s record from (`reads::SharedRow`) is a clone of it.
//!   Its retained settlement ([`Settled`], with its [`Failure`]) is its own snapshot item too.
//! - [`Gap`]: the walker's gap row is its own snapshot item (`SnapGap` to TypeScript); its rare fields
//!   ([`GapDetail`]) are boxed in memory and written into the row's own object.
//!
//! So one field added here is kept, snapshotted, restored, typed in the `.d.ts` (and, for a transition,
//! lent to JS) without another copy of the list. The public records (`TransitionRecord`, `GapRecord`
//! in `records`) are the API of docs/session.md §11 and are built from these rows by `reads`.
//!
//! Names are `Rc<str>`s shared with the graph and the captions (the restorer interns them again);
//! `payload` and `produced` are kept as compact JSON text ([`JsonText`]), written into a snapshot as
//! the JSON value they are; evidence is kept as the guard evaluated it ([`Evidence`]), written with its
//! operator's word. Uses `crate::record`, `records`, `compact`. Used by `state`, `reads`, `persist`,
//! `report`, `fire`, `settle` and the walker's files that record a gap.

use std::borrow::Cow;
use std::ops::Deref;
use std::rc::Rc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::compact::{json_text, json_value};
use super::records::*;
use crate::codes::Refusal;
use crate::graph::guards::ConditionEvidence;
use crate::graph::model::Op;
use crate::json_types::JsonValue;
use crate::record::{wire, Blank, Slot};

wire! {
    /// The part of a transition row its snapshot keeps as it is.
    pub struct TransitionRow {
        /// The id prefix: the affordance id, `sync:<node>` or `stimulus:<kind>`.
        pub stage: Rc<str>,
        pub n: u32,
        pub kind: CauseKind,
        pub principal: Principal,
        pub basis: AttributionBasis,
        pub certainty: Certainty,
        pub stimulus: Option<Rc<str>>,
        pub inferred: bool,
        pub timestamp: f64,
        pub payload: Option<JsonText>,
        pub outcome: Outcome,
        pub effect_verified: Option<EffectVerified>,
        pub from_node: Rc<str>,
        pub to_node: Option<Rc<str>>,
        pub to_node_claimed: bool,
        pub arrival: Option<Arrival>,
        pub unverified_edge: bool,
        // Boxed: rare, and a bare Vec would cost every row 24 bytes (clippy prefers the bare Vec).
        #[allow(clippy::box_collection)]
        pub guard_unevaluated: Option<Box<Vec<String>>>,
        pub produced: Option<JsonText>,
        /// The version when the row was minted, before its own bump.
        pub cursor_version: u64,
        pub ask_n: Option<u32>,
        pub materialized: bool,
    }
}

/// A JSON value kept as its compact text: a parsed `Value` costs ~10× its text in allocations, and
/// a row keeps one for every fire. Written and read as the JSON value itself (`JsonValue` to
/// TypeScript).
#[derive(Debug, Clone, PartialEq)]
pub struct JsonText(pub Box<str>);

impl Deref for JsonText {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Serialize for JsonText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        json_value(&self.0).serialize(s)
    }
}

impl<'de> Deserialize<'de> for JsonText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Value::deserialize(d).map(|v| JsonText(json_text(&v)))
    }
}

impl Slot for JsonText {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        self.0 = json_text(v);
        Ok(())
    }
}

impl Blank for JsonText {
    fn blank() -> Self {
        JsonText(Box::from("null"))
    }
}

wire! {
    /// The retained first settlement of a fire (inline in its row: a few bytes), as its snapshot item
    /// writes it (`SnapSettled`).
    #[cfg_attr(target_arch = "wasm32", tsify(rename = "SnapSettled"))]
    pub struct Settled {
        pub effect_status: EffectStatus,
        pub outcome: Outcome,
        pub writes_observed: Option<EffectVerified>,
        pub verify_held: Option<VerifyHeld>,
        #[cfg_attr(target_arch = "wasm32", tsify(type = "SnapFailure | null"))]
        pub error: Option<Box<Failure>>,
    }
}

wire! {
    /// Why a settlement went wrong, compactly (the library's own texts are not copied per row), as its
    /// snapshot item writes it (`SnapFailure`: the reason's word, the message, the evidence).
    #[cfg_attr(target_arch = "wasm32", tsify(rename = "SnapFailure"))]
    pub struct Failure {
        #[cfg_attr(target_arch = "wasm32", tsify(type = "string"))]
        pub reason: Refusal,
        pub message: Cow<'static, str>,
        #[cfg_attr(target_arch = "wasm32", tsify(type = "SnapEvidence[] | null"))]
        pub evidence: Option<Evidence>,
    }
}

impl Failure {
    /// The settlement error a public record shows.
    pub fn public(&self) -> SettlementError {
        SettlementError {
            reason: self.reason,
            message: self.message.to_string(),
            evidence: self.evidence.as_ref().map(|e| e.0.clone()),
        }
    }
}

wire! {
    /// One gap row: what the walker keeps and what its snapshot item writes (`SnapGap`).
    #[cfg_attr(target_arch = "wasm32", tsify(rename = "SnapGap"))]
    pub struct Gap {
        pub kind: GapKind,
        pub timestamp: f64,
        pub node: Rc<str>,
        pub version: u64,
        pub available_actions: Rc<[Rc<str>]>,
        pub affordance_id: Option<Rc<str>>,
        pub does: Option<Rc<str>>,
        #[cfg_attr(target_arch = "wasm32", tsify(type = "string | null"))]
        pub rejection_reason: Option<Refusal>,
        pub principal: Option<Principal>,
        pub off_graph: bool,
        pub actions_may_be_stale: bool,
        /// The rarer fields, boxed so an ordinary refusal stays small.
        #[serde(flatten)]
        pub detail: GapDetail,
    }
}

wire! {
    /// Gap fields most rows do not carry (written into the gap's own object, each `null` when absent).
    #[derive(Default)]
    #[cfg_attr(target_arch = "wasm32", tsify(rename = "GapDetail"))]
    pub struct GapFields {
        #[cfg_attr(target_arch = "wasm32", tsify(type = "SnapEvidence[] | null"))]
        pub evidence: Option<Evidence>,
        pub journey_id: Option<Rc<str>>,
        pub request: Option<Box<str>>,
        pub reason: Option<Box<str>>,
    }
}

/// A gap row's [`GapFields`], boxed when it has any. Its name is the TypeScript interface a snapshot's
/// gap extends (tsify names a flattened field by its Rust type); reads go through `Deref`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GapDetail(Option<Box<GapFields>>);

impl GapDetail {
    /// No rare field.
    pub const NONE: GapDetail = GapDetail(None);

    pub fn boxed(
        evidence: Option<Vec<ConditionEvidence>>,
        journey_id: Option<Rc<str>>,
        request: Option<Box<str>>,
        reason: Option<Box<str>>,
    ) -> GapDetail {
        GapDetail::of(GapFields {
            evidence: evidence.map(Evidence),
            journey_id,
            request,
            reason,
        })
    }

    fn of(fields: GapFields) -> GapDetail {
        let empty = fields.evidence.is_none()
            && fields.journey_id.is_none()
            && fields.request.is_none()
            && fields.reason.is_none();
        GapDetail((!empty).then(|| Box::new(fields)))
    }
}

impl Deref for GapDetail {
    type Target = Option<Box<GapFields>>;
    fn deref(&self) -> &Option<Box<GapFields>> {
        &self.0
    }
}

/// Written as its fields, `null` each when the row has none (as the snapshot always wrote them).
impl Serialize for GapDetail {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Some(fields) => fields.serialize(s),
            None => GapFields::default().serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for GapDetail {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        GapFields::deserialize(d).map(GapDetail::of)
    }
}

impl Slot for GapDetail {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        let mut fields = GapFields::blank();
        fields.fill(v)?;
        *self = GapDetail::of(fields);
        Ok(())
    }
}

impl Blank for GapDetail {
    fn blank() -> Self {
        GapDetail::NONE
    }
}

wire! {
    /// One evaluated guard conjunct, as a snapshot writes it.
    pub struct SnapEvidence {
        pub key: String,
        pub op: String,
        pub threshold: JsonValue,
        pub actual_summary: String,
        pub result: bool,
        pub note: Option<String>,
    }
}

/// Guard evidence as the walker keeps it, written as [`SnapEvidence`] (`SnapEvidence[]` to
/// TypeScript) and read back from it; an operator that is not one of the guard language's is refused.
#[derive(Debug, Clone, PartialEq)]
pub struct Evidence(pub Vec<ConditionEvidence>);

impl Serialize for Evidence {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let rows: Vec<SnapEvidence> = self
            .0
            .iter()
            .map(|e| SnapEvidence {
                key: e.key.clone(),
                op: e.op.name().to_owned(),
                threshold: e.threshold.clone(),
                actual_summary: e.actual_summary.clone(),
                result: e.result,
                note: e.note.clone(),
            })
            .collect();
        rows.serialize(s)
    }
}

impl Evidence {
    fn of(rows: Vec<SnapEvidence>) -> Result<Evidence, String> {
        // A loop, not a `collect` into `Result` (whose adapter is a generic instantiation of its own).
        let mut out = Vec::with_capacity(rows.len());
        for e in rows {
            let Some(op) = Op::parse(&e.op) else {
                return Err(format!(" '{}' is not an operator", e.op));
            };
            out.push(ConditionEvidence {
                key: e.key,
                op,
                threshold: e.threshold,
                actual_summary: e.actual_summary,
                result: e.result,
                note: e.note,
            });
        }
        Ok(Evidence(out))
    }
}

impl<'de> Deserialize<'de> for Evidence {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Evidence::of(Vec::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

impl Slot for Evidence {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        let mut rows: Vec<SnapEvidence> = Vec::new();
        rows.fill(v)?;
        *self = Evidence::of(rows)?;
        Ok(())
    }
}

impl Blank for Evidence {
    fn blank() -> Self {
        Evidence(Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gap(detail: GapDetail) -> Gap {
        Gap {
            kind: GapKind::FireRejected,
            timestamp: 1.5,
            node: Rc::from("cart"),
            version: 3,
            available_actions: Rc::from(vec![Rc::from("cart.pay")]),
            affordance_id: Some(Rc::from("cart.pay")),
            does: None,
            rejection_reason: Some(Refusal::NotOnNode),
            principal: Some(Principal::Agent),
            off_graph: false,
            actions_may_be_stale: false,
            detail,
        }
    }

    /// One declaration: the row's keys, then its rare fields' in the same object (`null` when the row
    /// has none), read back whole by the snapshot reader and by serde alike.
    #[test]
    fn a_gap_row_writes_its_rare_fields_in_its_own_object_and_reads_back_whole() {
        let evidence = ConditionEvidence {
            key: "k".into(),
            op: Op::Gte,
            threshold: 2.into(),
            actual_summary: "1".into(),
            result: false,
            note: None,
        };
        let rare = GapDetail::boxed(Some(vec![evidence]), Some(Rc::from("buy")), None, None);
        let expected: Vec<&str> = Gap::KEYS
            .iter()
            .copied()
            .filter(|k| *k != "detail")
            .chain(GapFields::KEYS.iter().copied())
            .collect();
        for row in [gap(GapDetail::NONE), gap(rare)] {
            let written = serde_json::to_value(&row).unwrap();
            let keys: Vec<&str> = written
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(keys, expected);
            let mut read = Gap::blank();
            assert_eq!(read.fill(&written), Ok(()));
            assert_eq!(read, row);
            assert_eq!(serde_json::from_value::<Gap>(written).unwrap(), row);
        }
        let bare = serde_json::to_value(gap(GapDetail::NONE)).unwrap();
        assert_eq!(bare["evidence"], Value::Null);
        assert_eq!(bare["rejectionReason"], "NOT_ON_NODE");
    }
}
