//! `man` and `completions`: the man pages and shell completions, made from the same clap
//! definition as the parser itself, so they cannot drift from the commands and options the
//! program really has.

use std::io::{self, Write};

use clap_complete::Shell;

use crate::cli::definition;
use crate::exit::ExitStatus;
use crate::jobs::write_stdout;
use crate::settings::Document;

/// Writes `document` on standard output.
pub(crate) fn run(document: &Document) -> anyhow::Result<ExitStatus> {
    // Made in memory first: the generators panic on a write that fails.
    let mut text = Vec::new();
    write(document, &mut text)?;
    write_stdout(&text)?;
    Ok(ExitStatus::Success)
}

/// Writes `document` to `out`.
pub(crate) fn write(document: &Document, out: &mut dyn Write) -> io::Result<()> {
    let mut command = definition();
    let name = command.get_name().to_owned();
    let shell = match document {
        Document::Man { command: None } => return clap_mangen::Man::new(command).render(out),
        Document::Man { command: Some(sub) } => {
            return clap_mangen::Man::new(page_of(command, sub)).render(out);
        }
        Document::CompleteBash => Shell::Bash,
        Document::CompleteZsh => Shell::Zsh,
        Document::CompleteFish => Shell::Fish,
    };
    clap_complete::generate(shell, &mut command, name, out);
    Ok(())
}

/// The command `name` of `root`, named as its page is: knight-moves-check(1), its synopsis
/// `knight-moves check …`.
fn page_of(mut root: clap::Command, name: &str) -> clap::Command {
    root.build();
    let found = root.find_subcommand(name).cloned();
    let command = found.unwrap_or_else(|| root.clone());
    command
        .name(format!("knight-moves-{name}"))
        .bin_name(format!("knight-moves {name}"))
        .version(env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The man page names every option of the filter and every command; each command's page
    /// names each of its options.
    #[test]
    fn the_man_pages_mention_every_option() {
        let page = |command: Option<&str>| {
            let mut man = Vec::new();
            let document = Document::Man {
                command: command.map(str::to_owned),
            };
            write(&document, &mut man).unwrap();
            String::from_utf8(man).unwrap()
        };
        let mut root = definition();
        root.build(); // adds --help and --version
        let main = page(None);
        assert!(main.contains(".TH knight-moves 1"));
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
        for command in root.get_subcommands().filter(|c| c.get_name() != "help") {
            let name = command.get_name();
            assert!(main.contains(name), "{name}");
            let own = page(Some(name));
            assert!(own.contains(&format!(".TH knight-moves-{name} 1")), "{own}");
            check(&own, command);
        }
        assert!(checked > 30, "{checked}");
    }
}
