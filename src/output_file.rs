//! The files the program writes besides standard output (`--report`'s page): never one of
//! the run's inputs, whatever name it goes by, and never left half-written over an older one.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

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
}

/// Writes `bytes` to `path` whole or not at all.
///
/// A regular file (or a new one) is written into a temporary file beside it, which is renamed
/// over it once complete: a run that fails or is stopped half-way leaves the older file as it
/// was, and no temporary file (it is removed on every error). The new file keeps an older
/// one's permissions; a new one gets what the process's umask allows. A path that is a link
/// is followed, so the file it names is replaced and the link kept. What is not a regular file
/// (`/dev/stdout`, a named pipe, `/dev/null`) cannot be replaced and is written into directly.
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let existing = fs::metadata(path).ok();
    if existing.as_ref().is_some_and(|meta| !meta.is_file()) {
        return fs::write(path, bytes);
    }
    // Beside the file a link names, so that the rename stays on its file system.
    let target = match existing {
        Some(_) => fs::canonicalize(path)?,
        None => path.to_owned(),
    };
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
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
    let mut temporary = builder.tempfile_in(folder)?;
    temporary.write_all(bytes)?;
    temporary.flush()?;
    if let Some(meta) = &existing {
        temporary.as_file().set_permissions(meta.permissions())?;
    }
    temporary.persist(&target).map_err(|error| error.error)?;
    Ok(())
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
}
