//! One run of the program: from the command line to an exit status.

use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;

use crate::cli::Cli;
use crate::exit::{Ending, ExitStatus};
use crate::format::Shape;
use crate::generate;
use crate::input::{AnswerText, LineReader, SourceError};
use crate::judge::candidate::{Candidate, RunError, clean_up_on_signals};
use crate::judge::protocol;
use crate::judge::stress::{Figures, Stress, wants_progress_bar};
use crate::output_file::{self, FileIdentity};
use crate::package;
use crate::pipeline::Pipeline;
use crate::problem::cases::Inputs;
use crate::report::{KeptQueries, page};
use crate::settings::{AnswerSettings, CheckerFiles, Input, Sources, StressSettings, Task};
use crate::sink::check::Checker;
use crate::sink::check::verdict::Verdict;
use crate::sink::{Sink, WriteSink};
use crate::standard_streams;
#[cfg(unix)]
use crate::standard_streams::Access;
use crate::stats::report::{ReportStyle, report};

/// The whole program, as the binary runs it: reads the command line, runs, and says how it
/// went as an exit status (see [`ExitStatus`]).
pub(crate) fn main() -> ExitCode {
    let outcome = Cli::task_from(std::env::args_os())
        .map_err(Stop::Clap)
        .and_then(|settings| run_in_protocol(settings).map_err(Stop::Failed));
    match outcome {
        Ok(ending) => ending.into(),
        Err(Stop::Clap(error)) if error.use_stderr() && speaks_testlib() => {
            // testlib reads 2 as a presentation error, the candidate's: a command line the
            // judge got wrong is the judge's failure.
            let _ = error.print();
            ExitCode::from(protocol::TESTLIB_FAIL)
        }
        Err(Stop::Clap(error)) => clap_said(&error),
        Err(Stop::Failed(error)) => failed(&error),
    }
}

/// Whether the command line asks for testlib's protocol (`--checker testlib`,
/// `--validate-input=testlib`, …), read before clap has read it, for a usage error's status.
fn speaks_testlib() -> bool {
    let args: Vec<String> = std::env::args_os()
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    args.windows(2).any(|pair| {
        matches!(pair[0].as_str(), "--checker" | "--validate-input") && pair[1] == "testlib"
    }) || args
        .iter()
        .any(|arg| arg == "--checker=testlib" || arg == "--validate-input=testlib")
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
    say_output_trouble(error);
    ExitStatus::Trouble.into()
}

/// Says on stderr why the output could not be written.
fn say_output_trouble(error: &anyhow::Error) {
    // Not eprintln!, which panics when stderr is closed.
    let _ = writeln!(io::stderr(), "knight-moves: {error:#}");
}

