//! Property-based fuzzing of call sequences: random runs of `fire`, `updateState`, `sync`,
//! `registerActions` / `unregister` / `setEnabled`, asks and answers, journeys, gap reports, work
//! rows, port calls and deferred completions, against an app whose handlers, `navigate` and verify
//! predicates follow a random script — returning, reporting, throwing, failing, deferring, and
//! calling back in (nested fires, syncs, reads, registrations, port calls, mutations from inside a
//! predicate). After every call: nothing panicked (no borrow held across a call-out), `version`
//! never went back, every accepted fire is at rest or still listed as awaiting, `pending()` is a
//! subset of `awaitingSettlement()`, and the facts block and the brief keep their line grammar.
//! Bounded for `cargo test`; `PROPTEST_CASES=5000 cargo test --release --test fuzz_session` runs long.

mod fuzz_support;

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use fuzz_support::shop::*;
use fuzz_support::*;
use groundfacts::facts::{context_brief, context_brief_with, ground_truth};
use groundfacts::graph::def::CallbackId;
use groundfacts::graph::match_route;
use groundfacts::host::{HandlerOutcome, PredicateAnswer};
use groundfacts::serve::{AgentPort, PortOptions};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{
    FireOptions, Principal, Session, SessionOptions, SyncOptions, UpdateOptions,
};
use proptest::prelude::*;
use serde_json::{json, Value};

/// Nested call-outs deeper than this just return (the depth limit itself is another helper's work).
const MAX_NESTING: u32 = 4;
/// What a handler or `navigate` does when called.
#[derive(Debug, Clone)]
enum Act {
    Return(Option<Value>),
    Report(Value),
    ReportThenThrow(Value),
    Throw,
    Fail,
    Defer,
    Fire(usize),
    Sync(usize),
    /// `navigate` only (else a plain return): move the router to the href.
    Follow,
    Read,
    Register(usize),
    Unregister,
    Port,
}

/// What a verify predicate answers, and whether it first tries to mutate the session.
#[derive(Debug, Clone)]
struct Verdict {
    answer: u8,
    mutate: bool,
}

fn delta() -> impl Strategy<Value = Value> {
    prop::collection::vec(
        (
            prop::sample::select(KEYS.to_vec()),
            prop_oneof![
                Just(json!(0)),
                Just(json!(1)),
                Just(json!("pro")),
                Just(json!("")),
                Just(json!(null))
            ],
        ),
        0..4,
    )
    .prop_map(|kv| Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()))
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        3 => prop::option::of(Just(json!({"id": 1}))).prop_map(Act::Return),
        4 => delta().prop_map(Act::Report),
        1 => delta().prop_map(Act::ReportThenThrow),
        1 => Just(Act::Throw),
        1 => Just(Act::Fail),
        2 => Just(Act::Defer),
        2 => (0..ACTIONS.len()).prop_map(Act::Fire),
        1 => (0..PAGES.len()).prop_map(Act::Sync),
        3 => Just(Act::Follow),
        1 => Just(Act::Read),
        1 => (0..PAGES.len()).prop_map(Act::Register),
        1 => Just(Act::Unregister),
        1 => Just(Act::Port),
    ]
}

/// One top-level call.
#[derive(Debug, Clone)]
enum Op {
    Fire(usize, Principal, bool),
    FireRaw(String),
    Update(Value, u8),
    Sync(usize),
    SyncRaw(String),
    Register(usize, Vec<bool>),
    Unregister(usize),
    SetEnabled(usize, usize, bool),
    Ask(usize),
    Answer(usize, bool),
    Commit(usize),
    Leave,
    Port(u8, usize),
    Complete(usize, u8),
    Gap(bool),
    Work(bool),
}

