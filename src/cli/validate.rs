//! `knight-moves validate kattis|testlib`: be a judge system's input validator.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::cli::groups::{BoardArg, ProblemArg, TestlibArgs};
use crate::cli::usage_error;
use crate::settings::{Task, ValidatorSettings, ValidatorSystem};

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

impl ValidateArgs {
    pub(crate) fn into_task(self) -> Result<Task, clap::Error> {
        let (command, problem, board, system, ignored): (&[&str], _, _, _, _) = match self.system {
            ValidatorKind::Kattis {
                problem,
                board,
                flags,
            } => (
                &["validate", "kattis"],
                problem,
                board,
                ValidatorSystem::Kattis,
                flags,
            ),
            ValidatorKind::Testlib {
                testlib:
                    TestlibArgs {
                        testset: Some(name),
                        ..
                    },
                ..
            } if name.is_empty() => {
                return Err(usage_error(
                    &["validate", "testlib"],
                    "--testset: expected a test set's name, found nothing",
                ));
            }
            ValidatorKind::Testlib {
                problem,
                board,
                args,
                ..
            } => (
                &["validate", "testlib"],
                problem,
                board,
                ValidatorSystem::Testlib,
                args,
            ),
        };
        let problem = problem.problem;
        Ok(Task::Validate(ValidatorSettings {
            problem,
            board: board.for_problem(command, problem)?,
            system,
            ignored: ignored.into_iter().map(PathBuf::from).collect(),
        }))
    }
}
