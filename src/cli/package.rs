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
Write a problem package of the problem to DIR, ready for a judge system: the statement, the\n\
sample and secret cases with their answers, right and wrong submissions, and knight-moves as\n\
the judge: in the Kattis formats, problem.yaml and knight-moves as the input and output\n\
validator; for DMOJ, init.yml, with each submission's verdict for dmoj-cli test, and\n\
knight-moves as the checker (checker.py runs it). DIR must not exist or be empty (see\n\
--force); the package is written whole or not at all; a DIR ending in .zip is one zip file\n\
(for DOMjudge's import; not in DMOJ's format). A folder's name is the problem's short name to\n\
the judge tools: lower-case letters and digits only (20 at most for DMOJ). The validators and\n\
the checker are copies of this knight-moves: for a judge host without its C library (a\n\
sandbox, an older system), write the package with a static build. What to run next is\n\
printed after writing.\n\n\
Examples:
  knight-moves package knightmoves                   for problemtools' verifyproblem
  knight-moves package --format 2025-09 csesgrid --problem cses-grid     for BAPCtools
  knight-moves package knightmoves.zip --path        UVa 439 with routes, for DOMjudge
  knight-moves package --format dmoj knightmoves     for DMOJ's judge")]
pub(crate) struct PackageArgs {
    /// The folder (or .zip file) to write.
    #[arg(value_name = "DIR")]
    pub(crate) dir: PathBuf,

    #[command(flatten)]
    pub(crate) problem: ProblemArg,

    /// Write UVa 439's variant that asks for a shortest route too, any one.
    #[arg(long = "path", id = "packaged_routes")]
    pub(crate) path: bool,

    /// The package format: legacy (problemtools' verifyproblem, DOMjudge), 2025-09
    /// (BAPCtools) or dmoj (DMOJ's judge).
    // Its id is not `format`, the answers' `--format` (`REFUSABLE`), which some problems
    // refuse: `package --format` is every problem's.
    #[arg(long = "format", id = "package_format", value_enum, value_name = "FORMAT",
          default_value_t = PackageFormat::Legacy)]
    pub(crate) format: PackageFormat,

    /// The problem's uuid (8-4-4-4-12 hexadecimal digits), so that a package made again is
    /// the same to the byte; not for DMOJ, whose folder has none. [default: a fresh one]
    #[arg(long, value_name = "UUID", value_parser = uuid)]
    pub(crate) uuid: Option<String>,

    /// Who may permit the problem's use, for problem.yaml's rights_owner (not for DMOJ).
    /// [default: none, a comment left for it]
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
        // A DMOJ folder has no problem.yaml, which is where these go.
        let for_problem_yaml = [
            ("--uuid", self.uuid.is_some()),
            ("--rights-owner", self.rights_owner.is_some()),
        ];
        let given = for_problem_yaml.iter().find(|(_, given)| *given);
        if let (Some((option, _)), PackageFormat::Dmoj) = (given, self.format) {
            return Err(at.usage_error(&format!(
                "{option} goes into problem.yaml, which DMOJ's folder has not: give it with \
                 --format legacy or 2025-09"
            )));
        }
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
            programs_need(settings.format),
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

/// What the package's programs, copies of this knight-moves (the Kattis formats' validators,
/// DMOJ's checker), need of the judge host that runs them, for the build that wrote it.
fn programs_need(format: PackageFormat) -> String {
    let (programs, them) = match format {
        PackageFormat::Legacy | PackageFormat::V2025_09 => {
            ("Its validators are copies of this knight-moves", "them")
        }
        PackageFormat::Dmoj => (
            "Its checker (checker.py) runs a copy of this knight-moves",
            "it",
        ),
    };
    if cfg!(all(
        target_os = "linux",
        target_arch = "x86_64",
        target_feature = "crt-static"
    )) {
        format!(
            "{programs}, statically linked: any Linux x86-64 judge host runs {them}, in a \
             sandbox without libraries too."
        )
    } else if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        format!(
            "{programs}, which needs a glibc as new as its build system's: for an older judge \
             host, or a sandbox without libraries, write the package with a static build \
             (scripts/static-build.sh, or a release's knight-moves-VERSION-x86_64-linux-static)."
        )
    } else {
        format!(
            "{programs}, which is no Linux x86-64 program: a Linux judge host cannot run {them}; \
             write the package with a static Linux x86-64 build (scripts/static-build.sh, or a \
             release's knight-moves-VERSION-x86_64-linux-static)."
        )
    }
}

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
        PackageFormat::Dmoj => {
            let name = path
                .file_name()
                .map_or_else(|| shown_path.clone(), |name| shown(Path::new(name)));
            // judge.yml's globs are absolute paths.
            let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
            let folder = match absolute.parent() {
                Some(parent) => shown(&parent.join("*")),
                None => "*".to_owned(),
            };
            format!(
                "Next: dmoj-cli -c judge.yml -e PY3,CPP17 test {name} (DMOJ's judge, with {folder} \
                 in judge.yml's problem_storage_globs; statement.md is the site's description)"
            )
        }
    }
}
