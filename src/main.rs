//! The `knight-moves` command. Everything it does is in the library, so that tests can reach
//! it; see `app.rs` for the run from command line to exit status.

use std::process::ExitCode;

fn main() -> ExitCode {
    knight_moves::run_command_line()
}
