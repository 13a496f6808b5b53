//! What happens to a running candidate when knight-moves is told to stop: on Unix, SIGINT
//! (Ctrl-C), SIGTERM (`timeout`, CI runners, `kill`) and SIGHUP (a closed terminal) kill every
//! process the candidate started, then end knight-moves by the same signal, so that its parent
//! sees what it expects (a shell's 130, 143, 129). On Windows, Ctrl-C ends knight-moves with
//! status 130; the console sends the same Ctrl-C to the candidate, which shares it.

use std::sync::Once;

/// Sets up the clean-up, once; called before the first candidate runs. Where it cannot be set
/// up (the signal thread cannot start), the signals keep their default action.
pub(crate) fn clean_up_on_signals() {
    static ONCE: Once = Once::new();
    ONCE.call_once(set_up);
}

#[cfg(unix)]
fn set_up() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    // A thread that waits for the signals, rather than a signal handler: killing and reaping
    // (which takes a lock, reads /proc and sleeps) is not safe in a handler.
    let _ = std::thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                super::process::kill_everything_for_good();
                // Ends knight-moves by the signal's default action (and aborts if that fails).
                let _ = signal_hook::low_level::emulate_default_handler(signal);
            }
        });
}

#[cfg(not(unix))]
fn set_up() {
    let _ = ctrlc::set_handler(|| std::process::exit(130));
}
