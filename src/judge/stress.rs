//! `stress COMMAND`: a candidate program against knight-moves, on generated inputs, until it
//! fails one or enough cases pass. A failing input is shrunk before it is shown.
//!
//! Each case is judged by the one pipeline: once with a writer as its sink, for the expected
//! output (its size sets the output limit, and a query knight-moves cannot answer stops the run
//! before the candidate is blamed for anything), and once, over the candidate's output, with
//! the checker as its sink. No problem's layout is known here.

use std::fmt;
use std::io::{self, Cursor, IsTerminal};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::exit::ExitStatus;
use crate::input::LineReader;
use crate::input::line::Escaped;
use crate::judge::candidate::{Candidate, Limits, RunEnd, RunError, Usage};
use crate::pipeline::Pipeline;
use crate::problem::cases::{Case, CaseGenerator, Reach};
use crate::settings::AnswerSettings;
use crate::sink::check::verdict::{Verdict, counted};
use crate::sink::{Flow, Origin, Sink, WriteSink};

/// The name the generated input goes by in verdicts: `for input:3: a1 h8`.
const INPUT_NAME: &str = "input";

/// What `stress` was asked to do.
#[derive(Clone, Debug)]
pub(crate) struct Stress {
    pub candidate: Candidate,
    pub cases: u64,
    pub seed: u64,
    pub time_limit: Duration,
    /// The most memory the candidate may hold, in bytes.
    pub memory_limit: Option<u64>,
    /// How far the inputs go: to the problem's limits, or past them.
    pub reach: Reach,
    /// How knight-moves answers (the problem, its board): the expected output.
    pub answers: AnswerSettings,
}

/// Why a case failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    Verdict(Verdict),
    TimeLimitExceeded,
    OutputLimitExceeded,
    MemoryLimitExceeded,
    RuntimeError { status: String, stderr: Vec<u8> },
}

/// What a stress run found: every case passed, a failing case (shrunk), or a case knight-moves
/// could not answer itself. (An engine's `Outcome` is one search's result, not this.)
#[derive(Debug)]
pub(crate) enum StressFinding {
    /// Every case passed; the most any case used of each resource.
    Passed { cases: u64, most: Usage },
    /// A case failed: the smallest failing case found, and how it failed.
    Failed {
        case: Case,
        input: Vec<u8>,
        expected: Vec<u8>,
        found: Vec<u8>,
        failure: Failure,
        usage: Usage,
    },
    /// knight-moves could not make the expected answers to a case (`why`): nothing can be
    /// said of the candidate.
    NotJudged { input: Vec<u8>, why: String },
}

/// How many cases a run of shrinking may try, at most, and for how long: a slow candidate
/// (one that fails by running out of time, say) must not make it endless. Past either, the
/// smallest failing case found so far is shown. The time is a deadline: each run's time limit
/// is cut to what remains of it.
const MOST_SHRINK_TRIES: usize = 300;
const MOST_SHRINK_TIME: Duration = Duration::from_secs(20);

/// [`MOST_SHRINK_TIME`], or, for the tests only, the whole seconds `KNIGHT_MOVES_SHRINK_SECONDS`
/// gives (so that the test of the deadline takes seconds, not half a minute; a user has no
/// reason to set it, and the guide does not offer it).
fn most_shrink_time() -> Duration {
    std::env::var("KNIGHT_MOVES_SHRINK_SECONDS")
        .ok()
        .and_then(|seconds| seconds.parse().ok())
        .map_or(MOST_SHRINK_TIME, Duration::from_secs)
}

/// One case run and judged.
struct Judged {
    failure: Option<Failure>,
    /// The candidate's output, when it ended by itself.
    found: Vec<u8>,
    usage: Usage,
    /// Whether the run was stopped at a time limit cut short by a deadline: then a time-out
    /// proves nothing.
    cut_short: bool,
}

/// A case's judgement: the candidate's, or none because knight-moves could not answer it.
enum Judgement {
    Judged(Judged),
    NotJudged(String),
}

