//! The filter: `knight-moves [OPTIONS] [FILE]...`, no command. Answers every input in order
//! onto standard output; with `--stats` or `--compare`, reports the engines' figures on stderr
//! at the end; with `--report`, then writes its page.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;

use crate::cli::options::{AnswerOptions, DrawWhat, Extras};
use crate::cli::output::{ensure_stdout_is_open, read_inputs};
use crate::cli::{Invocation, Job, Stop};
use crate::exit::{Ending, ExitStatus};
use crate::format::Shape;
use crate::pipeline::Pipeline;
use crate::report::file;
use crate::report::{KeptQueries, Times, page};
use crate::settings::{AnswerSettings, Input, Sources, shown};
use crate::sink::WriteSink;
use crate::standard_streams::FileIdentity;
use crate::stats::table::{TableStyle, table};

/// What the filter takes: the files, and how their queries are answered.
#[derive(Clone, Debug, Args)]
pub(crate) struct FilterArgs {
    /// Files of queries, read in order as one stream; `-`, or none, reads standard input. A
    /// file named as a command is read as `./check`, or after `--`.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath,
          value_parser = clap::builder::OsStringValueParser::new())]
    pub(crate) files: Vec<OsString>,

    #[command(flatten)]
    pub(crate) answering: AnswerOptions,

    /// After the input, a table of the engine's work on stderr: queries, squares expanded,
    /// nanoseconds a query.
    #[arg(long)]
    pub(crate) stats: bool,

    /// Run every engine on every query too, print their figures side by side on stderr, and
    /// report any query two engines disagree on (exit status 3).
    #[arg(long)]
    pub(crate) compare: bool,

    /// After each answer, draw the board: each square's distance, the route in brackets;
    /// =search draws how the engine searched, =search-costs with each square's g, h and f.
    #[arg(long, value_enum, value_name = "WHAT", num_args = 0..=1, require_equals = true,
          default_missing_value = "distances")]
    pub(crate) draw: Option<DrawWhat>,

    /// At the end, write FILE: an HTML page replaying the first 50 queries' searches by
    /// every engine, with their figures as charts (boards up to 26x26).
    #[arg(long, value_name = "FILE")]
    pub(crate) report: Option<PathBuf>,
}

/// What the filter was asked, settled.
#[derive(Debug)]
pub(crate) struct Filter {
    answers: AnswerSettings,
    sources: Sources,
    /// Where to write the page about the run's queries (`--report`), if asked.
    report: Option<PathBuf>,
}

impl Job for FilterArgs {
    type Settled = Filter;

    fn settle(self, at: &Invocation) -> Result<Filter, clap::Error> {
        let extras = Extras {
            stats: self.stats,
            compare: self.compare,
            draw: self.draw,
            report: self.report.is_some(),
        };
        Ok(Filter {
            answers: self.answering.settings(at, extras)?,
            sources: sources(&self.files),
            report: self.report,
        })
    }

    fn run(filter: Filter, _: &Invocation) -> Result<Ending, Stop> {
        // A standard output that is closed would lose every answer without a word.
        ensure_stdout_is_open()?;
        let status = answer(&filter.sources, &filter.answers, filter.report.as_deref())?;
        Ok(Ending::Status(status))
    }
}

/// The files named, in order, as the inputs of a command that reads queries: standard input
/// when none is named.
pub(crate) fn sources(files: &[OsString]) -> Sources {
    match files.is_empty() {
        true => Sources {
            inputs: vec![Input::Stdin],
            reads_stdin_by_default: true,
        },
        false => Sources {
            inputs: files
                .iter()
                .map(|name| match name == "-" {
                    true => Input::Stdin,
                    false => Input::File(name.into()),
                })
                .collect(),
            reads_stdin_by_default: false,
        },
    }
}

/// Answers every input in order onto standard output; with `--stats` or `--compare`, reports
/// the engines' figures on stderr at the end; with `--report`, then writes its page.
///
/// What was asked besides the answers is delivered however the answers end: when the reader of
/// standard output goes away (`| head -1`) or it fails, the figures and the page still cover
/// the queries answered until then, and the output's trouble is returned after them.
fn answer(
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
            Shape::Json | Shape::Trace => TableStyle::Json,
            Shape::Sentence | Shape::Number(_) | Shape::Tsv { .. } | Shape::Grid(_) => {
                TableStyle::Text
            }
        };
        // Like every message, ignored if stderr is closed.
        let _ = io::stderr().write_all(table(measurements, style).as_bytes());
        if measurements.disagreements() > 0 {
            status = status.max(ExitStatus::EnginesDisagree);
        }
    }
    if let (Some(path), Some(kept)) = (page_file, pipeline.kept_for_report()) {
        // The answers are out already (each read ends with them written): the page, whose
        // times may take the clock 50 ms where the run did not measure, after.
        let times = Times::for_page(kept, pipeline.measurements(), answers.output.path);
        match file::write_whole(path, page::page(kept, times.as_ref()).as_bytes()) {
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
