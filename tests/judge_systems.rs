//! The judge systems' own tools on the problem packages knight-moves writes (`package`), with
//! knight-moves as their input and output validators (`validate kattis`, `checker
//! kattis`): problemtools' `verifyproblem` (Kattis) on the legacy package, and BAPCtools' `bt
//! validate` and `bt run` on the 2025-09 package (bt reads no other format, problemtools no
//! newer one). Each package's validators are a `build` and a `run` script that run the copy of
//! the knight-moves binary that wrote the package, so both tools judge with the program under
//! test: its verdicts on their junk inputs and reformatted answers, on the package's cases, its
//! invalid inputs and outputs, and on the submissions (three right, two wrong).
//!
//! Both tools run a Python submission with PyPy (`pypy3`), as they ship; a `languages.yaml`
//! beside the package has them run it with CPython instead, as the guide tells those without
//! PyPy. Each tool judges the submissions with each: with PyPy where `pypy3` is installed (the
//! test says when it is not), and always with CPython, so that a slow submission is too slow,
//! and a right one quick enough, in both.
//!
//! The tools are Python packages that `cargo test` does not have: those tests are ignored, and
//! `.ci/run` installs the versions in `tests/data/judge-systems/requirements.txt` into a venv
//! (and PyPy where apt can) and runs them with `KNIGHT_MOVES_JUDGE_TOOLS` naming it. Run
//! without it, they fail rather than pass having checked nothing. The tests of what a package
//! holds run everywhere.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::files_under;

/// The built binary, which writes the packages and which their validators run.
const BINARY: &str = env!("CARGO_BIN_EXE_knight-moves");

/// The folder of the tools' settings for the packages: each format's `languages.yaml`, which a
/// tool reads in the folder it runs in (or the package's parent), and which has it run Python
/// submissions with CPython.
fn settings() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/judge-systems")
}

/// The Python a tool runs the package's Python submissions with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Python {
    /// PyPy (`pypy3`), the tools' own choice: their languages as they ship them.
    PyPy,
    /// CPython (`python3`, the venv's own), by the format's `languages.yaml` beside the package.
    CPython,
}

impl Python {
    /// The name verifyproblem gives the language it judges a Python submission in.
    fn problemtools_name(self) -> &'static str {
        match self {
            Python::PyPy => "Python 3 (w/PyPy3)",
            Python::CPython => "Python 3 (CPython)",
        }
    }
}

/// The Pythons to judge the submissions with: PyPy where `pypy3` runs from PATH, where the
/// tools look for it (said on the test's output when it does not), and CPython always.
fn pythons() -> Vec<Python> {
    let has_pypy = Command::new("pypy3")
        .arg("--version")
        .output()
        .is_ok_and(|ran| ran.status.success());
    if !has_pypy {
        println!("pypy3 is not installed: the submissions are judged with CPython only");
    }
    let pypy = has_pypy.then_some(Python::PyPy);
    pypy.into_iter().chain([Python::CPython]).collect()
}

/// The problem's folder in each format's folder (its short name to both tools).
const PROBLEM: &str = "knightmoves";

/// The uuid the tests' packages are written with, so that two are the same to the byte.
const UUID: &str = "3e2a38b5-efb4-40e6-8283-33404a412289";

/// Writes the package of `format` (`legacy` or `2025-09`) to `dir` with `extra` options: the
/// status and what knight-moves said.
fn package(dir: &Path, format: &str, extra: &[&str]) -> (i32, String) {
    let output = Command::new(BINARY)
        .arg("package")
        .arg(dir)
        .args(["--format", format])
        .args(extra)
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code().unwrap(), said)
}

