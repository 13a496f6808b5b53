//! `validate`: knight-moves as a judge system's input validator.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::Path;

use crate::board::Board;
use crate::exit::ExitStatus;
use crate::exit::protocol::{
    JUDGE_FAILURE, KATTIS_ACCEPTED, KATTIS_REJECTED, TESTLIB_FAIL, TESTLIB_OK,
};
use crate::problem::Problem;
use crate::problem::validate::{self, Refusal};
use crate::settings::{ValidatorSettings, ValidatorSystem, shown};
use crate::standard_streams;

/// Validates the judge input on standard input as `settings` say, in the system's protocol:
/// kattis exits 42 (valid) or 43, testlib 0 or 3; the first offending line and column on
/// stderr. Input that cannot be read is a judge failure (kattis 5, testlib 3).
pub(crate) fn run(settings: &ValidatorSettings) -> u8 {
    let testlib = settings.system == ValidatorSystem::Testlib;
    // A closed standard input is no judge input: its reads fail, a judge failure.
    let mut stdin = io::BufReader::new(standard_streams::input());
    // `validate kattis 01.in`: the file named as one of the system's arguments, where the
    // input was to come on standard input and nothing does (a terminal waits for typing).
    if let Some(file) = settings.ignored.iter().find(|word| word.is_file())
        && (io::stdin().is_terminal() || stdin.fill_buf().is_ok_and(<[u8]>::is_empty))
    {
        let said = file_named_for_input(settings, file);
        let _ = match testlib {
            true => writeln!(io::stderr(), "FAIL {said}"),
            false => writeln!(io::stderr(), "knight-moves: {said}"),
        };
        return match testlib {
            true => TESTLIB_FAIL,
            false => ExitStatus::Trouble as u8,
        };
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
        (Err(Refusal::Read(error)), false) => (JUDGE_FAILURE, Some(format!("<stdin>: {error}"))),
        (Err(Refusal::Read(error)), true) => (TESTLIB_FAIL, Some(format!("FAIL <stdin>: {error}"))),
    };
    if let Some(message) = message {
        let _ = writeln!(io::stderr(), "{message}");
    }
    status
}

/// What refuses `validate SYSTEM FILE` with nothing on standard input: the line to type.
fn file_named_for_input(settings: &ValidatorSettings, file: &Path) -> String {
    let system = match settings.system {
        ValidatorSystem::Kattis => "kattis",
        ValidatorSystem::Testlib => "testlib",
    };
    let mut line = format!("knight-moves validate {system}");
    if settings.problem != Problem::Uva439 {
        line.push_str(&format!(" --problem {}", settings.problem.name()));
    }
    if settings.board != Board::STANDARD {
        line.push_str(&format!(" --board {}", settings.board));
    }
    format!(
        "validate reads the input on standard input, which holds nothing, and {} is a file, \
         not read: {line} < {}",
        shown(file),
        crate::cli::quoted(file.as_os_str())
    )
}
