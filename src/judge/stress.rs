//! `--stress COMMAND`: a candidate program against knight-moves, on generated inputs, until it
//! fails one or enough cases pass. A failing input is shrunk before it is shown.

use std::io::{self, Cursor, IsTerminal};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::input::LineReader;
use crate::judge::candidate::{Candidate, Limits, Run};
use crate::judge::verdict::{Checker, Verdict};
use crate::pipeline::Pipeline;
use crate::problem::Problem;
use crate::problem::cases::{Case, CaseGenerator};
use crate::settings::AnswerSettings;

/// What `--stress` was asked to do.
#[derive(Clone, Debug)]
pub(crate) struct Stress {
    pub candidate: Candidate,
    pub cases: u64,
    pub seed: u64,
    pub time_limit: Duration,
    /// The most resident memory, in bytes, if limited.
    pub memory_limit: Option<u64>,
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

/// The end of a stress run.
#[derive(Debug)]
pub(crate) enum Outcome {
    Passed {
        cases: u64,
        slowest: Duration,
    },
    Failed {
        case: Case,
        input: Vec<u8>,
        expected: Vec<u8>,
        found: Vec<u8>,
        failure: Failure,
    },
}

/// How many cases a run of shrinking may try, at most, and for how long: a slow candidate
/// (one that fails by running out of time, say) must not make it endless. Past either, the
/// smallest failing case found so far is shown.
const MOST_SHRINK_TRIES: usize = 300;
const MOST_SHRINK_TIME: Duration = Duration::from_secs(20);

impl Stress {
    /// Runs the cases; calls `progress` after each one.
    pub(crate) fn run(&self, mut progress: impl FnMut(u64)) -> io::Result<Outcome> {
        let problem = self.answers.problem;
        let mut generator = CaseGenerator::new(problem, self.answers.search.board, self.seed);
        let mut slowest = Duration::ZERO;
        for number in 0..self.cases {
            // Sizes from 1 to 20 parts, in turn, so that small failing cases come early.
            let case = generator.random_case(1 + (number % 20) as usize);
            let (failure, elapsed) = self.judge(&case)?;
            slowest = slowest.max(elapsed);
            progress(number + 1);
            if let Some(failure) = failure {
                return self.shrunk(case, failure);
            }
        }
        Ok(Outcome::Passed {
            cases: self.cases,
            slowest,
        })
    }

    /// Runs the candidate on `case`: the failure, if any, and how long it took.
    fn judge(&self, case: &Case) -> io::Result<(Option<Failure>, Duration)> {
        let (failure, _, elapsed) = self.judge_keeping_output(case)?;
        Ok((failure, elapsed))
    }

    fn judge_keeping_output(
        &self,
        case: &Case,
    ) -> io::Result<(Option<Failure>, Vec<u8>, Duration)> {
        let problem = self.answers.problem;
        let input = case.render(problem);
        let expected = expected_output(&self.answers, &input);
        // Room for wrong answers, however long the right ones are.
        let output_limit = (16 * expected.len()).max(1 << 20);
        let limits = Limits {
            time: self.time_limit,
            output_bytes: output_limit,
            memory_bytes: self.memory_limit,
        };
        let (run, usage) = self.candidate.run(&input, &limits)?;
        let elapsed = usage.wall;
        let (failure, found) = match run {
            Run::TimedOut => (Some(Failure::TimeLimitExceeded), Vec::new()),
            Run::OutputLimitExceeded => (Some(Failure::OutputLimitExceeded), Vec::new()),
            Run::MemoryLimitExceeded => (Some(Failure::MemoryLimitExceeded), Vec::new()),
            Run::Finished { status, stderr, .. } if !status.success() => (
                Some(Failure::RuntimeError {
                    status: describe(status),
                    stderr,
                }),
                Vec::new(),
            ),
            Run::Finished { stdout, .. } => {
                let verdict = judge_output(problem, &input, &expected, &stdout)?;
                (
                    (!verdict.is_accepted()).then_some(Failure::Verdict(verdict)),
                    stdout,
                )
            }
        };
        Ok((failure, found, elapsed))
    }

