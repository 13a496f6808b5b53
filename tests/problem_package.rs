//! `package DIR`: what it writes, that it writes it the same every time, and that it never
//! leaves a package half-written or a folder of the user's lost. (The judge systems' own tools
//! on the packages: `judge_systems.rs`.)

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::{files_under, knight_moves};

/// Every file under `dir` with its bytes, by path relative to `dir`, sorted.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    files_under(dir)
        .into_iter()
        .map(|file| {
            let bytes = fs::read(dir.join(&file)).unwrap();
            (file, bytes)
        })
        .collect()
}

/// Runs `package` with `args` in `folder`: the status, stdout and stderr.
pub(crate) fn package(folder: &Path, args: &[&str]) -> (i32, String, String) {
    let output = knight_moves()
        .arg("package")
        .args(args)
        .current_dir(folder)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The names in `folder`, sorted: what a run left there.
pub(crate) fn names_in(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn two_packages_are_the_same_to_the_byte_but_their_uuids() {
    let folder = tempfile::tempdir().unwrap();
    for format in ["legacy", "2025-09"] {
        let dirs = ["a", "b", "c"].map(|name| format!("{}{name}", format.replace('-', "")));
        let fixed = "0b8e6c52-0d4a-4a0e-9d43-6bd3c0c9d7a1";
        for (dir, uuid) in dirs.iter().zip([None, None, Some(fixed)]) {
            let mut args = vec![dir.as_str(), "--format", format];
            if let Some(uuid) = uuid {
                args.extend(["--uuid", uuid]);
            }
            let (status, _, stderr) = package(folder.path(), &args);
            assert_eq!(status, 0, "{stderr}");
        }
        let [a, b, c] = dirs.map(|dir| tree(&folder.path().join(dir)));
        assert_eq!(a.len(), b.len());
        let mut differing = Vec::new();
        for ((path, one), (other_path, other)) in a.iter().zip(&b) {
            assert_eq!(path, other_path);
            if one != other {
                differing.push(path.clone());
            }
        }
        assert_eq!(differing, [PathBuf::from("problem.yaml")], "{format}");
        let yaml = |files: &[(PathBuf, Vec<u8>)]| {
            let (_, bytes) = files
                .iter()
                .find(|(path, _)| path == Path::new("problem.yaml"))
                .unwrap();
            String::from_utf8(bytes.clone()).unwrap()
        };
        let uuid_line = |text: &str| {
            text.lines()
                .find(|line| line.starts_with("uuid: "))
                .map(str::to_owned)
        };
        assert_ne!(uuid_line(&yaml(&a)), uuid_line(&yaml(&b)));
        assert_eq!(uuid_line(&yaml(&c)), Some(format!("uuid: {fixed}")));
        // The same but for that line.
        let without_uuid = |text: String| {
            text.lines()
                .filter(|line| !line.starts_with("uuid: "))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(without_uuid(yaml(&a)), without_uuid(yaml(&c)));
        // Only the packages are left in the folder: no temporary one.
        assert_eq!(
            names_in(folder.path())
                .iter()
                .filter(|name| name.starts_with('.'))
                .count(),
            0
        );
    }
}

#[test]
fn a_folder_that_holds_files_is_refused_unless_forced_and_an_empty_one_is_taken() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().join("mine");
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("notes.txt"), "mine").unwrap();
    let (status, stdout, stderr) = package(folder.path(), &["mine"]);
    assert_eq!((status, stdout.as_str()), (2, ""), "{stderr}");
    assert!(
        stderr.contains("mine exists and is not empty: give --force to replace it"),
        "{stderr}"
    );
    assert_eq!(names_in(&dir), ["notes.txt"], "the folder was touched");
    assert_eq!(
        names_in(folder.path()),
        ["mine"],
        "something was left beside it"
    );
    // --force replaces it whole: the old file is gone, nothing is left beside it.
    let (status, stdout, stderr) = package(folder.path(), &["mine", "--force"]);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(
        stdout.lines().next(),
        Some("Wrote the problem package to mine")
    );
    assert!(dir.join("problem.yaml").is_file());
    assert!(!dir.join("notes.txt").exists());
    assert_eq!(names_in(folder.path()), ["mine"]);
    // An empty folder is taken as it is; a missing parent is made.
    let empty = folder.path().join("empty");
    fs::create_dir(&empty).unwrap();
    assert_eq!(package(folder.path(), &["empty"]).0, 0);
    assert!(empty.join("problem.yaml").is_file());
    assert_eq!(
        package(folder.path(), &["contest/problems/knightmoves"]).0,
        0
    );
    assert!(
        folder
            .path()
            .join("contest/problems/knightmoves/problem.yaml")
            .is_file()
    );
    // A file is not a folder, with --force or not.
    fs::write(folder.path().join("file"), "mine").unwrap();
    let (status, _, stderr) = package(folder.path(), &["file", "--force"]);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("file exists and is not a folder"),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(folder.path().join("file")).unwrap(),
        "mine"
    );
}

