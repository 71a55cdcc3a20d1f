//! Compiling one action definition (docs/graph.md §2.3) — the same rules for a page action, a root-level
//! action (which adds `on`) and an action a component declares at mount (which may add `handler`).
//!
//! `does` is required; `input` is compiled by `input`; `when`/`enabledWhen`/filter `verify` by
//! `guards`; `goTo` must name a page; `writes` is an array of strings and `confirm` a boolean
//! (decision 10); `concurrency` is 'single-flight' or 'once' (docs/session.md §26); `binding` supports `{ kind: 'url', href }` with a literal href; `control` is `{ role, name }` (the sensor's locator); `role` is one of the
//! known words. `null` means absent for every optional field except `input`.
//! Uses `def`, `fields`, `guards`, `input`, `names`, `route_syntax`, `model`; used by `compile`.

use super::def::DefValue;
use super::error::GraphError;
use super::fields::{check_keys, expect_object, field, optional_bool, optional_string};
use super::guards::{compile_filter, FilterUse};
use super::input::compile_input;
use super::model::{Action, ActionOrigin, Concurrency, ControlLocator, Verify};
use super::names::{check_name, quote, quote_list, RESERVED_ACTION_NAME};
use super::route_syntax::is_literal_href;
use crate::codes::ErrorCode;
use crate::graph::def::CallbackId;

/// The keys every action may carry.
const ACTION_KEYS: [&str; 12] = [
    "does",
    "input",
    "writes",
    "verify",
    "when",
    "enabledWhen",
    "goTo",
    "confirm",
    "binding",
    "role",
    "concurrency",
    "control",
];
/// The roles an action may declare.
const ROLES: [&str; 8] = [
    "next", "prev", "submit", "cancel", "back", "open", "close", "action",
];

/// A page as the action compiler needs it: its id and its route.
#[derive(Debug, Clone)]
pub(crate) struct PageRef<'a> {
    pub id: &'a str,
    /// The page's URL when its route is literal (a param route has none: params are never guessed).
    pub href: Option<String>,
}

