//! The standard descriptors as the parent left them: whether standard output and standard
//! input were open when the process started, asked of the system before Rust's runtime can put
//! `/dev/null` in their place. The program's alone (the library never asks), at the bottom so
//! that the command line's readers of queries (`cli::output`) and the judges' (`cli::check`,
//! `cli::checker`, `cli::validate`) all ask it.
//!
//! The runtime's replacement happens in `main`'s prologue (`std::rt`), after the C library has
//! run the program's constructors: a function in the constructors' section (`.init_array` on
//! ELF systems, `__mod_init_func` on Apple's) sees the descriptors as the parent left them.
//! It only asks `fcntl` and stores the answers, which is all that is safe so early. Elsewhere
//! than Unix (Windows), nothing is asked, and the standard streams are as Rust leaves them.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

#[cfg(unix)]
pub(crate) use at_start::{Access, output};

/// Why standard input cannot be read, where it was closed when the process started
/// (`knight-moves <&-`) or open for writing only (`0> file`, whose reads fail with `EBADF`):
/// Rust's runtime reads either as an empty input, so a pipeline that lost its input would
/// answer nothing and succeed, and a judge would judge an output nobody gave it.
pub(crate) fn closed_input() -> Option<io::Error> {
    input_trouble().map(io::Error::other)
}

/// Standard input, or where it was closed, a reader whose every read fails saying so
/// ([`closed_input`]): for the readers that take any `Read` and report its failure.
pub(crate) fn input() -> Box<dyn Read> {
    match input_trouble() {
        Some(why) => Box::new(ClosedInput(why)),
        None => Box::new(io::stdin()),
    }
}

/// What [`closed_input`] says, where standard input cannot be read.
fn input_trouble() -> Option<&'static str> {
    #[cfg(unix)]
    match at_start::input() {
        Access::Closed => return Some("standard input is closed"),
        Access::WriteOnly => return Some("standard input is open for writing only"),
        Access::Open | Access::ReadOnly => {}
    }
    None
}

/// The closed standard input, read: each read fails, saying why.
struct ClosedInput(&'static str);

impl Read for ClosedInput {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::Error::other(self.0))
    }
}

/// What the system said of descriptors 1 and 0, asked and kept before `main`.
#[cfg(unix)]
mod at_start {
    use std::sync::atomic::{AtomicU8, Ordering};

    /// What the system said of a descriptor when the process started.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(crate) enum Access {
        /// Open for reading and writing (or not told: then the reads and writes tell).
        Open = 0,
        /// Not open (`EBADF`).
        Closed = 1,
        /// Open for reading only (`1< file`), where every write fails.
        ReadOnly = 2,
        /// Open for writing only (`0> file`), where every read fails.
        WriteOnly = 3,
    }

    impl Access {
        /// What the system says of descriptor `fd`. Only asks `fcntl` (`F_GETFL`), which is
        /// safe before `main`.
        fn of(fd: libc::c_int) -> Access {
            // SAFETY: fcntl with F_GETFL only reads the status flags of the descriptor, open
            // or not; it touches no memory of this process and is safe to call before `main`.
            let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
            let closed = std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF);
            match flags {
                -1 if closed => Access::Closed,
                -1 => Access::Open,
                flags if flags & libc::O_ACCMODE == libc::O_RDONLY => Access::ReadOnly,
                flags if flags & libc::O_ACCMODE == libc::O_WRONLY => Access::WriteOnly,
                _ => Access::Open,
            }
        }

        /// The answer [`look`] kept in `kept`.
        fn from_kept(kept: &AtomicU8) -> Access {
            match kept.load(Ordering::Relaxed) {
                1 => Access::Closed,
                2 => Access::ReadOnly,
                3 => Access::WriteOnly,
                _ => Access::Open,
            }
        }
    }

    /// Descriptor 1 as [`look`] found it, before `main`; read after.
    static OUTPUT: AtomicU8 = AtomicU8::new(Access::Open as u8);

    /// Descriptor 0 as [`look`] found it, before `main`; read after.
    static INPUT: AtomicU8 = AtomicU8::new(Access::Open as u8);

    /// What standard output was when the process started.
    pub(crate) fn output() -> Access {
        Access::from_kept(&OUTPUT)
    }

    /// What standard input was when the process started.
    pub(super) fn input() -> Access {
        Access::from_kept(&INPUT)
    }

    /// Asks what descriptors 1 and 0 are, and keeps the answers.
    extern "C" fn look() {
        OUTPUT.store(Access::of(libc::STDOUT_FILENO) as u8, Ordering::Relaxed);
        INPUT.store(Access::of(libc::STDIN_FILENO) as u8, Ordering::Relaxed);
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

/// Which file a path or a descriptor is, as the system tells: on Unix its device and inode, so
/// that a hard link, a symbolic link or another spelling of the same path is the same file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FileIdentity {
    #[cfg(unix)]
    device_and_inode: (u64, u64),
    /// Elsewhere, the path with every link and `..` resolved.
    #[cfg(not(unix))]
    resolved: std::path::PathBuf,
}

