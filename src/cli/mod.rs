//! The command line, and one run from it to an exit status. One job, one command, in cargo's
//! way: each command is one file here, its clap `Args` beside the code that settles what was
//! typed and runs the job ([`Job`]), calling the domain code it needs; the commands are listed
//! once, in `commands!`. With no command, knight-moves is the filter ([`filter`]). The
//! options several commands share are declared once as groups ([`options`]) and flattened where
//! they apply, so that clap itself refuses an option a command does not take; an option that
//! some problems refuse is refused for them in one place, from the problems' description
//! ([`refused_option`]). What a command writes on standard output, and what a failure to
//! write it ends in, is [`output`]'s.

mod check;
mod checker;
mod documents;
mod filter;
mod generate;
pub(crate) mod options;
pub(crate) mod output;
mod package;
mod stress;
mod validate;

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::exit::protocol::TESTLIB_FAIL;
use crate::exit::{Ending, ExitStatus};
use crate::problem::Problem;
use crate::problem::description::REFUSABLE;
use crate::stress::candidate::workers;
use output::{STDOUT_TROUBLE, ensure_stdout_is_open, is_broken_pipe};

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
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    filter: filter::FilterArgs,
}

/// A command: what was typed (its clap `Args`), settled before any work into what to do,
/// then done.
trait Job: Sized {
    /// What the command will do, settled: its domain's own settings.
    type Settled: std::fmt::Debug;

    /// Checks what clap cannot check alone, and settles what the options mean; `at` is the
    /// command line, and the command clap read in it.
    fn settle(self, at: &Invocation) -> Result<Self::Settled, clap::Error>;

    /// Does the job, and says how it ended: a failure to write its output, or a usage error
    /// found once the job has looked at its inputs, stops it.
    fn run(settled: Self::Settled, at: &Invocation) -> Result<Ending, Stop>;
}

/// Settles the command `args` and runs it.
fn run_job<J: Job>(args: J, at: &Invocation) -> Result<Ending, Stop> {
    let settled = args.settle(at).map_err(Stop::Usage)?;
    J::run(settled, at)
}

