//! Pins route syntax (issue 8, deliverable 4): what `fromRoutes` refuses, `fromReactRouter` over route
//! objects, `fromSvelteKitRoutes` over route ids, `matchRoute` precedence (React Router's ranking,
//! SvelteKit's sort, ties) and that params are never guessed by links.

use groundfacts::graph::def::CallbackId;
use groundfacts::graph::def::{from_json_text, DefValue};
use groundfacts::graph::{
    build_navigation_graph, from_react_router, from_routes, from_sveltekit_routes, match_route,
    GraphError, NavigationGraph,
};
use serde_json::{json, Value};

fn def(value: Value) -> DefValue {
    from_json_text(&value.to_string()).expect("json")
}

fn build(value: Value) -> Result<NavigationGraph, GraphError> {
    build_navigation_graph("g", &def(value))
}

fn graph_of(source: Value) -> NavigationGraph {
    build(json!({ "sources": [source] })).expect("compiles")
}

fn routes_graph(table: Value) -> NavigationGraph {
    graph_of(from_routes(&def(table), &DefValue::Undefined).expect("fromRoutes"))
}

fn svelte(ids: Value) -> Result<Value, GraphError> {
    from_sveltekit_routes(&def(ids), &DefValue::Undefined)
}

fn react(routes: Value) -> Result<Value, GraphError> {
    from_react_router(&def(routes), &DefValue::Undefined)
}

fn at(graph: &NavigationGraph, path: &str) -> Option<String> {
    match_route(graph, path)
}

#[test]
fn from_routes_refuses_syntax_it_does_not_read_naming_the_route() {
    for (route, hint) in [
        ("/notes/[id]", "fromSvelteKitRoutes"),
        ("/notes/{id}", "':id'"),
        ("/notes/:id(\\d+)", "':' then letters"),
        ("/files/*.pdf", "final '*'"),
        ("/files/*/raw", "must end the route"),
        ("/a|b", "final '*'"),
        ("/search?q=1", "final '*'"),
        ("/a/:id/:id", "twice"),
    ] {
        let err =
            from_routes(&def(json!({ "note": route })), &DefValue::Undefined).expect_err(route);
        assert_eq!(err.code, "BAD_ROUTE", "{route}");
        assert!(
            err.message.contains("fromRoutes page 'note'"),
            "{}",
            err.message
        );
        assert!(err.message.contains(route), "{}", err.message);
        assert!(err.message.contains(hint), "{route}: {}", err.message);
    }
    // A hand page's route obeys the same law, and so does a hand-crafted snapshot.
    let err =
        build(json!({ "pages": { "note": { "route": "/notes/[id]" } } })).expect_err("hand route");
    assert_eq!(err.code, "BAD_ROUTE");
    let err = build(json!({ "sources": [{ "kind": "routes", "pages": { "n": "/n/{id}" } }] }))
        .expect_err("snapshot");
    assert_eq!(err.code, "BAD_ROUTE");
    let err = build(json!({ "sources": [{ "kind": "routes", "syntax": "vue", "pages": {} }] }))
        .expect_err("syntax");
    assert_eq!(err.code, "BAD_SOURCE");
}

#[test]
fn colon_syntax_matches_params_optionals_and_splats() {
    let graph = routes_graph(json!({
        "home": "/", "docs": "/:lang?/docs", "edit": "/notes/:id/edit?", "files": "/files/*", "note": "/notes/:id"
    }));
    assert_eq!(at(&graph, "/").as_deref(), Some("home"));
    assert_eq!(at(&graph, "/docs").as_deref(), Some("docs"));
    assert_eq!(at(&graph, "/fr/docs").as_deref(), Some("docs"));
    assert_eq!(at(&graph, "/fr/de/docs"), None);
    assert_eq!(at(&graph, "/notes/7/edit").as_deref(), Some("edit"));
    // `/notes/7` matches both `/notes/:id/edit?` (without `edit`) and `/notes/:id`: equal scores, first declared.
    assert_eq!(at(&graph, "/notes/7").as_deref(), Some("edit"));
    assert_eq!(at(&graph, "/files").as_deref(), Some("files"));
    assert_eq!(at(&graph, "/files/a/b.pdf").as_deref(), Some("files"));
    // Query, hash, trailing and doubled slashes, percent escapes.
    assert_eq!(at(&graph, "/fr/docs/?x=1#top").as_deref(), Some("docs"));
    assert_eq!(at(&graph, "//notes//7//edit/").as_deref(), Some("edit"));
    assert_eq!(at(&graph, "/%66iles/x").as_deref(), Some("files"));
    // fromRoutes is case-sensitive.
    assert_eq!(at(&graph, "/FILES/x"), None);
}

