//! One run of the program: from the command line to an exit status.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

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
    let settings = match Cli::parse().into_settings() {
        Ok(settings) => settings,
        Err(usage_error) => usage_error.exit(), // status 2, as clap's own usage errors
    };
    match run(settings) {
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

/// Does what the settings ask and says how it went.
///
/// The error returned is a failure to write the output (a broken pipe among them); [`main`]
/// decides what to say about it.
fn run(settings: Settings) -> anyhow::Result<ExitStatus> {
    match settings.task {
        Task::Generate(kind) => {
            let mut stdout = io::stdout().lock();
            generate(kind, &mut stdout)?;
            stdout.flush()?;
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
                pipeline.report_source_error(&name, &error)?;
                status = ExitStatus::Trouble;
            }
            Err(SourceError::Write(error)) => return Err(error.into()),
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
