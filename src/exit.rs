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
    /// With `check`, the answer file was not accepted; with `stress`, the candidate failed a
    /// case.
    NotAccepted = 4,
    /// With `check` or `stress`, knight-moves could not make the right answer to some query
    /// (its search gave up), or the system refused `stress` a thread, a process or a pipe it
    /// needs, so it could not judge the candidate; it blamed nothing. (testlib calls this
    /// FAIL.)
    JudgeFailure = 5,
}

impl ExitStatus {
    /// The exit statuses as `--help` shows them.
    pub(crate) const HELP: &'static str = "\
Exit status (the highest that applies):
  0  every line was answered (blank lines are skipped), or the output pipe was closed
  1  some lines were invalid or their search gave up: each reported, the rest answered
  2  usage error, an unreadable input (the others still read), or unwritable output
  3  --compare: two engines disagreed on a distance (each case reported on stderr)
  4  check: the answers were not accepted; stress: the program failed a case
  5  check, stress: a judge failure, not the program's (a search gave up, a resource refused)
checker and validate exit as their judge system says: kattis 42, 43, 5; testlib 0 to 3.";
}

/// The statuses the judge systems' protocols give their verdicts (`checker`, `validate`),
/// which those systems define.
pub(crate) mod protocol {
    /// A Kattis output validator that accepts, an input validator that finds the input valid.
    pub(crate) const KATTIS_ACCEPTED: u8 = 42;
    /// A Kattis validator that rejects.
    pub(crate) const KATTIS_REJECTED: u8 = 43;
    /// A judge failure, for the systems that take any other status for one (Kattis, CMS):
    /// knight-moves' own ([`super::ExitStatus::JudgeFailure`]).
    pub(crate) const JUDGE_FAILURE: u8 = super::ExitStatus::JudgeFailure as u8;
    /// testlib's `_ok`.
    pub(crate) const TESTLIB_OK: u8 = 0;
    /// testlib's `_wa`.
    pub(crate) const TESTLIB_WRONG: u8 = 1;
    /// testlib's `_pe`.
    pub(crate) const TESTLIB_PRESENTATION: u8 = 2;
    /// testlib's `_fail`: a judge failure, a bad command line among them.
    pub(crate) const TESTLIB_FAIL: u8 = 3;
}

/// How a run ends: with one of knight-moves' own statuses, or with a status that a judge
/// system's protocol gives its verdict (`checker`, `validate`: 42 and 43 for Kattis, testlib's
/// 0 to 3), which the protocol defines ([`protocol`]).
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