/// The context of every failure to write the output.
const STDOUT_TROUBLE: &str = "cannot write to standard output";

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
fn ensure_stdout_is_open() -> io::Result<()> {
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
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io_error| io_error.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Does the task the command line asked for and says how it went: in a judge system's
/// protocol for `--checker` and `--validate-input`, which say everything they have to say
/// themselves, else with one of knight-moves' own statuses.
fn run_in_protocol(task: Task) -> anyhow::Result<Ending> {
    match task {
        Task::Checker(checker) => {
            // CMS reads the score from standard output: a closed one (which Rust's runtime
            // replaces with /dev/null) would lose it without a word.
            let writes_stdout = matches!(checker.files, CheckerFiles::Cms { .. });
            if writes_stdout && ensure_stdout_is_open().is_err() {
                say_output_trouble(&anyhow::anyhow!("{STDOUT_TROUBLE}: it is closed"));
                return Ok(Ending::Protocol(ExitStatus::JudgeFailure as u8));
            }
            Ok(Ending::Protocol(protocol::run(&checker)))
        }
        Task::ValidateInput(validator) => Ok(Ending::Protocol(protocol::validate(&validator))),
        task => run(task).map(Ending::Status),
    }
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
        Task::Package(settings) => match package::write(&settings) {
            Ok(placed) => {
                let placed_at = Input::File(placed.path.clone()).name();
                let message = format!("Wrote the problem package to {placed_at}\n");
                write_stdout(message.as_bytes())?;
                if let Some(left_behind) = placed.left_behind {
                    let old = Input::File(settings.dir.clone()).name();
                    say_output_trouble(&anyhow::anyhow!("--package: the old {old}: {left_behind}"));
                }
                Ok(ExitStatus::Success)
            }
            Err(error) => {
                say_output_trouble(&error.context("--package"));
                Ok(ExitStatus::Trouble)
            }
        },
        Task::Checker(_) | Task::ValidateInput(_) => unreachable!("run by run_in_protocol"),
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

/// Writes a judge's verdict line and ends with its `status`. A reader that went away before
/// the line (`knight-moves --check … | head -c 0`) does not turn a wrong answer into a
/// success: for a judge the status is the verdict, which the line only repeats. Any other
/// failure to write (`> /dev/full`) is reported as for answers, and its status 2 is weighed
/// with the verdict's, the highest winning: a wrong answer stays 4.
fn write_verdict(text: &[u8], status: ExitStatus) -> anyhow::Result<ExitStatus> {
    match write_stdout(text) {
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
        reach: settings.reach,
        answers: settings.answers,
    };
    let program = stress.candidate.program.clone();
    if let Err(refused) = clean_up_on_signals() {
        return stress_not_run(&program, &refused);
    }
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
        Err(error) => return stress_not_run(&program, &error),
    };
    write_verdict(&finding.report(seed), finding.status())
}

/// What a stress run that could not run its cases says: a program that cannot be started is
/// the user's to fix (a message, status 2); a resource the system refused is a judge failure
/// (the verdict line on stdout, as every verdict, and status 5): nothing was held against the
/// program, and whatever it started was killed.
fn stress_not_run(program: &str, error: &RunError) -> anyhow::Result<ExitStatus> {
    match error {
        RunError::Program(error) => {
            let _ = writeln!(
                io::stderr(),
                "knight-moves: --stress: cannot run {program}: {error}"
            );
            Ok(ExitStatus::Trouble)
        }
        RunError::Refused { .. } => {
            let line = format!("Judge failure: {error}, so the program was not judged\n");
            write_verdict(line.as_bytes(), ExitStatus::JudgeFailure)
        }
    }
}

/// Answers every input in order onto standard output; with `--stats` or `--compare`, reports
/// the engines' figures on stderr at the end; with `--report`, then writes its page.
///
/// What was asked besides the answers is delivered however the answers end: when the reader of
/// standard output goes away (`| head -1`) or it fails, the figures and the page still cover
/// the queries answered until then, and the output's trouble is returned after them.
fn answer(
    sources: &Sources,
    answers: &AnswerSettings,
    page_file: Option<&Path>,
) -> anyhow::Result<ExitStatus> {
    if let Some(path) = page_file {
        if let Some(why) = page_refused(path, sources) {
            let page = Input::File(path.to_owned()).name();
            let _ = writeln!(io::stderr(), "knight-moves: --report {page}: {why}");
            return Ok(ExitStatus::Trouble);
        }
    }
    let sink = WriteSink::new(io::stdout().lock());
    let mut pipeline = Pipeline::new(sink, io::stderr().lock(), answers);
    if page_file.is_some() {
        let search = &answers.search;
        let kept = KeptQueries::new(search.board, search.piece, search.max_nodes);
        pipeline.keep_for_report(kept);
    }
    let (mut status, output_trouble) = match read_inputs(sources, &mut pipeline) {
        Ok(status) => (status, None),
        Err(trouble) => (ExitStatus::Success, Some(trouble)),
    };
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
    if let (Some(path), Some(kept)) = (page_file, pipeline.kept_for_report()) {
        // The answers are out already (each read ends with them written): the page, which
        // searches every query again with every engine, comes after.
        match output_file::write_whole(path, page::page(kept).as_bytes()) {
            // A pipe whose reader went away, as for the answers: it has all it asked for.
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {}
            Err(error) => {
                let name = Input::File(path.to_owned()).name();
                let _ = writeln!(io::stderr(), "knight-moves: {name}: {error}");
                status = status.max(ExitStatus::Trouble);
            }
            Ok(()) => {}
        }
    }
    match output_trouble {
        Some(trouble) => Err(trouble),
        None => Ok(status),
    }
}

/// Why `--report path` cannot be done, told before anything is read (a usage error): `-`,
/// which names no file here; a folder, or a file in a folder that does not exist; one of the
/// inputs (the page would replace it); or the file standard output or standard error writes
/// to (the page would replace the answers or the messages), `/dev/null` excepted.
fn page_refused(path: &Path, sources: &Sources) -> Option<String> {
    if path.as_os_str() == "-" {
        return Some(
            "the page goes to a file, not to standard output, which holds the answers; name \
             a file"
                .to_owned(),
        );
    }
    if let Some(why) = output_file::cannot_be_written(path) {
        return Some(why.to_owned());
    }
    if let Some(input) = input_named_by(path, sources) {
        let input = input.name();
        return Some(format!(
            "that is the input {input}, which the page would overwrite; name another file"
        ));
    }
    let identity = FileIdentity::of_path(path)?;
    let is_null = FileIdentity::of_path(Path::new("/dev/null")).as_ref() == Some(&identity);
    if !is_null && FileIdentity::of_outputs().contains(&identity) {
        return Some(
            "that is where standard output or standard error goes, which the page would \
             overwrite; name another file"
                .to_owned(),
        );
    }
    None
}

/// The input among `sources` that `path` names, under whatever name (a link, another
/// spelling): the file itself, or the one standard input reads.
fn input_named_by<'a>(path: &Path, sources: &'a Sources) -> Option<&'a Input> {
    let identity = FileIdentity::of_path(path)?;
    sources.inputs.iter().find(|input| {
        let input_identity = match input {
            Input::Stdin => FileIdentity::of_stdin(),
            Input::File(input) => FileIdentity::of_path(input),
        };
        input_identity.as_ref() == Some(&identity)
    })
}

/// `--check`: judges the answer file `file` against the answers to every input, as they
/// stream, and prints the verdict.
fn check(sources: &Sources, answers: &AnswerSettings, file: &Input) -> anyhow::Result<ExitStatus> {
    let name = file.name();
    let found: Box<dyn Read> = match file {
        Input::Stdin => match standard_streams::closed_input() {
            Some(error) => {
                let _ = writeln!(io::stderr(), "knight-moves: {name}: {error}");
                return Ok(ExitStatus::Trouble);
            }
            None => Box::new(io::stdin()),
        },
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
    let checker = answers.checker(
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
    status = status.max(match verdict {
        Verdict::Accepted { .. } => ExitStatus::Success,
        Verdict::NotJudged { .. } => ExitStatus::JudgeFailure,
        _ => ExitStatus::NotAccepted,
    });
    write_verdict(format!("{line}\n").as_bytes(), status)
}

/// Whether `file` is what standard input reads (`/dev/stdin`, `/proc/self/fd/0`, or the file
/// the shell redirected), so that `--check` does not read its answers from the stream that
/// holds the queries. Where the system cannot tell (Windows), never.
fn is_standard_input(file: &File) -> bool {
    let stdin = FileIdentity::of_stdin();
    stdin.is_some() && stdin == FileIdentity::of_file(file)
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
