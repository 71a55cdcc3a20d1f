//! Route syntax: the two dialects a route string may be written in, parsed into one [`RoutePattern`].
//!
//! - **Colon syntax** (`fromRoutes`, a hand page's `route`, `fromReactRouter`): React Router's path
//!   syntax — literal segments, `:param`, optional `:param?` and `static?` segments, and a final `*` splat.
//! - **SvelteKit syntax** (`fromSvelteKitRoutes`): route ids with `[param]`, `[param=matcher]`,
//!   `[[optional]]`, `[...rest]` (anywhere) and `(group)` segments, which never reach the URL.
//!
//! Anything else that looks like syntax (`[id]` in colon syntax, `{id}`, `:id` in a SvelteKit id,
//! regex-ish characters, partial segments such as `foo-[id]`) is refused — never taken as a literal — so
//! a route is never silently misread (docs/graph.md §6.1). A pattern is *literal* when every segment is a
//! plain one: only then can it be navigated to without inventing a value (decision 13).
//! Uses nothing else in the crate; used by `routes` (matching), `sources`, `router_sources`, `merge`,
//! `actions` and `compile`.

/// The dialect of a route string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteSyntax {
    /// `fromRoutes` and hand-authored routes: colon syntax, case-sensitive.
    Colon,
    /// `fromReactRouter`: colon syntax, case-insensitive unless the route said `caseSensitive: true`.
    ReactRouter,
    /// `fromSvelteKitRoutes`: SvelteKit route ids, case-sensitive, SvelteKit's own ranking.
    SvelteKit,
}

impl RouteSyntax {
    /// The snapshot's `syntax` field: absent → colon syntax.
    pub fn from_name(name: Option<&str>) -> Option<RouteSyntax> {
        match name {
            None => Some(RouteSyntax::Colon),
            Some("react-router") => Some(RouteSyntax::ReactRouter),
            Some("sveltekit") => Some(RouteSyntax::SvelteKit),
            Some(_) => None,
        }
    }

    /// The snapshot's `syntax` field for this dialect (`None` for plain `fromRoutes`).
    pub fn name(self) -> Option<&'static str> {
        match self {
            RouteSyntax::Colon => None,
            RouteSyntax::ReactRouter => Some("react-router"),
            RouteSyntax::SvelteKit => Some("sveltekit"),
        }
    }

    /// Whether static segments compare case-sensitively when the route says nothing.
    pub fn default_case_sensitive(self) -> bool {
        !matches!(self, RouteSyntax::ReactRouter)
    }
}

/// One segment of a parsed route.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// A literal segment.
    Static(String),
    /// `static?`: the literal segment or nothing (React Router).
    OptionalStatic(String),
    /// `:name`, `:name?`, `[name]`, `[[name]]`, `[name=matcher]`: one segment (or none when optional).
    Param {
        name: String,
        optional: bool,
        matcher: Option<String>,
    },
    /// `*` (React Router, last only) or `[...name]` (SvelteKit, anywhere): any number of segments, none included.
    Splat {
        name: Option<String>,
        matcher: Option<String>,
    },
    /// A SvelteKit `(group)` segment: part of the id, never of the URL.
    Group(String),
}

impl Part {
    /// The part matches exactly one fixed segment (or, for a group, none).
    fn is_plain(&self) -> bool {
        matches!(self, Part::Static(_) | Part::Group(_))
    }
}

/// A parsed route.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoutePattern {
    pub syntax: RouteSyntax,
    pub parts: Vec<Part>,
    pub case_sensitive: bool,
}

/// Why a route string was refused: the offending segment, the rule and the fix, in one sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteSyntaxError(pub String);

/// Characters that mean syntax somewhere and are never a literal in our routes.
const SYNTAX_CHARS: &[char] = &[
    '[', ']', '{', '}', '(', ')', '<', '>', '*', '?', ':', '+', '|', '\\', '^', '$', '#', '"', '`',
];

/// The most segments a route may have (it bounds matching work).
const MAX_ROUTE_SEGMENTS: usize = 256;

/// A param name: what both routers accept (`[\w-]+` in React Router, `\w+` in SvelteKit).
fn is_param_name(name: &str, allow_dash: bool) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || (allow_dash && c == '-'))
}

