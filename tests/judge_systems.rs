//! The judge systems' own tools, with knight-moves as the input and output validators of a
//! UVa 439 problem package (`--validate-input kattis`, `--checker kattis`): problemtools'
//! `verifyproblem` (Kattis) on the legacy package in `tests/data/judge-systems/legacy`, and
//! BAPCtools' `bt validate` and `bt run` on the 2025-09 package in
//! `tests/data/judge-systems/2025-09` (bt reads no other format, problemtools no newer one).
//! Each package's validators are a `build` and a `run` script that run the knight-moves binary
//! copied in beside them, so both tools judge with the program under test: its verdicts on
//! their junk inputs and reformatted answers, on the package's hand-made valid and invalid
//! cases, and on the submissions (two right, one with the corner bug).
//!
//! The tools are Python packages that `cargo test` does not have: those tests are ignored, and
//! `.ci/run` installs the versions in `tests/data/judge-systems/requirements.txt` into a venv
//! and runs them with `KNIGHT_MOVES_JUDGE_TOOLS` naming it. Run without it, they fail rather
//! than pass having checked nothing. The test that the two packages hold the same cases runs
//! everywhere.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The built binary, which the packages' validators run.
const BINARY: &str = env!("CARGO_BIN_EXE_knight-moves");

/// The packages, one folder a format: the folder a tool runs in (which may hold its
/// `languages.yaml`), and in it the problem's package, `knightmoves`.
fn packages() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/judge-systems")
}

/// The problem's folder in each format's folder (its short name to both tools).
const PROBLEM: &str = "knightmoves";

/// Every file under `dir`, as paths relative to it, sorted.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in fs::read_dir(&folder).unwrap_or_else(|error| panic!("{folder:?}: {error}")) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    files.sort();
    files
}

/// The two packages hold the same cases, submissions, validators' scripts and statement, byte
/// for byte (their folders' names differ where the formats do), so that neither tool checks
/// what the other does not; the sample is the judge's (`tests/data/sample.in` and `.out`);
/// and each answer file is what knight-moves answers to its input, as the cases were made
/// (`knight-moves FILE.in > FILE.ans`).
#[test]
fn the_two_packages_hold_the_same_cases_and_programs() {
    let legacy = packages().join("legacy").join(PROBLEM);
    let current = packages().join("2025-09").join(PROBLEM);
    let shared = [
        ("data/sample", "data/sample"),
        ("data/secret", "data/secret"),
        ("submissions", "submissions"),
        ("input_validators", "input_validators"),
        ("output_validators/checker", "output_validator"),
        ("problem_statement", "statement"),
    ];
    for (in_legacy, in_current) in shared {
        let files = files_under(&legacy.join(in_legacy));
        assert!(!files.is_empty(), "{in_legacy} is empty");
        assert_eq!(
            files,
            files_under(&current.join(in_current)),
            "legacy's {in_legacy} and 2025-09's {in_current} hold different files"
        );
        for file in files {
            assert!(
                fs::read(legacy.join(in_legacy).join(&file)).unwrap()
                    == fs::read(current.join(in_current).join(&file)).unwrap(),
                "{in_legacy}/{} differs between the packages",
                file.display()
            );
        }
    }
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for (package, ours) in [("1.in", "sample.in"), ("1.ans", "sample.out")] {
        assert!(
            fs::read(legacy.join("data/sample").join(package)).unwrap()
                == fs::read(data.join(ours)).unwrap(),
            "data/sample/{package} is not tests/data/{ours}"
        );
    }
    let mut answered = 0;
    for package in [&legacy, &current] {
        for file in files_under(&package.join("data")) {
            if file.extension() != Some(OsStr::new("ans")) {
                continue;
            }
            let input = package.join("data").join(file.with_extension("in"));
            let output = Command::new(BINARY).arg(&input).output().unwrap();
            assert!(output.status.success(), "{input:?}: {output:?}");
            assert!(
                output.stdout == fs::read(package.join("data").join(&file)).unwrap(),
                "{} is not knight-moves' answer to its .in",
                file.display()
            );
            answered += 1;
        }
    }
    assert!(answered >= 8, "only {answered} answer files were found");
}

/// The path of `tool` in the venv that `KNIGHT_MOVES_JUDGE_TOOLS` names; the test fails,
/// saying what to install, when the variable or the tool is missing.
fn judge_tool(tool: &str) -> PathBuf {
    let venv = std::env::var_os("KNIGHT_MOVES_JUDGE_TOOLS").unwrap_or_else(|| {
        panic!(
            "KNIGHT_MOVES_JUDGE_TOOLS is not set: it names a venv where \
             `pip install -r tests/data/judge-systems/requirements.txt` installed the judge \
             tools (.ci/run makes one in target/judge-tools)"
        )
    });
    let path = Path::new(&venv).join("bin").join(tool);
    assert!(
        path.is_file(),
        "{} is missing: KNIGHT_MOVES_JUDGE_TOOLS must name a venv where \
         tests/data/judge-systems/requirements.txt is installed",
        path.display()
    );
    path
}

