//! Busy, in the app's words (docs/session.md §22): `group.setBusy(name, label | null)` marks one of
//! the group's registered actions busy with the app's own sentence. While set, the action's row
//! carries `busy: label` and a fire of it is refused `BUSY` (a recorded attempt, never happened). The
//! library never writes a label itself; `null` clears it, and unregistering the group clears its marks
//! (`mounts`). The label is runtime text: it rides only as data (`busy` on rows and on the refusal),
//! never into the facts block or the brief (docs/facts-and-serving.md §1.1). A busy change is a change
//! listeners hear (decision 29) without moving the version; snapshots do not carry busy marks.
//!
//! Uses `mounts` (group and name resolution) and `state`. Used by `fire` (the `BUSY` check), `offers`
//! (the row's `busy`) and the JS layer (`ActionGroup.setBusy`).

use crate::codes::ErrorCode;
use std::rc::Rc;

use super::state::Inner;
use super::*;
use crate::graph::names::{escape_text, is_line_break, quote};

/// The longest busy label, in characters.
pub const MAX_BUSY_LABEL_CHARS: usize = 200;

/// Check a busy label: one line of non-blank text, no control characters, at most
/// [`MAX_BUSY_LABEL_CHARS`] characters. `BAD_LABEL` otherwise.
pub fn check_busy_label(label: &str) -> Result<(), SessionError> {
    let bad = |rule: &str| {
        SessionError::usage(
            ErrorCode::BadLabel,
            format!(
                "setBusy: the label {} {rule}. A busy label is one short line of the app's own words (e.g. 'Uploading 3 files'); pass null to clear it.",
                quote(&escape_text(&label.chars().take(80).collect::<String>()))
            ),
        )
    };
    if label.trim().is_empty() {
        return Err(bad("is blank"));
    }
    if let Some(c) = label.chars().find(|c| is_line_break(*c)) {
        return Err(bad(&format!(
            "contains U+{:04X} (a line break)",
            u32::from(c)
        )));
    }
    if let Some(c) = label.chars().find(|c| c.is_control()) {
        return Err(bad(&format!(
            "contains U+{:04X} (a control character)",
            u32::from(c)
        )));
    }
    let chars = label.chars().count();
    if chars > MAX_BUSY_LABEL_CHARS {
        return Err(bad(&format!(
            "is {chars} characters long, over the limit of {MAX_BUSY_LABEL_CHARS}"
        )));
    }
    Ok(())
}

impl Inner {
    /// The busy sentence of action `id`, while one is set.
    pub fn busy_label(&self, id: &str) -> Option<Rc<str>> {
        self.busy.get(id).map(|(_, label)| Rc::clone(label))
    }
}

impl Session {
    /// `group.setBusy(name, label | null)`: mark (or clear) one of the group's actions busy. A bad
    /// label → `BAD_LABEL`; a name that resolves to no action this group registered (a handler or a
    /// declaration) → `UNKNOWN_ACTION`; an unknown group → `UNKNOWN_GROUP`. On a group already
    /// unregistered it does nothing (its marks went with it).
    pub fn set_busy(
        &self,
        group: &str,
        name: &str,
        label: Option<&str>,
    ) -> Result<(), SessionError> {
        self.scoped(|| self.set_busy_body(group, name, label))
    }

    fn set_busy_body(
        &self,
        group: &str,
        name: &str,
        label: Option<&str>,
    ) -> Result<(), SessionError> {
        self.guard("setBusy")?;
        if let Some(label) = label {
            check_busy_label(label)?;
        }
        {
            let mut inner = self.inner.borrow_mut();
            if inner.group_gone(group) {
                return Ok(());
            }
            let n = inner.group_index(group)?;
            let Some(g) = inner.groups.get(&n) else {
                return Ok(());
            };
            let page = Rc::clone(&g.page);
            let owned: Vec<Rc<str>> = g.handler_ids.iter().chain(&g.declared).cloned().collect();
            let Some(id) = inner.resolve_name(&page, name, &[]) else {
                return Err(inner.unknown_name("setBusy", &page, name));
            };
            let Some(id) = owned.into_iter().find(|o| *o == id) else {
                return Err(SessionError::usage(
                    ErrorCode::UnknownAction,
                    format!(
                        "setBusy: '{}' ('{id}') is not an action this group registered, so this group cannot mark it busy. Call setBusy on the group whose registerActions bound its handler or declared it.",
                        escape_text(name)
                    ),
                ));
            };
            let changed = match label {
                Some(label) => {
                    let same = inner
                        .busy
                        .get(&id)
                        .is_some_and(|(owner, l)| *owner == n && &**l == label);
                    if !same {
                        inner.busy.insert(id, (n, Rc::from(label)));
                    }
                    !same
                }
                None => inner.busy.remove(&id).is_some(),
            };
            if changed {
                inner.touch();
            }
        }
        self.flush();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_is_one_short_line_of_text() {
        assert!(check_busy_label("Uploading 3 files").is_ok());
        for bad in ["", "   ", "a\nb", "a\u{2028}b", "a\u{0}b"] {
            assert_eq!(
                check_busy_label(bad).unwrap_err().code,
                ErrorCode::BadLabel,
                "{bad:?}"
            );
        }
        let long = "x".repeat(MAX_BUSY_LABEL_CHARS + 1);
        assert_eq!(check_busy_label(&long).unwrap_err().code, "BAD_LABEL");
        assert!(check_busy_label(&"x".repeat(MAX_BUSY_LABEL_CHARS)).is_ok());
    }
}
