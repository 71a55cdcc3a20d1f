//! Snapshot and restore (docs/session.md §18): the seed wizard survives a "reload" — same version,
//! facts block and brief, counters continuing — re-registering the same handlers changes nothing,
//! retention's folded counts survive, open fires come back open, and every refusal is typed.

mod session_support;

use groundfacts::facts::{context_brief, ground_truth};
use groundfacts::session::*;
use serde_json::{json, Value};
use session_support::*;

fn json_of(s: &Session) -> Value {
    // Through text, as sessionStorage keeps it.
    let text = serde_json::to_string(&s.snapshot()).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn facts(s: &Session) -> (String, String) {
    (
        ground_truth(s, None, None).text,
        context_brief(s, None).text,
    )
}

#[test]
fn the_seed_wizard_survives_a_reload_with_the_same_version_facts_and_brief() {
    let w = seed_run();
    let before = facts(&w.session);
    assert!(before
        .0
        .ends_with(&SEED_FACTS_BLOCK[SEED_FACTS_BLOCK.find("You are on").unwrap()..]));
    let snapshot = json_of(&w.session);
    assert_eq!(snapshot["format"], json!(SNAPSHOT_FORMAT));
    assert_eq!(snapshot["formatVersion"], json!(1));

    // Restored, then the components re-mount (the same two registerActions calls).
    let r = wizard_from(true, false, SessionOptions::default(), Some(&snapshot)).unwrap();
    let s = &r.session;
    assert_eq!(
        s.version(),
        12,
        "re-registering the same handlers bumps nothing"
    );
    assert_eq!(s.node(), "review");
    assert_eq!(facts(s), before);
    assert_eq!(s.transitions(), w.session.transitions());
    assert_eq!(s.gaps(), w.session.gaps());
    assert_eq!(s.asks(), w.session.asks());
    assert_eq!(s.state(), w.session.state());
    assert_eq!(s.journey_frame(), w.session.journey_frame());
    assert_eq!(s.snapshot().transitions, w.session.snapshot().transitions);

    // Counters continue: the next fire and ask are numbered as the original session numbers them.
    let next = s.fire("go-to-projects", agent(None)).unwrap();
    let original = w.session.fire("go-to-projects", agent(None)).unwrap();
    assert_eq!(next.transition_id.as_deref(), Some("go-to-projects#6"));
    assert_eq!(next.transition_id, original.transition_id);
    assert_eq!(next.version, original.version);
    let ask = s
        .confirm_ask("review.create-project", Principal::Agent, None)
        .unwrap();
    assert_eq!(ask.ask_id, "ask#2");
}

#[test]
fn right_after_restore_before_any_remount_the_facts_and_version_are_the_originals() {
    let w = seed_run();
    let snapshot = json_of(&w.session);
    let host = std::rc::Rc::new(groundfacts::session::test_host::ClosureHost::new());
    let graph = w.session.graph();
    let s = Session::restore(graph, host, SessionOptions::default(), &snapshot).unwrap();
    assert_eq!(s.version(), 12);
    assert_eq!(facts(&s), facts(&w.session));
    // Captions are the rows' own words, with nothing registered yet.
    let rows = s.transitions();
    assert_eq!(rows[1].cause.does.as_deref(), Some("Name the project"));
}

/// A session over the shop graph with a declared mount action and handlers wired (the "components").
fn shop_wired(s: &Session, host: &groundfacts::session::test_host::ClosureHost) -> Vec<String> {
    use groundfacts::graph::def::from_json_text;
    let search = reporting(host, json!({"search.q": "tea"}));
    let toggle = host.handler(|_, _| groundfacts::host::HandlerOutcome::Returned(None));
    let declared = from_json_text(r#"{"does": "Share the basket", "input": "none"}"#).unwrap();
    let home = s
        .register_actions(
            "home",
            vec![("search".into(), search), ("toggle".into(), toggle)],
            vec![("share".into(), declared)],
        )
        .unwrap();
    let checkout = reporting(host, json!({"orders.count": 1}));
    let cart = s
        .register_actions("cart", vec![("checkout".into(), checkout)], vec![])
        .unwrap();
    vec![home, cart]
}

fn restored_shop(
    snapshot: &Value,
) -> (
    std::rc::Rc<groundfacts::session::test_host::ClosureHost>,
    Session,
) {
    let host = std::rc::Rc::new(groundfacts::session::test_host::ClosureHost::new());
    let graph = std::rc::Rc::new(shop_graph(None));
    let s = Session::restore(graph, host.clone(), SessionOptions::default(), snapshot).unwrap();
    (host, s)
}

#[test]
fn re_registering_the_same_groups_after_restore_changes_neither_version_nor_facts() {
    let (host, s) = fresh_shop(None);
    let groups = shop_wired(&s, &host);
    s.set_enabled(&groups[0], "toggle", false).unwrap();
    s.fire("home.search", agent(Some(json!({"q": "tea"}))))
        .unwrap();
    // A refusal and a mount-declared fire, so the captions of both kinds are in the rows.
    s.fire("home.premium", agent(None)).unwrap();
    s.fire("home.share", agent(None)).unwrap();
    let version = s.version();
    let before = facts(&s);
    let snapshot = json_of(&s);

    let (host2, r) = restored_shop(&snapshot);
    assert_eq!(r.version(), version);
    assert_eq!(facts(&r), before);
    // Before re-mounting, the mount-declared row keeps its words.
    let share = r
        .gaps()
        .into_iter()
        .find(|g| g.affordance_id.as_deref() == Some("home.share"))
        .unwrap();
    assert_eq!(share.does.as_deref(), Some("Share the basket"));
    assert!(
        r.served_action("home.share").is_some(),
        "served before any re-mount"
    );
    let rows = r.transitions().len();

    let groups2 = shop_wired(&r, &host2);
    r.set_enabled(&groups2[0], "toggle", false).unwrap();
    assert_eq!(
        r.version(),
        version,
        "re-registration is not a structure change"
    );
    assert_eq!(r.transitions().len(), rows, "no structure-swap row");
    assert_eq!(facts(&r), before);
    assert_eq!(r.gaps(), s.gaps());
    assert_eq!(
        r.available(),
        s.available(),
        "the same structure is served again"
    );

    // StrictMode's unmount and re-mount right after the first mount is no change either.
    r.unregister(&groups2[1]).unwrap();
    let again = shop_wired(&r, &host2);
    assert_eq!(
        r.version(),
        version,
        "an unmount and re-mount while nothing moved"
    );
    assert_eq!(r.transitions().len(), rows);

    // Once the version moves, the baseline has lapsed: a real change bumps as always.
    r.fire("home.search", agent(Some(json!({"q": "tea"}))))
        .unwrap();
    let version = r.version();
    r.unregister(&again[1]).unwrap();
    assert_eq!(r.version(), version + 1);
    assert!(r
        .transitions()
        .last()
        .unwrap()
        .id
        .starts_with("stimulus:structure-swap#"));
}

#[test]
fn a_different_structure_after_restore_is_a_change() {
    let (host, s) = fresh_shop(None);
    shop_wired(&s, &host);
    s.fire("home.search", agent(Some(json!({"q": "tea"}))))
        .unwrap();
    let (host2, r) = restored_shop(&json_of(&s));
    shop_wired(&r, &host2);
    let version = s.version();
    assert_eq!(r.version(), version);
    // A structure the snapshot never served is a change, exactly as it is on the original session.
    use groundfacts::graph::def::from_json_text;
    for (session, host) in [(&r, &host2), (&s, &host)] {
        let other = from_json_text(r#"{"does": "Something new", "input": "none"}"#).unwrap();
        let cb = host.handler(|_, _| groundfacts::host::HandlerOutcome::Returned(None));
        session
            .register_actions(
                "home",
                vec![("search".into(), cb)],
                vec![("brand-new".into(), other)],
            )
            .unwrap();
    }
    assert_eq!(
        r.version(),
        version + 1,
        "a structure the snapshot never served bumps"
    );
    assert_eq!(r.version(), s.version());
    assert_eq!(facts(&r), facts(&s));
}

#[test]
fn retention_and_folded_counts_survive() {
    let host = std::rc::Rc::new(groundfacts::session::test_host::ClosureHost::new());
    let s = shop_session(&host, shop_graph(None), None);
    let s = {
        drop(s);
        Session::new(
            std::rc::Rc::new(shop_graph(None)),
            host.clone(),
            SessionOptions {
                node: Some("home".into()),
                state: Some(shop_state()),
                retain: Some(3.0),
                ..SessionOptions::default()
            },
        )
        .unwrap()
    };
    shop_wired(&s, &host);
    for i in 0..10 {
        s.fire("home.search", agent(Some(json!({"q": format!("q{i}")}))))
            .unwrap();
        s.fire("home.premium", agent(None)).unwrap();
    }
    let folded = s.folded_attempts();
    assert!(folded.total > 0);
    let (_, r) = restored_shop(&json_of(&s));
    assert_eq!(r.folded_attempts(), folded);
    assert_eq!(r.limits(), (3, s.limits().1));
    assert_eq!(facts(&r), facts(&s));
    assert_eq!(r.transitions(), s.transitions());
    // Retention continues to apply after the restore.
    r.fire("home.premium", agent(None)).unwrap();
    s.fire("home.premium", agent(None)).unwrap();
    assert_eq!(r.folded_attempts(), s.folded_attempts());
    assert_eq!(r.gaps(), s.gaps());
    assert_eq!(r.transitions(), s.transitions());
    assert_eq!(facts(&r), facts(&s));
}

#[test]
fn open_fires_come_back_open_never_performed() {
    let (host, s) = fresh_shop(None);
    // search declares writes and its handler does not report: it awaits a state report.
    let silent = host.handler(|_, _| groundfacts::host::HandlerOutcome::Returned(None));
    // toggle's handler defers (a promise still running at snapshot time).
    let deferring = host.handler(|_, _| groundfacts::host::HandlerOutcome::Deferred(7));
    s.register_actions(
        "home",
        vec![("search".into(), silent), ("toggle".into(), deferring)],
        vec![],
    )
    .unwrap();
    let waiting = s
        .fire("home.search", agent(Some(json!({"q": "tea"}))))
        .unwrap();
    let running = s.fire("home.toggle", agent(None)).unwrap();
    assert_eq!(s.pending().len(), 1);
    let before = facts(&s);
    let snapshot = json_of(&s);

    let (host2, r) = restored_shop(&snapshot);
    assert_eq!(
        facts(&r),
        before,
        "open fires read 'not yet known' exactly as before"
    );
    assert!(before.0.contains("not yet known"));
    assert!(!before.0.contains("DID happen"));
    let warnings = host2.warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let waiting_id = waiting.transition_id.unwrap();
    let running_id = running.transition_id.unwrap();
    assert!(warnings[0].contains(&waiting_id) && warnings[0].contains(&running_id));
    assert!(warnings[0].contains("never performed"));
    // The fire awaiting state is still pending and a report settles it.
    assert_eq!(
        r.pending().iter().map(|p| p.id.clone()).collect::<Vec<_>>(),
        vec![waiting_id.clone()]
    );
    assert!(
        r.settlement_if_known(&running_id).unwrap().is_none(),
        "the deferred fire stays open"
    );
    r.update_state(&json!({"search.q": "tea"}), UpdateOptions::default())
        .unwrap();
    let settled = r.settlement_if_known(&waiting_id).unwrap().unwrap();
    assert_eq!(settled.effect_status, EffectStatus::Performed);
    assert!(r.pending().is_empty());
    // The old deferred token means nothing after the reload.
    assert!(r
        .complete_deferred_handler(7, groundfacts::host::HandlerOutcome::Returned(None))
        .is_err());
}

fn restore_code(snapshot: &Value) -> Result<Session, &'static str> {
    let host = std::rc::Rc::new(groundfacts::session::test_host::ClosureHost::new());
    Session::restore(
        std::rc::Rc::new(shop_graph(None)),
        host,
        SessionOptions::default(),
        snapshot,
    )
    .map_err(|e| {
        assert!(
            e.message
                .starts_with("groundfacts: createSession: options.restore"),
            "{}",
            e.message
        );
        e.code.as_str()
    })
}

/// A shop session with a little of everything: wiring, fires, refusals, an ask, work, a frame.
fn busy_shop() -> Session {
    let (host, s) = fresh_shop(Some(false));
    shop_wired(&s, &host);
    s.fire("home.search", agent(Some(json!({"q": "tea"}))))
        .unwrap();
    s.fire("home.premium", agent(None)).unwrap();
    s.fire("home.greyed", agent(None)).unwrap();
    s.begin_work(Some("home.search")).unwrap();
    s.report_gap("export to PDF", true).unwrap();
    s.fire("home.open-cart", agent(None)).unwrap();
    s.confirm_ask("cart.checkout", Principal::Agent, None)
        .unwrap();
    s
}

#[test]
fn every_refusal_is_typed_and_restores_nothing() {
    let s = busy_shop();
    let good = json_of(&s);
    assert!(restore_code(&good).is_ok());

    // Another graph: the wizard's snapshot over the shop graph.
    let wizard = json_of(&seed_run().session);
    assert_eq!(restore_code(&wizard).err(), Some("RESTORE_OTHER_GRAPH"));

    let mut newer = good.clone();
    newer["formatVersion"] = json!(2);
    assert_eq!(restore_code(&newer).err(), Some("RESTORE_NEWER_FORMAT"));

    let damaged = |edit: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        edit(&mut v);
        restore_code(&v).err()
    };
    type Edit = Box<dyn Fn(&mut Value)>;
    let cases: Vec<(&str, Edit)> = vec![
        ("not an object", Box::new(|v| *v = json!([1, 2]))),
        (
            "no format marker",
            Box::new(|v| v["format"] = json!("something-else")),
        ),
        (
            "format version 0",
            Box::new(|v| v["formatVersion"] = json!(0)),
        ),
        (
            "a version that is a string",
            Box::new(|v| v["clock"]["version"] = json!("12")),
        ),
        (
            "a missing field",
            Box::new(|v| {
                v.as_object_mut().unwrap().remove("transitions");
            }),
        ),
        (
            "a row out of sequence",
            Box::new(|v| v["transitions"][1]["n"] = json!(99)),
        ),
        (
            "a row newer than the clock",
            Box::new(|v| v["clock"]["version"] = json!(0)),
        ),
        (
            "an attempt pointing nowhere",
            Box::new(|v| v["attempts"][0]["row"] = json!(4000)),
        ),
        (
            "a pending entry naming no fire",
            Box::new(|v| v["pending"] = json!([0])),
        ),
        (
            "folded counts that do not add up",
            Box::new(|v| v["folded"]["total"] = json!(5)),
        ),
        (
            "a caption index out of range",
            Box::new(|v| v["transitions"][1]["affordance"] = json!(77)),
        ),
        (
            "an unknown rejection reason",
            Box::new(|v| {
                let gaps = v["gaps"].as_array_mut().unwrap();
                let g = gaps
                    .iter_mut()
                    .find(|g| g["rejectionReason"].is_string())
                    .unwrap();
                g["rejectionReason"] = json!("MADE_UP");
            }),
        ),
        (
            "an action the graph lacks",
            Box::new(|v| v["affordances"][0]["id"] = json!("home.nope")),
        ),
        (
            "an ask numbered past its counter",
            Box::new(|v| v["clock"]["nextAsk"] = json!(1)),
        ),
        (
            "more rows than retain",
            Box::new(|v| v["retain"] = json!(1)),
        ),
        (
            "a retain out of range",
            Box::new(|v| v["retain"] = json!(0)),
        ),
        (
            "a frame of no journey",
            Box::new(
                |v| v["closedFrames"] = json!([{"journeyId": "nope", "status": "completed", "principal": "agent", "openedAt": 0, "openedAtVersion": 1, "firedSteps": [], "inferredSteps": [], "closedAtVersion": 2}]),
            ),
        ),
        (
            "an oversized payload",
            Box::new(|v| {
                v["maxValueBytes"] = json!(8);
                v["transitions"][1]["payload"] = json!({"q": "a long enough text"});
            }),
        ),
    ];
    for (what, edit) in cases {
        assert_eq!(damaged(&*edit), Some("RESTORE_DAMAGED"), "{what}");
    }
}

/// A tiny deterministic generator (no dependency): xorshift64*.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Every leaf of `v` as a JSON pointer.
fn leaves(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            out.push(at.clone());
            for (k, x) in m {
                leaves(
                    x,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(a) => {
            out.push(at.clone());
            for (i, x) in a.iter().enumerate() {
                leaves(x, format!("{at}/{i}"), out);
            }
        }
        _ => out.push(at),
    }
}

#[test]
fn mutated_snapshots_never_panic_and_either_restore_or_refuse() {
    let s = busy_shop();
    let good = json_of(&s);
    let mut paths = Vec::new();
    leaves(&good, String::new(), &mut paths);
    let replacements = [
        json!(null),
        json!(0),
        json!(-1),
        json!(1),
        json!(4294967295u64),
        json!(u64::MAX),
        json!(1.5),
        json!(""),
        json!("x"),
        json!("pending"),
        json!(true),
        json!(false),
        json!([]),
        json!({}),
        json!([0]),
        json!({"key": "k", "op": "eq", "threshold": 1}),
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut restored, mut refused) = (0, 0);
    let rounds: usize = std::env::var("GROUNDFACTS_FUZZ_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3000);
    for _ in 0..rounds {
        let mut v = good.clone();
        for _ in 0..1 + rng.below(3) {
            let path = &paths[rng.below(paths.len())];
            let replacement = replacements[rng.below(replacements.len())].clone();
            if path.is_empty() {
                v = replacement;
            } else if let Some(slot) = v.pointer_mut(path) {
                *slot = replacement;
            }
        }
        match restore_code(&v) {
            Ok(r) => {
                restored += 1;
                // A restored session is usable: read it, render it, act on it, snapshot it again.
                let _ = facts(&r);
                let _ = r.available();
                let _ = r.fire("home.search", agent(Some(json!({"q": "x"}))));
                let _ = r.update_state(&json!({"search.q": "y"}), UpdateOptions::default());
                let again = json_of(&r);
                assert!(
                    restore_code(&again).is_ok(),
                    "a restored session's own snapshot restores"
                );
            }
            Err(code) => {
                refused += 1;
                assert!(
                    [
                        "RESTORE_DAMAGED",
                        "RESTORE_OTHER_GRAPH",
                        "RESTORE_NEWER_FORMAT"
                    ]
                    .contains(&code),
                    "{code}"
                );
            }
        }
    }
    println!("restored {restored}, refused {refused}");
    assert!(restored > 0 && refused > 0);
}

#[test]
fn the_fingerprint_is_stable_for_the_same_definition_and_differs_for_another() {
    use groundfacts::host::CallbackId;
    // Predicate ids differ between page loads; the fingerprint does not.
    let a = graph_fingerprint(&wizard_graph(true, CallbackId(3)));
    let b = graph_fingerprint(&wizard_graph(true, CallbackId(917)));
    assert_eq!(a, b);
    assert_ne!(a, graph_fingerprint(&wizard_graph(false, CallbackId(3))));
    assert_ne!(a, graph_fingerprint(&shop_graph(None)));
}

/// The compact reader the wasm uses (`session::persist::read`, docs/size.md) accepts exactly what
/// serde's derive accepts and reads the same value: on the busy shop's snapshot, and on every edit —
/// a leaf replaced by a value of another type or range, or a member removed.
#[test]
fn the_compact_snapshot_reader_agrees_with_serde_on_every_edit() {
    use groundfacts::session::read_snapshot;
    let good = json_of(&busy_shop());
    let parsed = read_snapshot(&good).expect("a snapshot() reads back");
    assert_eq!(parsed, busy_shop().snapshot(), "the reader loses nothing");
    // The shop's snapshot leaves some rows empty or null: fill each of those with a well-typed row
    // too, so every key of every type is read (and edited) at least once.
    let mut rich = good.clone();
    let condition = json!({"key": "user.plan", "op": "eq", "threshold": "pro"});
    let frame = json!({"journeyId": "buy", "status": "completed", "principal": "agent", "openedAt": 1.5, "openedAtVersion": 1, "firedSteps": ["a"], "inferredSteps": [], "closedAtVersion": 2});
    rich["claim"] = json!({"transition": 1, "target": "cart"});
    rich["frame"] = frame.clone();
    rich["closedFrames"] = json!([frame]);
    rich["folded"]["fires"] = json!([{"open": false, "materialized": true, "outcome": "rolled-back", "verifyHeld": "unevaluable", "effectVerified": false, "inferred": true, "count": 3}]);
    rich["warned"] = json!({"once": ["x"], "deadEndNodes": ["cart"]});
    rich["cursor"]["arrival"] = json!("observed");
    rich["folded"]["fires"][0]["alreadyTrue"] = json!(true);
    rich["tree"] = json!({"focus": "cart.summary", "explicit": [["cart.summary", true]], "rows": [{"change": "focus", "path": "cart.summary", "page": "cart", "principal": "user", "focusAfter": "cart.summary", "version": 3, "timestamp": 2.5}], "folded": 1});
    rich["asks"][0]["answer"] = json!("approved");
    rich["asks"][0]["instance"] = json!("row-1");
    // A gap row's rare fields (`GapDetail`, flattened into the row) and its refusal code.
    let g = &mut rich["gaps"][0];
    g["evidence"] = json!([{"key": "k", "op": "gte", "threshold": 2, "actualSummary": "1", "result": false, "note": null}]);
    g["journeyId"] = json!("buy");
    g["request"] = json!("r");
    g["reason"] = json!("other");
    g["rejectionReason"] = json!("NOT_ON_NODE");
    let t = &mut rich["transitions"][1];
    t["settled"]["error"] = json!({"reason": "VERIFY_FAILED", "message": "m", "evidence": [{"key": "k", "op": "eq", "threshold": 1, "actualSummary": "2", "result": false, "note": "n"}]});
    t["settled"]["verifyHeld"] = json!(false);
    t["guardUnevaluated"] = json!(["k"]);
    t["changedKeys"] = json!(["k"]);
    t["alreadyTrue"] = json!(true);
    t["askN"] = json!(1);
    t["produced"] = json!({"id": 1});
    let a = &mut rich["affordances"][1];
    for key in ["when", "enabledWhen", "verify"] {
        a[key] = json!([condition.clone()]);
    }
    a["writes"] = json!(["k"]);
    a["goTo"] = json!("cart");
    a["urlHref"] = json!("/cart");
    assert!(
        read_snapshot(&rich).is_ok()
            && serde_json::from_value::<SessionSnapshot>(rich.clone()).is_ok()
    );
    let mut paths = Vec::new();
    leaves(&rich, String::new(), &mut paths);
    let good = rich;
    let replacements = [
        json!(null),
        json!(0),
        json!(-1),
        json!(1),
        json!(4294967296u64),
        json!(u64::MAX),
        json!(1.0),
        json!(1.5),
        json!(""),
        json!("x"),
        json!("pending"),
        json!("unobservable"),
        json!("unevaluable"),
        json!("awaiting-state"),
        json!(true),
        json!(false),
        json!([]),
        json!({}),
        json!([0]),
    ];
    let (mut agreed_ok, mut agreed_err) = (0, 0);
    for path in &paths {
        let mut edits: Vec<Value> = replacements
            .iter()
            .filter_map(|r| {
                let mut v = good.clone();
                *v.pointer_mut(path)? = r.clone();
                Some(v)
            })
            .collect();
        // Remove the member (object keys only: the last segment of a pointer under an object).
        if let Some((parent, key)) = path.rsplit_once('/') {
            let mut v = good.clone();
            if let Some(Value::Object(m)) = v.pointer_mut(parent) {
                m.remove(&key.replace("~1", "/").replace("~0", "~"));
                edits.push(v);
            }
        }
        for v in edits {
            let ours = read_snapshot(&v);
            let serde = serde_json::from_value::<SessionSnapshot>(v.clone());
            match (&ours, &serde) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b, "{path}");
                    agreed_ok += 1;
                }
                (Err(_), Err(_)) => agreed_err += 1,
                _ => panic!(
                    "{path}: reader {:?} but serde {:?} for {}",
                    ours.as_ref().err(),
                    serde.as_ref().err(),
                    v.pointer(path).unwrap_or(&Value::Null)
                ),
            }
        }
    }
    println!("agreed: {agreed_ok} read, {agreed_err} refused");
    assert!(agreed_ok > 100 && agreed_err > 100);
}
