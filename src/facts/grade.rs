//! The grading ladder: one fired attempt → its lead and note (docs/facts-and-serving.md §2.6).
//!
//! The first matching rule wins, and nothing is rounded up: the grade follows the state axis, so a
//! navigation whose verify predicate held still reads "ran, but the effect was unobservable", while a
//! verify that did NOT hold outranks a standing commit. The facts are the session's own record types
//! (`Outcome`, `EffectVerified`, `VerifyHeld`), so a record's axis reaches the ladder unconverted.
//! Pure; used by `facts::block` and `facts::line` (which indexes its sentence fragments by [`Rung`]).

use crate::session::{EffectVerified, Outcome, VerifyHeld};

/// The facts about one fire that decide its grade.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FireFacts {
    /// `false` when nothing in the app was wired to perform it (tour mode no-op).
    pub materialized: bool,
    pub outcome: Outcome,
    /// `verifyHeld` of the retained settlement, if any (only `Failed` changes the grade).
    pub verify_held: Option<VerifyHeld>,
    /// The state axis; `None` (nothing settled it) grades like `Unobservable`.
    pub effect_verified: Option<EffectVerified>,
    /// The action's verify already held when it was fired (docs/session.md §23): whatever the state
    /// axis says, this fire is not shown to have caused the effect.
    pub already_true: bool,
}

/// A lead and its ladder note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grade {
    pub lead: &'static str,
    pub note: &'static str,
}

pub const DID_HAPPEN: &str = "DID happen";
pub const DID_NOT_HAPPEN: &str = "did NOT happen";
pub const NOT_YET_KNOWN: &str = "not yet known";
pub const RAN_OUTCOME_NEVER_OBSERVED: &str = "ran, but the outcome was never observed";
pub const RAN_EFFECT_NOT_OBSERVED: &str = "ran, but the declared effect was NOT observed";
pub const RAN_EFFECT_UNOBSERVABLE: &str = "ran, but the effect was unobservable";
pub const RAN_EFFECT_ALREADY_HELD: &str = "ran, but its effect already held before it was fired";

pub const NOTE_NOT_WIRED: &str = "nothing in this app is wired to perform it, so nothing ran";
pub const NOTE_NO_REPORT_YET: &str = "the app has not reported back yet";
pub const NOTE_VERIFY_FAILED: &str = "the app's own verify contract did not hold afterwards";
pub const NOTE_APP_REFUSED: &str = "the app refused it";
pub const NOTE_ROLLED_BACK: &str = "it was rolled back";
pub const NOTE_SUPERSEDED: &str = "tracking of it stopped (superseded)";
pub const NOTE_EFFECT_OBSERVED: &str = "committed; declared effect observed";
pub const NOTE_COMMITTED: &str = "committed";
pub const NOTE_NOTHING_TO_CHECK: &str = "committed; nothing reported an effect to check it against";
pub const NOTE_ALREADY_HELD: &str =
    "committed; the app's own verify contract already held when it was fired, so this fire is not shown to have caused it";

/// The note appended (after `"; "`) to a fire the session attributed by inference.
pub const NOTE_INFERRED: &str = "attributed by inference, not observed";

/// The ladder's outcomes, one per lead-and-note pair, in rule order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rung {
    NotWired,
    NoReportYet,
    VerifyFailed,
    AppRefused,
    RolledBack,
    Superseded,
    AlreadyHeld,
    EffectObserved,
    EffectNotObserved,
    NothingToCheck,
}

impl Rung {
    /// Every rung, in rule order (`ALL[r.index()] == r`).
    pub const ALL: [Rung; 10] = [
        Rung::NotWired,
        Rung::NoReportYet,
        Rung::VerifyFailed,
        Rung::AppRefused,
        Rung::RolledBack,
        Rung::Superseded,
        Rung::AlreadyHeld,
        Rung::EffectObserved,
        Rung::EffectNotObserved,
        Rung::NothingToCheck,
    ];

