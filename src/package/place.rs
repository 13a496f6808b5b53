//! Putting a package where it was asked for, whole or not at all: its files are written into a
//! temporary folder (or zip file) beside DIR, then renamed into place in one step. A run that
//! fails, or that a signal ends, leaves nothing behind, and DIR is either what it was or the
//! whole new package, never neither.
//!
//! - A DIR that does not exist, or is an empty folder, is taken: the rename puts the package
//!   there (over the empty folder, which the rename itself refuses if files appeared in it
//!   meanwhile). A folder that holds files is refused unless `--force`; then it moves aside,
//!   the package takes its place, and the old one is removed (what cannot be, is said).
//! - A DIR whose name ends in `.zip` (any case) is a zip file of the package: refused where a
//!   file is, unless `--force`; the rename never replaces a file that appeared meanwhile. (Not
//!   in DMOJ's format, which has no use for one: [`target`].)
//! - The signals that end a run wait while the package is written and put in place, as they do
//!   while `--report`'s page is ([`SignalsWait`]): one that comes meanwhile ends knight-moves
//!   once the package is in place, or once the temporary folder is removed, never half-way.
//!   (A file too large for `ulimit -f` is a write that fails, and says so.)

use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

use anyhow::{Context, bail};

use crate::held_signals::SignalsWait;
use crate::package::{Content, PackageFile};
use crate::package::{PackageFormat, PackageSettings};
use crate::settings::shown;

/// Where the package went, and what could not be cleaned up after it (the old folder
/// `--force` replaced, where some of it could not be removed).
pub(crate) struct Placed {
    pub path: PathBuf,
    pub left_behind: Option<String>,
}

/// What stands at DIR before the package goes there.
enum Before {
    Nothing,
    /// An empty folder, with its permissions, which the package's folder takes.
    EmptyFolder(fs::Permissions),
    /// A folder that holds files (`--force`), or a file (a zip, `--force`).
    Replaced,
}

/// The prefix of the temporary folders and files: fixed, so that a DIR whose name is as long as
/// the system allows still has room beside it.
const TEMPORARY: &str = ".knight-moves-";

/// Where the package goes, as `settings` name it: the folder or zip file DIR names, and
/// whether it is a zip. Refused where no package can go, or where the judge tools would refuse
/// the one that went there: a folder's name is the problem's short name to problemtools and
/// BAPCtools, which take lower-case letters and digits only, and its problem code to DMOJ,
/// which takes 20 of them at most; DMOJ takes no zip.
pub(crate) fn target(settings: &PackageSettings) -> anyhow::Result<(PathBuf, bool)> {
    let typed = &settings.dir;
    let dir = resolved(typed)?;
    let zip = dir
        .extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("zip"));
    // `x.zip/` and `x.zip/.` name a folder, not a file.
    let typed_text = typed.as_os_str().to_string_lossy();
    let names_a_folder = typed_text.ends_with(['/', '\\'])
        || typed_text.ends_with("/.")
        || typed_text.ends_with("\\.");
    let dmoj = settings.format == PackageFormat::Dmoj;
    if zip && dmoj {
        bail!(
            "{}: DMOJ takes no problem as one zip file (its site's test data form takes a zip \
             of cases and writes an init.yml of its own, with none of this one's tests or \
             checker): write the folder, and put it where the judge's problem_storage_globs \
             find it",
            shown(typed)
        );
    }
    if zip && names_a_folder {
        bail!("{} ends in a slash: a zip is a file", shown(typed));
    }
    // The problem's short name, and the longest one taken: the judge tools' folder name (a
    // file system's longest), or the DMOJ site's problem code.
    let (short_name, longest) = match dmoj {
        false => (
            "the judge tools take a problem's folder name (its short name)",
            255,
        ),
        true => ("DMOJ takes a problem's folder name (its problem code)", 20),
    };
    let name = dir
        .file_name()
        .map(|name| name.to_string_lossy().into_owned());
    if let Some(name) = name.as_ref().filter(|name| !zip && !is_short_name(name)) {
        let suggested: String = name
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .take(longest)
            .collect();
        let suggested = match suggested.is_empty() {
            true => settings.answers.problem.name().replace('-', ""),
            false => suggested,
        };
        bail!(
            "{}: {short_name} of lower-case letters and digits only: name it {suggested}",
            shown(typed)
        );
    }
    // Made of ASCII letters and digits, a name has as many characters as bytes.
    if let Some(name) = name.filter(|name| !zip && name.len() > longest) {
        bail!(
            "{}: {short_name} of {longest} characters at most, not {}",
            shown(typed),
            name.len()
        );
    }
    Ok((dir, zip))
}

