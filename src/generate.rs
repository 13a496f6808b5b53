//! `--generate`: the man page and shell completions, made from the same clap definition as the
//! parser itself, so they cannot drift from the options the program really has.

use std::io::{self, Write};

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;

/// What `--generate` can produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Generate {
    /// A man page, in roff (install as knight-moves.1).
    Man,
    /// A completion script for bash.
    CompleteBash,
    /// A completion script for zsh.
    CompleteZsh,
    /// A completion script for fish.
    CompleteFish,
}

/// Writes what `kind` asks for to `out`.
pub fn generate(kind: Generate, out: &mut dyn Write) -> io::Result<()> {
    let mut command = Cli::command();
    let name = command.get_name().to_owned();
    let shell = match kind {
        Generate::Man => return clap_mangen::Man::new(command).render(out),
        Generate::CompleteBash => Shell::Bash,
        Generate::CompleteZsh => Shell::Zsh,
        Generate::CompleteFish => Shell::Fish,
    };
    clap_complete::generate(shell, &mut command, name, out);
    Ok(())
}
