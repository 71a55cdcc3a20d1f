//! `SessionError`: a caller mistake (unknown node, unknown group, a non-object delta, a malformed mount
//! declaration) or a forbidden re-entry (decision 3). Runtime refusals are never errors — they are data
//! on the result types. Used by every session module; the JS layer turns it into a thrown `Error`
//! (`ReentrancyError` for `REENTRANCY`, `GraphValidationError` for graph codes).

use std::fmt;

use crate::codes::ErrorCode;
use crate::graph::GraphError;
use crate::messages::prefixed;

/// Which JS error class a [`SessionError`] becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionErrorKind {
    /// A bad argument or a call that cannot apply (plain `Error`).
    Usage,
    /// A mutating call made while a verify predicate runs (`ReentrancyError`).
    Reentrancy,
    /// A mount declaration refused by the graph rules (`GraphValidationError`).
    GraphValidation,
}

/// A typed session error: a stable machine `code` and a message naming the value, the rule and the fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionError {
    /// Stable code: `UNKNOWN_NODE`, `UNKNOWN_GROUP`, `UNKNOWN_ACTION`, `BAD_DELTA`, `UNKNOWN_TRANSITION`,
    /// `NOT_A_FIRE`, `UNKNOWN_DEFERRED`, `REENTRANCY`, or a graph code (`BAD_FILTER`, …) — see `crate::codes`.
    pub code: ErrorCode,
    pub message: String,
    pub kind: SessionErrorKind,
}

impl SessionError {
    pub fn usage(code: ErrorCode, message: impl Into<String>) -> SessionError {
        SessionError {
            code,
            message: prefixed(message.into()),
            kind: SessionErrorKind::Usage,
        }
    }

    /// A mutating `call` refused because the verify predicate of `action` is running.
    pub fn reentrancy(call: &str, action: &str) -> SessionError {
        SessionError {
            code: ErrorCode::Reentrancy,
            message: prefixed(format!(
                "{call}() was called while the verify predicate of '{action}' was running. Verify \
                 predicates are readers: they may read the session (state(), transitions(), …) but not \
                 change it, and nothing from this call was recorded. Move the change into the action's \
                 handler or into the app's own taps."
            )),
            kind: SessionErrorKind::Reentrancy,
        }
    }

    pub fn from_graph(error: GraphError) -> SessionError {
        SessionError {
            code: error.code,
            message: error.message,
            kind: SessionErrorKind::GraphValidation,
        }
    }
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

impl std::error::Error for SessionError {}

/// `RESTORE_DAMAGED`, naming what is wrong with a snapshot (`persist`, and `focus` for its tree part).
pub(crate) fn damaged(why: impl std::fmt::Display) -> SessionError {
    SessionError::usage(
        ErrorCode::RestoreDamaged,
        format!("createSession: options.restore is not a usable snapshot: {why}. Nothing was restored; start a fresh session (omit restore) or pass an unmodified snapshot() result."),
    )
}
