//! `check`: judges an answer file against the answers to every input, as they stream, and
//! prints the verdict.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

use crate::exit::ExitStatus;
use crate::input::AnswerText;
use crate::jobs::read_inputs;
use crate::jobs::write_verdict;
use crate::pipeline::Pipeline;
use crate::settings::{AnswerSettings, Input, Sources};
use crate::sink::check::Checker;
use crate::sink::check::verdict::Verdict;
use crate::standard_streams;
use crate::standard_streams::FileIdentity;

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
    // Nothing to judge against: the queries were to come on standard input, and none came.
    if sources.reads_stdin_by_default
        && matches!(verdict, Verdict::TooMany { expected: 0, .. })
        && let Some(said) = nothing_to_judge_against(answers, file, bad_lines > 0)
    {
        let _ = writeln!(io::stderr(), "knight-moves: check: {said}");
        return Ok(status.max(ExitStatus::Trouble));
    }
    let mut line = verdict.describe(&name);
    if bad_lines > 0 {
        let (lines, were, expect) = match bad_lines {
            1 => ("1 bad input line".to_owned(), "was", "expects"),
            _ => (format!("{bad_lines} bad input lines"), "were", "expect"),
        };
        line.push_str(&format!("; {lines} {were} reported and {expect} no answer"));
    }
    let wrong = !matches!(
        verdict,
        Verdict::Accepted { .. } | Verdict::NotJudged { .. }
    );
    // Routes where none were to be judged, or none where they were: right the other way.
    if wrong
        && let Input::File(path) = file
        && let Some(toggled) = answers.with_routes_toggled()
        && is_right_with(&toggled, sources, path)
    {
        line.push_str(answers.routes_hint());
    }
    status = status.max(match verdict {
        Verdict::Accepted { .. } => ExitStatus::Success,
        Verdict::NotJudged { .. } => ExitStatus::JudgeFailure,
        _ => ExitStatus::NotAccepted,
    });
    write_verdict(format!("{line}\n").as_bytes(), status)
}

/// What to say where `check ANSWERS`, its queries to come on standard input, found none there
/// and ANSWERS holds lines: standard input was empty (`had_bad_lines` false: name the file of
/// queries), or held no queries while ANSWERS does (the two given the other way round). `None`
/// where neither is so, and the verdict stands.
fn nothing_to_judge_against(
    answers: &AnswerSettings,
    file: &Input,
    had_bad_lines: bool,
) -> Option<String> {
    let name = file.name();
    if !had_bad_lines {
        return Some(format!(
            "standard input held no queries to judge {name} against; name their file after it: \
             knight-moves check {name} FILE"
        ));
    }
    let Input::File(path) = file else {
        return None;
    };
    answers
        .problem
        .file_reads_as_queries(answers.search.board, path)?
        .then(|| {
            format!(
                "{name} holds queries and standard input does not: the answer file comes \
                 first, then the queries: knight-moves check - {name}"
            )
        })
}

/// Whether the answer file at `path` is right judged as `settings` say against `sources`, read
/// again without a word said: only where every input is a file, which can be read again.
fn is_right_with(settings: &AnswerSettings, sources: &Sources, path: &Path) -> bool {
    if sources.inputs.contains(&Input::Stdin) {
        return false;
    }
    let Ok(file) = File::open(path) else {
        return false;
    };
    let found = Box::new(AnswerText::new(Box::new(file)));
    let checker = settings.checker(found, settings.problem.comparison());
    let mut pipeline = Pipeline::new(checker, io::sink(), settings);
    if read_inputs(sources, &mut pipeline).is_err() {
        return false;
    }
    let verdict = pipeline.into_sink().and_then(Checker::finish);
    matches!(verdict, Ok(Verdict::Accepted { .. }))
}
