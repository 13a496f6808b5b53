//! The `knight-moves` command: the program's crate root. It links the `knight_moves` library
//! and takes its `board`, `standard` and `engine` modules (the library's hidden way in for the
//! program: the engines' workspace and requests, the accelerator's 8×8 loops) under the same
//! names, so they are compiled once; docs/ARCHITECTURE.md, "The library and the program", says why.
//! See `cli/mod.rs` for the run from command line to exit status.

// Every `unsafe` block says why it is sound, in a `SAFETY` comment.
#![deny(clippy::undocumented_unsafe_blocks)]

mod allocator;

// The library's modules, reached as `crate::board` and so on like the program's own.
use knight_moves::{board, engine, standard};
mod cli;
mod exit;
mod fast;
mod format;
mod held_signals;
mod input;
mod package;
mod pipeline;
mod problem;
mod report;
mod settings;
mod sink;
mod standard_streams;
mod stats;
mod stress;

fn main() -> std::process::ExitCode {
    cli::main()
}
