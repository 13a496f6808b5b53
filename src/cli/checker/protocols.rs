//! The judge systems' protocols of `checker`: knight-moves as a judge system's checker. The one
//! checking core
//! ([`Checker`](crate::sink::check::Checker)) decides; this module only speaks each system's
//! protocol at the edge: which files it passes, where the verdict goes, which exit status means
//! what.
//!
//! | system | called as | accepted | rejected | judge failure |
//! | --- | --- | --- | --- | --- |
//! | kattis (DOMjudge, BAPCtools) | `IN ANS FEEDBACK_DIR [FLAGS…] < OUTPUT` | 42 | 43 | 5 |
//! | testlib | `[--testset N] [--group G] IN OUTPUT ANS [RESULT_FILE [-appes]]` | 0 | 1, or 2 (presentation) | 3 |
//! | cms | `IN ANS OUTPUT [batch\|outputonly]` | 0, `1.0` on stdout | 0, `0.0` | 5 |
//!
//! The right answers are knight-moves' own, made from IN as it streams; the judge's answer
//! file ANS is checked against them with the same comparison, and one that differs is the
//! judge's failure, never the candidate's: so is an IN the problem's validator refuses
//! ([`crate::problem::validate::read_validated`]), one that cannot be read, and a query knight-moves
//! cannot answer. The output is compared as the bytes the candidate wrote, no UTF-16 decoded;
//! only testlib's dialect skips a UTF-8 byte-order mark at its start, as testlib does.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

use crate::cli::UsageErrorOf;
use crate::cli::checker::{CheckerFiles, CheckerSettings};
use crate::exit::ExitStatus;
use crate::exit::protocol::{
    JUDGE_FAILURE, KATTIS_ACCEPTED, KATTIS_REJECTED, TESTLIB_FAIL, TESTLIB_OK,
    TESTLIB_PRESENTATION, TESTLIB_WRONG,
};
use crate::input::{AnswerText, LineReader, SourceError};
use crate::pipeline::Pipeline;
use crate::problem::validate::Refusal;
use crate::problem::validate::read_validated::read_validated;
use crate::settings::{AnswerSettings, STDIN_NAME, shown};
use crate::sink::Both;
use crate::sink::check::Comparison;
use crate::sink::check::Leniency;
use crate::sink::check::verdict::Verdict;
use crate::standard_streams;
use crate::standard_streams::FileIdentity;

/// Kattis' file for the judge's eyes, in the feedback folder.
const JUDGE_MESSAGE: &str = "judgemessage.txt";
/// Kattis' file for the team's eyes.
const TEAM_MESSAGE: &str = "teammessage.txt";

/// How many bytes of the messages about IN's bad lines are kept for the judge's message.
const KEPT_MESSAGE_BYTES: usize = 4096;

/// What the checker found, in the terms every protocol maps.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    /// The output is right: the verdict line.
    Accepted(String),
    /// The output is wrong: the verdict line for the judges, and what a contestant may see.
    Wrong { judge: String, team: String },
    /// Its words are right and its layout is not, where the comparison counts layout.
    Presentation { judge: String, team: String },
    /// knight-moves could not judge: why.
    JudgeFailure(String),
}

/// Judges the output `settings` names as its system's checker, and ends with the system's
/// exit status.
pub(super) fn run(settings: &CheckerSettings) -> u8 {
    // CMS reads the score from standard output: a closed one (which Rust's runtime replaces
    // with /dev/null) would lose it without a word.
    let writes_stdout = matches!(settings.files, CheckerFiles::Cms { .. });
    if writes_stdout {
        if let Err(error) = crate::cli::output::ensure_stdout_is_open() {
            say(&format!("{}: {error}", crate::cli::output::STDOUT_TROUBLE));
            return JUDGE_FAILURE;
        }
    }
    match &settings.files {
        CheckerFiles::Kattis {
            input,
            answer,
            feedback,
            leniency,
        } => kattis(settings, input, answer, feedback, *leniency),
        CheckerFiles::Testlib {
            input,
            output,
            answer,
            result,
            xml,
        } => testlib(settings, input, output, answer, result.as_deref(), *xml),
        CheckerFiles::Cms {
            input,
            answer,
            output,
        } => cms(settings, input, answer, output),
    }
}

