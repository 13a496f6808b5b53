//! `generate`: writes a judge input of a problem on standard output, as it is made.

use std::io::{self, Write};

use anyhow::Context;

use crate::exit::ExitStatus;
use crate::jobs::{STDOUT_TROUBLE, chosen_seed};
use crate::problem::cases::{CaseGenerator, Inputs};
use crate::settings::GenerateSettings;

/// Writes the input `settings` ask for: in bounded memory, whatever `--cases` or the board
/// (see [`CaseGenerator::write_input`]).
pub(crate) fn run(settings: &GenerateSettings) -> anyhow::Result<ExitStatus> {
    // Only random inputs are made from a seed: the others are the same every time.
    let seed = match (settings.inputs, settings.seed) {
        (_, Some(seed)) => seed,
        (Inputs::Random, None) => chosen_seed("generate random"),
        (Inputs::AllPairs | Inputs::Hard, None) => 0,
    };
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    CaseGenerator::new(settings.problem, settings.board, settings.reach, seed)
        .write_input(settings.inputs, settings.cases, &mut stdout)
        .and_then(|()| stdout.flush())
        .context(STDOUT_TROUBLE)?;
    Ok(ExitStatus::Success)
}