/// Whether `name` is made as a short name must be, in every format: one or more lower-case
/// ASCII letters and digits (how many the format takes is [`target`]'s to check).
fn is_short_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// DIR as the folder it names: its `.` components dropped (a rename onto `dotted/.`, the same
/// folder as `dotted`, fails); where it holds a `..`, the folder it goes into resolved by the
/// system, which must be there (`q/../r` would otherwise make `q` only to leave it); a last
/// `..` or a root resolved to the folder it is.
fn resolved(dir: &Path) -> anyhow::Result<PathBuf> {
    let kept: PathBuf = dir
        .components()
        .filter(|part| !matches!(part, Component::CurDir))
        .collect();
    let climbs = kept.components().any(|part| part == Component::ParentDir);
    match (kept.components().next_back(), kept.parent()) {
        (Some(Component::Normal(name)), Some(parent)) if climbs => {
            let parent = fs::canonicalize(parent).with_context(|| shown(parent))?;
            Ok(parent.join(name))
        }
        (Some(Component::Normal(_)), _) => Ok(kept),
        (None, _) => fs::canonicalize(".").with_context(|| shown(dir)),
        (Some(_), _) => fs::canonicalize(&kept).with_context(|| shown(dir)),
    }
}

/// Writes `files` as `settings` ask: a folder, or a zip file where DIR ends in `.zip`.
pub(crate) fn place(settings: &PackageSettings, files: &[PackageFile]) -> anyhow::Result<Placed> {
    let (dir, zip) = target(settings)?;
    let dir = &dir;
    let before = before(dir, settings.force, zip)?;
    let (parent, name) = parent_and_name(dir)?;
    let binary = std::env::current_exe().context("cannot find knight-moves' binary")?;
    // From here on a signal waits until the package is in place, or whatever was made for
    // it is removed.
    let _signals_wait = SignalsWait::start();
    let made_parents = make_parents(&parent)?;
    let placed = match zip {
        true => place_zip(dir, &parent, &binary, files, settings.force),
        false => place_folder(dir, &parent, &name, before, &binary, files),
    };
    if placed.is_err() {
        // The folders made above DIR go too, the deepest first, where they are still empty.
        for folder in made_parents.iter().rev() {
            let _ = fs::remove_dir(folder);
        }
    }
    Ok(Placed {
        path: dir.to_path_buf(),
        left_behind: placed?,
    })
}

/// What is at `dir`, refused where the package may not go there.
fn before(dir: &Path, force: bool, zip: bool) -> anyhow::Result<Before> {
    let shown_dir = shown(dir);
    let metadata = match fs::symlink_metadata(dir) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Before::Nothing),
        Err(error) => return Err(error).with_context(|| shown_dir.clone()),
        Ok(metadata) => metadata,
    };
    if metadata.file_type().is_symlink() {
        bail!("{shown_dir} is a symbolic link: name the folder or file itself");
    }
    // The current folder, or one that holds it, would be taken from under the shell.
    let here = std::env::current_dir().and_then(fs::canonicalize);
    let there = fs::canonicalize(dir).with_context(|| shown_dir.clone())?;
    if here.is_ok_and(|here| here.starts_with(&there)) {
        bail!("{shown_dir} is the current folder, or holds it: name another");
    }
    match (zip, metadata.is_dir()) {
        (true, true) => bail!("{shown_dir} is a folder, not a zip file"),
        (true, false) if !force => bail!("{shown_dir} exists: give --force to replace it"),
        (true, false) => Ok(Before::Replaced),
        (false, false) => bail!("{shown_dir} exists and is not a folder"),
        (false, true) => {
            let empty = fs::read_dir(dir)
                .with_context(|| shown_dir.clone())?
                .next()
                .is_none();
            match (empty, force) {
                (true, _) => Ok(Before::EmptyFolder(metadata.permissions())),
                (false, true) => Ok(Before::Replaced),
                (false, false) => {
                    bail!("{shown_dir} exists and is not empty: give --force to replace it")
                }
            }
        }
    }
}

/// The folder DIR (resolved) goes into, and DIR's own name in it.
fn parent_and_name(dir: &Path) -> anyhow::Result<(PathBuf, String)> {
    let name = dir
        .file_name()
        .with_context(|| format!("{} names no folder", shown(dir)))?
        .to_string_lossy()
        .into_owned();
    let parent = match dir.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((parent, name))
}

