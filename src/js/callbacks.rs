//! The thread-local slab of app functions behind core [`CallbackId`]s.
//!
//! The core stores and compares ids only; this slab holds the `js_sys::Function`s. `convert` registers
//! functions it meets in authored values; `host` looks them up to call them and releases the ids the
//! session reports as no longer referenced. Lookups clone the handle and drop the slab borrow before the
//! caller invokes anything, so a callback that re-enters (and registers more callbacks) never finds the
//! slab borrowed.

use std::cell::RefCell;

use js_sys::Function;

use crate::host::CallbackId;

#[derive(Default)]
struct Slab {
    slots: Vec<Option<Function>>,
    free: Vec<u32>,
}

thread_local! {
    static SLAB: RefCell<Slab> = RefCell::new(Slab::default());
}

/// Keep `f` and return the id that names it.
pub fn register(f: Function) -> CallbackId {
    SLAB.with(|slab| {
        let mut slab = slab.borrow_mut();
        if let Some(index) = slab.free.pop() {
            if let Some(slot) = slab.slots.get_mut(index as usize) {
                *slot = Some(f);
                return CallbackId(index);
            }
        }
        slab.slots.push(Some(f));
        CallbackId((slab.slots.len() - 1) as u32)
    })
}

/// The function behind `id` (a cheap handle clone), if it is still held.
pub fn get(id: CallbackId) -> Option<Function> {
    SLAB.with(|slab| {
        slab.borrow()
            .slots
            .get(id.0 as usize)
            .and_then(|slot| slot.clone())
    })
}

/// Drop the functions behind `ids`; their ids may be reused.
pub fn release(ids: &[CallbackId]) {
    SLAB.with(|slab| {
        let mut slab = slab.borrow_mut();
        for id in ids {
            if let Some(slot) = slab.slots.get_mut(id.0 as usize) {
                if slot.take().is_some() {
                    slab.free.push(id.0);
                }
            }
        }
    })
}
