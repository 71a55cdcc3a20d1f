//! Pins the route tables of the routers the host apps use (docs/graph.md §12): Next's App Router
//! folders through `fromNextRoutes` (`[id]`, `[...slug]`, `[[...slug]]`, `(group)`, `@slot`, private
//! `_folders`, `page.tsx` paths) and React Router framework mode's `app/routes.ts` entries (what
//! `index()`, `route()`, `layout()` and `prefix()` return: `file` beside `path`/`index`/`children`)
//! through `fromReactRouter`, with `matchRoute` resolving the pages each router would render.

use groundfacts::graph::def::{from_json_text, DefValue};
use groundfacts::graph::{
    build_navigation_graph, from_next_routes, from_react_router, match_route, NavigationGraph,
};
use serde_json::{json, Value};

fn def(value: Value) -> DefValue {
    from_json_text(&value.to_string()).expect("json")
}

fn graph_of(source: Value) -> NavigationGraph {
    build_navigation_graph("g", &def(json!({ "sources": [source] }))).expect("compiles")
}

fn at(graph: &NavigationGraph, path: &str) -> Option<String> {
    match_route(graph, path)
}

#[test]
fn next_app_router_folders_read_as_pages_with_the_routers_matching() {
    let source = from_next_routes(
        &def(json!([
            "app/page.tsx",
            "app/(shop)/cart/page.tsx",
            "app/notes/[id]/page.tsx",
            "app/docs/[...slug]/page.tsx",
            "/shop/[[...filters]]",
            "app/dashboard/@stats/page.tsx",
            "app/_components/page.tsx"
        ])),
        &DefValue::Undefined,
    )
    .expect("fromNextRoutes");
    let pages = source["pages"].as_object().expect("pages");
    let routes: Vec<&str> = pages.values().filter_map(|p| p["route"].as_str()).collect();
    assert_eq!(
        routes,
        [
            "/",
            "/(shop)/cart",
            "/notes/[id]",
            "/docs/[...slug]",
            "/shop/[...filters]",
            "/dashboard"
        ],
        "a private folder is no route; a slot is no segment"
    );
    let graph = graph_of(source);
    assert_eq!(at(&graph, "/").as_deref(), Some("home"));
    assert_eq!(
        at(&graph, "/cart").as_deref(),
        Some("cart"),
        "a (group) is no segment"
    );
    assert_eq!(at(&graph, "/notes/7").as_deref(), Some("notes-id"));
    assert_eq!(at(&graph, "/notes/7/edit"), None);
    assert_eq!(at(&graph, "/docs/a/b/c").as_deref(), Some("docs-slug"));
    assert_eq!(
        at(&graph, "/shop").as_deref(),
        Some("shop-filters"),
        "optional catch-all"
    );
    assert_eq!(at(&graph, "/shop/red/xl").as_deref(), Some("shop-filters"));
    assert_eq!(at(&graph, "/dashboard").as_deref(), Some("dashboard"));
}

#[test]
fn next_routes_take_page_ids_and_descriptions_and_refuse_non_page_files() {
    let source = from_next_routes(
        &def(json!({
            "note": { "route": "app/notes/[id]/page.tsx", "does": "One note" },
            "home": "/"
        })),
        &DefValue::Undefined,
    )
    .expect("map form");
    assert_eq!(
        source["pages"]["note"],
        json!({ "route": "/notes/[id]", "does": "One note" })
    );
    let graph = graph_of(source);
    assert_eq!(at(&graph, "/notes/x").as_deref(), Some("note"));
    let err = from_next_routes(&def(json!(["app/notes/layout.tsx"])), &DefValue::Undefined)
        .expect_err("a layout is no page");
    assert!(
        err.message.contains("fromNextRoutes ids[0]"),
        "{}",
        err.message
    );
    assert!(err.message.contains("page.tsx"), "{}", err.message);
    let err = from_next_routes(&def(json!("nope")), &DefValue::Undefined).expect_err("a string");
    assert!(err.message.contains("fromNextRoutes"), "{}", err.message);
}

#[test]
fn react_router_framework_route_config_entries_read_as_pages() {
    // `export default [index('routes/home.tsx'), route('notes/:id', 'routes/note.tsx'),
    //  layout('routes/shell.tsx', [route('about', 'routes/about.tsx')]),
    //  ...prefix('docs', [index('routes/docs.tsx'), route('*', 'routes/doc.tsx')])] satisfies RouteConfig`
    let entries = json!([
        { "index": true, "file": "routes/home.tsx" },
        { "path": "notes/:id", "file": "routes/note.tsx" },
        { "file": "routes/shell.tsx", "children": [{ "path": "about", "file": "routes/about.tsx" }] },
        { "path": "docs", "index": true, "file": "routes/docs.tsx" },
        { "path": "docs/*", "file": "routes/doc.tsx" }
    ]);
    let source = from_react_router(&def(entries), &DefValue::Undefined).expect("route config");
    let graph = graph_of(source);
    assert_eq!(at(&graph, "/").as_deref(), Some("home"));
    assert_eq!(at(&graph, "/notes/3").as_deref(), Some("notes-id"));
    assert_eq!(
        at(&graph, "/about").as_deref(),
        Some("about"),
        "a layout is no segment"
    );
    assert_eq!(at(&graph, "/docs").as_deref(), Some("docs"));
    assert!(at(&graph, "/docs/a/b").is_some());
}