    /// This rung's position in [`Rung::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lead and note this rung prints.
    pub fn grade(self) -> Grade {
        let g = |lead, note| Grade { lead, note };
        match self {
            Rung::NotWired => g(DID_NOT_HAPPEN, NOTE_NOT_WIRED),
            Rung::NoReportYet => g(NOT_YET_KNOWN, NOTE_NO_REPORT_YET),
            Rung::VerifyFailed => g(DID_NOT_HAPPEN, NOTE_VERIFY_FAILED),
            Rung::AppRefused => g(DID_NOT_HAPPEN, NOTE_APP_REFUSED),
            Rung::RolledBack => g(DID_NOT_HAPPEN, NOTE_ROLLED_BACK),
            Rung::Superseded => g(RAN_OUTCOME_NEVER_OBSERVED, NOTE_SUPERSEDED),
            Rung::AlreadyHeld => g(RAN_EFFECT_ALREADY_HELD, NOTE_ALREADY_HELD),
            Rung::EffectObserved => g(DID_HAPPEN, NOTE_EFFECT_OBSERVED),
            Rung::EffectNotObserved => g(RAN_EFFECT_NOT_OBSERVED, NOTE_COMMITTED),
            Rung::NothingToCheck => g(RAN_EFFECT_UNOBSERVABLE, NOTE_NOTHING_TO_CHECK),
        }
    }
}

/// The rung one fire lands on: the first matching rule of the ladder.
pub fn rung(fire: &FireFacts) -> Rung {
    if !fire.materialized {
        return Rung::NotWired;
    }
    if fire.outcome == Outcome::Pending {
        return Rung::NoReportYet;
    }
    if fire.verify_held == Some(VerifyHeld::Failed) {
        return Rung::VerifyFailed;
    }
    match fire.outcome {
        Outcome::Rejected => Rung::AppRefused,
        Outcome::RolledBack => Rung::RolledBack,
        Outcome::Superseded => Rung::Superseded,
        Outcome::Committed | Outcome::Pending if fire.already_true => Rung::AlreadyHeld,
        Outcome::Committed | Outcome::Pending => match fire.effect_verified {
            Some(EffectVerified::Observed(true)) => Rung::EffectObserved,
            Some(EffectVerified::Observed(false)) => Rung::EffectNotObserved,
            Some(EffectVerified::Unobservable) | None => Rung::NothingToCheck,
        },
    }
}

/// Grade one fire: the lead and note of its rung.
pub fn grade(fire: &FireFacts) -> Grade {
    rung(fire).grade()
}

#[cfg(test)]
mod tests {
    use super::*;

    const OBSERVED: Option<EffectVerified> = Some(EffectVerified::Observed(true));
    const NOT_OBSERVED: Option<EffectVerified> = Some(EffectVerified::Observed(false));
    const UNOBSERVABLE: Option<EffectVerified> = Some(EffectVerified::Unobservable);
    const FAILED: Option<VerifyHeld> = Some(VerifyHeld::Failed);

    fn committed(effect_verified: Option<EffectVerified>) -> FireFacts {
        FireFacts {
            materialized: true,
            outcome: Outcome::Committed,
            verify_held: None,
            effect_verified,
            already_true: false,
        }
    }

    #[test]
    fn rule_1_an_unwired_fire_did_not_happen_even_if_committed() {
        let f = FireFacts {
            materialized: false,
            ..committed(UNOBSERVABLE)
        };
        assert_eq!(
            grade(&f),
            Grade {
                lead: DID_NOT_HAPPEN,
                note: NOTE_NOT_WIRED
            }
        );
    }

    #[test]
    fn rule_2_a_pending_fire_is_not_yet_known() {
        let f = FireFacts {
            outcome: Outcome::Pending,
            ..committed(UNOBSERVABLE)
        };
        assert_eq!(
            grade(&f),
            Grade {
                lead: NOT_YET_KNOWN,
                note: NOTE_NO_REPORT_YET
            }
        );
    }

    #[test]
    fn rule_3_a_failed_verify_outranks_a_standing_commit_with_writes_observed() {
        let f = FireFacts {
            verify_held: FAILED,
            ..committed(OBSERVED)
        };
        assert_eq!(
            grade(&f),
            Grade {
                lead: DID_NOT_HAPPEN,
                note: NOTE_VERIFY_FAILED
            }
        );
        let rolled = FireFacts {
            verify_held: FAILED,
            outcome: Outcome::RolledBack,
            ..committed(UNOBSERVABLE)
        };
        assert_eq!(grade(&rolled).note, NOTE_VERIFY_FAILED);
    }

