//! The confirm gate: `confirmAsk` (mint `ask#N` with receipts), the human doors `approve` / `decline`
//! (data results, both modes), spending an ask on fire, the enforced-approval gate
//! (`APPROVAL_REQUIRED` / `APPROVAL_DECLINED`), `asks()` and the renderers' ask summary.
//! Asks never bump the version. Used by `fire`, the JS layer, `serve`, `facts`.

use crate::codes::ErrorCode;
use crate::codes::Refusal;
use std::rc::Rc;

use serde_json::Value;

use super::state::{Affordance, Ask, Inner};
use super::*;
use crate::graph::input::check_payload;

impl Inner {
    /// Default mode: an accepted fire closes the oldest open ask for its action (it leaves the book).
    pub fn close_oldest_ask(&mut self, aff: &Affordance) -> Option<u32> {
        let ask = self.asks.iter_mut().find(|a| {
            !a.removed
                && !a.spent
                && a.affordance_id == aff.id
                && a.answer != Some(AskAnswer::Declined)
        })?;
        ask.spent = true;
        ask.removed = true;
        ask.answer = Some(AskAnswer::Approved);
        let n = ask.n;
        self.trim_side_tables();
        Some(n)
    }

    /// Enforced mode (docs/session.md §13.3), for an agent fire of a high-effect action: the approved ask
    /// it spends, or the refusal reason and the ask consulted.
    pub fn approval_gate(
        &mut self,
        aff: &Affordance,
        payload: Option<&Value>,
        instance: Option<&str>,
    ) -> Result<u32, (Refusal, Option<u32>)> {
        // An ask is about one input and, for a list's action, one row (docs/session.md §34).
        let same_input = |a: &Ask| a.input.as_ref() == payload && a.instance.as_deref() == instance;
        let latest_answer =
            self.asks.iter().rev().find(|a| {
                a.affordance_id == aff.id && a.answer.is_some() && !a.spent && same_input(a)
            });
        if let Some(a) = latest_answer {
            if a.answer == Some(AskAnswer::Declined) {
                return Err((Refusal::ApprovalDeclined, Some(a.n)));
            }
        }
        let open = self
            .asks
            .iter()
            .find(|a| {
                a.affordance_id == aff.id
                    && !a.spent
                    && !a.removed
                    && a.instance.as_deref() == instance
            })
            .map(|a| a.n);
        match self.asks.iter_mut().find(|a| {
            a.affordance_id == aff.id
                && !a.spent
                && a.answer == Some(AskAnswer::Approved)
                && same_input(a)
        }) {
            Some(ask) => {
                ask.spent = true;
                Ok(ask.n)
            }
            None => Err((Refusal::ApprovalRequired, open)),
        }
    }

    fn ask_position(&self, ask_id: &str) -> Option<usize> {
        let n: u32 = ask_id.strip_prefix("ask#")?.parse().ok()?;
        self.asks.iter().position(|a| a.n == n && !a.removed)
    }

    fn answer(
        &mut self,
        ask_id: &str,
        answer: AskAnswer,
        by: Option<String>,
        note: Option<String>,
    ) -> DoorResult {
        let Some(pos) = self.ask_position(ask_id) else {
            return DoorResult {
                ok: false,
                reason: Some(Refusal::UnknownAsk),
                explanation: Some(format!("There is no open ask '{ask_id}' in the book. Use an askId that confirmAsk returned.")),
            };
        };
        if let Some(refused) = self.oversized_decision(&by, &note) {
            return refused;
        }
        let Some(ask) = self.asks.get_mut(pos) else {
            return DoorResult {
                ok: false,
                reason: Some(Refusal::UnknownAsk),
                explanation: None,
            };
        };
        if ask.answer.is_some() || ask.spent {
            return DoorResult {
                ok: false,
                reason: Some(Refusal::AskAlreadyAnswered),
                explanation: Some(format!("'{ask_id}' was already answered; a decision is recorded once. Open a new ask to ask again.")),
            };
        }
        if !self.enforced && answer == AskAnswer::Approved {
            return DoorResult {
                ok: false,
                reason: Some(Refusal::NotEnforced),
                explanation: Some(format!(
                    "This session does not enforce human approval, so a recorded yes is not consulted: '{ask_id}' closes when its action is fired. Pass requireHumanApproval: true to createSession to make approvals binding."
                )),
            };
        }
        if self.enforced && by.as_deref().is_none_or(|b| b.trim().is_empty()) {
            return DoorResult {
                ok: false,
                reason: Some(Refusal::NeedsDecider),
                explanation: Some(format!(
                    "An answer to '{ask_id}' must say who decided: pass {{ by: '<the person>' }}. Nothing was recorded."
                )),
            };
        }
        ask.answer = Some(answer);
        ask.by = by;
        ask.note = note;
        // Default mode keeps no answered asks: a person's no closes the card (docs/session.md §13.2).
        ask.removed = !self.enforced;
        self.touch();

        self.trim_side_tables();
        DoorResult {
            ok: true,
            reason: None,
            explanation: None,
        }
    }

    fn ask_view(ask: &Ask) -> AskView {
        AskView {
            ask_id: format!("ask#{}", ask.n),
            affordance_id: Rc::clone(&ask.affordance_id),
            does: ask.does.clone(),
            answer: ask.answer,
        }
    }
}

