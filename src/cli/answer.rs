//! The filter: `knight-moves [OPTIONS] [FILE]...`, no command, answers the queries.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Args;

use crate::cli::groups::{Answering, AnsweringArgs, DrawWhat};
use crate::settings::{Input, Sources, Task};

/// What the filter takes: the files, and how their queries are answered.
#[derive(Clone, Debug, Args)]
pub(crate) struct AnswerArgs {
    /// Files of queries, read in order as one stream; `-`, or none, reads standard input. A
    /// file named as a command is read as `./check`, or after `--`.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath,
          value_parser = clap::builder::OsStringValueParser::new())]
    pub(crate) files: Vec<OsString>,

    #[command(flatten)]
    pub(crate) answering: AnsweringArgs,

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

impl AnswerArgs {
    /// The task: answer the files' queries as asked.
    pub(crate) fn into_task(self) -> Result<Task, clap::Error> {
        let answering = Answering {
            stats: self.stats,
            compare: self.compare,
            draw: self.draw,
            report: self.report.is_some(),
            ..self.answering.answering(&[])
        };
        Ok(Task::Answer {
            answers: answering.settings()?,
            sources: sources(&self.files),
            report: self.report,
        })
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
