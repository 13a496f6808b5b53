//! What the commands share of their output: writing to standard output, a judge's verdict
//! whatever standard output is, what a failure to write it ends in, the inputs read into a
//! pipeline, and the seed a random run chose.

use std::fs::File;
use std::io::{self, IsTerminal, Write};

use anyhow::Context;

use crate::exit::ExitStatus;
use crate::input::{LineReader, SourceError};
use crate::pipeline::Pipeline;
use crate::settings::{Input, Sources};
use crate::sink::Sink;
use crate::standard_streams;
#[cfg(unix)]
use crate::standard_streams::Access;

/// The context of every failure to write the output.
pub(crate) const STDOUT_TROUBLE: &str = "cannot write to standard output";

/// Fails when standard output was closed (`knight-moves a.in >&-`), where every answer would
/// be lost without a word: Rust's runtime puts `/dev/null` in the place of a closed standard
/// descriptor before `main`, and its standard output ignores a closed one besides.
///
/// A closed descriptor is one the system says is not open (`EBADF`), asked before the runtime
/// replaces it ([`standard_streams`]). A `/dev/null` of the caller's own, whether a
/// shell's `> /dev/null` or the read-write one that Python's `subprocess.DEVNULL`, libuv and
/// daemon(3) open, is open, and answers go there as asked. Elsewhere than Unix (Windows) a
/// closed standard output is left as Rust treats it.
///
/// A descriptor open for reading only is refused the same way: its writes fail (`EBADF`), and
/// Rust's standard output takes that failure for success, so every answer would be lost.
pub(crate) fn ensure_stdout_is_open() -> io::Result<()> {
    #[cfg(unix)]
    match standard_streams::output() {
        Access::Closed => return Err(io::Error::other("it is closed")),
        Access::ReadOnly => {
            return Err(io::Error::other("it is open for reading only"));
        }
        Access::Open | Access::WriteOnly => {}
    }
    Ok(())
}

/// Whether the error, or any error behind it, is a write to a pipe nobody reads any more.
pub(crate) fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io_error| io_error.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Says on stderr why the output could not be written.
pub(crate) fn say_output_trouble(error: &anyhow::Error) {
    // Not eprintln!, which panics when stderr is closed.
    let _ = writeln!(io::stderr(), "knight-moves: {error:#}");
}

/// Writes `text` to stdout and flushes it; a failure is the output's trouble.
pub(crate) fn write_stdout(text: &[u8]) -> anyhow::Result<()> {
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(text)
        .and_then(|()| stdout.flush())
        .context(STDOUT_TROUBLE)
}

/// Writes a judge's verdict line and ends with its `status`. A reader that went away before
/// the line (`knight-moves check … | head -c 0`) does not turn a wrong answer into a
/// success: for a judge the status is the verdict, which the line only repeats. Any other
/// failure to write (`> /dev/full`, a standard output closed or open for reading only) is
/// reported as for answers, and its status 2 is weighed with the verdict's, the highest
/// winning: a wrong answer stays 4.
pub(crate) fn write_verdict(text: &[u8], status: ExitStatus) -> anyhow::Result<ExitStatus> {
    let written = ensure_stdout_is_open()
        .context(STDOUT_TROUBLE)
        .and_then(|()| write_stdout(text));
    match written {
        Err(error) if is_broken_pipe(&error) => Ok(status),
        Err(error) => {
            say_output_trouble(&error);
            Ok(status.max(ExitStatus::Trouble))
        }
        Ok(()) => Ok(status),
    }
}

/// A seed for a run that was given none, from the clock, said on stderr so that the run can be
/// made again with `--seed`.
pub(crate) fn chosen_seed(command: &str) -> u64 {
    let seed = seed_from_clock();
    say_seed(command, seed);
    seed
}

/// A seed from the clock, for a run that was given none.
pub(crate) fn seed_from_clock() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(2243, |now| now.as_nanos() as u64 % 1_000_000_000)
}

/// Says on stderr the seed a run chose, so that it can be made again with `--seed`.
pub(crate) fn say_seed(command: &str, seed: u64) {
    let _ = writeln!(io::stderr(), "knight-moves: {command} with --seed {seed}");
}

/// Reads every input in order into `pipeline`. An input that cannot be opened or read is
/// reported and the next one is read. The status says whether any line was bad or any input
/// unreadable; the error is a failure to write the answers.
pub(crate) fn read_inputs<S: Sink, M: Write>(
    sources: &Sources,
    pipeline: &mut Pipeline<S, M>,
) -> anyhow::Result<ExitStatus> {
    let stdin = io::stdin();
    if sources.reads_stdin_by_default && stdin.is_terminal() {
        // Someone is typing: say what to type, since a bare cursor gives no clue. Ignored if
        // stderr is closed, like every message.
        let _ = writeln!(
            io::stderr(),
            "knight-moves: type two squares per line, such as \"e2 e4\", and press Enter; \
             Ctrl-D ends the input"
        );
    }
    let mut reader = LineReader::new();
    let mut status = ExitStatus::Success;
    for input in &sources.inputs {
        let name = input.name();
        let result = match input {
            Input::Stdin => match standard_streams::closed_input() {
                Some(error) => Err(SourceError::Read(error)),
                None => reader.read(&name, stdin.lock(), pipeline),
            },
            Input::File(path) => match File::open(path) {
                Ok(file) => reader.read(&name, file, pipeline),
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
                    .report_source_error(&name, &format_args!("{encoding}; skipped"))
                    .context(STDOUT_TROUBLE)?;
                status = ExitStatus::Trouble;
            }
            Err(SourceError::Write(error)) => return Err(error).context(STDOUT_TROUBLE),
        }
    }
    if pipeline.invalid_lines() > 0 {
        status = status.max(ExitStatus::InvalidLines);
    }
    Ok(status)
}