/// The two formats' packages hold the same cases, submissions, validators' scripts and
/// statement, byte for byte (their folders' names differ where the formats do), so that
/// neither tool checks what the other does not; the sample is the judge's
/// (`tests/data/sample.in` and `.out`); each answer file is what knight-moves answers to its
/// input; and the validators run the binary that wrote the package.
#[test]
fn the_two_formats_hold_the_same_cases_and_programs_and_the_judges_sample() {
    let root = tempfile::tempdir().unwrap();
    let (legacy, current) = (root.path().join("legacy"), root.path().join("current"));
    for (dir, format) in [(&legacy, "legacy"), (&current, "2025-09")] {
        let (status, said) = package(dir, format, &["--uuid", UUID]);
        assert_eq!(status, 0, "{said}");
        assert_eq!(
            said.lines().next(),
            Some(format!("Wrote the problem package to {}", dir.display()).as_str())
        );
    }
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
    assert!(answered >= 20, "only {answered} answer files were found");
    let binary = fs::read(BINARY).unwrap();
    for validator in [
        "input_validators/validate-input",
        "output_validators/checker",
    ] {
        let copy = legacy.join(validator).join("knight-moves");
        assert!(
            fs::read(&copy).unwrap() == binary,
            "{copy:?} is not the binary"
        );
    }
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

/// One format's package, written by knight-moves into a temporary directory, for the tools to
/// run the Python submissions with `python`: for CPython, beside the format's `languages.yaml`.
/// The tools write into the package (bt its build links), and the repository holds no binary.
struct Workspace {
    /// Holds the package, the tools' temporary files and their configuration folder; removed
    /// when the test ends.
    root: tempfile::TempDir,
}

impl Workspace {
    fn new(format: &str, options: &[&str], python: Python) -> Workspace {
        let root = tempfile::tempdir().unwrap();
        let folder = root.path().join(format);
        fs::create_dir(&folder).unwrap();
        if python == Python::CPython {
            fs::copy(
                settings().join(format).join("languages.yaml"),
                folder.join("languages.yaml"),
            )
            .unwrap();
        }
        let options = [&["--uuid", UUID][..], options].concat();
        let (status, said) = package(&folder.join(PROBLEM), format, &options);
        assert_eq!(status, 0, "{said}");
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
            .env("PATH", with_the_venv_first(tool))
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

/// PATH with the folder of `tool` (the venv's `bin`) first, as activating the venv puts it: the
/// `languages.yaml` for CPython runs Python submissions as `python3`, which is then the venv's
/// own interpreter, not whatever wrapper stands first on the caller's PATH (a version manager's
/// shim costs tens of milliseconds a run, and the tools run the submissions hundreds of times).
/// `pypy3` is found further on, where it is installed.
fn with_the_venv_first(tool: &Path) -> std::ffi::OsString {
    let venv_bin = tool.parent().expect("a tool in the venv's bin folder");
    let inherited = std::env::var_os("PATH").unwrap_or_default();
    let folders = std::iter::once(venv_bin.to_path_buf()).chain(std::env::split_paths(&inherited));
    std::env::join_paths(folders).expect("PATH's folders hold no separator")
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
/// and zero warnings; every submission judged as its folder says (right, wrong, too slow),
/// with each Python.
fn problemtools_verifies(options: &[&str]) {
    let verifyproblem = judge_tool("verifyproblem");
    for python in pythons() {
        let workspace = Workspace::new("legacy", options, python);
        let package = workspace.root.path().join("legacy").join(PROBLEM);
        // The statement is checked too where LaTeX is installed (problemtools makes its PDF
        // with lualatex, its HTML with dvisvgm and tidy); else every part but it. `--` ends
        // -p's list of parts, which would take the problem's folder for one.
        let with_latex = ["lualatex", "dvisvgm", "tidy"].iter().all(|tool| {
            Command::new(tool)
                .arg("--version")
                .output()
                .is_ok_and(|ran| ran.status.success())
        });
        let args: &[&str] = match with_latex {
            true => &[PROBLEM],
            false => &[
                "-p",
                "config",
                "data",
                "validators",
                "submissions",
                "--",
                PROBLEM,
            ],
        };
        println!(
            "{options:?}, {python:?}: verifyproblem {} ({})",
            args.join(" "),
            match with_latex {
                true => "the statement too: lualatex, dvisvgm and tidy are installed",
                false => "not the statement: lualatex, dvisvgm or tidy is not installed",
            }
        );
        let (success, output) = workspace.run("legacy", &verifyproblem, args);
        let shown = format!(
            "{options:?}, {python:?}: verifyproblem {}:\n{output}",
            args.join(" ")
        );
        assert!(success, "{shown}");
        assert_eq!(
            lines_starting(&output, &format!("{PROBLEM} tested: ")),
            [format!("{PROBLEM} tested: 0 errors, 0 warnings")],
            "{shown}"
        );
        let cases = files_under(&package.join("data"))
            .iter()
            .filter(|file| file.extension() == Some(OsStr::new("in")))
            .count();
        let submissions = submissions(&package);
        for checked in [
            "Checking 1 input validator".to_owned(),
            "Checking output validator".to_owned(),
            format!("Checking {cases} test cases"),
            format!("Checking {} submissions", submissions.len()),
        ] {
            assert_eq!(
                lines_starting(&output, &checked).len(),
                1,
                "{checked}: {shown}"
            );
        }
        for (submission, verdict) in &submissions {
            let judged = lines_starting(&output, &format!("{submission} ("));
            assert!(
                judged.len() == 1 && judged[0].contains(&format!(" OK: {verdict} ")),
                "{submission} was not judged {verdict}: {shown}"
            );
            let language = format!("{submission} ({}) ", python.problemtools_name());
            assert!(
                !submission.ends_with(".py") || judged[0].starts_with(&language),
                "{submission} was not run with {python:?}: {shown}"
            );
        }
    }
}

// The judge tools' tests, one for each tool and package, so that they share the cores: each
// problem's package, and UVa 439's with routes, by their options beside `package`. (Written
// out one by one, not by a macro, so that tests/platforms.rs counts them.)

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_problemtools_uva439() {
    problemtools_verifies(&[]);
}

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_bapctools_uva439() {
    bapctools_validates_and_judges(&judge_tool("bt"), &[]);
}

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_problemtools_uva439_with_routes() {
    problemtools_verifies(&["--path"]);
}

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_bapctools_uva439_with_routes() {
    bapctools_validates_and_judges(&judge_tool("bt"), &["--path"]);
}

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_problemtools_nakanj() {
    problemtools_verifies(&["--problem", "nakanj"]);
}

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_bapctools_nakanj() {
    bapctools_validates_and_judges(&judge_tool("bt"), &["--problem", "nakanj"]);
}

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_problemtools_poj1915() {
    problemtools_verifies(&["--problem", "poj1915"]);
}

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_bapctools_poj1915() {
    bapctools_validates_and_judges(&judge_tool("bt"), &["--problem", "poj1915"]);
}

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_problemtools_cses_grid() {
    problemtools_verifies(&["--problem", "cses-grid"]);
}

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_bapctools_cses_grid() {
    bapctools_validates_and_judges(&judge_tool("bt"), &["--problem", "cses-grid"]);
}

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_problemtools_knightl() {
    problemtools_verifies(&["--problem", "knightl"]);
}

#[cfg(unix)] // the validators are shell scripts; the tools run them on Unix only
#[test]
#[ignore = "needs problemtools and bapctools: .ci/run installs them (KNIGHT_MOVES_JUDGE_TOOLS)"]
fn by_bapctools_knightl() {
    bapctools_validates_and_judges(&judge_tool("bt"), &["--problem", "knightl"]);
}

/// A package's submissions, by their path under `submissions/`, with the verdict their folder
/// asks for: `accepted` AC, `wrong_answer` WA, `time_limit_exceeded` TLE.
fn submissions(package: &Path) -> Vec<(String, &'static str)> {
    let found: Vec<(String, &'static str)> = files_under(&package.join("submissions"))
        .iter()
        .map(|file| {
            let folder = file
                .iter()
                .next()
                .and_then(OsStr::to_str)
                .unwrap_or_default();
            let verdict = match folder {
                "accepted" => "AC",
                "wrong_answer" => "WA",
                "time_limit_exceeded" => "TLE",
                other => panic!("a submission in {other}/"),
            };
            (file.display().to_string(), verdict)
        })
        .collect();
    for verdict in ["AC", "WA"] {
        assert!(
            found.iter().any(|(_, v)| *v == verdict),
            "{package:?}: no submission is to be judged {verdict}"
        );
    }
    found
}

/// BAPCtools' `bt validate` runs knight-moves as the input validator on every case, on the
/// package's invalid inputs and on its own (CRLF line ends, swapped case, leading and trailing
/// spaces, junk), all of which must be rejected; as the output validator, with
/// `case_sensitive space_change_sensitive`, on every answer file; and without them on the
/// package's invalid outputs (rejected), its valid ones (accepted), and its own edits of the
/// sample's answer: rejected when a token is added, accepted when only white space or case
/// changes. `bt run` judges the submissions by it, each as its folder says; `bt generate`
/// makes the data again from generators.yaml, the same to the byte (its answers by the first
/// right Python submission). Each exits 1 on any error or warning. All of it with each Python.
fn bapctools_validates_and_judges(bt: &Path, options: &[&str]) {
    for python in pythons() {
        bapctools_validates_and_judges_with(bt, options, python);
    }
}

/// What [`bapctools_validates_and_judges`] checks, with the Python submissions run by `python`.
fn bapctools_validates_and_judges_with(bt: &Path, options: &[&str], python: Python) {
    let workspace = Workspace::new("2025-09", options, python);
    let package = workspace.root.path().join("2025-09").join(PROBLEM);
    let names = |folder: &str| -> Vec<String> {
        files_under(&package.join("data").join(folder))
            .iter()
            .filter(|file| file.extension() == Some(OsStr::new("in")))
            .map(|file| format!("{folder}/{}", file.with_extension("").display()))
            .collect()
    };

    // `bt generate` makes the data again from generators.yaml, the same to the byte: the
    // seeds it gives knight-moves are the ones the package's cases were made from.
    let data = |package: &Path| -> Vec<(PathBuf, Vec<u8>)> {
        files_under(&package.join("data"))
            .into_iter()
            .map(|file| {
                let bytes = fs::read(package.join("data").join(&file)).unwrap();
                (file, bytes)
            })
            .collect()
    };
    let written = data(&package);
    let args = ["generate", "--no-bar", "--problem", PROBLEM];
    let (success, output) = workspace.run("2025-09", bt, &args);
    let shown = format!("{options:?}, {python:?}: bt {}:\n{output}", args.join(" "));
    assert!(success, "{shown}");
    let made_again = data(&package);
    assert_eq!(
        written.iter().map(|(file, _)| file).collect::<Vec<_>>(),
        made_again.iter().map(|(file, _)| file).collect::<Vec<_>>(),
        "{shown}"
    );
    for ((file, bytes), (_, again)) in written.iter().zip(&made_again) {
        assert!(
            bytes == again,
            "bt generate made {file:?} otherwise: {shown}"
        );
    }

    let args = ["validate", "--no-bar", "--verbose", "--problem", PROBLEM];
    let (success, output) = workspace.run("2025-09", bt, &args);
    let shown = format!("{options:?}, {python:?}: bt {}:\n{output}", args.join(" "));
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
        judged("Answer validation", &case, "answer: accepted");
    }
    // bt's own edits of the sample: the ones this test relies on being made (a change of
    // case where the sample has letters to change).
    let has_letters = |file: &str| {
        let text = fs::read(package.join("data/sample").join(file)).unwrap();
        text.iter().any(u8::is_ascii_alphabetic)
    };
    let swap_case = |file: &str| has_letters(file).then_some("swap_case");
    let edits = ["windows_newline", "leading_space", "trailing_newline"];
    for edit in edits.into_iter().chain(swap_case("1.in")) {
        let case = format!("invalid_input/0/{edit}");
        judged("Generic Invalidation", &case, "validate-input: rejected");
    }
    let edits = ["windows_newline", "all_space", "drop_newline"];
    for edit in edits.into_iter().chain(swap_case("1.ans")) {
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
    let (success, output) = workspace.run("2025-09", bt, &args);
    let shown = format!("{options:?}, {python:?}: bt {}:\n{output}", args.join(" "));
    assert!(success, "{shown}");
    // bt names no submission's language, but says (with --verbose) when it runs one in another
    // than the one it was given, as it would without pypy3 for its own Python 3.
    assert!(!output.contains("Falling back"), "{shown}");
    // Lines `SUBMISSION: VERDICT TIME @ CASE`, one a case, and one more for the slowest.
    let verdicts = |submission: &str| -> Vec<String> {
        lines_starting(&output, &format!("{submission}: "))
            .iter()
            .filter_map(|line| line.split_whitespace().nth(1))
            // The verdict's letters: a time of 10 s or more follows them with no space.
            .map(|word| word.chars().take_while(char::is_ascii_uppercase).collect())
            .collect()
    };
    let cases = names("sample").len() + names("secret").len();
    for (submission, verdict) in submissions(&package) {
        let found = verdicts(&submission);
        let expected = match verdict {
            // Every case right, and the slowest named once more.
            "AC" => found.len() > cases && found.iter().all(|found| found == "AC"),
            // Its first failure is the verdict.
            verdict => found.iter().any(|found| found == verdict),
        };
        assert!(
            expected,
            "{submission} was not judged {verdict}: {found:?}: {shown}"
        );
    }
    // Judged wrong by knight-moves, for the corner: a1 b2 is UVa 439's sample's second line
    // (with a route too, its count comes first).
    if !options.contains(&"--problem") {
        let corner = "Wrong answer at output:2: expected \"4\", found \"2\"";
        assert!(output.contains(corner), "{shown}");
    }
}

/// DMOJ's judge on the folders `package --format dmoj` writes, by `scripts/verify-dmoj.sh`
/// with the binary under test: every problem's `dmoj-cli test CODE` (the folder's own tests,
/// none skipped), a submission of each kind judged case by case (the right C++ and Python AC
/// on every case, a wrong one WA); with routes, another shortest route AC, a step that is no
/// move and a longer route WA; and an answer file that is not knight-moves' an internal error
/// (knight-moves' judge failure, from the folder's checker), never the submission's verdict. DMOJ's judge is a Python package with a C++ sandbox that `cargo test` does not have:
/// `.ci/run` installs it (`scripts/verify-dmoj.sh --install`) and runs this test with
/// `KNIGHT_MOVES_DMOJ` naming its venv; run without it, the test fails rather than pass having
/// checked nothing, and it never installs the judge itself.
#[cfg(target_os = "linux")] // DMOJ's judge runs on Linux (and FreeBSD) only
#[test]
#[ignore = "needs DMOJ's judge: .ci/run installs it (KNIGHT_MOVES_DMOJ)"]
fn by_dmoj_every_problem() {
    let venv = std::env::var_os("KNIGHT_MOVES_DMOJ").unwrap_or_else(|| {
        panic!(
            "KNIGHT_MOVES_DMOJ is not set: it names a venv where `scripts/verify-dmoj.sh \
             --install` installed DMOJ's judge (.ci/run makes one in target/dmoj)"
        )
    });
    let venv = PathBuf::from(venv);
    for installed in ["bin/dmoj-cli", "runtime.yml"] {
        assert!(
            venv.join(installed).is_file(),
            "{} is missing: KNIGHT_MOVES_DMOJ must name a venv where `scripts/verify-dmoj.sh \
             --install` installed DMOJ's judge",
            venv.join(installed).display()
        );
    }
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/verify-dmoj.sh");
    let output = Command::new(&script)
        .arg(BINARY)
        .env("DMOJ_VENV", &venv)
        .output()
        .unwrap_or_else(|error| panic!("{} does not start: {error}", script.display()));
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    println!("{said}");
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("verify-dmoj: every outcome as wanted"),
        "{said}"
    );
    for code in [
        "uva439",
        "uva439path",
        "nakanj",
        "poj1915",
        "csesgrid",
        "knightl",
    ] {
        assert!(
            said.contains(&format!("dmoj-cli test {code} exited 0")),
            "{code}: {said}"
        );
    }
}
