//! Shared fixture for the session contract tests: the seed wizard app (its own store, router and the
//! deliberate recipe bug) wired to a session through a `ClosureHost` whose closures re-enter the
//! session exactly as the JS app does (store tap = `update_state` of the whole projection inside the
//! handler; router tap = `sync(page)` from inside `navigate`), the seed's final facts block, and a
//! small shop app for behaviour tests.
#![allow(dead_code)]

use std::cell::RefCell;
use std::rc::Rc;

use groundfacts::graph::def::{from_json_text, DefValue};
use groundfacts::graph::{
    build_navigation_graph, from_journeys, from_routes, match_route, NavigationGraph,
};
use groundfacts::host::{CallbackId, HandlerOutcome, PredicateAnswer};
use groundfacts::session::test_host::ClosureHost;
use groundfacts::session::{
    FireOptions, Principal, Session, SessionOptions, SyncOptions, UpdateOptions,
};
use serde_json::{json, Map, Value};

/// The app's own store and router.
#[derive(Debug, Default)]
pub struct App {
    pub name: String,
    pub recipe: String,
    pub count: i64,
    pub path: String,
    /// A navigate that silently drops the push (the seed's failure variant).
    pub drop_navigate: bool,
}

impl App {
    pub fn projection(&self) -> Value {
        json!({"project.name": self.name, "project.recipe": self.recipe, "projects.count": self.count})
    }
}

pub const RECIPES: [&str; 2] = ["dose-response", "time-course"];

pub struct Wizard {
    pub session: Session,
    pub app: Rc<RefCell<App>>,
    pub host: Rc<ClosureHost>,
}

/// The store tap: report the whole projection.
pub fn notify(session: &Session, app: &RefCell<App>) {
    let projection = app.borrow().projection();
    session
        .update_state(&projection, UpdateOptions::default())
        .expect("store tap");
}

/// Replace `pages.wizard.actions['next-to-review'].verify` with the predicate's id.
fn splice(def: &mut DefValue, path: &[&str], value: DefValue) {
    let mut at = def;
    for key in path {
        at = match at {
            DefValue::Object(entries) => entries
                .iter_mut()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v)
                .expect(key),
            _ => panic!("{key}: not an object"),
        };
    }
    *at = value;
}

pub fn wizard_graph(cross_links: bool, predicate: CallbackId) -> NavigationGraph {
    let routes = from_json_text(
        r#"{"projects":{"route":"/projects","does":"the Projects list"},
            "wizard":{"route":"/projects/new","does":"the New Project wizard"},
            "review":{"route":"/projects/new/review","does":"the Review step"}}"#,
    )
    .expect("routes");
    let journeys = from_json_text(
        r#"{"new-project":{"does":"Create a project: name it, pick a recipe, review it, create it",
            "steps":["name-it","pick-recipe","next-to-review","create-project"]}}"#,
    )
    .expect("journeys");
    let opts = if cross_links {
        r#"{"crossLinks":true}"#
    } else {
        "{}"
    };
    let routes_source =
        from_routes(&routes, &from_json_text(opts).expect("opts")).expect("fromRoutes");
    let journeys_source = from_journeys(&journeys).expect("fromJourneys");
    let mut def = from_json_text(
        &json!({
            "sources": [routes_source, journeys_source],
            "pages": {
                "wizard": {"actions": {
                    "name-it": {
                        "does": "Name the project",
                        "input": {"type":"object","properties":{"name":{"type":"string"}},"required":["name"]},
                        "writes": ["project.name"],
                        "verify": {"project.name": {"ne": ""}}
                    },
                    "pick-recipe": {
                        "does": "Pick the analysis recipe",
                        "when": {"project.name": {"ne": ""}},
                        "input": {"type":"object","properties":{"recipe":{"type":"string"}},"required":["recipe"]},
                        "writes": ["project.recipe"],
                        "verify": {"project.recipe": {"ne": ""}}
                    },
                    "next-to-review": {
                        "does": "Go on to the review step",
                        "goTo": "review",
                        "input": "none",
                        "enabledWhen": {"project.recipe": {"ne": ""}},
                        "verify": "PREDICATE"
                    }
                }},
                "review": {"actions": {
                    "create-project": {
                        "does": "Create the project",
                        "confirm": true,
                        "input": "none",
                        "writes": ["projects.count"],
                        "verify": {"projects.count": {"gt": 0}}
                    }
                }}
            }
        })
        .to_string(),
    )
    .expect("def");
    splice(
        &mut def,
        &["pages", "wizard", "actions", "next-to-review", "verify"],
        DefValue::Function(predicate),
    );
    build_navigation_graph("wizard", &def).expect("the seed compiles")
}