/// Makes the folders missing above DIR, and says which it made, the shallowest first.
fn make_parents(parent: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut missing = Vec::new();
    let mut folder = Some(parent);
    while let Some(path) = folder.filter(|path| !path.as_os_str().is_empty() && !path.exists()) {
        missing.push(path.to_path_buf());
        folder = path.parent();
    }
    missing.reverse();
    fs::create_dir_all(parent).with_context(|| format!("cannot make {}", shown(parent)))?;
    Ok(missing)
}

/// Writes the package into a temporary folder beside DIR and renames it into place; says what
/// of the old folder could not be removed, if anything.
fn place_folder(
    dir: &Path,
    parent: &Path,
    name: &str,
    before: Before,
    binary: &Path,
    files: &[PackageFile],
) -> anyhow::Result<Option<String>> {
    let made = temporary_folder(parent)?;
    match fill_and_rename(dir, parent, name, before, binary, files, made.path()) {
        Ok(left_behind) => {
            // The temporary folder is DIR now: nothing is left to remove.
            let _ = made.keep();
            sync_folder(parent);
            Ok(left_behind)
        }
        // What the temporary folder holds goes with it; where the system refuses even that
        // (no file descriptors left, say), the message says where it is.
        Err(error) => {
            let kept = made.keep();
            match fs::remove_dir_all(&kept) {
                Ok(()) => Err(error),
                Err(why) => Err(error.context(format!(
                    "the temporary folder {} could not be removed ({why}): delete it",
                    shown(&kept)
                ))),
            }
        }
    }
}

/// A new temporary folder in `parent`, named so that no judge tool reads it.
fn temporary_folder(parent: &Path) -> anyhow::Result<tempfile::TempDir> {
    tempfile::Builder::new()
        .prefix(TEMPORARY)
        .tempdir_in(parent)
        .with_context(|| format!("cannot make a folder in {}", shown(parent)))
}

/// [`place_folder`]'s work in the temporary folder `made`: the files written and synced, and
/// the folder renamed to DIR.
fn fill_and_rename(
    dir: &Path,
    parent: &Path,
    name: &str,
    before: Before,
    binary: &Path,
    files: &[PackageFile],
    made: &Path,
) -> anyhow::Result<Option<String>> {
    let shown_dir = shown(dir);
    for file in files {
        put(made, file, binary).with_context(|| format!("cannot write {}", file.path))?;
    }
    // Every folder as every file: the same modes whatever the umask.
    give_folders_their_mode(made, files)?;
    // On the disk before the rename makes it DIR (and, with --force, the old one goes): a
    // crash after it then finds the whole package, never names without their bytes.
    sync_folders(made, files);
    let mut left_behind = None;
    match before {
        Before::Nothing | Before::EmptyFolder(_) => {
            if let Before::EmptyFolder(permissions) = before {
                let _ = fs::set_permissions(made, permissions);
            }
            // Over an empty folder, the rename replaces it in one step, and refuses if files
            // appeared in it meanwhile; where it cannot replace a folder (Windows), the empty
            // folder is removed first, which fails the same way.
            if fs::rename(made, dir).is_err() {
                if dir.is_dir() {
                    fs::remove_dir(dir).with_context(|| {
                        format!("{shown_dir} is not empty any more: give --force to replace it")
                    })?;
                }
                fs::rename(made, dir)
                    .with_context(|| format!("cannot put the package at {shown_dir}"))?;
            }
        }
        Before::Replaced => {
            // The old folder moves aside first (a rename cannot replace a folder that holds
            // files), and is removed once the new one is in place.
            let old = temporary_folder(parent)?;
            let aside = old.path().join(name);
            fs::rename(dir, &aside).with_context(|| format!("cannot move {shown_dir} aside"))?;
            if let Err(error) = fs::rename(made, dir) {
                let _ = fs::rename(&aside, dir);
                return Err(error)
                    .with_context(|| format!("cannot put the package at {shown_dir}"));
            }
            let kept = old.path().to_path_buf();
            if let Err(error) = old.close() {
                left_behind = Some(format!(
                    "what it held could not all be removed ({error}): the rest is in {}",
                    shown(&kept)
                ));
            }
        }
    }
    Ok(left_behind)
}

/// Gives the package's folders, its root among them, the mode its files' folders have on
/// every judge (`rwxr-xr-x`), whatever the umask made them.
fn give_folders_their_mode(root: &Path, files: &[PackageFile]) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for folder in folders(files) {
            fs::set_permissions(root.join(folder), fs::Permissions::from_mode(0o755))?;
        }
    }
    #[cfg(not(unix))]
    let _ = (root, files);
    Ok(())
}