impl Stress {
    /// Runs the cases; calls `progress` after each one with how many have run and what the
    /// last one used.
    ///
    /// The error says why a case could not be run at all: the program could not be started,
    /// or the system refused a resource the judge needs. A refusal while a failing case is
    /// being shrunk ends the shrinking instead: the failure found so far is shown.
    pub(crate) fn run(
        &self,
        mut progress: impl FnMut(u64, &Usage),
    ) -> Result<StressFinding, RunError> {
        let problem = self.answers.problem;
        let board = self.answers.search.board;
        let generator = CaseGenerator::new(problem, board, self.reach, self.seed);
        let mut generator = match self.answers.output.path {
            true => generator.for_routes(),
            false => generator,
        };
        let mut most = Usage::default();
        for number in 0..self.cases {
            // Sizes from 1 to 20 parts, in turn, so that small failing cases come early.
            let case = generator.random_case(1 + (number % 20) as usize);
            let judged = match self.judge(&case, self.time_limit)? {
                Judgement::Judged(judged) => judged,
                Judgement::NotJudged(why) => {
                    let input = case.render(problem);
                    return Ok(StressFinding::NotJudged { input, why });
                }
            };
            most = most_of(most, judged.usage);
            progress(number + 1, &judged.usage);
            if judged.failure.is_some() {
                return self.shrunk(case, judged);
            }
        }
        Ok(StressFinding::Passed {
            cases: self.cases,
            most,
        })
    }

    /// Runs the candidate on `case`, for at most `time_limit`, and judges its output.
    fn judge(&self, case: &Case, time_limit: Duration) -> Result<Judgement, RunError> {
        let input = case.render(self.answers.problem);
        let expected = match expected_output(&self.answers, &input) {
            Ok(expected) => expected,
            Err(why) => return Ok(Judgement::NotJudged(why)),
        };
        let limits = Limits {
            time: time_limit,
            // Room for wrong answers, however long the right ones are.
            output_bytes: (16 * expected.len()).max(1 << 20),
            memory_bytes: self.memory_limit,
        };
        let (run, usage) = self.candidate.run(&input, &limits)?;
        let mut found = Vec::new();
        let failure = match run {
            RunEnd::TimedOut => Some(Failure::TimeLimitExceeded),
            RunEnd::OutputLimitExceeded => Some(Failure::OutputLimitExceeded),
            RunEnd::MemoryLimitExceeded => Some(Failure::MemoryLimitExceeded),
            RunEnd::Finished { status, stderr, .. } if !status.success() => {
                Some(Failure::RuntimeError {
                    status: describe(status),
                    stderr,
                })
            }
            RunEnd::Finished { stdout, .. } => {
                let verdict = judge_output(&self.answers, &input, &stdout)
                    .map_err(RunError::refused("memory to judge the program's output"))?;
                found = stdout;
                match verdict {
                    Verdict::Accepted { .. } => None,
                    // Answered before the candidate ran: it cannot happen here.
                    Verdict::NotJudged { first, .. } => return Ok(Judgement::NotJudged(first.why)),
                    verdict => Some(Failure::Verdict(verdict)),
                }
            }
        };
        Ok(Judgement::Judged(Judged {
            cut_short: time_limit < self.time_limit && failure == Some(Failure::TimeLimitExceeded),
            failure,
            found,
            usage,
        }))
    }

