//! Pins that every rule the code cites exists in the repository: each `docs/<layer>.md §N` names a
//! heading of that file, each "decision N" an entry of `docs/decisions.md`, and no citation points at
//! a spec file outside the repo (a bare `session.md`, or a `§N` with no file before it).

use std::fs;
use std::path::{Path, PathBuf};

const DOCS: [&str; 9] = [
    "session",
    "graph",
    "facts-and-serving",
    "api",
    "decisions",
    "size",
    "boundary",
    "records",
    "loading",
];
const SCANNED: [&str; 5] = ["src", "tests", "benches", "scripts", "pkg-template"];
const EXTENSIONS: [&str; 7] = ["rs", "cjs", "mjs", "js", "ts", "sh", "md"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == "node_modules" || name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            files(&path, out);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e))
        {
            out.push(path);
        }
    }
}

/// The section numbers a docs file declares: "## 4. Title" → "4", "### 8.1 Title" → "8.1".
fn sections(doc: &str) -> Vec<String> {
    doc.lines()
        .filter(|l| l.starts_with('#'))
        .filter_map(|l| l.trim_start_matches('#').split_whitespace().next())
        .map(|n| n.trim_end_matches('.').to_string())
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == '.'))
        .collect()
}

/// The decision numbers `docs/decisions.md` declares ("27. **…").
fn decisions(doc: &str) -> Vec<u32> {
    doc.lines()
        .filter_map(|l| l.trim_start().split_once(". "))
        .filter_map(|(n, _)| n.parse().ok())
        .collect()
}

/// The number right after `§` (optionally after one space) at `rest`, without a trailing dot.
fn number_after_section_sign(rest: &str) -> Option<String> {
    let rest = rest.strip_prefix(' ').unwrap_or(rest);
    let n: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let n = n.trim_end_matches('.').to_string();
    (!n.is_empty()).then_some(n)
}

fn check_line(
    file: &str,
    line_no: usize,
    line: &str,
    docs: &[(String, Vec<String>)],
    known: &[u32],
    faults: &mut Vec<String>,
) {
    let at = |what: String| format!("{file}:{line_no}: {what}");
    for (name, numbers) in docs {
        let needle = format!("{name}.md");
        for (pos, _) in line.match_indices(&needle) {
            let before = &line[..pos];
            let boundary = before
                .chars()
                .last()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '-' || c == '_'));
            if !boundary {
                continue;
            }
            if !before.ends_with("docs/") {
                faults.push(at(format!(
                    "`{needle}` is cited without `docs/` (the rules live in docs/{needle})"
                )));
                continue;
            }
            let after = &line[pos + needle.len()..];
            if let Some(rest) = after.strip_prefix(" §") {
                match number_after_section_sign(rest) {
                    Some(n) if numbers.contains(&n) => {}
                    Some(n) => faults.push(at(format!("docs/{needle} has no section §{n}"))),
                    None => faults.push(at(format!("a § after docs/{needle} with no number"))),
                }
            }
        }
    }
    // Every § must follow a docs file on the same line ("docs/session.md §4, §5" is fine).
    for (pos, _) in line.match_indices('§') {
        let before = &line[..pos];
        let Some(doc_at) = DOCS
            .iter()
            .filter_map(|d| before.rfind(&format!("docs/{d}.md")).map(|p| (p, *d)))
            .max()
        else {
            faults.push(at("a § citation names no docs/ file before it".to_string()));
            continue;
        };
        let numbers = &docs
            .iter()
            .find(|(n, _)| n == doc_at.1)
            .map(|(_, s)| s.clone())
            .unwrap_or_default();
        if let Some(n) = number_after_section_sign(&line[pos + '§'.len_utf8()..]) {
            if !numbers.contains(&n) {
                faults.push(at(format!("docs/{}.md has no section §{n}", doc_at.1)));
            }
        }
    }
    let lower = line.to_lowercase();
    for word in ["decisions ", "decision "] {
        for (pos, _) in lower.match_indices(word) {
            if word == "decision " && lower[..pos + word.len()].ends_with("decisions ") {
                continue;
            }
            let digits: String = lower[pos + word.len()..]
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            if let Ok(n) = digits.parse::<u32>() {
                if !known.contains(&n) {
                    faults.push(at(format!("decision {n} is not in docs/decisions.md")));
                }
            }
        }
    }
}

#[test]
fn every_cited_rule_exists_in_docs() {
    let root = root();
    let docs: Vec<(String, Vec<String>)> = DOCS
        .iter()
        .map(|d| {
            let text = fs::read_to_string(root.join("docs").join(format!("{d}.md")))
                .unwrap_or_else(|_| panic!("docs/{d}.md is missing"));
            (d.to_string(), sections(&text))
        })
        .collect();
    let known =
        decisions(&fs::read_to_string(root.join("docs/decisions.md")).expect("docs/decisions.md"));
    assert!(
        known.len() >= 30,
        "docs/decisions.md lists {} decisions",
        known.len()
    );

    let mut paths = Vec::new();
    for dir in SCANNED {
        files(&root.join(dir), &mut paths);
    }
    paths.retain(|p| !p.ends_with("tests/docs_citations.rs"));
    assert!(paths.len() > 50, "scanned only {} files", paths.len());
    let mut faults = Vec::new();
    let mut citations = 0;
    for path in &paths {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        let file = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        for (i, line) in text.lines().enumerate() {
            citations +=
                line.matches('§').count() + line.to_lowercase().matches("decision ").count();
            check_line(&file, i + 1, line, &docs, &known, &mut faults);
        }
    }
    assert!(
        citations > 50,
        "found only {citations} citations: is the scan looking in the right places?"
    );
    assert!(
        faults.is_empty(),
        "citations that resolve to nothing:\n{}",
        faults.join("\n")
    );
}

#[test]
fn the_checker_catches_what_it_must() {
    let docs = vec![(
        "session".to_string(),
        vec!["4".to_string(), "8.1".to_string()],
    )];
    let mut faults = Vec::new();
    check_line(
        "x",
        1,
        "see docs/session.md §4 and §8.1; decision 3",
        &docs,
        &[3],
        &mut faults,
    );
    assert!(faults.is_empty(), "{faults:?}");
    for bad in [
        "see session.md §4",
        "see docs/session.md §9",
        "see §4",
        "decision 31",
        "docs/session.md §4, §7",
    ] {
        let mut faults = Vec::new();
        check_line("x", 1, bad, &docs, &[3], &mut faults);
        assert!(!faults.is_empty(), "not caught: {bad}");
    }
}
