//! The command line, as clap reads it: one job, one command. With no command, knight-moves is
//! the filter ([`answer`]); each other job is a command with its own options (`check`,
//! `stress`, `generate`, `checker`, `validate`, `package`, `man`, `completions`), the options
//! several share declared once as groups ([`groups`]) and flattened where they apply, so that
//! clap itself refuses an option a command does not take. Each command's module turns what
//! was typed into the [`Task`] to do, before any work starts.

pub(crate) mod answer;
pub(crate) mod check;
pub(crate) mod checker;
pub(crate) mod documents;
pub(crate) mod generate;
pub(crate) mod groups;
pub(crate) mod package;
pub(crate) mod stress;
pub(crate) mod validate;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::error::ErrorKind;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::exit::ExitStatus;
use crate::problem::Problem;
use crate::problem::description::Feature;
use crate::settings::Task;

const EXAMPLES: &str = "\
Examples:
  knight-moves tests/data/sample.in          answer a judge input file
  echo 'a1 h8' | knight-moves --path         show one shortest route
  knight-moves --compare all-pairs.in > /dev/null    time every engine, check they agree
  knight-moves --problem nakanj nakanj.in    SPOJ NAKANJ's input and answers";

/// The fewest knight moves between two squares of a chessboard: reads lines of two squares,
/// such as `e2 e4`, and answers each with the judge's sentence `To get from e2 to e4 takes 2
/// knight moves.`, in input order. A bad line is reported on stderr as `knight-moves:
/// SOURCE:LINE: WHAT`, and every other line is still answered.
#[derive(Debug, Parser)]
#[command(name = "knight-moves", bin_name = "knight-moves", version,
          args_conflicts_with_subcommands = true, after_help = after_help(),
          subcommand_value_name = "COMMAND", subcommand_help_heading = "Commands",
          disable_help_subcommand = true)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    answer: answer::AnswerArgs,
}

/// The jobs other than answering, one command each.
#[derive(Debug, Subcommand)]
enum Command {
    /// Judge an answer file against the right answers to the inputs.
    Check(check::CheckArgs),
    /// Judge a program on generated inputs until it fails a case or passes them all.
    Stress(stress::StressArgs),
    /// Write a judge input of a problem: random, hard or all-pairs.
    Generate(generate::GenerateArgs),
    /// Judge one output as a judge system's checker: kattis, testlib or cms.
    Checker(checker::CheckerArgs),
    /// Check a judge input as a judge system's input validator: kattis or testlib.
    Validate(validate::ValidateArgs),
    /// Write a problem package for a judge system.
    Package(package::PackageArgs),
    /// Print the man page of knight-moves or of one of its commands.
    Man(documents::ManArgs),
    /// Print a shell completion script.
    Completions(documents::CompletionsArgs),
}

/// The options that chose a job before each job was a command (`--check A`), kept only to
/// say what to type now: each is refused, with the command line that does the job
/// ([`way_forward`]). Hidden: neither the help, the man page nor the completions offer them.
const OLD_SPELLINGS: [&str; 6] = [
    "check",
    "stress",
    "checker",
    "validate-input",
    "generate",
    "package",
];

/// The old spelling `name` as clap reads it: taking any value, as the job it chose did.
fn old_spelling(name: &'static str) -> clap::Arg {
    clap::Arg::new(name)
        .long(name)
        .hide(true)
        .allow_hyphen_values(true)
        .value_parser(clap::builder::OsStringValueParser::new())
}

/// The old spelling `matches` hold, if any, with its value.
fn old_spelling_given(matches: &ArgMatches) -> Option<(&'static str, &OsString)> {
    OLD_SPELLINGS.into_iter().find_map(|name| {
        let value = matches.try_get_one::<OsString>(name).ok().flatten()?;
        Some((name, value))
    })
}

impl Cli {
    /// Whether the filter's first file is named as a command is (`check`).
    fn first_file_is_a_command(&self) -> bool {
        let Some(first) = self.answer.files.first().and_then(|file| file.to_str()) else {
            return false;
        };
        self.command.is_none() && Command::has_subcommand(first)
    }

