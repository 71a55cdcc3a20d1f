//! `matchRoute`: which page a router path belongs to, by the rules the app's router itself uses.
//!
//! The path is cut at the first `?` or `#`, split on `/` with empty segments dropped (so trailing and
//! doubled slashes never matter, as in both routers) and each segment percent-decoded. A page is a
//! candidate when its parsed route ([`RoutePattern`]) matches: literal segments equal (case-insensitive
//! for React Router routes unless `caseSensitive`), a param takes one segment, an optional part one or
//! none, a splat / rest any number including none. Among candidates (docs/graph.md §7):
//! - SvelteKit routes only → SvelteKit's own sort (static before dynamic, a matcher before none,
//!   `[required]` before `[[optional]]`, rest last unless followed by a literal; ties by route id, the
//!   later id first, as SvelteKit sorts them);
//! - otherwise React Router's ranking: the score of the best-matching variant (static 10, param 3,
//!   splat −2, one per segment), higher wins; a tie goes to the page declared first.
//!
//! The app's param matchers are never run here: when the winner has a `[param=matcher]` part and another
//! page also matches, the answer depends on the app's matcher, so there is none (never a guess).
//! Uses `model`, `route_syntax`; used by `compile`, `session` (sync resolves paths) and the JS layer.

use std::cmp::Ordering;

use super::model::{NavigationGraph, Page};
use super::route_syntax::{Part, RoutePattern, RouteSyntax};

/// Paths deeper than this match no page (no router serves them; it bounds the work).
const MAX_PATH_SEGMENTS: usize = 1_000;

/// The non-empty, percent-decoded segments of a path, after cutting at the first `?` or `#`.
pub fn path_segments(path: &str) -> Vec<String> {
    let end = path.find(['?', '#']).unwrap_or(path.len());
    path.get(..end)
        .unwrap_or(path)
        .split('/')
        .filter(|s| !s.is_empty())
        .map(percent_decode)
        .collect()
}

/// `%xx` escapes decoded as UTF-8; a segment that does not decode cleanly is kept as written.
fn percent_decode(segment: &str) -> String {
    if !segment.contains('%') {
        return segment.to_string();
    }
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).and_then(|b| hex(*b)),
            bytes.get(i + 2).and_then(|b| hex(*b)),
        ) {
            (b'%', Some(hi), Some(lo)) => {
                out.push((hi * 16 + lo) as u8);
                i += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| segment.to_string())
}

/// The page whose route the app's router would pick for `path`, or `None` (never a nearest guess).
pub fn match_route(graph: &NavigationGraph, path: &str) -> Option<String> {
    match_route_in(&graph.pages, path)
}

/// [`match_route`] over any list of pages, in declaration order.
pub fn match_route_in(pages: &[Page], path: &str) -> Option<String> {
    let segments = path_segments(path);
    if segments.len() > MAX_PATH_SEGMENTS {
        return None;
    }
    let candidates: Vec<(&Page, &RoutePattern, i64)> = pages
        .iter()
        .filter_map(|page| {
            let pattern = page.pattern.as_ref()?;
            best_score(pattern, &segments).map(|score| (page, pattern, score))
        })
        .collect();
    let all_sveltekit = candidates
        .iter()
        .all(|(_, p, _)| p.syntax == RouteSyntax::SvelteKit);
    let mut winner: Option<&(&Page, &RoutePattern, i64)> = None;
    for candidate in &candidates {
        let better = match winner {
            None => true,
            Some(best) if all_sveltekit => {
                sveltekit_order(candidate.0, candidate.1, best.0, best.1) == Ordering::Less
            }
            Some(best) => candidate.2 > best.2,
        };
        if better {
            winner = Some(candidate);
        }
    }
    let (page, pattern, _) = winner?;
    let matcher_decides = pattern.parts.iter().any(|p| {
        matches!(
            p,
            Part::Param {
                matcher: Some(_),
                ..
            } | Part::Splat {
                matcher: Some(_),
                ..
            }
        )
    });
    if matcher_decides && candidates.len() > 1 {
        return None;
    }
    Some(page.id.clone())
}