#[test]
fn react_router_ranking_static_over_dynamic_over_splat_and_ties_by_order() {
    let graph = routes_graph(
        json!({ "any": "/*", "user": "/users/:id", "me": "/users/me", "rest": "/users/*" }),
    );
    assert_eq!(at(&graph, "/users/me").as_deref(), Some("me"));
    assert_eq!(at(&graph, "/users/42").as_deref(), Some("user"));
    assert_eq!(at(&graph, "/users/42/posts").as_deref(), Some("rest"));
    assert_eq!(at(&graph, "/elsewhere").as_deref(), Some("any"));
    // Scores are sums (React Router), not segment-by-segment: `/a/:x/c` and `/:y/b/c` tie on `/a/b/c`.
    let tie = routes_graph(json!({ "second": "/:y/b/c", "first": "/a/:x/c" }));
    assert_eq!(at(&tie, "/a/b/c").as_deref(), Some("second"));
    let tie = routes_graph(json!({ "first": "/a/:x/c", "second": "/:y/b/c" }));
    assert_eq!(at(&tie, "/a/b/c").as_deref(), Some("first"));
    // An optional static counts when present: `/about` beats `/:lang?/about`'s longer variant only by order.
    let optional = routes_graph(json!({ "about": "/about", "localized": "/:lang?/about" }));
    assert_eq!(at(&optional, "/about").as_deref(), Some("about"));
    assert_eq!(at(&optional, "/en/about").as_deref(), Some("localized"));
}

#[test]
fn from_react_router_joins_nested_paths_and_names_pages() {
    let loader = DefValue::Function(CallbackId(7));
    let mut routes = def(json!([
        { "path": "/", "id": "0", "children": [
            { "index": true, "id": "0-0", "handle": { "does": "the start page" } },
            { "path": "notes", "id": "notes", "handle": { "does": "all notes", "crumb": "x" }, "children": [
                { "index": true },
                { "path": ":id", "id": "note" },
                { "path": "/notes/:id/edit", "id": "note-edit" }
            ]},
            { "children": [ { "path": "settings/:tab?" }, { "path": "about", "caseSensitive": true } ] },
            { "path": "files/*" },
            { "path": "*", "id": "not-found" }
        ]}
    ]));
    // Route objects carry live code: it is never read.
    if let DefValue::Array(items) = &mut routes {
        if let Some(DefValue::Object(fields)) = items.first_mut() {
            fields.push(("loader".into(), loader.clone()));
            fields.push((
                "element".into(),
                DefValue::Unsupported("a React element".into()),
            ));
        }
    }
    let source =
        from_react_router(&routes, &def(json!({ "crossLinks": true }))).expect("fromReactRouter");
    assert_eq!(source["syntax"], "react-router");
    assert_eq!(
        source["pages"],
        json!({
            "home": { "route": "/", "does": "the start page" },
            "notes": { "route": "/notes", "does": "all notes" },
            "note": { "route": "/notes/:id" },
            "note-edit": { "route": "/notes/:id/edit" },
            "settings-tab": { "route": "/settings/:tab?" },
            "about": { "route": "/about", "caseSensitive": true },
            "files-*": { "route": "/files/*" },
            "not-found": { "route": "/*" }
        })
    );
    let graph = graph_of(source);
    assert_eq!(at(&graph, "/").as_deref(), Some("home"));
    assert_eq!(
        at(&graph, "/Notes/").as_deref(),
        Some("notes"),
        "React Router matches case-insensitively"
    );
    assert_eq!(at(&graph, "/notes/new").as_deref(), Some("note"));
    assert_eq!(at(&graph, "/notes/1/edit").as_deref(), Some("note-edit"));
    assert_eq!(at(&graph, "/settings").as_deref(), Some("settings-tab"));
    assert_eq!(
        at(&graph, "/ABOUT").as_deref(),
        Some("not-found"),
        "caseSensitive: true is honoured"
    );
    assert_eq!(at(&graph, "/files/x").as_deref(), Some("files-*"));
    assert_eq!(at(&graph, "/nope/x").as_deref(), Some("not-found"));
    // Links only to literal routes.
    let mut links: Vec<&str> = graph.action_ids().collect();
    links.sort_unstable();
    assert_eq!(links, vec!["go-to-about", "go-to-home", "go-to-notes"]);
}

