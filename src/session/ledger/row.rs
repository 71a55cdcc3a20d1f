//! The transition row, declared once (docs/records.md, "The transition row"): [`TransitionRow`] is
//! what a kept row holds and what its snapshot item keeps, field for field. The walker's row (`state::Rec`) carries it with
//! its in-memory latches beside it, the snapshot item (`persist::SnapTransition`) with its wire-only
//! parts, and the shared row the JS layer builds an `UpdateResult`'s record from (`reads::SharedRow`)
//! is a clone of it; so one field added here is kept, snapshotted, restored, typed in the `.d.ts` and
//! lent to JS without another copy of the list.
//!
//! Names are `Rc<str>`s shared with the graph and the captions (the restorer interns them again);
//! `payload` and `produced` are kept as compact JSON text ([`JsonText`]), written into a snapshot as
//! the JSON value they are. Uses `crate::record`, `records`, `compact`. Used by `state`, `reads`,
//! `persist`, `report`, `fire`, `settle`.

use std::ops::Deref;
use std::rc::Rc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::compact::{json_text, json_value};
use super::records::*;

crate::record::record! {
    /// The part of a transition row its snapshot keeps as it is.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
    #[cfg_attr(target_arch = "wasm32", tsify(missing_as_null))]
    #[serde(rename_all = "camelCase")]
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

impl crate::record::Slot for JsonText {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        self.0 = json_text(v);
        Ok(())
    }
}

impl crate::record::Blank for JsonText {
    fn blank() -> Self {
        JsonText(Box::from("null"))
    }
}