    /// Reads the command line `args` (the program's name first) into the task to do: what
    /// clap checks, then each command's own checks.
    pub(crate) fn task_from<I, T>(args: I) -> Result<Task, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        let parsed = definition()
            .try_get_matches_from(&args)
            .and_then(|matches| {
                let old = old_spelling_given(&matches).is_some();
                Cli::from_arg_matches(&matches).map(|cli| (cli, old))
            });
        // `stress python3 sol.py`: the program's words taken for more arguments.
        if let Err(error) = &parsed
            && error.kind() == ErrorKind::UnknownArgument
            && let Some(said) = stress::several_words_for_command(&args)
        {
            return Err(usage_error(&["stress"], &said));
        }
        // Read again, leniently, only where something may need saying: a line clap refused,
        // an old spelling, or a first file named as a command. The filter's usual line is
        // read once (clap's definition is most of a short run's instructions).
        let worth_a_second_look = match &parsed {
            Err(_) => true,
            Ok((cli, old)) => *old || cli.first_file_is_a_command(),
        };
        let lenient = worth_a_second_look
            .then(|| {
                definition()
                    .ignore_errors(true)
                    .try_get_matches_from(&args)
                    .ok()
            })
            .flatten()
            .filter(|matches| matches.subcommand().is_none());
        if let Some(lenient) = &lenient {
            let said =
                way_forward(&args, lenient).or_else(|| command_after_options(&args, lenient));
            if let Some(said) = said {
                return Err(definition().error(ErrorKind::ArgumentConflict, said));
            }
        }
        let (cli, _) = parsed?;
        match cli.command {
            None => cli.answer.into_task(),
            Some(Command::Check(check_args)) => {
                let task = check_args.into_task()?;
                if let Some(said) = check::swapped_files(&args, &task) {
                    return Err(usage_error(&["check"], &said));
                }
                Ok(task)
            }
            Some(Command::Stress(stress_args)) => {
                let task = stress_args.into_task()?;
                if let Task::Stress(settings) = &task
                    && let Some(said) =
                        stress::program_here_without_folder(&args, &settings.command)
                {
                    return Err(usage_error(&["stress"], &said));
                }
                Ok(task)
            }
            Some(Command::Generate(args)) => args.into_task(),
            Some(Command::Checker(args)) => args.into_task(),
            Some(Command::Validate(args)) => args.into_task(),
            Some(Command::Package(args)) => args.into_task(),
            Some(Command::Man(args)) => args.into_task(),
            Some(Command::Completions(args)) => Ok(args.into_task()),
        }
    }
}

/// What a command line that is a usage error still says of the run, read as far as clap can
/// read it: whether it speaks testlib's protocol, which takes the usage error for a judge
/// failure (3), not the candidate's presentation error (2); and the Kattis feedback folder
/// it names, where an earlier run's verdict must not stay to be read as this one's.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct UsageErrorOf {
    pub speaks_testlib: bool,
    /// Whether it speaks CMS's, whose sanitizer refuses some characters in what is said.
    pub speaks_cms: bool,
    pub kattis_feedback: Option<PathBuf>,
}

impl UsageErrorOf {
    /// Reads `args` (the program's name first) as far as clap can.
    pub(crate) fn read<I, T>(args: I) -> UsageErrorOf
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let Some(matches) = read_leniently(args.into_iter().map(Into::into).collect()) else {
            return UsageErrorOf::default();
        };
        let system = |job: &str| {
            matches
                .subcommand_matches(job)
                .and_then(ArgMatches::subcommand)
        };
        let speaks = |protocol: &str| {
            [system("checker"), system("validate")]
                .into_iter()
                .flatten()
                .any(|(name, _)| name == protocol)
        };
        let speaks_testlib = speaks("testlib");
        let speaks_cms = speaks("cms");
        let kattis_feedback = match system("checker") {
            Some(("kattis", kattis)) => kattis
                .try_get_one::<PathBuf>("feedback")
                .ok()
                .flatten()
                .cloned(),
            _ => None,
        };
        UsageErrorOf {
            speaks_testlib,
            speaks_cms,
            kattis_feedback,
        }
    }
}

