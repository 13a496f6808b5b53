use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use knight_moves::app;
use knight_moves::cli::Cli;
use knight_moves::exit::ExitStatus;

fn main() -> ExitCode {
    let settings = match app::Settings::try_from(Cli::parse()) {
        Ok(settings) => settings,
        Err(usage_error) => usage_error.exit(), // status 2, as clap's own usage errors
    };
    match app::run(settings) {
        Ok(status) => status.into(),
        Err(error) if is_broken_pipe(&error) => {
            // Rust ignores SIGPIPE, so `knight-moves big.in | head -1` ends here once `head`
            // has gone. The reader has all it asked for: stop quietly and call it a success,
            // as a filter killed by SIGPIPE would look to a shell pipeline.
            ExitStatus::Success.into()
        }
        Err(error) => {
            // Not eprintln!, which panics when stderr is closed.
            let _ = writeln!(io::stderr(), "knight-moves: {error:#}");
            ExitStatus::Trouble.into()
        }
    }
}

/// Whether the error, or any error behind it, is a write to a pipe nobody reads any more.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io_error| io_error.kind() == io::ErrorKind::BrokenPipe)
    })
}