/// Where an action is declared.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Site<'a> {
    /// `pages.<page>.actions.<name>`.
    Page(&'a str),
    /// Root-level `actions.<name>` (needs `on`).
    Root,
    /// Declared at mount on `<page>` (may carry `handler`).
    Mounted(&'a str),
}

/// Check an action name: the name law plus the reserved journey escape name.
pub(crate) fn check_action_name(name: &str, owner: &str) -> Result<(), GraphError> {
    check_name(name, owner)?;
    if name == RESERVED_ACTION_NAME {
        return Err(GraphError::new(
            ErrorCode::ReservedAction,
            format!(
                "{owner} {}: that name is reserved for the journey escape tool; choose another",
                quote(name)
            ),
        ));
    }
    Ok(())
}

/// Compile the action `name` declared at `site` with definition `def`, against `pages`.
pub(crate) fn compile_action(
    site: Site<'_>,
    name: &str,
    def: &DefValue,
    pages: &[PageRef<'_>],
) -> Result<(Action, Option<CallbackId>), GraphError> {
    let name_owner = match site {
        Site::Page(page) | Site::Mounted(page) => format!("action on page {}", quote(page)),
        Site::Root => "root action".to_string(),
    };
    check_action_name(name, &name_owner)?;
    let id = match site {
        Site::Page(page) | Site::Mounted(page) => format!("{page}.{name}"),
        Site::Root => name.to_string(),
    };
    let owner = match site {
        Site::Root => format!("root action {}", quote(&id)),
        _ => format!("action {}", quote(&id)),
    };
    let fields = expect_object(def, &owner, "write { does: '…', … }")?;
    let mut allowed: Vec<&str> = ACTION_KEYS.to_vec();
    match site {
        Site::Root => allowed.push("on"),
        Site::Mounted(_) => allowed.push("handler"),
        Site::Page(_) => {
            if field(fields, "on").is_some() {
                return Err(GraphError::new(
                    ErrorCode::UnknownKey,
                    format!("{owner} has `on`, which belongs to root-level actions: a page action is offered on its own page; move it to the definition's `actions` to offer it on several pages"),
                ));
            }
        }
    }
    check_keys(fields, &allowed, &owner)?;

    let does = match field(fields, "does") {
        Some(DefValue::String(text)) if !text.trim().is_empty() => text.clone(),
        Some(DefValue::String(_)) | None => {
            return Err(GraphError::new(
                ErrorCode::MissingDoes,
                format!("{owner} has no `does`: it is required — the one sentence both the app and the model read; write what the action does"),
            ))
        }
        Some(other) => {
            return Err(GraphError::new(
                ErrorCode::BadValue,
                format!("{owner} `does` is {}: it must be a sentence saying what the action does", other.type_name()),
            ))
        }
    };

    let (on, node, origin) = match site {
        Site::Page(page) => (vec![page.to_string()], page.to_string(), ActionOrigin::Page),
        Site::Mounted(page) => (
            vec![page.to_string()],
            page.to_string(),
            ActionOrigin::Mounted,
        ),
        Site::Root => {
            let on = read_on(fields, &owner, pages)?;
            let node = on.first().cloned().unwrap_or_default();
            (on, node, ActionOrigin::Root)
        }
    };

    let input = compile_input(
        fields
            .iter()
            .find(|(k, _)| k == "input")
            .map_or(&DefValue::Undefined, |(_, v)| v),
        &owner,
    )?;
    let writes = read_writes(fields, &owner)?;
    let guard = field(fields, "when")
        .map(|f| compile_filter(f, &owner, FilterUse::When))
        .transpose()?;
    let enabled_when = field(fields, "enabledWhen")
        .map(|f| compile_filter(f, &owner, FilterUse::EnabledWhen))
        .transpose()?;
    let verify = match field(fields, "verify") {
        None => None,
        Some(DefValue::Function(callback)) => Some(Verify::Predicate(*callback)),
        Some(value @ DefValue::Object(_)) => Some(Verify::Filter(compile_filter(value, &owner, FilterUse::Verify)?)),
        Some(other) => {
            return Err(GraphError::new(
                ErrorCode::BadFilter,
                format!(
                    "{owner} `verify` is {}: it must be a filter object {{ stateKey: {{ op: value }} }} or a function (state) => boolean",
                    other.type_name()
                ),
            ))
        }
    };

    let navigates_to = match optional_string(fields, "goTo", &owner)? {
        None => None,
        Some(target) if target.is_empty() => None,
        Some(target) => {
            if !pages.iter().any(|p| p.id == target) {
                return Err(GraphError::new(
                    ErrorCode::UnknownGoto,
                    format!(
                        "{owner} `goTo` names {}, which is not a page; known pages: {}",
                        quote(&target),
                        quote_list(pages.iter().map(|p| p.id))
                    ),
                ));
            }
            Some(target)
        }
    };
    let high_effect = optional_bool(fields, "confirm", &owner)?.unwrap_or(false);
    let concurrency = match optional_string(fields, "concurrency", &owner)? {
        None => Concurrency::Parallel,
        Some(word) => Concurrency::parse(&word).ok_or_else(|| {
            GraphError::new(
                ErrorCode::BadValue,
                format!(
                    "{owner} `concurrency` is {}: it must be 'single-flight' (one fire at a time) or 'once' (one performed fire per session); omit it to judge every fire on its own",
                    quote(&word)
                ),
            )
        })?,
    };
    let binding_href = read_binding(fields, &owner)?;
    let role = match optional_string(fields, "role", &owner)? {
        Some(role) if ROLES.contains(&role.as_str()) => role,
        Some(role) => {
            return Err(GraphError::new(
                ErrorCode::BadValue,
                format!(
                    "{owner} `role` is {}: it must be one of {}",
                    quote(&role),
                    ROLES.join(", ")
                ),
            ))
        }
        None if navigates_to.is_some() => "next".into(),
        None => "action".into(),
    };
    let handler = match (site, field(fields, "handler")) {
        (_, None) => None,
        (Site::Mounted(_), Some(DefValue::Function(callback))) => Some(*callback),
        (_, Some(other)) => {
            return Err(GraphError::new(
                ErrorCode::BadValue,
                format!(
                    "{owner} `handler` is {}: it must be a function",
                    other.type_name()
                ),
            ))
        }
    };
    let url_href = match binding_href {
        Some(href) => Some(href),
        None => navigates_to
            .as_deref()
            .and_then(|target| pages.iter().find(|p| p.id == target))
            .and_then(|p| p.href.clone()),
    };

    let action = Action {
        id,
        does,
        on,
        node,
        origin,
        guard,
        enabled_when,
        verify,
        navigates_to,
        writes,
        input,
        high_effect,
        role,
        url_href,
        concurrency,
        control: read_control(fields, &owner)?,
    };
    Ok((action, handler))
}

/// `control: { role, name }` (docs/session.md §33): two non-empty strings, the name kept as written
/// with its white space collapsed (how an accessible name is compared).
fn read_control(
    fields: &[(String, DefValue)],
    owner: &str,
) -> Result<Option<ControlLocator>, GraphError> {
    let Some(control) = field(fields, "control") else {
        return Ok(None);
    };
    let place = format!("{owner} `control`");
    let fix =
        "write { role: 'button', name: 'Save' } — the control's ARIA role and accessible name";
    let entries = expect_object(control, &place, fix)?;
    check_keys(entries, &["role", "name"], &place)?;
    let read = |key: &str| match field(entries, key) {
        Some(DefValue::String(text)) if !text.trim().is_empty() => {
            Ok(text.split_whitespace().collect::<Vec<_>>().join(" "))
        }
        other => Err(GraphError::new(
            ErrorCode::BadValue,
            format!(
                "{place} `{key}` is {}: it must be a non-empty string; {fix}",
                other.map_or_else(|| "missing", DefValue::type_name)
            ),
        )),
    };
    let role = read("role")?.to_ascii_lowercase();
    let name = read("name")?;
    Ok(Some(ControlLocator { role, name }))
}

/// A root action's `on`: a page id or a non-empty list of page ids (duplicates kept).
fn read_on(
    fields: &[(String, DefValue)],
    owner: &str,
    pages: &[PageRef<'_>],
) -> Result<Vec<String>, GraphError> {
    let names: Vec<&DefValue> = match field(fields, "on") {
        None => Vec::new(),
        Some(DefValue::Array(items)) => items.iter().collect(),
        Some(single) => vec![single],
    };
    if names.is_empty() {
        return Err(GraphError::new(
            ErrorCode::RootActionNoPages,
            format!(
                "{owner} has no `on`: a root-level action must list the pages it is offered on, e.g. on: ['{}']",
                pages.first().map_or("page", |p| p.id)
            ),
        ));
    }
    let mut on = Vec::with_capacity(names.len());
    for name in names {
        let Some(name) = name.as_str() else {
            return Err(GraphError::new(
                ErrorCode::BadValue,
                format!(
                    "{owner} `on` lists {}: list page ids as strings",
                    name.type_name()
                ),
            ));
        };
        if !pages.iter().any(|p| p.id == name) {
            return Err(GraphError::new(
                ErrorCode::UnknownPage,
                format!(
                    "{owner} `on` names {}, which is not a page; known pages: {}",
                    quote(name),
                    quote_list(pages.iter().map(|p| p.id))
                ),
            ));
        }
        on.push(name.to_string());
    }
    Ok(on)
}

/// `writes`: an array of state-key strings (`[]` allowed: it declares none).
fn read_writes(
    fields: &[(String, DefValue)],
    owner: &str,
) -> Result<Option<Vec<String>>, GraphError> {
    let Some(value) = field(fields, "writes") else {
        return Ok(None);
    };
    let refuse = |what: String| {
        GraphError::new(
            ErrorCode::BadValue,
            format!("{owner} `writes` {what}: it must be an array of state keys, e.g. writes: ['project.name']"),
        )
    };
    let DefValue::Array(items) = value else {
        return Err(refuse(format!("is {}", value.type_name())));
    };
    items
        .iter()
        .map(|item| {
            item.as_str()
                .map(str::to_string)
                .ok_or_else(|| refuse(format!("lists {}", item.type_name())))
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// `binding`: only `{ kind: 'url', href }` with a literal href. Returns the href.
fn read_binding(fields: &[(String, DefValue)], owner: &str) -> Result<Option<String>, GraphError> {
    let Some(binding) = field(fields, "binding") else {
        return Ok(None);
    };
    let place = format!("{owner} `binding`");
    let entries = expect_object(binding, &place, "write { kind: 'url', href: '/path' }")?;
    check_keys(entries, &["kind", "href"], &place)?;
    if field(entries, "kind").and_then(DefValue::as_str) != Some("url") {
        return Err(GraphError::new(
            ErrorCode::BadBinding,
            format!("{place} is not a url binding: only {{ kind: 'url', href: '/path' }} is supported; wire other gestures with a handler"),
        ));
    }
    let href = match field(entries, "href") {
        Some(DefValue::String(href)) => href.clone(),
        other => {
            return Err(GraphError::new(
                ErrorCode::BadBinding,
                format!(
                    "{place} `href` is {}: it must be a literal address string such as '/projects'",
                    other.map_or_else(|| "missing", DefValue::type_name)
                ),
            ))
        }
    };
    if !is_literal_href(&href) {
        return Err(GraphError::new(
            ErrorCode::ParamRoute,
            format!(
                "{place} `href` {} is not a literal address (a param, optional or splat segment, or route syntax): params are never guessed; use a literal address or a handler",
                quote(&href)
            ),
        ));
    }
    Ok(Some(href))
}