/// A copy of one format's folder in a temporary directory, with the knight-moves binary
/// copied into each of `validators` (folders of its package): the tools write into the
/// package (bt its build links), and the repository holds no binary.
struct Workspace {
    /// Holds the copy, the tools' temporary files and their configuration folder; removed
    /// when the test ends.
    root: tempfile::TempDir,
}

impl Workspace {
    fn new(format: &str, validators: &[&str]) -> Workspace {
        let root = tempfile::tempdir().unwrap();
        copy_tree(&packages().join(format), &root.path().join(format));
        for validator in validators {
            let folder = root.path().join(format).join(PROBLEM).join(validator);
            assert!(
                folder.join("run").is_file(),
                "{folder:?} holds no run script"
            );
            fs::copy(BINARY, folder.join("knight-moves")).unwrap();
        }
        for own in ["tmp", "config"] {
            fs::create_dir(root.path().join(own)).unwrap();
        }
        Workspace { root }
    }

    /// `tool` with `args`, run in the format's folder, with the temporary directory and the
    /// configuration folder (XDG_CONFIG_HOME, where both tools look for a user's settings)
    /// inside the workspace; returns whether it exited 0 and its standard output and error
    /// together.
    fn run(&self, format: &str, tool: &Path, args: &[&str]) -> (bool, String) {
        let output = Command::new(tool)
            .args(args)
            .current_dir(self.root.path().join(format))
            .env("TMPDIR", self.root.path().join("tmp"))
            .env("XDG_CONFIG_HOME", self.root.path().join("config"))
            .output()
            .unwrap_or_else(|error| panic!("{} does not start: {error}", tool.display()));
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        (output.status.success(), without_colours(&text))
    }
}

/// `text` without its ANSI colour sequences (ESC `[`, parameters, a final letter). BAPCtools
/// colours what it prints even into a pipe when `CI` is set (it then skips colorama, which
/// would strip them), so the lines the tests look for must be read without them.
fn without_colours(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            plain.push(c);
            continue;
        }
        if chars.clone().next() == Some('[') {
            chars.next();
            // Parameter and intermediate bytes, then one final byte in '@'..='~'.
            for c in chars.by_ref() {
                if ('@'..='~').contains(&c) {
                    break;
                }
            }
        }
    }
    plain
}

#[test]
fn colour_sequences_are_taken_out_and_nothing_else() {
    let coloured =
        "\u{1b}[36mInvalidation\u{1b}[0m: a \u{1b}[32mrejected \u{1b}[33mwhy\u{1b}[0m\u{1b}[0m";
    assert_eq!(without_colours(coloured), "Invalidation: a rejected why");
    assert_eq!(without_colours("plain [text] é"), "plain [text] é");
    assert_eq!(without_colours("cut \u{1b}"), "cut ");
}

/// Copies the folder `from` to `to`, its files' permissions included (the scripts stay
/// executable).
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The lines of `output` that start with `start` (after spaces).
fn lines_starting<'a>(output: &'a str, start: &str) -> Vec<&'a str> {
    output
        .lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with(start))
        .collect()
}

/// problemtools checks the package's configuration and data, runs knight-moves as its input
/// validator on every case and on its own junk inputs and edits of the cases (extra spaces
/// and newlines, leading zeros, trailing junk: each must be rejected, or it warns), and as
/// its output validator on its junk outputs and on every submission's output. Zero errors
/// and zero warnings; the right submissions accepted, the one that takes a1 b2 in 2 moves
/// judged wrong.
#[cfg(unix)] // the validators are shell scripts; problemtools runs on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_problemtools_the_legacy_package_verifies_without_error_or_warning() {
    let verifyproblem = judge_tool("verifyproblem");
    let workspace = Workspace::new(
        "legacy",
        &[
            "input_validators/validate-input",
            "output_validators/checker",
        ],
    );
    // `--` ends -p's list of parts, which would take the problem's folder for one.
    let args = [
        "-p",
        "config",
        "data",
        "validators",
        "submissions",
        "--",
        PROBLEM,
    ];
    let (success, output) = workspace.run("legacy", &verifyproblem, &args);
    let shown = format!("verifyproblem {}:\n{output}", args.join(" "));
    assert!(success, "{shown}");
    assert_eq!(
        lines_starting(&output, &format!("{PROBLEM} tested: ")),
        [format!("{PROBLEM} tested: 0 errors, 0 warnings")],
        "{shown}"
    );
    for checked in [
        "Checking 1 input validator",
        "Checking output validator",
        "Checking 4 test cases",
        "Checking 3 submissions",
    ] {
        assert_eq!(
            lines_starting(&output, checked).len(),
            1,
            "{checked}: {shown}"
        );
    }
    for (submission, verdict) in [
        ("accepted/bfs.cpp (C++)", "AC"),
        ("accepted/bfs.py (Python 3", "AC"),
        ("wrong_answer/no_edges.py (Python 3", "WA"),
    ] {
        let judged = lines_starting(&output, submission);
        assert!(
            judged.len() == 1 && judged[0].contains(&format!(" OK: {verdict} ")),
            "{submission} was not judged {verdict}: {shown}"
        );
    }
}

