//! One run of the program: from the command line to an exit status.

use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;

use crate::cli::Cli;
use crate::exit::ExitStatus;
use crate::format::Shape;
use crate::generate;
use crate::input::{AnswerText, LineReader, SourceError};
use crate::judge::candidate::{Candidate, clean_up_on_signals};
use crate::judge::stress::{Figures, Stress, wants_progress_bar};
use crate::pipeline::Pipeline;
use crate::problem::cases::Inputs;
use crate::report::{KeptQueries, page};
use crate::settings::{AnswerSettings, Input, Sources, StressSettings, Task};
use crate::sink::check::Checker;
use crate::sink::check::verdict::Verdict;
use crate::sink::{Sink, WriteSink};
use crate::stats::report::{ReportStyle, report};

/// The whole program, as the binary runs it: reads the command line, runs, and says how it
/// went as an exit status (see [`ExitStatus`]).
pub(crate) fn main() -> ExitCode {
    let outcome = Cli::try_parse()
        .and_then(Cli::into_task)
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
/// On Unix the stand-in is told from a `> /dev/null` of the user's own by how it was opened:
/// the runtime opens it for reading and writing, a shell's `>` for writing only. Elsewhere
/// (Windows) a closed standard output is left as Rust treats it.
fn ensure_stdout_is_open() -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let stdout = io::stdout();
        let copy = stdout.as_fd().try_clone_to_owned();
        let copy = copy.map_err(|_| io::Error::other("it is closed"))?;
        if is_runtime_stand_in(copy) {
            return Err(io::Error::other("it is closed"));
        }
    }
    Ok(())
}

/// Whether `descriptor` is `/dev/null` opened for reading and writing, as the Rust runtime
/// opens it in the place of a closed standard descriptor.
#[cfg(unix)]
fn is_runtime_stand_in(descriptor: std::os::fd::OwnedFd) -> bool {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::MetadataExt;
    let raw = descriptor.as_raw_fd();
    // SAFETY: fcntl with F_GETFL only reads the flags of a descriptor, which `descriptor`
    // owns and keeps open for the call; it touches no memory of this process.
    let flags = unsafe { libc::fcntl(raw, libc::F_GETFL) };
    let read_and_write = flags != -1 && flags & libc::O_ACCMODE == libc::O_RDWR;
    let file = std::fs::File::from(descriptor);
    let is_null = match (file.metadata(), std::fs::metadata("/dev/null")) {
        (Ok(this), Ok(null)) => (this.dev(), this.ino()) == (null.dev(), null.ino()),
        _ => false,
    };
    read_and_write && is_null
}

/// Whether the error, or any error behind it, is a write to a pipe nobody reads any more.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io_error| io_error.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Does the task the command line asked for and says how it went.
///
/// The error returned is a failure to write the output (a broken pipe among them); [`main`]
/// decides what to say about it.
fn run(task: Task) -> anyhow::Result<ExitStatus> {
    ensure_stdout_is_open().context(STDOUT_TROUBLE)?;
    match task {
        Task::Document(document) => {
            // Made in memory first: the generators panic on a write that fails.
            let mut text = Vec::new();
            generate::document(document, &mut text)?;
            write_stdout(&text)?;
            Ok(ExitStatus::Success)
        }
        Task::Answer {
            answers,
            sources,
            report,
        } => answer(&sources, &answers, report.as_deref()),
        Task::Check {
            answers,
            sources,
            file,
        } => check(&sources, &answers, &file),
        Task::Stress(stress) => run_stress(stress),
        Task::JudgeInput(input) => {
            // Only random inputs are made from a seed: the others are the same every time.
            let seed = match (input.inputs, input.seed) {
                (_, Some(seed)) => seed,
                (Inputs::Random, None) => chosen_seed("--generate"),
                (Inputs::AllPairs | Inputs::Hard, None) => 0,
            };
            // Written as it is made, so that an input of any length takes little memory.
            let mut stdout = io::BufWriter::new(io::stdout().lock());
            generate::input(&input, seed, &mut stdout)
                .and_then(|()| stdout.flush())
                .context(STDOUT_TROUBLE)?;
            Ok(ExitStatus::Success)
        }
    }
}

/// Writes `text` to stdout and flushes it; a failure is the output's trouble.
fn write_stdout(text: &[u8]) -> anyhow::Result<()> {
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(text)
        .and_then(|()| stdout.flush())
        .context(STDOUT_TROUBLE)
}

/// A seed for a run that was given none, from the clock, said on stderr so that the run can be
/// made again with `--seed`.
fn chosen_seed(option: &str) -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    let seed = now.map_or(2243, |now| now.as_nanos() as u64 % 1_000_000_000);
    let _ = writeln!(io::stderr(), "knight-moves: {option} with --seed {seed}");
    seed
}

