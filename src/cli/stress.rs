//! `knight-moves stress COMMAND`: judge a program on generated inputs ([`crate::stress`]),
//! with a progress bar on a terminal, and tell how it went.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;

use crate::cli::options::{DEFAULT_CASES, JudgedOptions, ReachArg, SeedArg};
use crate::cli::output::{say_seed, seed_from_clock, write_verdict};
use crate::cli::{Invocation, Job, Stop};
use crate::exit::{Ending, ExitStatus};
use crate::input::line::QuotedUpTo;
use crate::stress::candidate::{Candidate, RunError, clean_up_on_signals};
use crate::stress::{Figures, Progress, Stress, wants_progress_bar};

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
    pub(crate) judged: JudgedOptions,

    /// How many cases to run. [default: 1000]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) cases: Option<u64>,

    #[command(flatten)]
    pub(crate) seed: SeedArg,

    /// The most queries a case holds (POJ 1915: scenarios; cses-grid, knightl: how far past
    /// the smallest n its grid may go): the cases hold 1 to N, in turn, so that small
    /// failing cases come early. [default: 20]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub(crate) size: Option<u64>,

    /// How many cases run at once, each in a process of its own: 1 to 1024. [default: the
    /// number of processors]
    #[arg(long, short = 'j', value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub(crate) jobs: Option<u16>,

    /// Where to save the smallest failing input. [default: knight-moves-stress-SEED.in in the
    /// current folder] Nothing is written over: a name taken gets -2, -3, … before its
    /// extension.
    #[arg(long, value_name = "PATH", value_hint = clap::ValueHint::FilePath)]
    pub(crate) save: Option<PathBuf>,

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

/// What `stress` was asked, settled.
#[derive(Debug)]
pub(crate) struct StressRun {
    stress: Stress,
    /// The seed given (`--seed`); else one is chosen, and said once the program has started.
    seed: Option<u64>,
    /// Where the smallest failing input is saved (`--save`), if not in the current folder.
    save: Option<PathBuf>,
}

impl Job for StressArgs {
    type Settled = StressRun;

    fn settle(self, at: &Invocation) -> Result<StressRun, clap::Error> {
        let answers = self.judged.settings(at)?;
        // Windows tells knight-moves nothing of a program's memory: refused, not ignored.
        if self.memory_limit.is_some() && cfg!(windows) {
            return Err(at.usage_error("--memory-limit is not supported on Windows"));
        }
        let command = match split_command(&self.command) {
            Some(words) if !words.is_empty() => words,
            _ => {
                return Err(at.usage_error(&format!(
                    "cannot split {} into a program and its arguments",
                    QuotedUpTo(self.command.as_bytes(), 200)
                )));
            }
        };
        if let Some(said) = program_here_without_folder(at, &command) {
            return Err(at.usage_error(&said));
        }
        let (program, args) = command
            .split_first()
            .map(|(program, args)| (program.clone(), args.to_vec()))
            .unwrap_or_default();
        Ok(StressRun {
            stress: Stress {
                candidate: Candidate { program, args },
                cases: self.cases.unwrap_or(DEFAULT_CASES),
                time_limit: Duration::from_secs_f64(self.time_limit.unwrap_or(2.0)),
                memory_limit: self
                    .memory_limit
                    .map(|megabytes| (megabytes * 1e6).round() as u64),
                reach: self.reach.reach(),
                answers,
                largest: self.size.unwrap_or(DEFAULT_SIZE),
                jobs: self.jobs.map_or_else(processors, usize::from),
            },
            seed: self.seed.seed,
            save: self.save,
        })
    }

    /// Runs the cases, with a progress bar on a terminal, and tells how it went.
    fn run(settled: StressRun, at: &Invocation) -> Result<Ending, Stop> {
        let StressRun { stress, seed, save } = settled;
        // A seed chosen is said once the program has started: a program that cannot be
        // started ran no case to make again.
        let mut unsaid_seed = seed.is_none();
        let seed = seed.unwrap_or_else(seed_from_clock);
        let program = stress.candidate.program.clone();
        if let Err(refused) = clean_up_on_signals() {
            return not_run(&program, &refused, at);
        }
        let bar = wants_progress_bar().then(|| {
            let style = indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} cases, {elapsed} (seed {prefix}) {msg}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
            let bar = indicatif::ProgressBar::new(stress.cases).with_style(style);
            bar.set_prefix(seed.to_string());
            bar
        });
        let finding = stress.run(seed, |progress| match progress {
            Progress::Started if unsaid_seed => {
                unsaid_seed = false;
                match &bar {
                    Some(bar) => bar.suspend(|| say_seed(&at.name(), seed)),
                    None => say_seed(&at.name(), seed),
                }
            }
            Progress::Started => {}
            Progress::Passed { done, usage } => {
                if let Some(bar) = &bar {
                    bar.set_position(done);
                    // Each case's figures, as a judge shows them, while the run goes on.
                    bar.set_message(format!("last case: {}", Figures::One(usage)));
                }
            }
        });
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        let finding = match finding {
            Ok(finding) => finding,
            Err(error) => return not_run(&program, &error, at),
        };
        let status = write_verdict(&finding.report(seed, save.as_deref()), finding.status())?;
        Ok(Ending::Status(status))
    }
}

