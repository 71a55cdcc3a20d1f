//! `matchRoute` and the route segment law.
//!
//! A route is split into segments after cutting any `?…`/`#…` and dropping empty segments, so leading,
//! trailing and doubled slashes never matter. `matchRoute` (docs/graph.md §7) picks the page whose route
//! matches a path best — most literal segments, then the longer route text, then page order — and
//! never guesses a nearest page. "Literal" (decision 13) means no `:param` segment and no `*`: only a
//! literal route can be navigated to without inventing a value. Uses `model`; used by `compile`
//! (cross-links, url hrefs, route conflicts), `sources`, and by the session and JS layer.

use super::model::{NavigationGraph, Page};

/// The non-empty segments of a route or path, after cutting at the first `?` or `#`.
pub fn segments(route: &str) -> Vec<&str> {
    let end = route.find(['?', '#']).unwrap_or(route.len());
    route
        .get(..end)
        .unwrap_or(route)
        .split('/')
        .filter(|s| !s.is_empty())
        .collect()
}

fn is_param(segment: &str) -> bool {
    segment.starts_with(':')
}

/// Whether `route` can be navigated to as written: no `:param` segment and no `*` wildcard.
pub fn is_literal_route(route: &str) -> bool {
    segments(route)
        .iter()
        .all(|s| !is_param(s) && !s.contains('*'))
}

/// Whether two routes address the same places: same segment count, each pair equal or both `:param`
/// (`/cart` = `cart/`, `/orders/:id` = `/orders/:orderId`, `/a/:id` ≠ `/a/1`).
pub fn routes_equivalent(a: &str, b: &str) -> bool {
    let (a, b) = (segments(a), segments(b));
    a.len() == b.len()
        && a.iter()
            .zip(&b)
            .all(|(x, y)| x == y || (is_param(x) && is_param(y)))
}

/// The page whose route best matches `path`, or `None` (never a nearest guess).
pub fn match_route(graph: &NavigationGraph, path: &str) -> Option<String> {
    match_route_in(&graph.pages, path)
}

/// [`match_route`] over any list of pages, in order.
pub fn match_route_in(pages: &[Page], path: &str) -> Option<String> {
    let wanted = segments(path);
    let mut best: Option<(usize, usize, &Page)> = None;
    for page in pages {
        let Some(route) = page.route.as_deref() else {
            continue;
        };
        let candidate = segments(route);
        if candidate.len() != wanted.len() {
            continue;
        }
        let fits = candidate
            .iter()
            .zip(&wanted)
            .all(|(r, p)| is_param(r) || r == p);
        if !fits {
            continue;
        }
        let literal = candidate.iter().filter(|s| !is_param(s)).count();
        let better = match best {
            None => true,
            Some((best_literal, best_len, _)) => {
                literal > best_literal || (literal == best_literal && route.len() > best_len)
            }
        };
        if better {
            best = Some((literal, route.len(), page));
        }
    }
    best.map(|(_, _, page)| page.id.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_and_hash_are_cut_before_splitting() {
        assert_eq!(segments("/orders/123/?tab=x#top"), vec!["orders", "123"]);
        assert!(segments("/").is_empty());
        assert!(segments("").is_empty());
    }

    #[test]
    fn params_and_wildcards_are_not_literal() {
        assert!(is_literal_route("/projects/new"));
        assert!(!is_literal_route("/projects/:id"));
        assert!(!is_literal_route("/files/*"));
        assert!(routes_equivalent("/cart", "cart/"));
        assert!(routes_equivalent("/orders/:id", "/orders/:orderId"));
        assert!(!routes_equivalent("/a/:id", "/a/1"));
        assert!(!routes_equivalent("/cart", "/cart/items"));
    }
}
