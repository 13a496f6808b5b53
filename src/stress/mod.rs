//! `stress COMMAND`: a candidate program against knight-moves, on generated inputs, until it
//! fails one or enough cases pass. A failing input is shrunk before it is shown.
//!
//! Each case is judged by the one pipeline: once with a writer as its sink, for the expected
//! output (its size sets the output limit, and a query knight-moves cannot answer stops the run
//! before the candidate is blamed for anything), and once, over the candidate's output, with
//! the checker as its sink ([`crate::sink::check`], which `check` uses on answer files too). No
//! problem's layout is known here. The candidate runs as a judge runs a program
//! ([`candidate`]), in processes of its own when cases run at once.

pub(crate) mod candidate;

use std::collections::BTreeMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Cursor, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::exit::ExitStatus;
use crate::input::LineReader;
use crate::input::line::Escaped;
use crate::pipeline::{Pipeline, answers_in_memory};
use crate::problem::cases::{Case, CaseGenerator, Reach};
use crate::settings::{AnswerSettings, STDIN_NAME, shown};
use crate::sink::check::verdict::{Verdict, counted};
use crate::stress::candidate::workers::{Event, Workers};
use crate::stress::candidate::{Candidate, Limits, PeakMemory, RunEnd, RunError, Usage, describe};

/// The name the generated input goes by in verdicts: `for input:3: a1 h8`.
const INPUT_NAME: &str = "input";

