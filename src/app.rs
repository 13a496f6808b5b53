//! One run of the program: from the command line to an exit status. The command line names
//! the job ([`crate::cli`]); the job's module does it ([`crate::jobs`]).

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;

use crate::cli::{Cli, UsageErrorOf};
use crate::exit::protocol::TESTLIB_FAIL;
use crate::exit::{Ending, ExitStatus};
use crate::jobs::{self, STDOUT_TROUBLE, ensure_stdout_is_open, is_broken_pipe};
use crate::settings::Task;
use crate::stress::candidate::workers;

/// The whole program, as the binary runs it: reads the command line, runs, and says how it
/// went as an exit status (see [`ExitStatus`]).
pub(crate) fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    // A process `stress` started to run its cases: not a command line a user types.
    if let Some(command) = workers::worker_command(&args) {
        return ExitCode::from(workers::serve(&command));
    }
    let task = match Cli::task_from(&args) {
        Ok(task) => task,
        Err(error) => return clap_said(&error, &args),
    };
    match run(task) {
        Ok(ending) => ending.into(),
        Err(error) => failed(&error),
    }
}

/// Does the job the command line asked for and says how it went: in a judge system's protocol
/// for `checker` and `validate`, which say everything they have to say themselves, else with
/// one of knight-moves' own statuses.
///
/// The error returned is a failure to write the output (a broken pipe among them); [`main`]
/// decides what to say about it.
fn run(task: Task) -> anyhow::Result<Ending> {
    let status = match task {
        Task::Checker(settings) => return Ok(Ending::Protocol(jobs::checker::run(&settings))),
        Task::Validate(settings) => {
            return Ok(Ending::Protocol(jobs::validate::run(&settings)));
        }
        Task::Answer {
            answers,
            sources,
            report,
        } => writing(|| jobs::answer::run(&sources, &answers, report.as_deref())),
        // A judge's status is its verdict: its line is written, or the failure to write it
        // weighed with it, whatever standard output is (see `jobs::write_verdict`).
        Task::Check {
            answers,
            sources,
            file,
        } => jobs::check::run(&sources, &answers, &file),
        Task::Stress(settings) => jobs::stress::run(settings),
        Task::Generate(settings) => writing(|| jobs::generate::run(&settings)),
        Task::Package(settings) => writing(|| jobs::package::run(&settings)),
        Task::Document(document) => writing(|| jobs::documents::run(&document)),
    };
    status.map(Ending::Status)
}

/// Runs a job that writes on standard output, once it is known to be open: one that is
/// closed would lose everything the job writes without a word.
fn writing(job: impl FnOnce() -> anyhow::Result<ExitStatus>) -> anyhow::Result<ExitStatus> {
    ensure_stdout_is_open().context(STDOUT_TROUBLE)?;
    job()
}

/// Writes what clap has to say: help and version on stdout (status 0, unless stdout fails),
/// usage errors on stderr as the command's protocol says ([`jobs::checker::usage_error`]).
fn clap_said(error: &clap::Error, args: &[OsString]) -> ExitCode {
    let of = UsageErrorOf::read(args);
    if error.use_stderr() {
        return ExitCode::from(jobs::checker::usage_error(error, &of));
    }
    let printed = ensure_stdout_is_open().and_then(|()| {
        error.print()?;
        io::stdout().flush()?;
        Ok(())
    });
    match (printed, of.speaks_testlib) {
        (Ok(()), _) => ExitStatus::Success.into(),
        // testlib would read 2 as the candidate's presentation error.
        (Err(_), true) => ExitCode::from(TESTLIB_FAIL),
        (Err(error), false) => failed(&anyhow::Error::new(error).context(STDOUT_TROUBLE)),
    }
}

/// What a failure to write the output ends in: quiet success for a reader that went away,
/// a message and status 2 for anything else.
fn failed(error: &anyhow::Error) -> ExitCode {
    if is_broken_pipe(error) {
        // Rust ignores SIGPIPE, so `knight-moves big.in | head -1` ends here once `head`
        // has gone. The reader has all it asked for: stop quietly and call it a success,
        // as a filter killed by SIGPIPE would look to a shell pipeline.
        return ExitStatus::Success.into();
    }
    jobs::say_output_trouble(error);
    ExitStatus::Trouble.into()
}