fn kattis(
    settings: &CheckerSettings,
    input: &Path,
    answer: &Path,
    feedback: &Path,
    leniency: Leniency,
) -> u8 {
    // The feedback folder first: a verdict nobody can read is no verdict.
    let judge_message = feedback.join(JUDGE_MESSAGE);
    if let Err(error) = File::create(&judge_message) {
        say(&format!("{}: {error}", shown(&judge_message)));
        return JUDGE_FAILURE;
    }
    // A closed standard input is no output of the candidate's: its reads fail, and the
    // judge says it could not judge.
    let output = standard_streams::input();
    // IN read from the stream the output comes on (`/dev/stdin`) is the judge's mistake: the
    // candidate would be judged on nothing.
    let outcome = if FileIdentity::is_standard_input(FileIdentity::of_path(input)) {
        Outcome::JudgeFailure(format!(
            "{}: that is standard input, which holds the output",
            shown(input)
        ))
    } else {
        judge(
            &settings.answers,
            input,
            answer,
            (output, "output"),
            Comparison::Tokens(leniency),
        )
    };
    let (status, judge_text, team_text) = match &outcome {
        Outcome::Accepted(line) => (KATTIS_ACCEPTED, line, None),
        Outcome::Wrong { judge, team } | Outcome::Presentation { judge, team } => {
            (KATTIS_REJECTED, judge, Some(team))
        }
        Outcome::JudgeFailure(why) => (JUDGE_FAILURE, why, None),
    };
    let mut written = std::fs::write(&judge_message, format!("{judge_text}\n"));
    if let Some(team) = team_text {
        written =
            written.and_then(|()| std::fs::write(feedback.join(TEAM_MESSAGE), format!("{team}\n")));
    }
    if status == JUDGE_FAILURE {
        say(judge_text);
    }
    match written {
        Ok(()) => status,
        Err(error) => {
            say(&format!("{}: {error}", shown(feedback)));
            JUDGE_FAILURE
        }
    }
}

fn testlib(
    settings: &CheckerSettings,
    input: &Path,
    output: &Path,
    answer: &Path,
    result: Option<&Path>,
    xml: bool,
) -> u8 {
    // RESULT_FILE is written: never over a file the judging reads.
    if let Some(result) =
        result.and_then(|result| FileIdentity::of_path(result).map(|id| (result, id)))
    {
        let (path, identity) = result;
        let read = [input, output, answer]
            .into_iter()
            .find(|read| FileIdentity::of_path(read).as_ref() == Some(&identity));
        if let Some(read) = read {
            say(&format!(
                "FAIL RESULT_FILE {} is {}, which is read: it would be written over",
                shown(path),
                shown(read)
            ));
            return TESTLIB_FAIL;
        }
    }
    let outcome = match judge_output_file(settings, input, answer, output) {
        Ok(outcome) => outcome,
        // testlib's own word for an output that is not there, once the judge's files are
        // there: testlib opens IN first and ANS last, and fails on either.
        Err(error) => match [input, answer].into_iter().find_map(|judges| {
            File::open(judges)
                .err()
                .map(|error| format!("{}: {error}", shown(judges)))
        }) {
            Some(why) => Outcome::JudgeFailure(why),
            None => Outcome::Presentation {
                judge: format!("{}: {error}", shown(output)),
                team: String::new(),
            },
        },
    };
    let (status, name, outcome_name, message) = match &outcome {
        Outcome::Accepted(line) => (TESTLIB_OK, "ok", "accepted", line),
        Outcome::Wrong { judge, .. } => (TESTLIB_WRONG, "wrong answer", "wrong-answer", judge),
        Outcome::Presentation { judge, .. } => (
            TESTLIB_PRESENTATION,
            "wrong output format",
            "presentation-error",
            judge,
        ),
        Outcome::JudgeFailure(why) => (TESTLIB_FAIL, "FAIL", "fail", why),
    };
    let message = printable(testlib_message(message));
    if let Some(result) = result {
        let text = match xml {
            true => format!(
                "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"{outcome_name}\">{}</result>\n",
                xml_escaped(&message)
            ),
            false => message.clone(),
        };
        if let Err(error) = std::fs::write(result, text) {
            say(&format!("FAIL {}: {error}", shown(result)));
            return TESTLIB_FAIL;
        }
    }
    let _ = writeln!(io::stderr(), "{name} {message}");
    status
}