/// What `stress` was asked to do.
#[derive(Clone, Debug)]
pub(crate) struct Stress {
    pub candidate: Candidate,
    pub cases: u64,
    pub time_limit: Duration,
    /// The most memory the candidate may hold, in bytes.
    pub memory_limit: Option<u64>,
    /// How far the inputs go: to the problem's limits, or past them.
    pub reach: Reach,
    /// How knight-moves answers (the problem, its board): the expected output.
    pub answers: AnswerSettings,
    /// The most parts (queries, scenarios) a case holds: the cases go from 1 part to this
    /// many, in turn, so that small failing cases come early.
    pub largest: u64,
    /// How many cases run at once.
    pub jobs: usize,
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

/// The smallest failing case a stress run found, and how it failed.
#[derive(Debug)]
pub(crate) struct FailedCase {
    case: Case,
    input: Vec<u8>,
    expected: Vec<u8>,
    found: Vec<u8>,
    failure: Failure,
    /// What the verdict adds where the output is right with `--path` the other way.
    routes_hint: &'static str,
    usage: Usage,
}

/// What a stress run found: every case passed, a failing case (shrunk), or a case knight-moves
/// could not answer itself. (An engine's `Outcome` is one search's result, not this.)
#[derive(Debug)]
pub(crate) enum StressFinding {
    /// Every case passed; the most any case used of each resource.
    Passed {
        cases: u64,
        most: Usage,
        /// The first case that failed while others ran and passed when run again alone: its
        /// number (from 1) and how it failed.
        passed_alone: Option<(u64, String)>,
    },
    /// A case failed: the smallest failing case found, and how it failed.
    Failed(Box<FailedCase>),
    /// A case could not be judged, `why` says (knight-moves could not answer it, or the
    /// process that ran it was lost): nothing can be said of the candidate.
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

/// What one case of the run came to, where it ends the run: a failure of the candidate's, a
/// query knight-moves could not answer, or a run that could not be made (or whose worker was
/// lost: [`RunError::Lost`]).
enum Finding {
    Failed(Case, Judged),
    Unanswerable { input: Vec<u8>, why: String },
    NotRun(Case, RunError),
}

/// What happens while the cases run, for whoever shows it.
pub(crate) enum Progress<'a> {
    /// The candidate has started, on a case.
    Started,
    /// `done` cases have passed; the last used `usage`.
    Passed { done: u64, usage: &'a Usage },
}

/// A case on its way: its parts, its input and the output expected of it (which sets its
/// output limit), and the generator as it is once the case was made (to go on from it).
struct Pending {
    case: Case,
    input: Vec<u8>,
    expected: Vec<u8>,
    after: CaseGenerator,
}

/// The first case that ended a scan of the cases: its number, what it came to, and the
/// generator as it is once the case was made.
struct FirstFinding {
    number: u64,
    finding: Finding,
    after: CaseGenerator,
}

/// What the cases passed, counted across scans.
#[derive(Default)]
struct Tally {
    passed: u64,
    most: Usage,
    /// The first case that failed while others ran and passed alone: its number (from 1) and
    /// how it failed, which the report says.
    passed_alone: Option<(u64, String)>,
}

impl Stress {
    /// Runs the cases made from `seed`, up to [`Stress::jobs`] at once, and reports each step
    /// to `progress`.
    ///
    /// The result is the same whatever the scheduling: the cases are made in order from the
    /// seed, and the run's finding is that of the lowest-numbered case that ends it (a case
    /// after one known to fail is not started, and is stopped if it runs), so `--jobs 1` and
    /// `--jobs 8` find the same first failing case, and shrink it alike. A case that ended the
    /// run while others ran beside it is run again alone before it is believed: the others
    /// share the machine's processors and the user's processes (`ulimit -u`), and a right
    /// program must not be blamed for what they took. One that passes alone passed, and the
    /// run goes on after it.
    ///
    /// The error says why a case could not be run at all: the program could not be started,
    /// or the system refused a resource the judge needs. A refusal while a failing case is
    /// being shrunk ends the shrinking instead: the failure found so far is shown.
    pub(crate) fn run(
        &self,
        seed: u64,
        mut progress: impl FnMut(Progress<'_>),
    ) -> Result<StressFinding, RunError> {
        let generator = CaseGenerator::new(
            self.answers.problem,
            self.answers.search.board,
            self.reach,
            seed,
        );
        let mut generator = match self.answers.output.path {
            true => generator.for_routes(),
            false => generator,
        };
        let mut workers = Workers::new(self.candidate.clone(), self.jobs);
        let mut tally = Tally::default();
        let mut alone_runs = 0;
        let mut from = 0;
        loop {
            let scanned = self.scan(generator, from, &mut workers, &mut tally, &mut progress);
            let Some(FirstFinding {
                number,
                finding,
                after,
            }) = scanned
            else {
                return Ok(StressFinding::Passed {
                    cases: self.cases,
                    most: tally.most,
                    passed_alone: tally.passed_alone,
                });
            };
            // Found while others ran at once: believed only once it fails alone.
            let to_confirm = match &finding {
                Finding::Failed(case, judged) => judged
                    .failure
                    .as_ref()
                    .map(|failure| (case, failure.describe())),
                Finding::NotRun(case, error) => Some((case, error.to_string())),
                Finding::Unanswerable { .. } => None,
            };
            let confirmed = match to_confirm {
                Some((case, how)) if workers.runs_several() => {
                    let case = case.clone();
                    match self.judge(&case, self.time_limit, &mut workers, &mut alone_runs) {
                        Ok(Judgement::Judged(judged)) if judged.failure.is_none() => {
                            // What the other runs held (the processors, the user's processes)
                            // may be what it failed of: the rest run one at a time.
                            workers.one_at_a_time();
                            tally.passed_alone.get_or_insert((number + 1, how));
                            tally.passed += 1;
                            tally.most = most_of(tally.most, judged.usage);
                            progress(Progress::Passed {
                                done: tally.passed,
                                usage: &judged.usage,
                            });
                            (generator, from) = (after, number + 1);
                            continue;
                        }
                        Ok(Judgement::Judged(judged)) => Finding::Failed(case, judged),
                        Ok(Judgement::NotJudged(why)) => Finding::Unanswerable {
                            input: case.render(self.answers.problem),
                            why,
                        },
                        Err(error) => Finding::NotRun(case, error),
                    }
                }
                _ => finding,
            };
            return match confirmed {
                Finding::Failed(case, judged) => {
                    self.shrunk(case, judged, &mut workers, &mut alone_runs)
                }
                Finding::Unanswerable { input, why } => Ok(StressFinding::NotJudged {
                    input,
                    why: format!("knight-moves could not answer {why}"),
                }),
                // The program took the process that ran it away: what it did is unknown.
                Finding::NotRun(case, RunError::Lost(why)) => Ok(StressFinding::NotJudged {
                    input: case.render(self.answers.problem),
                    why,
                }),
                Finding::NotRun(_, error) => Err(error),
            };
        }
    }

    /// Runs cases `from` on, made by `generator`, up to [`Stress::jobs`] at once, until one
    /// ends the run or every case is done; returns the lowest-numbered case that ends it, if
    /// any. The cases that pass are counted in `tally`.
    fn scan(
        &self,
        mut generator: CaseGenerator,
        from: u64,
        workers: &mut Workers,
        tally: &mut Tally,
        progress: &mut impl FnMut(Progress<'_>),
    ) -> Option<FirstFinding> {
        let mut pending: BTreeMap<u64, Pending> = BTreeMap::new();
        // The next case, made and not yet started (every worker was busy).
        let mut ready: Option<(u64, Pending)> = None;
        let mut first: Option<FirstFinding> = None;
        let mut made = from;
        loop {
            // Start the next cases while a worker is free, up to the first known to end the
            // run: the cases after it cannot change what the run finds.
            loop {
                if ready.is_none() && made < self.cases && is_before(made, &first) {
                    let number = made;
                    made += 1;
                    let case = generator.random_case(self.size_of(number));
                    let input = case.render(self.answers.problem);
                    match answers_in_memory(&self.answers, INPUT_NAME, &input) {
                        Ok(expected) => {
                            let after = generator.clone();
                            let case = Pending {
                                case,
                                input,
                                expected,
                                after,
                            };
                            ready = Some((number, case));
                        }
                        Err(why) => {
                            workers.cancel_above(number);
                            let finding = Finding::Unanswerable { input, why };
                            let after = generator.clone();
                            first = Some(FirstFinding {
                                number,
                                finding,
                                after,
                            });
                        }
                    }
                }
                let Some((number, case)) = ready.take() else {
                    break;
                };
                if !is_before(number, &first) {
                    break;
                }
                let limits = self.limits(&case.expected, self.time_limit);
                match workers.start(number, &case.input, limits) {
                    Ok(true) => drop(pending.insert(number, case)),
                    Ok(false) => {
                        ready = Some((number, case));
                        break;
                    }
                    Err(error) => {
                        workers.cancel_above(number);
                        first = Some(FirstFinding {
                            number,
                            finding: Finding::NotRun(case.case, error),
                            after: case.after,
                        });
                        break;
                    }
                }
            }
            let Some(event) = workers.next_event() else {
                break;
            };
            let (number, ended) = match event {
                Event::Started => {
                    progress(Progress::Started);
                    continue;
                }
                Event::Ended(number, ended) => (number, ended),
            };
            // A case stopped because an earlier one ends the run: what it did is not wanted.
            let Some(case) = pending.remove(&number) else {
                continue;
            };
            let judgement = ended
                .and_then(|(end, usage)| self.judged(&case.input, end, usage, self.time_limit));
            let finding = match judgement {
                Err(error) => Finding::NotRun(case.case, error),
                Ok(Judgement::NotJudged(why)) => Finding::Unanswerable {
                    input: case.input,
                    why,
                },
                Ok(Judgement::Judged(judged)) if judged.failure.is_some() => {
                    Finding::Failed(case.case, judged)
                }
                Ok(Judgement::Judged(judged)) => {
                    tally.passed += 1;
                    tally.most = most_of(tally.most, judged.usage);
                    progress(Progress::Passed {
                        done: tally.passed,
                        usage: &judged.usage,
                    });
                    continue;
                }
            };
            if is_before(number, &first) {
                workers.cancel_above(number);
                first = Some(FirstFinding {
                    number,
                    finding,
                    after: case.after,
                });
            }
        }
        first
    }

    /// How many parts case `number` (from 0) holds: 1 to [`Stress::largest`], in turn.
    fn size_of(&self, number: u64) -> usize {
        usize::try_from(1 + number % self.largest.max(1)).unwrap_or(usize::MAX)
    }

    /// The limits of a run whose right output is `expected`.
    fn limits(&self, expected: &[u8], time: Duration) -> Limits {
        Limits {
            time,
            // Room for wrong answers, however long the right ones are.
            output_bytes: (16 * expected.len()).max(1 << 20),
            memory_bytes: self.memory_limit,
        }
    }

    /// Runs the candidate on `case`, alone, for at most `time_limit`, and judges its output:
    /// to confirm a case found while others ran, and to shrink one.
    fn judge(
        &self,
        case: &Case,
        time_limit: Duration,
        workers: &mut Workers,
        alone_runs: &mut u64,
    ) -> Result<Judgement, RunError> {
        let input = case.render(self.answers.problem);
        let expected = match answers_in_memory(&self.answers, INPUT_NAME, &input) {
            Ok(expected) => expected,
            Err(why) => return Ok(Judgement::NotJudged(why)),
        };
        let limits = self.limits(&expected, time_limit);
        workers.keep_one();
        // Numbered past every case of the run, whose stopped workers may still speak.
        let number = self.cases.saturating_add(*alone_runs);
        *alone_runs += 1;
        while !workers.start(number, &input, limits)? {
            // Every worker is still stopping a case of the run: wait for one to end.
            workers.next_event();
        }
        loop {
            match workers.next_event() {
                Some(Event::Ended(ended_number, ended)) if ended_number == number => {
                    let (end, usage) = ended?;
                    return self.judged(&input, end, usage, time_limit);
                }
                Some(_) => continue,
                None => {
                    return Err(RunError::Refused {
                        what: "a process to run the program's cases".into(),
                        error: io::Error::other("it ended before the case did"),
                    });
                }
            }
        }
    }

    /// The judgement of a run on `input`, for at most `time_limit`, that ended as `end`,
    /// having used `usage`.
    fn judged(
        &self,
        input: &[u8],
        end: RunEnd,
        usage: Usage,
        time_limit: Duration,
    ) -> Result<Judgement, RunError> {
        let mut found = Vec::new();
        let failure = match end {
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
                let verdict = judge_output(&self.answers, input, &stdout)
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
    fn shrunk(
        &self,
        mut case: Case,
        mut judged: Judged,
        workers: &mut Workers,
        alone_runs: &mut u64,
    ) -> Result<StressFinding, RunError> {
        let deadline = Instant::now() + most_shrink_time();
        let mut tries = 0;
        'smaller: loop {
            for smaller in case.smaller(self.answers.problem, self.reach) {
                let remaining = deadline.saturating_duration_since(Instant::now());
                if tries == MOST_SHRINK_TRIES || remaining.is_zero() {
                    break 'smaller;
                }
                tries += 1;
                let smaller_judged = match self.judge(
                    &smaller,
                    self.time_limit.min(remaining),
                    workers,
                    alone_runs,
                ) {
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
        let expected = answers_in_memory(&self.answers, INPUT_NAME, &input).unwrap_or_default();
        let failure = judged.failure.unwrap_or(Failure::TimeLimitExceeded);
        // Routes where none were to be judged, or none where they were: right the other way.
        let routes_hint = match (&failure, self.answers.with_routes_toggled()) {
            (Failure::Verdict(_), Some(toggled))
                if judge_output(&toggled, &input, &judged.found)
                    .is_ok_and(|verdict| matches!(verdict, Verdict::Accepted { .. })) =>
            {
                self.answers.routes_hint()
            }
            _ => "",
        };
        Ok(StressFinding::Failed(Box::new(FailedCase {
            case,
            input,
            expected,
            found: judged.found,
            failure,
            routes_hint,
            usage: judged.usage,
        })))
    }
}

/// Whether case `number` comes before the first case known to end the run, if any: only
/// such a case can change what the run finds.
fn is_before(number: u64, first: &Option<FirstFinding>) -> bool {
    first.as_ref().is_none_or(|first| number < first.number)
}

/// The larger of each figure.
fn most_of(most: Usage, usage: Usage) -> Usage {
    Usage {
        wall: most.wall.max(usage.wall),
        cpu: most.cpu.max(usage.cpu),
        peak_memory: most.peak_memory.larger(usage.peak_memory),
    }
}

/// The verdict on a candidate's output `found` for `input`: the pipeline over `input`, with
/// the checker of `found` as its sink.
fn judge_output(settings: &AnswerSettings, input: &[u8], found: &[u8]) -> io::Result<Verdict> {
    let found = Box::new(Cursor::new(found.to_vec()));
    let checker = settings.checker(found, settings.problem.comparison());
    let mut pipeline =
        Pipeline::new(checker, io::sink(), settings).answering_as_read_from(STDIN_NAME);
    // Reading from memory; the checker reads from memory too.
    let _ = LineReader::new().read(INPUT_NAME, Cursor::new(input), &mut pipeline);
    pipeline.into_sink()?.finish()
}

impl StressFinding {
    /// What the run found, as it is shown on stdout: the verdict, the input, the outputs and
    /// where the input was saved (see [`save_input`]: at `save`, or in the current folder);
    /// or the cases passed and the most they used.
    pub(crate) fn report(&self, seed: u64, save: Option<&Path>) -> Vec<u8> {
        let mut out = Vec::new();
        let push_line = |out: &mut Vec<u8>, line: &str| {
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        };
        match self {
            StressFinding::Passed {
                cases,
                most,
                passed_alone,
            } => {
                let cases = counted(*cases, "case", "cases");
                let line = format!("Passed {cases} (seed {seed}); {}", Figures::Most(most));
                push_line(&mut out, &line);
                if let Some((number, how)) = passed_alone {
                    let line = format!(
                        "case {number} failed ({how}) while other cases ran at once, and passed \
                         when run again alone; the cases after it ran one at a time (--jobs 1 \
                         judges every case so)"
                    );
                    push_line(&mut out, &line);
                }
            }
            StressFinding::Failed(failed) => {
                let FailedCase {
                    case,
                    input,
                    expected,
                    found,
                    failure,
                    routes_hint,
                    usage,
                } = failed.as_ref();
                push_line(&mut out, &format!("{}{routes_hint}", failure.describe()));
                let line = format!(
                    "on the smallest failing input found (seed {seed}, {}; {}):",
                    case.size_in_words(),
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
                if let Failure::RuntimeError { stderr, .. } = failure {
                    let last = last_lines(stderr, STDERR_LINES_SHOWN);
                    if !last.is_empty() {
                        push_line(&mut out, "its standard error ended with:");
                        for line in last {
                            push_line(&mut out, &format!("  {}", shown_line(line)));
                        }
                    }
                }
                push_line(&mut out, &saved(save, seed, input));
            }
            StressFinding::NotJudged { input, why } => {
                let line = format!("Judge failure: {why}, so the program was not judged");
                push_line(&mut out, &line);
                push_line(&mut out, &format!("on the input (seed {seed}):"));
                out.extend_from_slice(input);
                push_line(&mut out, &saved(save, seed, input));
            }
        }
        out
    }

    /// What the run amounts to.
    pub(crate) fn status(&self) -> ExitStatus {
        match self {
            StressFinding::Passed { .. } => ExitStatus::Success,
            StressFinding::Failed(_) => ExitStatus::NotAccepted,
            StressFinding::NotJudged { .. } => ExitStatus::JudgeFailure,
        }
    }
}

/// How many of the last lines of a failing program's standard error the report shows: enough
/// for an interpreter's traceback to show where it failed and why.
const STDERR_LINES_SHOWN: usize = 8;

/// The last `most` lines of `text` that are not blank at its end, in order, each without its
/// line end.
fn last_lines(text: &[u8], most: usize) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = text
        .split(|&byte| byte == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .rev()
        .skip_while(|line| line.iter().all(u8::is_ascii_whitespace))
        .take(most)
        .collect();
    lines.reverse();
    lines
}

/// How many bytes of a line of a program's standard error the report shows.
const STDERR_LINE_SHOWN: usize = 300;

/// A line of a program's standard error as the report shows it: escaped as every message
/// shows bytes (so that it stays one line and shows what it holds), cut past
/// [`STDERR_LINE_SHOWN`] bytes with an ellipsis.
fn shown_line(line: &[u8]) -> String {
    if line.len() <= STDERR_LINE_SHOWN {
        return Escaped(line).to_string();
    }
    // Cut before a character, not inside one: a UTF-8 continuation byte is 0b10xxxxxx.
    let mut end = STDERR_LINE_SHOWN;
    while end > 0 && line[end] & 0xc0 == 0x80 {
        end -= 1;
    }
    format!("{}…", Escaped(&line[..end]))
}

/// Saves a failing input (see [`save_input`]) and says where, or why it could not.
fn saved(save: Option<&Path>, seed: u64, input: &[u8]) -> String {
    match save_input(save, seed, input) {
        Ok(path) => format!("input saved to {}", shown(&path)),
        Err((path, error)) if save.is_none() => format!(
            "input not saved to {}: {error} (--save PATH saves it elsewhere)",
            shown(&path)
        ),
        Err((path, error)) => format!("input not saved to {}: {error}", shown(&path)),
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
        // Megabytes of 10⁶ bytes, as `--memory-limit` counts them.
        match usage.peak_memory {
            PeakMemory::Measured(bytes) => write!(f, "{memory}{:.1} MB", bytes as f64 / 1e6)?,
            // A bound: the program held no more, and perhaps much less (see `PeakMemory`).
            PeakMemory::AtMost(bytes) => {
                write!(f, "{memory}at most {:.1} MB", bytes as f64 / 1e6)?;
            }
            PeakMemory::Unknown => {}
        }
        Ok(())
    }
}

fn milliseconds(time: Duration) -> f64 {
    time.as_secs_f64() * 1000.0
}

/// How many names [`save_input`] tries before it gives up: the name asked for, then the same
/// with `-2` to `-100` before its extension.
const MOST_SAVE_NAMES: u32 = 100;

/// Writes a failing input where it can be found again: at `save`, in the folder it names, or
/// in the current folder (where the user works, not a folder shared with other users), as
/// `knight-moves-stress-SEED.in`. The file is made new (`O_EXCL`): a file, a link (even one to
/// nothing) or anything else already of that name is neither followed nor written over, and
/// the next free name (`knight-moves-stress-SEED-2.in`, …) is taken instead. A device or a
/// named pipe that `save` names (`/dev/null`) is written into, as a shell's redirection
/// would. Returns the name written; a file begun and not finished is removed. The error names
/// the path it was about.
fn save_input(
    save: Option<&Path>,
    seed: u64,
    input: &[u8],
) -> Result<PathBuf, (PathBuf, io::Error)> {
    let default_name = format!("knight-moves-stress-{seed}.in");
    let asked = match save {
        None => PathBuf::from(default_name),
        Some(path) if path.is_dir() || path.as_os_str().to_string_lossy().ends_with('/') => {
            path.join(default_name)
        }
        Some(path) => path.to_path_buf(),
    };
    // A device or a pipe named by --save (looked at only then): written into, not replaced.
    let special = |meta: std::fs::Metadata| {
        !meta.is_file() && !meta.is_dir() && !meta.file_type().is_symlink()
    };
    if save.is_some() && std::fs::symlink_metadata(&asked).is_ok_and(special) {
        let mut options = OpenOptions::new();
        options.write(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW);
        }
        let written = options
            .open(&asked)
            .and_then(|mut file| file.write_all(input));
        return written
            .map(|()| asked.clone())
            .map_err(|error| (asked, error));
    }
    for attempt in 1..=MOST_SAVE_NAMES {
        let path = numbered(&asked, attempt);
        let file = OpenOptions::new().write(true).create_new(true).open(&path);
        let mut file: File = match file {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err((path, error)),
        };
        return match file.write_all(input).and_then(|()| file.sync_all()) {
            Ok(()) => Ok(path),
            Err(error) => {
                drop(file);
                let _ = std::fs::remove_file(&path);
                Err((path, error))
            }
        };
    }
    let error = io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!(
            "it and the next {} names after it are taken",
            MOST_SAVE_NAMES - 1
        ),
    );
    Err((asked, error))
}

/// `path` with `-N` before its extension (`case.in`, `case-2.in`), for the `attempt`th name
/// tried; the first is `path` itself.
fn numbered(path: &Path, attempt: u32) -> PathBuf {
    if attempt == 1 {
        return path.to_path_buf();
    }
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(extension) => format!("{stem}-{attempt}.{}", extension.to_string_lossy()),
        None => format!("{stem}-{attempt}"),
    };
    path.with_file_name(name)
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
                // The last line of what it said, where interpreters put the exception that
                // ended the program.
                match last_lines(stderr, 1).first() {
                    None => format!("Runtime error ({status})"),
                    Some(last) => format!("Runtime error ({status}): {}", shown_line(last)),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_expected_output_is_the_pipeline_s() {
        let settings = AnswerSettings::judge();
        assert_eq!(
            answers_in_memory(&settings, INPUT_NAME, b"a1 b2\n").unwrap(),
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

    /// The verdict shows the last line of what the program said, where interpreters write the
    /// exception, escaped; the report shows its last lines.
    #[test]
    fn a_runtime_error_shows_the_last_line_of_its_errors_escaped() {
        let failure = Failure::RuntimeError {
            status: "exit status 3".to_owned(),
            stderr: b"Traceback:\r\n  line 3\nbad \x1b[31mthing\r\n\n  \n".to_vec(),
        };
        assert_eq!(
            failure.describe(),
            "Runtime error (exit status 3): bad \\x1b[31mthing"
        );
        let Failure::RuntimeError { stderr, .. } = &failure else {
            unreachable!()
        };
        let last: Vec<&[u8]> = vec![b"Traceback:", b"  line 3", b"bad \x1b[31mthing"];
        assert_eq!(last_lines(stderr, 8), last);
        assert_eq!(last_lines(stderr, 1), [b"bad \x1b[31mthing"]);
        assert!(last_lines(b"\n \n", 8).is_empty());
        let nothing = Failure::RuntimeError {
            status: "killed by signal 9".to_owned(),
            stderr: Vec::new(),
        };
        assert_eq!(nothing.describe(), "Runtime error (killed by signal 9)");
    }

    /// A peak that may be knight-moves' own is shown as the bound it is; a measured one as
    /// it is; and a measurement outweighs a bound (issue 59: the figure was left out unsaid).
    #[test]
    fn peak_memory_is_shown_as_measured_or_as_a_bound() {
        let usage = |peak_memory| Usage {
            wall: Duration::from_micros(2500),
            cpu: Some(Duration::from_micros(1500)),
            peak_memory,
        };
        assert_eq!(
            Figures::One(&usage(PeakMemory::AtMost(4_150_000))).to_string(),
            "it took 2.5 ms (CPU 1.5 ms), peak memory at most 4.2 MB"
        );
        assert_eq!(
            Figures::Most(&usage(PeakMemory::Measured(9_600_000))).to_string(),
            "the slowest took 2.5 ms (the most CPU 1.5 ms); the most peak memory 9.6 MB"
        );
        assert_eq!(
            Figures::One(&usage(PeakMemory::Unknown)).to_string(),
            "it took 2.5 ms (CPU 1.5 ms)"
        );
        let most = most_of(
            usage(PeakMemory::AtMost(4_000_000)),
            usage(PeakMemory::Measured(1)),
        );
        assert_eq!(most.peak_memory, PeakMemory::Measured(1));
        let most = most_of(usage(PeakMemory::AtMost(4)), usage(PeakMemory::AtMost(5)));
        assert_eq!(most.peak_memory, PeakMemory::AtMost(5));
    }

    /// A long line is cut before a character, never inside one, and says so.
    #[test]
    fn a_long_line_of_errors_is_cut_before_a_character() {
        let mut line = vec![b'x'; STDERR_LINE_SHOWN - 1];
        line.extend_from_slice("é and more".as_bytes());
        let shown = shown_line(&line);
        assert!(shown.ends_with("x…"), "{shown}");
        assert_eq!(shown.chars().count(), STDERR_LINE_SHOWN);
        assert_eq!(shown_line(b"short"), "short");
    }

    /// A failing input is saved new, never through what is already there: a link of another's
    /// (even to a file not made yet) is left as it was, the file it names untouched, and the
    /// next free name taken.
    #[cfg(unix)] // symbolic links
    #[test]
    fn a_failing_input_is_saved_new_and_never_through_a_link() {
        let folder = tempfile::tempdir().unwrap();
        let victim = folder.path().join("victim");
        std::fs::write(&victim, "precious\n").unwrap();
        let asked = folder.path().join("case.in");
        std::os::unix::fs::symlink(&victim, &asked).unwrap();
        let dangling = folder.path().join("case-2.in");
        std::os::unix::fs::symlink(folder.path().join("not-yet"), &dangling).unwrap();
        let saved = save_input(Some(&asked), 1, b"a1 b2\n").unwrap();
        // A folder named is where the input goes, under its usual name.
        let into = save_input(Some(folder.path()), 7, b"x\n").unwrap();
        assert_eq!(into, folder.path().join("knight-moves-stress-7.in"));
        assert_eq!(saved, folder.path().join("case-3.in"));
        assert_eq!(std::fs::read(&saved).unwrap(), b"a1 b2\n");
        assert_eq!(std::fs::read(&victim).unwrap(), b"precious\n");
        assert!(!folder.path().join("not-yet").exists());
        assert_eq!(std::fs::read_link(&asked).unwrap(), victim);
        // Without an extension the number goes at the end; the first name is the one asked.
        assert_eq!(numbered(Path::new("x/case"), 4), Path::new("x/case-4"));
        assert_eq!(numbered(Path::new("x/case.in"), 1), Path::new("x/case.in"));
    }

    /// Past every name it may try, it says so rather than write over one.
    #[test]
    fn a_failing_input_with_every_name_taken_is_not_saved() {
        let folder = tempfile::tempdir().unwrap();
        let asked = folder.path().join("case.in");
        for attempt in 1..=MOST_SAVE_NAMES {
            std::fs::write(numbered(&asked, attempt), "taken").unwrap();
        }
        let (path, error) = save_input(Some(&asked), 1, b"a1 b2\n").unwrap_err();
        assert_eq!(path, asked);
        assert_eq!(error.kind(), io::ErrorKind::AlreadyExists);
        assert!(
            error.to_string().contains("names after it are taken"),
            "{error}"
        );
        assert_eq!(std::fs::read(&asked).unwrap(), b"taken");
        // A device named is written into, nothing made beside it.
        #[cfg(unix)]
        assert_eq!(
            save_input(Some(Path::new("/dev/null")), 1, b"a1 b2\n").unwrap(),
            Path::new("/dev/null")
        );
    }
}
