//! Snapshot reading and refusals (docs/session.md §20): every refusal to restore is typed and
//! restores nothing, mutated snapshots never panic and either restore or refuse, the compact reader
//! the wasm uses agrees with serde on every edit, and the fingerprint is stable for one definition.
//! A reload's behaviour is in tests/session_snapshot_reload.rs; helpers in tests/snapshot_support.

mod session_support;
mod snapshot_support;

use groundfacts::session::*;
use serde_json::{json, Value};
use session_support::*;
use snapshot_support::*;

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
