//! `fromNextRoutes(ids)`: Next.js App Router folders as a graph source (docs/graph.md §12).
//!
//! The App Router names a page by its folder under `app/`: `[id]` a parameter, `[...slug]` a catch-all,
//! `[[...slug]]` an optional catch-all, `(group)` a folder that is no URL segment, `@slot` a parallel
//! route's slot (no segment either), `_folder` private (never a route). Each id is rewritten into the
//! SvelteKit route-id dialect, which has the same brackets and groups, and read by
//! `fromSvelteKitRoutes` (`router_sources`), so page ids derive and rank the same way. Accepted forms:
//! route ids (`'/notes/[id]'`), file paths (`'app/notes/[id]/page.tsx'`, `'src/app/…'`), a list of them,
//! or a `{ pageId: route | { route, does } }` map. The one difference kept: a SvelteKit rest segment
//! also matches zero segments, so a Next `[...slug]` (one or more) matches its parent path too when no
//! page serves that path itself (a page at the parent path always wins, being more specific).
//! Uses `router_sources`, `def`, `error`; used by `js::graph::routers` and tests.

use crate::codes::ErrorCode;
use serde_json::Value;

use super::def::DefValue;
use super::error::GraphError;
use super::names::quote;
use super::router_sources::from_sveltekit_routes;

/// `fromNextRoutes(ids, options)` → a routes snapshot (SvelteKit syntax).
pub fn from_next_routes(ids: &DefValue, options: &DefValue) -> Result<Value, GraphError> {
    let rewritten = match ids {
        DefValue::Array(list) => {
            let mut out = Vec::new();
            for (i, item) in list.iter().enumerate() {
                match item {
                    DefValue::String(raw) => {
                        if let Some(id) = route_id(raw, &format!("fromNextRoutes ids[{i}]"))? {
                            out.push(DefValue::String(id));
                        }
                    }
                    other => out.push(other.clone()), // named by the SvelteKit reader
                }
            }
            DefValue::Array(out)
        }
        DefValue::Object(entries) => {
            let mut out = Vec::new();
            for (key, entry) in entries {
                let place = format!("fromNextRoutes page {}", quote(key));
                let entry = match entry {
                    DefValue::String(raw) => match route_id(raw, &place)? {
                        Some(id) => DefValue::String(id),
                        None => continue,
                    },
                    DefValue::Object(fields) => {
                        let mut fields = fields.clone();
                        for (name, value) in fields.iter_mut() {
                            if let (true, DefValue::String(raw)) = (name == "route", &*value) {
                                match route_id(raw, &place)? {
                                    Some(id) => *value = DefValue::String(id),
                                    None => continue,
                                }
                            }
                        }
                        DefValue::Object(fields)
                    }
                    other => other.clone(),
                };
                out.push((key.clone(), entry));
            }
            DefValue::Object(out)
        }
        other => {
            return Err(GraphError::new(
                ErrorCode::BadValue,
                format!("fromNextRoutes: the ids are {}: pass a list of App Router route ids (e.g. ['/', '/notes/[id]', '/docs/[...slug]']) or {{ pageId: '/notes/[id]' }}", other.type_name()),
            ))
        }
    };
    from_sveltekit_routes(&rewritten, options)
}

/// One App Router id or `page.*` file path as a SvelteKit route id; `None` for a private folder.
fn route_id(raw: &str, place: &str) -> Result<Option<String>, GraphError> {
    let mut path = raw.trim();
    for prefix in ["./", "/"] {
        path = path.strip_prefix(prefix).unwrap_or(path);
    }
    // A file is a last segment with an extension; brackets (`[...slug]`) are folders.
    let is_file = path
        .rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.') && !last.starts_with('['));
    if is_file {
        let (dir, file) = path.rsplit_once('/').unwrap_or(("", path));
        if !file.starts_with("page.") {
            return Err(GraphError::new(
                ErrorCode::BadValue,
                format!("{place} is {}: only `page` files are pages (a layout, route or loading file is not); list 'app/…/page.tsx' files or route ids such as '/notes/[id]'", quote(raw)),
            ));
        }
        path = dir;
        for prefix in ["src/app", "app"] {
            if path == prefix {
                path = "";
            } else if let Some(rest) = path.strip_prefix(&format!("{prefix}/")) {
                path = rest;
            }
        }
    }
    let mut segments = Vec::new();
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        if segment.starts_with('_') {
            return Ok(None);
        }
        if segment.starts_with('@') {
            continue;
        }
        let segment = match segment
            .strip_prefix("[[...")
            .and_then(|s| s.strip_suffix("]]"))
        {
            Some(name) => format!("[...{name}]"),
            None => segment.to_string(),
        };
        segments.push(segment);
    }
    Ok(Some(format!("/{}", segments.join("/"))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(raw: &str) -> Option<String> {
        route_id(raw, "test").unwrap()
    }

    #[test]
    fn folders_and_files_become_sveltekit_route_ids() {
        assert_eq!(id("/").as_deref(), Some("/"));
        assert_eq!(id("app/page.tsx").as_deref(), Some("/"));
        assert_eq!(
            id("src/app/notes/[id]/page.jsx").as_deref(),
            Some("/notes/[id]")
        );
        assert_eq!(id("/docs/[[...slug]]").as_deref(), Some("/docs/[...slug]"));
        assert_eq!(id("/(shop)/cart/@modal").as_deref(), Some("/(shop)/cart"));
        assert_eq!(id("/_private/x"), None);
        assert!(route_id("app/notes/layout.tsx", "t").is_err());
    }
}
