//! The compiled, immutable navigation graph: what `buildNavigationGraph` returns and every session reads.
//!
//! Pure data plus lookups; built only by `graph::compile` (and, for mount-declared actions, by
//! `graph::compile::compile_mount_action`). Used by `session`, `facts`, `serve` and `js::graph`.
//! Order is observable everywhere (served edge order, link order, ids in messages), so every list keeps
//! the compiled order and lookups go through index maps.

use std::collections::HashMap;

use serde_json::Value;

use super::route_syntax::RoutePattern;
use crate::graph::def::CallbackId;

crate::words::words! {
    /// One comparison operator of the guard language (exactly eight), by its authored spelling.
    pub enum Op {
        Eq = "eq",
        Ne = "ne",
        Gt = "gt",
        Gte = "gte",
        Lt = "lt",
        Lte = "lte",
        In = "in",
        NotIn = "notIn",
    }
}

impl Op {
    /// The authored spelling (`eq`, `notIn`, …).
    pub fn name(self) -> &'static str {
        self.as_str()
    }
}

/// One `key op threshold` conjunct of a filter.
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    /// A flat state key, verbatim (`'project.name'` is one key, never a path).
    pub key: String,
    pub op: Op,
    pub threshold: Value,
}

/// A WhereFilter (`{ key: { op: threshold, … }, … }`), flattened in authored order. All conjuncts AND.
/// Never empty once compiled (an empty filter is refused at build).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Filter {
    pub conditions: Vec<Condition>,
}

/// How an action's input is declared.
#[derive(Debug, Clone, PartialEq)]
pub enum InputContract {
    /// No `input` declared: the library does not know the shape (never "send nothing").
    Unknown,
    /// `input: 'none'`: the action takes nothing.
    NoInput,
    /// A JSON Schema object, kept verbatim.
    Schema(Value),
}

/// The app's own post-condition for an action.
#[derive(Debug, Clone, PartialEq)]
pub enum Verify {
    Filter(Filter),
    /// A synchronous JS predicate `(state) => boolean`, held by the host.
    Predicate(CallbackId),
}

/// A page of the graph.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub id: String,
    /// The route as its source wrote it (`/notes/:id`, or a SvelteKit id such as `/notes/[id]`).
    pub route: Option<String>,
    /// `route` parsed in its source's syntax (what `matchRoute` and the literal checks read).
    pub pattern: Option<RoutePattern>,
    /// The page's own description (`does`), e.g. "the Projects list".
    pub description: Option<String>,
}

/// Where an action came from (drives ordering and what unmount removes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionOrigin {
    /// `pages.P.actions.x` → id `P.x`.
    Page,
    /// A generated `go-to-<page>` cross-link.
    CrossLink,
    /// A hand-authored root-level action (`actions.x` with `on`).
    Root,
    /// Declared live by `registerActions(path, { actions })` at mount.
    Mounted,
}

/// A compiled action (an affordance).
#[derive(Debug, Clone, PartialEq)]
pub struct Action {
    /// The qualified id (`wizard.name-it`, `go-to-projects`).
    pub id: String,
    /// The authored `does`: the one sentence both the app and the model read.
    pub does: String,
    /// The pages it is offered on, in order.
    pub on: Vec<String>,
    /// The node it was declared on (`wizard`; a root action's first page).
    pub node: String,
    pub origin: ActionOrigin,
    /// `when`: failing ⇒ hidden; a fire is refused `GUARD_FAILED`.
    pub guard: Option<Filter>,
    /// `enabledWhen`: proven false ⇒ greyed; a fire is refused `TOOL_DISABLED`.
    pub enabled_when: Option<Filter>,
    pub verify: Option<Verify>,
    /// `goTo`: the page this action claims to navigate to.
    pub navigates_to: Option<String>,
    /// `writes`: state keys it claims to change (`Some(vec![])` when authored empty).
    pub writes: Option<Vec<String>>,
    pub input: InputContract,
    /// `confirm: true`: the high-effect gate.
    pub high_effect: bool,
    /// `next` when it has `goTo`, else `action` (unless authored).
    pub role: String,
    /// A literal href this action navigates to through the app's router, if any: its url binding
    /// (links), else its `goTo` page's literal route.
    pub url_href: Option<String>,
    /// `concurrency`: may a second fire overlap or repeat a first (docs/session.md §26). Last, so a
    /// graph that declares none keeps its snapshot fingerprint.
    pub concurrency: Concurrency,
    /// `control: { role, name }`: the on-screen control a person uses for it, by ARIA role and
    /// accessible name, for the DOM sensor (docs/session.md §33). Last, so a graph that declares none
    /// keeps its snapshot fingerprint.
    pub control: Option<ControlLocator>,
}

