//! Property-based fuzzing of authoring: random graph definitions — near-valid ones built from the
//! real vocabulary (pages, actions, journeys, guards, inputs, verify, routes, sources) with random
//! values in every field, and free-form trees of any value — must compile to `Ok` or a typed
//! `GraphError`, never panic. Whatever compiles is then driven briefly (every action fired, every
//! journey committed) and its facts block and brief must keep the line grammar. `fromRoutes`,
//! `fromJourneys` and `matchRoute` get the same treatment. Bounded for `cargo test`; set
//! `PROPTEST_CASES` for a long run.

mod fuzz_support;

use std::rc::Rc;

use fuzz_support::*;
use groundfacts::facts::{context_brief, ground_truth};
use groundfacts::graph::def::{CallbackId, DefValue};
use groundfacts::graph::{build_navigation_graph, from_journeys, from_routes, match_route};
use groundfacts::host::{HandlerOutcome, PredicateAnswer};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{FireOptions, Principal, Session, SessionOptions};
use proptest::prelude::*;

/// Names: valid ones, reserved ones, and ones that break a rule.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        30 => prop::sample::select(vec!["home", "cart", "a", "b", "review", "go", "save", "x-y", "toString", "__proto__", "constructor"])
            .prop_map(String::from),
        1 => prop::sample::select(vec!["", " ", "a.b", "a#b", "a/b", "[x]", "a|b", "leave-journey", "go-to-cart", "a\nb", "a\u{2028}b", "\u{fffd}"])
            .prop_map(String::from),
        1 => hostile(),
    ]
}

fn page_name() -> impl Strategy<Value = String> {
    prop_oneof![30 => prop::sample::select(vec!["home", "cart", "a"]).prop_map(String::from), 1 => name()]
}

fn action_name() -> impl Strategy<Value = String> {
    prop_oneof![30 => prop::sample::select(vec!["go", "save", "x-y", "toString"]).prop_map(String::from), 1 => name()]
}

/// State keys (opaque flat strings).
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => prop::sample::select(vec!["k0", "k1", "project.name", "cart.count"]).prop_map(String::from),
        1 => hostile(),
    ]
}

/// The words the compiler reads, plus near misses.
fn field_name() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "pages",
        "actions",
        "journeys",
        "sources",
        "does",
        "goTo",
        "input",
        "writes",
        "reads",
        "when",
        "enabledWhen",
        "verify",
        "steps",
        "route",
        "on",
        "confirm",
        "role",
        "handler",
        "step",
        "type",
        "properties",
        "required",
        "eq",
        "ne",
        "gt",
        "lt",
        "gte",
        "lte",
        "in",
        "exists",
        "tools",
        "skills",
        "goto",
        "Does",
        "crossLinks",
        "binding",
    ])
    .prop_map(String::from)
}

fn leaf() -> impl Strategy<Value = DefValue> {
    prop_oneof![
        Just(DefValue::Undefined),
        Just(DefValue::Null),
        any::<bool>().prop_map(DefValue::Bool),
        prop_oneof![
            any::<f64>(),
            Just(f64::NAN),
            Just(f64::INFINITY),
            Just(-0.0),
            0.0..10.0
        ]
        .prop_map(DefValue::Number),
        name().prop_map(DefValue::String),
        Just(DefValue::String("none".into())),
        (0u32..4).prop_map(|n| DefValue::Function(CallbackId(n))),
        Just(DefValue::Unsupported("a symbol".into())),
    ]
}

/// Any value, nested a few levels, with keys drawn from the compiler's vocabulary and names.
fn tree() -> impl Strategy<Value = DefValue> {
    leaf().prop_recursive(4, 48, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(DefValue::Array),
            prop::collection::vec((prop_oneof![field_name(), name()], inner), 0..5)
                .prop_map(DefValue::Object),
        ]
    })
}

