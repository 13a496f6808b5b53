//! `knight-moves package DIR`: write a problem package.

use std::path::PathBuf;

use clap::Args;

use crate::cli::groups::{Answering, ProblemArg};
use crate::cli::usage_error;
use crate::package::is_uuid;
use crate::settings::{PackageFormat, PackageSettings, Task};

/// The options of `knight-moves package`; its help (`after_help`) says what it does.
#[derive(Clone, Debug, Args)]
#[command(after_help = "\
Write a problem package of the problem to DIR, ready for a judge system: problem.yaml, the\n\
statement, the sample and secret cases with their answers, knight-moves as the input and\n\
output validator, and right and wrong submissions. DIR must not exist or be empty (see\n\
--force); the package is written whole or not at all; a DIR ending in .zip is one zip file\n\
(for DOMjudge's import). A folder's name is the problem's short name to the judge tools:\n\
lower-case letters and digits only. The validators are copies of this knight-moves: for a\n\
judge host without its C library (a sandbox, an older system), write the package with a\n\
static build. What to run next is printed after writing.\n\n\
Examples:
  knight-moves package knightmoves                   for problemtools' verifyproblem
  knight-moves package --format 2025-09 csesgrid --problem cses-grid     for BAPCtools
  knight-moves package knightmoves.zip --path        UVa 439 with routes, for DOMjudge")]
pub(crate) struct PackageArgs {
    /// The folder (or .zip file) to write.
    #[arg(value_name = "DIR")]
    pub(crate) dir: PathBuf,

    #[command(flatten)]
    pub(crate) problem: ProblemArg,

    /// Write UVa 439's variant that asks for a shortest route too, any one.
    #[arg(long)]
    pub(crate) path: bool,

    /// The package format: legacy (problemtools' verifyproblem, DOMjudge) or 2025-09
    /// (BAPCtools).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = PackageFormat::Legacy)]
    pub(crate) format: PackageFormat,

    /// The problem's uuid (8-4-4-4-12 hexadecimal digits), so that a package made again is
    /// the same to the byte. [default: a fresh one]
    #[arg(long, value_name = "UUID", value_parser = uuid)]
    pub(crate) uuid: Option<String>,

    /// Who may permit the problem's use, for problem.yaml's rights_owner. [default: none, a
    /// comment left for it]
    #[arg(long, value_name = "NAME",
          value_parser = clap::builder::NonEmptyStringValueParser::new())]
    pub(crate) rights_owner: Option<String>,

    /// Replace a DIR that holds files.
    #[arg(long)]
    pub(crate) force: bool,
}

impl PackageArgs {
    pub(crate) fn into_task(self) -> Result<Task, clap::Error> {
        let problem = self.problem.problem;
        if self.path && !problem.description().packaged_with_routes {
            return Err(usage_error(
                &["package"],
                &format!(
                    "--path writes UVa 439's variant with routes only, so far: not --problem {}'s",
                    problem.name()
                ),
            ));
        }
        let answering = Answering {
            path: self.path,
            ..Answering::new(&["package"], problem)
        };
        Ok(Task::Package(PackageSettings {
            dir: self.dir,
            format: self.format,
            uuid: self.uuid,
            rights_owner: self.rights_owner,
            force: self.force,
            answers: answering.settings()?,
        }))
    }
}

/// Reads `--uuid`: a uuid, not the nil one, in lower case.
fn uuid(text: &str) -> Result<String, String> {
    if is_uuid(text) && text.bytes().all(|b| b == b'0' || b == b'-') {
        return Err("the nil uuid (all zeros) names no problem".to_owned());
    }
    match is_uuid(text) {
        true => Ok(text.to_ascii_lowercase()),
        false => Err("expected a uuid: 8-4-4-4-12 hexadecimal digits".to_owned()),
    }
}
