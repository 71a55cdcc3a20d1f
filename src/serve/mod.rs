//! The model-facing port ("Mode B"): a fixed tool array and `call(name, args)` over a session.
//!
//! STUB — to be implemented (facts-and-serving.md §4).