fn obj(entries: Vec<(&str, DefValue)>) -> DefValue {
    DefValue::Object(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

fn s(text: &str) -> DefValue {
    DefValue::String(text.to_string())
}

/// A filter: key → condition, the condition well-formed or not.
fn filter() -> impl Strategy<Value = DefValue> {
    let op = prop_oneof![30 => prop::sample::select(vec!["eq", "ne", "gt", "lt", "gte", "lte"]), 1 => prop::sample::select(vec!["in", "notIn", "exists", "nope"])];
    let value = prop_oneof![
        30 => prop_oneof![(0.0..10.0).prop_map(DefValue::Number), key().prop_map(DefValue::String), any::<bool>().prop_map(DefValue::Bool)],
        1 => leaf(),
        1 => Just(DefValue::Array(vec![s("a"), DefValue::Number(1.0)])),
    ];
    prop_oneof![
        40 => prop::collection::vec((key(), op, value), 1..3)
            .prop_map(|cs| DefValue::Object(cs.into_iter().map(|(k, op, v)| (k, obj(vec![(op, v)]))).collect())),
        1 => tree(),
    ]
}

fn input() -> impl Strategy<Value = DefValue> {
    prop_oneof![
        4 => Just(s("none")),
        4 => (key(), prop::sample::select(vec!["string", "number", "boolean", "object", "array", "nonsense"])).prop_map(|(k, t)| obj(vec![
            ("type", s("object")),
            ("properties", DefValue::Object(vec![(k.clone(), obj(vec![("type", s(t))]))])),
            ("required", DefValue::Array(vec![s(&k)])),
        ])),
        1 => tree(),
    ]
}

fn maybe<T: std::fmt::Debug>(
    strategy: impl Strategy<Value = T>,
) -> impl Strategy<Value = Option<T>> {
    prop::option::weighted(0.5, strategy)
}

fn rarely<T: std::fmt::Debug>(
    strategy: impl Strategy<Value = T>,
) -> impl Strategy<Value = Option<T>> {
    prop::option::weighted(0.06, strategy)
}

/// Mostly `valid`, sometimes any value at all.
fn mostly(valid: impl Strategy<Value = DefValue>) -> impl Strategy<Value = DefValue> {
    prop_oneof![40 => valid, 1 => leaf(), 1 => tree()]
}

/// One action definition built from the real fields, each present or not, each value valid or not.
fn action(root: bool) -> impl Strategy<Value = DefValue> {
    (
        rarely(prop_oneof![name().prop_map(DefValue::String), leaf()]),
        maybe(mostly(page_name().prop_map(DefValue::String))),
        maybe(input()),
        maybe(mostly(
            prop::collection::vec(key().prop_map(DefValue::String), 0..3).prop_map(DefValue::Array),
        )),
        (maybe(filter()), maybe(filter())),
        maybe(prop_oneof![
            filter(),
            (0u32..4).prop_map(|n| DefValue::Function(CallbackId(n)))
        ]),
        (
            maybe(mostly(any::<bool>().prop_map(DefValue::Bool))),
            prop::option::weighted(
                if root { 0.95 } else { 0.03 },
                prop::collection::vec(page_name().prop_map(DefValue::String), 0..3)
                    .prop_map(DefValue::Array),
            ),
        ),
        rarely((field_name(), tree())),
    )
        .prop_map(
            |(does, go_to, input, writes, (when, enabled_when), verify, (confirm, on), extra)| {
                let mut fields = vec![(
                    "does".to_string(),
                    does.unwrap_or_else(|| s("Do the thing")),
                )];
                let mut put = |k: &str, v: Option<DefValue>| {
                    if let Some(v) = v {
                        fields.push((k.to_string(), v));
                    }
                };
                put("goTo", go_to);
                put("input", input);
                put("writes", writes);
                put("when", when);
                put("enabledWhen", enabled_when);
                put("verify", verify);
                put("confirm", confirm);
                put("on", on);
                if let Some((k, v)) = extra {
                    fields.push((k, v));
                }
                DefValue::Object(fields)
            },
        )
}

fn page(id: &'static str) -> impl Strategy<Value = DefValue> {
    (
        prop_oneof![
            10 => Just(Some(s(&format!("/{id}")))),
            10 => Just(None),
            1 => rarely(mostly(prop::sample::select(vec!["/", "/a", "/b", "/a/:id", "/a/*", "a", "//", "/a?b"]).prop_map(s))),
        ],
        prop::collection::vec((action_name(), action(false)), 0..4),
    )
        .prop_map(|(route, actions)| {
            let mut fields = vec![("actions".to_string(), DefValue::Object(actions))];
            if let Some(route) = route {
                fields.push(("route".to_string(), route));
            }
            DefValue::Object(fields)
        })
}

fn journey() -> impl Strategy<Value = DefValue> {
    (
        prop::collection::vec(
            prop_oneof![30 => action_name().prop_map(DefValue::String), 1 => leaf()],
            0..4,
        ),
        maybe(filter()),
    )
        .prop_map(|(steps, when)| {
            let mut fields = vec![
                ("does".to_string(), s("A flow")),
                ("steps".to_string(), DefValue::Array(steps)),
            ];
            if let Some(when) = when {
                fields.push(("when".to_string(), when));
            }
            DefValue::Object(fields)
        })
}

/// Half clean, half near-valid: the vocabulary right, the values anything.
fn definition() -> impl Strategy<Value = DefValue> {
    prop_oneof![clean_definition(), noisy_definition()]
}

fn noisy_definition() -> impl Strategy<Value = DefValue> {
    (
        (
            page("home"),
            page("cart"),
            page("a"),
            prop::collection::vec((page_name(), page("x")), 0..2),
        ),
        prop::collection::vec((action_name(), action(true)), 0..2),
        prop::collection::vec((name(), journey()), 0..3),
        rarely(tree()),
    )
        .prop_map(|((home, cart, a, extra), actions, journeys, sources)| {
            let mut pages = vec![
                ("home".to_string(), home),
                ("cart".to_string(), cart),
                ("a".to_string(), a),
            ];
            pages.extend(extra);
            let mut fields = vec![("pages".to_string(), DefValue::Object(pages))];
            if !actions.is_empty() {
                fields.push(("actions".to_string(), DefValue::Object(actions)));
            }
            if !journeys.is_empty() {
                fields.push(("journeys".to_string(), DefValue::Object(journeys)));
            }
            if let Some(sources) = sources {
                fields.push(("sources".to_string(), sources));
            }
            DefValue::Object(fields)
        })
}

/// A clean action: every field optional, every value one the compiler accepts.
fn clean_action(root: bool) -> impl Strategy<Value = DefValue> {
    let keys = || prop::sample::select(vec!["k0", "k1", "project.name", "cart.count"]);
    let condition = (
        keys(),
        prop::sample::select(vec!["eq", "ne", "gt", "lt"]),
        0u8..3,
    )
        .prop_map(|(k, op, n)| {
            (
                k.to_string(),
                obj(vec![(op, DefValue::Number(f64::from(n)))]),
            )
        });
    let filter = prop::collection::vec(condition, 1..3).prop_map(DefValue::Object);
    (
        maybe(prop::sample::select(vec!["home", "cart", "a"])),
        maybe(prop_oneof![
            Just(s("none")),
            keys().prop_map(|k| obj(vec![
                ("type", s("object")),
                (
                    "properties",
                    DefValue::Object(vec![(k.to_string(), obj(vec![("type", s("string"))]))])
                ),
            ]))
        ]),
        maybe(prop::collection::vec(keys().prop_map(s), 1..3)),
        (maybe(filter.clone()), maybe(filter.clone())),
        maybe(prop_oneof![
            filter,
            (0u32..4).prop_map(|n| DefValue::Function(CallbackId(n)))
        ]),
        (
            maybe(any::<bool>()),
            prop::collection::vec(
                prop::sample::select(vec!["home", "cart", "a"]).prop_map(s),
                1..3,
            ),
        ),
    )
        .prop_map(
            move |(go_to, input, writes, (when, enabled_when), verify, (confirm, on))| {
                let mut fields = vec![("does".to_string(), s("Do the thing"))];
                let mut put = |k: &str, v: Option<DefValue>| {
                    if let Some(v) = v {
                        fields.push((k.to_string(), v));
                    }
                };
                put("goTo", go_to.map(s));
                put("input", input);
                put("writes", writes.map(DefValue::Array));
                put("when", when);
                put("enabledWhen", enabled_when);
                put("verify", verify);
                put("confirm", confirm.map(DefValue::Bool));
                put("on", root.then_some(DefValue::Array(on)));
                DefValue::Object(fields)
            },
        )
}

/// A definition the compiler accepts, nearly always: three pages, `home.go` and `home.save`
/// always declared (journeys name them), random actions beside them.
fn clean_definition() -> impl Strategy<Value = DefValue> {
    let page = |id: &'static str| {
        (
            any::<bool>(),
            prop::collection::vec(
                (
                    prop::sample::select(vec!["x-y", "toString", "open"]),
                    clean_action(false),
                ),
                0..3,
            ),
        )
            .prop_map(move |(routed, actions)| {
                let mut fields = vec![(
                    "actions".to_string(),
                    DefValue::Object(
                        actions
                            .into_iter()
                            .map(|(n, a)| (n.to_string(), a))
                            .collect(),
                    ),
                )];
                if routed {
                    fields.push(("route".to_string(), s(&format!("/{id}"))));
                }
                DefValue::Object(fields)
            })
    };
    (
        (clean_action(false), clean_action(false)),
        (page("home"), page("cart"), page("a")),
        prop::collection::vec(clean_action(true), 0..2),
        prop::collection::vec(
            prop::sample::select(vec!["home.go", "home.save", "go", "save"]),
            1..4,
        ),
    )
        .prop_map(|((go, save), (home, cart, a), roots, steps)| {
            let mut home = home;
            if let DefValue::Object(fields) = &mut home {
                if let Some((_, DefValue::Object(actions))) = fields.first_mut() {
                    actions.push(("go".into(), go));
                    actions.push(("save".into(), save));
                }
            }
            let roots = roots
                .into_iter()
                .enumerate()
                .map(|(i, a)| (format!("root-{i}"), a))
                .collect();
            let steps = steps.into_iter().map(s).collect();
            obj(vec![
                ("pages", obj(vec![("home", home), ("cart", cart), ("a", a)])),
                ("actions", DefValue::Object(roots)),
                (
                    "journeys",
                    obj(vec![(
                        "flow",
                        obj(vec![
                            ("does", s("A flow")),
                            ("steps", DefValue::Array(steps)),
                        ]),
                    )]),
                ),
            ])
        })
}

/// Drive what compiled: every action fired by every principal, every journey committed, with
/// handlers and predicates that answer at random; the texts must keep their grammar.
fn drive(graph: groundfacts::graph::NavigationGraph, answer: u8) {
    let host = Rc::new(ClosureHost::new());
    for n in 0..4 {
        host.predicate(move |_, _| match (answer + n) % 3 {
            0 => PredicateAnswer::Held,
            1 => PredicateAnswer::Failed,
            _ => PredicateAnswer::Threw("no".into()),
        });
    }
    host.set_navigate(move |_, _| {
        if answer.is_multiple_of(2) {
            HandlerOutcome::Returned(None)
        } else {
            HandlerOutcome::Threw("x".into())
        }
    });
    let actions: Vec<String> = graph.actions.iter().map(|a| a.id.clone()).collect();
    let journeys: Vec<String> = graph.journeys.iter().map(|j| j.id.clone()).collect();
    let pages: Vec<String> = graph.pages.iter().map(|p| p.id.clone()).collect();
    let Ok(session) = Session::new(Rc::new(graph), host, SessionOptions::default()) else {
        return;
    };
    for page in &pages {
        let _ = session.sync(page, Default::default());
        for id in &actions {
            for who in [Principal::Agent, Principal::User] {
                let _ = session.fire(
                    id,
                    FireOptions {
                        source: Some(who),
                        payload: None,
                        ..Default::default()
                    },
                );
            }
        }
    }
    for j in &journeys {
        let _ = session.commit_journey(j);
        let _ = session.leave_journey();
    }
    assert_facts_well_formed(&ground_truth(&session, None, None).text);
    assert_brief_well_formed(&context_brief(&session, None).text);
}

#[test]
fn a_near_valid_definition_compiles_or_is_refused_with_a_typed_error() {
    property(
        160,
        || (definition(), 0u8..6),
        |(def, answer)| {
            match build_navigation_graph("g", &def) {
                Ok(graph) => drive(graph, answer),
                Err(e) => {
                    prop_assert!(
                        !e.code.as_str().is_empty()
                            && e.code
                                .as_str()
                                .bytes()
                                .all(|b| b.is_ascii_uppercase() || b == b'_'),
                        "{}",
                        e.code
                    );
                    prop_assert!(e.message.starts_with("groundfacts: "), "{}", e.message);
                }
            }
            Ok(())
        },
    );
}

#[test]
fn any_value_at_all_compiles_or_is_refused() {
    property(
        160,
        || (tree(), name()),
        |(def, id)| {
            if let Ok(graph) = build_navigation_graph(&id, &def) {
                drive(graph, 0);
            }
            Ok(())
        },
    );
}

#[test]
fn route_tables_journey_tables_and_paths_never_panic() {
    property(
        96,
        || (tree(), tree(), tree(), hostile()),
        |(routes, options, journeys, path)| {
            let _ = from_routes(&routes, &options);
            let _ = from_journeys(&journeys);
            if let Ok(source) =
                from_routes(&routes, &obj(vec![("crossLinks", DefValue::Bool(true))]))
            {
                let def = obj(vec![(
                    "sources",
                    DefValue::Array(vec![DefValue::from_json(&source)]),
                )]);
                if let Ok(graph) = build_navigation_graph("g", &def) {
                    let _ = match_route(&graph, &path);
                    let _ = match_route(&graph, &format!("/{path}"));
                    drive(graph, 1);
                }
            }
            Ok(())
        },
    );
}

#[test]
fn the_near_valid_generator_reaches_both_compiled_graphs_and_refusals() {
    // Guards the fuzzer against a generator that only ever produces refusals (or only successes).
    let counted = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            use proptest::strategy::ValueTree;
            let mut runner = proptest::test_runner::TestRunner::deterministic();
            let strategy = definition();
            let (mut compiled, mut actions) = (0, 0);
            for _ in 0..300 {
                let Ok(tree) = strategy.new_tree(&mut runner) else {
                    continue;
                };
                if let Ok(graph) = build_navigation_graph("g", &tree.current()) {
                    compiled += 1;
                    actions += graph.actions.len();
                }
            }
            (compiled, actions)
        })
        .expect("thread")
        .join();
    let (compiled, actions) = counted.unwrap_or_else(|p| std::panic::resume_unwind(p));
    assert!((30..270).contains(&compiled), "{compiled} of 300 compiled");
    assert!(
        actions > 30,
        "compiled graphs carried {actions} actions in all"
    );
}
