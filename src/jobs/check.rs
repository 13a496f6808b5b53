//! `check`: judges an answer file against the answers to every input, as they stream, and
//! prints the verdict.

use std::fs::File;
use std::io::{self, Read, Write};

use crate::exit::ExitStatus;
use crate::input::AnswerText;
use crate::jobs::read_inputs;
use crate::jobs::write_verdict;
use crate::output_file::FileIdentity;
use crate::pipeline::Pipeline;
use crate::settings::{AnswerSettings, Input, Sources};
use crate::sink::check::Checker;
use crate::sink::check::verdict::Verdict;
use crate::standard_streams;

/// Judges the answer file `file` against the answers to every input, as they
/// stream, and prints the verdict.
pub(crate) fn run(
    sources: &Sources,
    answers: &AnswerSettings,
    file: &Input,
) -> anyhow::Result<ExitStatus> {
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
            Ok(file)
                if sources.inputs.contains(&Input::Stdin)
                    && FileIdentity::is_standard_input(FileIdentity::of_file(&file)) =>
            {
                let _ = writeln!(
                    io::stderr(),
                    "knight-moves: check {name}: that is standard input, which holds the \
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