fn op() -> impl Strategy<Value = Op> {
    let who = prop::sample::select(vec![Principal::Agent, Principal::User, Principal::System]);
    prop_oneof![
        6 => (0..ACTIONS.len(), who, any::<bool>()).prop_map(|(a, w, p)| Op::Fire(a, w, p)),
        1 => hostile().prop_map(Op::FireRaw),
        4 => (delta(), 0u8..5).prop_map(|(d, o)| Op::Update(d, o)),
        2 => (0..PAGES.len()).prop_map(Op::Sync),
        1 => hostile().prop_map(Op::SyncRaw),
        2 => (0..PAGES.len(), prop::collection::vec(any::<bool>(), ACTIONS.len())).prop_map(|(p, w)| Op::Register(p, w)),
        1 => (0usize..6).prop_map(Op::Unregister),
        1 => (0usize..6, 0..ACTIONS.len(), any::<bool>()).prop_map(|(g, a, on)| Op::SetEnabled(g, a, on)),
        1 => (0..ACTIONS.len()).prop_map(Op::Ask),
        1 => (0usize..4, any::<bool>()).prop_map(|(a, yes)| Op::Answer(a, yes)),
        1 => (0usize..3).prop_map(Op::Commit),
        1 => Just(Op::Leave),
        2 => (0u8..5, 0..ACTIONS.len()).prop_map(|(t, a)| Op::Port(t, a)),
        2 => (0usize..8, 0u8..4).prop_map(|(t, o)| Op::Complete(t, o)),
        1 => any::<bool>().prop_map(Op::Gap),
        1 => any::<bool>().prop_map(Op::Work),
    ]
}

/// The app's side: scripted call-outs, the router, the deferred tokens handed out, the groups.
#[derive(Default)]
struct App {
    acts: RefCell<VecDeque<Act>>,
    verdicts: RefCell<VecDeque<Verdict>>,
    depth: Cell<u32>,
    tokens: RefCell<Vec<u32>>,
    next_token: Cell<u32>,
    groups: RefCell<Vec<String>>,
    handlers: RefCell<Vec<CallbackId>>,
    port: RefCell<Option<Rc<AgentPort>>>,
}

impl App {
    fn next_act(&self) -> Act {
        self.acts
            .borrow_mut()
            .pop_front()
            .unwrap_or(Act::Return(None))
    }

    /// Run one scripted call-out (handler or navigate) against `s`.
    fn call_out(&self, s: &Session, href: Option<&str>) -> HandlerOutcome {
        if self.depth.get() >= MAX_NESTING {
            return HandlerOutcome::Returned(None);
        }
        self.depth.set(self.depth.get() + 1);
        let act = self.next_act();
        let outcome = match act {
            Act::Return(v) => HandlerOutcome::Returned(v),
            Act::Report(d) => {
                let _ = s.update_state(&d, UpdateOptions::default());
                HandlerOutcome::Returned(None)
            }
            Act::ReportThenThrow(d) => {
                let _ = s.update_state(&d, UpdateOptions::default());
                HandlerOutcome::Threw("after its report".into())
            }
            Act::Throw => HandlerOutcome::Threw("boom".into()),
            Act::Fail => HandlerOutcome::ReturnedFailure("refused".into()),
            Act::Defer => {
                let token = self.next_token.get() + 1000;
                self.next_token.set(self.next_token.get() + 1);
                self.tokens.borrow_mut().push(token);
                HandlerOutcome::Deferred(token)
            }
            Act::Fire(a) => {
                let _ = s.fire(
                    ACTIONS[a],
                    FireOptions {
                        source: Some(Principal::Agent),
                        payload: payload(a),
                        ..Default::default()
                    },
                );
                HandlerOutcome::Returned(None)
            }
            Act::Sync(p) => {
                let _ = s.sync(PAGES[p], SyncOptions::default());
                HandlerOutcome::Returned(None)
            }
            Act::Follow => {
                if let Some(page) = href.and_then(|h| match_route(&s.graph(), h)) {
                    let _ = s.sync(&page, SyncOptions::default());
                }
                HandlerOutcome::Returned(None)
            }
            Act::Read => {
                assert_facts_well_formed(&ground_truth(s, None, None).text);
                let _ = (s.pending(), s.available(), s.transitions().len());
                HandlerOutcome::Returned(None)
            }
            Act::Register(p) => {
                let handlers: Vec<(String, CallbackId)> = self.wiring(p, &[true; ACTIONS.len()]);
                if let Ok(g) = s.register_actions(PAGES[p], handlers, vec![]) {
                    self.groups.borrow_mut().push(g);
                }
                HandlerOutcome::Returned(None)
            }
            Act::Unregister => {
                let last = self.groups.borrow().last().cloned();
                if let Some(g) = last {
                    let _ = s.unregister(&g);
                }
                HandlerOutcome::Returned(None)
            }
            Act::Port => {
                let port = self.port.borrow().clone();
                if let Some(port) = port {
                    port.call(
                        "shop.do_action",
                        &json!({"action": "search", "input": {"q": "x"}}),
                    );
                }
                HandlerOutcome::Returned(None)
            }
        };
        self.depth.set(self.depth.get() - 1);
        outcome
    }

