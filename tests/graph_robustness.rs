//! Pins that no authored value — wrong types, functions, unsupported values, huge lists, deep nesting — panics the compiler.

use groundfacts::graph::def::{from_json_text, obj, s, DefValue};
use groundfacts::graph::{
    build_navigation_graph, compile_mount_action, from_journeys, from_routes,
};
use groundfacts::host::CallbackId;
use serde_json::json;

/// A small deterministic generator (no external crates): a linear congruential sequence.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

const WORDS: [&str; 30] = [
    "does",
    "pages",
    "actions",
    "journeys",
    "sources",
    "route",
    "input",
    "writes",
    "verify",
    "when",
    "enabledWhen",
    "goTo",
    "confirm",
    "binding",
    "role",
    "on",
    "steps",
    "step",
    "kind",
    "routes",
    "crossLinks",
    "eq",
    "in",
    "gt",
    "notIn",
    "none",
    "url",
    "href",
    "p",
    "a.b",
];

fn value(rng: &mut Rng, depth: u32) -> DefValue {
    let pick = if depth == 0 {
        rng.below(8)
    } else {
        rng.below(11)
    };
    match pick {
        0 => DefValue::Undefined,
        1 => DefValue::Null,
        2 => DefValue::Bool(rng.below(2) == 0),
        3 => DefValue::Number(
            [0.0, -1.0, 1.5, f64::NAN, f64::INFINITY, 1e300][rng.below(6) as usize],
        ),
        4 => s(WORDS[rng.below(WORDS.len() as u64) as usize]),
        5 => DefValue::Function(CallbackId(rng.below(5) as u32)),
        6 => DefValue::Unsupported("a symbol".into()),
        7 => s(["", " ", "/p/:id", "/p", "*"][rng.below(5) as usize]),
        8 => DefValue::Array((0..rng.below(4)).map(|_| value(rng, depth - 1)).collect()),
        _ => DefValue::Object(
            (0..rng.below(5))
                .map(|_| {
                    (
                        WORDS[rng.below(WORDS.len() as u64) as usize].to_string(),
                        value(rng, depth - 1),
                    )
                })
                .collect(),
        ),
    }
}

/// Replace one randomly chosen node of `tree` with `replacement`.
fn graft(tree: &mut DefValue, rng: &mut Rng, replacement: DefValue) {
    let go_deeper = rng.below(3) != 0;
    match tree {
        DefValue::Object(entries) if go_deeper && !entries.is_empty() => {
            let i = rng.below(entries.len() as u64) as usize;
            if let Some((_, child)) = entries.get_mut(i) {
                graft(child, rng, replacement);
            }
        }
        DefValue::Array(items) if go_deeper && !items.is_empty() => {
            let i = rng.below(items.len() as u64) as usize;
            if let Some(child) = items.get_mut(i) {
                graft(child, rng, replacement);
            }
        }
        _ => *tree = replacement,
    }
}

fn template() -> DefValue {
    from_json_text(
        &json!({
            "does": "G",
            "sources": [{"kind": "routes", "pages": {"a": {"route": "/a", "does": "A"}, "b": "/b/:id"}, "crossLinks": true},
                        {"kind": "journeys", "journeys": {"j": {"does": "J", "steps": ["x", {"step": "a.x"}], "when": {"k": {"eq": 1}}}}}],
            "pages": {"a": {"actions": {"x": {"does": "X", "input": {"type": "object", "properties": {"n": {"type": "number"}}},
                                               "writes": ["k"], "when": {"k": {"in": [1, 2]}}, "verify": {"k": {"gt": 0}},
                                               "goTo": "b", "binding": {"kind": "url", "href": "/a"}, "confirm": true, "role": "next"}}}},
            "actions": {"help": {"does": "Help", "on": ["a", "b"], "enabledWhen": {"k": {"ne": null}}}},
            "journeys": {"j2": {"does": "J2", "steps": ["help"]}}
        })
        .to_string(),
    )
    .expect("template")
}

#[test]
fn the_template_itself_compiles() {
    build_navigation_graph("g", &template()).expect("template compiles");
}

#[test]
fn random_grafts_never_panic() {
    let mut rng = Rng(42);
    let mut refused = 0;
    for _ in 0..4000 {
        let mut def = template();
        for _ in 0..=rng.below(3) {
            let replacement = value(&mut rng, 3);
            graft(&mut def, &mut rng, replacement);
        }
        match build_navigation_graph("g", &def) {
            Ok(graph) => {
                for page in graph.page_ids() {
                    let _ = compile_mount_action(&graph, page, "m", &def);
                }
            }
            Err(err) => {
                refused += 1;
                assert!(err.message.starts_with("groundfacts: "), "{}", err.message);
            }
        }
        let _ = from_routes(&def, &value(&mut rng, 2));
        let _ = from_journeys(&def);
    }
    assert!(refused > 0);
}

