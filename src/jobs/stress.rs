//! `stress`: runs the cases of a program, with a progress bar on a terminal, and tells how it
//! went ([`crate::stress`] judges them).

use std::io::{self, Write};

use crate::exit::ExitStatus;
use crate::jobs::{say_seed, seed_from_clock, write_verdict};
use crate::settings::StressSettings;
use crate::stress::candidate::{Candidate, RunError, clean_up_on_signals};
use crate::stress::{Figures, Progress, Stress, wants_progress_bar};

/// Runs the cases, with a progress bar on a terminal, and tells how it went.
pub(crate) fn run(settings: StressSettings) -> anyhow::Result<ExitStatus> {
    // A seed chosen here is said once the program has started: a program that cannot be
    // started ran no case to make again.
    let mut unsaid_seed = settings.seed.is_none();
    let seed = settings.seed.unwrap_or_else(seed_from_clock);
    let (program, args) = settings
        .command
        .split_first()
        .map(|(program, args)| (program.clone(), args.to_vec()))
        .unwrap_or_default();
    let stress = Stress {
        candidate: Candidate { program, args },
        cases: settings.cases,
        seed,
        time_limit: settings.time_limit,
        memory_limit: settings.memory_limit,
        reach: settings.reach,
        answers: settings.answers,
        largest: settings.largest,
        jobs: settings.jobs,
    };
    let program = stress.candidate.program.clone();
    if let Err(refused) = clean_up_on_signals() {
        return stress_not_run(&program, &refused);
    }
    let bar = wants_progress_bar().then(|| {
        let style = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} cases, {elapsed} (seed {prefix}) {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
        let bar = indicatif::ProgressBar::new(stress.cases).with_style(style);
        bar.set_prefix(seed.to_string());
        bar
    });
    let finding = stress.run(|progress| match progress {
        Progress::Started if unsaid_seed => {
            unsaid_seed = false;
            match &bar {
                Some(bar) => bar.suspend(|| say_seed("stress", seed)),
                None => say_seed("stress", seed),
            }
        }
        Progress::Started => {}
        Progress::Passed { done, usage } => {
            if let Some(bar) = &bar {
                bar.set_position(done);
                // Each case's figures, as a judge shows them, while the run goes on.
                bar.set_message(format!("last case: {}", Figures::One(usage)));
            }
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let finding = match finding {
        Ok(finding) => finding,
        Err(error) => return stress_not_run(&program, &error),
    };
    write_verdict(
        &finding.report(seed, settings.save.as_deref()),
        finding.status(),
    )
}

/// What a stress run that could not run its cases says: a program that cannot be started is
/// the user's to fix (a message, status 2); a resource the system refused is a judge failure
/// (the verdict line on stdout, as every verdict, and status 5): nothing was held against the
/// program, and whatever it started was killed.
fn stress_not_run(program: &str, error: &RunError) -> anyhow::Result<ExitStatus> {
    match error {
        RunError::Program(error) => {
            let _ = writeln!(
                io::stderr(),
                "knight-moves: stress: cannot run {program}: {error}"
            );
            Ok(ExitStatus::Trouble)
        }
        RunError::Refused { .. } | RunError::Lost(_) => {
            let line = format!("Judge failure: {error}, so the program was not judged\n");
            write_verdict(line.as_bytes(), ExitStatus::JudgeFailure)
        }
    }
}