    fn predicate(&self, s: &Session) -> PredicateAnswer {
        let Verdict { answer, mutate } =
            self.verdicts.borrow_mut().pop_front().unwrap_or(Verdict {
                answer: 0,
                mutate: false,
            });
        if mutate {
            // Refused as a typed error (decision: predicates may not mutate); never a panic.
            let _ = s.update_state(&json!({"other": 9}), UpdateOptions::default());
            let _ = s.fire("help", FireOptions::default());
            let _ = s.sync("cart", SyncOptions::default());
        }
        match answer % 4 {
            0 => PredicateAnswer::Held,
            1 => PredicateAnswer::Failed,
            2 => PredicateAnswer::Threw("no".into()),
            _ => PredicateAnswer::NotBoolean("a Promise".into()),
        }
    }

    /// `(name, handler)` pairs for the actions of `page` whose flag is set.
    fn wiring(&self, page: usize, wired: &[bool]) -> Vec<(String, CallbackId)> {
        let handlers = self.handlers.borrow();
        ACTIONS
            .iter()
            .enumerate()
            .filter(|(i, id)| {
                wired.get(*i).copied().unwrap_or(false)
                    && (id.starts_with(&format!("{}.", PAGES[page])) || !id.contains('.'))
            })
            .map(|(i, id)| (id.rsplit('.').next().unwrap_or(id).to_string(), handlers[i]))
            .collect()
    }
}

fn payload(action: usize) -> Option<Value> {
    (action == 0).then(|| json!({"q": "x"}))
}

struct Run {
    app: Rc<App>,
    session: Rc<Session>,
    port: Rc<AgentPort>,
    accepted: Vec<String>,
    version: u64,
}

fn start(acts: Vec<Act>, verdicts: Vec<Verdict>) -> Run {
    let host = Rc::new(ClosureHost::new());
    let app = Rc::new(App::default());
    app.acts.borrow_mut().extend(acts);
    app.verdicts.borrow_mut().extend(verdicts);
    let predicates = [0, 1].map(|_| {
        let app = Rc::clone(&app);
        host.predicate(move |s, _| app.predicate(s))
    });
    for _ in ACTIONS {
        let a = Rc::clone(&app);
        let id = host.handler(move |s, _| a.call_out(s, None));
        app.handlers.borrow_mut().push(id);
    }
    let a = Rc::clone(&app);
    host.set_navigate(move |s, href| a.call_out(s, Some(href)));
    let state =
        json!({"search.q": "", "user.plan": "free", "checked.x": 0, "orders.count": 0, "other": 0});
    let Value::Object(state) = state else {
        unreachable!()
    };
    let options = SessionOptions {
        node: Some("home".into()),
        state: Some(state),
        require_human_approval: None,
        ..SessionOptions::default()
    };
    let session =
        Rc::new(Session::new(Rc::new(graph(predicates)), host, options).expect("session"));
    let port = Rc::new(AgentPort::new(Rc::clone(&session), PortOptions::default()));
    *app.port.borrow_mut() = Some(Rc::clone(&port));
    Run {
        app,
        session,
        port,
        accepted: Vec::new(),
        version: 0,
    }
}

