//! `package --format dmoj DIR`: the folder DMOJ's judge reads, checked by its contents (the
//! judge itself runs it in `judge_systems::by_dmoj_every_problem`, by scripts/verify-dmoj.sh):
//! init.yml lists every case and every submission as it should, the checker and its copy of
//! knight-moves are there, the statement is the site's Markdown, the folder's name is a
//! problem code, and the same options write the same folder.

use std::fs;
use std::path::Path;

use crate::common::{files_under, knight_moves};
use crate::problem_package::{PROBLEMS, names_in, package};

/// Writes the DMOJ folder of `options` as `code` under `folder`: its status, stdout and stderr.
fn write(folder: &Path, code: &str, options: &[&str]) -> (i32, String, String) {
    package(folder, &[&["--format", "dmoj", code], options].concat())
}

/// The lines of `yaml` under its top-level key `key`, up to the next top-level key, without
/// comments.
fn section<'a>(yaml: &'a str, key: &str) -> Vec<&'a str> {
    yaml.lines()
        .skip_while(|line| *line != format!("{key}:"))
        .skip(1)
        .take_while(|line| line.starts_with([' ', '-', '#']))
        .filter(|line| !line.starts_with('#'))
        .collect()
}

/// Every problem's folder: init.yml lists the sample first, worth nothing, then every secret
/// case in order as one batch, each file once and every file of `data/`; the checker is
/// checker.py with the problem's options, and knight-moves, executable, beside it; `tests:`
/// holds every submission with the verdict its folder asks for; each answer file is
/// knight-moves' answer to its input; statement.md ends with the sample and its answer.
#[test]
fn every_problem_s_init_yml_lists_its_cases_checker_and_submissions() {
    let folder = tempfile::tempdir().unwrap();
    for options in PROBLEMS {
        let code: String = options[1..].concat().replace(['-'], "");
        let (status, stdout, stderr) = write(folder.path(), &code, options);
        assert_eq!(status, 0, "{options:?}: {stderr}");
        assert!(
            stdout.contains("Its checker (checker.py) runs a copy of this knight-moves"),
            "{stdout}"
        );
        assert!(
            stdout.contains(&format!(
                "Next: dmoj-cli -c judge.yml -e PY3,CPP17 test {code} "
            )),
            "{stdout}"
        );
        let dir = folder.path().join(&code);
        let files: Vec<String> = files_under(&dir)
            .iter()
            .map(|file| file.to_string_lossy().replace('\\', "/"))
            .collect();
        let yaml = fs::read_to_string(dir.join("init.yml")).unwrap();

        // The cases: the sample, then the secret ones in a batch, every data file once.
        let cases = section(&yaml, "test_cases");
        let sample = "- {in: data/sample/1.in, out: data/sample/1.out, points: 0}";
        assert_eq!(cases.first(), Some(&sample), "{code}: {yaml}");
        assert_eq!(cases.get(1..3), Some(&["- points: 1", "  batched:"][..]));
        let secret: Vec<String> = files
            .iter()
            .filter_map(|file| file.strip_prefix("data/secret/")?.strip_suffix(".in"))
            .map(|name| format!("  - {{in: data/secret/{name}.in, out: data/secret/{name}.out}}"))
            .collect();
        assert!(!secret.is_empty(), "{code}");
        assert_eq!(cases[3..], secret, "{code}: {yaml}");
        let data: Vec<&String> = files.iter().filter(|f| f.starts_with("data/")).collect();
        assert_eq!(data.len(), 2 * (1 + secret.len()), "{code}: {files:?}");
        for file in data {
            assert_eq!(
                yaml.matches(&format!(" {file}")).count(),
                1,
                "{code}: {file}"
            );
        }

        // The checker: knight-moves' own, with the problem's options, no flags.
        let mut expected_options = format!("\"--problem\", \"{}\"", options[1]);
        if options.contains(&"--path") {
            expected_options.push_str(", \"--path\"");
        }
        assert_eq!(
            section(&yaml, "checker"),
            [
                "  name: checker.py",
                &format!("  args: {{options: [{expected_options}]}}")
            ],
            "{code}"
        );
        let checker = fs::read_to_string(dir.join("checker.py")).unwrap();
        assert!(checker.contains("def check(process_output, judge_output"));
        assert!(checker.contains("'checker', 'kattis'"));
        let copy = fs::metadata(dir.join("knight-moves")).unwrap();
        let built = fs::metadata(env!("CARGO_BIN_EXE_knight-moves")).unwrap();
        assert_eq!(copy.len(), built.len(), "{code}: not this knight-moves");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(copy.permissions().mode() & 0o777, 0o755, "{code}");
            let mode = fs::metadata(dir.join("checker.py"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o644, "{code}");
        }

        // The tests: every submission, in a language DMOJ runs, with its folder's verdict.
        let tests = section(&yaml, "tests");
        let submissions: Vec<&String> = files
            .iter()
            .filter(|file| file.starts_with("submissions/"))
            .collect();
        assert_eq!(tests.len(), submissions.len(), "{code}: {yaml}");
        let last = 1 + secret.len();
        for (test, submission) in tests.iter().zip(&submissions) {
            let language = match submission.rsplit_once('.').unwrap().1 {
                "py" => "PY3",
                "cpp" => "CPP17",
                other => panic!("{code}: {submission}: a .{other} submission"),
            };
            let expect = match submission.split('/').nth(1).unwrap() {
                "accepted" => "AC".to_owned(),
                "wrong_answer" => format!("[AC, WA, SC], cases: {{{last}: [WA, SC]}}"),
                "time_limit_exceeded" => format!("[AC, TLE, SC], cases: {{{last}: [TLE, SC]}}"),
                other => panic!("{code}: {submission}: a submission in {other}"),
            };
            assert!(
                test.starts_with(&format!("- {{source: {submission}, language: {language}, "))
                    && test.ends_with(&format!("memory: 262144, expect: {expect}}}")),
                "{code}: {test}"
            );
        }
        assert!(
            submissions
                .iter()
                .any(|s| s.starts_with("submissions/wrong_answer/")),
            "{code}: no wrong submission to fail"
        );

        // Each answer file is knight-moves' answer to its input.
        for file in files.iter().filter(|file| file.ends_with(".in")) {
            let input = fs::read(dir.join(file)).unwrap();
            let answer = fs::read(dir.join(file.replace(".in", ".out"))).unwrap();
            let made = knight_moves()
                .args(options)
                .write_stdin(input)
                .output()
                .unwrap();
            assert!(made.status.success(), "{code}: {file}");
            assert_eq!(made.stdout, answer, "{code}: {file}");
        }

        // The statement: DMOJ's Markdown, the sample and its answer at its end.
        let statement = fs::read_to_string(dir.join("statement.md")).unwrap();
        let block = |file: &str| -> String {
            fs::read_to_string(dir.join(file))
                .unwrap()
                .lines()
                .map(|line| format!("    {line}\n"))
                .collect()
        };
        let end = format!(
            "## Sample Input\n\n{}\n## Sample Output\n\n{}",
            block("data/sample/1.in"),
            block("data/sample/1.out")
        );
        assert!(statement.ends_with(&end), "{code}: {statement}");
        assert!(!statement.contains("\\problemname"), "{code}");
        assert!(!statement.contains("\\section"), "{code}");

        // Nothing else: no problem.yaml, no validators of the Kattis formats.
        let others: Vec<&String> = files
            .iter()
            .filter(|file| {
                !file.starts_with("data/")
                    && !file.starts_with("submissions/")
                    && !["init.yml", "checker.py", "knight-moves", "statement.md"]
                        .contains(&file.as_str())
            })
            .collect();
        assert!(others.is_empty(), "{code}: {others:?}");
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// The folder's name is the problem's code on a DMOJ site: 1 to 20 lower-case letters and
/// digits. Another is refused before anything is written, with the name to use where one can
/// be made; a zip (the site's test data form writes an init.yml of its own) and problem.yaml's
/// options are refused too.
#[test]
fn a_name_dmoj_refuses_a_zip_and_problem_yaml_s_options_are_refused() {
    let folder = tempfile::tempdir().unwrap();
    for (dir, said) in [
        (
            "cses-grid",
            "of lower-case letters and digits only: name it csesgrid",
        ),
        (
            "Knight Moves",
            "of lower-case letters and digits only: name it knightmoves",
        ),
        (
            "uva.439",
            "of lower-case letters and digits only: name it uva439",
        ),
        (
            "abcdefghijklmnopqrstu",
            "DMOJ takes a problem's folder name (its problem code) of 20 characters at most, \
             not 21",
        ),
        // Its characters first, then how many: the name given fits.
        (
            "Knight-Moves-Problem-1",
            "of lower-case letters and digits only: name it knightmovesproblem1",
        ),
        (
            "échecséchecs",
            "of lower-case letters and digits only: name it checschecs",
        ),
        ("knightmoves.zip", "DMOJ takes no problem as one zip file"),
        ("KNIGHT.ZIP", "DMOJ takes no problem as one zip file"),
        ("knight.zip/", "DMOJ takes no problem as one zip file"),
    ] {
        let (status, stdout, stderr) = write(folder.path(), dir, &[]);
        assert_eq!((status, stdout.as_str()), (2, ""), "{dir}: {stderr}");
        assert!(stderr.contains(said), "{dir}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{dir}: {stderr}");
    }
    for (option, value) in [
        ("--uuid", "0b8e6c52-0d4a-4a0e-9d43-6bd3c0c9d7a1"),
        ("--rights-owner", "Someone"),
    ] {
        let (status, _, stderr) = write(folder.path(), "knightmoves", &[option, value]);
        assert_eq!(status, 2, "{option}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "{option} goes into problem.yaml, which DMOJ's folder"
            )),
            "{stderr}"
        );
    }
    assert_eq!(files_under(folder.path()), Vec::<std::path::PathBuf>::new());
    // Twenty characters are a code.
    let (status, _, stderr) = write(folder.path(), "abcdefghijklmnopqrst", &[]);
    assert_eq!(status, 0, "{stderr}");
    assert!(
        folder
            .path()
            .join("abcdefghijklmnopqrst/init.yml")
            .is_file()
    );
}

