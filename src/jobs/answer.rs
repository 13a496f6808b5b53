//! The filter: answers every input in order onto standard output; with `--stats` or
//! `--compare`, reports the engines' figures on stderr at the end; with `--report`, then writes
//! its page.

use std::io::{self, Write};
use std::path::Path;

use crate::exit::ExitStatus;
use crate::format::Shape;
use crate::jobs::read_inputs;
use crate::pipeline::Pipeline;
use crate::report::file;
use crate::report::{KeptQueries, page};
use crate::settings::{AnswerSettings, Input, Sources, shown};
use crate::sink::WriteSink;
use crate::standard_streams::FileIdentity;
use crate::stats::report::{ReportStyle, report};

/// Answers every input in order onto standard output; with `--stats` or `--compare`, reports
/// the engines' figures on stderr at the end; with `--report`, then writes its page.
///
/// What was asked besides the answers is delivered however the answers end: when the reader of
/// standard output goes away (`| head -1`) or it fails, the figures and the page still cover
/// the queries answered until then, and the output's trouble is returned after them.
pub(crate) fn run(
    sources: &Sources,
    answers: &AnswerSettings,
    page_file: Option<&Path>,
) -> anyhow::Result<ExitStatus> {
    if let Some(path) = page_file {
        if let Some(why) = page_refused(path, sources) {
            let page = shown(path);
            let _ = writeln!(io::stderr(), "knight-moves: --report {page}: {why}");
            return Ok(ExitStatus::Trouble);
        }
    }
    let sink = WriteSink::new(io::stdout().lock());
    let mut pipeline = Pipeline::new(sink, io::stderr().lock(), answers);
    if page_file.is_some() {
        let search = &answers.search;
        let kept = KeptQueries::new(search.board, search.piece, search.max_nodes);
        pipeline.keep_for_report(kept);
    }
    let (mut status, output_trouble) = match read_inputs(sources, &mut pipeline) {
        Ok(status) => (status, None),
        Err(trouble) => (ExitStatus::Success, Some(trouble)),
    };
    if let Some(measurements) = pipeline.measurements() {
        let style = match answers.output.shape {
            Shape::Json | Shape::Trace => ReportStyle::Json,
            Shape::Sentence | Shape::Number(_) | Shape::Tsv { .. } | Shape::Grid(_) => {
                ReportStyle::Text
            }
        };
        // Like every message, ignored if stderr is closed.
        let _ = io::stderr().write_all(report(measurements, style).as_bytes());
        if measurements.disagreements() > 0 {
            status = status.max(ExitStatus::EnginesDisagree);
        }
    }
    if let (Some(path), Some(kept)) = (page_file, pipeline.kept_for_report()) {
        // The answers are out already (each read ends with them written): the page, which
        // searches every query again with every engine, comes after.
        match file::write_whole(path, page::page(kept).as_bytes()) {
            // A pipe whose reader went away, as for the answers: it has all it asked for.
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {}
            Err(error) => {
                let name = shown(path);
                let _ = writeln!(io::stderr(), "knight-moves: {name}: {error}");
                status = status.max(ExitStatus::Trouble);
            }
            Ok(()) => {}
        }
    }
    match output_trouble {
        Some(trouble) => Err(trouble),
        None => Ok(status),
    }
}

/// Why `--report path` cannot be done, told before anything is read (a usage error): `-`,
/// which names no file here; a folder, or a file in a folder that does not exist; one of the
/// inputs (the page would replace it); or the file standard output or standard error writes
/// to (the page would replace the answers or the messages), `/dev/null` excepted.
fn page_refused(path: &Path, sources: &Sources) -> Option<String> {
    if path.as_os_str() == "-" {
        return Some(
            "the page goes to a file, not to standard output, which holds the answers; name \
             a file"
                .to_owned(),
        );
    }
    if let Some(why) = file::cannot_be_written(path) {
        return Some(why.to_owned());
    }
    if let Some(input) = input_named_by(path, sources) {
        let input = input.name();
        return Some(format!(
            "that is the input {input}, which the page would overwrite; name another file"
        ));
    }
    let identity = FileIdentity::of_path(path)?;
    let is_null = FileIdentity::of_path(Path::new("/dev/null")).as_ref() == Some(&identity);
    if !is_null && FileIdentity::of_outputs().contains(&identity) {
        return Some(
            "that is where standard output or standard error goes, which the page would \
             overwrite; name another file"
                .to_owned(),
        );
    }
    None
}

/// The input among `sources` that `path` names, under whatever name (a link, another
/// spelling): the file itself, or the one standard input reads.
fn input_named_by<'a>(path: &Path, sources: &'a Sources) -> Option<&'a Input> {
    let identity = FileIdentity::of_path(path)?;
    sources.inputs.iter().find(|input| {
        let input_identity = match input {
            Input::Stdin => FileIdentity::of_stdin(),
            Input::File(input) => FileIdentity::of_path(input),
        };
        input_identity.as_ref() == Some(&identity)
    })
}
