//! `did_it_work {transitionId}`: how a fire came to rest, or where a human's card stands.
//!
//! Uses `session` (`settlement_if_known`, `transition(s)`, `asks`, `pending`, `awaiting_settlement`).
//! Used by `serve::port`. A poll is a read: nothing here changes the session.
//!
//! Arms, in order: an id that is both a fire and an ask → AMBIGUOUS_ID; an ask in the book → its
//! judgment; an ask id one transition carries → that transition; a row `retain` folded away →
//! judgment `folded`; no fire → UNKNOWN_TRANSITION; a fire
//! still open → still-pending; else the settled facts. The three axes (effectStatus, writesObserved,
//! verifyHeld) are reported side by side, never folded into one.

use super::args::Args;
use super::port::{AgentPort, ToolResult};
use super::shapes::{error_head, AwaitingHuman, Candidate, Judgment, Obj, Out};
use super::texts;
use crate::codes::Refusal;
use crate::session::{AskAnswer, AskStatus, EffectVerified, FireSettlement};

/// The longest `error` text a result carries (longer ones end in `…`).
const ERROR_CAP: usize = 200;

impl AgentPort {
    pub(super) fn did_it_work(&self, args: &Args) -> ToolResult {
        let Some(id) = args.string("transitionId") else {
            let mut out = error_head(Refusal::TransitionIdRequired);
            out.why(texts::TRANSITION_ID_REQUIRED);
            self.open_lists(&mut out);
            self.position(&mut out);
            return Ok(out);
        };
        let settlement = self.session.settlement_if_known(id);
        let ask = self.session.asks().into_iter().find(|a| a.ask_id == id);
        match (settlement, ask) {
            (Ok(_), Some(ask)) => {
                let mut out = error_head(Refusal::AmbiguousId);
                out.why("This id names both a performed action and a question to the human; neither is answered.")
                    .candidates(vec![
                        Candidate::Ask { ask_id: ask.ask_id, asked_about: ask.affordance_id },
                        Candidate::Fire { did: id.to_string() },
                    ]);
                self.position(&mut out);
                Ok(out)
            }
            (Err(_), Some(ask)) if !ask.spent => Ok(self.ask_answer(&ask)),
            (Err(_), _) => {
                // A spent or closed ask: answer as the one fire that carried it, if exactly one did.
                let carriers: Vec<String> = self
                    .session
                    .transitions()
                    .into_iter()
                    .filter(|t| t.ask_id.as_deref() == Some(id))
                    .map(|t| t.id)
                    .collect();
                if let [only] = carriers.as_slice() {
                    if let Ok(settled) = self.session.settlement_if_known(only) {
                        return Ok(self.fire_answer(only, settled));
                    }
                }
                if self.session.was_folded(id) {
                    return Ok(self.folded_answer(id));
                }
                let mut out = error_head(Refusal::UnknownTransition);
                out.why(texts::UNKNOWN_TRANSITION);
                self.open_lists(&mut out);
                self.position(&mut out);
                Ok(out)
            }
            (Ok(settled), None) => Ok(self.fire_answer(id, settled)),
        }
    }

    /// A row `retain` folded away: it happened (decision 25 never lets the port claim fewer attempts),
    /// and how it ended is no longer kept (docs/facts-and-serving.md §9.5).
    fn folded_answer(&self, id: &str) -> Out {
        let mut out = Out::answer(true);
        out.judgment(Judgment::Folded)
            .reason(Refusal::RowFolded)
            .transition_id(id);
        if let Some((stage, _)) = id.rsplit_once('#') {
            if !stage.starts_with("sync:") && !stage.starts_with("stimulus:") {
                out.did(stage);
            }
        }
        out.why(texts::ROW_FOLDED);
        self.position(&mut out);
        out
    }

    /// `pending`, `awaitingSettlement`, `awaitingHuman` — what a caller could have meant.
    fn open_lists(&self, out: &mut Out) {
        let pending: Vec<String> = self.session.pending().into_iter().map(|p| p.id).collect();
        let awaiting_human: Vec<Obj<AwaitingHuman>> = self
            .session
            .asks()
            .into_iter()
            .filter(|a| a.answer.is_none())
            .map(|a| {
                let mut row = Obj::<AwaitingHuman>::new();
                row.ask_id(a.ask_id).action(a.affordance_id);
                row
            })
            .collect();
        out.pending(pending)
            .awaiting_settlement(self.session.awaiting_settlement())
            .awaiting_human(awaiting_human);
    }

    fn ask_answer(&self, ask: &AskStatus) -> Out {
        let (judgment, how) = match ask.answer {
            None => (Judgment::AwaitingHuman, texts::ASK_AWAITING),
            Some(AskAnswer::Declined) => (Judgment::Declined, texts::ASK_DECLINED),
            Some(AskAnswer::Approved) => (Judgment::ApprovedNotYetDone, texts::ASK_APPROVED),
        };
        let mut out = Out::answer(true);
        out.settled(false)
            .performed(false)
            .judgment(judgment)
            .ask_id(&ask.ask_id)
            .did(&ask.affordance_id)
            .how_to_act(how);
        self.position(&mut out);
        out
    }

    fn fire_answer(&self, id: &str, settled: Option<FireSettlement>) -> Out {
        let Some(s) = settled else {
            let mut out = Out::answer(true);
            out.settled(false).judgment(Judgment::StillPending);
            if let Some(did) = self
                .session
                .transition(id)
                .and_then(|t| t.cause.affordance_id)
            {
                out.did(did);
            }
            out.how_to_act(texts::STILL_PENDING);
            self.position(&mut out);
            return out;
        };
        at_rest(&s, |out| self.position(out))
    }
}

/// Arm 4: the settled facts, from the first settlement (a receipt, never rewritten).
fn at_rest(s: &FireSettlement, position: impl Fn(&mut Out)) -> Out {
    let mut out = Out::answer(true);
    out.settled(true)
        .did(&s.did)
        .effect_status(s.effect_status)
        .outcome(s.outcome);
    if s.transition.outcome != s.outcome {
        out.outcome_now(s.transition.outcome);
    }
    if let Some(observed) = s.writes_observed {
        out.effect_verified(observed);
        if let EffectVerified::Observed(b) = observed {
            out.writes_observed(b);
        }
    }
    if let Some(held) = s.verify_held {
        out.verify_held(held);
    }
    if s.transition.materialized == Some(false) {
        out.materialized(false);
    }
    // docs/session.md §23: the effect held before the fire; the fire is not shown to have caused it.
    if let Some(held) = &s.transition.already_true {
        out.already_true(held).why(texts::ALREADY_TRUE);
    }
    out.to_node(
        s.transition
            .to_node
            .as_ref()
            .unwrap_or(&s.transition.from_node),
    );
    if let Some(error) = &s.error {
        out.error(cap(&error.message));
    }
    if let Some(data) = &s.data {
        out.data(data.clone());
    }
    position(&mut out);
    out
}

fn cap(text: &str) -> String {
    if text.chars().count() <= ERROR_CAP {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(ERROR_CAP).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_errors_are_cut_at_two_hundred_characters() {
        let long = "é".repeat(250);
        let cut = cap(&long);
        assert_eq!(cut.chars().count(), 201);
        assert!(cut.ends_with('…'));
        let seed = "This action declares a verify contract — a condition the app itself said must hold once the action had settled. It did not hold: the app was asked whether this happened, and answered no.";
        assert_eq!(cap(seed), seed, "the seed's verify text fits uncut");
    }
}