/// The same options write the same folder, to the byte, every time (it has no uuid); a folder
/// that holds files is refused unless `--force` replaces it; a closed standard output is an
/// error (status 2), the folder written whole all the same.
#[test]
fn the_same_options_write_the_same_folder_and_a_user_s_folder_is_kept() {
    let folder = tempfile::tempdir().unwrap();
    let tree = |code: &str| -> Vec<(std::path::PathBuf, Vec<u8>)> {
        let dir = folder.path().join(code);
        files_under(&dir)
            .into_iter()
            .map(|file| {
                let bytes = fs::read(dir.join(&file)).unwrap();
                (file, bytes)
            })
            .collect()
    };
    for code in ["one", "two"] {
        let (status, _, stderr) = write(folder.path(), code, &["--path"]);
        assert_eq!(status, 0, "{stderr}");
    }
    assert!(
        tree("one") == tree("two"),
        "two runs wrote different folders"
    );

    fs::write(folder.path().join("one/notes.txt"), "mine").unwrap();
    let (status, _, stderr) = write(folder.path(), "one", &[]);
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("exists and is not empty"), "{stderr}");
    assert!(folder.path().join("one/notes.txt").is_file());
    let (status, _, stderr) = write(folder.path(), "one", &["--force"]);
    assert_eq!(status, 0, "{stderr}");
    assert!(!folder.path().join("one/notes.txt").exists());
    assert!(
        !fs::read_to_string(folder.path().join("one/init.yml"))
            .unwrap()
            .contains("--path")
    );

    #[cfg(unix)] // a POSIX shell closes the output
    {
        let output = std::process::Command::new("sh")
            .args(["-c", "\"$0\" package --format dmoj closed >&-"])
            .arg(env!("CARGO_BIN_EXE_knight-moves"))
            .current_dir(folder.path())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "knight-moves: cannot write to standard output: it is closed\n"
        );
        assert!(folder.path().join("closed/init.yml").is_file());
        assert!(folder.path().join("closed/knight-moves").is_file());
    }
}

