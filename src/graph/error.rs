//! `GraphValidationError` as the core knows it: a stable machine code plus a message that names the
//! offending value, where it was, the rule, and the fix. The JS layer turns it into a real
//! `GraphValidationError` (an `Error` subclass with `code`). Used by every authoring step.

use std::fmt;

use crate::codes::ErrorCode;

/// An authoring mistake. Messages start with `groundfacts: `.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphError {
    /// Stable machine code, e.g. `UNKNOWN_GOTO`, `BAD_FILTER`, `UNKNOWN_KEY` (words in `crate::codes`).
    pub code: ErrorCode,
    pub message: String,
}

impl GraphError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> GraphError {
        GraphError {
            code,
            message: crate::messages::prefixed(message),
        }
    }
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

impl std::error::Error for GraphError {}
