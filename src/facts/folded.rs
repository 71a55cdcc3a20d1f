//! The folded-attempts line (`docs/decisions.md` decision 25): how many attempts a bounded session
//! no longer keeps as rows, counted by the lead each would print, so neither the facts block nor the
//! brief ever claims fewer attempts happened than did.
//!
//! The session counts folded fires by the facts that grade them (`session::FoldedAttempts`); the
//! grade is decided here with the same ladder every row uses (`facts::grade`). A fire folded before
//! it came to rest counts as "not yet known when folded" — its end was never seen. Every word is a
//! library constant or a number. Used by `facts::block`, `facts::brief` and `facts::read`.

use super::grade::{
    grade, FireFacts, DID_HAPPEN, DID_NOT_HAPPEN, NOT_YET_KNOWN, RAN_EFFECT_ALREADY_HELD,
    RAN_EFFECT_NOT_OBSERVED, RAN_EFFECT_UNOBSERVABLE, RAN_OUTCOME_NEVER_OBSERVED,
};
use crate::session::{push_decimal, FoldedAttempts};

/// The folded attempts as the renderers print them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Folded {
    /// Every folded attempt (0: nothing was folded, no line).
    pub total: u64,
    /// The newest folded row's ordering key.
    pub through_key: Option<u64>,
    /// How many rows the session keeps.
    pub retain: usize,
    /// Counts by lead, in ladder order, zero counts left out; refusals are inside `did NOT happen`.
    pub by_lead: Vec<(&'static str, u64)>,
    /// Of each lead's count, how many were credited by inference (same order as `by_lead`).
    pub inferred_by_lead: Vec<u64>,
    /// Refused fires and journey commits (also counted in `did NOT happen`).
    pub refused: u64,
    /// Stale-actions notes.
    pub stale: u64,
}

/// Leads in the order the line lists them.
const LEADS: [&str; 7] = [
    DID_HAPPEN,
    DID_NOT_HAPPEN,
    NOT_YET_KNOWN,
    RAN_OUTCOME_NEVER_OBSERVED,
    RAN_EFFECT_NOT_OBSERVED,
    RAN_EFFECT_UNOBSERVABLE,
    RAN_EFFECT_ALREADY_HELD,
];

/// Grade the session's folded counts.
pub fn folded_view(f: &FoldedAttempts) -> Folded {
    let mut counts = [0u64; LEADS.len()];
    let mut inferred = [0u64; LEADS.len()];
    let mut add = |lead: &str, n: u64, by_inference: bool| {
        if let Some(i) = LEADS.iter().position(|l| *l == lead) {
            counts[i] += n;
            if by_inference {
                inferred[i] += n;
            }
        }
    };
    add(DID_NOT_HAPPEN, f.refused, false);
    for (fire, n) in &f.fires {
        let lead = if fire.open && fire.materialized {
            NOT_YET_KNOWN
        } else {
            grade(&FireFacts {
                materialized: fire.materialized,
                outcome: fire.outcome,
                verify_held: fire.verify_held,
                effect_verified: fire.effect_verified,
                already_true: fire.already_true,
            })
            .lead
        };
        add(lead, *n, fire.inferred);
    }
    let kept = |i: &usize| counts[*i] > 0;
    let by_lead = (0..LEADS.len())
        .filter(kept)
        .map(|i| (LEADS[i], counts[i]))
        .collect();
    let inferred_by_lead = (0..LEADS.len()).filter(kept).map(|i| inferred[i]).collect();
    Folded {
        total: f.total,
        through_key: f.through_key,
        retain: f.retain,
        by_lead,
        inferred_by_lead,
        refused: f.refused,
        stale: f.stale,
    }
}

impl Folded {
    /// Whether the line prints for a read from `since`: something was folded and, with a cursor,
    /// some folded row may be at or after it.
    pub fn shows(&self, since: Option<u64>) -> bool {
        self.total > 0 && since.is_none_or(|s| self.through_key.is_some_and(|k| k >= s))
    }
}

