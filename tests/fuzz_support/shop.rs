//! The app the session fuzzer drives (`tests/fuzz_session.rs`): a three-page shop whose actions
//! cover every settlement arm — declared writes, no writes, a navigation, a greyed and a hidden
//! control, a filter verify and two predicate verifies, a confirm gate, a root action — and two
//! journeys.
#![allow(dead_code)]

use groundfacts::graph::def::{CallbackId, DefValue};
use groundfacts::graph::{build_navigation_graph, NavigationGraph};
use serde_json::json;

pub const ACTIONS: [&str; 9] = [
    "home.search",
    "home.open-cart",
    "home.premium",
    "home.greyed",
    "home.checked",
    "home.to-done",
    "cart.checkout",
    "cart.back",
    "help",
];
pub const PAGES: [&str; 3] = ["home", "cart", "done"];
pub const KEYS: [&str; 5] = [
    "search.q",
    "user.plan",
    "checked.x",
    "orders.count",
    "other",
];

pub fn graph(predicates: [CallbackId; 2]) -> NavigationGraph {
    let mut def = DefValue::from_json(&json!({
        "pages": {
            "home": {"route": "/", "actions": {
                "search": {"does": "Search", "input": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}, "writes": ["search.q"]},
                "open-cart": {"does": "Open the cart", "goTo": "cart", "input": "none"},
                "premium": {"does": "Use a pro feature", "when": {"user.plan": {"eq": "pro"}}},
                "greyed": {"does": "A greyed control", "enabledWhen": {"user.plan": {"eq": "pro"}}, "writes": ["other"]},
                "checked": {"does": "A checked change", "writes": ["checked.x"], "verify": "P0"},
                "to-done": {"does": "Finish", "goTo": "done", "verify": "P1"}
            }},
            "cart": {"route": "/cart", "actions": {
                "checkout": {"does": "Place the order", "confirm": true, "input": "none", "writes": ["orders.count"], "verify": {"orders.count": {"gt": 0}}},
                "back": {"does": "Back home", "goTo": "home", "role": "back"}
            }},
            "done": {"route": "/done"}
        },
        "actions": {"help": {"does": "Open help", "on": ["home", "cart"]}},
        "journeys": {
            "buy": {"does": "Buy", "steps": ["open-cart", "checkout"]},
            "look": {"does": "Look", "when": {"user.plan": {"ne": "banned"}}, "steps": ["search", "checked"]}
        }
    }));
    let DefValue::Object(root) = &mut def else {
        unreachable!()
    };
    let DefValue::Object(pages) = &mut root[0].1 else {
        unreachable!()
    };
    let DefValue::Object(home) = &mut pages[0].1 else {
        unreachable!()
    };
    let DefValue::Object(actions) = &mut home[1].1 else {
        unreachable!()
    };
    for (name, p) in [("checked", predicates[0]), ("to-done", predicates[1])] {
        let Some((_, DefValue::Object(fields))) = actions.iter_mut().find(|(n, _)| n == name)
        else {
            unreachable!()
        };
        fields.retain(|(k, _)| k != "verify");
        fields.push(("verify".into(), DefValue::Function(p)));
    }
    build_navigation_graph("shop", &def).expect("the fuzz graph compiles")
}
