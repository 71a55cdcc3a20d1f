//! Pins `fire(id, { source: 'user', invoke: false })` (docs/session.md §33): it records an act the app
//! already carried out without running the registered handler; the row names the person; a report
//! settles it as usual; a refusal is still a refusal row; the agent's door may not use it.

mod session_support;

use std::cell::Cell;
use std::rc::Rc;

use groundfacts::codes::{ErrorCode, Refusal};
use groundfacts::facts::ground_truth;
use groundfacts::host::HandlerOutcome;
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Value};
use session_support::*;

/// The shop on `home`, every action it fires wired to a handler that counts its runs (and `search`
/// reports its write through the store tap, as a real handler would).
fn counted() -> (Rc<ClosureHost>, Session, Rc<Cell<u32>>) {
    let (host, s) = fresh_shop(None);
    let runs = Rc::new(Cell::new(0));
    let r = Rc::clone(&runs);
    let search = host.handler(move |s, _| {
        r.set(r.get() + 1);
        s.update_state(&json!({"search.q": "lamp"}), UpdateOptions::default())
            .expect("tap");
        HandlerOutcome::Returned(None)
    });
    let r = Rc::clone(&runs);
    let toggle = host.handler(move |_, _| {
        r.set(r.get() + 1);
        HandlerOutcome::Returned(None)
    });
    s.register_actions(
        "home",
        vec![
            ("search".into(), search),
            ("toggle".into(), toggle),
            ("greyed".into(), toggle),
        ],
        vec![],
    )
    .expect("handlers");
    (host, s, runs)
}

fn person(payload: Option<Value>, invoke: bool) -> FireOptions {
    FireOptions {
        source: Some(Principal::User),
        payload,
        invoke: Some(invoke),
    }
}

fn facts(s: &Session) -> String {
    ground_truth(s, None, None).text
}

#[test]
fn a_recorded_act_runs_no_handler_and_names_the_person() {
    let (_h, s, runs) = counted();
    let r = s
        .fire("home.toggle", person(Some(json!({})), false))
        .unwrap();
    assert!(r.ok, "{r:?}");
    assert_eq!(runs.get(), 0, "invoke: false never runs the handler");
    let row = s.transitions().pop().unwrap();
    assert_eq!(row.cause.principal, Principal::User);
    assert_eq!(
        row.materialized, None,
        "the app performed it: not 'nothing wired'"
    );
    let text = facts(&s);
    assert!(text.contains("user fired home.toggle"), "{text}");
    assert!(!text.contains("agent fired"), "{text}");
}

#[test]
fn the_same_door_with_invoke_runs_the_handler_once() {
    let (_h, s, runs) = counted();
    let r = s
        .fire("home.toggle", person(Some(json!({})), true))
        .unwrap();
    assert!(r.ok);
    assert_eq!(runs.get(), 1);
    let agent_fire = s.fire("home.toggle", agent(Some(json!({})))).unwrap();
    assert!(agent_fire.ok);
    assert_eq!(runs.get(), 2, "the agent's door runs the same handler once");
    let text = facts(&s);
    assert!(text.contains("user fired home.toggle"), "{text}");
    assert!(text.contains("agent fired home.toggle"), "{text}");
}

#[test]
fn a_recorded_act_with_writes_waits_for_the_report_that_settles_it() {
    let (_h, s, runs) = counted();
    let r = s
        .fire("home.search", person(Some(json!({"q": "lamp"})), false))
        .unwrap();
    assert!(r.ok);
    assert_eq!(runs.get(), 0);
    assert_eq!(r.settlement, Some(SettlementState::AwaitingState));
    let id = r.transition_id.clone().unwrap();
    assert!(s.settlement_if_known(&id).unwrap().is_none());
    // The app's own onClick ran and its store reports the write.
    s.update_state(&json!({"search.q": "lamp"}), UpdateOptions::default())
        .unwrap();
    let settled = s.settlement_if_known(&id).unwrap().expect("settled");
    assert_eq!(settled.effect_status, EffectStatus::Performed);
    let text = facts(&s);
    assert!(
        text.contains("DID happen — user fired home.search"),
        "{text}"
    );
}

#[test]
fn a_refusal_is_still_recorded_as_the_persons_refusal() {
    let (_h, s, runs) = counted();
    let v = s.version();
    let greyed = s.fire("home.greyed", person(None, false)).unwrap();
    assert_eq!(greyed.reason, Some(Refusal::ToolDisabled));
    let bad = s
        .fire("home.search", person(Some(json!({"q": 3})), false))
        .unwrap();
    assert_eq!(bad.reason, Some(Refusal::PayloadInvalid));
    let hidden = s.fire("home.premium", person(None, false)).unwrap();
    assert_eq!(hidden.reason, Some(Refusal::GuardFailed));
    assert_eq!(runs.get(), 0);
    assert_eq!(s.version(), v, "refusals move no version");
    let gaps = s.gaps();
    assert_eq!(gaps.len(), 3);
    assert!(gaps.iter().all(|g| g.principal == Some(Principal::User)));
    let text = facts(&s);
    assert!(
        text.contains("did NOT happen — user's fire of home.greyed was refused: TOOL_DISABLED"),
        "{text}"
    );
}

#[test]
fn the_agents_door_cannot_skip_the_handler() {
    let (_h, s, runs) = counted();
    let v = s.version();
    let rows = (s.gaps().len(), s.transitions().len());
    for source in [None, Some(Principal::Agent)] {
        let err = s
            .fire(
                "home.toggle",
                FireOptions {
                    source,
                    payload: None,
                    invoke: Some(false),
                },
            )
            .unwrap_err();
        assert_eq!(err.code, ErrorCode::AgentInvokeFalse);
        assert!(err.message.starts_with("groundfacts: "), "{}", err.message);
        assert!(err.message.contains("source: 'user'"), "{}", err.message);
    }
    assert_eq!(runs.get(), 0);
    assert_eq!(s.version(), v);
    assert_eq!(
        (s.gaps().len(), s.transitions().len()),
        rows,
        "nothing recorded"
    );
}

#[test]
fn an_unwired_action_recorded_by_a_person_is_not_called_unwired() {
    // `home.unwired` has no handler: a person's recorded act is still the app's own, carried out.
    let (_h, s, _runs) = counted();
    let r = s.fire("home.unwired", person(None, false)).unwrap();
    assert!(r.ok);
    assert_eq!(r.materialized, None);
    let plain = s.fire("home.unwired", person(None, true)).unwrap();
    assert!(plain.ok);
}