#[test]
fn from_react_router_keeps_a_layout_without_an_index_and_refuses_what_it_cannot_name() {
    let source =
        react(json!([{ "path": "/shop", "id": "shop", "children": [{ "path": ":item" }] }]))
            .expect("ok");
    assert_eq!(
        source["pages"],
        json!({ "shop": { "route": "/shop" }, "shop-item": { "route": "/shop/:item" } })
    );

    let err = react(json!([{ "path": "/notes" }, { "path": "notes" }])).expect_err("duplicate");
    assert_eq!(err.code, "DUPLICATE_ID");
    assert!(
        err.message.contains("routes[1]")
            && err.message.contains("routes[0]")
            && err.message.contains("`id`"),
        "{}",
        err.message
    );
    let err = react(json!([{ "path": "/sitemap.xml" }])).expect_err("unnamable");
    assert_eq!(err.code, "UNNAMED_ROUTE");
    assert!(
        err.message.contains("'sitemap.xml'") && err.message.contains("give the route an `id`"),
        "{}",
        err.message
    );
    assert_eq!(
        react(json!([{ "path": "/a", "id": "a.b" }]))
            .expect_err("bad id")
            .code,
        "BAD_NAME"
    );
    let err = react(json!([{ "path": "/a", "children": [{ "path": "/b" }] }]))
        .expect_err("absolute child");
    assert_eq!(err.code, "BAD_ROUTE");
    assert!(
        err.message.contains("'/b'") && err.message.contains("'/a'"),
        "{}",
        err.message
    );
    let err = react(json!([{ "path": "/notes/[id]" }])).expect_err("svelte syntax");
    assert_eq!(err.code, "BAD_ROUTE");
    assert!(err.message.contains("routes[0]"), "{}", err.message);
    assert_eq!(
        react(json!([{ "index": true, "children": [{ "path": "x" }] }]))
            .expect_err("index")
            .code,
        "BAD_VALUE"
    );
    assert_eq!(
        react(json!([{ "path": 3 }])).expect_err("path type").code,
        "BAD_VALUE"
    );
    assert_eq!(
        react(json!({ "path": "/" }))
            .expect_err("not an array")
            .code,
        "BAD_VALUE"
    );
    assert_eq!(
        react(json!(["/a"])).expect_err("not an object").code,
        "BAD_VALUE"
    );
    let err = from_react_router(
        &def(json!([{ "path": "/n/:id", "id": "n" }])),
        &def(json!({ "crossLinks": ["n"] })),
    )
    .expect_err("param link");
    assert_eq!(err.code, "PARAM_ROUTE");
    // Nesting is bounded, never a stack overflow.
    let mut deep = def(json!({ "path": "x" }));
    for _ in 0..100 {
        deep = DefValue::Object(vec![("children".into(), DefValue::Array(vec![deep]))]);
    }
    let err =
        from_react_router(&DefValue::Array(vec![deep]), &DefValue::Undefined).expect_err("deep");
    assert_eq!(err.code, "TOO_DEEP");
}

