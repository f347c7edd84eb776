//! Places the functions the common commands run together at the start of the executable's
//! code (`link/hot-symbols.txt`, made by `link/hot-symbols.sh`), so that starting a command
//! faults fewer pages of code in: the kernel maps a file's pages 64 KB at a time around each
//! fault, and the functions a `hand-off` runs were spread over most of 12 MB (75 faults of
//! code, 3 to 4 µs each here; 29 once together). See docs/design.md, "Start-up and the build".
//!
//! Only where the linker is known to read the list: rustup's toolchains link GNU/Linux x86-64
//! with their own `lld` (Rust 1.90 and later), which this checks is there. Any other linker is
//! left as it is, and `PARLEY_NO_SYMBOL_ORDER` set to anything leaves it out too (say, for a
//! build told to link with GNU `ld`).

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=link/hot-symbols.txt");
    println!("cargo:rerun-if-env-changed=PARLEY_NO_SYMBOL_ORDER");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let target = var("TARGET");
    if target != "x86_64-unknown-linux-gnu" || std::env::var_os("PARLEY_NO_SYMBOL_ORDER").is_some()
    {
        return;
    }
    // rustup's own linker, as rustc uses it by default for this target.
    let sysroot = Command::new(var("RUSTC"))
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned());
    let lld = sysroot
        .map(|root| Path::new(&root).join(format!("lib/rustlib/{target}/bin/gcc-ld/ld.lld")));
    if !lld.is_some_and(|lld| lld.exists()) {
        return;
    }
    // The linker is given a copy in this build's own directory: the path stays true when the
    // checkout moves and the build directory is reused without running this script again.
    let source = Path::new(&var("CARGO_MANIFEST_DIR")).join("link/hot-symbols.txt");
    let list = Path::new(&var("OUT_DIR")).join("hot-symbols.txt");
    if std::fs::copy(&source, &list).is_err() {
        return;
    }
    println!(
        "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}",
        list.display()
    );
    // A function renamed since the list was made is simply not placed.
    println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
}