impl FileIdentity {
    /// The file at `path` (links followed), if there is one.
    pub(crate) fn of_path(path: &Path) -> Option<FileIdentity> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let meta = fs::metadata(path).ok()?;
            Some(FileIdentity {
                device_and_inode: (meta.dev(), meta.ino()),
            })
        }
        #[cfg(not(unix))]
        {
            Some(FileIdentity {
                resolved: fs::canonicalize(path).ok()?,
            })
        }
    }

    /// The file `file` is open on.
    pub(crate) fn of_file(file: &File) -> Option<FileIdentity> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let meta = file.metadata().ok()?;
            Some(FileIdentity {
                device_and_inode: (meta.dev(), meta.ino()),
            })
        }
        #[cfg(not(unix))]
        {
            let _ = file;
            None
        }
    }

    /// The file standard input reads (a file the shell redirected, `/dev/stdin`), where the
    /// system can tell; `None` elsewhere than Unix.
    pub(crate) fn of_stdin() -> Option<FileIdentity> {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            let stdin = io::stdin().as_fd().try_clone_to_owned().ok()?;
            FileIdentity::of_file(&File::from(stdin))
        }
        #[cfg(not(unix))]
        None
    }

    /// Whether `identity` (a file's, where the system could tell) is the file standard input
    /// reads: `/dev/stdin`, `/proc/self/fd/0`, or the file the shell redirected. Where the
    /// system cannot tell (Windows), never.
    pub(crate) fn is_standard_input(identity: Option<FileIdentity>) -> bool {
        let stdin = FileIdentity::of_stdin();
        stdin.is_some() && stdin == identity
    }

    /// The files standard output and standard error write to, where the system can tell.
    pub(crate) fn of_outputs() -> Vec<FileIdentity> {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            let stdout = io::stdout().as_fd().try_clone_to_owned().ok();
            let stderr = io::stderr().as_fd().try_clone_to_owned().ok();
            [stdout, stderr]
                .into_iter()
                .flatten()
                .filter_map(|descriptor| FileIdentity::of_file(&File::from(descriptor)))
                .collect()
        }
        #[cfg(not(unix))]
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)] // links without privileges
    #[test]
    fn a_file_is_the_same_whatever_name_it_goes_by() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("q.in");
        fs::write(&file, "a1 b2\n").unwrap();
        let hard = dir.path().join("hard.in");
        let soft = dir.path().join("soft.in");
        fs::hard_link(&file, &hard).unwrap();
        std::os::unix::fs::symlink(&file, &soft).unwrap();
        let other = dir.path().join("other.in");
        fs::write(&other, "a1 b2\n").unwrap();
        let identity = FileIdentity::of_path(&file).unwrap();
        let dotted = dir.path().join(".").join("q.in");
        for same in [&hard, &soft, &dotted] {
            assert_eq!(
                FileIdentity::of_path(same).as_ref(),
                Some(&identity),
                "{same:?}"
            );
        }
        assert_ne!(FileIdentity::of_path(&other).as_ref(), Some(&identity));
        assert_eq!(FileIdentity::of_path(&dir.path().join("none")), None);
    }
}