/// Parse `route` in `syntax`. Leading, trailing and doubled slashes do not matter.
pub fn parse_route(
    route: &str,
    syntax: RouteSyntax,
    case_sensitive: Option<bool>,
) -> Result<RoutePattern, RouteSyntaxError> {
    let mut parts = Vec::new();
    let raw: Vec<&str> = route.split('/').filter(|s| !s.is_empty()).collect();
    if raw.len() > MAX_ROUTE_SEGMENTS {
        return Err(RouteSyntaxError(format!(
            "it has {} segments, more than the {MAX_ROUTE_SEGMENTS} a route may have; no router serves such an address",
            raw.len()
        )));
    }
    for (index, segment) in raw.iter().enumerate() {
        let last = index + 1 == raw.len();
        let part = match syntax {
            RouteSyntax::Colon | RouteSyntax::ReactRouter => parse_colon_segment(segment, last)?,
            RouteSyntax::SvelteKit => parse_svelte_segment(segment)?,
        };
        parts.push(part);
    }
    check_unique_params(&parts)?;
    let case_sensitive = case_sensitive.unwrap_or(syntax.default_case_sensitive());
    Ok(RoutePattern {
        syntax,
        parts,
        case_sensitive,
    })
}

fn check_unique_params(parts: &[Part]) -> Result<(), RouteSyntaxError> {
    let mut seen: Vec<&str> = Vec::new();
    for part in parts {
        let name = match part {
            Part::Param { name, .. }
            | Part::Splat {
                name: Some(name), ..
            } => name.as_str(),
            _ => continue,
        };
        if seen.contains(&name) {
            return Err(RouteSyntaxError(format!(
                "the param name '{name}' appears twice: each param of a route needs its own name; rename one"
            )));
        }
        seen.push(name);
    }
    Ok(())
}

fn parse_colon_segment(segment: &str, last: bool) -> Result<Part, RouteSyntaxError> {
    if segment == "*" {
        if !last {
            return Err(RouteSyntaxError(
                "'*' is not the last segment: a splat matches the rest of the path, so it must end the route (e.g. '/files/*')".into(),
            ));
        }
        return Ok(Part::Splat {
            name: None,
            matcher: None,
        });
    }
    if let Some(rest) = segment.strip_prefix(':') {
        let (name, optional) = match rest.strip_suffix('?') {
            Some(name) => (name, true),
            None => (rest, false),
        };
        if is_param_name(name, true) {
            return Ok(Part::Param {
                name: name.to_string(),
                optional,
                matcher: None,
            });
        }
        return Err(RouteSyntaxError(format!(
            "segment '{segment}' is not a param: a param is ':' then letters, digits, '_' or '-' (e.g. ':id', or ':id?' when optional)"
        )));
    }
    let (text, optional) = match segment.strip_suffix('?') {
        Some(text) => (text, true),
        None => (segment, false),
    };
    if let Some(c) = text
        .chars()
        .find(|c| SYNTAX_CHARS.contains(c) || c.is_whitespace())
    {
        return Err(colon_refusal(segment, c));
    }
    if text.is_empty() {
        return Err(colon_refusal(segment, '?'));
    }
    Ok(if optional {
        Part::OptionalStatic(text.to_string())
    } else {
        Part::Static(text.to_string())
    })
}

fn colon_refusal(segment: &str, c: char) -> RouteSyntaxError {
    let hint = if segment.starts_with('[') && segment.ends_with(']') {
        let inner = segment
            .trim_start_matches('[')
            .trim_end_matches(']')
            .trim_start_matches("...");
        format!("that is SvelteKit syntax: write ':{inner}' here, or read SvelteKit route ids with fromSvelteKitRoutes(…)")
    } else if segment.starts_with('{') && segment.ends_with('}') {
        format!(
            "write ':{}' for a param",
            segment.trim_start_matches('{').trim_end_matches('}')
        )
    } else {
        "routes use literal segments, ':param', ':param?', 'segment?' and a final '*' only".into()
    };
    RouteSyntaxError(format!("segment '{segment}' contains '{c}', which is not route syntax groundfacts reads as a literal: {hint}"))
}

