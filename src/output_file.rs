//! The files the program writes besides standard output (`--report`'s page): never one of
//! the run's inputs, whatever name it goes by, and never left half-written over an older one.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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

/// The most links followed from a path to the file it names, as the system's own limit
/// (`ELOOP` past 40 on Linux).
const MOST_LINKS: usize = 40;

/// The path `path` names once its symbolic links are followed, the last of them too, even
/// where it names nothing yet (a link to a file to be made); `None` where the links go round
/// (or run past [`MOST_LINKS`]).
fn followed(path: &Path) -> Option<PathBuf> {
    let mut at = path.to_owned();
    for _ in 0..MOST_LINKS {
        let Ok(link) = fs::read_link(&at) else {
            return Some(at);
        };
        at = match at.parent() {
            Some(folder) => folder.join(link),
            None => link,
        };
    }
    None
}

/// What [`write_whole`] says of links that go round.
const LINKS_GO_ROUND: &str = "its symbolic links go round";

/// Why `path` cannot take a page, where that can be told before any work: a folder, or a
/// file in a folder that does not exist.
pub(crate) fn cannot_be_written(path: &Path) -> Option<&'static str> {
    let name = path.as_os_str().to_string_lossy();
    if name.ends_with('/') || (cfg!(windows) && name.ends_with('\\')) {
        return Some("a name that ends with a slash names a folder");
    }
    let Some(target) = followed(path) else {
        return Some(LINKS_GO_ROUND);
    };
    if fs::metadata(&target).is_ok_and(|meta| meta.is_dir()) {
        return Some("it is a folder");
    }
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    match fs::metadata(folder) {
        Ok(meta) if meta.is_dir() => None,
        Ok(_) => Some("the folder it is in is not a folder"),
        Err(_) => Some("the folder it is in does not exist"),
    }
}

/// Writes `bytes` to `path` whole or not at all.
///
/// A regular file (or a new one) is written into a temporary file beside it, which is renamed
/// over it once complete: a run that fails half-way leaves the older file as it was, and no
/// temporary file (it is removed on every error). The signals that end a run wait while the
/// temporary file exists ([`SignalsWait`]), so a run stopped by one ends just after the
/// rename, the page whole (SIGKILL cannot be made to wait: it may leave the temporary file). The new file
/// keeps an older one's permissions; a new one gets what the process's umask allows. A path
/// that is a link, even to a file not made yet, is followed, so the file it names is written
/// and the link kept. What is not a regular file (a named pipe, `/dev/null`) cannot be
/// replaced and is written into directly.
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = followed(path).ok_or_else(|| io::Error::other(LINKS_GO_ROUND))?;
    let existing = fs::metadata(&target).ok();
    if existing.as_ref().is_some_and(|meta| !meta.is_file()) {
        return fs::write(&target, bytes);
    }
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let _signals_wait = SignalsWait::start();
    let mut builder = tempfile::Builder::new();
    builder.prefix(".knight-moves-").suffix(".tmp");
    #[cfg(unix)]
    let new_file_permissions = {
        use std::os::unix::fs::PermissionsExt;
        // As `File::create` makes a file: 0666 less the umask, which the system applies.
        fs::Permissions::from_mode(0o666)
    };
    #[cfg(unix)]
    builder.permissions(new_file_permissions);
    let mut temporary = builder.tempfile_in(folder).map_err(|error| {
        let why = io::Error::from(error.kind());
        let message = format!(
            "cannot make a temporary file in {} to write it into before it takes its place: \
             {why}",
            folder.display()
        );
        io::Error::new(error.kind(), message)
    })?;
    // tempfile's errors name the temporary file, which is gone once it is dropped.
    temporary.write_all(bytes).map_err(without_path)?;
    temporary.flush().map_err(without_path)?;
    if let Some(meta) = &existing {
        temporary.as_file().set_permissions(meta.permissions())?;
    }
    temporary.persist(&target).map_err(|error| error.error)?;
    Ok(())
}

/// `error` without the name of the temporary file that tempfile adds to it: the system's
/// own words.
fn without_path(error: io::Error) -> io::Error {
    let kind = error.kind();
    let cause = error
        .get_ref()
        .and_then(|inner| inner.source())
        .map(ToString::to_string);
    match cause {
        Some(cause) => io::Error::new(kind, cause),
        None => error,
    }
}

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

    #[test]
    fn a_file_is_replaced_whole_and_keeps_its_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let page = dir.path().join("page.html");
        write_whole(&page, b"first").unwrap();
        assert_eq!(fs::read(&page).unwrap(), b"first");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&page, fs::Permissions::from_mode(0o640)).unwrap();
        }
        write_whole(&page, b"second").unwrap();
        assert_eq!(fs::read(&page).unwrap(), b"second");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&page).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o640);
        }
        // Nothing but the page is left in its folder.
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)] // symbolic links without privileges
    #[test]
    fn a_link_is_followed_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.html");
        let link = dir.path().join("link.html");
        fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_whole(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&real).unwrap(), b"new");
    }

    /// A link to a file not made yet, relative to its folder, through a second link, is
    /// followed and kept; links that go round are refused by the system, not followed for ever.
    #[cfg(unix)] // symbolic links without privileges
    #[test]
    fn a_link_to_a_file_not_made_yet_is_followed_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let first = dir.path().join("first.html");
        std::os::unix::fs::symlink("second.html", &first).unwrap();
        std::os::unix::fs::symlink("made.html", dir.path().join("second.html")).unwrap();
        write_whole(&first, b"made").unwrap();
        let kind = fs::symlink_metadata(&first).unwrap().file_type();
        assert!(kind.is_symlink());
        assert_eq!(fs::read(dir.path().join("made.html")).unwrap(), b"made");
        let round = dir.path().join("round.html");
        std::os::unix::fs::symlink("round.html", &round).unwrap();
        assert!(write_whole(&round, b"x").is_err());
    }

    #[test]
    fn what_cannot_take_a_page_is_told_before_any_work() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(cannot_be_written(dir.path()), Some("it is a folder"));
        let missing = dir.path().join("no such folder").join("page.html");
        assert_eq!(
            cannot_be_written(&missing),
            Some("the folder it is in does not exist")
        );
        assert_eq!(cannot_be_written(&dir.path().join("page.html")), None);
        let slashed = format!("{}/", dir.path().join("page.html").display());
        assert_eq!(
            cannot_be_written(Path::new(&slashed)),
            Some("a name that ends with a slash names a folder")
        );
        assert_eq!(cannot_be_written(Path::new("page.html")), None);
    }

    #[test]
    fn a_failed_write_leaves_the_older_file() {
        let dir = tempfile::tempdir().unwrap();
        let missing_folder = dir.path().join("no such folder").join("page.html");
        assert!(write_whole(&missing_folder, b"page").is_err());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

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
