//! `knight-moves validate kattis|testlib`: knight-moves as a judge system's input validator,
//! in the system's protocol ([`crate::problem::validate`] validates).

use std::ffi::OsString;
use std::fs;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::board::Board;
use crate::cli::options::{BoardArg, ProblemArg, TestlibArgs};
use crate::cli::{Invocation, Job, Stop};
use crate::exit::Ending;
use crate::exit::protocol::{
    JUDGE_FAILURE, KATTIS_ACCEPTED, KATTIS_REJECTED, TESTLIB_FAIL, TESTLIB_OK,
};
use crate::problem::Problem;
use crate::problem::validate::{self, Refusal};
use crate::standard_streams;
/// The options of `knight-moves validate`; its help (`after_help`) says what it does.
#[derive(Clone, Debug, Args)]
#[command(after_help = "\
Check that the judge input on standard input is exactly as the problem states it: single\n\
spaces, LF line ends, a final newline, no leading zeros, lower-case squares on the board,\n\
counts that match their lines, the problem's limits. The first offending line and column\n\
are on stderr.\n\n\
Examples:
  knight-moves validate kattis < secret/01.in
  knight-moves validate testlib --problem poj1915 < tests/01")]
pub(crate) struct ValidateArgs {
    #[command(subcommand)]
    pub(crate) system: ValidatorKind,
}

/// The judge systems, each with its statuses.
#[derive(Clone, Debug, Subcommand)]
pub(crate) enum ValidatorKind {
    /// Kattis, DOMjudge, BAPCtools: validate standard input; exit 42 valid, 43 not, 5 when it
    /// cannot be read.
    #[command(after_help = "\
Examples:
  knight-moves validate kattis < data/secret/01.in
  knight-moves validate kattis --problem nakanj -- flag < data/secret/01.in")]
    Kattis {
        #[command(flatten)]
        problem: ProblemArg,
        #[command(flatten)]
        board: BoardArg,
        /// The flags the system passes, ignored (the input comes on standard input).
        #[arg(value_name = "FLAGS")]
        flags: Vec<OsString>,
    },
    /// testlib (Polygon): validate standard input; exit 0 valid, 3 not (and a bad command
    /// line).
    #[command(after_help = "\
Examples:
  knight-moves validate testlib < tests/01
  knight-moves validate testlib --problem poj1915 --testset tests --group 1 < tests/01")]
    Testlib {
        #[command(flatten)]
        problem: ProblemArg,
        #[command(flatten)]
        board: BoardArg,
        #[command(flatten)]
        testlib: TestlibArgs,
        /// testlib's, for a validator's report of each test, taken and unused.
        #[arg(long = "testOverviewLogFileName", value_name = "FILE")]
        test_overview_log_file_name: Option<OsString>,
        /// testlib's, taken and unused.
        #[arg(long = "testMarkupFileName", value_name = "FILE")]
        test_markup_file_name: Option<OsString>,
        /// testlib's, taken and unused.
        #[arg(long = "testCase", value_name = "N")]
        test_case: Option<OsString>,
        /// testlib's, taken and unused.
        #[arg(long = "testCaseFileName", value_name = "FILE")]
        test_case_file_name: Option<OsString>,
        /// Other arguments, ignored (the input comes on standard input).
        #[arg(value_name = "ARGS")]
        args: Vec<OsString>,
    },
}

/// The judge systems whose input validators knight-moves can be: CMS runs none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum System {
    /// Kattis, DOMjudge and BAPCtools: exit 42 valid, 43 not.
    Kattis,
    /// testlib (Codeforces Polygon and the systems that run its validators): exit 0 valid, 3
    /// not.
    Testlib,
}

/// What `validate` was asked, settled.
#[derive(Clone, Debug)]
pub(crate) struct Validate {
    problem: Problem,
    /// UVa 439's board (`--board`); the other problems' boards come from their inputs.
    board: Board,
    system: System,
    /// The arguments the system passes, which are not read: one that names a file where
    /// standard input holds nothing is the user's mistake, said as such.
    ignored: Vec<PathBuf>,
}

