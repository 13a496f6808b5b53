//! `package`: writes a problem package and says where.

use crate::exit::ExitStatus;
use crate::jobs::{say_output_trouble, write_stdout};
use crate::package;
use crate::settings::{PackageSettings, shown};

/// Writes the package `settings` ask for; a failure is said on stderr (status 2).
pub(crate) fn run(settings: &PackageSettings) -> anyhow::Result<ExitStatus> {
    match package::write(settings) {
        Ok(placed) => {
            let placed_at = shown(&placed.path);
            write_stdout(format!("Wrote the problem package to {placed_at}\n").as_bytes())?;
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
