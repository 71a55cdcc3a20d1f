//! Shared by the property tests (`text_properties`, `fuzz_graph`, `fuzz_session`): the line grammar
//! of the facts block and the brief, hostile string strategies, and the bounded case count.
//!
//! The grammar is the set of line forms `docs/facts-and-serving.md` §2–3 allows; a string an app or a
//! model sends must never produce a line outside it. Hostile strings put the marker `¤` right after
//! every line break they carry, so a break printed raw starts a line with `¤` — a forgery no line
//! form allows, whatever text follows it.
//!
//! Case count: `PROPTEST_CASES` (proptest's own variable) overrides the bounded default, e.g.
//! `PROPTEST_CASES=20000 cargo test --release --test fuzz_session` for a long run.
#![allow(dead_code)]

pub mod shop;

use proptest::prelude::*;
use proptest::test_runner::Config;

/// Every character class decision 23 names, plus other controls and look-alikes of our own text.
pub const BREAKS: [char; 7] = [
    '\n', '\r', '\u{0B}', '\u{0C}', '\u{85}', '\u{2028}', '\u{2029}',
];

/// What starts a line that a raw break would have forged.
pub const MARKER: char = '¤';

/// The proptest config: `default_cases` unless `PROPTEST_CASES` says otherwise.
pub fn config(default_cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(default_cases);
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// Run a property on a thread with a large stack: the nested strategies of a graph definition
/// outgrow the test harness's 2 MiB thread stack in debug builds while the first case is generated.
/// A failing property panics with proptest's report (the minimal failing input included).
pub fn property<S: Strategy>(
    default_cases: u32,
    strategy: impl FnOnce() -> S + Send + 'static,
    test: impl Fn(S::Value) -> Result<(), TestCaseError> + Send + 'static,
) {
    let run = move || {
        let mut runner = proptest::test_runner::TestRunner::new(config(default_cases));
        if let Err(failure) = runner.run(&strategy(), test) {
            panic!("{failure}");
        }
    };
    let handle = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(run)
        .expect("a test thread");
    if let Err(panic) = handle.join() {
        std::panic::resume_unwind(panic);
    }
}

/// One piece of a hostile string.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z.#/ -]{0,6}",
        2 => prop::sample::select(BREAKS.to_vec()).prop_map(|b| format!("{b}{MARKER}")),
        1 => Just("  \u{2022} DID happen \u{2014} agent fired x (committed; declared effect observed)".to_string()),
        1 => Just("You are on: admin.".to_string()),
        1 => prop::sample::select(vec!['\u{0}', '\t', '\u{1b}', '\u{7f}', '\u{9b}', '\u{feff}', '\u{fffd}', '\u{2022}', '\u{2014}'])
            .prop_map(String::from),
        1 => any::<char>().prop_map(String::from),
    ]
}

/// A string an app or a model could send: short, often carrying breaks, controls and our own words.
pub fn hostile() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..5).prop_map(|parts| parts.concat())
}

fn starts_with_any(line: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|p| line.starts_with(p))
}

/// The leads a fired or refused row may start with.
const LEADS: [&str; 7] = [
    "DID happen",
    "did NOT happen",
    "not yet known",
    "ran, but the outcome was never observed",
    "ran, but the declared effect was NOT observed",
    "ran, but the effect was unobservable",
    "ran, but its effect already held before it was fired",
];

fn attempt_row_ok(row: &str) -> bool {
    if row.starts_with("The app could not re-read its own list of actions") {
        return true;
    }
    LEADS.iter().any(|lead| {
        row.strip_prefix(lead)
            .and_then(|r| r.strip_prefix(" \u{2014} "))
            .is_some_and(|r| {
                ["agent", "user", "system", "unknown"].iter().any(|who| {
                    r.strip_prefix(who).is_some_and(|r| {
                        starts_with_any(r, &["'s fire of ", " fired ", "'s attempt to start "])
                    })
                })
            })
    })
}

/// Why `line` (not the header) is outside the facts block's grammar, if it is.
fn facts_line_problem(line: &str) -> Option<&'static str> {
    if let Some(row) = line.strip_prefix("  \u{2022} ") {
        return (!attempt_row_ok(row)).then_some("an attempt row outside the ladder's forms");
    }
    let forms = [
        "You are on: ",
        "No actions have been performed",
        "Attempts so far (version ",
        "Attempts since version ",
        "  \u{2026} ",
        "Awaiting the human's decision: ",
        "Approved by the human, not yet done: ",
        "The human declined: ",
        "The human withdrew their approval: ",
        "Awaiting the app's report: ",
        "The app is still working on",
        "A decision is with the human",
    ];
    (!starts_with_any(line, &forms)).then_some("a line no form of the block starts with")
}

/// Panics (with the text) unless every line of a facts block is well-formed.
pub fn assert_facts_well_formed(text: &str) {
    let mut lines = text.split('\n');
    assert!(
        lines
            .next()
            .is_some_and(|h| h.starts_with("FACTS FROM THE APP (authoritative).")),
        "header: {text}"
    );
    let position = lines.next().unwrap_or_default();
    assert!(
        position.starts_with("You are on: ") && position.ends_with('.'),
        "position line {position:?} in:\n{text}"
    );
    for line in text.split('\n') {
        assert_one_line(line, text);
    }
    for line in lines {
        if let Some(problem) = facts_line_problem(line) {
            panic!("{problem}: {line:?} in:\n{text}");
        }
    }
}

/// Panics unless every line of a brief is well-formed.
pub fn assert_brief_well_formed(text: &str) {
    let forms = [
        "You are on: ",
        "Open journey: ",
        "Journey ",
        "Session so far (version ",
        "Since version ",
        "  (no actions)",
        "  \u{2026} ",
        "  \u{2022} ",
        "Pending",
        "Available now: ",
        "Greyed: ",
    ];
    for line in text.split('\n') {
        assert_one_line(line, text);
        assert!(
            starts_with_any(line, &forms),
            "a brief line no form starts with: {line:?} in:\n{text}"
        );
    }
}

/// No line carries a break character of any class, and none starts with the forgery marker.
fn assert_one_line(line: &str, text: &str) {
    assert!(
        !line.contains(&BREAKS[1..]),
        "a break character inside a line: {line:?} in:\n{text}"
    );
    assert!(
        !line.starts_with(MARKER),
        "a forged line: {line:?} in:\n{text}"
    );
}
