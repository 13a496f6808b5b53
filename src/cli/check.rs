//! `knight-moves check ANSWERS [FILE]...`: judges an answer file against the answers to every
//! input, as both stream, and prints the verdict.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::path::Path;

use clap::Args;

use crate::cli::filter::sources;
use crate::cli::options::JudgedOptions;
use crate::cli::output::{read_inputs, write_verdict};
use crate::cli::{Invocation, Job, Stop};
use crate::exit::{Ending, ExitStatus};
use crate::input::AnswerText;
use crate::pipeline::{Pipeline, answers_in_memory};
use crate::settings::{AnswerSettings, Input, Sources, shown};
use crate::sink::check::Checker;
use crate::sink::check::verdict::Verdict;
use crate::standard_streams;
use crate::standard_streams::FileIdentity;

/// The options of `knight-moves check`; its help (`after_help`) says what it does.
#[derive(Clone, Debug, Args)]
#[command(after_help = "\
Judge an answer file: compare ANSWERS with the right answers to the input, line by line as\n\
both stream, and print one verdict: Accepted, Wrong answer or Presentation error (exit\n\
status 4), or a judge failure where knight-moves could not answer a query (status 5). With\n\
--path, a route is right when it is any shortest route.\n\n\
Examples:
  knight-moves check sample.out sample.in          judge sample.out, the answers to sample.in
  my-solution < q.in | knight-moves check - q.in   judge a program's answers as they come
  knight-moves check --path routes.out q.in        any shortest route is right")]
pub(crate) struct CheckArgs {
    /// The answer file to judge, or `-` for standard input when the queries come from files.
    #[arg(value_name = "ANSWERS", value_parser = clap::builder::OsStringValueParser::new())]
    pub(crate) answers: OsString,

    /// Files of queries, read in order as one stream; `-`, or none, reads standard input.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath,
          value_parser = clap::builder::OsStringValueParser::new())]
    pub(crate) files: Vec<OsString>,

    #[command(flatten)]
    pub(crate) judged: JudgedOptions,
}

/// What `check` was asked, settled.
#[derive(Debug)]
pub(crate) struct Check {
    answers: AnswerSettings,
    sources: Sources,
    /// The answer file.
    file: Input,
}

impl Job for CheckArgs {
    type Settled = Check;

    fn settle(self, at: &Invocation) -> Result<Check, clap::Error> {
        let answers = self.judged.settings(at)?;
        let stdin_is_input = self.files.is_empty() || self.files.iter().any(|f| f == "-");
        if self.answers == "-" && stdin_is_input {
            return Err(
                at.usage_error("ANSWERS -: standard input holds the queries; name the answer file")
            );
        }
        let file = match self.answers == "-" {
            true => Input::Stdin,
            false => Input::File(self.answers.into()),
        };
        Ok(Check {
            answers,
            sources: sources(&self.files),
            file,
        })
    }

    fn run(check: Check, at: &Invocation) -> Result<Ending, Stop> {
        if let Some(said) = given_the_other_way(&check, at) {
            return Err(Stop::Usage(at.usage_error(&said)));
        }
        let status = judge(&check.sources, &check.answers, &check.file, at)?;
        Ok(Ending::Status(status))
    }
}

/// How many bytes of each file are read to tell whether the two were given the other way
/// round: a few lines, and a whole query of every problem.
const START_BYTES: u64 = 8192;

/// Where `check ANSWERS [FILE]` has its files the other way round, or nothing to judge
/// against: the message that refuses it, with the line to type. Told before anything streams,
/// from the start of each: ANSWERS read as queries gives, as knight-moves' first answer, just
/// the first line of the queries' file (or of standard input, where they come from it: `check
/// q.in q.ans`, as testlib and many tools order them, or `check q.in < q.ans`); or standard
/// input, where the queries were to come, is empty while ANSWERS holds something (an empty
/// ANSWERS against no queries is judged: Accepted).
///
/// Nothing is taken from the judging: a file is looked at only where it is a regular file,
/// which the judging opens again from its start (a pipe, a FIFO or `<(…)` is read once, by the
/// judging alone), and standard input only in its buffer, which the judging reads first; never
/// a closed one, which the judging says is closed, nor a terminal, where someone is to type
/// the queries.
fn given_the_other_way(check: &Check, at: &Invocation) -> Option<String> {
    let Input::File(answers) = &check.file else {
        return None;
    };
    let (queries_start, queries_name) = match check.sources.inputs.first()? {
        Input::File(path) => (start_of(path)?, shown(path)),
        Input::Stdin if standard_streams::closed_input().is_some() => return None,
        Input::Stdin if io::stdin().is_terminal() => return None,
        Input::Stdin => {
            // The bytes stay in standard input's buffer for the judging to read.
            let mut stdin = io::stdin().lock();
            let peeked = stdin.fill_buf().ok()?;
            (
                peeked[..peeked.len().min(START_BYTES as usize)].to_vec(),
                "standard input".to_owned(),
            )
        }
    };
    let answers_start = start_of(answers)?;
    let answers_name = shown(answers);
    if queries_start.is_empty() && check.sources.reads_stdin_by_default {
        if answers_start.is_empty() {
            return None;
        }
        return Some(format!(
            "standard input, where the queries were to come, holds nothing: name their file \
             after the answers: knight-moves {}",
            line_with_queries_named(at)?
        ));
    }
    let made =
        answers_in_memory(&check.answers, &answers_name, &whole_lines(&answers_start)).ok()?;
    if first_line(&made)? != first_line(&queries_start)? {
        return None;
    }
    let line = match check.sources.inputs.first()? {
        Input::File(_) => line_with_files_swapped(at)?,
        Input::Stdin => line_with_answers_on_stdin(at)?,
    };
    Some(format!(
        "{answers_name} holds queries, and {queries_name} their answers: the answer file \
         comes first, then the queries: knight-moves {line}"
    ))
}