fn parse_svelte_segment(segment: &str) -> Result<Part, RouteSyntaxError> {
    if let Some(inner) = segment.strip_prefix('(').and_then(|s| s.strip_suffix(')')) {
        if !inner.is_empty() && !inner.contains(['(', ')', '[', ']']) {
            return Ok(Part::Group(inner.to_string()));
        }
    }
    if let Some(inner) = segment
        .strip_prefix("[[")
        .and_then(|s| s.strip_suffix("]]"))
    {
        if inner.starts_with("...") {
            return Err(svelte_refusal(segment, "'[[...rest]]' is not valid SvelteKit: a rest param already matches nothing; write '[...rest]'"));
        }
        let (name, matcher) = svelte_param(segment, inner)?;
        return Ok(Part::Param {
            name,
            optional: true,
            matcher,
        });
    }
    if let Some(inner) = segment.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
        if let Some(rest) = inner.strip_prefix("...") {
            let (name, matcher) = svelte_param(segment, rest)?;
            return Ok(Part::Splat {
                name: Some(name),
                matcher,
            });
        }
        let (name, matcher) = svelte_param(segment, inner)?;
        return Ok(Part::Param {
            name,
            optional: false,
            matcher,
        });
    }
    if segment.contains(['[', ']']) {
        return Err(svelte_refusal(
            segment,
            "a segment that mixes text and a param (such as 'foo-[id]') or carries an escape ('[x+2f]') is not matched by groundfacts yet; make the param the whole segment",
        ));
    }
    if let Some(c) = segment
        .chars()
        .find(|c| SYNTAX_CHARS.contains(c) || c.is_whitespace())
    {
        let hint = if segment.starts_with(':') || segment == "*" {
            "that is React Router syntax: SvelteKit ids write '[id]' and '[...rest]'"
        } else {
            "SvelteKit ids use literal segments, '[param]', '[param=matcher]', '[[optional]]', '[...rest]' and '(group)' only"
        };
        return Err(svelte_refusal(
            segment,
            &format!("it contains '{c}': {hint}"),
        ));
    }
    Ok(Part::Static(segment.to_string()))
}

fn svelte_param(segment: &str, inner: &str) -> Result<(String, Option<String>), RouteSyntaxError> {
    let (name, matcher) = match inner.split_once('=') {
        Some((name, matcher)) => (name, Some(matcher)),
        None => (inner, None),
    };
    if !is_param_name(name, false) || matcher.is_some_and(|m| !is_param_name(m, false)) {
        return Err(svelte_refusal(segment, "a param name and a matcher name are letters, digits and '_' (e.g. '[id]' or '[id=integer]')"));
    }
    Ok((name.to_string(), matcher.map(str::to_string)))
}

fn svelte_refusal(segment: &str, why: &str) -> RouteSyntaxError {
    RouteSyntaxError(format!(
        "segment '{segment}' is not SvelteKit route syntax groundfacts reads: {why}"
    ))
}

impl RoutePattern {
    /// Navigable as written: no param, optional or splat part (decision 13).
    pub fn is_literal(&self) -> bool {
        self.parts.iter().all(Part::is_plain)
    }

    /// The URL path of a literal pattern (`/(app)/notes` → `/notes`), or `None` when it needs values.
    pub fn literal_path(&self) -> Option<String> {
        if !self.is_literal() {
            return None;
        }
        let segments: Vec<&str> = self
            .parts
            .iter()
            .filter_map(|p| match p {
                Part::Static(s) => Some(s.as_str()),
                _ => None,
            })
            .collect();
        Some(format!("/{}", segments.join("/")))
    }

    /// Whether two patterns address the same places: same shape, param names and matchers aside.
    pub fn equivalent(&self, other: &RoutePattern) -> bool {
        let a: Vec<&Part> = self
            .parts
            .iter()
            .filter(|p| !matches!(p, Part::Group(_)))
            .collect();
        let b: Vec<&Part> = other
            .parts
            .iter()
            .filter(|p| !matches!(p, Part::Group(_)))
            .collect();
        a.len() == b.len()
            && a.iter().zip(&b).all(|(x, y)| match (x, y) {
                (Part::Static(x), Part::Static(y))
                | (Part::OptionalStatic(x), Part::OptionalStatic(y)) => x == y,
                (Part::Param { optional: x, .. }, Part::Param { optional: y, .. }) => x == y,
                (Part::Splat { .. }, Part::Splat { .. }) => true,
                _ => false,
            })
    }

