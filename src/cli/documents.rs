//! `knight-moves man [COMMAND]` and `knight-moves completions SHELL`: the documents made from
//! the command line's own definition.

use clap::{Args, ValueEnum};

use crate::settings::{Document, Task};

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

impl ManArgs {
    pub(crate) fn into_task(self) -> Result<Task, clap::Error> {
        let mut found = crate::cli::definition();
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
                    return Err(crate::cli::usage_error(&["man"], &message));
                }
            }
        }
        Ok(Task::Document(Document::Man {
            command: self.command,
        }))
    }
}

impl CompletionsArgs {
    pub(crate) fn into_task(self) -> Task {
        Task::Document(match self.shell {
            Shell::Bash => Document::CompleteBash,
            Shell::Zsh => Document::CompleteZsh,
            Shell::Fish => Document::CompleteFish,
        })
    }
}
