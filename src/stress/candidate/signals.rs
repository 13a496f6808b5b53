//! What happens to a running candidate when knight-moves is told to stop: on Unix, SIGINT
//! (Ctrl-C), SIGTERM (`timeout`, CI runners, `kill`), SIGHUP (a closed terminal), and SIGQUIT,
//! SIGALRM, SIGUSR1 and SIGUSR2 (whose default action ends it too) kill every process the
//! candidate started, then end knight-moves by the same signal, so that its parent
//! sees what it expects (a shell's 130, 143, 129). On Windows, Ctrl-C ends knight-moves with
//! status 130; the console sends the same Ctrl-C to the candidate, which shares it.

use std::sync::{Mutex, PoisonError};

use super::RunError;

/// Sets up the clean-up, once; called before the first candidate runs. Where it cannot be set
/// up (the system refuses the signal thread, or the pipe signals are read from), the error
/// says so: judging without it would leave a candidate's processes behind on Ctrl-C.
pub(crate) fn clean_up_on_signals() -> Result<(), RunError> {
    static IS_SET_UP: Mutex<bool> = Mutex::new(false);
    let mut is_set_up = IS_SET_UP.lock().unwrap_or_else(PoisonError::into_inner);
    if !*is_set_up {
        set_up()?;
        *is_set_up = true;
    }
    Ok(())
}

#[cfg(unix)]
fn set_up() -> Result<(), RunError> {
    use signal_hook::consts::{SIGALRM, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2};
    use signal_hook::iterator::Signals;

    // Every signal whose default action ends knight-moves and that a handler may catch (not
    // SIGKILL, which nothing can).
    let ending = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2];
    let mut signals =
        Signals::new(ending).map_err(RunError::refused("the pipe that signals are read from"))?;
    let handle = signals.handle();
    // A thread that waits for the signals, rather than a signal handler: killing and reaping
    // (which takes a lock, reads /proc and sleeps) is not safe in a handler.
    let started = std::thread::Builder::new()
        .name("signals".to_owned())
        .stack_size(super::HELPER_STACK_BYTES)
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                super::process::kill_everything_for_good();
                // Ends knight-moves by the signal's default action (and aborts if that fails).
                let _ = signal_hook::low_level::emulate_default_handler(signal);
            }
        });
    if let Err(error) = started {
        // The signals go back to their default action (ending knight-moves), not to being
        // caught for a thread that is not there.
        handle.close();
        return Err(RunError::Refused {
            what: "a thread to clean up on signals".into(),
            error,
        });
    }
    Ok(())
}

#[cfg(not(unix))]
fn set_up() -> Result<(), RunError> {
    ctrlc::set_handler(|| std::process::exit(130)).map_err(|error| RunError::Refused {
        what: "a handler of Ctrl-C".into(),
        error: std::io::Error::other(error),
    })
}
