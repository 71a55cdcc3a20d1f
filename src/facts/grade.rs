//! The grading ladder: one fired attempt → its lead and note (facts-and-serving §2.6).
//!
//! The first matching rule wins, and nothing is rounded up: the grade follows the state axis, so a
//! navigation whose verify predicate held still reads "ran, but the effect was unobservable", while a
//! verify that did NOT hold outranks a standing commit. Pure; used by `facts::block`.

/// Where a fire's record stands (the session's `outcome`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Pending,
    Committed,
    Rejected,
    RolledBack,
    Superseded,
}

/// The state axis (`effectVerified`; the port calls it `writesObserved`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EffectCheck {
    /// Every declared write key appeared in the settling report.
    Observed,
    /// Writes were declared and the report lacked at least one.
    NotObserved,
    /// Nothing to check: no declared writes, or no report possible.
    Unobservable,
}

/// The facts about one fire that decide its grade.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FireFacts {
    /// `false` when nothing in the app was wired to perform it (tour mode no-op).
    pub materialized: bool,
    pub outcome: Outcome,
    /// The retained settlement says the app's own verify contract did not hold.
    pub verify_failed: bool,
    pub effect: EffectCheck,
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

pub const NOTE_NOT_WIRED: &str = "nothing in this app is wired to perform it, so nothing ran";
pub const NOTE_NO_REPORT_YET: &str = "the app has not reported back yet";
pub const NOTE_VERIFY_FAILED: &str = "the app's own verify contract did not hold afterwards";
pub const NOTE_APP_REFUSED: &str = "the app refused it";
pub const NOTE_ROLLED_BACK: &str = "it was rolled back";
pub const NOTE_SUPERSEDED: &str = "tracking of it stopped (superseded)";
pub const NOTE_EFFECT_OBSERVED: &str = "committed; declared effect observed";
pub const NOTE_COMMITTED: &str = "committed";
pub const NOTE_NOTHING_TO_CHECK: &str = "committed; nothing reported an effect to check it against";

/// The note appended (after `"; "`) to a fire the session attributed by inference.
pub const NOTE_INFERRED: &str = "attributed by inference, not observed";

/// Grade one fire: the first matching rule of the ladder.
pub fn grade(fire: &FireFacts) -> Grade {
    let g = |lead, note| Grade { lead, note };
    if !fire.materialized {
        return g(DID_NOT_HAPPEN, NOTE_NOT_WIRED);
    }
    if fire.outcome == Outcome::Pending {
        return g(NOT_YET_KNOWN, NOTE_NO_REPORT_YET);
    }
    if fire.verify_failed {
        return g(DID_NOT_HAPPEN, NOTE_VERIFY_FAILED);
    }
    match fire.outcome {
        Outcome::Rejected => g(DID_NOT_HAPPEN, NOTE_APP_REFUSED),
        Outcome::RolledBack => g(DID_NOT_HAPPEN, NOTE_ROLLED_BACK),
        Outcome::Superseded => g(RAN_OUTCOME_NEVER_OBSERVED, NOTE_SUPERSEDED),
        Outcome::Committed | Outcome::Pending => match fire.effect {
            EffectCheck::Observed => g(DID_HAPPEN, NOTE_EFFECT_OBSERVED),
            EffectCheck::NotObserved => g(RAN_EFFECT_NOT_OBSERVED, NOTE_COMMITTED),
            EffectCheck::Unobservable => g(RAN_EFFECT_UNOBSERVABLE, NOTE_NOTHING_TO_CHECK),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn committed(effect: EffectCheck) -> FireFacts {
        FireFacts { materialized: true, outcome: Outcome::Committed, verify_failed: false, effect }
    }

    #[test]
    fn rule_1_an_unwired_fire_did_not_happen_even_if_committed() {
        let f = FireFacts { materialized: false, ..committed(EffectCheck::Unobservable) };
        assert_eq!(grade(&f), Grade { lead: DID_NOT_HAPPEN, note: NOTE_NOT_WIRED });
    }

    #[test]
    fn rule_2_a_pending_fire_is_not_yet_known() {
        let f = FireFacts { outcome: Outcome::Pending, ..committed(EffectCheck::Unobservable) };
        assert_eq!(grade(&f), Grade { lead: NOT_YET_KNOWN, note: NOTE_NO_REPORT_YET });
    }

    #[test]
    fn rule_3_a_failed_verify_outranks_a_standing_commit_with_writes_observed() {
        let f = FireFacts { verify_failed: true, ..committed(EffectCheck::Observed) };
        assert_eq!(grade(&f), Grade { lead: DID_NOT_HAPPEN, note: NOTE_VERIFY_FAILED });
        let rolled = FireFacts { verify_failed: true, outcome: Outcome::RolledBack, ..committed(EffectCheck::Unobservable) };
        assert_eq!(grade(&rolled).note, NOTE_VERIFY_FAILED);
    }

    #[test]
    fn rule_4_a_rejected_fire_did_not_happen() {
        let f = FireFacts { outcome: Outcome::Rejected, ..committed(EffectCheck::Unobservable) };
        assert_eq!(grade(&f), Grade { lead: DID_NOT_HAPPEN, note: NOTE_APP_REFUSED });
    }

    #[test]
    fn rule_5_a_rolled_back_fire_did_not_happen() {
        let f = FireFacts { outcome: Outcome::RolledBack, ..committed(EffectCheck::Unobservable) };
        assert_eq!(grade(&f), Grade { lead: DID_NOT_HAPPEN, note: NOTE_ROLLED_BACK });
    }

    #[test]
    fn rule_6_a_superseded_fire_ran_but_its_outcome_was_never_observed() {
        let f = FireFacts { outcome: Outcome::Superseded, ..committed(EffectCheck::Observed) };
        assert_eq!(grade(&f), Grade { lead: RAN_OUTCOME_NEVER_OBSERVED, note: NOTE_SUPERSEDED });
    }

    #[test]
    fn rule_7_committed_with_declared_writes_observed_did_happen() {
        assert_eq!(grade(&committed(EffectCheck::Observed)), Grade { lead: DID_HAPPEN, note: NOTE_EFFECT_OBSERVED });
    }

    #[test]
    fn rule_8_committed_without_the_declared_writes_is_not_rounded_up() {
        assert_eq!(
            grade(&committed(EffectCheck::NotObserved)),
            Grade { lead: RAN_EFFECT_NOT_OBSERVED, note: NOTE_COMMITTED }
        );
    }

    #[test]
    fn rule_9_a_navigation_whose_verify_held_is_still_only_unobservable() {
        // verify held is not a field that can upgrade anything: the grade follows the state axis.
        let nav = committed(EffectCheck::Unobservable);
        assert_eq!(grade(&nav), Grade { lead: RAN_EFFECT_UNOBSERVABLE, note: NOTE_NOTHING_TO_CHECK });
    }
}
