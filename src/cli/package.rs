//! `knight-moves package DIR`: writes a problem package ([`crate::package`]) and says where,
//! what its programs need of the judge host, and what to run next.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

use crate::cli::options::{AnswerOptions, Extras, ProblemArg};
use crate::cli::output::{STDOUT_TROUBLE, ensure_stdout_is_open, say_output_trouble, write_stdout};
use crate::cli::{Invocation, Job, Stop};
use crate::exit::{Ending, ExitStatus};
use crate::package::{self, PackageFormat, PackageSettings, is_uuid};
use crate::settings::shown;

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
    #[arg(long = "path", id = "packaged_routes")]
    pub(crate) path: bool,

    /// The package format: legacy (problemtools' verifyproblem, DOMjudge) or 2025-09
    /// (BAPCtools).
    // Its id is not `format`, the answers' `--format` (`REFUSABLE`), which some problems
    // refuse: `package --format` is every problem's.
    #[arg(long = "format", id = "package_format", value_enum, value_name = "FORMAT",
          default_value_t = PackageFormat::Legacy)]
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

impl Job for PackageArgs {
    type Settled = PackageSettings;

    fn settle(self, at: &Invocation) -> Result<PackageSettings, clap::Error> {
        let problem = self.problem.problem;
        let answers =
            AnswerOptions::of_problem(problem, self.path).settings(at, Extras::default())?;
        Ok(PackageSettings {
            dir: self.dir,
            format: self.format,
            uuid: self.uuid,
            rights_owner: self.rights_owner,
            force: self.force,
            answers,
        })
    }

    /// Writes the package; a failure is said on stderr (status 2). The package is written
    /// whatever standard output is: what is said after it is the output's trouble alone.
    fn run(settings: PackageSettings, at: &Invocation) -> Result<Ending, Stop> {
        let placed = match package::write(&settings) {
            Ok(placed) => placed,
            Err(error) => {
                say_output_trouble(&error.context(at.name()));
                return Ok(Ending::Status(ExitStatus::Trouble));
            }
        };
        let said = format!(
            "Wrote the problem package to {}\n{}\n{}\n",
            shown(&placed.path),
            PROGRAMS_NEED,
            next_step(settings.format, &placed.path)
        );
        if let Some(left_behind) = placed.left_behind {
            let old = shown(&settings.dir);
            let name = at.name();
            say_output_trouble(&anyhow::anyhow!("{name}: the old {old}: {left_behind}"));
        }
        ensure_stdout_is_open()
            .context(STDOUT_TROUBLE)
            .and_then(|()| write_stdout(said.as_bytes()))?;
        Ok(Ending::Status(ExitStatus::Success))
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

/// What the package's programs (its validators: copies of this knight-moves) need of the host
/// that runs them, for the build that wrote it.
const PROGRAMS_NEED: &str = if cfg!(all(
    target_os = "linux",
    target_arch = "x86_64",
    target_feature = "crt-static"
)) {
    "Its validators are copies of this knight-moves, statically linked: any Linux x86-64 judge \
     host runs them, in a sandbox without libraries too."
} else if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
    "Its validators are copies of this knight-moves, which needs a glibc as new as its build \
     system's: for an older judge host, or a sandbox without libraries, write the package \
     with a static build (scripts/static-build.sh, or a release's \
     knight-moves-VERSION-x86_64-linux-static)."
} else {
    "Its validators are copies of this knight-moves, which is no Linux x86-64 program: a Linux \
     judge host cannot run them; write the package with a static Linux x86-64 build \
     (scripts/static-build.sh, or a release's knight-moves-VERSION-x86_64-linux-static)."
};

/// The command that checks the package at `path` with its format's own tool.
fn next_step(format: PackageFormat, path: &Path) -> String {
    let shown_path = shown(path);
    let is_zip = path
        .extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("zip"));
    match format {
        _ if is_zip => "Next: import it into DOMjudge as a problem (its jury pages, or its \
                        API's problems import)."
            .to_owned(),
        PackageFormat::Legacy => format!(
            "Next: verifyproblem {shown_path} (problemtools; Python submissions run with pypy3)"
        ),
        PackageFormat::V2025_09 => {
            let name = path
                .file_name()
                .map_or_else(|| shown_path.clone(), |name| shown(Path::new(name)));
            let next = match path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => {
                    format!("Next, from {}:", shown(parent))
                }
                _ => "Next:".to_owned(),
            };
            format!(
                "{next} bt validate --problem {name} && bt run --problem {name} (BAPCtools; \
                 Python submissions run with pypy3)"
            )
        }
    }
}
