//! Bounded memory (`docs/decisions.md` decision 25): `retain` folds the oldest attempts into counts
//! that the facts block and the brief print (never claiming fewer attempts than happened), reads with
//! a cursor older than the kept rows say so, the options are validated, row counters cross 2^24 and
//! 2^32 without trapping, and every door refuses a value above `maxValueBytes` as `PAYLOAD_TOO_LARGE`.

mod session_support;

use std::rc::Rc;

use groundfacts::codes::{ErrorCode, Refusal};
use groundfacts::facts::{context_brief, ground_truth};
use groundfacts::host::HandlerOutcome;
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::*;
use serde_json::{json, Value};
use session_support::*;

/// A shop session with `retain` / `maxValueBytes`, `toggle` wired (no writes: settles at once) and
/// `search` wired (declares writes, so it waits for the store's report).
fn shop(retain: Option<f64>, max_value_bytes: Option<f64>) -> (Rc<ClosureHost>, Session) {
    shop_from(retain, max_value_bytes, None)
}

/// [`shop`], with the row counters started at `counter` before anything is recorded.
fn shop_from(
    retain: Option<f64>,
    max_value_bytes: Option<f64>,
    counter: Option<u32>,
) -> (Rc<ClosureHost>, Session) {
    let host = Rc::new(ClosureHost::new());
    let options = SessionOptions {
        node: Some("home".into()),
        state: Some(shop_state()),
        retain,
        max_value_bytes,
        ..SessionOptions::default()
    };
    let session = Session::new(Rc::new(shop_graph(None)), host.clone(), options).expect("session");
    if let Some(n) = counter {
        assert!(session.start_counters_at(n));
    }
    let toggle = returning(&host);
    let search = returning(&host);
    session
        .register_actions(
            "home",
            vec![("toggle".into(), toggle), ("search".into(), search)],
            vec![],
        )
        .expect("wire");
    (host, session)
}

fn toggle(s: &Session) -> FireResult {
    s.fire("home.toggle", agent(None)).expect("fire")
}

fn big_string(bytes: usize) -> Value {
    Value::String("x".repeat(bytes))
}

#[test]
fn retain_keeps_that_many_rows_and_the_block_counts_every_folded_attempt_by_grade() {
    let (_, s) = shop(Some(3.0), None);
    for _ in 0..5 {
        assert!(toggle(&s).ok);
    }
    s.fire("home.nope", agent(None)).unwrap();
    s.fire("home.nope", agent(None)).unwrap();
    assert!(
        s.transitions().len() <= 3,
        "{} transition rows kept",
        s.transitions().len()
    );
    assert!(s.gaps().len() <= 3);
    assert!(s.attempt_count() <= 3);
    let folded = s.folded_attempts();
    assert_eq!(
        folded.total as usize + s.attempt_count(),
        7,
        "no attempt is lost from the count"
    );

    let text = ground_truth(&s, None, None).text;
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[2].starts_with("Attempts so far (version "), "{text}");
    assert!(
        lines[3].starts_with(&format!(
            "  \u{2026} {} earlier attempt(s) were folded into counts",
            folded.total
        )),
        "{text}"
    );
    assert!(
        lines[3].contains("this session keeps its newest 3 rows"),
        "{text}"
    );
    assert!(
        lines[3].contains("ran, but the effect was unobservable"),
        "{text}"
    );
    // Every kept row is still listed after the folded line.
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("  \u{2022} "))
            .count(),
        s.attempt_count()
    );
}

#[test]
fn the_brief_says_how_many_attempts_were_folded() {
    let (_, s) = shop(Some(2.0), None);
    for _ in 0..6 {
        toggle(&s);
    }
    let brief = context_brief(&s, None).text;
    let folded = s.folded_attempts().total;
    assert!(folded >= 4);
    assert!(
        brief.contains(&format!(
            "  \u{2026} {folded} earlier attempt(s) were folded into counts"
        )),
        "{brief}"
    );
}

#[test]
fn nothing_is_folded_under_the_default_retention_and_the_seed_block_is_unchanged() {
    let (_, s) = shop(None, None);
    for _ in 0..50 {
        toggle(&s);
    }
    assert_eq!(s.folded_attempts().total, 0);
    assert_eq!(s.attempt_count(), 50);
    assert!(!ground_truth(&s, None, None).text.contains("folded"));
}

