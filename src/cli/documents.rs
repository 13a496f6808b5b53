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
  knight-moves man stress | man -l -")]
pub(crate) struct ManArgs {
    /// The command whose page to print; without it, knight-moves' own.
    #[arg(value_name = "COMMAND")]
    pub(crate) command: Option<String>,
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
        if let Some(name) = &self.command {
            let command = crate::cli::definition();
            let names: Vec<&str> = command
                .get_subcommands()
                .map(clap::Command::get_name)
                .collect();
            if !names.contains(&name.as_str()) {
                let message = format!("no command {name}: the commands are {}", names.join(", "));
                return Err(crate::cli::usage_error(&["man"], &message));
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