impl Run {
    fn apply(&mut self, op: &Op) {
        let s = &self.session;
        match op {
            Op::Fire(a, who, with_payload) => {
                let payload = if *with_payload {
                    payload(*a)
                } else {
                    Some(json!({"q": 3}))
                };
                if let Ok(r) = s.fire(
                    ACTIONS[*a],
                    FireOptions {
                        source: Some(*who),
                        payload,
                        ..Default::default()
                    },
                ) {
                    if r.ok {
                        self.accepted.extend(r.transition_id);
                    }
                }
            }
            Op::FireRaw(id) => drop(s.fire(id, FireOptions::default())),
            Op::Update(d, how) => {
                let options = match how {
                    0 => UpdateOptions {
                        principal: Some(Principal::User),
                        ..Default::default()
                    },
                    1 => UpdateOptions {
                        stimulus: Some("timer".into()),
                        ..Default::default()
                    },
                    2 => UpdateOptions {
                        transition_id: self.accepted.last().cloned(),
                        ..Default::default()
                    },
                    _ => UpdateOptions::default(),
                };
                let _ = s.update_state(d, options);
            }
            Op::Sync(p) => drop(s.sync(PAGES[*p], SyncOptions::default())),
            Op::SyncRaw(raw) => drop(s.sync(raw, SyncOptions::default())),
            Op::Register(p, wired) => {
                if let Ok(g) = s.register_actions(PAGES[*p], self.app.wiring(*p, wired), vec![]) {
                    self.app.groups.borrow_mut().push(g);
                }
            }
            Op::Unregister(g) => {
                let group = self.app.groups.borrow().get(*g).cloned();
                let _ = s.unregister(&group.unwrap_or_else(|| "mount:nowhere#9".into()));
            }
            Op::SetEnabled(g, a, on) => {
                let group = self
                    .app
                    .groups
                    .borrow()
                    .get(*g)
                    .cloned()
                    .unwrap_or_default();
                let _ = s.set_enabled(
                    &group,
                    ACTIONS[*a].rsplit('.').next().unwrap_or_default(),
                    *on,
                );
            }
            Op::Ask(a) => drop(s.confirm_ask(ACTIONS[*a], Principal::Agent, payload(*a))),
            Op::Answer(n, yes) => {
                let id = format!("ask#{}", n + 1);
                let by = Some("tester".to_string());
                let _ = if *yes {
                    s.approve(&id, by, None)
                } else {
                    s.decline(&id, by, None)
                };
            }
            Op::Commit(j) => drop(s.commit_journey(["buy", "look", "nope"][*j])),
            Op::Leave => drop(s.leave_journey()),
            Op::Port(tool, a) => {
                let short = ACTIONS[*a].rsplit('.').next().unwrap_or_default();
                let (name, args) = match tool {
                    0 => ("shop.whats_here", json!({})),
                    1 => (
                        "shop.do_action",
                        json!({"action": short, "input": {"q": "x"}, "confirm": true}),
                    ),
                    2 => (
                        "shop.did_it_work",
                        json!({"transitionId": self.accepted.last().cloned().unwrap_or_default()}),
                    ),
                    3 => ("shop.journey.buy", json!({"step": short, "confirm": true})),
                    _ => ("shop.why", json!({"key": KEYS[*a % KEYS.len()]})),
                };
                let answer = self.port.call(name, &args);
                if let Some(id) = answer.get("transitionId").and_then(Value::as_str) {
                    if answer.get("ok") == Some(&Value::Bool(true)) {
                        self.accepted.push(id.to_string());
                    }
                }
            }
            Op::Complete(t, how) => {
                let token = self.app.tokens.borrow().get(*t).copied().unwrap_or(7);
                let _ = s.complete_deferred_handler(token, outcome(*how));
            }
            Op::Gap(stale) => drop(s.report_gap("the agent could not find it", *stale)),
            Op::Work(tied) => {
                let on = if *tied {
                    self.accepted
                        .last()
                        .map(|id| id.split('#').next().unwrap_or_default().to_string())
                } else {
                    None
                };
                if let Ok(w) = s.begin_work(on.as_deref()) {
                    s.end_work(&w);
                }
            }
        }
    }