/// The commands, each once: its variant (its doc comment is its line in `--help`) and its
/// `Args`, which [`Job`] settles and runs. Makes `Command`, clap's subcommands, and its `run`.
macro_rules! commands {
    ($($(#[$doc:meta])* $name:ident($args:ty),)*) => {
        /// The jobs other than answering, one command each.
        #[derive(Debug, Subcommand)]
        enum Command {
            $($(#[$doc])* $name($args),)*
        }

        impl Command {
            /// Settles the command and runs it.
            fn run(self, at: &Invocation) -> Result<Ending, Stop> {
                match self {
                    $(Command::$name(args) => run_job(args, at),)*
                }
            }

            /// What the command would do, settled, in words, for the tests to compare.
            #[cfg(test)]
            fn settled(self, at: &Invocation) -> Result<String, clap::Error> {
                match self {
                    $(Command::$name(args) => args.settle(at).map(|settled| format!("{settled:?}")),)*
                }
            }
        }
    };
}

commands! {
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

/// Why a run stopped before it could say how it ended.
pub(crate) enum Stop {
    /// A usage error: clap's, or a command's own.
    Usage(clap::Error),
    /// A failure to write the output (a broken pipe among them).
    Output(anyhow::Error),
}

impl From<anyhow::Error> for Stop {
    fn from(error: anyhow::Error) -> Stop {
        Stop::Output(error)
    }
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Stop {
        Stop::Output(anyhow::Error::new(error).context(STDOUT_TROUBLE))
    }
}

/// The command line as typed, and the command clap read in it: where messages take the
/// command's name from, and the lines they offer to type.
#[derive(Debug)]
pub(crate) struct Invocation {
    /// Every word, the program's name first.
    args: Vec<OsString>,
    /// The command's words after `knight-moves` (`checker kattis`), as clap read them: none
    /// for the filter.
    path: Vec<String>,
}

impl Invocation {
    /// The command line `args` for the command clap read at `path`.
    fn new(args: &[OsString], path: Vec<String>) -> Invocation {
        Invocation {
            args: args.to_vec(),
            path,
        }
    }

    /// The command as messages name it (`checker kattis`), or `knight-moves` for the filter.
    pub(crate) fn name(&self) -> String {
        match self.path.is_empty() {
            true => "knight-moves".to_owned(),
            false => self.path.join(" "),
        }
    }

    /// The command's words as clap read them (`checker`, `kattis`): none for the filter.
    pub(crate) fn command_path(&self) -> &[String] {
        &self.path
    }

    /// Every word typed, the program's name first.
    pub(crate) fn args(&self) -> &[OsString] {
        &self.args
    }

    /// The words typed after the program's name.
    pub(crate) fn typed_words(&self) -> Vec<OsString> {
        self.args[1..].to_vec()
    }

    /// Where the command's positional words are among [`Invocation::typed_words`].
    pub(crate) fn positionals(&self) -> Option<Vec<usize>> {
        let path: Vec<&str> = self.path.iter().map(String::as_str).collect();
        let found = positionals(&self.args, &path)?;
        Some(found.into_iter().map(|index| index - 1).collect())
    }

    /// A usage error of the command, with its usage line: status 2, or testlib's 3 under its
    /// protocol.
    pub(crate) fn usage_error(&self, message: &str) -> clap::Error {
        let mut command = definition();
        command.build();
        let mut found = command;
        for name in &self.path {
            match found.find_subcommand(name) {
                Some(sub) => found = sub.clone(),
                None => break,
            }
        }
        found.error(ErrorKind::ArgumentConflict, message)
    }
}

/// The whole program, as the binary runs it: reads the command line, runs, and says how it
/// went as an exit status (see [`ExitStatus`]).
pub(crate) fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    // A process `stress` started to run its cases: not a command line a user types.
    if let Some(command) = workers::worker_command(&args) {
        return ExitCode::from(workers::serve(&command));
    }
    let ran = read(&args).and_then(|(cli, at)| match cli.command {
        None => run_job(cli.filter, &at),
        Some(command) => command.run(&at),
    });
    match ran {
        Ok(ending) => ending.into(),
        Err(Stop::Usage(error)) => clap_said(&error, &args),
        Err(Stop::Output(error)) => failed(&error),
    }
}

/// Reads the command line `args` (the program's name first): clap's parse, then, where it
/// was refused, the way forward that can be said (COMMAND given as several words, an old
/// spelling, a command after the filter's options), and the options the problem refuses. A
/// command line is parsed once, and a refused one once more, leniently, to say what to type.
fn read(args: &[OsString]) -> Result<(Cli, Invocation), Stop> {
    let matches = match definition().try_get_matches_from(args) {
        Ok(matches) => matches,
        Err(error) => {
            // `stress python3 sol.py`: the program's words taken for more arguments.
            let said = (error.kind() == ErrorKind::UnknownArgument)
                .then(|| stress::several_words_for_command(args))
                .flatten();
            if let Some(said) = said {
                let at = Invocation::new(args, vec!["stress".to_owned()]);
                return Err(Stop::Usage(at.usage_error(&said)));
            }
            let lenient = definition()
                .ignore_errors(true)
                .try_get_matches_from(args)
                .ok()
                .filter(|matches| matches.subcommand().is_none());
            let said = lenient.as_ref().and_then(|lenient| {
                way_forward(args, lenient).or_else(|| command_after_options(args, lenient))
            });
            return Err(Stop::Usage(match said {
                Some(said) => definition().error(ErrorKind::ArgumentConflict, said),
                None => error,
            }));
        }
    };
    let at = Invocation::new(args, path_of(&matches));
    if at.path.is_empty() {
        let said = way_forward(args, &matches).or_else(|| command_after_options(args, &matches));
        if let Some(said) = said {
            return Err(Stop::Usage(
                definition().error(ErrorKind::ArgumentConflict, said),
            ));
        }
    }
    if let Some(said) = refused_option(&matches) {
        return Err(Stop::Usage(at.usage_error(&said)));
    }
    let cli = Cli::from_arg_matches(&matches).map_err(Stop::Usage)?;
    Ok((cli, at))
}

/// What the command line `args` (the program's name first) would do, settled, in words:
/// `Filter { … }` for the filter; for the tests, which compare runs without making them.
#[cfg(test)]
fn settled(args: &[OsString]) -> Result<String, clap::Error> {
    let (cli, at) = read(args).map_err(|stop| match stop {
        Stop::Usage(error) => error,
        Stop::Output(error) => panic!("reading a command line wrote nothing: {error}"),
    })?;
    match cli.command {
        None => cli.filter.settle(&at).map(|filter| format!("{filter:?}")),
        Some(command) => command.settled(&at),
    }
}

/// The command clap read in `matches`, as its words after `knight-moves`.
fn path_of(matches: &ArgMatches) -> Vec<String> {
    let mut path = Vec::new();
    let mut at = matches;
    while let Some((name, inner)) = at.subcommand() {
        path.push(name.to_owned());
        at = inner;
    }
    path
}

/// The options the problem refuses that the command line gives (see [`REFUSABLE`]): the
/// message that refuses the first, if any. One check, for every command: a command's
/// arguments are those of the innermost command clap read, its problem that command's
/// `--problem`.
fn refused_option(matches: &ArgMatches) -> Option<String> {
    let mut leaf = matches;
    let mut path = Vec::new();
    while let Some((name, inner)) = leaf.subcommand() {
        leaf = inner;
        path.push(name);
    }
    let problem = *leaf.try_get_one::<Problem>("problem").ok()??;
    let from_the_filter = path.is_empty();
    // The option's default, asked of the definition only once an option the problem refuses
    // was typed: building the definition is most of a short run's work.
    let default_of = |id: &str| {
        let mut command = definition();
        for name in &path {
            command = command.find_subcommand(name)?.clone();
        }
        let arg = command.get_arguments().find(|arg| arg.get_id() == id)?;
        arg.get_default_values().first().cloned()
    };
    REFUSABLE
        .iter()
        .filter(|option| !option.taken_by.contains(&problem))
        .find(|option| {
            // Typed, not a default (the command may not have the option at all).
            let Ok(Some(mut values)) = leaf.try_get_raw(option.id) else {
                return false;
            };
            if leaf.value_source(option.id) != Some(ValueSource::CommandLine) {
                return false;
            }
            match (option.value, values.next()) {
                (Some(value), Some(typed)) => typed == value,
                (None, Some(typed)) => default_of(option.id).as_deref() != Some(typed),
                (_, None) => false,
            }
        })
        .map(|option| problem.refusal(option, from_the_filter))
}

/// What a command line that is a usage error still says of the run, from its first words
/// (a command comes first, before any option): whether it speaks testlib's protocol, which
/// takes the usage error for a judge failure (3), not the candidate's presentation error (2);
/// CMS's, whose sanitizer refuses some characters in what is said; and the Kattis feedback
/// folder it names, where an earlier run's verdict must not stay to be read as this one's.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct UsageErrorOf {
    pub speaks_testlib: bool,
    pub speaks_cms: bool,
    pub kattis_feedback: Option<PathBuf>,
}

impl UsageErrorOf {
    /// Reads the first words of `args` (the program's name first).
    pub(crate) fn read<I, T>(args: I) -> UsageErrorOf
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        let word = |at: usize| args.get(at).and_then(|word| word.to_str());
        let (command, system) = (word(1), word(2));
        let speaks = |protocol: &str| {
            matches!(command, Some("checker" | "validate")) && system == Some(protocol)
        };
        let kattis_feedback = match (command, system) {
            (Some("checker"), Some("kattis")) => positionals(&args, &["checker", "kattis"])
                .and_then(|positionals| positionals.get(2).map(|&at| PathBuf::from(&args[at]))),
            _ => None,
        };
        UsageErrorOf {
            speaks_testlib: speaks("testlib"),
            speaks_cms: speaks("cms"),
            kattis_feedback,
        }
    }
}

/// Writes what clap has to say: help and version on stdout (status 0, unless stdout fails),
/// usage errors on stderr as the command's protocol says ([`checker::usage_error`]).
fn clap_said(error: &clap::Error, args: &[OsString]) -> ExitCode {
    let of = UsageErrorOf::read(args);
    if error.use_stderr() {
        return ExitCode::from(checker::usage_error(error, &of));
    }
    let printed = ensure_stdout_is_open().and_then(|()| {
        error.print()?;
        io::stdout().flush()?;
        Ok(())
    });
    match (printed, of.speaks_testlib) {
        (Ok(()), _) => ExitStatus::Success.into(),
        // testlib would read 2 as the candidate's presentation error.
        (Err(_), true) => ExitCode::from(TESTLIB_FAIL),
        (Err(error), false) => failed(&anyhow::Error::new(error).context(STDOUT_TROUBLE)),
    }
}

/// What a failure to write the output ends in: quiet success for a reader that went away,
/// a message and status 2 for anything else.
fn failed(error: &anyhow::Error) -> ExitCode {
    if is_broken_pipe(error) {
        // Rust ignores SIGPIPE, so `knight-moves big.in | head -1` ends here once `head`
        // has gone. The reader has all it asked for: stop quietly and call it a success,
        // as a filter killed by SIGPIPE would look to a shell pipeline.
        return ExitStatus::Success.into();
    }
    output::say_output_trouble(error);
    ExitStatus::Trouble.into()
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
    // The options that went with the old spelling go with the command it is now (`generate
    // random`), but those it does not take: named, not moved where they would be refused again.
    let root = definition();
    let mut taking = &root;
    let mut depth = 0;
    while let Some(inner) = words
        .get(depth)
        .and_then(|word| word.to_str())
        .and_then(|word| taking.find_subcommand(word))
    {
        taking = inner;
        depth += 1;
    }
    let (kept, not_taken) = for_command(taking, &root, &rest);
    let path = words_of_command(&words[..depth]);
    let line: Vec<String> = std::iter::once(OsString::from("knight-moves"))
        .chain(words)
        .chain(kept.into_iter().cloned())
        .map(|word| quoted(&word))
        .collect();
    Some(format!(
        "{option} is now a command{}: {}",
        not_taken_said(&not_taken, &path),
        line.join(" ")
    ))
}

/// What refuses a command named after the filter's options (`knight-moves --problem nakanj
/// check a b`), where clap reads its name as a file to answer: the command line with the
/// command first. `None` where no command name is the filter's first file, or where it comes
/// after `--`, which is how a file of that name is read (or as `./check`). `matches` are
/// `args` read as far as clap can.
fn command_after_options(args: &[OsString], matches: &ArgMatches) -> Option<String> {
    let first = matches.get_many::<OsString>("files")?.next()?.to_str()?;
    // Asked of the derived list first: building the definition is most of a short run's work.
    if !Command::has_subcommand(first) {
        return None;
    }
    let root = definition();
    let command = root
        .get_subcommands()
        .find(|command| command.get_name() == first)?;
    let at = args.iter().position(|word| word == first)?;
    if args[..at].iter().any(|word| word == "--") {
        return None;
    }
    let name = command.get_name();
    // `generate random`: the options go after the second word too, and are its own.
    let (words, taking) = match args.get(at + 1).and_then(|word| word.to_str()) {
        Some(second) => match command.find_subcommand(second) {
            Some(inner) => (at..=at + 1, inner),
            None => (at..=at, command),
        },
        None => (at..=at, command),
    };
    // The words before the command, each option with its value: those the command takes go
    // after it; those it does not are named, not moved.
    let (moved, not_taken) = for_command(taking, &root, &args[1..at]);
    let line: Vec<String> = args[words.clone()]
        .iter()
        .chain(moved)
        .chain(args[words.end() + 1..].iter())
        .map(|word| quoted(word))
        .collect();
    let path = words_of_command(&args[words]);
    Some(format!(
        "{name} is a command, and its options go after it{}: knight-moves {}; a file named \
         {name} is read as ./{name}, or after --",
        not_taken_said(&not_taken, &path),
        line.join(" ")
    ))
}

/// A command's words (`generate random`), as messages name it.
fn words_of_command(words: &[OsString]) -> String {
    let words: Vec<_> = words.iter().map(|word| word.to_string_lossy()).collect();
    words.join(" ")
}

/// What a refusal that offers a line for the command at `path` says of the options typed that
/// it does not take (`, and --stats is no option of check`): nothing where there are none.
fn not_taken_said(not_taken: &[String], path: &str) -> String {
    match not_taken {
        [] => String::new(),
        [option] => format!(", and {option} is no option of {path}"),
        options => format!(", and {} are no options of {path}", options.join(", ")),
    }
}

/// `words`, typed as options of the filter (before a command, or beside an old spelling), for
/// a line that runs the command `taking`: the words it takes, in order (each option with its
/// value, and the rest), and the options it does not take, named (`--stats`), to be said
/// rather than moved where they would be refused again. An option is read as `taking` reads
/// it, else as the filter (`root`) does.
fn for_command<'w>(
    taking: &clap::Command,
    root: &clap::Command,
    words: &'w [OsString],
) -> (Vec<&'w OsString>, Vec<String>) {
    let mut kept = Vec::new();
    let mut not_taken = Vec::new();
    let mut taken = true;
    for (word, read) in words.iter().zip(read_words(&[taking, root], words)) {
        match read {
            Word::Option => {
                let text = word.to_string_lossy();
                taken = named_option(taking, &text).is_some();
                if !taken {
                    not_taken.push(text.split('=').next().unwrap_or_default().to_owned());
                }
            }
            Word::Value => {}
            Word::Positional | Word::EndOfOptions => taken = true,
        }
        if taken {
            kept.push(word);
        }
    }
    (kept, not_taken)
}

/// A word of a command line, as clap's definition of the command reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Word {
    /// An option: `--path`, `-j`, `--draw=search`, `-j4`, or one no command has.
    Option,
    /// The value of the option before it, given as the next word (`--cases 5`'s `5`).
    Value,
    /// A positional argument (a file, COMMAND, `-`), and every word after `--`.
    Positional,
    /// `--`, after which every word is positional.
    EndOfOptions,
}