    /// Makes a failing case, which failed as `judged` says, as small as it stays failing,
    /// within [`MOST_SHRINK_TRIES`] runs and [`MOST_SHRINK_TIME`], and says how it fails. The
    /// output and the figures shown are those of the run that failed.
    fn shrunk(&self, mut case: Case, mut judged: Judged) -> Result<StressFinding, RunError> {
        let deadline = Instant::now() + most_shrink_time();
        let mut tries = 0;
        'smaller: loop {
            for smaller in case.smaller(self.answers.problem, self.reach) {
                let remaining = deadline.saturating_duration_since(Instant::now());
                if tries == MOST_SHRINK_TRIES || remaining.is_zero() {
                    break 'smaller;
                }
                tries += 1;
                let smaller_judged = match self.judge(&smaller, self.time_limit.min(remaining)) {
                    Ok(Judgement::Judged(judged)) => judged,
                    Ok(Judgement::NotJudged(_)) => continue,
                    // What the system refuses now it may give later; the failure found so far
                    // is certain, and is shown rather than lost.
                    Err(_) => break 'smaller,
                };
                if smaller_judged.cut_short {
                    break 'smaller; // out of time: what is known is all there is
                }
                // Only a smaller case that fails the same way: a wrong answer shrunk into a
                // presentation error would show a lesser fault than the one found.
                let same_kind = match (&smaller_judged.failure, &judged.failure) {
                    (Some(smaller), Some(found)) => smaller.kind() == found.kind(),
                    _ => false,
                };
                if same_kind {
                    (case, judged) = (smaller, smaller_judged);
                    continue 'smaller;
                }
            }
            break;
        }
        let input = case.render(self.answers.problem);
        let expected = expected_output(&self.answers, &input).unwrap_or_default();
        Ok(StressFinding::Failed {
            case,
            input,
            expected,
            found: judged.found,
            failure: judged.failure.unwrap_or(Failure::TimeLimitExceeded),
            usage: judged.usage,
        })
    }
}

/// The larger of each figure.
fn most_of(most: Usage, usage: Usage) -> Usage {
    Usage {
        wall: most.wall.max(usage.wall),
        cpu: most.cpu.max(usage.cpu),
        peak_memory_bytes: most.peak_memory_bytes.max(usage.peak_memory_bytes),
    }
}

/// The output knight-moves makes for `input`, as the answers of the settings; or, where it
/// cannot answer a query, which and why.
pub(crate) fn expected_output(settings: &AnswerSettings, input: &[u8]) -> Result<Vec<u8>, String> {
    let sink = Expected {
        writer: WriteSink::new(Vec::new()),
        not_answered: None,
    };
    let mut pipeline = Pipeline::new(sink, io::sink(), settings);
    // Reading from memory and writing to memory: no error can come of either.
    let _ = LineReader::new().read(
        super::input_name(settings, INPUT_NAME),
        Cursor::new(input),
        &mut pipeline,
    );
    let sink = pipeline.into_sink().map_err(|error| error.to_string())?;
    match sink.not_answered {
        Some(why) => Err(why),
        None => Ok(sink.writer.into_inner()),
    }
}

/// The expected output in memory, and the first query knight-moves could not answer.
struct Expected {
    writer: WriteSink<Vec<u8>>,
    not_answered: Option<String>,
}

impl Sink for Expected {
    fn take(&mut self, answers: &mut Vec<u8>, origin: &Origin) -> io::Result<Flow> {
        self.writer.take(answers, origin)
    }

    fn no_answer(&mut self, origin: &Origin, why: &dyn fmt::Display) -> io::Result<()> {
        self.not_answered
            .get_or_insert_with(|| format!("{} ({why})", origin.describe(0)));
        Ok(())
    }

    fn lines_not_made(&mut self, lines: u64) {
        self.writer.lines_not_made(lines);
    }

    fn unreadable_input(&mut self, source: &str, why: &dyn fmt::Display) {
        self.not_answered
            .get_or_insert_with(|| format!("{source}: {why}"));
    }

    fn flush(&mut self, answers: &mut Vec<u8>) -> io::Result<()> {
        self.writer.flush(answers)
    }
}

/// The verdict on a candidate's output `found` for `input`: the pipeline over `input`, with
/// the checker of `found` as its sink.
fn judge_output(settings: &AnswerSettings, input: &[u8], found: &[u8]) -> io::Result<Verdict> {
    let found = Box::new(Cursor::new(found.to_vec()));
    let checker = settings.checker(found, settings.problem.comparison());
    let mut pipeline = Pipeline::new(checker, io::sink(), settings);
    // Reading from memory; the checker reads from memory too.
    let _ = LineReader::new().read(
        super::input_name(settings, INPUT_NAME),
        Cursor::new(input),
        &mut pipeline,
    );
    pipeline.into_sink()?.finish()
}

