//! I/O that tells the truth (issue 10), on the binary: file names shown as given, an empty
//! name, a closed or full standard output, text from Windows editors, the length limit with
//! CRLF, and the spellings of `--board` and `--max-nodes`.

use crate::common;

use common::{knight_moves, sentence};
use predicates::prelude::*;

/// Runs `script` in `sh`, where `$KM` is the built binary, in `tests/data`; returns (status,
/// stdout, stderr).
#[cfg(unix)]
fn in_a_shell(script: &str) -> (i32, String, String) {
    let output = std::process::Command::new("sh")
        .args(["-c", script])
        .env("KM", env!("CARGO_BIN_EXE_knight-moves"))
        .current_dir(common::data_dir())
        .output()
        .expect("sh runs");
    (
        output.status.code().expect("an exit status"),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[cfg(target_os = "linux")] // names of any bytes: macOS's file systems take UTF-8 names only
#[test]
fn file_names_are_shown_as_given_one_message_a_line() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    let dir = tempfile::tempdir().unwrap();
    let odd = OsStr::from_bytes(b"two\nlines \xff\\.in");
    std::fs::write(dir.path().join(odd), "e2 e4\ni9 a1\n").unwrap();
    let shown = r"two\nlines \xff\\.in";
    knight_moves()
        .current_dir(dir.path())
        .arg(odd)
        .arg(OsStr::from_bytes(b"missing\n\xfe.in"))
        .assert()
        .code(2)
        .stdout(sentence("e2", "e4", 2))
        .stderr(format!(
            "knight-moves: {shown}:2: square \"i9\" is off the 8x8 board: expected a file a-h \
             and a rank 1-8\nknight-moves: missing\\n\\xfe.in: No such file or directory (os \
             error 2)\n"
        ));
    let output = knight_moves()
        .current_dir(dir.path())
        .args(["--format", "json"])
        .arg(odd)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_str(
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(json["source"], shown, "the same name as in messages");
}

#[test]
fn an_empty_file_name_is_reported_and_the_others_read() {
    knight_moves()
        .args(["sample.in", "", "sample.in"])
        .assert()
        .code(2)
        .stdout(include_str!("data/sample.out").repeat(2))
        .stderr(common::stderr_reads(
            "knight-moves: '': No such file or directory (os error 2)\n",
        ));
}

/// A closed standard input is a source that cannot be read, not an empty one: Rust's runtime
/// reads it as `/dev/null`, so a pipeline that lost its input would succeed with no answers.
/// One open for writing only is refused the same way: its reads fail (`EBADF`), which Rust's
/// standard input takes for the end of the input.
#[cfg(unix)] // a POSIX shell closes the input
#[test]
fn a_closed_standard_input_is_an_error_not_an_empty_input() {
    let closed = "knight-moves: <stdin>: standard input is closed\n";
    let (status, stdout, stderr) = in_a_shell("\"$KM\" <&-");
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (2, "", closed));
    // The other sources are still read, in order.
    let (status, stdout, stderr) = in_a_shell("\"$KM\" - sample.in <&-");
    assert_eq!((status, stderr.as_str()), (2, closed));
    assert_eq!(stdout, include_str!("data/sample.out"));
    // Answers to check from standard input.
    let (status, stdout, stderr) = in_a_shell("\"$KM\" check - sample.in <&-");
    assert_eq!((status, stdout.as_str(), stderr.as_str()), (2, "", closed));
    // Queries to judge against from standard input: the judging could not read them, and
    // says so (not that standard input holds nothing, nor a verdict on the answers).
    let (status, stdout, stderr) = in_a_shell("\"$KM\" check sample.out <&-");
    assert_eq!((status, stderr.as_str()), (5, closed));
    assert!(
        stdout.starts_with(
            "Judge failure: knight-moves could not read <stdin> (standard input is closed)"
        ),
        "{stdout}"
    );
    let (status, stdout, stderr) = in_a_shell("\"$KM\" 0>/dev/null");
    let write_only = "knight-moves: <stdin>: standard input is open for writing only\n";
    assert_eq!(
        (status, stdout.as_str(), stderr.as_str()),
        (2, "", write_only)
    );
    // An empty standard input is no lines, and one open read-write is read.
    for run in ["\"$KM\" < /dev/null", "\"$KM\" 0<>/dev/null"] {
        let (status, stdout, stderr) = in_a_shell(run);
        assert_eq!(
            (status, stdout.as_str(), stderr.as_str()),
            (0, "", ""),
            "{run}"
        );
    }
}

/// A judge that reads from a closed standard input has nothing to judge: its own failure,
/// never the candidate's wrong answer nor an input rejected (kattis 5, testlib 3).
#[cfg(unix)] // a POSIX shell closes the input
#[test]
fn a_judge_given_a_closed_standard_input_fails_rather_than_judges() {
    let feedback = tempfile::tempdir().unwrap();
    let checker = format!(
        "\"$KM\" checker kattis sample.in sample.out '{}' <&-",
        feedback.path().display()
    );
    for (redirection, why) in [
        ("<&-", "standard input is closed"),
        ("0>/dev/null", "standard input is open for writing only"),
    ] {
        let (status, _, stderr) = in_a_shell(&checker.replace("<&-", redirection));
        let said = format!("output: {why}\n");
        assert_eq!((status, stderr), (5, format!("knight-moves: {said}")));
        let message = std::fs::read_to_string(feedback.path().join("judgemessage.txt")).unwrap();
        assert_eq!(message, said);
    }
    let runs = [
        ("kattis", 5, "<stdin>: standard input is closed\n"),
        ("testlib", 3, "FAIL <stdin>: standard input is closed\n"),
    ];
    for (system, code, said) in runs {
        let (status, _, stderr) = in_a_shell(&format!("\"$KM\" validate {system} <&-"));
        assert_eq!((status, stderr.as_str()), (code, said), "{system}");
    }
}

#[cfg(unix)] // a POSIX shell closes the output
#[test]
fn a_closed_standard_output_is_an_error_not_a_success() {
    for args in ["sample.in", "--help", "--version", "man"] {
        let (status, _, stderr) = in_a_shell(&format!("\"$KM\" {args} >&-"));
        assert_eq!(status, 2, "{args}");
        assert_eq!(
            stderr, "knight-moves: cannot write to standard output: it is closed\n",
            "{args}"
        );
    }
    // Standard output sent to /dev/null on purpose is fine.
    let (status, _, stderr) = in_a_shell("\"$KM\" sample.in > /dev/null");
    assert_eq!((status, stderr.as_str()), (0, ""));
}

/// `/dev/null` opened for reading and writing is an open standard output, as Python's
/// `subprocess.DEVNULL`, libuv (Node) and daemon(3) open it: only a descriptor the system says
/// is not open is a closed one (issue 31).
#[cfg(unix)] // a POSIX shell's `<>`
#[test]
fn dev_null_opened_for_reading_and_writing_is_an_open_output() {
    let runs = [
        "\"$KM\" sample.in 1<>/dev/null",
        "\"$KM\" check sample.out sample.in 1<>/dev/null",
        "\"$KM\" --help 1<>/dev/null",
        "\"$KM\" man 1<>/dev/null",
        // Every standard descriptor so, as a daemon has them.
        "\"$KM\" sample.in 0<>/dev/null 1<>/dev/null 2<>/dev/null",
    ];
    for run in runs {
        let (status, _, stderr) = in_a_shell(run);
        assert_eq!((status, stderr.as_str()), (0, ""), "{run}");
    }
    // The closed one beside it is still told apart.
    let (status, _, stderr) = in_a_shell("\"$KM\" sample.in 1<>/dev/null >&-");
    assert_eq!(status, 2, "{stderr}");
}

/// A standard output open for reading only takes no write (`EBADF`), which Rust's standard
/// output would take for success: every answer would be lost with status 0. It is refused as a
/// closed one is (found by the hostile round of issue 31).
#[cfg(unix)] // a POSIX shell's `1<`
#[test]
fn a_standard_output_open_for_reading_only_is_an_error() {
    for args in ["sample.in", "--help", "generate random --seed 1"] {
        for file in ["sample.in", "/dev/null"] {
            let (status, stdout, stderr) = in_a_shell(&format!("\"$KM\" {args} 1<{file}"));
            assert_eq!(status, 2, "{args} 1<{file}: {stdout}");
            assert_eq!(
                stderr,
                "knight-moves: cannot write to standard output: it is open for reading only\n",
                "{args} 1<{file}"
            );
        }
    }
}

#[cfg(target_os = "linux")] // /dev/full
#[test]
fn a_full_standard_output_is_an_error_not_a_success() {
    for args in ["sample.in", "--help", "--version", "completions bash"] {
        let (status, _, stderr) = in_a_shell(&format!("\"$KM\" {args} > /dev/full"));
        assert_eq!(status, 2, "{args}");
        assert!(
            stderr.starts_with("knight-moves: cannot write to standard output: No space left"),
            "{args}: {stderr}"
        );
    }
}

#[cfg(unix)] // a POSIX shell pipeline
#[test]
fn help_into_a_closed_pipe_is_quiet() {
    let (status, stdout, stderr) = in_a_shell("\"$KM\" --help | head -c 10");
    assert_eq!((status, stdout.len(), stderr.as_str()), (0, 10, ""));
}

/// A judge's status is its verdict: a reader of its output that is gone before the verdict line
/// (a pipe whose read end is closed, so the write fails for certain) does not turn a wrong
/// answer, a wrong candidate or a judge failure into a success, for `check` and `stress`.
#[cfg(unix)] // a pipe made with pipe(2)
#[test]
fn a_judge_s_verdict_stands_when_the_reader_of_its_line_is_gone() {
    use std::os::fd::FromRawFd;

    let dir = tempfile::tempdir().unwrap();
    let wrong = dir.path().join("wrong.out");
    std::fs::write(&wrong, "To get from e2 to e4 takes 3 knight moves.\n").unwrap();
    let right = dir.path().join("right.out");
    std::fs::write(&right, sentence("e2", "e4", 2)).unwrap();
    let itself = common::quoted(env!("CARGO_BIN_EXE_knight-moves"));
    let runs: [(&[&str], i32); 4] = [
        (&["check", wrong.to_str().unwrap()], 4),
        (&["check", right.to_str().unwrap()], 0),
        (&["stress", "cat", "--cases", "3", "--seed", "1"], 4),
        (&["stress", &itself, "--cases", "3", "--seed", "1"], 0),
    ];
    for (args, expected) in runs {
        let mut ends = [0; 2];
        // SAFETY: pipe(2) writes two descriptors into the array it is given, of two ints.
        assert_eq!(unsafe { libc::pipe(ends.as_mut_ptr()) }, 0);
        // SAFETY: the read end is ours alone and closed once; the write end is handed to the
        // child's standard output, which owns it from here.
        let output = unsafe {
            libc::close(ends[0]);
            std::process::Stdio::from_raw_fd(ends[1])
        };
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_knight-moves"))
            .args(args)
            .current_dir(common::stress_dir())
            .stdin(std::process::Stdio::piped())
            .stdout(output)
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(b"e2 e4\n").unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(expected), "{args:?}");
    }
}