#[cfg(target_os = "linux")] // setrlimit's file size limit and SIGXFSZ as Linux has them
#[test]
fn a_package_that_cannot_be_written_says_so_and_leaves_nothing_behind() {
    // A file system too small for the package (the binary alone is megabytes): a tmpfs is
    // not to be had without privileges, so the limit is on the file size instead (ulimit -f),
    // whose SIGXFSZ must not end the run silently. --report's page is written the same way.
    use std::os::unix::process::CommandExt;
    let folder = tempfile::tempdir().unwrap();
    for args in [
        &["package", "knightmoves"][..],
        &["package", "knightmoves.zip"][..],
        &["--report", "page.html", "in"][..],
    ] {
        fs::write(folder.path().join("in"), "e2 e4\n").unwrap();
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_knight-moves"));
        command.args(args).current_dir(folder.path());
        // SAFETY: setrlimit is async-signal-safe and touches only the child's own limits,
        // between fork and exec.
        unsafe {
            command.pre_exec(|| {
                let limit = libc::rlimit {
                    rlim_cur: 1000,
                    rlim_max: 1000,
                };
                match libc::setrlimit(libc::RLIMIT_FSIZE, &limit) {
                    0 => Ok(()),
                    _ => Err(std::io::Error::last_os_error()),
                }
            });
        }
        let output = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        assert!(stderr.contains("File too large"), "{args:?}: {stderr}");
        assert_eq!(names_in(folder.path()), ["in"], "{args:?}: {stderr}");
    }
}

#[test]
fn options_that_do_not_make_a_package_are_usage_errors() {
    let folder = tempfile::tempdir().unwrap();
    for (args, message) in [
        (
            &["p", "--problem", "nakanj", "--path"][..],
            "error: --path writes UVa 439's variant with routes only, so far: not --problem nakanj's",
        ),
        (
            &["p", "--piece", "camel"][..],
            "unexpected argument '--piece' found",
        ),
        (
            &["p", "--board", "10"][..],
            "unexpected argument '--board' found",
        ),
        (
            &["p", "--check", "x"][..],
            "unexpected argument '--check' found",
        ),
        (&["p", "--uuid", "not-a-uuid"][..], "expected a uuid"),
        (&["p", "--format", "2023-07"][..], "invalid value"),
    ] {
        let (status, _, stderr) = package(folder.path(), args);
        assert_eq!(status, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    for option in [
        ["--uuid", "0b8e6c52-0d4a-4a0e-9d43-6bd3c0c9d7a1"],
        ["--rights-owner", "me"],
    ] {
        let output = knight_moves()
            .args(option)
            .write_stdin("e2 e4\n")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{option:?}");
    }
    assert_eq!(names_in(folder.path()), Vec::<String>::new());
}

#[test]
fn the_rights_owner_goes_into_problem_yaml_quoted_or_a_comment_is_left_for_it() {
    let folder = tempfile::tempdir().unwrap();
    assert_eq!(
        package(
            folder.path(),
            &["a", "--rights-owner", "Ann \"A\" Setter: #1"]
        )
        .0,
        0
    );
    let yaml = fs::read_to_string(folder.path().join("a/problem.yaml")).unwrap();
    assert!(
        yaml.contains("rights_owner: \"Ann \\\"A\\\" Setter: #1\"\n"),
        "{yaml}"
    );
    assert_eq!(package(folder.path(), &["b"]).0, 0);
    let yaml = fs::read_to_string(folder.path().join("b/problem.yaml")).unwrap();
    assert!(yaml.contains("# rights_owner:"), "{yaml}");
    assert!(!yaml.contains("\nrights_owner:"), "{yaml}");
}

#[test]
fn a_zip_holds_the_package_at_its_root_the_same_to_the_byte_every_time() {
    let folder = tempfile::tempdir().unwrap();
    let uuid = "0b8e6c52-0d4a-4a0e-9d43-6bd3c0c9d7a1";
    for args in [
        &["p.zip", "--uuid", uuid][..],
        &["again.zip", "--uuid", uuid][..],
        &["p", "--uuid", uuid][..],
    ] {
        let (status, _, stderr) = package(folder.path(), args);
        assert_eq!(status, 0, "{args:?}: {stderr}");
    }
    let bytes = fs::read(folder.path().join("p.zip")).unwrap();
    assert!(bytes == fs::read(folder.path().join("again.zip")).unwrap());
    // Its entries are the folder's files, problem.yaml at the root (no top folder), the
    // programs executable.
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let folder_files = tree(&folder.path().join("p"));
    assert_eq!(zip.len(), folder_files.len());
    for (path, bytes) in &folder_files {
        let name = path.to_str().unwrap().replace('\\', "/");
        let mut entry = zip
            .by_name(&name)
            .unwrap_or_else(|_| panic!("{name} is not in the zip"));
        let mut content = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut content).unwrap();
        assert!(content == *bytes, "{name} differs in the zip");
        let executable =
            name.ends_with("/run") || name.ends_with("/build") || name.ends_with("/knight-moves");
        let mode = entry.unix_mode().unwrap_or(0);
        assert_eq!(mode & 0o111 != 0, executable, "{name}: mode {mode:o}");
    }
    assert!(zip.by_name("problem.yaml").is_ok());
    // An existing zip is refused unless forced.
    let (status, _, stderr) = package(folder.path(), &["p.zip"]);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("p.zip exists: give --force to replace it"),
        "{stderr}"
    );
    assert_eq!(package(folder.path(), &["p.zip", "--force"]).0, 0);
    let names = names_in(folder.path());
    assert_eq!(
        names,
        ["again.zip", "p", "p.zip"],
        "something was left behind"
    );
}