fn cms(settings: &CheckerSettings, input: &Path, answer: &Path, output: &Path) -> u8 {
    let outcome = judge_output_file(settings, input, answer, output)
        .unwrap_or_else(|error| Outcome::JudgeFailure(format!("{}: {error}", shown(output))));
    let (score, message, details) = match &outcome {
        Outcome::Accepted(line) => ("1.0", "translate:success", line),
        Outcome::Wrong { judge, .. } | Outcome::Presentation { judge, .. } => {
            ("0.0", "translate:wrong", judge)
        }
        Outcome::JudgeFailure(why) => {
            say(&cms_safe(why));
            return JUDGE_FAILURE;
        }
    };
    let mut stdout = io::stdout().lock();
    if writeln!(stdout, "{score}")
        .and_then(|()| stdout.flush())
        .is_err()
    {
        say("cannot write the score to standard output");
        return JUDGE_FAILURE;
    }
    let details = cms_safe(details);
    let _ = writeln!(io::stderr(), "{message}\nADMIN_MESSAGE: {details}");
    0
}

/// Says a usage error as the command's judge system would have it, and gives the status it
/// ends with: 2, or testlib's 3 under its protocol (testlib would read 2 as the candidate's
/// presentation error). Under CMS what the message quotes (an argument of any characters)
/// passes its sanitizer; under Kattis an earlier run's verdict in the feedback folder is
/// removed, since it would be read as this one's.
pub(crate) fn usage_error(error: &clap::Error, of: &UsageErrorOf) -> u8 {
    if of.speaks_cms {
        let text = cms_safe_lines(&error.to_string());
        let _ = io::stderr().write_all(text.as_bytes()); // nowhere to report a failure
    } else {
        let _ = error.print();
    }
    if let Some(feedback) = &of.kattis_feedback {
        for name in [JUDGE_MESSAGE, TEAM_MESSAGE] {
            let _ = std::fs::remove_file(feedback.join(name));
        }
    }
    match of.speaks_testlib {
        true => TESTLIB_FAIL,
        false => ExitStatus::Trouble as u8,
    }
}

/// Whether CMS refuses a checker's message for holding `c`: its sanitizer rejects any stderr
/// line (the message, or an `ADMIN_MESSAGE:`) matching `[\x00-\x08\x0a-\x1f\x7f-\xbf]`, and
/// the evaluation then fails instead of scoring. A message's own escaping (`Quoted`) leaves
/// the printable U+00A1 to U+00BF (`°`, `£`, `½`) as they are; this catches those, and
/// anything else of the set a file's name or a later message might bring.
pub(crate) fn cms_refuses(c: char) -> bool {
    matches!(c, '\x00'..='\x08' | '\x0a'..='\x1f' | '\x7f'..='\u{bf}')
}

/// `text`, lines of it, each as [`cms_safe`] writes it, the line ends kept.
pub(crate) fn cms_safe_lines(text: &str) -> String {
    let lines: Vec<String> = text.split('\n').map(cms_safe).collect();
    lines.join("\n")
}

/// `text` as CMS takes a message: each character it refuses ([`cms_refuses`]) written as
/// Rust writes an escaped character (`\u{b0}`, as the messages already write `\u{85}`).
fn cms_safe(text: &str) -> String {
    let mut safe = String::with_capacity(text.len());
    for c in text.chars() {
        match cms_refuses(c) {
            true => safe.push_str(&format!("\\u{{{:x}}}", c as u32)),
            false => safe.push(c),
        }
    }
    safe
}

/// Judges the candidate's output in the file `output` (testlib's and CMS's way), compared as
/// the problem's own judge compares; the error is the output's that cannot be opened, which
/// each protocol names in its own way.
fn judge_output_file(
    settings: &CheckerSettings,
    input: &Path,
    answer: &Path,
    output: &Path,
) -> io::Result<Outcome> {
    let mut file = File::open(output)?;
    let comparison = settings.answers.problem.comparison();
    let name = shown(output);
    // testlib skips a UTF-8 byte-order mark at the output's start (`ouf.skipBom()`): so does
    // its dialect here, where CMS, like Kattis, takes the bytes as written.
    let file: Box<dyn Read> = match settings.files {
        CheckerFiles::Testlib { .. } => Box::new(without_mark(&mut file)?.chain(file)),
        _ => Box::new(file),
    };
    Ok(judge(
        &settings.answers,
        input,
        answer,
        (file, &name),
        comparison,
    ))
}

/// Whether the judge's answer file `answer` is right against knight-moves' answers to `input`
/// made as `settings` say, compared as `comparison` says; nothing is said.
fn is_right_with(
    settings: &AnswerSettings,
    input: &Path,
    answer: &Path,
    comparison: Comparison,
) -> bool {
    let (Ok(input_file), Ok(answer_file)) = (File::open(input), File::open(answer)) else {
        return false;
    };
    let judges = settings.checker(Box::new(AnswerText::new(answer_file)), comparison);
    let mut pipeline =
        Pipeline::new(judges, io::sink(), settings).answering_as_read_from(STDIN_NAME);
    let read = LineReader::new().read(&shown(input), input_file, &mut pipeline);
    let verdict = pipeline.into_sink().and_then(|judges| judges.finish());
    read.is_ok() && matches!(verdict, Ok(Verdict::Accepted { .. }))
}

