//! Reading a snapshot's JSON into the wire types of `persist::wire`: the compact path that replaces
//! `serde_json::from_value::<SessionSnapshot>` in the shipped module (docs/size.md, "The snapshot
//! reader"). Each wire type's reader comes from its declaration (`record!`, docs/records.md); this
//! file adds the entry point and the leaves a record does not declare: each enum read from its word
//! (through its `as_str`, tested against serde, so each enum's words stay in one place), a refusal
//! code and the two tri-state axes. Same acceptance as serde's derive over a `serde_json::Value` for every input
//! `snapshot()` can write and every edit the fuzz test makes (tests/session_snapshot.rs checks the two
//! agree). Errors name the path (`transitions[3].outcome is not …`).
//! Uses `crate::record`, `persist::wire`, `records`, `results`. Used by `persist::restore`.

use serde_json::Value;

use crate::codes::Refusal;
use crate::record::{blanks, not, Blank, Slot};
use crate::session::focus::FocusChange;
use crate::session::persist::*;
use crate::session::*;

/// Read a whole snapshot (its header already checked by the caller); `Err` is a description of what
/// is wrong, for `RESTORE_DAMAGED`.
pub fn read_snapshot(value: &Value) -> Result<SessionSnapshot, String> {
    let mut snapshot = SessionSnapshot::blank();
    snapshot.fill(value).map_err(|e| format!("snapshot{e}"))?;
    Ok(snapshot)
}

/// The index of `v`'s word in `words` (each enum's words live in its `as_str`, which
/// `session::words` and `persist::wire` test against serde). One body for every enum: each enum's
/// `fill` carries only its two constant tables.
fn word(v: &Value, words: &[&str]) -> Result<usize, String> {
    let text = v.as_str().ok_or_else(|| not("a string"))?;
    words
        .iter()
        .position(|&w| w == text)
        .ok_or_else(|| format!(" '{text}' is not a word this library writes"))
}

/// Each enum with every variant (the first is its blank, never seen). The match below each makes a
/// variant added to the enum and not here a compile error, so no word goes unread.
macro_rules! words {
    ($($ty:ident: [$($variant:ident),+]),* $(,)?) => {$(
        impl Slot for $ty {
            fn fill(&mut self, v: &Value) -> Result<(), String> {
                const ALL: &[$ty] = &[$($ty::$variant),+];
                const WORDS: &[&str] = &[$($ty::$variant.as_str()),+];
                *self = ALL.get(word(v, WORDS)?).copied().unwrap_or_else(Self::blank);
                Ok(())
            }
        }
        impl Blank for $ty {
            fn blank() -> Self {
                [$($ty::$variant),+][0]
            }
        }
        const _: fn($ty) = |w| match w {
            $($ty::$variant)|+ => {}
        };
    )*};
}

words!(
    Principal: [Agent, User, System, Unknown],
    CauseKind: [Fired, Stimulus],
    AttributionBasis: [
        CallerAsserted,
        NamedByReport,
        DeclaredStimulus,
        HandlerWindow,
        QueueOrder,
        SignatureMatch,
        Unknown
    ],
    Certainty: [Observed, Inferred],
    Outcome: [Pending, Committed, Rejected, RolledBack, Superseded],
    EffectStatus: [Pending, Performed, Refused, Unobservable],
    Arrival: [Claimed, Observed],
    GapKind: [FireRejected, DeadEnd, Reported],
    AskAnswer: [Approved, Declined],
    FrameStatus: [Open, Completed, Cancelled, Demoted],
    SnapArm: [AwaitingState, SettleOnCompletion, BornAtRest, NoWrites, None],
    SnapLedger: [Gap, Transition],
    FocusChange: [Focus, Show, Hide],
);

/// Every [`Refusal`]'s word, in `Refusal::ALL`'s order, built at compile time.
const REFUSAL_WORDS: [&str; Refusal::ALL.len()] = {
    let mut words = [""; Refusal::ALL.len()];
    let mut i = 0;
    while i < words.len() {
        words[i] = Refusal::ALL[i].as_str();
        i += 1;
    }
    words
};

/// A refusal code (a gap row's `rejectionReason`): any word of [`Refusal`], looked up in its table
/// (the restore is no hot path, and `Refusal::parse`'s string match is not linked for it).
impl Slot for Refusal {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        let text = v.as_str().ok_or_else(|| not("a string"))?;
        *self = REFUSAL_WORDS
            .iter()
            .position(|&w| w == text)
            .and_then(|i| Refusal::ALL.get(i).copied())
            .ok_or_else(|| format!(" '{text}' is not a code this library writes"))?;
        Ok(())
    }
}

/// `true` / `false` / the one word: the two tri-state axes (their `Serialize` impls write these).
fn bool_or(v: &Value, word: &str) -> Result<Option<bool>, String> {
    match v {
        Value::Bool(b) => Ok(Some(*b)),
        Value::String(s) if s == word => Ok(None),
        _ => Err(format!(" is not true, false or '{word}'")),
    }
}

impl Slot for EffectVerified {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        *self = bool_or(v, "unobservable")?
            .map_or(EffectVerified::Unobservable, EffectVerified::Observed);
        Ok(())
    }
}

impl Slot for VerifyHeld {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        *self = match bool_or(v, "unevaluable")? {
            Some(true) => VerifyHeld::Held,
            Some(false) => VerifyHeld::Failed,
            None => VerifyHeld::Unevaluable,
        };
        Ok(())
    }
}

blanks!(
    Refusal = Refusal::Refused,
    EffectVerified = EffectVerified::Unobservable,
    VerifyHeld = VerifyHeld::Unevaluable,
);
