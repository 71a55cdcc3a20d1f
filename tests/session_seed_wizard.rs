//! Pins the worked wizard sequence of docs/session.md §17 — versions, records, settlements — and its
//! dropped-navigate and no-cross-links (dead-end) variants, driven through re-entrant closures.

mod session_support;

use groundfacts::codes::Refusal;
use groundfacts::session::*;
use serde_json::json;
use session_support::*;

#[test]
fn the_seed_wizard_sequence_reaches_version_twelve() {
    let w = wizard(true, false, SessionOptions::default());
    let s = &w.session;

    // 0: createSession + two registerActions coalesce into one structure bump.
    assert_eq!(s.version(), 1);
    let rows = s.transitions();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].id, "stimulus:structure-swap#0");

    // Turn 1: what is on offer.
    let available = s.available();
    let ids: Vec<&str> = available
        .edges
        .iter()
        .map(|e| e.affordance_id.as_str())
        .collect();
    assert_eq!(
        ids,
        vec![
            "wizard.name-it",
            "wizard.next-to-review",
            "go-to-projects",
            "go-to-review"
        ]
    );
    let next = &available.edges[1];
    assert_eq!(next.enabled, Some(false));
    assert_eq!(next.expects, Some(json!("none")));

    // 1: commitJourney opens a frame.
    let committed = s.commit_journey("new-project").unwrap();
    assert!(committed.ok);
    assert_eq!(committed.frame.as_ref().unwrap().status, FrameStatus::Open);
    assert_eq!(s.version(), 2);
    let plan = committed.plan.unwrap();
    let ready: Vec<&str> = plan
        .steps
        .iter()
        .filter(|p| p.status == StepStatus::Ready && !p.awaiting_state)
        .map(|p| p.step.as_str())
        .collect();
    assert_eq!(
        ready,
        vec!["wizard.name-it", "wizard.next-to-review"],
        "greyed step stays ready (decision 8)"
    );

    // 2: the greyed button is refused, recorded, and bumps nothing.
    let refused = s.fire("wizard.next-to-review", agent(None)).unwrap();
    assert!(!refused.ok);
    assert_eq!(refused.reason, Some(Refusal::ToolDisabled));
    let evidence = refused.evidence.as_ref().unwrap();
    assert_eq!(evidence.len(), 1);
    assert_eq!(evidence[0].key, "project.recipe");
    assert!(!evidence[0].result);
    let gap = &s.gaps()[0];
    assert_eq!(gap.kind, GapKind::FireRejected);
    assert_eq!(gap.version, 2);
    assert_eq!(gap.does.as_deref(), Some("Go on to the review step"));
    assert_eq!(gap.rejection_reason, Some(Refusal::ToolDisabled));
    assert_eq!(s.version(), 2);

    // 3: name it — the handler's store tap settles it inside the handler window.
    let named = s
        .fire(
            "wizard.name-it",
            agent(Some(json!({"name": "Ion channel screen"}))),
        )
        .unwrap();
    assert!(named.ok);
    assert_eq!(named.settlement, Some(SettlementState::Settled));
    assert_eq!(named.effect_status, Some(EffectStatus::Performed));
    assert_eq!(named.version, Some(4));
    let id = named.transition_id.clone().unwrap();
    assert_eq!(id, "wizard.name-it#1");
    let record = s.transition(&id).unwrap();
    assert_eq!(record.cursor_version, 2);
    assert_eq!(record.attribution.basis, AttributionBasis::HandlerWindow);
    assert_eq!(record.effect_verified, Some(EffectVerified::Observed(true)));
    assert_eq!(record.cause.does.as_deref(), Some("Name the project"));
    let settlement = s.settlement_if_known(&id).unwrap().unwrap();
    assert_eq!(settlement.verify_held, Some(VerifyHeld::Held));

    // 4: the deliberate recipe bug — writes observed, verify fails, the commit stands.
    let bad = s
        .fire(
            "wizard.pick-recipe",
            agent(Some(json!({"recipe": "not-a-recipe"}))),
        )
        .unwrap();
    assert_eq!(bad.version, Some(6));
    assert_eq!(bad.effect_status, Some(EffectStatus::Refused));
    let settled = s
        .settlement_if_known(bad.transition_id.as_deref().unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(settled.outcome, Outcome::Committed);
    assert_eq!(settled.verify_held, Some(VerifyHeld::Failed));
    assert_eq!(
        settled.writes_observed,
        Some(EffectVerified::Observed(true))
    );
    assert_eq!(
        settled.transition.effect_verified,
        Some(EffectVerified::Observed(true))
    );
    let error = settled.error.as_ref().unwrap();
    assert_eq!(error.reason, "VERIFY_FAILED");
    assert_eq!(
        error.message,
        "This action declares a verify contract — a condition the app itself said must hold once the action had settled. It did not hold: the app was asked whether this happened, and answered no."
    );
    assert_eq!(s.state()["project.recipe"], json!(""));
    let wire = serde_json::to_value(&settled).unwrap();
    assert_eq!(wire["writesObserved"], json!(true));
    assert_eq!(wire["verifyHeld"], json!(false));

    // 5: a real recipe; Next un-greys.
    let good = s
        .fire(
            "wizard.pick-recipe",
            agent(Some(json!({"recipe": "dose-response"}))),
        )
        .unwrap();
    assert_eq!(good.effect_status, Some(EffectStatus::Performed));
    assert_eq!(good.version, Some(8));
    assert!(s.available().edges.iter().all(|e| e.enabled.is_none()));

    // 6: Next materialises through the app's router; the predicate asks the router.
    let hop = s.fire("wizard.next-to-review", agent(None)).unwrap();
    assert_eq!(hop.effect_status, Some(EffectStatus::Performed));
    assert_eq!(hop.version, Some(10));
    assert_eq!(s.node(), "review");
    let hop_record = s.transition(hop.transition_id.as_deref().unwrap()).unwrap();
    assert_eq!(hop_record.cursor_version, 8);
    assert_eq!(hop_record.to_node.as_deref(), Some("review"));
    assert_eq!(
        hop_record.effect_verified,
        Some(EffectVerified::Unobservable)
    );
    assert_eq!(hop_record.arrival, Some(Arrival::Observed));
    let hop_settled = s
        .settlement_if_known(hop.transition_id.as_deref().unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(hop_settled.verify_held, Some(VerifyHeld::Held));
    assert_eq!(w.app.borrow().path, "/projects/new/review");

    // 7: the confirm card — no bump.
    let ask = s
        .confirm_ask("review.create-project", Principal::Agent, None)
        .unwrap();
    assert_eq!(ask.ask_id, "ask#1");
    assert_eq!(
        serde_json::to_string(&ask.receipts.will_do).unwrap(),
        r#"{"does":"Create the project","writes":["projects.count"]}"#
    );
    assert_eq!(s.version(), 10);
    assert_eq!(s.asks().len(), 1);

    // 8: the confirmed fire closes ask#1 and settles at version 12.
    let created = s.fire("review.create-project", agent(None)).unwrap();
    assert_eq!(created.effect_status, Some(EffectStatus::Performed));
    assert_eq!(created.version, Some(12));
    let created_record = s
        .transition(created.transition_id.as_deref().unwrap())
        .unwrap();
    assert_eq!(created_record.ask_id.as_deref(), Some("ask#1"));
    let created_settled = s
        .settlement_if_known(created.transition_id.as_deref().unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(created_settled.verify_held, Some(VerifyHeld::Held));
    assert_eq!(created_settled.data, Some(json!({"projectId": "prj-1"})));
    assert!(
        s.asks().is_empty(),
        "default mode: the spent ask left the book"
    );
    assert!(s.pending().is_empty());
    assert_eq!(s.version(), 12);

    // The attempt index: one refusal and five fires, in (version, rank) order.
    assert_eq!(s.attempt_count(), 6);
    let tail = s.attempts_tail(None, 20);
    let kinds: Vec<(AttemptKind, &str)> = tail
        .iter()
        .map(|a| (a.kind, a.affordance_id.as_deref().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (AttemptKind::Refused, "wizard.next-to-review"),
            (AttemptKind::Fired, "wizard.name-it"),
            (AttemptKind::Fired, "wizard.pick-recipe"),
            (AttemptKind::Fired, "wizard.pick-recipe"),
            (AttemptKind::Fired, "wizard.next-to-review"),
            (AttemptKind::Fired, "review.create-project"),
        ]
    );
    assert_eq!(tail[2].verify_held, Some(VerifyHeld::Failed));
    assert_eq!(tail[4].effect_verified, Some(EffectVerified::Unobservable));
    assert_eq!(s.attempts_tail(Some(8), 20).len(), 2);
    assert_eq!(s.attempts_since_count(8), 2);

    // The frame counted the performed steps only (decision 9).
    let frame = s.journey_frame().unwrap();
    assert_eq!(
        frame.fired_steps,
        vec![
            "wizard.name-it",
            "wizard.pick-recipe",
            "wizard.next-to-review",
            "review.create-project"
        ]
    );
    assert!(
        w.host.warnings().is_empty(),
        "no warnings in the seed run: {:?}",
        w.host.warnings()
    );
}

#[test]
fn a_dropped_navigate_is_rolled_back_and_walked_back() {
    let w = wizard(true, true, SessionOptions::default());
    let s = &w.session;
    s.commit_journey("new-project").unwrap();
    s.fire(
        "wizard.name-it",
        agent(Some(json!({"name": "Ion channel screen"}))),
    )
    .unwrap();
    s.fire(
        "wizard.pick-recipe",
        agent(Some(json!({"recipe": "dose-response"}))),
    )
    .unwrap();
    assert_eq!(s.version(), 6);

    let hop = s.fire("wizard.next-to-review", agent(None)).unwrap();
    assert_eq!(hop.effect_status, Some(EffectStatus::Refused));
    let id = hop.transition_id.clone().unwrap();
    let settled = s.settlement_if_known(&id).unwrap().unwrap();
    assert_eq!(settled.outcome, Outcome::RolledBack);
    assert_eq!(settled.verify_held, Some(VerifyHeld::Failed));
    let error = settled.error.unwrap();
    assert_eq!(error.reason, "VERIFY_FAILED");
    assert!(
        error.evidence.is_none(),
        "a predicate verify carries no evidence"
    );
    assert_eq!(s.node(), "wizard");
    let rows = s.transitions();
    let last = rows.last().unwrap();
    assert!(
        last.id.starts_with("sync:wizard#"),
        "walk-back row, got {}",
        last.id
    );
    assert_eq!(last.from_node, "review");
    assert_eq!(last.to_node.as_deref(), Some("wizard"));
    // record 6→7, commit →8, roll back →9, walk back →10.
    assert_eq!(s.version(), 10);
    let frame = s.journey_frame().unwrap();
    assert!(!frame
        .fired_steps
        .contains(&"wizard.next-to-review".to_string()));
    let view = s.attempts_tail(None, 1);
    assert_eq!(view[0].outcome, Some(Outcome::RolledBack));
}

#[test]
fn without_cross_links_the_projects_page_is_a_dead_end_once() {
    let w = wizard(false, false, SessionOptions::default());
    let s = &w.session;
    let synced = s.sync("projects", SyncOptions::default()).unwrap();
    assert!(synced.changed);
    assert_eq!(s.node(), "projects");
    let gaps = s.gaps();
    assert_eq!(gaps.len(), 1);
    let wire = serde_json::to_value(&gaps[0]).unwrap();
    let picked = json!({
        "kind": wire["kind"], "node": wire["node"],
        "availableActions": wire["availableActions"], "availableJourneys": wire["availableJourneys"]
    });
    assert_eq!(
        serde_json::to_string(&picked).unwrap(),
        r#"{"kind":"dead-end","node":"projects","availableActions":[],"availableJourneys":["new-project"]}"#
    );
    let expected = "groundfacts: page 'projects' has NO actions authored on it at all — an agent that lands here has nothing it can even attempt (a fire is refused UNKNOWN_AFFORDANCE or NOT_ON_NODE, never NOT_MATERIALIZED). Three ways out: registerActions('projects', …) to wire what is on screen; pass navigate: (href) => router.push(href) to createSession so url gestures materialise; or read the route table with fromRoutes(routes, { crossLinks: true }) so every page offers links to the others. Recorded as a dead-end gap row.";
    assert_eq!(w.host.warnings(), vec![expected.to_string()]);

    // A second visit at the same wiring adds nothing.
    s.sync("wizard", SyncOptions::default()).unwrap();
    s.sync("projects", SyncOptions::default()).unwrap();
    assert_eq!(s.gaps().len(), 1);
    assert_eq!(w.host.warnings().len(), 1);
}

#[test]
fn with_cross_links_the_projects_page_is_no_dead_end() {
    let w = wizard(true, false, SessionOptions::default());
    w.session.sync("projects", SyncOptions::default()).unwrap();
    assert!(w.session.gaps().is_empty());
    assert!(w.host.warnings().is_empty());
}