impl Session {
    /// Open (or reuse) a confirm card for action `id`. Unknown id → `UNKNOWN_ACTION`.
    pub(super) fn confirm_ask_body(
        &self,
        id: &str,
        source: Principal,
        input: Option<Value>,
        instance: Option<&str>,
    ) -> Result<ConfirmAsk, SessionError> {
        self.guard("confirmAsk")?;
        let _ = source;
        let mut inner = self.inner.borrow_mut();
        if input.as_ref().is_some_and(|i| inner.too_large(i)) {
            return Err(inner.too_large_error("confirmAsk: options.input"));
        }
        let Some(aff) = inner.served(id).cloned() else {
            return Err(SessionError::usage(
                ErrorCode::UnknownAction,
                format!("confirmAsk: '{id}' is not an action this app serves now, so there is nothing to ask a person about."),
            ));
        };
        // The ask binds the input the fire would use (a blank payload of an `input: 'none'` action is erased).
        let input = check_payload(&aff.action.input, input.as_ref()).unwrap_or(input);
        let enforced = inner.enforced;
        let reuse = inner
            .asks
            .iter()
            .find(|a| {
                !a.removed
                    && !a.spent
                    && a.affordance_id == aff.id
                    && a.instance.as_deref() == instance
                    && if enforced {
                        a.input == input && a.answer != Some(AskAnswer::Declined)
                    } else {
                        a.answer.is_none()
                    }
            })
            .map(|a| a.n);
        let n = match reuse {
            Some(n) => n,
            None => {
                let n = inner.next_confirm;
                inner.next_confirm += 1;
                inner.asks.push(Ask {
                    n,
                    affordance_id: Rc::clone(&aff.id),
                    does: Some(Rc::clone(&aff.does)),
                    input,
                    instance: instance.map(Rc::from),
                    answer: None,
                    spent: false,
                    removed: false,
                    by: None,
                    note: None,
                });
                inner.touch();

                inner.trim_side_tables();
                n
            }
        };
        let action = &aff.action;
        let because = inner
            .guard_verdict(&aff)
            .map(|v| v.evidence.into_iter().filter(|e| e.result).collect())
            .unwrap_or_default();
        let recent_steps = inner
            .transitions
            .iter()
            .rev()
            .take(5)
            .rev()
            .map(|r| RecentStep {
                what: r.stage.to_string(),
                principal: r.principal,
                outcome: r.outcome,
            })
            .collect();
        Ok(ConfirmAsk {
            ask_id: format!("ask#{n}"),
            receipts: Receipts {
                will_do: WillDo {
                    does: aff.does.to_string(),
                    writes: action.writes.clone().filter(|w| !w.is_empty()),
                    navigates_to: action.navigates_to.clone(),
                },
                because,
                you_are_on: inner.node.to_string(),
                version: inner.version,
                recent_steps,
            },
        })
    }

    /// A person says yes (enforced mode; `by` names them). Unknown / already answered asks, a missing
    /// `by` (`NEEDS_DECIDER`) or the default mode (`NOT_ENFORCED`) → `{ok:false, reason}`.
    pub(super) fn approve_body(
        &self,
        ask_id: &str,
        by: Option<String>,
        note: Option<String>,
    ) -> Result<DoorResult, SessionError> {
        self.guard("approve")?;
        Ok(self
            .inner
            .borrow_mut()
            .answer(ask_id, AskAnswer::Approved, by, note))
    }

    /// A person says no. Enforced mode: the answer stays in the book (`by` required). Default mode: the
    /// ask closes and leaves the book.
    pub(super) fn decline_body(
        &self,
        ask_id: &str,
        by: Option<String>,
        note: Option<String>,
    ) -> Result<DoorResult, SessionError> {
        self.guard("decline")?;
        Ok(self
            .inner
            .borrow_mut()
            .answer(ask_id, AskAnswer::Declined, by, note))
    }

    /// The ask book (spent asks of the default mode have left it).
    pub fn asks(&self) -> Vec<AskStatus> {
        let inner = self.inner.borrow();
        inner
            .asks
            .iter()
            .filter(|a| !a.removed)
            .map(|a| AskStatus {
                ask_id: format!("ask#{}", a.n),
                affordance_id: a.affordance_id.to_string(),
                does: a.does.as_ref().map(|d| d.to_string()),
                answer: a.answer,
                spent: a.spent,
            })
            .collect()
    }

    /// The ask lines the facts block prints: answered-unspent ones and the oldest `max_awaiting`
    /// unanswered ones, in creation order, plus the unanswered total.
    pub fn ask_summary(&self, max_awaiting: usize) -> AskSummary {
        let inner = self.inner.borrow();
        // Unanswered asks a full book dropped (decision 25) still await a person.
        let mut summary = AskSummary {
            awaiting_total: inner.keep.awaiting_dropped,
            ..AskSummary::default()
        };
        for ask in inner.asks.iter().filter(|a| !a.removed && !a.spent) {
            if ask.answer.is_some() {
                summary.lines.push(Inner::ask_view(ask));
            } else {
                summary.awaiting_total += 1;
                if summary.awaiting_shown < max_awaiting {
                    summary.awaiting_shown += 1;
                    summary.lines.push(Inner::ask_view(ask));
                }
            }
        }
        summary
    }
}