fn field(input: Option<&Value>, key: &str) -> String {
    input
        .and_then(|v| v.get(key))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string()
}

/// The seed app: createSession + the two registerActions calls (the "flush" has run: ours is eager).
pub fn wizard(cross_links: bool, drop_navigate: bool, options: SessionOptions) -> Wizard {
    wizard_from(cross_links, drop_navigate, options, None).expect("createSession")
}

/// The seed app after a reload: the same graph, store, router and handlers, the session restored from
/// `restore` (a `snapshot()`), then the same two registerActions calls the components make on mount.
pub fn wizard_from(
    cross_links: bool,
    drop_navigate: bool,
    options: SessionOptions,
    restore: Option<&Value>,
) -> Result<Wizard, groundfacts::session::SessionError> {
    let host = Rc::new(ClosureHost::new());
    let app = Rc::new(RefCell::new(App {
        path: "/projects/new".into(),
        drop_navigate,
        ..App::default()
    }));

    let a = Rc::clone(&app);
    let predicate = host.predicate(move |_s, _state| {
        if a.borrow().path == "/projects/new/review" {
            PredicateAnswer::Held
        } else {
            PredicateAnswer::Failed
        }
    });
    let graph = Rc::new(wizard_graph(cross_links, predicate));

    let (a, g) = (Rc::clone(&app), Rc::clone(&graph));
    host.set_navigate(move |s, href| {
        if a.borrow().drop_navigate {
            return HandlerOutcome::Returned(None);
        }
        a.borrow_mut().path = href.to_string();
        // The router tap: report the page the router now shows.
        let page = match_route(&g, href).expect("routed");
        s.sync(&page, SyncOptions::default()).expect("router tap");
        HandlerOutcome::Returned(None)
    });

    let a = Rc::clone(&app);
    let name_it = host.handler(move |s, input| {
        a.borrow_mut().name = field(input, "name");
        notify(s, &a);
        HandlerOutcome::Returned(None)
    });
    let a = Rc::clone(&app);
    let pick_recipe = host.handler(move |s, input| {
        let recipe = field(input, "recipe");
        // The field's own bug, kept on purpose: an unknown recipe matches nothing, yet the store notifies.
        if RECIPES.contains(&recipe.as_str()) {
            a.borrow_mut().recipe = recipe;
        }
        notify(s, &a);
        HandlerOutcome::Returned(None)
    });
    let a = Rc::clone(&app);
    let create_project = host.handler(move |s, _input| {
        a.borrow_mut().count += 1;
        notify(s, &a);
        HandlerOutcome::Returned(Some(json!({"projectId": "prj-1"})))
    });

    let state: Map<String, Value> = match app.borrow().projection() {
        Value::Object(m) => m,
        _ => unreachable!(),
    };
    let options = SessionOptions {
        node: Some("wizard".into()),
        state: Some(state),
        ..options
    };
    let session = match restore {
        Some(snapshot) => Session::restore(graph, host.clone(), options, snapshot)?,
        None => Session::new(graph, host.clone(), options)?,
    };
    session
        .register_actions(
            "wizard",
            vec![
                ("name-it".into(), name_it),
                ("pick-recipe".into(), pick_recipe),
            ],
            vec![],
        )
        .expect("wizard handlers");
    session
        .register_actions(
            "review",
            vec![("create-project".into(), create_project)],
            vec![],
        )
        .expect("review handlers");
    Ok(Wizard { session, app, host })
}