/// Each of `words` as clap reads it, its options being those of the first of `commands` that
/// has them. The one walk of a command line that the messages offering a line to type make
/// (where clap refused it, or before it runs).
fn read_words(commands: &[&clap::Command], words: &[OsString]) -> Vec<Word> {
    let mut read = Vec::with_capacity(words.len());
    let mut ended = false;
    let mut at = 0;
    while at < words.len() {
        let text = words[at].to_string_lossy();
        if ended || !looks_like_an_option(&text) {
            read.push(Word::Positional);
        } else if text == "--" {
            read.push(Word::EndOfOptions);
            ended = true;
        } else {
            read.push(Word::Option);
            let arg = commands
                .iter()
                .find_map(|command| named_option(command, &text));
            if arg.is_some_and(|arg| takes_the_next_word(arg, &text, words.get(at + 1))) {
                read.push(Word::Value);
                at += 1;
            }
        }
        at += 1;
    }
    read
}

/// Whether `word` is read as an option (or `--`): a dash and more, not `-` alone.
fn looks_like_an_option(word: &str) -> bool {
    word.starts_with('-') && word.len() > 1
}

/// The argument of `command` that the option `word` names (`--cases`, `--draw=search`, `-j`,
/// `-j4`), if any.
fn named_option<'c>(command: &'c clap::Command, word: &str) -> Option<&'c clap::Arg> {
    if !looks_like_an_option(word) {
        return None;
    }
    let long = word
        .strip_prefix("--")
        .map(|long| long.split('=').next().unwrap_or(long));
    let short = word.chars().nth(1);
    command.get_arguments().find(|arg| match long {
        Some(long) => arg.get_long() == Some(long),
        None => short.is_some() && arg.get_short() == short,
    })
}

