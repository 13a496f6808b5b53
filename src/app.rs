//! One run of the program: from the command line to an exit status.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;

use crate::cli::Cli;
use crate::exit::ExitStatus;
use crate::format::Format;
use crate::generate::generate;
use crate::input::{LineReader, SourceError};
use crate::pipeline::Pipeline;
use crate::settings::{AnswerSettings, Input, Settings, Task};
use crate::stats::report::{ReportStyle, report};

/// The whole program, as the binary runs it: reads the command line, runs, and says how it
/// went as an exit status (see [`ExitStatus`]).
pub(crate) fn main() -> ExitCode {
    let outcome = Cli::try_parse()
        .and_then(Cli::into_settings)
        .map_err(Stop::Clap)
        .and_then(|settings| run(settings).map_err(Stop::Failed));
    match outcome {
        Ok(status) => status.into(),
        Err(Stop::Clap(error)) => clap_said(&error),
        Err(Stop::Failed(error)) => failed(&error),
    }
}

/// Why a run stopped before its end.
enum Stop {
    /// clap's word: a usage error, or `--help` and `--version`, which clap writes.
    Clap(clap::Error),
    /// The output could not be written.
    Failed(anyhow::Error),
}

/// Writes what clap has to say: help and version on stdout (status 0, unless stdout fails),
/// usage errors on stderr (status 2).
fn clap_said(error: &clap::Error) -> ExitCode {
    if error.use_stderr() {
        let _ = error.print(); // nowhere to report a failure to report
        return ExitStatus::Trouble.into();
    }
    let printed = ensure_stdout_is_open().and_then(|()| {
        error.print()?;
        io::stdout().flush()?;
        Ok(())
    });
    match printed {
        Ok(()) => ExitStatus::Success.into(),
        Err(error) => failed(&anyhow::Error::new(error).context(STDOUT_TROUBLE)),
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
    // Not eprintln!, which panics when stderr is closed.
    let _ = writeln!(io::stderr(), "knight-moves: {error:#}");
    ExitStatus::Trouble.into()
}

/// The context of every failure to write the output.
const STDOUT_TROUBLE: &str = "cannot write to standard output";

/// Fails when standard output was closed (`knight-moves a.in >&-`), where every answer would
/// be lost without a word: Rust's runtime puts `/dev/null` in the place of a closed standard
/// descriptor before `main`, and its standard output ignores a closed one besides.
///
/// On Linux the stand-in is told from a `> /dev/null` of the user's own by how it was opened:
/// the runtime opens it for reading and writing, a shell's `>` for writing only. Elsewhere, a
/// descriptor that cannot be copied is closed.
fn ensure_stdout_is_open() -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let copy = io::stdout().as_fd().try_clone_to_owned();
        copy.map_err(|_| io::Error::other("it is closed"))?;
    }
    #[cfg(target_os = "linux")]
    if is_runtime_stand_in(1) {
        return Err(io::Error::other("it is closed"));
    }
    Ok(())
}

/// Whether descriptor `fd` is `/dev/null` opened for reading and writing, as the Rust runtime
/// opens it in the place of a closed standard descriptor.
#[cfg(target_os = "linux")]
fn is_runtime_stand_in(fd: u32) -> bool {
    let points_to_null = std::fs::read_link(format!("/proc/self/fd/{fd}"))
        .is_ok_and(|target| target == std::path::Path::new("/dev/null"));
    let read_and_write = || {
        let info = std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}")).ok()?;
        let flags = info.lines().find_map(|line| line.strip_prefix("flags:"))?;
        let flags = u32::from_str_radix(flags.trim(), 8).ok()?;
        Some(flags & 0o3 == 0o2) // O_ACCMODE is O_RDWR
    };
    points_to_null && read_and_write().unwrap_or(false)
}

/// Whether the error, or any error behind it, is a write to a pipe nobody reads any more.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io_error| io_error.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Does what the settings ask and says how it went.
///
/// The error returned is a failure to write the output (a broken pipe among them); [`main`]
/// decides what to say about it.
fn run(settings: Settings) -> anyhow::Result<ExitStatus> {
    ensure_stdout_is_open().context(STDOUT_TROUBLE)?;
    match settings.task {
        Task::Generate(kind) => {
            // Made in memory first: the generators panic on a write that fails.
            let mut text = Vec::new();
            generate(kind, &mut text)?;
            let mut stdout = io::stdout().lock();
            stdout
                .write_all(&text)
                .and_then(|()| stdout.flush())
                .context(STDOUT_TROUBLE)?;
            Ok(ExitStatus::Success)
        }
        Task::Answer(answers) => answer(&settings, &answers),
    }
}

/// Answers every input in order. An input that cannot be opened or read is reported and the
/// next one is read.
fn answer(settings: &Settings, answers: &AnswerSettings) -> anyhow::Result<ExitStatus> {
    let stdin = io::stdin();
    if settings.reads_stdin_by_default && stdin.is_terminal() {
        // Someone is typing: say what to type, since a bare cursor gives no clue. Ignored if
        // stderr is closed, like every message.
        let _ = writeln!(
            io::stderr(),
            "knight-moves: type two squares per line, such as \"e2 e4\", and press Enter; \
             Ctrl-D ends the input"
        );
    }
    let mut pipeline = Pipeline::new(io::stdout().lock(), io::stderr().lock(), answers);
    let mut reader = LineReader::new();
    let mut status = ExitStatus::Success;
    for input in &settings.inputs {
        let name = input.name();
        let result = match input {
            Input::Stdin => reader.read(&name, stdin.lock(), &mut pipeline),
            Input::File(path) => match File::open(path) {
                Ok(file) => reader.read(&name, file, &mut pipeline),
                Err(error) => Err(SourceError::Read(error)),
            },
        };
        match result {
            Ok(()) => {}
            Err(SourceError::Read(error)) => {
                pipeline
                    .report_source_error(&name, &error)
                    .context(STDOUT_TROUBLE)?;
                status = ExitStatus::Trouble;
            }
            Err(SourceError::Encoding(encoding)) => {
                pipeline
                    .report_source_error(&name, &encoding)
                    .context(STDOUT_TROUBLE)?;
                status = ExitStatus::Trouble;
            }
            Err(SourceError::Write(error)) => return Err(error).context(STDOUT_TROUBLE),
        }
    }
    if pipeline.invalid_lines() > 0 {
        status = status.max(ExitStatus::InvalidLines);
    }
    if let Some(measurements) = pipeline.measurements() {
        let style = match answers.output.format {
            Format::Json => ReportStyle::Json,
            Format::Sentence | Format::Tsv => ReportStyle::Text,
        };
        // Like every message, ignored if stderr is closed.
        let _ = io::stderr().write_all(report(measurements, style).as_bytes());
        if measurements.disagreements() > 0 {
            status = status.max(ExitStatus::EnginesDisagree);
        }
    }
    Ok(status)
}
