//! `package`: writes a problem package and says where, what its programs need of the judge
//! host, and what to run next.

use std::path::Path;

use crate::exit::ExitStatus;
use crate::jobs::{say_output_trouble, write_stdout};
use crate::package;
use crate::settings::{PackageFormat, PackageSettings, shown};

/// Writes the package `settings` ask for; a failure is said on stderr (status 2).
pub(crate) fn run(settings: &PackageSettings) -> anyhow::Result<ExitStatus> {
    match package::write(settings) {
        Ok(placed) => {
            let placed_at = shown(&placed.path);
            let said = format!(
                "Wrote the problem package to {placed_at}\n{}\n{}\n",
                PROGRAMS_NEED,
                next_step(settings.format, &placed.path)
            );
            write_stdout(said.as_bytes())?;
            if let Some(left_behind) = placed.left_behind {
                let old = shown(&settings.dir);
                say_output_trouble(&anyhow::anyhow!("package: the old {old}: {left_behind}"));
            }
            Ok(ExitStatus::Success)
        }
        Err(error) => {
            say_output_trouble(&error.context("package"));
            Ok(ExitStatus::Trouble)
        }
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