#[test]
fn a_cursor_older_than_the_kept_rows_says_rows_before_it_were_folded() {
    let (_, s) = shop(Some(3.0), None);
    for _ in 0..8 {
        toggle(&s);
    }
    let through = s.folded_attempts().through_key.expect("something folded");
    let old = ground_truth(&s, Some(0), None).text;
    assert!(
        old.contains(&format!("rows up to version {through} were folded, so attempts since version 0 may be among them")),
        "{old}"
    );
    let brief = context_brief(&s, Some(0)).text;
    assert!(brief.contains("may be among them"), "{brief}");
    // A cursor after every folded row reads the kept rows only, with no folded line.
    let recent = ground_truth(&s, Some(through + 1), None).text;
    assert!(!recent.contains("folded"), "{recent}");
}

#[test]
fn a_fire_folded_before_it_came_to_rest_counts_as_not_yet_known_and_leaves_the_pending_queue() {
    let (_, s) = shop(Some(2.0), None);
    let first = s
        .fire("home.search", agent(Some(json!({"q": "a"}))))
        .unwrap();
    assert_eq!(s.pending().len(), 1);
    for _ in 0..4 {
        toggle(&s);
    }
    assert!(s.pending().is_empty(), "a folded fire is no longer awaited");
    let id = first.transition_id.unwrap();
    let err = s.settlement_if_known(&id).unwrap_err();
    assert_eq!(err.code, "UNKNOWN_TRANSITION");
    assert!(err.message.contains("folded"), "{}", err.message);
    assert!(!s
        .settlement_if_known("home.search#999")
        .unwrap_err()
        .message
        .contains("folded"));
    let text = ground_truth(&s, None, None).text;
    assert!(text.contains("1 not yet known when folded"), "{text}");
    assert!(!text.contains("Awaiting the app's report"), "{text}");
    // A later report is not credited to the folded fire.
    let r = s
        .update_state(&json!({"search.q": "a"}), UpdateOptions::default())
        .unwrap();
    assert_eq!(r.attributed, Some(false));
}

#[test]
fn the_options_are_validated() {
    for bad in [0.0, -1.0, 1.5, f64::NAN, f64::INFINITY, 1e7] {
        let host = Rc::new(ClosureHost::new());
        let options = SessionOptions {
            retain: Some(bad),
            ..SessionOptions::default()
        };
        let err = Session::new(Rc::new(shop_graph(None)), host, options)
            .err()
            .expect("refused");
        assert_eq!(err.code, "BAD_ARGUMENT", "retain {bad}");
        assert!(
            err.message.contains("options.retain") && err.message.contains("1 to 1000000"),
            "{}",
            err.message
        );
    }
    for bad in [0.0, -5.0, 0.5, 1e12] {
        let host = Rc::new(ClosureHost::new());
        let options = SessionOptions {
            max_value_bytes: Some(bad),
            ..SessionOptions::default()
        };
        let err = Session::new(Rc::new(shop_graph(None)), host, options)
            .err()
            .expect("refused");
        assert_eq!(err.code, "BAD_ARGUMENT", "maxValueBytes {bad}");
        assert!(
            err.message.contains("options.maxValueBytes"),
            "{}",
            err.message
        );
    }
    let (_, s) = shop(Some(1.0), Some(16.0));
    assert_eq!(s.limits(), (1, 16));
    let (_, s) = shop(None, None);
    assert_eq!(s.limits(), (DEFAULT_RETAIN, DEFAULT_MAX_VALUE_BYTES));
}

#[test]
fn row_counters_cross_2_pow_24_and_wrap_past_2_pow_32_without_trapping() {
    let (_, s) = shop_from(Some(4.0), None, Some(16_777_210));
    let mut ids = Vec::new();
    for _ in 0..12 {
        let r = toggle(&s);
        assert!(r.ok);
        ids.push(r.transition_id.unwrap());
    }
    assert!(ids.contains(&"home.toggle#16777216".to_string()), "{ids:?}");
    let last = ids.last().unwrap();
    assert!(s.settlement_if_known(last).unwrap().is_some());

    let (_, s) = shop_from(Some(4.0), None, Some(u32::MAX - 2));
    let mut ids = Vec::new();
    for _ in 0..10 {
        let r = toggle(&s);
        assert!(r.ok);
        ids.push(r.transition_id.unwrap());
    }
    assert!(
        ids.contains(&format!("home.toggle#{}", u32::MAX)),
        "{ids:?}"
    );
    assert!(ids.contains(&"home.toggle#0".to_string()), "{ids:?}");
    for id in &ids[ids.len() - 2..] {
        assert!(
            s.settlement_if_known(id).unwrap().is_some(),
            "{id} is kept and found"
        );
    }
    assert_eq!(s.transitions().len(), 4);
    assert!(ground_truth(&s, None, None)
        .text
        .contains("were folded into counts"));
}