/// Under any umask the folder's modes are the same (`rwxr-xr-x` folders, as its files have
/// theirs), so a judge running as another user reads it; a run that cannot finish, for want of
/// file descriptors, leaves nothing beside DIR, or says where the temporary folder it could not
/// remove is.
#[cfg(unix)] // umask, ulimit and file modes are Unix's
#[test]
fn the_folder_s_modes_do_not_follow_the_umask_and_a_failed_run_leaves_nothing_unsaid() {
    use std::os::unix::fs::PermissionsExt;
    use std::process::Command;

    let folder = tempfile::tempdir().unwrap();
    // The folder `code` written by a shell after `setting` (a umask, a ulimit) of its own.
    let write_after = |setting: &str, code: &str| {
        Command::new("sh")
            .args([
                "-c",
                &format!("{setting} && exec \"$0\" package --format dmoj {code}"),
            ])
            .arg(env!("CARGO_BIN_EXE_knight-moves"))
            .current_dir(folder.path())
            .output()
            .unwrap()
    };
    let modes = |umask: &str, code: &str| {
        let status = write_after(&format!("umask {umask}"), code).status;
        assert!(status.success(), "umask {umask}");
        // Every file and folder under the package's root, the root too, with its mode.
        let root = folder.path().join(code);
        let mut modes = Vec::new();
        let mut pending = vec![root.clone()];
        while let Some(path) = pending.pop() {
            let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            modes.push((path.strip_prefix(&root).unwrap().to_path_buf(), mode));
            if path.is_dir() {
                pending.extend(
                    fs::read_dir(&path)
                        .unwrap()
                        .map(|entry| entry.unwrap().path()),
                );
            }
        }
        modes.sort();
        modes
    };
    let usual = modes("022", "usual");
    assert!(
        usual
            .iter()
            .any(|(path, mode)| path.as_os_str().is_empty() && *mode == 0o755)
    );
    assert_eq!(modes("077", "private"), usual);
    assert_eq!(modes("000", "open"), usual);

    for descriptors in 3..=8 {
        let code = format!("short{descriptors}");
        let output = write_after(&format!("ulimit -n {descriptors}"), &code);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let left = names_in(folder.path());
        for name in left
            .iter()
            .filter(|name| name.starts_with(".knight-moves-"))
        {
            assert!(
                stderr.contains(name.as_str()),
                "{descriptors}: {name} left unsaid: {stderr}"
            );
            fs::remove_dir_all(folder.path().join(name)).unwrap();
        }
        if output.status.success() {
            assert!(folder.path().join(&code).join("init.yml").is_file());
        } else {
            assert!(
                !folder.path().join(&code).exists(),
                "{descriptors}: {stderr}"
            );
        }
    }
}