/// The command line as typed, with `FILE` after ANSWERS, for a line that names the queries.
fn line_with_queries_named(at: &Invocation) -> Option<String> {
    let positionals = at.positionals()?;
    let mut words = at.typed_words();
    words.insert(*positionals.first()?, "FILE".into());
    words.swap(positionals[0], positionals[0] + 1);
    Some(words_as_typed(&words))
}

/// The command line as typed, its first two files swapped.
fn line_with_files_swapped(at: &Invocation) -> Option<String> {
    let positionals = at.positionals()?;
    let mut words = at.typed_words();
    words.swap(*positionals.first()?, *positionals.get(1)?);
    Some(words_as_typed(&words))
}

/// The command line as typed, with ANSWERS read from standard input (`-`) and the file it
/// named as the queries' (`check - q.in`), a `-` among the files dropped.
fn line_with_answers_on_stdin(at: &Invocation) -> Option<String> {
    let positionals = at.positionals()?;
    let mut words = at.typed_words();
    let first = *positionals.first()?;
    let answers = std::mem::replace(&mut words[first], "-".into());
    let dashes: Vec<usize> = positionals[1..]
        .iter()
        .copied()
        .filter(|&index| words[index] == "-")
        .collect();
    for index in dashes.into_iter().rev() {
        words.remove(index);
    }
    words.insert(first + 1, answers);
    Some(words_as_typed(&words))
}

/// Words as a shell would need them typed, one line.
fn words_as_typed(words: &[OsString]) -> String {
    let quoted: Vec<String> = words.iter().map(|word| super::quoted(word)).collect();
    quoted.join(" ")
}

/// The first [`START_BYTES`] of the file at `path`, or as much as it holds: `None` where it
/// cannot be opened, or is no regular file (a pipe, a FIFO, `<(…)`), whose bytes read here
/// would be lost to the judging.
fn start_of(path: &Path) -> Option<Vec<u8>> {
    let file = File::open(path).ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut start = Vec::new();
    let _ = file.take(START_BYTES).read_to_end(&mut start);
    Some(start)
}

/// `start` without the line it may end inside of, where it is a file's first bytes and not
/// the whole file.
fn whole_lines(start: &[u8]) -> Vec<u8> {
    match start.len() as u64 == START_BYTES {
        true => start[..start
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |end| end + 1)]
            .to_vec(),
        false => start.to_vec(),
    }
}

/// The first line of `text` that is not blank, without its line end: compared whole, since
/// an answer line can read as a query (TSV's `b2\ta1\t\t`, a pair no knight joins) and give
/// itself again as its answer.
fn first_line(text: &[u8]) -> Option<&[u8]> {
    text.split(|&byte| byte == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
        .find(|line| !line.iter().all(u8::is_ascii_whitespace))
}

/// Judges the answer file `file` against the answers to every input, as they
/// stream, and prints the verdict.
fn judge(
    sources: &Sources,
    answers: &AnswerSettings,
    file: &Input,
    at: &Invocation,
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
                    "knight-moves: {} {name}: that is standard input, which holds the \
                     queries; name the answer file",
                    at.name()
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
    let wrong = !matches!(
        verdict,
        Verdict::Accepted { .. } | Verdict::NotJudged { .. }
    );
    // Routes where none were to be judged, or none where they were: right the other way.
    let right_the_other_way = wrong
        && match (file, answers.with_routes_toggled()) {
            (Input::File(path), Some(toggled)) => is_right_with(&toggled, sources, path),
            _ => false,
        };
    if right_the_other_way {
        line.push_str(answers.routes_hint());
    }
    status = status.max(match verdict {
        Verdict::Accepted { .. } => ExitStatus::Success,
        Verdict::NotJudged { .. } => ExitStatus::JudgeFailure,
        _ => ExitStatus::NotAccepted,
    });
    write_verdict(format!("{line}\n").as_bytes(), status)
}

/// Whether the answer file at `path` is right judged as `settings` say against `sources`, read
/// again without a word said: only where it and every input are regular files, which can be
/// read again (a pipe, a FIFO or `<(…)` read again holds nothing, which is no answer).
fn is_right_with(settings: &AnswerSettings, sources: &Sources, path: &Path) -> bool {
    let is_regular_file = |input: &Input| match input {
        Input::File(path) => std::fs::metadata(path).is_ok_and(|meta| meta.is_file()),
        Input::Stdin => false,
    };
    if !is_regular_file(&Input::File(path.to_owned()))
        || !sources.inputs.iter().all(is_regular_file)
    {
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
