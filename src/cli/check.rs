//! `knight-moves check ANSWERS [FILE]...`: judge an answer file.

use std::ffi::OsString;
use std::path::Path;

use clap::Args;

use crate::cli::answer::sources;
use crate::cli::groups::{AnsweringArgs, JUDGED_PATH_HELP};
use crate::cli::usage_error;
use crate::settings::{Input, Task};

/// The options of `knight-moves check`; its help (`after_help`) says what it does.
#[derive(Clone, Debug, Args)]
#[command(mut_arg("path", |arg| arg.help(JUDGED_PATH_HELP)), after_help = "\
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
    pub(crate) answering: AnsweringArgs,
}

impl CheckArgs {
    pub(crate) fn into_task(self) -> Result<Task, clap::Error> {
        const COMMAND: &[&str] = &["check"];
        let answering = self.answering.judging(COMMAND)?;
        let stdin_is_input = self.files.is_empty() || self.files.iter().any(|f| f == "-");
        if self.answers == "-" && stdin_is_input {
            return Err(usage_error(
                COMMAND,
                "ANSWERS -: standard input holds the queries; name the answer file",
            ));
        }
        let file = match self.answers == "-" {
            true => Input::Stdin,
            false => Input::File(self.answers.into()),
        };
        Ok(Task::Check {
            answers: answering.settings()?,
            sources: sources(&self.files),
            file,
        })
    }
}

/// Where `check ANSWERS FILE` names its two files the other way round (`check q.in q.ans`,
/// as testlib and most tools order them): ANSWERS reads as queries and FILE does not. The
/// message that refuses it, with the line to type, the two swapped. `None` otherwise, and
/// where either cannot be read (the run says so).
pub(crate) fn swapped_files(args: &[OsString], task: &Task) -> Option<String> {
    let Task::Check {
        answers: settings,
        sources,
        file: Input::File(answers),
    } = task
    else {
        return None;
    };
    let Some(Input::File(queries)) = sources.inputs.first() else {
        return None;
    };
    let reads_as_queries = |path: &Path| {
        let board = settings.search.board;
        settings.problem.file_reads_as_queries(board, path)
    };
    if reads_as_queries(answers)? && !reads_as_queries(queries)? {
        let positionals = super::positionals(args, "check")?;
        let (&first, &second) = (positionals.first()?, positionals.get(1)?);
        let words: Vec<String> = (1..args.len())
            .map(|index| match index {
                _ if index == first => &args[second],
                _ if index == second => &args[first],
                _ => &args[index],
            })
            .map(|word| super::quoted(word))
            .collect();
        return Some(format!(
            "{} holds queries and {} does not: the answer file comes first, then the queries: \
             knight-moves {}",
            crate::settings::shown(answers),
            crate::settings::shown(queries),
            words.join(" ")
        ));
    }
    None
}
