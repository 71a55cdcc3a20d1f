//! The JS boundary (wasm32 only): the one module that names wasm-bindgen, js-sys and web-sys.
//!
//! STUB — to be implemented.