fn same(route: &str, segment: &str, case_sensitive: bool) -> bool {
    route == segment
        || (!case_sensitive && crate::case::lowercase(route) == crate::case::lowercase(segment))
}

/// React Router's score of the best variant of `pattern` that matches `segments`, or `None`.
/// Computed row by row (no recursion): `next[j]` = best score for the remaining parts from segment `j`.
fn best_score(pattern: &RoutePattern, segments: &[String]) -> Option<i64> {
    let parts: Vec<&Part> = pattern
        .parts
        .iter()
        .filter(|p| !matches!(p, Part::Group(_)))
        .collect();
    let required = parts
        .iter()
        .filter(|p| {
            matches!(
                p,
                Part::Static(_)
                    | Part::Param {
                        optional: false,
                        ..
                    }
            )
        })
        .count();
    if required > segments.len() {
        return None;
    }
    let n = segments.len();
    let mut next: Vec<Option<i64>> = vec![None; n + 1];
    next[n] = Some(0);
    for part in parts.iter().rev() {
        let mut row: Vec<Option<i64>> = vec![None; n + 1];
        let add = |score: Option<i64>, by: i64| score.map(|s| s + by);
        match part {
            Part::Static(text) => {
                for j in 0..n {
                    if same(text, &segments[j], pattern.case_sensitive) {
                        row[j] = add(next[j + 1], 11);
                    }
                }
            }
            Part::OptionalStatic(text) => {
                for j in 0..=n {
                    let present = (j < n && same(text, &segments[j], pattern.case_sensitive))
                        .then(|| add(next[j + 1], 11));
                    row[j] = present.flatten().max(next[j]);
                }
            }
            Part::Param { optional, .. } => {
                for j in 0..=n {
                    let present = if j < n { add(next[j + 1], 4) } else { None };
                    row[j] = if *optional {
                        present.max(next[j])
                    } else {
                        present
                    };
                }
            }
            Part::Splat { .. } => {
                let mut suffix_best: Option<i64> = None;
                for j in (0..=n).rev() {
                    suffix_best = suffix_best.max(next[j]);
                    row[j] = add(suffix_best, -1);
                }
            }
            Part::Group(_) => continue,
        }
        next = row;
    }
    let has_splat = parts.iter().any(|p| matches!(p, Part::Splat { .. }));
    next[0].map(|score| {
        if segments.is_empty() && !has_splat {
            4
        } else {
            score + 2
        }
    })
}

/// One part of a SvelteKit segment as its sort sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SortPart<'a> {
    Static(&'a str),
    Required { matched: bool },
    Optional { matched: bool },
    Rest { matched: bool },
}

/// A SvelteKit route's segments for sorting: groups dropped, `[[optional]]` dropped unless it ends the
/// route, every dynamic segment as `'' · param · ''`.
fn sort_segments(pattern: &RoutePattern) -> Vec<Vec<SortPart<'_>>> {
    let parts: Vec<&Part> = pattern
        .parts
        .iter()
        .filter(|p| !matches!(p, Part::Group(_)))
        .collect();
    let last = parts.len().saturating_sub(1);
    let mut out = Vec::new();
    for (index, part) in parts.iter().enumerate() {
        let dynamic = match part {
            Part::Static(text) | Part::OptionalStatic(text) => {
                out.push(vec![SortPart::Static(text)]);
                continue;
            }
            Part::Param { optional: true, .. } if index != last => continue,
            Part::Param {
                optional: true,
                matcher,
                ..
            } => SortPart::Optional {
                matched: matcher.is_some(),
            },
            Part::Param { matcher, .. } => SortPart::Required {
                matched: matcher.is_some(),
            },
            Part::Splat { matcher, .. } => SortPart::Rest {
                matched: matcher.is_some(),
            },
            Part::Group(_) => continue,
        };
        out.push(vec![SortPart::Static(""), dynamic, SortPart::Static("")]);
    }
    out
}

fn static_text<'a>(part: Option<&SortPart<'a>>) -> &'a str {
    match part {
        Some(SortPart::Static(text)) => text,
        _ => "",
    }
}