/// `args` read as far as clap can: where an option is unknown or its value refused
/// (`--problem xyz`), which stops clap, without that option, again, a few times at most; then
/// leniently, for what a missing value or argument leaves.
fn read_leniently(mut args: Vec<OsString>) -> Option<ArgMatches> {
    use clap::error::{ContextKind, ContextValue};
    for _ in 0..8 {
        let error = match definition().try_get_matches_from(&args) {
            Ok(matches) => return Some(matches),
            Err(error) => error,
        };
        let text = |kind| match error.get(kind) {
            Some(ContextValue::String(text)) => Some(text.clone()),
            _ => None,
        };
        // `--problem <NAME>`: the option as typed is its first word.
        let option = text(ContextKind::InvalidArg)
            .map(|option| option.split(' ').next().unwrap_or_default().to_owned());
        let place = match (option, text(ContextKind::InvalidValue), error.kind()) {
            (Some(option), Some(value), _) => {
                let joined = format!("{option}={value}");
                (1..args.len()).find_map(|at| match args[at].to_str() {
                    Some(word) if word == joined => Some(at..=at),
                    Some(word) if word == value && args[at - 1] == option.as_str() => {
                        Some(at - 1..=at)
                    }
                    _ => None,
                })
            }
            (Some(option), None, ErrorKind::UnknownArgument) => (1..args.len())
                .find(|&at| args[at] == option.as_str())
                .map(|at| at..=at),
            _ => None,
        };
        // Help and version are what clap stops for too: the line without them.
        let asked = matches!(
            error.kind(),
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
        );
        let place = place.or_else(|| {
            let asked_for = |word: &OsString| {
                ["-h", "--help", "-V", "--version"].contains(&word.to_str().unwrap_or_default())
            };
            asked
                .then(|| {
                    (1..args.len())
                        .find(|&at| asked_for(&args[at]))
                        .map(|at| at..=at)
                })
                .flatten()
        });
        match place {
            Some(place) => drop(args.drain(place)),
            None => break,
        }
    }
    definition()
        .ignore_errors(true)
        .try_get_matches_from(&args)
        .ok()
}

/// The command line that does now what `args` asked with an old spelling (`--check A`, …),
/// as the message that refuses it: `None` where none was used. `matches` are `args` read as
/// far as clap can, so that the options that went with the old spelling (`--cases`) do not
/// hide it.
fn way_forward(args: &[OsString], matches: &ArgMatches) -> Option<String> {
    let (name, value) = old_spelling_given(matches)?;
    let option = format!("--{name}");
    let value_text = value.to_string_lossy();
    let words: Vec<OsString> = match (option.as_str(), value_text.as_ref()) {
        ("--generate", "input-random") => vec!["generate".into(), "random".into()],
        ("--generate", "input-hard") => vec!["generate".into(), "hard".into()],
        ("--generate", "input-all-pairs") => vec!["generate".into(), "all-pairs".into()],
        ("--generate", "man") => vec!["man".into()],
        ("--generate", kind) if kind.starts_with("complete-") => {
            vec!["completions".into(), kind["complete-".len()..].into()]
        }
        ("--validate-input", _) => vec!["validate".into(), value.clone()],
        _ => vec![name.into(), value.clone()],
    };
    // The rest of the line as typed, without the old option and its value; `package`
    // calls its `--package-format` `--format`.
    let mut rest: Vec<OsString> = Vec::new();
    let mut typed = args.iter().skip(1);
    while let Some(word) = typed.next() {
        let text = word.to_string_lossy();
        if text == option {
            typed.next();
        } else if option == "--package" && text == "--package-format" {
            rest.push("--format".into());
        } else if option == "--package" && text.starts_with("--package-format=") {
            rest.push(text.replacen("--package-format", "--format", 1).into());
        } else if !text.starts_with(&format!("{option}=")) {
            rest.push(word.clone());
        }
    }
    let line: Vec<String> = std::iter::once(OsString::from("knight-moves"))
        .chain(words)
        .chain(rest)
        .map(|word| quoted(&word))
        .collect();
    Some(format!("{option} is now a command: {}", line.join(" ")))
}

