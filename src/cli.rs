//! The command line, as clap reads it. Each field's doc comment is its `--help` text; `run`
//! turns what was typed into [`crate::app::Settings`] before any work starts.

use std::path::PathBuf;

use clap::Parser;

use crate::exit::ExitStatus;

const EXAMPLES: &str = "\
Examples:
  knight-moves tests/data/sample.in          answer a judge input file
  echo 'e2 e4' | knight-moves                 answer one query from a pipe
  knight-moves a.in - b.in < c.in             a.in, then stdin, then b.in
  knight-moves big.in | grep -c 'takes 6'     count the pairs six moves apart";

/// The fewest knight moves between two squares of a chessboard.
///
/// Reads lines of two squares, such as `e2 e4`, and answers each with the judge's sentence
/// `To get from e2 to e4 takes 2 knight moves.`, in input order. A square is a file letter a-h
/// (or A-H) and a rank 1-8; the two are separated by spaces or tabs. Blank lines are skipped;
/// CRLF line ends are accepted. A bad line is reported on stderr as `knight-moves: SOURCE:LINE:
/// WHAT` and every other line is still answered.
#[derive(Debug, Parser)]
#[command(name = "knight-moves", version, after_help = after_help())]
pub struct Cli {
    /// Files of queries, read in order as one stream. `-`, or no file at all, reads standard
    /// input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

fn after_help() -> String {
    format!("{EXAMPLES}\n\n{}", ExitStatus::HELP)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