#[test]
fn arbitrary_top_level_values_are_refused_not_crashed() {
    for def in [
        DefValue::Undefined,
        DefValue::Null,
        DefValue::Number(1.0),
        DefValue::Function(CallbackId(1)),
        DefValue::Unsupported("a bigint".into()),
        DefValue::Array(vec![]),
    ] {
        let err = build_navigation_graph("g", &def).expect_err("refused");
        assert_eq!(err.code, "BAD_VALUE");
        assert!(from_routes(&def, &DefValue::Undefined).is_err());
        assert!(from_journeys(&def).is_err());
    }
    let with_fn = obj([(
        "pages",
        obj([(
            "p",
            obj([(
                "actions",
                obj([(
                    "x",
                    obj([
                        ("does", s("X")),
                        ("writes", DefValue::Function(CallbackId(2))),
                    ]),
                )]),
            )]),
        )]),
    )]);
    assert_eq!(
        build_navigation_graph("g", &with_fn).expect_err("fn").code,
        "BAD_VALUE"
    );
    let fn_threshold = obj([(
        "pages",
        obj([(
            "p",
            obj([(
                "actions",
                obj([(
                    "x",
                    obj([
                        ("does", s("X")),
                        (
                            "when",
                            obj([("k", obj([("eq", DefValue::Function(CallbackId(2)))]))]),
                        ),
                    ]),
                )]),
            )]),
        )]),
    )]);
    assert_eq!(
        build_navigation_graph("g", &fn_threshold)
            .expect_err("fn")
            .code,
        "BAD_FILTER"
    );
}

/// Drop a deep chain without recursion so the test thread's stack is never the thing measured.
fn drop_deep(mut value: DefValue) {
    loop {
        value = match value {
            DefValue::Array(mut items) => items.pop().unwrap_or(DefValue::Null),
            DefValue::Object(mut entries) => {
                entries.pop().map(|(_, v)| v).unwrap_or(DefValue::Null)
            }
            _ => return,
        };
    }
}

#[test]
fn deep_nesting_is_refused_without_recursing() {
    let mut deep = DefValue::Null;
    for _ in 0..20_000 {
        deep = DefValue::Array(vec![deep]);
    }
    let mut when = obj([("k", obj([("eq", deep)]))]);
    let mut action = obj([("does", s("X"))]);
    if let DefValue::Object(entries) = &mut action {
        entries.push(("when".into(), std::mem::replace(&mut when, DefValue::Null)));
    }
    let mut def = obj([(
        "pages",
        obj([("p", obj([("actions", obj([("x", action)]))]))]),
    )]);
    assert_eq!(
        build_navigation_graph("g", &def).expect_err("deep").code,
        "BAD_FILTER"
    );
    // Same depth inside an input schema.
    let mut chain = DefValue::Null;
    for _ in 0..20_000 {
        chain = obj([("type", s("object")), ("properties", obj([("a", chain)]))]);
    }
    let schema_def = obj([(
        "pages",
        obj([(
            "p",
            obj([(
                "actions",
                obj([("x", obj([("does", s("X")), ("input", chain)]))]),
            )]),
        )]),
    )]);
    assert_eq!(
        build_navigation_graph("g", &schema_def)
            .expect_err("deep")
            .code,
        "BAD_INPUT"
    );
    drop_deep(std::mem::replace(&mut def, DefValue::Null));
    drop_deep(schema_def);
}

#[test]
fn huge_lists_are_handled() {
    let pages: Vec<(String, DefValue)> = (0..2000)
        .map(|i| (format!("p{i}"), s(&format!("/p{i}"))))
        .collect();
    let table = DefValue::Object(pages);
    let all = from_routes(&table, &obj([("crossLinks", DefValue::Bool(true))])).expect("table");
    let def = from_json_text(&json!({"sources": [all]}).to_string()).expect("json");
    assert_eq!(
        build_navigation_graph("g", &def)
            .expect_err("too many links")
            .code,
        "TOO_LARGE"
    );
    let some = from_routes(
        &table,
        &from_json_text(r#"{"crossLinks":["p1","p2"]}"#).expect("json"),
    )
    .expect("named");
    let def = from_json_text(&json!({"sources": [some]}).to_string()).expect("json");
    let graph = build_navigation_graph("g", &def).expect("two links over 2000 pages");
    assert_eq!(graph.actions.len(), 2);
    let steps: Vec<DefValue> = (0..50_000).map(|_| s("x")).collect();
    let def = obj([
        (
            "pages",
            obj([(
                "p",
                obj([("actions", obj([("x", obj([("does", s("X"))]))]))]),
            )]),
        ),
        (
            "journeys",
            obj([(
                "j",
                obj([("does", s("J")), ("steps", DefValue::Array(steps))]),
            )]),
        ),
    ]);
    assert_eq!(
        build_navigation_graph("g", &def)
            .expect("long journey")
            .journeys[0]
            .steps
            .len(),
        50_000
    );
}
