//! `--generate`: the man page and shell completions, made from the same clap definition as the
//! parser itself, so they cannot drift from the options the program really has; and judge
//! inputs of each problem, from the same generator `--stress` draws on.

use std::io::{self, Write};

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;
use crate::problem::cases::CaseGenerator;
use crate::settings::{Document, InputSettings};

/// Writes `document` to `out`.
pub(crate) fn document(document: Document, out: &mut dyn Write) -> io::Result<()> {
    let mut command = Cli::command();
    let name = command.get_name().to_owned();
    let shell = match document {
        Document::Man => return clap_mangen::Man::new(command).render(out),
        Document::CompleteBash => Shell::Bash,
        Document::CompleteZsh => Shell::Zsh,
        Document::CompleteFish => Shell::Fish,
    };
    clap_complete::generate(shell, &mut command, name, out);
    Ok(())
}

/// Writes the judge input `settings` ask for to `out`, made from `seed`, as it is made: in
/// bounded memory, whatever `--cases` or the board (see [`CaseGenerator::write_input`]).
pub(crate) fn input(settings: &InputSettings, seed: u64, out: &mut dyn Write) -> io::Result<()> {
    let mut generator = CaseGenerator::new(settings.problem, settings.board, settings.reach, seed);
    generator.write_input(settings.inputs, settings.cases, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_man_page_mentions_every_option() {
        let mut man = Vec::new();
        document(Document::Man, &mut man).unwrap();
        let man = String::from_utf8(man).unwrap();
        assert!(man.contains(".TH knight-moves 1"));
        let mut command = Cli::command();
        command.build(); // adds --help and --version
        let mut checked = 0;
        // The hidden options are the judge systems' to type, and --checker's text names them.
        for argument in command
            .get_arguments()
            .filter(|argument| !argument.is_hide_set())
        {
            if let Some(long) = argument.get_long() {
                // roff writes each hyphen as \-.
                let roffed = format!("\\-\\-{}", long.replace('-', "\\-"));
                assert!(man.contains(&roffed), "the man page lacks --{long}");
                checked += 1;
            }
        }
        assert_eq!(checked, 29, "the options this test knows of");
    }
}
