//! The program's exit statuses, defined once: `--help` and the README quote [`ExitStatus::HELP`].

use std::process::ExitCode;

/// How a run ended, as the shell sees it. When several apply, the highest wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum ExitStatus {
    /// Every line was answered (blank lines need no answer), or output stopped early because
    /// the reader of a pipe went away.
    Success = 0,
    /// Some lines were not two valid squares, or their search passed `--max-nodes` or ran out
    /// of memory; each was reported on stderr and every other line was answered.
    InvalidLines = 1,
    /// A usage error, an input file that could not be read (the other files were still read),
    /// or standard output that could not be written.
    Trouble = 2,
    /// With `--compare`, two engines gave different distances for some query.
    EnginesDisagree = 3,
    /// With `--check`, the answer file was not accepted; with `--stress`, the candidate failed
    /// a case.
    NotAccepted = 4,
    /// With `--check` or `--stress`, knight-moves could not make the right answer to some
    /// query (its search gave up), or the system refused `--stress` a thread, a process or a
    /// pipe it needs, so it could not judge the candidate; it blamed nothing. (testlib calls
    /// this FAIL.)
    JudgeFailure = 5,
}

impl ExitStatus {
    /// The exit statuses as `--help` shows them.
    pub(crate) const HELP: &'static str = "\
Exit status:
  0  every line was answered (blank lines are skipped), or the output pipe was closed
  1  some lines were invalid (or their search gave up: --max-nodes, or out of memory):
     each was reported on stderr, every other line was answered
  2  usage error, an input file could not be read (the other files were still read),
     or standard output could not be written
  3  with --compare: two engines disagreed on a distance (each case reported on stderr)
  4  with --check: the answers were not accepted; with --stress: the program failed a case
  5  with --check or --stress: knight-moves could not make some right answer (its search
     gave up), or the system refused --stress a thread, a process or a pipe, so it could
     not judge: a failure of the judge's, not the program's
When several apply, the highest wins. --checker and --validate-input exit as their judge
system's protocol says: kattis 42 accepted, 43 rejected, 5 a judge failure; testlib 0 to 3.";
}

/// How a run ends: with one of knight-moves' own statuses, or with a status that a judge
/// system's protocol gives its verdict (`--checker`, `--validate-input`: 42 and 43 for Kattis,
/// testlib's 0 to 3), which the protocol defines and documents (`judge::protocol`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    Status(ExitStatus),
    Protocol(u8),
}

impl From<Ending> for ExitCode {
    fn from(ending: Ending) -> ExitCode {
        match ending {
            Ending::Status(status) => status.into(),
            Ending::Protocol(status) => ExitCode::from(status),
        }
    }
}

impl From<ExitStatus> for ExitCode {
    fn from(status: ExitStatus) -> ExitCode {
        ExitCode::from(status as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The statuses `--help` lists, each with its text on one line.
    fn listed(help: &str) -> Vec<(u8, String)> {
        let mut statuses: Vec<(u8, String)> = Vec::new();
        for line in help.lines().skip(1) {
            let text = line.trim();
            match text.split_once("  ") {
                Some((status, meaning))
                    if status.parse::<u8>().is_ok()
                        && line.starts_with("  ")
                        && !line.starts_with("   ") =>
                {
                    statuses.push((status.parse().unwrap(), meaning.trim().to_owned()));
                }
                _ if line.starts_with("     ") => {
                    let last = statuses
                        .last_mut()
                        .expect("a status before its continuation");
                    last.1 = format!("{} {text}", last.1);
                }
                _ => {}
            }
        }
        statuses
    }

    /// The README's table of exit statuses is `--help`'s, word for word (the README puts the
    /// options in backticks), and names every status there is.
    #[test]
    fn the_readme_quotes_the_statuses_help_lists() {
        let readme = include_str!("../README.md");
        let table: Vec<(u8, String)> = readme
            .lines()
            .skip_while(|line| !line.starts_with("| status | meaning |"))
            .skip(2)
            .take_while(|line| line.starts_with('|'))
            .map(|row| {
                let cells: Vec<&str> = row.trim_matches('|').split(" | ").collect();
                (
                    cells[0].trim().parse().unwrap(),
                    cells[1].trim().replace('`', ""),
                )
            })
            .collect();
        let help = listed(ExitStatus::HELP);
        assert_eq!(table, help);
        let every = [
            ExitStatus::Success,
            ExitStatus::InvalidLines,
            ExitStatus::Trouble,
            ExitStatus::EnginesDisagree,
            ExitStatus::NotAccepted,
            ExitStatus::JudgeFailure,
        ];
        // A status added to the enum stops this match from compiling until it is listed.
        for status in every {
            match status {
                ExitStatus::Success
                | ExitStatus::InvalidLines
                | ExitStatus::Trouble
                | ExitStatus::EnginesDisagree
                | ExitStatus::NotAccepted
                | ExitStatus::JudgeFailure => {}
            }
        }
        let numbers: Vec<u8> = help.iter().map(|(status, _)| *status).collect();
        assert_eq!(numbers, every.map(|status| status as u8));
    }
}