impl StressFinding {
    /// What the run found, as it is shown on stdout: the verdict, the input, the outputs and
    /// where the input was saved; or the cases passed and the most they used.
    pub(crate) fn report(&self, seed: u64) -> Vec<u8> {
        let mut out = Vec::new();
        let push_line = |out: &mut Vec<u8>, line: &str| {
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        };
        match self {
            StressFinding::Passed { cases, most } => {
                let cases = counted(*cases, "case", "cases");
                let line = format!("Passed {cases} (seed {seed}); {}", Figures::Most(most));
                push_line(&mut out, &line);
            }
            StressFinding::Failed {
                case,
                input,
                expected,
                found,
                failure,
                usage,
            } => {
                push_line(&mut out, &failure.describe());
                let parts = counted(case.size() as u64, "part", "parts");
                let line = format!(
                    "on the smallest failing input found (seed {seed}, {parts}; {}):",
                    Figures::One(usage)
                );
                push_line(&mut out, &line);
                out.extend_from_slice(input);
                push_line(&mut out, "expected output:");
                out.extend_from_slice(expected);
                if !found.is_empty() {
                    push_line(&mut out, "found output:");
                    out.extend_from_slice(found);
                    if !found.ends_with(b"\n") {
                        out.push(b'\n');
                    }
                }
                push_line(&mut out, &saved(seed, input));
            }
            StressFinding::NotJudged { input, why } => {
                let line = format!(
                    "Judge failure: knight-moves could not answer {why}, so the program was not \
                     judged"
                );
                push_line(&mut out, &line);
                push_line(&mut out, &format!("on the input (seed {seed}):"));
                out.extend_from_slice(input);
                push_line(&mut out, &saved(seed, input));
            }
        }
        out
    }

    /// What the run amounts to.
    pub(crate) fn status(&self) -> ExitStatus {
        match self {
            StressFinding::Passed { .. } => ExitStatus::Success,
            StressFinding::Failed { .. } => ExitStatus::NotAccepted,
            StressFinding::NotJudged { .. } => ExitStatus::JudgeFailure,
        }
    }
}

/// Saves a failing input (see [`save_input`]) and says where, or why it could not.
fn saved(seed: u64, input: &[u8]) -> String {
    match save_input(seed, input) {
        Ok(path) => format!("input saved to {}", path.display()),
        Err(error) => format!("input not saved: {error}"),
    }
}

/// What runs used, as the report says it: one run's figures, or the most of all runs'.
pub(crate) enum Figures<'a> {
    /// `it took 2.1 ms (CPU 1.9 ms), peak memory 3.2 MB`
    One(&'a Usage),
    /// `the slowest took 21.4 ms (the most CPU 20.1 ms); the most peak memory 3.2 MB`
    Most(&'a Usage),
}

impl fmt::Display for Figures<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (usage, took, cpu, memory) = match self {
            // Peak memory: the figure `--memory-limit` is judged by (see `Usage`).
            Figures::One(usage) => (usage, "it took", "CPU", ", peak memory "),
            Figures::Most(usage) => (
                usage,
                "the slowest took",
                "the most CPU",
                "; the most peak memory ",
            ),
        };
        write!(f, "{took} {:.1} ms", milliseconds(usage.wall))?;
        if let Some(time) = usage.cpu {
            write!(f, " ({cpu} {:.1} ms)", milliseconds(time))?;
        }
        if let Some(bytes) = usage.peak_memory_bytes {
            // Megabytes of 10⁶ bytes, as `--memory-limit` counts them.
            write!(f, "{memory}{:.1} MB", bytes as f64 / 1e6)?;
        }
        Ok(())
    }
}

fn milliseconds(time: Duration) -> f64 {
    time.as_secs_f64() * 1000.0
}

