//! Running the `tierplan` binary from the CLI tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `tierplan args…` with `stdin` piped in; the whole output.
pub fn tierplan(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tierplan"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(s) = stdin {
        child.stdin.take().unwrap().write_all(s.as_bytes()).unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}