/// Whether the option `arg`, typed as `word`, takes the next word, `next`, for its value, as
/// clap reads it: where it takes a value (`--draw` only after `=`, which it may go without),
/// `word` holds none (`--cases=5`, `-j4`), and `next` is no option (unless the option takes
/// values that look like one).
fn takes_the_next_word(arg: &clap::Arg, word: &str, next: Option<&OsString>) -> bool {
    let takes_a_value = arg.get_action().takes_values()
        && !arg.is_require_equals_set()
        && arg
            .get_num_args()
            .is_none_or(|range| range.min_values() >= 1);
    let holds_its_value = match word.strip_prefix("--") {
        Some(long) => long.contains('='),
        None => word.len() > 2,
    };
    let next_is_a_value = next.is_some_and(|next| {
        arg.is_allow_hyphen_values_set() || !looks_like_an_option(&next.to_string_lossy())
    });
    takes_a_value && !holds_its_value && next_is_a_value
}

/// The indexes in `args` (the program's name first) of the positional words of the command at
/// `path` (`["checker", "kattis"]`): every word after the command's words that is not an
/// option nor an option's value, as clap reads them (all after `--`). `None` where `args` do
/// not start with that command.
fn positionals(args: &[OsString], path: &[&str]) -> Option<Vec<usize>> {
    let mut command = definition();
    for (at, name) in path.iter().enumerate() {
        if args.get(at + 1)? != name {
            return None;
        }
        command = command.find_subcommand(name)?.clone();
    }
    let start = path.len() + 1;
    let words = args.get(start..)?;
    let read = read_words(&[&command], words);
    let positional = |(index, read): (usize, Word)| (read == Word::Positional).then_some(index);
    Some(
        read.into_iter()
            .enumerate()
            .filter_map(positional)
            .map(|index| start + index)
            .collect(),
    )
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

fn after_help() -> String {
    let problems: Vec<String> = <Problem as clap::ValueEnum>::value_variants()
        .iter()
        .map(|problem| problem.help())
        .collect();
    format!(
        "{EXAMPLES}\n\nProblems (--problem), and which each takes of the options some refuse:\n  \
         {}\n{}\n\n{}",
        Problem::refusable_in_help()
            .map(|option| option.shown)
            .collect::<Vec<_>>()
            .join(", "),
        problems.join("\n"),
        ExitStatus::HELP
    )
}

#[cfg(test)]
mod tests;