/// SvelteKit's static comparison: character by character, a longer text before its own prefix.
fn sort_static(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a.chars(), b.chars());
    loop {
        match (a.next(), b.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Greater,
            (Some(_), None) => return Ordering::Less,
            (Some(x), Some(y)) if x != y => return x.cmp(&y),
            _ => {}
        }
    }
}

/// `Less` when SvelteKit sorts route `a` before route `b` (so `a` wins a path both match).
fn sveltekit_order(page_a: &Page, a: &RoutePattern, page_b: &Page, b: &RoutePattern) -> Ordering {
    let (sa, sb) = (sort_segments(a), sort_segments(b));
    for i in 0..sa.len().max(sb.len()) {
        let (seg_a, seg_b) = (sa.get(i), sb.get(i));
        let width = seg_a.map_or(1, Vec::len).max(seg_b.map_or(1, Vec::len));
        for j in 0..width {
            // A missing segment reads as one empty static part (SvelteKit's EMPTY).
            let part_a = seg_a.map_or((j == 0).then_some(&SortPart::Static("")), |s| s.get(j));
            let part_b = seg_b.map_or((j == 0).then_some(&SortPart::Static("")), |s| s.get(j));
            if j % 2 == 1 {
                let (Some(pa), Some(pb)) = (part_a, part_b) else {
                    return if part_a.is_none() {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    };
                };
                let next_a = !static_text(seg_a.and_then(|s| s.get(j + 1))).is_empty()
                    || !static_text(sa.get(i + 1).and_then(|s| s.first())).is_empty();
                let next_b = !static_text(seg_b.and_then(|s| s.get(j + 1))).is_empty()
                    || !static_text(sb.get(i + 1).and_then(|s| s.first())).is_empty();
                let (rest_a, rest_b) = (
                    matches!(pa, SortPart::Rest { .. }),
                    matches!(pb, SortPart::Rest { .. }),
                );
                if rest_a && rest_b {
                    if next_a && next_b {
                        continue;
                    }
                    if next_a != next_b {
                        return if next_a {
                            Ordering::Less
                        } else {
                            Ordering::Greater
                        };
                    }
                }
                if rest_a {
                    return if next_a && !next_b {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    };
                }
                if rest_b {
                    return if next_b && !next_a {
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    };
                }
                let matched = |p: &SortPart<'_>| {
                    matches!(
                        p,
                        SortPart::Required { matched: true } | SortPart::Optional { matched: true }
                    )
                };
                if matched(pa) != matched(pb) {
                    return if matched(pa) {
                        Ordering::Less
                    } else {
                        Ordering::Greater
                    };
                }
                match (pa, pb) {
                    (SortPart::Required { .. }, SortPart::Optional { .. }) => {
                        return Ordering::Less
                    }
                    (SortPart::Optional { .. }, SortPart::Required { .. }) => {
                        return Ordering::Greater
                    }
                    _ => {}
                }
            } else {
                let (ta, tb) = (static_text(part_a), static_text(part_b));
                if ta != tb {
                    if seg_a.is_none() {
                        return Ordering::Less;
                    }
                    if seg_b.is_none() {
                        return Ordering::Greater;
                    }
                    return sort_static(ta, tb);
                }
            }
        }
    }
    let (id_a, id_b) = (
        page_a.route.as_deref().unwrap_or(""),
        page_b.route.as_deref().unwrap_or(""),
    );
    if id_a < id_b {
        Ordering::Greater
    } else {
        Ordering::Less
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_hash_and_escapes_are_handled_before_matching() {
        assert_eq!(
            path_segments("/orders/123/?tab=x#top"),
            vec!["orders", "123"]
        );
        assert_eq!(
            path_segments("/a%20b/%E2%9C%93/%ZZ"),
            vec!["a b", "✓", "%ZZ"]
        );
        assert!(path_segments("/").is_empty());
        assert!(path_segments("").is_empty());
    }

    #[test]
    fn static_text_sorts_longer_first_then_by_character() {
        assert_eq!(sort_static("foobar", "foo"), Ordering::Less);
        assert_eq!(sort_static("a", "b"), Ordering::Less);
        assert_eq!(sort_static("x", "x"), Ordering::Equal);
    }
}