    /// Makes a failing case, which failed with `failure`, as small as it stays failing, and
    /// says how it fails.
    fn shrunk(&self, mut case: Case, mut failure: Failure) -> io::Result<Outcome> {
        let (mut tries, start) = (0, Instant::now());
        let within_bounds =
            |tries: usize| tries < MOST_SHRINK_TRIES && start.elapsed() < MOST_SHRINK_TIME;
        'smaller: while within_bounds(tries) {
            for smaller in case.smaller() {
                tries += 1;
                if let Some(smaller_failure) = self.judge(&smaller)?.0 {
                    (case, failure) = (smaller, smaller_failure);
                    continue 'smaller;
                }
                if !within_bounds(tries) {
                    break;
                }
            }
            break;
        }
        let (last_failure, found, _) = self.judge_keeping_output(&case)?;
        let input = case.render(self.answers.problem);
        let expected = expected_output(&self.answers, &input);
        // A flaky candidate may pass this last run: the failure shown is then the one the
        // case failed with when it was found.
        let failure = last_failure.unwrap_or(failure);
        Ok(Outcome::Failed {
            case,
            input,
            expected,
            found,
            failure,
        })
    }
}

/// The output knight-moves makes for `input`, as the answers of the settings.
pub(crate) fn expected_output(settings: &AnswerSettings, input: &[u8]) -> Vec<u8> {
    let mut pipeline = Pipeline::new(Vec::new(), io::sink(), settings);
    // Reading from memory and writing to memory: no error can come of either.
    let _ = LineReader::new().read("input", Cursor::new(input), &mut pipeline);
    pipeline.into_output()
}

/// The verdict on a candidate's output for `input`, whose right output is `expected`.
fn judge_output(
    problem: Problem,
    input: &[u8],
    expected: &[u8],
    found: &[u8],
) -> io::Result<Verdict> {
    let mut checker = Checker::new(Box::new(Cursor::new(found.to_vec())), problem);
    let lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    for (index, line) in expected.split_inclusive(|&b| b == b'\n').enumerate() {
        // Which input line an answer line answers, for the message: one answer a query line
        // after any count line; the grid's rows all answer its one line.
        let query = match problem {
            Problem::Uva439 => lines.get(index).copied(),
            Problem::Nakanj => lines.get(index + 1).copied(),
            Problem::Poj1915 => lines.get(2 + 3 * index).copied(),
            Problem::CsesGrid | Problem::Knightl => lines.first().copied(),
        };
        let query = String::from_utf8_lossy(query.unwrap_or_default()).into_owned();
        checker.expect(line, &format!("the query {query:?}"));
    }
    checker.finish()
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
pub(crate) fn save_input(seed: u64, input: &[u8]) -> io::Result<PathBuf> {
    let path = std::env::temp_dir().join(format!("knight-moves-stress-{seed}.in"));
    std::fs::write(&path, input)?;
    Ok(path)
}

/// Whether to show a progress bar: only on a terminal.
pub(crate) fn wants_progress_bar() -> bool {
    io::stderr().is_terminal()
}

impl Failure {
    /// The verdict, as one line.
    pub(crate) fn describe(&self) -> String {
        match self {
            Failure::Verdict(verdict) => verdict.describe("output"),
            Failure::TimeLimitExceeded => "Time limit exceeded".to_owned(),
            Failure::OutputLimitExceeded => "Output limit exceeded".to_owned(),
            Failure::MemoryLimitExceeded => "Memory limit exceeded".to_owned(),
            Failure::RuntimeError { status, stderr } => {
                let shown = String::from_utf8_lossy(stderr);
                let first = shown.lines().next().unwrap_or("");
                match first.is_empty() {
                    true => format!("Runtime error ({status})"),
                    false => format!("Runtime error ({status}): {first}"),
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
            expected_output(&settings, b"a1 b2\n"),
            b"To get from a1 to b2 takes 4 knight moves.\n"
        );
        let verdict = judge_output(
            Problem::Uva439,
            b"a1 b2\n",
            b"To get from a1 to b2 takes 4 knight moves.\n",
            b"To get from a1 to b2 takes 2 knight moves.\n",
        )
        .unwrap();
        assert!(matches!(verdict, Verdict::WrongAnswer { at: 1, .. }));
        assert!(
            verdict
                .describe("output")
                .ends_with("for the query \"a1 b2\"")
        );
    }
}