impl Job for ValidateArgs {
    type Settled = Validate;

    fn settle(self, at: &Invocation) -> Result<Validate, clap::Error> {
        let (problem, board, system, ignored) = match self.system {
            ValidatorKind::Kattis {
                problem,
                board,
                flags,
            } => (problem, board, System::Kattis, flags),
            ValidatorKind::Testlib {
                testlib:
                    TestlibArgs {
                        testset: Some(name),
                        ..
                    },
                ..
            } if name.is_empty() => {
                return Err(at.usage_error("--testset: expected a test set's name, found nothing"));
            }
            ValidatorKind::Testlib {
                problem,
                board,
                args,
                ..
            } => (problem, board, System::Testlib, args),
        };
        Ok(Validate {
            problem: problem.problem,
            board: board.board(),
            system,
            ignored: ignored.into_iter().map(PathBuf::from).collect(),
        })
    }

    /// Validates the judge input on standard input, in the system's protocol: kattis exits 42
    /// (valid) or 43, testlib 0 or 3; the first offending line and column on stderr. Input
    /// that cannot be read is a judge failure (kattis 5, testlib 3).
    fn run(settings: Validate, at: &Invocation) -> Result<Ending, Stop> {
        let testlib = settings.system == System::Testlib;
        // A closed standard input is no judge input: its reads fail, a judge failure.
        let mut stdin = io::BufReader::new(standard_streams::input());
        // `validate kattis 01.in`: a file that holds an input named as one of the system's
        // arguments, where the input was to come on standard input and nothing does (a
        // terminal waits for typing).
        let named = settings
            .ignored
            .iter()
            .position(|word| fs::metadata(word).is_ok_and(|meta| meta.is_file() && meta.len() > 0));
        let named = named
            .filter(|_| io::stdin().is_terminal() || stdin.fill_buf().is_ok_and(<[u8]>::is_empty));
        if let Some(index) = named {
            return Err(Stop::Usage(
                at.usage_error(&file_named_for_input(at, &settings.ignored[index])),
            ));
        }
        let result = validate::validate(settings.problem, settings.board, stdin);
        let problem = settings.problem.name();
        let (status, message) = match (&result, testlib) {
            (Ok(()), false) => (KATTIS_ACCEPTED, None),
            (Ok(()), true) => (TESTLIB_OK, None),
            (Err(Refusal::Invalid(invalid)), false) => (
                KATTIS_REJECTED,
                Some(format!("not a valid {problem} input: {invalid}")),
            ),
            (Err(Refusal::Invalid(invalid)), true) => (
                TESTLIB_FAIL,
                Some(format!("FAIL not a valid {problem} input: {invalid}")),
            ),
            (Err(Refusal::Read(error)), false) => {
                (JUDGE_FAILURE, Some(format!("<stdin>: {error}")))
            }
            (Err(Refusal::Read(error)), true) => {
                (TESTLIB_FAIL, Some(format!("FAIL <stdin>: {error}")))
            }
        };
        if let Some(message) = message {
            let _ = writeln!(io::stderr(), "{message}");
        }
        Ok(Ending::Protocol(status))
    }
}

/// What refuses `validate SYSTEM FILE` with nothing on standard input: the line to type, the
/// command line as typed with FILE given on standard input instead.
fn file_named_for_input(at: &Invocation, file: &std::path::Path) -> String {
    let words: Vec<String> = at
        .typed_words()
        .iter()
        .filter(|word| word.as_os_str() != file.as_os_str())
        .map(|word| super::quoted(word))
        .collect();
    let command = at.command_path().first().cloned().unwrap_or_default();
    format!(
        "{command} reads the input on standard input, which holds nothing, and {} is a file, \
         not read: knight-moves {} < {}",
        crate::settings::shown(file),
        words.join(" "),
        super::quoted(file.as_os_str())
    )
}