/// A verdict line that cannot be written (a full disk) is reported, and its status 2 weighed
/// with the verdict's, the highest winning: a wrong answer stays 4, a right one becomes 2.
#[cfg(target_os = "linux")] // /dev/full
#[test]
fn a_judge_s_verdict_into_a_full_output_keeps_the_higher_status() {
    let dir = tempfile::tempdir().unwrap();
    for (answer, expected) in [("3", 4), ("2", 2)] {
        let file = dir.path().join(format!("{answer}.out"));
        let line = format!("To get from e2 to e4 takes {answer} knight moves.\n");
        std::fs::write(&file, line).unwrap();
        let queries = dir.path().join("one.in");
        std::fs::write(&queries, "e2 e4\n").unwrap();
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_knight-moves"))
            .arg("check")
            .arg(&file)
            .stdin(std::fs::File::open(&queries).unwrap())
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(expected), "{answer}: {stderr}");
        assert!(
            stderr.contains("cannot write to standard output"),
            "{stderr}"
        );
    }
}

#[test]
fn a_utf8_byte_order_mark_is_skipped_in_every_source() {
    let marked = "\u{feff}e2 e4\r\nh8 a1\r\n";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("windows.txt");
    std::fs::write(&file, marked).unwrap();
    knight_moves()
        .arg(&file)
        .arg("-")
        .write_stdin(marked)
        .assert()
        .success()
        .stdout((sentence("e2", "e4", 2) + &sentence("h8", "a1", 6)).repeat(2))
        .stderr("");
}