#[cfg(unix)] // signals as Unix has them
#[test]
fn an_interrupted_run_leaves_the_old_folder_or_the_whole_package_never_neither() {
    let folder = tempfile::tempdir().unwrap();
    let whole = {
        assert_eq!(package(folder.path(), &["whole"]).0, 0);
        tree(&folder.path().join("whole")).len()
    };
    // Signals at delays across the whole run: before, while and after the package is written
    // and put in place. Whatever the moment, what is there afterwards is the user's old
    // folder or the whole package, and nothing else is left beside it.
    for step in 0..16u64 {
        let dir = folder.path().join("pkg");
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir(&dir).unwrap();
        fs::write(dir.join("keep"), "mine").unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_knight-moves"))
            .args(["package", "pkg", "--force"])
            .current_dir(folder.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20 * step));
        let signal = if step % 2 == 0 {
            libc::SIGINT
        } else {
            libc::SIGTERM
        };
        // SAFETY: kill(2) on the child's own process id sends it a signal and touches no
        // memory of this process.
        unsafe {
            libc::kill(child.id() as libc::pid_t, signal);
        }
        let _ = child.wait();
        let files = tree(&dir);
        let old = files.len() == 1 && dir.join("keep").is_file();
        assert!(
            old || files.len() == whole,
            "after {} ms: {} files",
            20 * step,
            files.len()
        );
        assert_eq!(
            names_in(folder.path()),
            ["pkg", "whole"],
            "after {} ms",
            20 * step
        );
    }
}

#[test]
fn links_the_current_folder_and_long_names_are_handled_with_care() {
    let folder = tempfile::tempdir().unwrap();
    // An empty folder keeps its permissions when the package takes it.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let private = folder.path().join("private");
        fs::create_dir(&private).unwrap();
        fs::set_permissions(&private, fs::Permissions::from_mode(0o700)).unwrap();
        assert_eq!(package(folder.path(), &["private"]).0, 0);
        let mode = fs::metadata(&private).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        // A symbolic link is not followed, nor replaced, with --force or not.
        std::os::unix::fs::symlink("private", folder.path().join("link")).unwrap();
        let (status, _, stderr) = package(folder.path(), &["link", "--force"]);
        assert_eq!(status, 2, "{stderr}");
        assert!(stderr.contains("is a symbolic link"), "{stderr}");
    }
    // The current folder is not taken from under the shell.
    let here = folder.path().join("here");
    fs::create_dir(&here).unwrap();
    let (status, _, stderr) = package(&here, &[".", "--force"]);
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("is the current folder"), "{stderr}");
    // A name as long as a file system allows (255 bytes) still has room for the temporary
    // folder beside it.
    let long = "k".repeat(255);
    let (status, _, stderr) = package(folder.path(), &[&long]);
    assert_eq!(status, 0, "{stderr}");
    // A zip that ends in a slash is refused before anything is written or made.
    let (status, _, stderr) = package(folder.path(), &["made/p.zip/"]);
    assert_eq!(status, 2, "{stderr}");
    assert!(!folder.path().join("made").exists());
    let mut names = names_in(folder.path());
    names.retain(|name| name != &long);
    let expected: &[&str] = match cfg!(unix) {
        true => &["here", "link", "private"],
        false => &["here"],
    };
    assert_eq!(names, expected);
}