/// How a person's control for an action looks to assistive technology: its ARIA role (`button`,
/// `link`, …) and accessible name, as `groundfacts/sensor` matches them (docs/session.md §33).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct ControlLocator {
    pub role: String,
    pub name: String,
}

/// An action's `concurrency` (docs/session.md §26).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Concurrency {
    /// Neither (the default): every fire is judged on its own.
    #[default]
    Parallel,
    /// `'single-flight'`: a fire while one of the same action is open is refused `PRIOR_FIRE_PENDING`.
    SingleFlight,
    /// `'once'`: single-flight, and after one performed fire every later one is refused
    /// `DUPLICATE_EXECUTION`.
    Once,
}

impl Concurrency {
    /// The authored word (`None` for the default).
    pub fn word(self) -> Option<&'static str> {
        match self {
            Concurrency::Parallel => None,
            Concurrency::SingleFlight => Some("single-flight"),
            Concurrency::Once => Some("once"),
        }
    }
    /// The authored word back (`'parallel'` is the default said out loud).
    pub fn parse(word: &str) -> Option<Concurrency> {
        match word {
            "parallel" => Some(Concurrency::Parallel),
            "single-flight" => Some(Concurrency::SingleFlight),
            "once" => Some(Concurrency::Once),
            _ => None,
        }
    }
}

impl Action {
    /// Whether the action declares any writes (an empty `writes: []` declares none).
    pub fn declares_writes(&self) -> bool {
        self.writes.as_ref().is_some_and(|w| !w.is_empty())
    }
}

/// A named multi-step flow over existing actions.
#[derive(Debug, Clone, PartialEq)]
pub struct Journey {
    pub id: String,
    pub does: String,
    /// Qualified action ids, in order (duplicates kept).
    pub steps: Vec<String>,
    /// The journey's own `when` (precondition); never composed.
    pub precondition: Option<Filter>,
}

/// What a container is inside its page (docs/graph.md §2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ContainerKind {
    /// A region always there while its parent is: a sidebar, a panel.
    Area,
    /// One of a set of siblings of which one is shown at a time.
    Tab,
    /// A dialog that opens over its parent and closes again.
    Modal,
}

impl ContainerKind {
    pub const ALL: [ContainerKind; 3] = [
        ContainerKind::Area,
        ContainerKind::Tab,
        ContainerKind::Modal,
    ];

    /// The authored word (`area`, `tab`, `modal`).
    pub fn name(self) -> &'static str {
        match self {
            ContainerKind::Area => "area",
            ContainerKind::Tab => "tab",
            ContainerKind::Modal => "modal",
        }
    }

    pub fn parse(word: &str) -> Option<ContainerKind> {
        ContainerKind::ALL.into_iter().find(|k| k.name() == word)
    }
}