#[test]
fn many_attempts_keep_the_ledgers_flat() {
    let (_, s) = shop(Some(100.0), None);
    for i in 0..20_000 {
        if i % 3 == 0 {
            s.fire("home.nope", agent(None)).unwrap();
        } else {
            toggle(&s);
        }
        if i % 5 == 0 {
            s.update_state(&json!({ "other.x": i }), UpdateOptions::default())
                .unwrap();
        }
    }
    assert!(s.transitions().len() <= 100);
    assert!(s.gaps().len() <= 100);
    assert!(s.attempt_count() <= 100);
    assert_eq!(
        s.folded_attempts().total as usize + s.attempt_count(),
        20_000
    );
}

#[test]
fn a_payload_over_the_limit_is_refused_and_recorded_as_a_refusal() {
    let (_, s) = shop(None, Some(1024.0));
    let r = s
        .fire("home.search", agent(Some(json!({ "q": big_string(2000) }))))
        .unwrap();
    assert!(!r.ok);
    assert_eq!(r.reason, Some(Refusal::PayloadTooLarge));
    let issue = &r.issues.as_ref().unwrap()[0];
    assert!(issue.contains("1024 bytes"), "{issue}");
    let gaps = s.gaps();
    assert_eq!(
        gaps.last().unwrap().rejection_reason,
        Some(Refusal::PayloadTooLarge)
    );
    assert!(
        s.transitions().iter().all(|t| t.payload.is_none()),
        "nothing of it is kept"
    );
    let text = ground_truth(&s, None, None).text;
    assert!(
        text.contains(
            "did NOT happen — agent's fire of home.search was refused: PAYLOAD_TOO_LARGE"
        ),
        "{text}"
    );
    // The session still fires.
    assert!(
        s.fire("home.search", agent(Some(json!({ "q": "ok" }))))
            .unwrap()
            .ok
    );
    // An id over the limit is refused too, and not kept.
    let long_id = "a".repeat(2000);
    let r = s.fire(&long_id, agent(None)).unwrap();
    assert_eq!(r.reason, Some(Refusal::PayloadTooLarge));
    assert!(s
        .gaps()
        .iter()
        .all(|g| g.affordance_id.as_deref().is_none_or(|id| id.len() < 100)));
}

#[test]
fn the_port_refuses_a_large_input_as_a_recorded_attempt() {
    let Wizard { session, .. } = wizard(
        true,
        false,
        SessionOptions {
            max_value_bytes: Some(512.0),
            ..SessionOptions::default()
        },
    );
    let session = Rc::new(session);
    let port = AgentPort::new(Rc::clone(&session), PortOptions::default());
    let r = port.call(
        "wizard.do_action",
        &json!({"action": "name-it", "input": {"name": "n".repeat(4096)}}),
    );
    assert_eq!(r["ok"], json!(false), "{r}");
    assert_eq!(r["reason"], json!("PAYLOAD_TOO_LARGE"), "{r}");
    assert!(r.to_string().contains("512 bytes"), "{r}");
    assert_eq!(
        session.gaps().last().unwrap().rejection_reason,
        Some(Refusal::PayloadTooLarge)
    );
    let r = port.call(
        "wizard.journey.new-project",
        &json!({"step": "name-it", "input": {"name": "n".repeat(4096)}}),
    );
    assert_eq!(r["reason"], json!("PAYLOAD_TOO_LARGE"), "{r}");
    let r = port.call(
        "wizard.do_action",
        &json!({"action": "name-it", "input": {"name": "fine"}}),
    );
    assert_eq!(r["ok"], json!(true), "{r}");
}

#[test]
fn state_values_over_the_limit_are_refused_at_every_state_door() {
    let (_, s) = shop(None, Some(256.0));
    let before = s.version();
    let r = s
        .update_state(
            &json!({ "search.q": big_string(300) }),
            UpdateOptions::default(),
        )
        .unwrap();
    assert!(!r.ok);
    assert_eq!(r.reason, Some(Refusal::PayloadTooLarge));
    assert!(r.issues.unwrap()[0].contains("256 bytes"));
    assert_eq!(s.version(), before, "nothing of the report was applied");
    assert_eq!(s.state()["search.q"], json!(""));
    let options = UpdateOptions {
        stimulus: Some("s".repeat(300)),
        ..UpdateOptions::default()
    };
    assert_eq!(
        s.update_state(&json!({"search.q": "a"}), options)
            .unwrap()
            .reason,
        Some(Refusal::PayloadTooLarge)
    );
    assert!(
        s.update_state(&json!({"search.q": "a"}), UpdateOptions::default())
            .unwrap()
            .ok
    );

    let mut state = shop_state();
    state.insert("blob".into(), big_string(70_000));
    let host = Rc::new(ClosureHost::new());
    let err = Session::new(
        Rc::new(shop_graph(None)),
        host,
        SessionOptions {
            state: Some(state),
            ..SessionOptions::default()
        },
    )
    .err()
    .expect("refused");
    assert_eq!(err.code, ErrorCode::PayloadTooLarge);
    assert!(
        err.message.contains("65536 bytes") && err.message.contains("blob"),
        "{}",
        err.message
    );
}

