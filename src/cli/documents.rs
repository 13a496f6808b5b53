//! `knight-moves man [COMMAND]` and `knight-moves completions SHELL`: the man pages and shell
//! completions, made from the same clap definition as the parser itself, so that they cannot
//! drift from the commands and options the program really has. The two commands share this
//! file, as they share the making of their documents.

use std::io::{self, Write};

use clap::{Args, ValueEnum};

use crate::cli::output::{ensure_stdout_is_open, write_stdout};
use crate::cli::{Invocation, Job, Stop, definition};
use crate::exit::{Ending, ExitStatus};

/// Print the man page (roff) of knight-moves, or of one of its commands (as git's pages are
/// one a command: knight-moves-check(1)).
#[derive(Clone, Debug, Args)]
#[command(after_help = "\
Examples:
  knight-moves man > knight-moves.1
  knight-moves man stress | man -l -
  knight-moves man generate random | man -l -")]
pub(crate) struct ManArgs {
    /// The command whose page to print, and its own command where it has them (`generate
    /// random`); without it, knight-moves' own.
    #[arg(value_name = "COMMAND", num_args = 0..=2)]
    pub(crate) command: Vec<String>,
}

/// Print a shell completion script: commands and each command's options.
#[derive(Clone, Debug, Args)]
#[command(after_help = "\
Examples:
  knight-moves completions bash > /etc/bash_completion.d/knight-moves
  knight-moves completions fish > ~/.config/fish/completions/knight-moves.fish")]
pub(crate) struct CompletionsArgs {
    /// The shell.
    #[arg(value_name = "SHELL", value_enum)]
    pub(crate) shell: Shell,
}

/// The shells completion scripts are written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Shell {
    Bash,
    Zsh,
    Fish,
}

impl Job for ManArgs {
    type Settled = Document;

    fn settle(self, at: &Invocation) -> Result<Document, clap::Error> {
        let mut found = definition();
        for name in &self.command {
            let names: Vec<String> = found
                .get_subcommands()
                .map(|command| command.get_name().to_owned())
                .collect();
            match found.find_subcommand(name) {
                Some(command) => found = command.clone(),
                None => {
                    let of = match names.is_empty() {
                        true => "it has none".to_owned(),
                        false => format!("they are {}", names.join(", ")),
                    };
                    let name = crate::settings::shown(std::path::Path::new(name));
                    let message = format!("no command {name} of {}: {of}", found.get_name());
                    return Err(at.usage_error(&message));
                }
            }
        }
        Ok(Document::Man {
            command: self.command,
        })
    }

    fn run(document: Document, _: &Invocation) -> Result<Ending, Stop> {
        print(&document)
    }
}

impl Job for CompletionsArgs {
    type Settled = Document;

    fn settle(self, _: &Invocation) -> Result<Document, clap::Error> {
        Ok(match self.shell {
            Shell::Bash => Document::CompleteBash,
            Shell::Zsh => Document::CompleteZsh,
            Shell::Fish => Document::CompleteFish,
        })
    }

    fn run(document: Document, _: &Invocation) -> Result<Ending, Stop> {
        print(&document)
    }
}

/// The documents made from the command line's own definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Document {
    /// The man page, in roff: knight-moves', or one command's.
    Man { command: Vec<String> },
    /// The completion script for bash.
    CompleteBash,
    /// The completion script for zsh.
    CompleteZsh,
    /// The completion script for fish.
    CompleteFish,
}

/// Writes `document` on standard output.
fn print(document: &Document) -> Result<Ending, Stop> {
    ensure_stdout_is_open()?;
    // Made in memory first: the generators panic on a write that fails.
    let mut text = Vec::new();
    write(document, &mut text).map_err(anyhow::Error::from)?;
    write_stdout(&text)?;
    Ok(Ending::Status(ExitStatus::Success))
}

/// Writes `document` to `out`.
pub(crate) fn write(document: &Document, out: &mut dyn Write) -> io::Result<()> {
    let command = definition();
    let name = command.get_name().to_owned();
    let shell = match document {
        Document::Man { command: path } if path.is_empty() => {
            // The NAME line, which whatis and apropos read, is the first sentence alone.
            let whole = command
                .get_about()
                .map(ToString::to_string)
                .unwrap_or_default();
            let name_line = whole.split(": ").next().unwrap_or_default().to_owned();
            let command = command.about(name_line).long_about(whole);
            return clap_mangen::Man::new(command).render(out);
        }
        Document::Man { command: path } => {
            return clap_mangen::Man::new(page_of(command, path)).render(out);
        }
        Document::CompleteBash => clap_complete::Shell::Bash,
        Document::CompleteZsh => clap_complete::Shell::Zsh,
        Document::CompleteFish => clap_complete::Shell::Fish,
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut completed(command), name, &mut script);
    if shell == clap_complete::Shell::Bash {
        script = with_bash_states_agreeing(&script);
    }
    out.write_all(&script)
}