/// An exit status as a person would say it.
fn describe(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => "an unknown exit status".to_owned(),
    }
}

/// Writes a failing input where it can be found again: the system's temporary folder.
fn save_input(seed: u64, input: &[u8]) -> io::Result<PathBuf> {
    let path = std::env::temp_dir().join(format!("knight-moves-stress-{seed}.in"));
    std::fs::write(&path, input)?;
    Ok(path)
}

/// Whether to show a progress bar: only on a terminal.
pub(crate) fn wants_progress_bar() -> bool {
    io::stderr().is_terminal()
}

/// What kind of failure a case had, for shrinking to keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FailureKind {
    WrongAnswer,
    PresentationError,
    TimeLimitExceeded,
    OutputLimitExceeded,
    MemoryLimitExceeded,
    RuntimeError,
}

impl Failure {
    /// The kind of the failure: a wrong answer, missing or extra answers alike, is one kind.
    pub(crate) fn kind(&self) -> FailureKind {
        match self {
            Failure::Verdict(Verdict::PresentationError { .. }) => FailureKind::PresentationError,
            Failure::Verdict(_) => FailureKind::WrongAnswer,
            Failure::TimeLimitExceeded => FailureKind::TimeLimitExceeded,
            Failure::OutputLimitExceeded => FailureKind::OutputLimitExceeded,
            Failure::MemoryLimitExceeded => FailureKind::MemoryLimitExceeded,
            Failure::RuntimeError { .. } => FailureKind::RuntimeError,
        }
    }

    /// The verdict, as one line.
    pub(crate) fn describe(&self) -> String {
        match self {
            Failure::Verdict(verdict) => verdict.describe("output"),
            Failure::TimeLimitExceeded => "Time limit exceeded".to_owned(),
            Failure::OutputLimitExceeded => "Output limit exceeded".to_owned(),
            Failure::MemoryLimitExceeded => "Memory limit exceeded".to_owned(),
            Failure::RuntimeError { status, stderr } => {
                // The first line of what it said, escaped as every message shows bytes.
                let first = stderr.split(|&b| b == b'\n').next().unwrap_or_default();
                let first = first.strip_suffix(b"\r").unwrap_or(first);
                match first.is_empty() {
                    true => format!("Runtime error ({status})"),
                    false => format!("Runtime error ({status}): {}", Escaped(first)),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_output_is_the_pipeline_s() {
        let settings = AnswerSettings::judge();
        assert_eq!(
            expected_output(&settings, b"a1 b2\n").unwrap(),
            b"To get from a1 to b2 takes 4 knight moves.\n"
        );
        let verdict = judge_output(
            &settings,
            b"a1 b2\n",
            b"To get from a1 to b2 takes 2 knight moves.\n",
        )
        .unwrap();
        assert!(matches!(verdict, Verdict::WrongAnswer { at: 1, .. }));
        assert!(
            verdict.describe("output").ends_with("for input:1: a1 b2"),
            "{}",
            verdict.describe("output")
        );
    }

    #[test]
    fn shrinking_keeps_the_kind_of_failure() {
        let wrong = Failure::Verdict(Verdict::TooFew {
            found: 1,
            expected: 2,
        });
        let presentation = Failure::Verdict(Verdict::PresentationError {
            at: 1,
            what: "CRLF line end",
            query: String::new(),
        });
        assert_eq!(wrong.kind(), FailureKind::WrongAnswer);
        assert_ne!(wrong.kind(), presentation.kind());
        assert_ne!(Failure::TimeLimitExceeded.kind(), wrong.kind());
    }

    #[test]
    fn a_runtime_error_shows_its_first_line_escaped() {
        let failure = Failure::RuntimeError {
            status: "exit status 3".to_owned(),
            stderr: b"bad \x1b[31mthing\r\nmore".to_vec(),
        };
        assert_eq!(
            failure.describe(),
            "Runtime error (exit status 3): bad \\x1b[31mthing"
        );
    }
}
