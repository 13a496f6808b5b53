//! Puts the code the filter runs together at the start of the program, on Linux.
//!
//! Most of a judge run's memory is the program's own code: the kernel maps it in blocks of
//! 64 KiB around each page it runs, and what the filter runs (its start, the argument parser's
//! part, the judge path) is under half a megabyte scattered over two. Grouped, the blocks it
//! touches are a third as many, and the peak resident memory of a judge run falls by about a
//! megabyte (docs/PERFORMANCE.md, "Memory of a run"). `src/hot-text.ld` lists those functions
//! (`scripts/hot-text.sh` writes it from a profile), then those of scripts/bench.sh's
//! big-board, UTF-16, cses-grid and check jobs; it is a linker script that only adds two
//! output sections before `.text`, which GNU ld and LLD both read beside their defaults. Each
//! of those functions starts on a 64-byte boundary, so that a change elsewhere in the program
//! does not move its loops against the processor's fetch blocks (the same page says what that
//! cost).
//!
//! Only the program is linked so, and only where the linker is one of those (Linux's). mold
//! refuses such a script: asked for in the compiler's flags (`-fuse-ld=mold`), it is seen and
//! the link is plain; run another way (`mold -run`), set `KNIGHT_MOVES_PLAIN_LINK=1`. The
//! order changes where code lies, never what it does.
use std::env;
use std::path::Path;

fn main() {
    let list = Path::new("src/hot-text.ld");
    println!("cargo:rerun-if-changed={}", list.display());
    println!("cargo:rerun-if-env-changed=KNIGHT_MOVES_PLAIN_LINK");
    let linux = env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let plain = env::var_os("CARGO_FEATURE_TRICK_PLACEMENT").is_none()
        || env::var_os("KNIGHT_MOVES_PLAIN_LINK").is_some_and(|value| value != "0")
        || env::var("CARGO_ENCODED_RUSTFLAGS").is_ok_and(|flags| flags.contains("mold"));
    let script = Path::new(&env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default()).join(list);
    // The compiler driver's own -T and the path as two arguments, so that a folder's name with
    // a comma or a space reaches the linker whole (a cargo directive is one line: a name with a
    // line break cannot be given, and is linked plainly).
    let sayable = script.to_str().is_some_and(|path| !path.contains('\n'));
    if linux && !plain && sayable && script.exists() {
        println!("cargo:rustc-link-arg-bins=-T");
        println!("cargo:rustc-link-arg-bins={}", script.display());
    }
}