    #[test]
    fn rule_4_a_rejected_fire_did_not_happen() {
        let f = FireFacts {
            outcome: Outcome::Rejected,
            ..committed(UNOBSERVABLE)
        };
        assert_eq!(
            grade(&f),
            Grade {
                lead: DID_NOT_HAPPEN,
                note: NOTE_APP_REFUSED
            }
        );
    }

    #[test]
    fn rule_5_a_rolled_back_fire_did_not_happen() {
        let f = FireFacts {
            outcome: Outcome::RolledBack,
            ..committed(UNOBSERVABLE)
        };
        assert_eq!(
            grade(&f),
            Grade {
                lead: DID_NOT_HAPPEN,
                note: NOTE_ROLLED_BACK
            }
        );
    }

    #[test]
    fn rule_6_a_superseded_fire_ran_but_its_outcome_was_never_observed() {
        let f = FireFacts {
            outcome: Outcome::Superseded,
            ..committed(OBSERVED)
        };
        assert_eq!(
            grade(&f),
            Grade {
                lead: RAN_OUTCOME_NEVER_OBSERVED,
                note: NOTE_SUPERSEDED
            }
        );
    }

    #[test]
    fn rule_7_committed_with_declared_writes_observed_did_happen() {
        assert_eq!(
            grade(&committed(OBSERVED)),
            Grade {
                lead: DID_HAPPEN,
                note: NOTE_EFFECT_OBSERVED
            }
        );
    }

    #[test]
    fn rule_8_committed_without_the_declared_writes_is_not_rounded_up() {
        assert_eq!(
            grade(&committed(NOT_OBSERVED)),
            Grade {
                lead: RAN_EFFECT_NOT_OBSERVED,
                note: NOTE_COMMITTED
            }
        );
    }

    #[test]
    fn rule_9_a_navigation_whose_verify_held_is_still_only_unobservable() {
        // A held verify upgrades nothing: the grade follows the state axis.
        let nav = FireFacts {
            verify_held: Some(VerifyHeld::Held),
            ..committed(UNOBSERVABLE)
        };
        assert_eq!(
            grade(&nav),
            Grade {
                lead: RAN_EFFECT_UNOBSERVABLE,
                note: NOTE_NOTHING_TO_CHECK
            }
        );
    }

    #[test]
    fn an_already_true_fire_never_reads_as_caused_but_failures_still_outrank_it() {
        // docs/session.md §23: even with its writes observed, the line says the effect held before.
        for axis in [OBSERVED, NOT_OBSERVED, UNOBSERVABLE, None] {
            let f = FireFacts {
                already_true: true,
                ..committed(axis)
            };
            assert_eq!(
                grade(&f),
                Grade {
                    lead: RAN_EFFECT_ALREADY_HELD,
                    note: NOTE_ALREADY_HELD
                }
            );
        }
        let failed = FireFacts {
            already_true: true,
            verify_held: FAILED,
            ..committed(UNOBSERVABLE)
        };
        assert_eq!(grade(&failed).lead, DID_NOT_HAPPEN);
        let pending = FireFacts {
            already_true: true,
            outcome: Outcome::Pending,
            ..committed(UNOBSERVABLE)
        };
        assert_eq!(grade(&pending).lead, NOT_YET_KNOWN);
        assert!(!NOTE_ALREADY_HELD.contains("DID") && !RAN_EFFECT_ALREADY_HELD.contains("DID"));
    }

    #[test]
    fn every_rung_sits_at_its_index() {
        for (i, r) in Rung::ALL.iter().enumerate() {
            assert_eq!(r.index(), i);
        }
    }

    #[test]
    fn a_fire_with_no_state_axis_yet_grades_as_unobservable() {
        assert_eq!(grade(&committed(None)), grade(&committed(UNOBSERVABLE)));
    }
}