    /// The invariants that hold after every call.
    fn check(&mut self) {
        let s = &self.session;
        let v = s.version();
        assert!(
            v >= self.version,
            "version went back: {} → {v}",
            self.version
        );
        self.version = v;
        let awaiting = s.awaiting_settlement();
        for p in s.pending() {
            assert!(
                awaiting.contains(&p.id),
                "{} is pending but not awaiting settlement",
                p.id
            );
        }
        for id in &self.accepted {
            let at_rest = s
                .is_at_rest(id)
                .unwrap_or_else(|e| panic!("accepted fire {id} is unknown: {}", e.message));
            assert!(
                at_rest || awaiting.contains(id),
                "accepted fire {id} is neither at rest nor awaiting"
            );
        }
        for since in [None, Some(v.saturating_sub(2))] {
            assert_facts_well_formed(&ground_truth(s, since, Some(4)).text);
            let brief = context_brief(s, since).text;
            assert_brief_well_formed(&brief);
            // whats_here renders the brief from its own `available()`: the same text, byte for byte.
            let offered = s.available().edges;
            assert_eq!(context_brief_with(s, since, &offered).text, brief);
        }
    }
}

fn outcome(how: u8) -> HandlerOutcome {
    match how {
        0 => HandlerOutcome::Returned(Some(json!({"late": true}))),
        1 => HandlerOutcome::Threw("rejected later".into()),
        2 => HandlerOutcome::ReturnedFailure("failed later".into()),
        _ => HandlerOutcome::Deferred(1),
    }
}

fn verdict() -> impl Strategy<Value = Verdict> {
    (0u8..4, prop::bool::weighted(0.2)).prop_map(|(answer, mutate)| Verdict { answer, mutate })
}

#[test]
fn random_call_sequences_with_reentrant_callbacks_keep_every_invariant() {
    property(
        96,
        || {
            (
                prop::collection::vec(op(), 1..40),
                prop::collection::vec(act(), 0..60),
                prop::collection::vec(verdict(), 0..20),
                prop::collection::vec(any::<bool>(), ACTIONS.len()),
            )
        },
        |(ops, acts, verdicts, wired)| {
            let mut run = start(acts, verdicts);
            for (p, page) in PAGES.iter().enumerate() {
                if let Ok(g) = run
                    .session
                    .register_actions(page, run.app.wiring(p, &wired), vec![])
                {
                    run.app.groups.borrow_mut().push(g);
                }
            }
            run.check();
            for op in &ops {
                run.apply(op);
                run.check();
            }
            // Every deferred handler ends (completions may defer again: drain until none is new).
            let mut done = 0;
            while done < run.app.tokens.borrow().len() {
                let t = run.app.tokens.borrow()[done];
                let _ = run
                    .session
                    .complete_deferred_handler(t, outcome(done as u8 % 3));
                done += 1;
                run.check();
            }
            // Nothing is in flight now: an accepted fire is at rest or waits only for a state report.
            let pending: Vec<String> = run.session.pending().into_iter().map(|p| p.id).collect();
            for id in &run.accepted {
                let at_rest = run.session.is_at_rest(id).unwrap_or(false);
                prop_assert!(
                    at_rest || pending.contains(id),
                    "{} never came to rest and waits for no report",
                    id
                );
            }
            Ok(())
        },
    );
}

#[test]
fn the_generated_runs_reach_accepted_fires_deferrals_and_nesting() {
    // Guards the fuzzer against a script that never gets past the front door.
    let mut run = start(
        vec![
            Act::Defer,
            Act::Fire(0),
            Act::Report(json!({"search.q": "x"})),
            Act::Follow,
        ],
        vec![],
    );
    for (p, page) in PAGES.iter().enumerate() {
        let g = run
            .session
            .register_actions(page, run.app.wiring(p, &[true; ACTIONS.len()]), vec![])
            .unwrap();
        run.app.groups.borrow_mut().push(g);
    }
    run.apply(&Op::Fire(0, Principal::Agent, true));
    run.apply(&Op::Fire(4, Principal::Agent, true));
    run.apply(&Op::Fire(1, Principal::Agent, true));
    run.check();
    assert!(run.accepted.len() >= 3, "{:?}", run.accepted);
    assert_eq!(run.app.tokens.borrow().len(), 1);
    assert!(
        run.session.transitions().len() >= 4,
        "the nested fire and the claimed hop were recorded"
    );
    assert_eq!(run.session.node(), "cart");
}
