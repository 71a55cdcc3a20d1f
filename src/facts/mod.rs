//! The text renderers: the facts block (`groundTruth`) and the friendly brief (`contextBrief`).
//!
//! STUB — to be implemented (facts-and-serving.md §1–3).
