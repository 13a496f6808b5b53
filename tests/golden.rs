//! The golden corpus: the binary's stdout, stderr and exit status on every case of
//! `tests/golden/cases.txt`, byte for byte as recorded; a change of behaviour on purpose
//! records it anew (see below), and the commit says why.
//!
//! Every case runs twice, with the accelerator on and off (`KNIGHT_MOVES_ACCELERATOR=off`), and
//! both runs must match the recording: the fast paths may change how fast, never what.
//!
//! The time column of `--stats` and `--compare` is the one thing that differs from run to run;
//! it is taken out of both sides before comparing. To record the corpus anew from the current
//! binary (only when an issue changes behaviour on purpose): `KNIGHT_MOVES_BLESS=1 cargo test
//! --test integration golden::`, then read the diff.
//!
//! The system's words for its errors are the one other thing: Windows words a missing file
//! otherwise than Linux, where the corpus was recorded; there only they are taken out. And on
//! Windows the options' documentation is not compared: it tells how Windows splits --stress's
//! COMMAND.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// One case: its name, the arguments, and the file given as standard input (if any).
struct Case {
    name: String,
    args: Vec<String>,
    stdin: Option<String>,
}

fn cases() -> Vec<Case> {
    let text = fs::read_to_string(golden_dir().join("cases.txt")).expect("cases.txt");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            Case {
                name: fields[0].to_owned(),
                args: fields[1].split_whitespace().map(str::to_owned).collect(),
                stdin: fields
                    .get(2)
                    .filter(|f| !f.is_empty())
                    .map(|f| f.to_string()),
            }
        })
        .collect()
}

/// What one run showed: stdout, and the exit status followed by stderr without timings.
fn run(case: &Case, accelerator: bool) -> (Vec<u8>, Vec<u8>) {
    let inputs = golden_dir().join("inputs");
    let stdin = match &case.stdin {
        Some(file) => Stdio::from(fs::File::open(inputs.join(file)).expect("stdin file")),
        None => Stdio::from(fs::File::open(inputs.join("empty.in")).expect("empty.in")),
    };
    let mut command = Command::new(env!("CARGO_BIN_EXE_knight-moves"));
    command
        .args(&case.args)
        .current_dir(&inputs)
        .stdin(stdin)
        .env_remove("NO_COLOR")
        .env_remove("KNIGHT_MOVES_ACCELERATOR");
    if !accelerator {
        command.env("KNIGHT_MOVES_ACCELERATOR", "off");
    }
    let output = command.output().expect("the binary runs");
    let status = output.status.code().expect("an exit status, not a signal");
    let mut err = format!("exit status {status}\n").into_bytes();
    err.extend_from_slice(&common::without_timings(&output.stderr));
    (output.stdout, err)
}

fn expected_paths(case: &Case) -> (PathBuf, PathBuf) {
    let dir = golden_dir().join("expected");
    (
        dir.join(format!("{}.out", case.name)),
        dir.join(format!("{}.err", case.name)),
    )
}

fn show(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut shown: String = text.chars().take(2000).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    shown
}

/// The first line where two outputs part, for a readable failure.
fn first_difference(expected: &[u8], found: &[u8]) -> String {
    let expected_lines: Vec<&[u8]> = expected.split(|&b| b == b'\n').collect();
    let found_lines: Vec<&[u8]> = found.split(|&b| b == b'\n').collect();
    for (index, (e, f)) in expected_lines.iter().zip(&found_lines).enumerate() {
        if e != f {
            return format!(
                "line {}: expected {:?}, found {:?}",
                index + 1,
                show(e),
                show(f)
            );
        }
    }
    format!(
        "{} lines expected, {} found",
        expected_lines.len(),
        found_lines.len()
    )
}

/// The cases that print the options' documentation, which on Windows says that --stress splits
/// COMMAND by Windows' rules, where the corpus (recorded on Linux) says a POSIX shell's.
const DOCUMENTATION: [&str; 6] = [
    "help",
    "help-short",
    "man",
    "complete-bash",
    "complete-zsh",
    "complete-fish",
];

#[test]
fn every_golden_case_is_reproduced_byte_for_byte_with_the_accelerator_on_and_off() {
    let bless = std::env::var_os("KNIGHT_MOVES_BLESS").is_some();
    let cases = cases();
    assert!(cases.len() > 100, "the corpus is all there");
    let mut failures = Vec::new();
    for case in &cases {
        if cfg!(windows) && DOCUMENTATION.contains(&case.name.as_str()) {
            continue; // their --stress entry says how Windows splits COMMAND
        }
        let (out_path, err_path) = expected_paths(case);
        if bless {
            let (out, err) = run(case, true);
            fs::create_dir_all(out_path.parent().unwrap()).unwrap();
            fs::write(&out_path, out).unwrap();
            fs::write(&err_path, err).unwrap();
            continue;
        }
        let read = |path: &Path| fs::read(path).unwrap_or_else(|_| panic!("{path:?}"));
        let (expected_out, expected_err) = (read(&out_path), read(&err_path));
        for accelerator in [true, false] {
            let (out, err) = run(case, accelerator);
            let label = format!("{} (accelerator {})", case.name, accelerator);
            if out != expected_out {
                failures.push(format!(
                    "{label}: stdout differs, {}",
                    first_difference(&expected_out, &out)
                ));
            }
            let generalised = |err: &[u8]| {
                common::system_words_generalised(&String::from_utf8_lossy(err)).into_bytes()
            };
            if generalised(&err) != generalised(&expected_err) {
                failures.push(format!(
                    "{label}: stderr differs, {}",
                    first_difference(&expected_err, &err)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn timings_are_the_only_thing_taken_out() {
    let table = "engine  queries  nodes_total  nodes_mean  nodes_max  ns_per_query\n\
                 table        7            0        0.00          0          12.5\n\
                 knight-moves: x\n";
    assert_eq!(
        String::from_utf8(common::without_timings(table.as_bytes())).unwrap(),
        "engine queries nodes_total nodes_mean nodes_max\ntable 7 0 0.00 0\nknight-moves: x\n"
    );
    let json =
        "{\"engines\":[{\"engine\":\"bfs\",\"ns_per_query\":81.5},{\"ns_per_query\":3.0}]}\n";
    assert_eq!(
        String::from_utf8(common::without_timings(json.as_bytes())).unwrap(),
        "{\"engines\":[{\"engine\":\"bfs\",\"ns_per_query\":_},{\"ns_per_query\":_}]}\n"
    );
}