#[test]
fn from_sveltekit_routes_reads_ids_and_glob_paths() {
    let source = svelte(json!([
        "/src/routes/+page.svelte",
        "/src/routes/(app)/notes/+page.svelte",
        "/src/routes/(app)/notes/+page.ts",
        "/src/routes/(app)/notes/[id]/+page.svelte",
        "/[[lang]]/about",
        "/files/[...path]"
    ]))
    .expect("fromSvelteKitRoutes");
    assert_eq!(source["syntax"], "sveltekit");
    assert_eq!(
        source["pages"],
        json!({
            "home": { "route": "/" },
            "notes": { "route": "/(app)/notes" },
            "notes-id": { "route": "/(app)/notes/[id]" },
            "lang-about": { "route": "/[[lang]]/about" },
            "files-path": { "route": "/files/[...path]" }
        })
    );
    let graph = graph_of(source);
    assert_eq!(at(&graph, "/notes").as_deref(), Some("notes"));
    assert_eq!(at(&graph, "/notes/3").as_deref(), Some("notes-id"));
    assert_eq!(at(&graph, "/about").as_deref(), Some("lang-about"));
    assert_eq!(at(&graph, "/de/about").as_deref(), Some("lang-about"));
    assert_eq!(at(&graph, "/files").as_deref(), Some("files-path"));
    assert_eq!(at(&graph, "/files/a/b").as_deref(), Some("files-path"));
    assert_eq!(
        at(&graph, "/Notes"),
        None,
        "SvelteKit matches case-sensitively"
    );

    // What `import.meta.glob(…)` returns (path → loader function) reads like the list of its keys.
    let glob = DefValue::Object(vec![
        (
            "/src/routes/+page.svelte".into(),
            DefValue::Function(CallbackId(1)),
        ),
        (
            "/src/routes/(app)/notes/[id]/+page.svelte".into(),
            DefValue::Function(CallbackId(2)),
        ),
        ("about".into(), DefValue::String("/about".into())),
    ]);
    let source = from_sveltekit_routes(&glob, &DefValue::Undefined).expect("glob");
    assert_eq!(
        source["pages"],
        json!({ "home": { "route": "/" }, "notes-id": { "route": "/(app)/notes/[id]" }, "about": { "route": "/about" } })
    );
    let map = svelte(json!({ "list": { "route": "/(app)/notes", "does": "all notes" }, "note": "/(app)/notes/[id=integer]" })).expect("map");
    assert_eq!(
        map["pages"]["list"],
        json!({ "route": "/(app)/notes", "does": "all notes" })
    );
    for bad in [
        json!(["/notes/:id"]),
        json!(["/foo-[id]"]),
        json!(["/src/routes/+layout.svelte"]),
        json!({ "a": 1 }),
        json!("/x"),
    ] {
        let err = svelte(bad.clone()).expect_err("refused");
        assert!(
            matches!(err.code.as_str(), "BAD_ROUTE" | "BAD_VALUE"),
            "{bad}: {}",
            err.code
        );
    }
    assert_eq!(
        svelte(json!(["/a/[id]", "/a/id"])).expect_err("dup").code,
        "DUPLICATE_ID"
    );
}

#[test]
fn sveltekit_sort_decides_between_routes_that_match_one_path() {
    let graph = graph_of(
        svelte(json!({
            "catchall": "/[...rest]", "slug": "/[slug]", "about": "/about", "opt": "/[[lang]]",
            "a-rest-z": "/a/[...rest]/z", "a-b-c": "/a/[b]/[c]",
            "x-rest": "/x/[...rest]", "x-opt-rest": "/x/[...a]/end"
        }))
        .expect("ids"),
    );
    assert_eq!(
        at(&graph, "/about").as_deref(),
        Some("about"),
        "static first"
    );
    assert_eq!(
        at(&graph, "/hello").as_deref(),
        Some("slug"),
        "[required] before [[optional]] and rest"
    );
    assert_eq!(
        at(&graph, "/").as_deref(),
        Some("opt"),
        "[[optional]] before [...rest]"
    );
    assert_eq!(
        at(&graph, "/a/q/z").as_deref(),
        Some("a-rest-z"),
        "[...rest]/z outranks [b]/[c]"
    );
    assert_eq!(
        at(&graph, "/x/1/end").as_deref(),
        Some("x-opt-rest"),
        "[...a]/end outranks [...rest]"
    );
    assert_eq!(at(&graph, "/one/two/three").as_deref(), Some("catchall"));
    // Ties are broken as SvelteKit sorts them: by route id, the later id first.
    let tie = graph_of(svelte(json!({ "a": "/[a]", "b": "/[b]" })).expect("ids"));
    assert_eq!(at(&tie, "/v").as_deref(), Some("b"));
    let tie = graph_of(svelte(json!({ "b": "/[b]", "a": "/[a]" })).expect("ids"));
    assert_eq!(at(&tie, "/v").as_deref(), Some("b"));
}