#[test]
fn a_line_of_4096_bytes_is_within_the_limit_with_lf_or_crlf() {
    for end in ["\n", "\r\n"] {
        let line = format!("e2{}e4", " ".repeat(4092));
        let too_long = format!("e2{}e4", " ".repeat(4093));
        knight_moves()
            .write_stdin(format!("{line}{end}{too_long}{end}"))
            .assert()
            .code(1)
            .stdout(sentence("e2", "e4", 2))
            .stderr("knight-moves: <stdin>:2: line is longer than 4096 bytes; skipped\n");
    }
}

#[test]
fn the_board_may_be_written_with_a_multiplication_sign() {
    for size in ["8×8", "8X8", "8x8", "8"] {
        knight_moves()
            .args(["--board", size, "sample.in"])
            .assert()
            .success()
            .stdout(include_str!("data/sample.out"));
    }
    knight_moves()
        .args(["--board", "3×1000000000"])
        .write_stdin("a1 c1\n")
        .assert()
        .success()
        .stdout("To get from a1 to c1 takes 2 knight moves.\n");
}

#[test]
fn max_nodes_states_its_real_range() {
    for value in ["0", "-1", "18446744073709551616", "ten"] {
        knight_moves()
            .arg(format!("--max-nodes={value}"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "expected a whole number from 1 to 18446744073709551615",
            ));
    }
}