/// The definition the shells complete from: every command and option a user may type, without
/// the hidden old spellings (`--check` and the like), which exist only to say what replaced
/// them. clap has no way to take an argument out of a command, so the root is made again from
/// what it shows.
fn completed(mut root: clap::Command) -> clap::Command {
    root.build();
    let shown: Vec<clap::Arg> = root
        .get_arguments()
        .filter(|argument| !argument.is_hide_set())
        .cloned()
        .collect();
    let commands: Vec<clap::Command> = root.get_subcommands().cloned().collect();
    clap::Command::new(root.get_name().to_owned())
        .version(env!("CARGO_PKG_VERSION"))
        .disable_help_flag(true)
        .disable_version_flag(true)
        .disable_help_subcommand(true)
        .args_conflicts_with_subcommands(true)
        .args(shown)
        .subcommands(commands)
}

/// clap_complete's bash script names the state after a command two ways when the program's
/// name holds a hyphen (clap issue 6421, open): the loop that reads the words reaches
/// `knight__moves__subcmd__check`, the arms that complete are labelled
/// `knight__subcmd__moves__subcmd__check`, so nothing after a command would complete. The
/// arms are relabelled as the loop spells them; once clap agrees with itself, this changes
/// nothing (the test of the completions holds either way).
fn with_bash_states_agreeing(script: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(script);
    text.replace("knight__subcmd__moves", "knight__moves")
        .into_bytes()
}

/// The command at `path` under `root` (`generate random`), named as its page is:
/// knight-moves-generate-random(1), its synopsis `knight-moves generate random …`. The path
/// was checked when the command line was read; a name not found stops the walk.
fn page_of(mut root: clap::Command, path: &[String]) -> clap::Command {
    root.build();
    let mut command = root;
    for name in path {
        match command.find_subcommand(name) {
            Some(found) => command = found.clone(),
            None => break,
        }
    }
    command
        .name(format!("knight-moves-{}", path.join("-")))
        .bin_name(format!("knight-moves {}", path.join(" ")))
        .version(env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The man page names every option of the filter and every command; each command's page,
    /// down to `generate random`'s and `checker testlib`'s, names each of its options; the
    /// NAME line is one short sentence.
    #[test]
    fn the_man_pages_mention_every_option() {
        let page = |path: &[&str]| {
            let mut man = Vec::new();
            let document = Document::Man {
                command: path.iter().map(|word| (*word).to_owned()).collect(),
            };
            write(&document, &mut man).unwrap();
            String::from_utf8(man).unwrap()
        };
        let mut root = definition();
        root.build(); // adds --help and --version
        let main = page(&[]);
        assert!(main.contains(".TH knight-moves 1"));
        assert!(
            main.contains(
                "knight\\-moves \\- The fewest knight moves between two squares of a chessboard\n"
            ),
            "{main}"
        );
        let mut checked = 0;
        let mut check = |man: &str, command: &clap::Command| {
            for argument in command.get_arguments().filter(|arg| !arg.is_hide_set()) {
                if let Some(long) = argument.get_long() {
                    // roff writes each hyphen as \-.
                    let roffed = format!("\\-\\-{}", long.replace('-', "\\-"));
                    assert!(man.contains(&roffed), "{}: no --{long}", command.get_name());
                    checked += 1;
                }
            }
        };
        check(&main, &root);
        let mut leaves = 0;
        for command in root.get_subcommands() {
            let name = command.get_name();
            assert!(main.contains(name), "{name}");
            let own = page(&[name]);
            assert!(own.contains(&format!(".TH knight-moves-{name} 1")), "{own}");
            check(&own, command);
            for inner in command.get_subcommands() {
                let inner_name = inner.get_name();
                let own = page(&[name, inner_name]);
                let title = format!(".TH knight-moves-{name}-{inner_name} 1");
                assert!(own.contains(&title), "{own}");
                check(&own, inner);
                leaves += 1;
            }
        }
        assert_eq!(
            leaves,
            3 + 3 + 2,
            "generate's, checker's and validate's own"
        );
        assert!(checked > 60, "{checked}");
    }
}
