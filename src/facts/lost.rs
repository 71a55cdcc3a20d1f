//! The lost-history line (docs/facts-and-serving.md §2.14): printed by the facts block and the brief
//! when the session continues a record whose history was lost at a module restart
//! (docs/session.md §25), so neither text claims fewer attempts happened than did (decision 25's
//! rule). Also the cursor a `sinceVersion` from before the restart stands for, per
//! docs/facts-and-serving.md §2.15. Every word is a library constant or a number. Used by
//! `facts::block`, `facts::brief` and `facts::read`.

use crate::session::{push_decimal, HistoryLost, Session};

/// The attempts section's sentence with no rows, in a record that lost history: "this session"
/// would claim that nothing was attempted before the restart either.
pub const NO_ACTIONS_SINCE_RESTART: &str =
    "No actions have been performed in this app since that restart.";

/// Append `"\n"` and the line, when the record lost history.
pub fn push_lost_line(out: &mut String, lost: Option<HistoryLost>) {
    let Some(lost) = lost else { return };
    out.push_str(
        "\nPart of this record was lost: the app's groundfacts module failed and was started again",
    );
    if lost.restarts > 1 {
        out.push(' ');
        push_decimal(out, u64::from(lost.restarts));
        out.push_str(" times, the last time");
    }
    out.push_str(" at version ");
    push_decimal(out, lost.at_version);
    out.push_str(if lost.restarts > 1 {
        ". Whatever was attempted before a restart and is not listed here was lost with it; this record can neither confirm nor rule out any of it."
    } else {
        ". Whatever was attempted before that restart and is not listed here was lost with it; this record can neither confirm nor rule out any of it."
    });
}

/// The cursor a reader's `sinceVersion` stands for (docs/facts-and-serving.md §2.15): in a record that
/// lost history at a module restart, a version past the clock can only come from before the restart
/// (the new record's clock started again), so it names nothing here and the whole record is shown.
/// Used by `facts::read`'s three readers (the block, the facts view, the brief).
pub(crate) fn cursor(session: &Session, since: Option<u64>) -> Option<u64> {
    since.filter(|s| *s <= session.version() || session.history_lost().is_none())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_restart_and_never_rules_anything_out() {
        let mut none = String::new();
        push_lost_line(&mut none, None);
        assert_eq!(none, "");
        let mut one = String::new();
        push_lost_line(
            &mut one,
            Some(HistoryLost {
                restarts: 1,
                at_version: 7,
            }),
        );
        assert_eq!(one, "\nPart of this record was lost: the app's groundfacts module failed and was started again at version 7. Whatever was attempted before that restart and is not listed here was lost with it; this record can neither confirm nor rule out any of it.");
        let mut two = String::new();
        push_lost_line(
            &mut two,
            Some(HistoryLost {
                restarts: 2,
                at_version: 9,
            }),
        );
        assert!(
            two.contains("started again 2 times, the last time at version 9. Whatever was attempted before a restart"),
            "{two}"
        );
    }
}
