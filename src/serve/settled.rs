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

use crate::codes::Refusal;
use serde_json::{json, Value};

use super::args::{error_head, Args, Out};
use super::port::{AgentPort, ToolResult};
use super::texts;
use crate::session::{AskAnswer, AskStatus, EffectVerified, FireSettlement};

/// The longest `error` text a result carries (longer ones end in `…`).
const ERROR_CAP: usize = 200;

impl AgentPort {
    pub(super) fn did_it_work(&self, args: &Args) -> ToolResult {
        let Some(id) = args.string("transitionId") else {
            let mut out = error_head(Refusal::TransitionIdRequired);
            out.set("why", texts::TRANSITION_ID_REQUIRED);
            self.open_lists(&mut out);
            self.position(&mut out);
            return Ok(out);
        };
        let settlement = self.session.settlement_if_known(id);
        let ask = self.session.asks().into_iter().find(|a| a.ask_id == id);
        match (settlement, ask) {
            (Ok(_), Some(ask)) => {
                let mut out = error_head(Refusal::AmbiguousId);
                out.set("why", "This id names both a performed action and a question to the human; neither is answered.")
                    .set("candidates", json!([{"askId": ask.ask_id, "askedAbout": ask.affordance_id}, {"did": id}]));
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
                out.set("why", texts::UNKNOWN_TRANSITION);
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
        let mut out = Out::ok(true);
        out.set("judgment", "folded")
            .set("reason", Refusal::RowFolded)
            .set("transitionId", id);
        if let Some((stage, _)) = id.rsplit_once('#') {
            if !stage.starts_with("sync:") && !stage.starts_with("stimulus:") {
                out.set("did", stage);
            }
        }
        out.set("why", texts::ROW_FOLDED);
        self.position(&mut out);
        out
    }

    /// `pending`, `awaitingSettlement`, `awaitingHuman` — what a caller could have meant.
    fn open_lists(&self, out: &mut Out) {
        let pending: Vec<String> = self.session.pending().into_iter().map(|p| p.id).collect();
        let awaiting_human: Vec<Value> = self
            .session
            .asks()
            .into_iter()
            .filter(|a| a.answer.is_none())
            .map(|a| json!({"askId": a.ask_id, "action": a.affordance_id}))
            .collect();
        out.set("pending", json!(pending))
            .set(
                "awaitingSettlement",
                json!(self.session.awaiting_settlement()),
            )
            .set("awaitingHuman", Value::Array(awaiting_human));
    }

    fn ask_answer(&self, ask: &AskStatus) -> Out {
        let (judgment, how) = match ask.answer {
            None => ("awaiting-human", texts::ASK_AWAITING),
            Some(AskAnswer::Declined) => ("declined", texts::ASK_DECLINED),
            Some(AskAnswer::Approved) => ("approved-not-yet-done", texts::ASK_APPROVED),
        };
        let mut out = Out::ok(true);
        out.set("settled", false)
            .set("performed", false)
            .set("judgment", judgment)
            .set("askId", ask.ask_id.clone())
            .set("did", ask.affordance_id.clone())
            .set("howToAct", how);
        self.position(&mut out);
        out
    }

    fn fire_answer(&self, id: &str, settled: Option<FireSettlement>) -> Out {
        let Some(s) = settled else {
            let mut out = Out::ok(true);
            out.set("settled", false).set("judgment", "still-pending");
            out.set_opt(
                "did",
                self.session
                    .transition(id)
                    .and_then(|t| t.cause.affordance_id),
            );
            out.set("howToAct", texts::STILL_PENDING);
            self.position(&mut out);
            return out;
        };
        at_rest(&s, |out| self.position(out))
    }
}

/// Arm 4: the settled facts, from the first settlement (a receipt, never rewritten).
fn at_rest(s: &FireSettlement, position: impl Fn(&mut Out)) -> Out {
    let mut out = Out::ok(true);
    out.set("settled", true)
        .set("did", s.did.clone())
        .set("effectStatus", to_value(&s.effect_status))
        .set("outcome", to_value(&s.outcome));
    if s.transition.outcome != s.outcome {
        out.set("outcomeNow", to_value(&s.transition.outcome));
    }
    if let Some(observed) = s.writes_observed {
        out.set("effectVerified", to_value(&observed));
        if let EffectVerified::Observed(b) = observed {
            out.set("writesObserved", b);
        }
    }
    if let Some(held) = s.verify_held {
        out.set("verifyHeld", to_value(&held));
    }
    if s.transition.materialized == Some(false) {
        out.set("materialized", false);
    }
    // docs/session.md §23: the effect held before the fire; the fire is not shown to have caused it.
    if let Some(held) = &s.transition.already_true {
        out.set("alreadyTrue", to_value(held))
            .set("why", texts::ALREADY_TRUE);
    }
    let to_node = s
        .transition
        .to_node
        .clone()
        .unwrap_or_else(|| s.transition.from_node.clone());
    out.set("toNode", to_node);
    if let Some(error) = &s.error {
        out.set("error", cap(&error.message));
    }
    out.set_opt("data", s.data.clone());
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

/// A session enum in its JSON spelling (`"performed"`, `"committed"`, `true`, `"unobservable"`).
fn to_value<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
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
