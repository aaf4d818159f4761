//! `tierplan-bindgen WASM OUT_NAME OUT_DIR`: what `wasm-bindgen --target web
//! --out-name OUT_NAME --out-dir OUT_DIR WASM` does, built on the same
//! library (`wasm-bindgen-cli-support`) the upstream CLI is a front end of.
//!
//! The upstream CLI also carries a test runner with an HTTP server and TLS,
//! which take most of its compile time; a new machine built it for five
//! minutes before the first page could be served. This front end compiles in
//! about one. Every option is set as the upstream CLI sets it by default, so
//! the generated files are byte for byte the same (docs/libraries.md).

use std::path::PathBuf;
use std::process::ExitCode;

use wasm_bindgen_cli_support::Bindgen;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, out_name, out_dir] = args.as_slice() else {
        eprintln!("usage: tierplan-bindgen WASM OUT_NAME OUT_DIR");
        return ExitCode::from(2);
    };
    match generate(input.into(), out_name, out_dir.into()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tierplan-bindgen: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn generate(input: PathBuf, out_name: &str, out_dir: PathBuf) -> anyhow::Result<()> {
    let mut b = Bindgen::new();
    // The upstream CLI's defaults for `--target web`; two differ from
    // `Bindgen::new()`'s (the default module path is kept, TypeScript is on).
    b.web(true)?
        .input_path(input)
        .out_name(out_name)
        .debug(false)
        .demangle(true)
        .keep_lld_exports(false)
        .keep_debug(false)
        .split_debug_info(false)
        .remove_name_section(false)
        .remove_producers_section(false)
        .typescript(true)
        .omit_imports(false)
        .omit_default_module_path(false)
        .split_linked_modules(false)
        .js_string_builtins(false)
        .ts_typed_array_buffers(false)
        .reset_state_function(false)
        .force_enable_abort_handler(false);
    // As the upstream CLI does: reference types are then detected from the
    // module itself, not taken from the WASM_BINDGEN_EXTERNREF variable.
    #[allow(deprecated)]
    b.reference_types(false);
    b.generate(out_dir)
}