/// Writes `file` under `root`, making its folders; a program is made executable. The file
/// is on the disk when this returns (`sync_all`).
fn put(root: &Path, file: &PackageFile, binary: &Path) -> io::Result<()> {
    let path = root.join(&file.path);
    if let Some(folder) = path.parent() {
        fs::create_dir_all(folder)?;
    }
    match &file.content {
        Content::Bytes(bytes) => fs::write(&path, bytes)?,
        Content::Binary => {
            fs::copy(binary, &path)?;
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = if file.executable { 0o755 } else { 0o644 };
        fs::set_permissions(&path, fs::Permissions::from_mode(mode))?;
    }
    // Opened for writing, as Windows syncs only such a handle; nothing is truncated.
    fs::OpenOptions::new().write(true).open(&path)?.sync_all()
}

/// The package's folders, as paths under its root: deepest first, each once (a folder holds
/// many files), the root itself (the empty path) last.
fn folders(files: &[PackageFile]) -> Vec<&Path> {
    let mut folders: Vec<&Path> = files
        .iter()
        .filter_map(|file| Path::new(&file.path).parent())
        .flat_map(Path::ancestors)
        .collect();
    folders.sort_by_key(|&folder| (std::cmp::Reverse(folder.components().count()), folder));
    folders.dedup();
    folders
}

/// Puts on the disk the entries of every folder of the package under `root` (the files' own
/// bytes are, by [`put`]): the folders deepest first, then `root`.
fn sync_folders(root: &Path, files: &[PackageFile]) {
    for folder in folders(files) {
        sync_folder(&root.join(folder));
    }
}

/// Puts a folder's entries on the disk (a file's name is in its folder, not in the file), so
/// that a rename into it, or of it, outlives a crash. As well as the system can: some file
/// systems refuse to sync a folder (`EINVAL`), and the package is written whether or not, so a
/// refusal is no failure. Only Unix opens a folder as a file; on Windows the rename is left to
/// the file system's own journal.
fn sync_folder(folder: &Path) {
    #[cfg(unix)]
    if let Ok(opened) = fs::File::open(folder) {
        let _ = opened.sync_all();
    }
    #[cfg(not(unix))]
    let _ = folder;
}

/// Writes the package as one zip file, `problem.yaml` at its root, as DOMjudge imports a
/// problem: made in a temporary file beside it and renamed into place.
fn place_zip(
    path: &Path,
    parent: &Path,
    binary: &Path,
    files: &[PackageFile],
    force: bool,
) -> anyhow::Result<Option<String>> {
    use zip::write::SimpleFileOptions;

    let shown_dir = shown(path);
    let mut made = tempfile::Builder::new()
        .prefix(TEMPORARY)
        .tempfile_in(parent)
        .with_context(|| format!("cannot make a file in {}", shown(parent)))?;
    {
        let mut zip = zip::ZipWriter::new(made.as_file_mut());
        let mut write = || -> anyhow::Result<()> {
            for file in files {
                // Stored as they are, with no time of day (the zip's are 1980's), so that
                // two zips of one package are the same to the byte.
                let mode = if file.executable { 0o755 } else { 0o644 };
                let options = SimpleFileOptions::default()
                    .compression_method(zip::CompressionMethod::Stored)
                    .unix_permissions(mode)
                    .large_file(true);
                zip.start_file(file.path.as_str(), options)?;
                match &file.content {
                    Content::Bytes(bytes) => zip.write_all(bytes)?,
                    Content::Binary => {
                        io::copy(&mut fs::File::open(binary)?, &mut zip)?;
                    }
                }
            }
            Ok(())
        };
        if let Err(error) = write() {
            // Its drop would try to finish the archive again and print why it cannot.
            std::mem::forget(zip);
            return Err(error).with_context(|| format!("cannot write {shown_dir}"));
        }
        if let Err(error) = zip.finish() {
            return Err(error).with_context(|| format!("cannot write {shown_dir}"));
        }
    }
    // A temporary file is its owner's alone (0600): the package is anyone's to read.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(made.path(), fs::Permissions::from_mode(0o644))
            .with_context(|| format!("cannot write {shown_dir}"))?;
    }
    // On the disk before the rename makes it DIR, as a folder's files are ([`place_folder`]).
    made.as_file()
        .sync_all()
        .with_context(|| format!("cannot write {shown_dir}"))?;
    // Without --force, a file that appeared at DIR meanwhile is not replaced.
    let persisted = match force {
        true => made.persist(path),
        false => made.persist_noclobber(path),
    };
    persisted
        .map_err(|error| error.error)
        .with_context(|| format!("cannot put the package at {shown_dir}"))?;
    sync_folder(parent);
    Ok(None)
}