/// The first bytes of `file`, without a UTF-8 byte-order mark if they are one: what comes
/// before the rest of the file.
fn without_mark(file: &mut File) -> io::Result<io::Cursor<Vec<u8>>> {
    const MARK: &[u8] = b"\xef\xbb\xbf";
    let mut start = Vec::with_capacity(MARK.len());
    Read::by_ref(file)
        .take(MARK.len() as u64)
        .read_to_end(&mut start)?;
    if start == MARK {
        start.clear();
    }
    Ok(io::Cursor::new(start))
}

/// Judges the candidate's `output` (a reader and its name) against knight-moves' answers to
/// `input`, and checks the judge's `answer` file against them too, both compared as
/// `comparison` says.
fn judge(
    answers: &AnswerSettings,
    input: &Path,
    answer: &Path,
    (output, output_name): (Box<dyn Read>, &str),
    comparison: Comparison,
) -> Outcome {
    let (input_name, answer_name) = (shown(input), shown(answer));
    let input_file = match File::open(input) {
        Ok(file) => file,
        Err(error) => return Outcome::JudgeFailure(format!("{input_name}: {error}")),
    };
    let answer_file = match File::open(answer) {
        Ok(file) => file,
        Err(error) => return Outcome::JudgeFailure(format!("{answer_name}: {error}")),
    };
    // The candidate's output is taken as the bytes it wrote, as a judge takes them (and as
    // `stress` does): a byte-order mark or UTF-16 there is a difference, not an encoding,
    // and never a judge failure. The judge's own answer file is decoded as `check` decodes.
    let candidate = answers.checker(output, comparison);
    let judges = answers.checker(Box::new(AnswerText::new(answer_file)), comparison);
    let mut messages = KeptMessages::default();
    // The answers name their source as the candidate knows it (JSON's `source`): `<stdin>`;
    // messages name IN.
    let mut pipeline = Pipeline::new(Both::new(candidate, judges), &mut messages, answers)
        .answering_as_read_from(STDIN_NAME);
    let source = input_name.as_str();
    // IN is validated as it is read: one that is not the problem's is the judge's failure.
    let (problem, board) = (answers.problem, answers.search.board);
    let read = read_validated(problem, board, input_file, |input| {
        LineReader::new().read(source, input, &mut pipeline)
    });
    let (read, validated) = match read {
        Ok(both) => both,
        Err(error) => {
            return Outcome::JudgeFailure(format!(
                "the system refused a thread to validate the input: {error}"
            ));
        }
    };
    let trouble = match read {
        Ok(()) => None,
        Err(SourceError::Read(error)) => Some(format!("{input_name}: {error}")),
        Err(SourceError::Encoding(encoding)) => Some(format!("{input_name}: {encoding}")),
        Err(SourceError::Write(error)) => Some(format!("{input_name}: {error}")),
    };
    let bad_lines = pipeline.invalid_lines() - pipeline.unanswered_lines();
    let sinks = pipeline.into_sink();
    if let Some(why) = trouble {
        return Outcome::JudgeFailure(why);
    }
    match validated {
        Ok(()) => {}
        Err(Refusal::Invalid(invalid)) => {
            return Outcome::JudgeFailure(format!(
                "the judge's input {input_name} is not a valid {} input: {invalid}",
                problem.name()
            ));
        }
        Err(Refusal::Read(error)) => {
            return Outcome::JudgeFailure(format!("{input_name}: {error}"));
        }
    }
    if bad_lines > 0 {
        let first = messages.first_line();
        return Outcome::JudgeFailure(format!(
            "the judge's input {input_name} has {bad_lines} line(s) that are not what the \
             problem states, the first: {first}"
        ));
    }
    let sinks = match sinks {
        Ok(sinks) => sinks,
        Err(error) => return Outcome::JudgeFailure(error.to_string()),
    };
    let candidate = match sinks.first.finish() {
        Ok(verdict) => verdict,
        Err(error) => return Outcome::JudgeFailure(format!("{output_name}: {error}")),
    };
    let judges = match sinks.second.finish() {
        Ok(verdict) => verdict,
        Err(error) => return Outcome::JudgeFailure(format!("{answer_name}: {error}")),
    };
    if let Verdict::NotJudged { .. } = candidate {
        return Outcome::JudgeFailure(candidate.describe(output_name));
    }
    // A query knight-moves could not answer leaves the answer file unjudged from there on:
    // knight-moves' failure, which the answer file is not to be blamed for.
    if let Verdict::NotJudged { .. } = judges {
        return Outcome::JudgeFailure(judges.describe(&answer_name));
    }
    if !matches!(judges, Verdict::Accepted { .. }) {
        // Routes where none were to be judged, or none where they were: right the other way.
        let hint = match answers.with_routes_toggled() {
            Some(toggled) if is_right_with(&toggled, input, answer, comparison) => {
                answers.routes_hint()
            }
            _ => "",
        };
        return Outcome::JudgeFailure(format!(
            "the judge's answer file differs from knight-moves' answers to {input_name}: {}{hint}",
            judges.describe(&answer_name)
        ));
    }
    let judge = candidate.describe(output_name);
    match candidate {
        Verdict::Accepted { .. } => Outcome::Accepted(judge),
        Verdict::PresentationError { at, what, .. } => Outcome::Presentation {
            judge,
            team: format!("Presentation error on line {at} of the output: {what}"),
        },
        Verdict::WrongAnswer { at, .. } | Verdict::WrongRoute { at, .. } => Outcome::Wrong {
            judge,
            team: format!("Wrong answer on line {at} of the output"),
        },
        Verdict::TooFew { found, expected } => Outcome::Wrong {
            judge,
            team: format!("The output ends after {found} of {expected} answers"),
        },
        Verdict::NoHeader { .. } => Outcome::Wrong {
            judge,
            team: "The output ends before the header row".to_owned(),
        },
        Verdict::TooMany { from, .. } => Outcome::Wrong {
            judge,
            team: format!("The output goes on past the last answer, from line {from}"),
        },
        Verdict::NotJudged { .. } => unreachable!("a judge failure, returned above"),
    }
}