#[test]
fn param_matchers_are_never_guessed() {
    let graph = graph_of(
        svelte(
            json!({ "item": "/items/[id=integer]", "new": "/items/new", "slug": "/items/[slug]" }),
        )
        .expect("ids"),
    );
    assert_eq!(at(&graph, "/items/new").as_deref(), Some("new"));
    // `[id=integer]` outranks `[slug]`, but only the app's matcher knows whether '42' or 'abc' passes it.
    assert_eq!(at(&graph, "/items/42"), None);
    let only = graph_of(svelte(json!({ "item": "/items/[id=integer]" })).expect("ids"));
    assert_eq!(at(&only, "/items/42").as_deref(), Some("item"));
}

#[test]
fn params_are_never_linked_and_sveltekit_literals_link_by_url() {
    let source = from_sveltekit_routes(
        &def(json!({ "about": "/(marketing)/about", "note": "/notes/[id]", "opt": "/[[lang]]/x", "rest": "/f/[...p]" })),
        &def(json!({ "crossLinks": true })),
    )
    .expect("ids");
    let graph = graph_of(source);
    let ids: Vec<&str> = graph.action_ids().collect();
    assert_eq!(ids, vec!["go-to-about"]);
    assert_eq!(
        graph
            .action("go-to-about")
            .and_then(|a| a.url_href.as_deref()),
        Some("/about")
    );
    for name in ["note", "opt", "rest"] {
        let err = from_sveltekit_routes(
            &def(json!({ "note": "/notes/[id]", "opt": "/[[lang]]/x", "rest": "/f/[...p]" })),
            &def(json!({ "crossLinks": [name] })),
        )
        .expect_err(name);
        assert_eq!(err.code, "PARAM_ROUTE");
        assert!(err.message.contains("never guessed"), "{}", err.message);
    }
    let err = from_routes(
        &def(json!({ "a": "/a", "b": "/:lang?/b" })),
        &def(json!({ "crossLinks": ["b"] })),
    )
    .expect_err("optional");
    assert_eq!(err.code, "PARAM_ROUTE");
    // A goTo to a param page carries no href (the handler navigates with the value).
    let graph = build(json!({ "pages": { "list": { "route": "/notes", "actions": { "open": { "does": "Open a note", "goTo": "note" } } }, "note": { "route": "/notes/:id" } } }))
        .expect("compiles");
    assert_eq!(
        graph.action("list.open").and_then(|a| a.url_href.clone()),
        None
    );
    let err = build(json!({ "pages": { "a": { "actions": { "x": { "does": "x", "binding": { "kind": "url", "href": "/notes/[id]" } } } } } })).expect_err("href");
    assert_eq!(err.code, "PARAM_ROUTE");
}

#[test]
fn a_hand_route_overlays_a_sveltekit_page_when_it_addresses_the_same_places() {
    let source = svelte(json!({ "note": "/notes/[id]" })).expect("ids");
    let graph = build(json!({ "sources": [source.clone()], "pages": { "note": { "route": "/notes/:noteId", "does": "one note" } } })).expect("same");
    assert_eq!(at(&graph, "/notes/1").as_deref(), Some("note"));
    let err =
        build(json!({ "sources": [source], "pages": { "note": { "route": "/notes/:id?" } } }))
            .expect_err("differs");
    assert_eq!(err.code, "ROUTE_CONFLICT");
    // The overlay keeps SvelteKit's ranking: tied `[a]` / `[b]` still go to the later route id.
    let tied = svelte(json!({ "a": "/x/[a]", "b": "/x/[b]" })).expect("ids");
    let graph =
        build(json!({ "sources": [tied], "pages": { "b": { "route": "/x/:b" } } })).expect("same");
    assert_eq!(at(&graph, "/x/1").as_deref(), Some("b"));
    let tied = svelte(json!({ "b": "/x/[b]", "a": "/x/[a]" })).expect("ids");
    let graph =
        build(json!({ "sources": [tied], "pages": { "a": { "route": "/x/:a" } } })).expect("same");
    assert_eq!(at(&graph, "/x/1").as_deref(), Some("b"));
}
