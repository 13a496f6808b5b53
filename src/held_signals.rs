//! Signals held while a file is written whole (`--report`'s page, a problem package): a run
//! stopped meanwhile ends once the file is in place, never with half of it there.

/// While alive, every signal that can wait does (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1,
/// SIGXFSZ, whose write then fails instead and which is then taken, not delivered, and the
/// rest), blocked in this thread, the only
/// one when a page or a problem package is written; when dropped, the mask is as it was, and a
/// signal that came meanwhile is delivered then. SIGKILL and SIGSTOP cannot wait, and the
/// signals of a fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL) must not. Elsewhere than Unix, nothing.
pub(crate) struct SignalsWait {
    #[cfg(unix)]
    before: libc::sigset_t,
}

impl SignalsWait {
    pub(crate) fn start() -> SignalsWait {
        #[cfg(unix)]
        {
            // SAFETY: sigset_t is plain data, for which all zeroes is a valid value, and
            // sigemptyset, sigaddset and pthread_sigmask only write the sets they are given,
            // which live on this stack for the calls.
            unsafe {
                let mut blocked: libc::sigset_t = std::mem::zeroed();
                let mut before: libc::sigset_t = std::mem::zeroed();
                libc::sigfillset(&mut blocked);
                for fault in [libc::SIGSEGV, libc::SIGBUS, libc::SIGFPE, libc::SIGILL] {
                    libc::sigdelset(&mut blocked, fault);
                }
                libc::pthread_sigmask(libc::SIG_BLOCK, &blocked, &mut before);
                SignalsWait { before }
            }
        }
        #[cfg(not(unix))]
        SignalsWait {}
    }
}

impl Drop for SignalsWait {
    fn drop(&mut self) {
        // SAFETY: sigset_t is plain data, for which all zeroes is a valid value; sigpending,
        // sigemptyset and sigaddset only write the sets they are given, on this stack, and
        // sigwait returns at once for a signal already pending; pthread_sigmask only reads the
        // set it is given, the mask saved by `start`.
        #[cfg(unix)]
        unsafe {
            // A SIGXFSZ that came meanwhile is one a write past `ulimit -f` raised, the write
            // failed with EFBIG and says so: taken here, not delivered to end the run silently.
            let mut pending: libc::sigset_t = std::mem::zeroed();
            libc::sigpending(&mut pending);
            if libc::sigismember(&pending, libc::SIGXFSZ) == 1 {
                let mut file_too_large: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut file_too_large);
                libc::sigaddset(&mut file_too_large, libc::SIGXFSZ);
                let mut taken = 0;
                libc::sigwait(&file_too_large, &mut taken);
            }
            libc::pthread_sigmask(libc::SIG_SETMASK, &self.before, std::ptr::null_mut());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// While a page is written the signals that end a run wait (blocked in this thread), and
    /// after it the mask is as it was.
    #[cfg(unix)] // signal masks are POSIX threads' own
    #[test]
    fn the_ending_signals_wait_while_a_page_is_written() {
        let is_blocked = |signal| {
            // SAFETY: as in SignalsWait: plain data, and sets on this stack for the calls.
            unsafe {
                let mut now: libc::sigset_t = std::mem::zeroed();
                libc::pthread_sigmask(libc::SIG_BLOCK, std::ptr::null(), &mut now);
                libc::sigismember(&now, signal) == 1
            }
        };
        assert!(!is_blocked(libc::SIGTERM));
        {
            let _waiting = SignalsWait::start();
            for signal in [
                libc::SIGINT,
                libc::SIGTERM,
                libc::SIGHUP,
                libc::SIGQUIT,
                libc::SIGUSR1,
                libc::SIGUSR2,
                libc::SIGALRM,
                libc::SIGXFSZ,
            ] {
                assert!(is_blocked(signal), "{signal}");
            }
            assert!(!is_blocked(libc::SIGSEGV));
        }
        assert!(!is_blocked(libc::SIGTERM));
    }
}
