//! The model-facing port ("Mode B"): a fixed tool array and `call(name, args)` over a session.
//!
//! Work in progress: the pieces that do not depend on the session are in place.

pub mod args;
pub mod texts;
pub mod tool_name;
pub mod tools;

pub use tool_name::encode_tool_name;
pub use tools::ToolDescription;
