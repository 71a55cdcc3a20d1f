//! Each record enum's JSON word in one place: `as_str` is what the JS builders (`js::fast`) emit and
//! what the snapshot reader (`persist::read`) reads back, and the tests below hold every variant's word
//! equal to what serde writes for it, so the derive's `rename_all` and these words cannot drift apart.
//! Uses the enums of `ledger::records`, `results` and `focus`; used by `js::fast` and `persist::read`.
//! (`Principal::as_str` lives beside its parser in `ledger::records`.)

use super::focus::FocusChange;
use super::ledger::records::{
    Arrival, AskAnswer, AttributionBasis, CauseKind, Certainty, EffectStatus, GapKind, Outcome,
};
use super::results::{FrameStatus, SettlementState};

impl CauseKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            CauseKind::Fired => "fired",
            CauseKind::Stimulus => "stimulus",
        }
    }
}

impl AttributionBasis {
    pub const fn as_str(self) -> &'static str {
        match self {
            AttributionBasis::CallerAsserted => "caller-asserted",
            AttributionBasis::NamedByReport => "named-by-report",
            AttributionBasis::DeclaredStimulus => "declared-stimulus",
            AttributionBasis::HandlerWindow => "handler-window",
            AttributionBasis::QueueOrder => "queue-order",
            AttributionBasis::SignatureMatch => "signature-match",
            AttributionBasis::Unknown => "unknown",
        }
    }
}

impl Certainty {
    pub const fn as_str(self) -> &'static str {
        match self {
            Certainty::Observed => "observed",
            Certainty::Inferred => "inferred",
        }
    }
}

impl Outcome {
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Pending => "pending",
            Outcome::Committed => "committed",
            Outcome::Rejected => "rejected",
            Outcome::RolledBack => "rolled-back",
            Outcome::Superseded => "superseded",
        }
    }
}

impl EffectStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            EffectStatus::Pending => "pending",
            EffectStatus::Performed => "performed",
            EffectStatus::Refused => "refused",
            EffectStatus::Unobservable => "unobservable",
        }
    }
}

impl Arrival {
    pub const fn as_str(self) -> &'static str {
        match self {
            Arrival::Claimed => "claimed",
            Arrival::Observed => "observed",
        }
    }
}

impl SettlementState {
    pub const fn as_str(self) -> &'static str {
        match self {
            SettlementState::Settled => "settled",
            SettlementState::AwaitingState => "awaiting-state",
        }
    }
}

impl GapKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            GapKind::FireRejected => "fire-rejected",
            GapKind::DeadEnd => "dead-end",
            GapKind::Reported => "reported",
        }
    }
}

impl AskAnswer {
    pub const fn as_str(self) -> &'static str {
        match self {
            AskAnswer::Approved => "approved",
            AskAnswer::Declined => "declined",
        }
    }
}

impl FrameStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            FrameStatus::Open => "open",
            FrameStatus::Completed => "completed",
            FrameStatus::Cancelled => "cancelled",
            FrameStatus::Demoted => "demoted",
        }
    }
}

impl FocusChange {
    pub const fn as_str(self) -> &'static str {
        match self {
            FocusChange::Focus => "focus",
            FocusChange::Show => "show",
            FocusChange::Hide => "hide",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::ledger::records::Principal;
    use super::*;
    use serde::Serialize;

    fn same<T: Serialize + Copy>(variants: &[T], as_str: fn(T) -> &'static str) {
        for &v in variants {
            assert_eq!(
                serde_json::to_value(v).unwrap(),
                serde_json::Value::String(as_str(v).into())
            );
        }
    }

    #[test]
    fn every_word_is_the_one_serde_writes() {
        use AttributionBasis as B;
        same(
            &[
                Principal::Agent,
                Principal::User,
                Principal::System,
                Principal::Unknown,
            ],
            Principal::as_str,
        );
        same(&[CauseKind::Fired, CauseKind::Stimulus], CauseKind::as_str);
        same(
            &[
                B::CallerAsserted,
                B::NamedByReport,
                B::DeclaredStimulus,
                B::HandlerWindow,
                B::QueueOrder,
                B::SignatureMatch,
                B::Unknown,
            ],
            B::as_str,
        );
        same(
            &[Certainty::Observed, Certainty::Inferred],
            Certainty::as_str,
        );
        same(
            &[
                Outcome::Pending,
                Outcome::Committed,
                Outcome::Rejected,
                Outcome::RolledBack,
                Outcome::Superseded,
            ],
            Outcome::as_str,
        );
        same(
            &[
                EffectStatus::Pending,
                EffectStatus::Performed,
                EffectStatus::Refused,
                EffectStatus::Unobservable,
            ],
            EffectStatus::as_str,
        );
        same(&[Arrival::Claimed, Arrival::Observed], Arrival::as_str);
        same(
            &[SettlementState::Settled, SettlementState::AwaitingState],
            SettlementState::as_str,
        );
        same(
            &[GapKind::FireRejected, GapKind::DeadEnd, GapKind::Reported],
            GapKind::as_str,
        );
        same(
            &[AskAnswer::Approved, AskAnswer::Declined],
            AskAnswer::as_str,
        );
        same(
            &[
                FrameStatus::Open,
                FrameStatus::Completed,
                FrameStatus::Cancelled,
                FrameStatus::Demoted,
            ],
            FrameStatus::as_str,
        );
        same(
            &[FocusChange::Focus, FocusChange::Show, FocusChange::Hide],
            FocusChange::as_str,
        );
    }
}