    /// The page id a route is given when its author named none: its URL segments joined with '-',
    /// params by name (`/notes/:id` → `notes-id`, `/[[lang]]/about` → `lang-about`), a nameless
    /// splat as `*`, and the root as `home`.
    pub fn default_page_id(&self) -> String {
        let words: Vec<&str> = self
            .parts
            .iter()
            .filter_map(|p| match p {
                Part::Static(s) | Part::OptionalStatic(s) => Some(s.as_str()),
                Part::Param { name, .. }
                | Part::Splat {
                    name: Some(name), ..
                } => Some(name.as_str()),
                Part::Splat { name: None, .. } => Some("*"),
                Part::Group(_) => None,
            })
            .collect();
        if words.is_empty() {
            "home".into()
        } else {
            words.join("-")
        }
    }
}

/// The address a page with a literal route is navigated to: the route as written (its author's
/// spelling), or for a SvelteKit id its URL path (groups dropped). `None` when the route needs values.
pub fn literal_href(route: Option<&str>, pattern: Option<&RoutePattern>) -> Option<String> {
    let (route, pattern) = (route?, pattern?);
    match pattern.syntax {
        RouteSyntax::SvelteKit => pattern.literal_path(),
        _ => pattern.is_literal().then(|| route.to_string()),
    }
}

/// Whether an address (a url binding's `href`, query and hash cut off) is literal colon syntax: no
/// param, optional or splat segment and nothing refused as syntax.
pub fn is_literal_href(href: &str) -> bool {
    let end = href.find(['?', '#']).unwrap_or(href.len());
    parse_route(href.get(..end).unwrap_or(href), RouteSyntax::Colon, None)
        .is_ok_and(|p| p.is_literal())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colon(route: &str) -> Result<RoutePattern, RouteSyntaxError> {
        parse_route(route, RouteSyntax::Colon, None)
    }

    #[test]
    fn colon_syntax_reads_params_optionals_and_a_final_splat() {
        let p = colon("/:lang?/docs/edit?/:id/*").expect("parses");
        assert_eq!(p.parts.len(), 5);
        assert!(matches!(&p.parts[0], Part::Param { optional: true, .. }));
        assert_eq!(p.parts[2], Part::OptionalStatic("edit".into()));
        assert!(matches!(p.parts[4], Part::Splat { name: None, .. }));
        assert!(colon("/files/*/x").is_err());
        assert!(colon("/notes/[id]")
            .expect_err("svelte")
            .0
            .contains("fromSvelteKitRoutes"));
        assert!(colon("/notes/{id}")
            .expect_err("braces")
            .0
            .contains("':id'"));
        assert!(colon("/a/:id/:id").is_err());
        assert!(colon("/a/:").is_err());
        assert!(colon("/a/?").is_err());
    }

    #[test]
    fn sveltekit_syntax_reads_groups_optionals_rest_and_matchers() {
        let p = parse_route(
            "/(app)/[[lang]]/notes/[id=integer]/[...rest]",
            RouteSyntax::SvelteKit,
            None,
        )
        .expect("parses");
        assert_eq!(p.parts[0], Part::Group("app".into()));
        assert_eq!(
            p.parts[3],
            Part::Param {
                name: "id".into(),
                optional: false,
                matcher: Some("integer".into())
            }
        );
        assert_eq!(p.default_page_id(), "lang-notes-id-rest");
        for bad in ["/foo-[id]", "/notes/:id", "/[[...x]]", "/[a-b]", "/*"] {
            assert!(
                parse_route(bad, RouteSyntax::SvelteKit, None).is_err(),
                "{bad}"
            );
        }
        let group_only =
            parse_route("/(marketing)/about", RouteSyntax::SvelteKit, None).expect("parses");
        assert_eq!(group_only.literal_path().as_deref(), Some("/about"));
    }
}