/// Every file of the package, and every folder of it, is on the disk before the rename makes
/// it DIR, and DIR's own folder after: a crash then finds the old package or the whole new
/// one, never names without their bytes. Seen as the system calls are made (strace's `-y`
/// names each descriptor's file), for a folder and for a zip.
#[cfg(target_os = "linux")] // strace(1)
#[test]
#[ignore = "needs strace(1): .ci/run runs it where strace is installed"]
fn every_file_and_folder_is_synced_before_the_rename_and_the_parent_after() {
    let folder = tempfile::tempdir().unwrap();
    let log = folder.path().join("strace.log");
    for dir in ["package", "package.zip"] {
        let status = std::process::Command::new("strace")
            .args([
                "-f",
                "-y",
                "-qq",
                "-e",
                "trace=fsync,rename,renameat,renameat2",
                "-o",
            ])
            .arg(&log)
            .arg(env!("CARGO_BIN_EXE_knight-moves"))
            .args(["package", dir, "--force"])
            .current_dir(folder.path())
            .status()
            .expect("strace runs");
        assert!(status.success(), "{dir}");
        let calls = fs::read_to_string(&log).unwrap();
        let calls: Vec<&str> = calls.lines().collect();
        let renamed = calls
            .iter()
            .rposition(|call| call.contains("rename") && call.contains(dir))
            .unwrap_or_else(|| panic!("{dir}: no rename into place: {calls:#?}"));
        let synced_before = |path: &str| {
            calls[..renamed]
                .iter()
                .any(|call| call.contains("fsync(") && call.contains(&format!("{path}>)")))
        };
        if dir == "package" {
            let files = files_under(&folder.path().join(dir));
            assert!(files.len() > 10, "{files:?}");
            for file in &files {
                let file = format!("/{}", file.display());
                assert!(synced_before(&file), "{file} is not synced: {calls:#?}");
            }
            for sub in ["/data", "/data/secret", "/submissions/accepted"] {
                assert!(synced_before(sub), "{sub} is not synced: {calls:#?}");
            }
        } else {
            assert!(
                calls[..renamed]
                    .iter()
                    .any(|call| call.contains("fsync(") && call.contains("/.knight-moves-")),
                "the zip is not synced: {calls:#?}"
            );
        }
        let parent = format!("<{}>)", folder.path().display());
        assert!(
            calls[renamed..]
                .iter()
                .any(|call| call.contains("fsync(") && call.contains(&parent)),
            "{dir}: the folder it is in is not synced after the rename: {calls:#?}"
        );
    }
}