#[test]
fn texts_the_session_would_keep_are_refused_over_the_limit() {
    let (host, s) = shop(None, Some(128.0));
    let long = "t".repeat(200);
    assert_eq!(
        s.sync(&long, SyncOptions::default()).unwrap_err().code,
        ErrorCode::PayloadTooLarge
    );
    let stimulus = SyncOptions {
        stimulus: Some(long.clone()),
        ..SyncOptions::default()
    };
    assert_eq!(
        s.sync("cart", stimulus).unwrap_err().code,
        ErrorCode::PayloadTooLarge
    );
    assert_eq!(
        s.report_gap(&long, false).unwrap_err().code,
        ErrorCode::PayloadTooLarge
    );
    assert_eq!(
        s.begin_work(Some(&long)).unwrap_err().code,
        ErrorCode::PayloadTooLarge
    );
    assert_eq!(
        s.confirm_ask("home.toggle", Principal::Agent, Some(json!({ "x": long })))
            .unwrap_err()
            .code,
        ErrorCode::PayloadTooLarge
    );
    drop(host);

    let (_, s) = shop(None, Some(128.0));
    let enforced = {
        let host = Rc::new(ClosureHost::new());
        let options = SessionOptions {
            require_human_approval: Some(true),
            max_value_bytes: Some(128.0),
            ..SessionOptions::default()
        };
        Session::new(Rc::new(shop_graph(None)), host, options).unwrap()
    };
    let ask = enforced
        .confirm_ask("home.toggle", Principal::Agent, None)
        .unwrap()
        .ask_id;
    let r = enforced.approve(&ask, Some(long.clone()), None).unwrap();
    assert_eq!(r.reason, Some(Refusal::PayloadTooLarge));
    assert!(r.explanation.unwrap().contains("128 bytes"));
    let r = enforced
        .decline(&ask, Some("Ana".into()), Some(long.clone()))
        .unwrap();
    assert_eq!(r.reason, Some(Refusal::PayloadTooLarge));
    assert!(
        enforced
            .approve(&ask, Some("Ana".into()), Some("fine".into()))
            .unwrap()
            .ok
    );
    assert!(s.sync("cart", SyncOptions::default()).is_ok());
}

#[test]
fn produced_data_over_the_limit_is_not_kept_and_a_thrown_message_is_capped() {
    let host = Rc::new(ClosureHost::new());
    let options = SessionOptions {
        node: Some("home".into()),
        max_value_bytes: Some(256.0),
        ..SessionOptions::default()
    };
    let s = Session::new(Rc::new(shop_graph(None)), host.clone(), options).unwrap();
    let big =
        host.handler(|_, _| HandlerOutcome::Returned(Some(json!({ "blob": "b".repeat(1000) }))));
    let throws = host.handler(|_, _| HandlerOutcome::Threw("e".repeat(100_000)));
    s.register_actions(
        "home",
        vec![("toggle".into(), big), ("unwired".into(), throws)],
        vec![],
    )
    .unwrap();
    let r = s.fire("home.toggle", agent(None)).unwrap();
    assert!(r.ok, "the fire stands");
    let settled = s
        .settlement_if_known(&r.transition_id.unwrap())
        .unwrap()
        .unwrap();
    assert!(settled.data.is_none(), "the produced data was not kept");
    assert!(
        host.warnings()
            .iter()
            .any(|w| w.contains("returned") && w.contains("256 bytes")),
        "{:?}",
        host.warnings()
    );
    let r = s.fire("home.unwired", agent(None)).unwrap();
    let settled = s
        .settlement_if_known(&r.transition_id.unwrap())
        .unwrap()
        .unwrap();
    assert!(settled.error.unwrap().message.len() <= 1_010);
}

#[test]
fn a_folded_fire_credited_by_inference_is_counted_as_inferred() {
    let (_, s) = shop(Some(2.0), None);
    // No fire is pending and `search` alone declares `search.q`: the report mints an inferred fire.
    s.update_state(&json!({ "search.q": "shoes" }), UpdateOptions::default())
        .unwrap();
    assert!(s.transitions().iter().any(|t| t.cause.inferred));
    for _ in 0..4 {
        toggle(&s);
    }
    let text = ground_truth(&s, None, None).text;
    assert!(
        text.contains("1 DID happen (1 of them attributed by inference, not observed)"),
        "{text}"
    );
}
