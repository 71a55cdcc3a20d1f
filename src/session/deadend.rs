//! Dead-end detection (session.md §12): when the cursor comes to rest on a page where nothing could
//! execute, one `dead-end` gap row per node and wiring, and one warning per node. Used by `report`,
//! `settle`, `mounts`.
