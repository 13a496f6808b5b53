//! `validate`: knight-moves as a judge system's input validator.

use std::io::{self, Write};

use crate::exit::protocol::{
    JUDGE_FAILURE, KATTIS_ACCEPTED, KATTIS_REJECTED, TESTLIB_FAIL, TESTLIB_OK,
};
use crate::problem::validate::{self, Refusal};
use crate::settings::{ValidatorSettings, ValidatorSystem};
use crate::standard_streams;

/// Validates the judge input on standard input as `settings` say, in the system's protocol:
/// kattis exits 42 (valid) or 43, testlib 0 or 3; the first offending line and column on
/// stderr. Input that cannot be read is a judge failure (kattis 5, testlib 3).
pub(crate) fn run(settings: &ValidatorSettings) -> u8 {
    // A closed standard input is no judge input: its reads fail, a judge failure.
    let stdin = io::BufReader::new(standard_streams::input());
    let result = validate::validate(settings.problem, settings.board, stdin);
    let problem = settings.problem.name();
    let testlib = settings.system == ValidatorSystem::Testlib;
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
        (Err(Refusal::Read(error)), false) => (JUDGE_FAILURE, Some(format!("<stdin>: {error}"))),
        (Err(Refusal::Read(error)), true) => (TESTLIB_FAIL, Some(format!("FAIL <stdin>: {error}"))),
    };
    if let Some(message) = message {
        let _ = writeln!(io::stderr(), "{message}");
    }
    status
}
