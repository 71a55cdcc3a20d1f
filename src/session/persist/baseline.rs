//! A restored session's baseline (docs/session.md §20): the served structure at snapshot time. While
//! the version has not moved since the restore, re-registering that structure is not a change (no
//! `structure-swap` row, no bump): decision 7's coalescing, carried across the reload. Restored mount
//! declarations serve under [`RESTORED_GROUP`] until a component declares them again. Used by
//! `mounts` (`structure_changed`, `registerActions`) and `persist::restore`.

use std::rc::Rc;

use crate::session::state::Inner;

/// The group that serves a restored session's mount declarations until a component declares them
/// again (never a group `registerActions` mints, so `unregister` cannot name it).
pub(crate) const RESTORED_GROUP: u32 = u32::MAX;

impl Inner {
    /// A structure change on a restored session that only rebuilds the snapshot's served structure
    /// (components re-mounting after the reload): absorbed, no row and no bump (decision 7's
    /// coalescing, extended across the reload). The baseline lapses once the version moves or the
    /// structure leaves it.
    pub fn absorbed_by_baseline(&mut self) -> bool {
        let Some((at, base)) = self.baseline.take() else {
            return false;
        };
        if at != self.version {
            self.drop_restored_declarations();
            return false;
        }
        let now = self.served_signature();
        let fits = now.iter().all(|s| {
            base.iter().any(|b| {
                b.id == s.id
                    && b.declared == s.declared
                    && (b.handler || !s.handler)
                    && (b.enabled == s.enabled || s.enabled)
            })
        });
        if !fits {
            self.drop_restored_declarations();
            return false;
        }
        // Kept while the version stands, even once the structure equals the baseline again: React's
        // StrictMode unmounts and re-mounts every component right after the first mount, and that
        // round trip is no change either.
        self.baseline = Some((at, base));
        self.offered_cache = None;
        true
    }
}

impl Inner {
    /// The baseline lapsed: restored declarations no component declared again stop being served (in
    /// the structure change that ended the baseline, so it costs no bump of its own).
    fn drop_restored_declarations(&mut self) {
        let mut emptied = Vec::new();
        for (id, stack) in self.mounted.iter_mut() {
            stack.retain(|(g, _)| *g != RESTORED_GROUP);
            if stack.is_empty() {
                emptied.push(Rc::clone(id));
            }
        }
        for id in emptied {
            self.mounted.remove(&id);
            self.mount_order.retain(|m| *m != id);
        }
        self.offered_cache = None;
    }
}
