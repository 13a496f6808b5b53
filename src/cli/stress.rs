//! `knight-moves stress COMMAND`: judge a program on generated inputs.

use std::time::Duration;

use clap::Args;

use crate::cli::groups::{AnsweringArgs, RandomArgs, ReachArg};
use crate::cli::usage_error;
use crate::input::line::QuotedUpTo;
use crate::settings::{StressSettings, Task};

/// The command's help, saying how COMMAND is split on this system (see [`split_command`]):
/// one text, so the two systems' helps cannot drift apart.
macro_rules! stress_help {
    ($splitting:literal, $killing:literal) => {
        concat!(
            "Run COMMAND on generated inputs of the problem and compare its output with the right\n\
             answers, until it fails a case (wrong answer, presentation error, time, memory or\n\
             output limit, runtime error: shrunk to the smallest that still fails, shown and\n\
             saved; exit status 4) or every case passes. A case knight-moves cannot answer\n\
             stops the run as a judge failure (exit status 5). COMMAND is split as ",
            $splitting,
            ".\n",
            $killing,
            "\n\n\
             Examples:\n  \
             knight-moves stress ./a.out                           1000 cases of UVa 439\n  \
             knight-moves stress 'python3 sol.py' --problem nakanj --cases 200 --seed 7\n  \
             knight-moves stress ./a.out --time-limit 0.5 --memory-limit 64"
        )
    };
}
#[cfg(not(windows))]
const HELP: &str = stress_help!(
    "a POSIX shell splits words\n(no pipes or redirections: use `sh -c '...'`)",
    "When it ends, whatever it started is killed too, as on Ctrl-C, SIGTERM and SIGHUP."
);
#[cfg(windows)]
const HELP: &str = stress_help!(
    "Windows programs split a command\nline (no pipes or redirections: use `cmd /c \"...\"`)",
    "It is killed at a limit and on Ctrl-C (what it started is not)."
);

/// The options of `knight-moves stress`; its help (`after_help`) says what it does.
#[derive(Clone, Debug, Args)]
#[command(after_help = HELP)]
pub(crate) struct StressArgs {
    /// The program and its arguments, as one word.
    #[arg(value_name = "COMMAND")]
    pub(crate) command: String,

    #[command(flatten)]
    pub(crate) answering: AnsweringArgs,

    #[command(flatten)]
    pub(crate) random: RandomArgs,

    #[command(flatten)]
    pub(crate) reach: ReachArg,

    /// The seconds the program may take on one case. [default: 2]
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(crate) time_limit: Option<f64>,

    /// The memory the program may hold, in megabytes (10^6 bytes): the resident memory of all
    /// its processes (Linux; elsewhere its peak after the run). Not on Windows. [default: none]
    #[arg(long, value_name = "MB", value_parser = megabytes)]
    pub(crate) memory_limit: Option<f64>,
}

impl StressArgs {
    pub(crate) fn into_task(self) -> Result<Task, clap::Error> {
        const COMMAND: &[&str] = &["stress"];
        let answering = self.answering.judging(COMMAND)?;
        // Windows tells knight-moves nothing of a program's memory: refused, not ignored.
        if self.memory_limit.is_some() && cfg!(windows) {
            return Err(usage_error(
                COMMAND,
                "--memory-limit is not supported on Windows",
            ));
        }
        let command = match split_command(&self.command) {
            Some(words) if !words.is_empty() => words,
            _ => {
                return Err(usage_error(
                    COMMAND,
                    &format!(
                        "cannot split {} into a program and its arguments",
                        QuotedUpTo(self.command.as_bytes(), 200)
                    ),
                ));
            }
        };
        Ok(Task::Stress(StressSettings {
            command,
            cases: self.random.cases(),
            seed: self.random.seed,
            time_limit: Duration::from_secs_f64(self.time_limit.unwrap_or(2.0)),
            memory_limit: self
                .memory_limit
                .map(|megabytes| (megabytes * 1e6).round() as u64),
            reach: self.reach.reach(),
            answers: answering.settings()?,
        }))
    }
}

/// COMMAND as a program and its arguments, split as this system's users write commands: as a
/// POSIX shell splits words on Unix (quotes, backslash escapes), and on Windows by Windows'
/// own rules (`CommandLineToArgvW`), where a backslash is part of a path (`C:\judge\a.exe`).
/// `None` when it cannot be split (an unclosed quote on Unix).
fn split_command(command: &str) -> Option<Vec<String>> {
    #[cfg(not(windows))]
    return shlex::split(command);
    #[cfg(windows)]
    return Some(winsplit::split(command));
}

/// Reads `--time-limit`: a number of seconds above 0, at most 10^6 (eleven days).
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 1e6 => Ok(seconds),
        _ => Err("expected a number of seconds above 0, at most 1000000".to_owned()),
    }
}

/// Reads `--memory-limit`: a number of megabytes (10^6 bytes, as the figures are printed)
/// above 0, at most a petabyte.
fn megabytes(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(megabytes) if megabytes > 0.0 && megabytes <= 1e9 => Ok(megabytes),
        _ => Err("expected a number of megabytes above 0, at most 1000000000".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// COMMAND splits as the system's users write commands: with POSIX quoting and escapes on
    /// Unix, and on Windows by its own rules, where backslashes belong to paths.
    #[test]
    fn a_stress_command_splits_as_the_system_splits_commands() {
        #[cfg(not(windows))]
        let cases: &[(&str, Option<&[&str]>)] = &[
            ("./a.out", Some(&["./a.out"])),
            (
                "sol --fast 'two words' a\\ b",
                Some(&["sol", "--fast", "two words", "a b"]),
            ),
            ("python3 \"my sol.py\"", Some(&["python3", "my sol.py"])),
            ("'unclosed", None),
        ];
        #[cfg(windows)]
        let cases: &[(&str, Option<&[&str]>)] = &[
            ("a.exe", Some(&["a.exe"])),
            (
                "C:\\judge\\a.exe --fast",
                Some(&["C:\\judge\\a.exe", "--fast"]),
            ),
            (
                "\"C:\\my judge\\a.exe\" \"two words\"",
                Some(&["C:\\my judge\\a.exe", "two words"]),
            ),
        ];
        for &(command, words) in cases {
            let expected = words.map(|words| words.iter().map(|w| w.to_string()).collect());
            assert_eq!(split_command(command), expected, "{command}");
        }
    }
}
