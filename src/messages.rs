//! Our name on our messages (decision 19): every warning and error the package writes starts with
//! `groundfacts: `, added here and nowhere else — call sites write only the sentence.
//!
//! No dependencies. Used by `graph::error` and `session::error` (the typed errors), the session's
//! warning outbox (`session::state`), and `js` (errors made at the boundary).

/// The prefix every message carries.
pub const PREFIX: &str = "groundfacts: ";

/// `message` with [`PREFIX`] in front, unless it already has it (a message passed along twice).
pub fn prefixed(message: impl Into<String>) -> String {
    let message = message.into();
    if message.starts_with(PREFIX) {
        message
    } else {
        format!("{PREFIX}{message}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prefix_is_added_once() {
        assert_eq!(
            prefixed("page 'x' is unknown"),
            "groundfacts: page 'x' is unknown"
        );
        assert_eq!(prefixed(prefixed("twice")), "groundfacts: twice");
    }
}