/// What refuses a command named after the filter's options (`knight-moves --problem nakanj
/// check a b`), where clap reads its name as a file to answer: the command line with the
/// command first. `None` where no command name is the filter's first file, or where it comes
/// after `--`, which is how a file of that name is read (or as `./check`). `matches` are
/// `args` read as far as clap can.
fn command_after_options(args: &[OsString], matches: &ArgMatches) -> Option<String> {
    let first = matches.get_many::<OsString>("files")?.next()?.to_str()?;
    let root = definition();
    let command = root
        .get_subcommands()
        .find(|command| command.get_name() == first)?;
    let at = args.iter().position(|word| word == first)?;
    if args[..at].iter().any(|word| word == "--") {
        return None;
    }
    let name = command.get_name();
    // `generate random`: the options go after the second word too.
    let words = match args.get(at + 1).and_then(|word| word.to_str()) {
        Some(second) if command.find_subcommand(second).is_some() => at..=at + 1,
        _ => at..=at,
    };
    let line: Vec<String> = args[words.clone()]
        .iter()
        .chain(
            args.iter()
                .enumerate()
                .skip(1)
                .filter(|(index, _)| !words.contains(index))
                .map(|(_, word)| word),
        )
        .map(|word| quoted(word))
        .collect();
    Some(format!(
        "{name} is a command, and its options go after it: knight-moves {}; a file named \
         {name} is read as ./{name}, or after --",
        line.join(" ")
    ))
}

/// The indexes in `args` (the program's name first) of the positional words of the command
/// `name`: every word after the command's name that is not an option nor an option's value,
/// as clap reads them (all after `--`). `None` where `args` hold no such command.
fn positionals(args: &[OsString], name: &str) -> Option<Vec<usize>> {
    let command_at = args.iter().position(|word| word == name)?;
    let root = definition();
    let command = root.find_subcommand(name)?;
    let takes_value = |word: &str| {
        command.get_arguments().any(|arg| {
            let named = match word.strip_prefix("--") {
                Some(long) => arg.get_long() == Some(long),
                None => word.len() == 2 && arg.get_short() == word.chars().nth(1),
            };
            named && arg.get_action().takes_values()
        })
    };
    let mut positionals = Vec::new();
    let mut index = command_at + 1;
    while index < args.len() {
        let word = args[index].to_string_lossy();
        if word == "--" {
            positionals.extend(index + 1..args.len());
            break;
        }
        if word.starts_with('-') && word.len() > 1 {
            if !word.contains('=') && takes_value(&word) {
                index += 1;
            }
        } else {
            positionals.push(index);
        }
        index += 1;
    }
    Some(positionals)
}

/// `word` as a shell would need it typed, or, where it holds a control character or a byte
/// that is not UTF-8, with those escaped as every message escapes a file's name: a message
/// stays one line.
pub(crate) fn quoted(word: &std::ffi::OsStr) -> String {
    match word.to_str() {
        Some(text) if !text.chars().any(char::is_control) => {
            shlex::try_quote(text).map_or_else(|_| text.to_owned(), |quoted| quoted.into_owned())
        }
        _ => crate::settings::shown(std::path::Path::new(word)),
    }
}

/// The command line's definition: clap's, with `--help` printing what `-h` prints, each
/// option on a line of its own, in every command: a page a person reads. The options' whole
/// texts are the man pages'.
pub(crate) fn definition() -> clap::Command {
    with_short_help(Cli::command()).args(OLD_SPELLINGS.map(old_spelling))
}

fn with_short_help(command: clap::Command) -> clap::Command {
    let help = clap::Arg::new("help")
        .short('h')
        .long("help")
        .action(clap::ArgAction::HelpShort)
        .help("Print help");
    command
        .disable_help_flag(true)
        .arg(help)
        .mut_subcommands(with_short_help)
}

/// A usage error of the command whose words (after `knight-moves`) are `path`, with its usage
/// line: status 2, or testlib's 3 under its protocol.
pub(crate) fn usage_error(path: &[&str], message: &str) -> clap::Error {
    let mut command = definition();
    command.build();
    let mut found = command;
    for name in path {
        match found.find_subcommand(name) {
            Some(sub) => found = sub.clone(),
            None => break,
        }
    }
    found.error(ErrorKind::ArgumentConflict, message)
}

fn after_help() -> String {
    let problems: Vec<String> = <Problem as clap::ValueEnum>::value_variants()
        .iter()
        .map(|problem| problem.help())
        .collect();
    format!(
        "{EXAMPLES}\n\nProblems (--problem), and which each takes of the options some refuse:\n  \
         {}\n{}\n\n{}",
        Feature::ALL.map(|feature| feature.to_string()).join(", "),
        problems.join("\n"),
        ExitStatus::HELP
    )
}

#[cfg(test)]
mod tests;