/// Append `"\n  … "` and the folded line when [`Folded::shows`] says so.
pub fn push_folded_line(out: &mut String, folded: &Folded, since: Option<u64>) {
    if !folded.shows(since) {
        return;
    }
    out.push_str("\n  \u{2026} ");
    push_decimal(out, folded.total);
    out.push_str(" earlier attempt(s) were folded into counts and are not listed one by one (this session keeps its newest ");
    push_decimal(out, folded.retain as u64);
    out.push_str(" rows");
    if let (Some(s), Some(through)) = (since, folded.through_key) {
        out.push_str("; rows up to version ");
        push_decimal(out, through);
        out.push_str(" were folded, so attempts since version ");
        push_decimal(out, s);
        out.push_str(" may be among them");
    }
    out.push_str("): ");
    let mut first = true;
    for (i, (lead, n)) in folded.by_lead.iter().enumerate() {
        if !first {
            out.push_str("; ");
        }
        first = false;
        push_decimal(out, *n);
        out.push(' ');
        out.push_str(lead);
        if *lead == NOT_YET_KNOWN {
            out.push_str(" when folded");
        }
        if *lead == DID_NOT_HAPPEN && folded.refused > 0 {
            out.push_str(" (");
            push_decimal(out, folded.refused);
            out.push_str(" of them refused)");
        }
        // Ruling 21: inferred credit is marked, in counts as on rows.
        if let Some(&k) = folded.inferred_by_lead.get(i).filter(|k| **k > 0) {
            out.push_str(" (");
            push_decimal(out, k);
            out.push_str(" of them attributed by inference, not observed)");
        }
    }
    if folded.stale > 0 {
        if !first {
            out.push_str("; ");
        }
        push_decimal(out, folded.stale);
        out.push_str(" notes that the app could not re-read its list of actions");
    }
    out.push('.');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{EffectVerified, FoldedFire, Outcome};

    fn fire(open: bool, outcome: Outcome, effect: Option<EffectVerified>) -> FoldedFire {
        FoldedFire {
            open,
            materialized: true,
            outcome,
            verify_held: None,
            effect_verified: effect,
            inferred: false,
            already_true: false,
        }
    }

    #[test]
    fn the_line_counts_every_folded_attempt_by_its_lead() {
        let f = FoldedAttempts {
            total: 8,
            refused: 2,
            stale: 1,
            fires: vec![
                (
                    fire(
                        false,
                        Outcome::Committed,
                        Some(EffectVerified::Observed(true)),
                    ),
                    2,
                ),
                (
                    fire(
                        true,
                        Outcome::Committed,
                        Some(EffectVerified::Observed(true)),
                    ),
                    1,
                ),
                (fire(false, Outcome::Rejected, None), 1),
                (
                    FoldedFire {
                        inferred: true,
                        ..fire(
                            false,
                            Outcome::Committed,
                            Some(EffectVerified::Observed(true)),
                        )
                    },
                    1,
                ),
            ],
            through_key: Some(9),
            retain: 5,
        };
        let mut out = String::new();
        push_folded_line(&mut out, &folded_view(&f), None);
        assert_eq!(
            out,
            "\n  \u{2026} 8 earlier attempt(s) were folded into counts and are not listed one by one (this session keeps its newest 5 rows): 3 DID happen (1 of them attributed by inference, not observed); 3 did NOT happen (2 of them refused); 1 not yet known when folded; 1 notes that the app could not re-read its list of actions."
        );
        let mut since = String::new();
        push_folded_line(&mut since, &folded_view(&f), Some(10));
        assert_eq!(since, "", "every folded row is older than the cursor");
        push_folded_line(&mut since, &folded_view(&f), Some(3));
        assert!(
            since.contains(
                "rows up to version 9 were folded, so attempts since version 3 may be among them"
            ),
            "{since}"
        );
        let mut none = String::new();
        push_folded_line(&mut none, &folded_view(&FoldedAttempts::default()), None);
        assert_eq!(none, "");
    }
}
