//! The program's exit statuses, defined once: `--help` and the README quote [`ExitStatus::HELP`].

use std::process::ExitCode;

/// How a run ended, as the shell sees it. When several apply, the highest wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum ExitStatus {
    /// Every line was answered (blank lines need no answer), or output stopped early because
    /// the reader of a pipe went away.
    Success = 0,
    /// Some lines were not two valid squares, or their search passed `--max-nodes` or ran out
    /// of memory; each was reported on stderr and every other line was answered.
    InvalidLines = 1,
    /// A usage error, an input file that could not be read (the other files were still read),
    /// or standard output that could not be written.
    Trouble = 2,
    /// With `--compare`, two engines gave different distances for some query.
    EnginesDisagree = 3,
    /// With `--check`, the answer file was not accepted; with `--stress`, the candidate failed
    /// a case.
    NotAccepted = 4,
    /// With `--check` or `--stress`, knight-moves could not make the right answer to some
    /// query (its search gave up), or the system refused `--stress` a thread, a process or a
    /// pipe it needs, so it could not judge the candidate; it blamed nothing. (testlib calls
    /// this FAIL.)
    JudgeFailure = 5,
}

impl ExitStatus {
    /// The exit statuses as `--help` shows them.
    pub(crate) const HELP: &'static str = "\
Exit status:
  0  every line was answered (blank lines are skipped), or the output pipe was closed
  1  some lines were invalid (or their search gave up: --max-nodes, or out of memory):
     each was reported on stderr, every other line was answered
  2  usage error, an input file could not be read (the other files were still read),
     or standard output could not be written
  3  with --compare: two engines disagreed on a distance (each case reported on stderr)
  4  with --check: the answers were not accepted; with --stress: the program failed a case
  5  with --check or --stress: knight-moves could not make some right answer (its search
     gave up), or the system refused --stress a thread, a process or a pipe, so it could
     not judge: a failure of the judge's, not the program's
When several apply, the highest wins.";
}

impl From<ExitStatus> for ExitCode {
    fn from(status: ExitStatus) -> ExitCode {
        ExitCode::from(status as u8)
    }
}