/// The messages the pipeline writes about IN's bad lines: the first [`KEPT_MESSAGE_BYTES`]
/// kept, the rest counted only, so that an input of any size takes little memory.
#[derive(Default)]
struct KeptMessages {
    kept: Vec<u8>,
}

impl KeptMessages {
    /// The first message, without the program's name before it.
    fn first_line(&self) -> String {
        let text = String::from_utf8_lossy(&self.kept);
        let line = text.lines().next().unwrap_or_default();
        line.trim_start_matches("knight-moves: ").to_owned()
    }
}

impl Write for &mut KeptMessages {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let room = KEPT_MESSAGE_BYTES.saturating_sub(self.kept.len());
        self.kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes a message on stderr, ignoring a closed stderr as every message does.
fn say(message: &str) {
    let _ = writeln!(io::stderr(), "knight-moves: {message}");
}

/// The verdict line without the words testlib puts before it (`ok`, `wrong answer`, `wrong
/// output format`, `FAIL`), which would otherwise be said twice.
fn testlib_message(line: &str) -> &str {
    for said in [
        "Accepted (",
        "Wrong answer: ",
        "Wrong answer ",
        "Presentation error ",
    ] {
        if let Some(rest) = line.strip_prefix(said) {
            return match said {
                "Accepted (" => rest.strip_suffix(')').unwrap_or(rest),
                _ => rest,
            };
        }
    }
    line
}

/// A message as testlib's files carry it: its encoding is declared windows-1251, so anything
/// past ASCII (the verdict's `…`) is spelled in ASCII.
fn printable(message: &str) -> String {
    message
        .chars()
        .map(|c| match c {
            '…' => "...".to_owned(),
            c if c.is_ascii() => c.to_string(),
            _ => "?".to_owned(),
        })
        .collect()
}

/// `text` escaped as testlib escapes a result file's message: the XML specials as entities,
/// control bytes as `.`.
fn xml_escaped(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            c if (c as u32) < 32 => escaped.push('.'),
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn testlib_messages_are_ascii_and_escaped_as_testlib_escapes_them() {
        assert_eq!(printable("…\"ab\" ü"), "...\"ab\" ?");
        assert_eq!(
            xml_escaped("<a & \"b\">\t"),
            "&lt;a &amp; &quot;b&quot;&gt;."
        );
    }

    #[test]
    fn kept_messages_hold_their_start_only() {
        let mut kept = KeptMessages::default();
        let mut writer = &mut kept;
        for _ in 0..10_000 {
            writer.write_all(b"knight-moves: a.in:1: bad\n").unwrap();
        }
        assert_eq!(kept.kept.len(), KEPT_MESSAGE_BYTES);
        assert_eq!(kept.first_line(), "a.in:1: bad");
    }
}