/// `--stress`: runs the cases, with a progress bar on a terminal, and tells how it went.
fn run_stress(settings: StressSettings) -> anyhow::Result<ExitStatus> {
    let seed = settings.seed.unwrap_or_else(|| chosen_seed("--stress"));
    let (program, args) = settings
        .command
        .split_first()
        .map(|(program, args)| (program.clone(), args.to_vec()))
        .unwrap_or_default();
    let stress = Stress {
        candidate: Candidate { program, args },
        cases: settings.cases,
        seed,
        time_limit: settings.time_limit,
        memory_limit: settings.memory_limit,
        answers: settings.answers,
    };
    clean_up_on_signals();
    let bar = wants_progress_bar().then(|| {
        let style = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} cases, {elapsed} (seed {prefix}) {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        let bar = indicatif::ProgressBar::new(stress.cases).with_style(style);
        bar.set_prefix(seed.to_string());
        bar
    });
    let finding = stress.run(|done, usage| {
        if let Some(bar) = &bar {
            bar.set_position(done);
            // Each case's figures, as a judge shows them, while the run goes on.
            bar.set_message(format!("last case: {}", Figures::One(usage)));
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let finding = match finding {
        Ok(finding) => finding,
        Err(error) => {
            let program = &stress.candidate.program;
            let _ = writeln!(
                io::stderr(),
                "knight-moves: --stress: cannot run {program}: {error}"
            );
            return Ok(ExitStatus::Trouble);
        }
    };
    write_stdout(&finding.report(seed))?;
    Ok(finding.status())
}

/// Answers every input in order onto standard output; with `--stats` or `--compare`, reports
/// the engines' figures on stderr at the end; with `--report`, then writes its page.
fn answer(
    sources: &Sources,
    answers: &AnswerSettings,
    page_file: Option<&Path>,
) -> anyhow::Result<ExitStatus> {
    let sink = WriteSink::new(io::stdout().lock());
    let mut pipeline = Pipeline::new(sink, io::stderr().lock(), answers);
    if page_file.is_some() {
        let search = &answers.search;
        let kept = KeptQueries::new(search.board, search.piece, search.max_nodes);
        pipeline.keep_for_report(kept);
    }
    let mut status = read_inputs(sources, &mut pipeline)?;
    if let (Some(path), Some(kept)) = (page_file, pipeline.kept_for_report()) {
        // The answers are out already (each read ends with them written): the page, which
        // searches every query again with every engine, comes after.
        if let Err(error) = std::fs::write(path, page::page(kept)) {
            let name = Input::File(path.to_owned()).name();
            let _ = writeln!(io::stderr(), "knight-moves: {name}: {error}");
            status = status.max(ExitStatus::Trouble);
        }
    }
    if let Some(measurements) = pipeline.measurements() {
        let style = match answers.output.shape {
            Shape::Json | Shape::Trace => ReportStyle::Json,
            Shape::Sentence | Shape::Number(_) | Shape::Tsv { .. } | Shape::Grid(_) => {
                ReportStyle::Text
            }
        };
        // Like every message, ignored if stderr is closed.
        let _ = io::stderr().write_all(report(measurements, style).as_bytes());
        if measurements.disagreements() > 0 {
            status = status.max(ExitStatus::EnginesDisagree);
        }
    }
    Ok(status)
}

/// `--check`: judges the answer file `file` against the answers to every input, as they
/// stream, and prints the verdict.
fn check(sources: &Sources, answers: &AnswerSettings, file: &Input) -> anyhow::Result<ExitStatus> {
    let name = file.name();
    let found: Box<dyn Read> = match file {
        Input::Stdin => Box::new(io::stdin()),
        Input::File(path) => match File::open(path) {
            Ok(file) if sources.inputs.contains(&Input::Stdin) && is_standard_input(&file) => {
                let _ = writeln!(
                    io::stderr(),
                    "knight-moves: --check {name}: that is standard input, which holds the \
                     queries; name the answer file"
                );
                return Ok(ExitStatus::Trouble);
            }
            Ok(file) => Box::new(file),
            Err(error) => {
                let _ = writeln!(io::stderr(), "knight-moves: {name}: {error}");
                return Ok(ExitStatus::Trouble);
            }
        },
    };
    let checker = Checker::new(
        Box::new(AnswerText::new(found)),
        answers.problem.comparison(),
    );
    let mut pipeline = Pipeline::new(checker, io::stderr().lock(), answers);
    let mut status = read_inputs(sources, &mut pipeline)?;
    let bad_lines = pipeline.invalid_lines() - pipeline.unanswered_lines();
    let verdict = pipeline.into_sink().and_then(Checker::finish);
    let verdict = match verdict {
        Ok(verdict) => verdict,
        Err(error) => {
            let _ = writeln!(io::stderr(), "knight-moves: {name}: {error}");
            return Ok(status.max(ExitStatus::Trouble));
        }
    };
    let mut line = verdict.describe(&name);
    if bad_lines > 0 {
        let (lines, were, expect) = match bad_lines {
            1 => ("1 bad input line".to_owned(), "was", "expects"),
            _ => (format!("{bad_lines} bad input lines"), "were", "expect"),
        };
        line.push_str(&format!("; {lines} {were} reported and {expect} no answer"));
    }
    write_stdout(format!("{line}\n").as_bytes())?;
    status = status.max(match verdict {
        Verdict::Accepted { .. } => ExitStatus::Success,
        Verdict::NotJudged { .. } => ExitStatus::JudgeFailure,
        _ => ExitStatus::NotAccepted,
    });
    Ok(status)
}

/// Whether `file` is what standard input reads (`/dev/stdin`, `/proc/self/fd/0`, or the file
/// the shell redirected), so that `--check` does not read its answers from the stream that
/// holds the queries. Elsewhere than Unix, never.
fn is_standard_input(file: &File) -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        let Ok(stdin) = io::stdin().as_fd().try_clone_to_owned() else {
            return false;
        };
        match (File::from(stdin).metadata(), file.metadata()) {
            (Ok(stdin), Ok(file)) => (stdin.dev(), stdin.ino()) == (file.dev(), file.ino()),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        false
    }
}

/// Reads every input in order into `pipeline`. An input that cannot be opened or read is
/// reported and the next one is read. The status says whether any line was bad or any input
/// unreadable; the error is a failure to write the answers.
fn read_inputs<S: Sink>(
    sources: &Sources,
    pipeline: &mut Pipeline<S, io::StderrLock<'static>>,
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
            Input::Stdin => reader.read(&name, stdin.lock(), pipeline),
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