/// A judge's verdict stands whatever its standard output is: closed, open for reading only,
/// or full, `check` and `stress` report that the line cannot be written and end with the
/// higher of 2 and the verdict's status (issue 59: closed or read-only, it was 2).
#[cfg(target_os = "linux")] // /dev/full
#[test]
fn a_judge_s_verdict_stands_whatever_its_output_is() {
    let wrong = common::stress_dir().join("wrong-59.out");
    std::fs::write(&wrong, "To get from e2 to e4 takes 3 knight moves.\n").unwrap();
    let wrong = wrong.display();
    let itself = env!("CARGO_BIN_EXE_knight-moves");
    let runs = [
        (format!("check {wrong} sample.in"), 4),
        ("check sample.out sample.in".to_owned(), 2),
        (
            format!("stress cat --cases 2 --seed 1 --save {wrong}.in"),
            4,
        ),
        (format!("stress '{itself}' --cases 2 --seed 1"), 2),
    ];
    for (args, status) in runs {
        for (output, why) in [
            (">&-", "it is closed"),
            ("1<sample.in", "it is open for reading only"),
            (">/dev/full", "No space left on device"),
        ] {
            let (found, _, stderr) = in_a_shell(&format!("\"$KM\" {args} {output}"));
            assert_eq!(found, status, "{args} {output}: {stderr}");
            assert!(
                stderr.starts_with(&format!(
                    "knight-moves: cannot write to standard output: {why}"
                )),
                "{args} {output}: {stderr}"
            );
        }
    }
}