/// BAPCtools' `bt validate` runs knight-moves as the input validator on every case, on the
/// package's invalid inputs and on its own (CRLF line ends, swapped case, leading and trailing
/// spaces, junk), all of which must be rejected; as the output validator, with
/// `case_sensitive space_change_sensitive`, on every answer file; and without them on the
/// package's invalid outputs (rejected), its valid ones (accepted), and its own edits of the
/// sample's answer: rejected when a token is added, accepted when only white space or case
/// changes. `bt run` judges the submissions by it. Either exits 1 on any error or warning.
#[cfg(unix)] // the validators are shell scripts; bt runs them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_bapctools_the_2025_09_package_validates_and_judges_each_submission_as_expected() {
    let bt = judge_tool("bt");
    let workspace = Workspace::new(
        "2025-09",
        &["input_validators/validate-input", "output_validator"],
    );
    let package = workspace.root.path().join("2025-09").join(PROBLEM);
    let names = |folder: &str| -> Vec<String> {
        files_under(&package.join("data").join(folder))
            .iter()
            .filter(|file| file.extension() == Some(OsStr::new("in")))
            .map(|file| format!("{folder}/{}", file.with_extension("").display()))
            .collect()
    };

    let args = ["validate", "--no-bar", "--verbose", "--problem", PROBLEM];
    let (success, output) = workspace.run("2025-09", &bt, &args);
    let shown = format!("bt {}:\n{output}", args.join(" "));
    assert!(success, "{shown}");
    // Each case named, with knight-moves' verdict on it.
    let judged = |action: &str, case: &str, verdict: &str| {
        let start = format!("{action}: {case} ");
        assert!(
            lines_starting(&output, &start)
                .iter()
                .any(|line| line.contains(verdict)),
            "no line {start}… {verdict}: {shown}"
        );
    };
    for case in names("invalid_input") {
        judged("Invalidation", &case, "validate-input: rejected");
    }
    for case in names("invalid_output") {
        judged("Invalidation", &case, "output_validator: rejected");
    }
    for case in names("valid_output") {
        judged("Output validation", &case, "output_validator: accepted");
    }
    for case in [names("sample"), names("secret")].concat() {
        judged("Input validation", &case, "validate-input: accepted");
        let strict = "output_validator (ans) [case_sensitive, space_change_sensitive]: accepted";
        judged("Answer validation", &case, strict);
    }
    // bt's own edits of the sample: the ones this test relies on being made.
    for edit in [
        "windows_newline",
        "swap_case",
        "leading_space",
        "trailing_newline",
    ] {
        let case = format!("invalid_input/0/{edit}");
        judged("Generic Invalidation", &case, "validate-input: rejected");
    }
    for edit in ["windows_newline", "swap_case", "all_space", "drop_newline"] {
        let case = format!("valid_output/0/{edit}");
        judged(
            "Generic output validation",
            &case,
            "output_validator: accepted",
        );
    }
    for edit in ["trailing_token_str", "append_token_int", "empty"] {
        let case = format!("invalid_output/0/{edit}");
        judged("Generic Invalidation", &case, "output_validator: rejected");
    }

    let args = ["run", "--no-bar", "--verbose", "--problem", PROBLEM];
    let (success, output) = workspace.run("2025-09", &bt, &args);
    let shown = format!("bt {}:\n{output}", args.join(" "));
    assert!(success, "{shown}");
    // Lines `SUBMISSION: VERDICT TIME @ CASE`, one a case, and one more for the slowest.
    let verdicts = |submission: &str| -> Vec<String> {
        lines_starting(&output, &format!("{submission}: "))
            .iter()
            .filter_map(|line| line.split_whitespace().nth(1).map(str::to_owned))
            .collect()
    };
    let cases = names("sample").len() + names("secret").len();
    for submission in ["accepted/bfs.cpp", "accepted/bfs.py"] {
        let found = verdicts(submission);
        assert!(
            found.len() > cases && found.iter().all(|verdict| verdict == "AC"),
            "{submission}: {found:?}: {shown}"
        );
    }
    assert!(
        verdicts("wrong_answer/no_edges.py").contains(&"WA".to_owned()),
        "wrong_answer/no_edges.py was not judged wrong: {shown}"
    );
    // Judged wrong by knight-moves, for the corner: a1 b2 is the sample's second line.
    assert!(
        output.contains("Wrong answer at output:2: expected \"4\", found \"2\""),
        "{shown}"
    );
}
