//! The module's global allocator: talc, growing the wasm memory as it needs, instead of std's
//! dlmalloc — less code in the module for the same behaviour (docs/size.md §4). The module is
//! single-threaded (no `atomics`), which talc's cell requires. Used by every allocation in the wasm.

#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