/// A folder's name is the problem's short name to problemtools and BAPCtools, which take
/// lower-case letters and digits only: another is refused before anything is written, with
/// the name to use (issue 45); a zip's name is not a short name, and is free.
#[test]
fn a_folder_the_judge_tools_would_refuse_is_refused_with_the_name_to_use() {
    let folder = tempfile::tempdir().unwrap();
    for (problem, dir, suggested) in [
        ("cses-grid", "cses-grid", "csesgrid"),
        ("uva439", "Knight_Moves", "knightmoves"),
        ("knightl", "+-+", "knightl"),
        ("uva439", "sub/UVa.439", "uva439"),
    ] {
        let (status, stdout, stderr) = package(folder.path(), &[dir, "--problem", problem]);
        assert_eq!((status, stdout.as_str()), (2, ""), "{dir}: {stderr}");
        assert!(
            stderr.ends_with(&format!("name it {suggested}\n")),
            "{stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert_eq!(names_in(folder.path()), Vec::<String>::new(), "{dir}");
    }
    let (status, _, stderr) = package(folder.path(), &["cses-grid.zip", "--problem", "cses-grid"]);
    assert_eq!(status, 0, "{stderr}");
    let (status, stdout, stderr) = package(folder.path(), &["csesgrid", "--problem", "cses-grid"]);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(
        stdout.lines().next(),
        Some("Wrote the problem package to csesgrid")
    );
}

/// A DIR named with `.` components is the folder it names (issue 45): `dotted/.` for an empty
/// folder `dotted` is taken, as `dotted` is, where the rename onto `dotted/.` failed; `..` at
/// the end names the folder above.
#[test]
fn a_dir_with_dot_components_is_the_folder_it_names() {
    let folder = tempfile::tempdir().unwrap();
    fs::create_dir(folder.path().join("dotted")).unwrap();
    let (status, stdout, stderr) = package(folder.path(), &["dotted/."]);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(
        stdout.lines().next(),
        Some("Wrote the problem package to dotted")
    );
    assert!(folder.path().join("dotted/problem.yaml").is_file());
    fs::create_dir_all(folder.path().join("upper/inner")).unwrap();
    let (status, stdout, stderr) = package(folder.path(), &["./upper/./inner/.."]);
    assert_eq!(status, 2, "{stdout}");
    assert!(stderr.contains("exists and is not empty"), "{stderr}");
    let (status, _, stderr) = package(folder.path(), &["./upper/./inner/..", "--force"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(folder.path().join("upper/problem.yaml").is_file());
}

/// Every message `package` writes is one line naming DIR with its bytes escaped, as every
/// other message does (issue 45): a newline in the name, a byte that is not UTF-8.
#[cfg(unix)] // a name that is not UTF-8
#[test]
fn package_messages_are_one_line_with_the_name_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let folder = tempfile::tempdir().unwrap();
    for (name, escaped) in [
        (&b"two\nlines"[..], "two\\nlines"),
        (b"not\xffutf8", "not\\xffutf8"),
    ] {
        let dir = std::ffi::OsStr::from_bytes(name);
        fs::create_dir(folder.path().join(dir)).unwrap();
        fs::write(folder.path().join(dir).join("held"), "x").unwrap();
        let output = knight_moves()
            .arg("package")
            .arg(dir)
            .current_dir(folder.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).expect("escaped: UTF-8");
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(escaped), "{escaped}: {stderr}");
    }
}

/// A DIR through `..` needs the folder it goes through (as `mkdir -p` would make a stray one,
/// and the shell's `cd` refuses), a name longer than a file system allows is named as such,
/// a zip's name cannot end in `/.`, and a name that starts with `-` is given after `--`.
#[test]
fn a_dir_through_dot_dot_a_long_name_and_a_dash_are_each_said_or_taken() {
    let folder = tempfile::tempdir().unwrap();
    let (status, _, stderr) = package(folder.path(), &["q/../r"]);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("q/..: No such file or directory"),
        "{stderr}"
    );
    assert!(
        names_in(folder.path()).is_empty(),
        "{:?}",
        names_in(folder.path())
    );
    fs::create_dir(folder.path().join("q")).unwrap();
    let (status, _, stderr) = package(folder.path(), &["q/../r"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(folder.path().join("r/problem.yaml").is_file());
    assert_eq!(names_in(&folder.path().join("q")), Vec::<String>::new());
    let long = "k".repeat(256);
    let (status, _, stderr) = package(folder.path(), &[&long]);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("255 characters at most, not 256"),
        "{stderr}"
    );
    let (status, _, stderr) = package(folder.path(), &["x.zip/."]);
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("a zip is a file"), "{stderr}");
    let (status, _, stderr) = package(folder.path(), &["--", "-x/p"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(folder.path().join("-x/p/problem.yaml").is_file());
    assert_eq!(names_in(folder.path()), ["-x", "q", "r"]);
}

/// After writing, `package` says what its validators need of the judge host and what to run
/// next, with the format's own tool (issue 59): verifyproblem, BAPCtools from the contest
/// folder, DOMjudge's import for a zip.
#[test]
fn after_writing_the_next_step_is_the_format_s_tool() {
    let folder = tempfile::tempdir().unwrap();
    let rows: [(&[&str], &str); 4] = [
        (
            &["one"],
            "Next: verifyproblem one (problemtools; Python submissions run with pypy3)",
        ),
        (
            &["--format", "2025-09", "contest/two"],
            "Next, from contest: bt validate --problem two && bt run --problem two (BAPCtools; \
             Python submissions run with pypy3)",
        ),
        (
            &["--format", "2025-09", "three"],
            "Next: bt validate --problem three && bt run --problem three (BAPCtools; Python \
             submissions run with pypy3)",
        ),
        (
            &["four.zip"],
            "Next: import it into DOMjudge as a problem (its jury pages, or its API's problems \
             import).",
        ),
    ];
    for (args, next) in rows {
        let (status, stdout, stderr) = package(folder.path(), args);
        assert_eq!(status, 0, "{args:?}: {stderr}");
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 3, "{args:?}: {stdout}");
        assert!(
            lines[1].starts_with("Its validators are copies of this knight-moves"),
            "{args:?}: {stdout}"
        );
        // This build's own: linked dynamically, unless it was built static.
        let needs = match cfg!(target_feature = "crt-static") {
            true => "statically linked",
            false => "write the package with a static build",
        };
        assert!(lines[1].contains(needs), "{args:?}: {stdout}");
        assert_eq!(lines[2], next, "{args:?}");
    }
}

/// The problems' packages, as `package` writes them: each problem, and UVa 439 with routes.
pub(crate) const PROBLEMS: [&[&str]; 6] = [
    &["--problem", "uva439"],
    &["--problem", "uva439", "--path"],
    &["--problem", "nakanj"],
    &["--problem", "poj1915"],
    &["--problem", "cses-grid"],
    &["--problem", "knightl"],
];

/// The golden trees: every problem's package in every format (`package --format` is the
/// package's format, for every problem: not the answers' `--format`, which POJ 1915, CSES and
/// KnightL refuse, and whose refusal had taken `package --format 2025-09 --problem poj1915`
/// for it), each file's mode and SHA-256 as recorded in `tests/golden/packages/`, the copies of
/// knight-moves (this build's own bytes) by name only. A change on purpose records them anew
/// (`KNIGHT_MOVES_BLESS=1 cargo test --test integration problem_package::every_format`), and
/// the commit says why; a format's package changed by another's work is a failure.
#[test]
fn every_format_writes_every_problem_as_its_golden_tree() {
    use sha2::Digest;
    let folder = tempfile::tempdir().unwrap();
    let golden = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/packages");
    let bless = std::env::var_os("KNIGHT_MOVES_BLESS").is_some();
    let mut differing = Vec::new();
    for options in PROBLEMS {
        for format in ["legacy", "2025-09", "dmoj"] {
            let code: String = format!("{}{format}", options.concat())
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .collect::<String>()
                .replace("problem", "");
            let mut args = vec!["--format", format, &code];
            if format != "dmoj" {
                args.extend(["--uuid", "0b8e6c52-0d4a-4a0e-9d43-6bd3c0c9d7a1"]);
            }
            args.extend(options);
            let (status, _, stderr) = package(folder.path(), &args);
            assert_eq!(status, 0, "{args:?}: {stderr}");
            let dir = folder.path().join(&code);
            let mut manifest = String::new();
            for file in files_under(&dir) {
                let path = dir.join(&file);
                let digest = match file.file_name() == Some("knight-moves".as_ref()) {
                    true => "(this knight-moves)".to_owned(),
                    false => format!("{:x}", sha2::Sha256::digest(fs::read(&path).unwrap())),
                };
                #[cfg(unix)]
                let mode = {
                    use std::os::unix::fs::PermissionsExt;
                    format!(
                        "{:o}",
                        fs::metadata(&path).unwrap().permissions().mode() & 0o777
                    )
                };
                #[cfg(not(unix))]
                let mode = "-";
                let file = file.to_string_lossy().replace('\\', "/");
                manifest.push_str(&format!("{mode} {digest} {file}\n"));
            }
            // Every package written is removed at once: the copies of knight-moves are large.
            fs::remove_dir_all(&dir).unwrap();
            let recorded = golden.join(format!("{code}.txt"));
            if bless {
                fs::create_dir_all(&golden).unwrap();
                fs::write(&recorded, &manifest).unwrap();
                continue;
            }
            let expected = fs::read_to_string(&recorded)
                .unwrap_or_else(|error| panic!("{}: {error}", recorded.display()));
            // Windows keeps no Unix modes: the digests and paths are compared there.
            let without_modes = |text: &str| -> Vec<String> {
                text.lines()
                    .map(|line| {
                        line.split_once(' ')
                            .map_or(line, |(_, rest)| rest)
                            .to_owned()
                    })
                    .collect()
            };
            let same = match cfg!(unix) {
                true => manifest == expected,
                false => without_modes(&manifest) == without_modes(&expected),
            };
            if !same {
                differing.push(format!("{code}:\n{manifest}"));
            }
        }
    }
    assert!(
        differing.is_empty(),
        "not as recorded in tests/golden/packages/:\n{}",
        differing.join("\n")
    );
}