/// A container below page level (the tree API): an area, tab or modal of a page, possibly nested.
#[derive(Debug, Clone, PartialEq)]
pub struct Container {
    /// `page.name` or `page.parent.name`: the address `show` and `observeFocus` take.
    pub path: String,
    /// The last segment.
    pub name: String,
    pub kind: ContainerKind,
    /// The authored `does`.
    pub does: String,
    /// The page it belongs to.
    pub page: String,
    /// The parent's path (the page id for a top-level container).
    pub parent: String,
    /// Child container paths, in authored order.
    pub children: Vec<String>,
    /// The page actions (qualified ids) that exist once per live instance of this container
    /// (`repeats`, docs/graph.md §15); empty for a container that does not repeat.
    pub repeats: Vec<String>,
}

/// The compiled graph. Immutable once built; shared by every session created from it.
#[derive(Debug, Clone, PartialEq)]
pub struct NavigationGraph {
    pub id: String,
    pub description: Option<String>,
    pub pages: Vec<Page>,
    /// Affordance order: page actions (page order), then cross-links, then hand root actions.
    pub actions: Vec<Action>,
    pub journeys: Vec<Journey>,
    /// Containers below page level, depth-first in page order (empty without the tree API).
    pub containers: Vec<Container>,
    /// What never leaves a session (`redact`, docs/session.md §28): empty unless authored.
    pub redact: super::redact::Redaction,
    page_index: HashMap<String, usize>,
    action_index: HashMap<String, usize>,
    journey_index: HashMap<String, usize>,
    container_index: HashMap<String, usize>,
}

impl NavigationGraph {
    /// Assemble a graph from already-validated parts (the compiler's last step).
    pub fn from_parts(
        id: String,
        description: Option<String>,
        pages: Vec<Page>,
        actions: Vec<Action>,
        journeys: Vec<Journey>,
    ) -> NavigationGraph {
        let page_index = pages
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        let action_index = actions
            .iter()
            .enumerate()
            .map(|(i, a)| (a.id.clone(), i))
            .collect();
        let journey_index = journeys
            .iter()
            .enumerate()
            .map(|(i, j)| (j.id.clone(), i))
            .collect();
        NavigationGraph {
            id,
            description,
            pages,
            actions,
            journeys,
            containers: Vec::new(),
            page_index,
            action_index,
            journey_index,
            container_index: HashMap::new(),
            redact: Default::default(),
        }
    }

    /// The same graph with its containers (the compiler's very last step).
    pub fn with_containers(mut self, containers: Vec<Container>) -> NavigationGraph {
        self.container_index = containers
            .iter()
            .enumerate()
            .map(|(i, c)| (c.path.clone(), i))
            .collect();
        self.containers = containers;
        self
    }

    /// The container at `path` (`page.name…`), if declared.
    pub fn container(&self, path: &str) -> Option<&Container> {
        self.container_index
            .get(path)
            .and_then(|&i| self.containers.get(i))
    }

    /// The repeating container whose instances action `id` exists once per (docs/graph.md §15).
    pub fn repeated_in(&self, id: &str) -> Option<&Container> {
        self.containers
            .iter()
            .find(|c| c.repeats.iter().any(|a| a == id))
    }

    /// The page a node path belongs to: a page id itself, or a container's page.
    pub fn page_of<'a>(&'a self, path: &'a str) -> Option<&'a str> {
        if self.page(path).is_some() {
            return Some(path);
        }
        self.container(path).map(|c| c.page.as_str())
    }

    pub fn page(&self, id: &str) -> Option<&Page> {
        self.page_index.get(id).and_then(|&i| self.pages.get(i))
    }

    pub fn action(&self, id: &str) -> Option<&Action> {
        self.action_index.get(id).and_then(|&i| self.actions.get(i))
    }

    pub fn journey(&self, id: &str) -> Option<&Journey> {
        self.journey_index
            .get(id)
            .and_then(|&i| self.journeys.get(i))
    }

    pub fn page_ids(&self) -> impl Iterator<Item = &str> {
        self.pages.iter().map(|p| p.id.as_str())
    }

    pub fn action_ids(&self) -> impl Iterator<Item = &str> {
        self.actions.iter().map(|a| a.id.as_str())
    }
}