/// What a stress run that could not run its cases says: a program that cannot be started is
/// the user's to fix (a message, status 2); a resource the system refused is a judge failure
/// (the verdict line on stdout, as every verdict, and status 5): nothing was held against the
/// program, and whatever it started was killed.
fn not_run(program: &str, error: &RunError, at: &Invocation) -> Result<Ending, Stop> {
    let status = match error {
        RunError::Program(error) => {
            let name = at.name();
            let _ = writeln!(
                io::stderr(),
                "knight-moves: {name}: cannot run {program}: {error}"
            );
            ExitStatus::Trouble
        }
        RunError::Refused { .. } | RunError::Lost(_) => {
            let line = format!("Judge failure: {error}, so the program was not judged\n");
            write_verdict(line.as_bytes(), ExitStatus::JudgeFailure)?
        }
    };
    Ok(Ending::Status(status))
}

/// Where a `stress` command line gives its COMMAND as several words (`stress python3 sol.py`),
/// which clap refuses as unexpected: the message that refuses it, with the line to type, the
/// words of the program and its arguments quoted as one. `None` for any other line.
pub(crate) fn several_words_for_command(args: &[OsString]) -> Option<String> {
    let (at, _) = command_words(args)?;
    // The program's own words come right after it, options of its own among them (`python3
    // -u sol.py`): every word up to the first option of `stress`.
    let root = super::definition();
    let stress = root.find_subcommand("stress")?;
    let is_an_option_of_stress = |word: &OsString| {
        let word = word.to_string_lossy();
        word == "--" || super::named_option(stress, &word).is_some()
    };
    let extra: Vec<usize> = (at + 1..args.len())
        .take_while(|&index| !is_an_option_of_stress(&args[index]))
        .collect();
    if extra.is_empty() {
        return None;
    }
    // A word clap would take for an argument after stress's own options is no one's to
    // place: clap's own error says what it is.
    let after = extra.last().map_or(at, |&last| last) + 1;
    let positionals = super::positionals(args, &["stress"])?;
    if positionals.iter().any(|&index| index >= after) {
        return None;
    }
    // COMMAND is a command already (it may be quoted, `'python3 -u'`): the words are added
    // to it, each quoted as a shell would need it.
    let words: Vec<&str> = extra
        .iter()
        .map(|&index| args[index].to_str())
        .collect::<Option<_>>()?;
    let command = format!("{} {}", args[at].to_str()?, shlex::try_join(words).ok()?);
    let line = with_command(args, at, &extra, &command);
    Some(format!(
        "COMMAND is one word, the program and its arguments together: {line}"
    ))
}

/// Where COMMAND names a program of the current folder without `./` (`stress sol.py`), which
/// no system runs from there unless its `PATH` says so: the message that refuses it, with the
/// line to type. `None` where the program has a folder in its name, is found on `PATH`, or is
/// no file here; and on Windows, which runs a program of the current folder by its name.
fn program_here_without_folder(at: &Invocation, command: &[String]) -> Option<String> {
    let args = at.args();
    let program = command.first()?;
    if cfg!(windows)
        || program.contains('/')
        || !Path::new(program).is_file()
        || is_on_path(program)
    {
        return None;
    }
    let (at, extra) = command_words(args)?;
    let here: Vec<String> = std::iter::once(format!("./{program}"))
        .chain(command[1..].iter().cloned())
        .collect();
    let words: Vec<OsString> = here.into_iter().map(OsString::from).collect();
    let command = joined(&words.iter().collect::<Vec<_>>())?;
    let line = with_command(args, at, &extra, &command);
    Some(format!(
        "{program} is no command on PATH; a program in the current folder is named with ./: \
         {line}"
    ))
}

/// Whether `program` is a file in a folder of `PATH`.
fn is_on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|folder| folder.join(program).is_file())
    })
}

/// Where a `stress` command line puts its COMMAND: the index in `args` (the program's name
/// first) of its first word, and of the words that clap would take for more positional
/// arguments. `None` where the line is not `stress`'s or has no COMMAND.
fn command_words(args: &[OsString]) -> Option<(usize, Vec<usize>)> {
    let positionals = super::positionals(args, &["stress"])?;
    let (&at, extra) = positionals.split_first()?;
    Some((at, extra.to_vec()))
}

/// `words` as one command, each quoted as a POSIX shell would need it.
fn joined(words: &[&OsString]) -> Option<String> {
    let words: Vec<&str> = words
        .iter()
        .map(|word| word.to_str())
        .collect::<Option<_>>()?;
    shlex::try_join(words).ok()
}

/// The command line `args` as typed, with `command` as the one word at `at`, and the words at
/// `extra` (now part of it) left out.
fn with_command(args: &[OsString], at: usize, extra: &[usize], command: &str) -> String {
    let words: Vec<String> = args
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(index, _)| !extra.contains(index))
        .map(|(index, word)| match index == at {
            true => super::quoted(std::ffi::OsStr::new(command)),
            false => super::quoted(word),
        })
        .collect();
    format!("knight-moves {}", words.join(" "))
}

/// The most queries a case holds when `--size` does not say.
const DEFAULT_SIZE: u64 = 20;

/// How many processors this process may use: the cases run at once by default.
fn processors() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
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
