//! Links the `parley` executable as a position-dependent (non-PIE) program on Linux.
//!
//! Why: a position-independent executable is relocated by the dynamic loader at every start
//! (about 21 000 relative relocations in parley), which also writes to, and so faults in,
//! every page holding a pointer. Every command pays it, and most commands are over in a few
//! milliseconds. A non-PIE executable has those addresses fixed by the linker.
//!
//! Why here and not in `.cargo/config.toml`: without `--target`, cargo gives a target's
//! `rustflags` to build scripts and procedural macros too (they are built for the same
//! triple), and a procedural macro is a shared library that cannot be built with
//! `-C relocation-model=static`. `rustc-link-arg-bin` reaches only the link of this binary;
//! the objects stay position-independent, which a non-PIE link accepts. The trade-off (the
//! executable's own code loses address randomization) is in `docs/design.md`.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    // `-no-pie` is understood by the C compiler drivers (gcc, clang) rustc links through on
    // GNU/Linux; other platforms keep their default.
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bin=parley=-no-pie");
    }
}
