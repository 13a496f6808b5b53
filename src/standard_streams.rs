//! The standard descriptors as the parent left them: whether standard output and standard
//! input were open when the process started, asked of the system before Rust's runtime can put
//! `/dev/null` in their place. The program's alone (the library never asks), at the bottom so
//! that the pipeline's readers (`app`) and the judge's (`judge::protocol`) both ask it.
//!
//! The runtime's replacement happens in `main`'s prologue (`std::rt`), after the C library has
//! run the program's constructors: a function in the constructors' section (`.init_array` on
//! ELF systems, `__mod_init_func` on Apple's) sees the descriptors as the parent left them.
//! It only asks `fcntl` and stores the answers, which is all that is safe so early. Elsewhere
//! than Unix (Windows), nothing is asked, and the standard streams are as Rust leaves them.

use std::io::{self, Read};

#[cfg(unix)]
pub(crate) use at_start::{State as OutputState, state as output_state};

/// Why standard input cannot be read, where it was closed when the process started
/// (`knight-moves <&-`) or open for writing only (`0> file`, whose reads fail with `EBADF`):
/// Rust's runtime reads either as an empty input, so a pipeline that lost its input would
/// answer nothing and succeed, and a judge would judge an output nobody gave it.
pub(crate) fn closed_input() -> Option<io::Error> {
    #[cfg(unix)]
    if let Some(why) = at_start::input_trouble() {
        return Some(io::Error::other(why));
    }
    None
}

/// Standard input, or where it was closed, a reader whose every read fails saying so
/// ([`closed_input`]): for the readers that take any `Read` and report its failure.
pub(crate) fn input() -> Box<dyn Read> {
    match closed_input() {
        Some(why) => Box::new(ClosedInput(why.to_string())),
        None => Box::new(io::stdin()),
    }
}

/// The closed standard input, read: each read fails, saying why.
struct ClosedInput(String);

impl Read for ClosedInput {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::Error::other(self.0.clone()))
    }
}

/// What the system said of descriptors 1 and 0, asked and kept before `main`.
#[cfg(unix)]
mod at_start {
    use std::sync::atomic::{AtomicU8, Ordering};

    /// What the system said of descriptor 1 when the process started.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(crate) enum State {
        /// Open for writing (or not told: then the writes tell).
        Writable = 0,
        /// Not open (`EBADF`).
        Closed = 1,
        /// Open for reading only (`1< file`), where every write fails.
        ReadOnly = 2,
    }

    /// Set by [`look`], before `main`; read after.
    static STATE: AtomicU8 = AtomicU8::new(State::Writable as u8);

    /// What the system said of descriptor 0: 0 open for reading, 1 not open (`EBADF`), 2 open
    /// for writing only; set by [`look`], before `main`.
    static INPUT: AtomicU8 = AtomicU8::new(0);

    /// Why standard input could not be read when the process started, if it could not.
    pub(crate) fn input_trouble() -> Option<&'static str> {
        match INPUT.load(Ordering::Relaxed) {
            1 => Some("standard input is closed"),
            2 => Some("standard input is open for writing only"),
            _ => None,
        }
    }

    /// What standard output was when the process started.
    pub(crate) fn state() -> State {
        match STATE.load(Ordering::Relaxed) {
            1 => State::Closed,
            2 => State::ReadOnly,
            _ => State::Writable,
        }
    }

    /// Asks whether descriptors 1 and 0 are open, and for what, and keeps the answers.
    extern "C" fn look() {
        // SAFETY: fcntl with F_GETFL only reads the status flags of descriptor 0, open or
        // not; it touches no memory of this process and is safe to call before `main`.
        let flags = unsafe { libc::fcntl(libc::STDIN_FILENO, libc::F_GETFL) };
        let closed = std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF);
        let input = match flags {
            -1 if closed => 1,
            -1 => 0,
            flags if flags & libc::O_ACCMODE == libc::O_WRONLY => 2,
            _ => 0,
        };
        INPUT.store(input, Ordering::Relaxed);
        // SAFETY: fcntl with F_GETFL only reads the status flags of descriptor 1, open or
        // not; it touches no memory of this process and is safe to call before `main`.
        let flags = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFL) };
        let closed = std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF);
        let state = match flags {
            -1 if closed => State::Closed,
            -1 => State::Writable,
            flags if flags & libc::O_ACCMODE == libc::O_RDONLY => State::ReadOnly,
            _ => State::Writable,
        };
        STATE.store(state as u8, Ordering::Relaxed);
    }

    /// [`look`] among the constructors the C library runs before `main` (ELF systems).
    #[cfg(not(target_vendor = "apple"))]
    #[used]
    // SAFETY: `.init_array` holds pointers to functions of no arguments that return nothing,
    // which `look` is (the C library may pass argc, argv and envp; an extern "C" function may
    // ignore arguments it does not declare).
    #[unsafe(link_section = ".init_array")]
    static LOOK_BEFORE_MAIN: extern "C" fn() = look;

    /// [`look`] among the constructors dyld runs before `main` (Apple's systems).
    #[cfg(target_vendor = "apple")]
    #[used]
    // SAFETY: as above, for Mach-O's section of initialiser pointers.
    #[unsafe(link_section = "__DATA,__mod_init_func")]
    static LOOK_BEFORE_MAIN: extern "C" fn() = look;
}
