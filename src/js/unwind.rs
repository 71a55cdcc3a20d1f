//! The backstop for a JS exception that unwound wasm frames (docs/session.md §30).
//!
//! Every JS call the module makes is a `catch` call or JS that cannot throw (invariant 3 of `js`), so
//! no exception should ever pass through a wasm frame. Should one still do (an engine `TypeError` from
//! a hostile object in some path not yet made safe), the frames it skips never run their `Drop`s: the
//! page-wide call-out depth (`session::depth`) would stay one level higher for good, and after 64 such
//! throws every fire on the page would be refused. `reset.js`'s export wrapper notes any exception
//! (other than a trap, which restarts the module) out of a raw export, and once the outermost call
//! has left wasm it calls this export: no call-out can be open when no wasm frame is on the stack, so
//! the depth is zero again. Not part of the package's API (a raw wasm export, no JS binding).

/// Called by `reset.js` when the outermost wasm call has returned after an exception went through a
/// wasm frame.
#[no_mangle]
pub extern "C" fn groundfacts_unwound() {
    crate::session::depth::reset_unwound();
}
