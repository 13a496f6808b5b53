//! The `knight-moves` command: the program's crate root. It compiles the library's modules
//! (`board`, `engine`) together with the rest of the program, rather than linking them as the
//! `knight_moves` crate, so that the program keeps its crate-private way into them (the
//! engines' workspace and requests, the 8×8 tables the accelerator reads) while the library's
//! public API stays small; docs/ARCHITECTURE.md argues the choice. See `app.rs` for the run
//! from command line to exit status.

mod app;
mod board;
mod cli;
mod engine;
mod exit;
mod fast;
mod format;
mod generate;
mod input;
mod judge;
mod output_file;
mod pipeline;
mod problem;
mod report;
mod settings;
mod sink;
mod stats;

fn main() -> std::process::ExitCode {
    app::main()
}