/// The facts block the seed run ends in (seed text, byte for byte): both the renderer over hand-built
/// rows and the live seed session must produce exactly this.
pub const SEED_FACTS_BLOCK: &str = "FACTS FROM THE APP (authoritative). Every line below is the app’s own record of what happened. Where anything said in this conversation disagrees with it — including anything you or the user stated was done — these lines are what actually happened; the conversation is a claim about them.
You are on: review.
Attempts so far (version 12):
  • did NOT happen — agent's fire of wizard.next-to-review was refused: TOOL_DISABLED
  • DID happen — agent fired wizard.name-it (committed; declared effect observed)
  • did NOT happen — agent fired wizard.pick-recipe (the app's own verify contract did not hold afterwards)
  • DID happen — agent fired wizard.pick-recipe (committed; declared effect observed)
  • ran, but the effect was unobservable — agent fired wizard.next-to-review (committed; nothing reported an effect to check it against)
  • DID happen — agent fired review.create-project (committed; declared effect observed)";

/// A fire by the agent, with `payload`.
pub fn agent(payload: Option<Value>) -> FireOptions {
    FireOptions {
        source: Some(Principal::Agent),
        payload,
        ..Default::default()
    }
}

pub fn obj(v: Value) -> Option<Value> {
    Some(v)
}

/// A small shop graph for behaviour tests: `home` and `cart`, one action per rule worth pinning.
pub fn shop_graph(extra_verify: Option<CallbackId>) -> NavigationGraph {
    let mut def = from_json_text(
        &json!({
            "pages": {
                "home": {"route": "/", "does": "the home page", "actions": {
                    "search": {"does": "Search the catalogue",
                               "input": {"type":"object","properties":{"q":{"type":"string"}},"required":["q"]},
                               "writes": ["search.q"]},
                    "open-cart": {"does": "Open the cart", "goTo": "cart", "input": "none"},
                    "premium": {"does": "Use a pro feature", "when": {"user.plan": {"eq": "pro"}}},
                    "toggle": {"does": "Toggle the panel", "input": "none"},
                    "greyed": {"does": "A greyed control", "enabledWhen": {"user.plan": {"eq": "pro"}}},
                    "unwired": {"does": "Do an unwired thing"},
                    "checked": {"does": "A checked change", "writes": ["checked.x"], "verify": "PREDICATE"}
                }},
                "cart": {"route": "/cart", "does": "the cart", "actions": {
                    "checkout": {"does": "Place the order", "confirm": true, "input": "none", "writes": ["orders.count"]}
                }}
            }
        })
        .to_string(),
    )
    .expect("def");
    let verify = match extra_verify {
        Some(cb) => DefValue::Function(cb),
        None => from_json_text(r#"{"checked.x": {"eq": 1}}"#).expect("filter"),
    };
    splice(
        &mut def,
        &["pages", "home", "actions", "checked", "verify"],
        verify,
    );
    build_navigation_graph("shop", &def).expect("shop compiles")
}

pub fn shop_state() -> Map<String, Value> {
    match json!({"search.q": "", "user.plan": "free", "orders.count": 0, "checked.x": 0}) {
        Value::Object(m) => m,
        _ => unreachable!(),
    }
}

/// A session over the shop graph on `home`, with a state tap, and the given host.
pub fn shop_session(
    host: &Rc<ClosureHost>,
    graph: NavigationGraph,
    enforced: Option<bool>,
) -> Session {
    Session::new(
        Rc::new(graph),
        host.clone(),
        SessionOptions {
            node: Some("home".into()),
            state: Some(shop_state()),
            require_human_approval: enforced,
            ..SessionOptions::default()
        },
    )
    .expect("session")
}

/// A fresh host and a session over the shop graph (its filter-form verify) on `home`.
pub fn fresh_shop(enforced: Option<bool>) -> (Rc<ClosureHost>, Session) {
    let host = Rc::new(ClosureHost::new());
    let session = shop_session(&host, shop_graph(None), enforced);
    (host, session)
}

/// A handler that reports `delta` through the store tap and returns.
pub fn reporting(host: &ClosureHost, delta: Value) -> CallbackId {
    host.handler(move |s, _| {
        s.update_state(&delta, UpdateOptions::default())
            .expect("tap");
        HandlerOutcome::Returned(None)
    })
}

pub fn returning(host: &ClosureHost) -> CallbackId {
    host.handler(|_, _| HandlerOutcome::Returned(None))
}

/// The seed run of docs/session.md §17 (steps 1–8, version 12), driven through the re-entrant closures.
pub fn seed_run() -> Wizard {
    let w = wizard(true, false, SessionOptions::default());
    let s = &w.session;
    s.commit_journey("new-project").unwrap();
    s.fire("wizard.next-to-review", agent(None)).unwrap();
    s.fire(
        "wizard.name-it",
        agent(Some(json!({"name": "Ion channel screen"}))),
    )
    .unwrap();
    s.fire(
        "wizard.pick-recipe",
        agent(Some(json!({"recipe": "not-a-recipe"}))),
    )
    .unwrap();
    s.fire(
        "wizard.pick-recipe",
        agent(Some(json!({"recipe": "dose-response"}))),
    )
    .unwrap();
    s.fire("wizard.next-to-review", agent(None)).unwrap();
    s.confirm_ask("review.create-project", Principal::Agent, None)
        .unwrap();
    s.fire("review.create-project", agent(None)).unwrap();
    assert_eq!(s.version(), 12);
    w
}
