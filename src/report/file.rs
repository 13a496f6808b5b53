//! `--report`'s page as a file: written beside standard output, never over one of the run's
//! inputs (whatever name it goes by) nor over what standard output or error writes to, and
//! never left half-written over an older page (a temporary file renamed in).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::held_signals::SignalsWait;

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
}
