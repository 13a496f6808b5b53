//! A judge in a box (issue 12): `check` on answer files and `stress` on tiny candidate
//! programs (made of knight-moves itself and a POSIX shell), for every problem, and the judge
//! inputs `generate` makes.

use crate::common;

use std::process::Output;

use common::{knight_moves, quoted, stdout};
use predicates::prelude::*;

/// The built binary's path, for candidate commands.
const BINARY: &str = env!("CARGO_BIN_EXE_knight-moves");

/// Runs `stress COMMAND` with `args`, from a temporary folder; returns the output.
fn stress(command: &str, args: &[&str]) -> Output {
    knight_moves()
        .args(["stress", command])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_right_program_passes_and_the_seed_is_printed() {
    for problem in ["uva439", "nakanj", "poj1915", "cses-grid"] {
        let command = format!("{} --problem {problem}", quoted(BINARY));
        let output = stress(
            &command,
            &["--problem", problem, "--cases", "60", "--seed", "9"],
        );
        assert_eq!(output.status.code(), Some(0), "{problem}: {output:?}");
        assert!(
            stdout(&output).starts_with("Passed 60 cases (seed 9); the slowest took"),
            "{problem}: {}",
            stdout(&output)
        );
    }
    let output = stress(&quoted(BINARY), &["--cases", "5"]);
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("knight-moves: stress with --seed "),
        "{stderr}"
    );
}

#[cfg(unix)] // the candidate is a POSIX shell pipeline
#[test]
fn a_wrong_answer_is_shrunk_to_the_one_query_that_breaks_it() {
    // (sed -E: alternation in a basic expression, \|, is GNU's only, not macOS's.)
    // Right everywhere but from a corner to the square diagonally next to it: 2, not 4.
    let wrong = format!(
        "sh -c '{BINARY} | sed -E \"s/from (a1 to b2|b2 to a1|h1 to g2|g2 to h1|a8 to b7|b7 to \
         a8|h8 to g7|g7 to h8) takes 4/from \\1 takes 2/\"'"
    );
    let output = stress(&wrong, &["--cases", "200", "--seed", "11"]);
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("Wrong answer at output:1: expected \"To get from"),
        "{text}"
    );
    assert!(
        lines[0].contains("takes 4 knight moves.\", found"),
        "{text}"
    );
    assert!(lines[1].contains("1 part;"), "{text}");
    let corner_diagonal = [
        "a1 b2", "b2 a1", "h1 g2", "g2 h1", "a8 b7", "b7 a8", "h8 g7", "g7 h8",
    ];
    assert!(
        corner_diagonal.contains(&lines[2]),
        "the shrunk input: {text}"
    );
    assert!(text.contains("input saved to "), "{text}");
    let saved = text
        .lines()
        .last()
        .unwrap()
        .trim_start_matches("input saved to ");
    assert_eq!(
        std::fs::read_to_string(saved).unwrap(),
        format!("{}\n", lines[2])
    );
}

#[cfg(unix)] // the candidate is a POSIX shell pipeline
#[test]
fn crlf_line_ends_are_a_presentation_error_where_the_judge_compares_bytes() {
    let crlf = |problem: &str| {
        format!(
            "sh -c '{BINARY} --problem {problem} | awk \"{{printf \\\"%s\\\\r\\\\n\\\", \\$0}}\"'"
        )
    };
    let output = stress(&crlf("uva439"), &["--cases", "20", "--seed", "1"]);
    assert_eq!(output.status.code(), Some(4));
    assert!(
        stdout(&output).starts_with("Presentation error at output:1: CRLF line end"),
        "{}",
        stdout(&output)
    );
    // SPOJ compares tokens: the same program is accepted on NAKANJ.
    let output = stress(&crlf("nakanj"), &["--problem", "nakanj", "--cases", "20"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

#[cfg(target_os = "linux")] // leftovers are looked for in /proc
#[test]
fn programs_that_hang_crash_or_print_forever_are_stopped_and_none_is_left_behind() {
    let cases = [
        (
            "sh -c 'sleep 61.4243; echo x'",
            "Time limit exceeded",
            "61.4243",
        ),
        (
            "sh -c 'echo oops >&2; kill -SEGV $$'",
            "Runtime error (killed by signal 11): oops",
            "",
        ),
        (
            "sh -c 'echo no >&2; exit 3'",
            "Runtime error (exit status 3): no",
            "",
        ),
        ("sh -c 'yes 71.4243'", "Output limit exceeded", "71.4243"),
        (
            "sh -c 'sleep 81.4243 & wait'",
            "Time limit exceeded",
            "81.4243",
        ),
    ];
    for (command, verdict, marker) in cases {
        let output = stress(
            command,
            &["--time-limit", "0.3", "--cases", "3", "--seed", "2"],
        );
        assert_eq!(output.status.code(), Some(4), "{command}: {output:?}");
        assert_eq!(stdout(&output).lines().next(), Some(verdict), "{command}");
        if !marker.is_empty() {
            assert_eq!(
                common::processes_holding(marker),
                Vec::<String>::new(),
                "{command}"
            );
        }
    }
    knight_moves()
        .args(["stress", "no-such-program-4243"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot run no-such-program-4243"));
}

/// Answer files for each problem: right, wrong, truncated, over-long.
#[test]
fn check_judges_answer_files_for_every_problem() {
    let dir = tempfile::tempdir().unwrap();
    let problems = [
        ("uva439", "sample.in", include_str!("data/sample.out")),
        (
            "nakanj",
            "problems/nakanj.in",
            include_str!("data/problems/nakanj.out"),
        ),
        (
            "poj1915",
            "problems/poj1915.in",
            include_str!("data/problems/poj1915.out"),
        ),
        (
            "cses-grid",
            "problems/cses-grid.in",
            include_str!("data/problems/cses-grid.out"),
        ),
    ];
    for (problem, input, right) in problems {
        let lines: Vec<&str> = right.lines().collect();
        let mut wrong = lines.clone();
        let changed = format!("{} x", wrong[1]);
        wrong[1] = &changed;
        let files = [
            ("right", right.to_owned(), 0, "Accepted ("),
            ("wrong", wrong.join("\n") + "\n", 4, "Wrong answer at "),
            (
                "truncated",
                lines[..1].join("\n") + "\n",
                4,
                "Wrong answer: ",
            ),
            (
                "long",
                format!("{right}{}\n", lines[0]),
                4,
                "Wrong answer: ",
            ),
        ];
        for (name, text, code, verdict) in files {
            let path = dir.path().join(format!("{problem}-{name}.out"));
            std::fs::write(&path, text).unwrap();
            let output = knight_moves()
                .args(["check", "--problem", problem])
                .arg(&path)
                .arg(input)
                .output()
                .unwrap();
            let shown = stdout(&output);
            assert_eq!(
                output.status.code(),
                Some(code),
                "{problem} {name}: {shown}"
            );
            assert!(shown.starts_with(verdict), "{problem} {name}: {shown}");
            assert_eq!(shown.lines().count(), 1, "one verdict");
        }
    }
}

#[test]
fn check_names_the_line_the_query_and_what_differs() {
    knight_moves()
        .args(["check", "-", "sample.in"])
        .write_stdin(include_str!("data/sample.out").replace("takes 6", "takes 5"))
        .assert()
        .code(4)
        .stdout(
            "Wrong answer at <stdin>:4: expected \"To get from a1 to h8 takes 6 knight moves.\", \
             found \"To get from a1 to h8 takes 5 knight moves.\", for sample.in:4: a1 h8\n",
        );
    knight_moves()
        .args(["check", "-", "sample.in"])
        .write_stdin(include_str!("data/sample.out").trim_end())
        .assert()
        .code(4)
        .stdout(predicate::str::starts_with(
            "Presentation error at <stdin>:8: missing final newline, for sample.in:8: f6 f6",
        ));
    knight_moves()
        .args(["check", "--problem", "nakanj", "-", "problems/nakanj.in"])
        .write_stdin("6 \r\n1\r\n4")
        .assert()
        .success()
        .stdout("Accepted (3 answers)\n");
    // Bad input lines are reported as ever, and the verdict says how they were counted.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("q.in");
    std::fs::write(&input, "e2 e4\ni9 a1\na1 h8\n").unwrap();
    knight_moves()
        .args(["check", "-"])
        .arg(&input)
        .write_stdin("To get from e2 to e4 takes 2 knight moves.\nTo get from a1 to h8 takes 6 knight moves.\n")
        .assert()
        .code(1)
        .stdout(
            "Accepted (2 answers); 1 bad input line was reported and expects no answer\n",
        )
        .stderr(predicate::str::contains(":2: square \"i9\" is off the 8x8 board"));
    knight_moves()
        .args(["check", "-"])
        .write_stdin("e2 e4\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("standard input holds the queries"));
    knight_moves()
        .args(["check", "missing.out", "sample.in"])
        .assert()
        .code(2)
        .stderr(common::stderr_reads(
            "knight-moves: missing.out: No such file or directory (os error 2)\n",
        ));
}

#[test]
fn generated_inputs_are_valid_and_the_same_for_the_same_seed() {
    for problem in ["uva439", "nakanj", "poj1915", "cses-grid"] {
        for kind in ["random", "hard", "all-pairs"] {
            if problem == "cses-grid" && kind == "all-pairs" {
                knight_moves()
                    .args(["generate", kind, "--problem", problem])
                    .assert()
                    .code(2);
                continue;
            }
            let make = |seed: &str| {
                let mut command = knight_moves();
                command.args(["generate", kind, "--problem", problem]);
                if kind == "random" {
                    command.args(["--seed", seed, "--cases", "50"]);
                }
                command.output().unwrap()
            };
            let (first, again) = (make("5"), make("5"));
            assert!(first.status.success(), "{problem} {kind}");
            assert_eq!(first.stdout, again.stdout, "{problem} {kind}");
            // Valid: answered without a single bad line.
            knight_moves()
                .args(["--problem", problem])
                .write_stdin(first.stdout.clone())
                .assert()
                .success()
                .stderr("");
            if kind == "random" {
                assert_ne!(first.stdout, make("6").stdout, "{problem}");
            }
        }
    }
    let all_pairs = knight_moves()
        .args(["generate", "all-pairs"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(all_pairs.stdout).unwrap(),
        std::fs::read_to_string(common::data_dir().join("all-pairs.in")).unwrap()
    );
}

#[test]
fn options_that_do_not_fit_the_judge_are_usage_errors() {
    for args in [
        &["check", "a.out", "--path"][..],
        &["stress", "x", "--format", "json"],
        &["stress", "x", "sample.in"],
        &["check", "a.out", "--stress", "x"],
        &["--cases", "5"],
        &["--time-limit", "1"],
        &["stress", "x", "--time-limit", "0"],
        &["stress", "''"],
    ] {
        knight_moves().args(args).assert().code(2);
    }
}

/// A right program that writes much to stderr is accepted: its stderr is read to the end, never
/// left to fill up or closed on it (which would kill it with SIGPIPE).
#[cfg(unix)] // the candidate is a POSIX shell pipeline
#[test]
fn a_program_that_logs_much_is_judged_by_its_answers() {
    // The shell itself writes the log (160 KB, more than a pipe holds), so that a closed pipe
    // would kill the candidate, not a helper.
    let noisy =
        format!("sh -c 'i=0; while [ $i -lt 40000 ]; do echo log >&2; i=$((i+1)); done; {BINARY}'");
    // A generous limit: macOS's /bin/sh (bash) takes far longer over 40,000 echoes than dash.
    let output = stress(
        &noisy,
        &["--cases", "5", "--seed", "3", "--time-limit", "10"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

/// A program that fails once and then passes (flaky) is shown with the failure it had, not
/// with the verdict of the run that passed.
#[cfg(unix)] // the candidate is a POSIX shell script
#[test]
fn a_program_that_fails_once_is_shown_with_its_failure() {
    let folder = tempfile::tempdir().unwrap();
    let flag = folder.path().join("failed-once");
    let command = format!(
        "sh -c 'if [ -e \"{flag}\" ]; then \"{BINARY}\"; else touch \"{flag}\"; echo first >&2; exit 3; fi'",
        flag = flag.display()
    );
    let output = stress(&command, &["--cases", "3", "--seed", "2"]);
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    assert_eq!(
        stdout(&output).lines().next(),
        Some("Runtime error (exit status 3): first"),
        "{output:?}"
    );
}

/// A right solution built for the problem's stated limits is never blamed for an input past
/// them (issue 45): a POJ 1915 solution that fails on a side outside 4 to 300, a CSES one
/// below n = 4, a KnightL one below n = 5, stressed on many cases, passes; with
/// `--beyond-limits`, the same solution is found out on the inputs past the limits.
#[cfg(unix)] // the candidate is a POSIX shell script
#[test]
fn stress_stays_within_the_problems_limits_unless_asked_past_them() {
    // Each candidate validates its input as the problem states it, then answers it: a solution
    // whose arrays are sized for the limits, crashing (status 9) past them.
    for problem in ["poj1915", "cses-grid", "knightl", "nakanj"] {
        let command = format!(
            "sh -c 'input=$(cat); printf \"%s\\n\" \"$input\" | {b} validate kattis \
             --problem {problem} 2>/dev/null; test $? = 42 || exit 9; printf \"%s\\n\" \
             \"$input\" | {b} --problem {problem}'",
            b = quoted(BINARY)
        );
        let output = stress(
            &command,
            &["--problem", problem, "--cases", "300", "--seed", "3"],
        );
        assert_eq!(output.status.code(), Some(0), "{problem}: {output:?}");
        if problem != "nakanj" {
            let args = [
                "--problem",
                problem,
                "--cases",
                "300",
                "--seed",
                "3",
                "--beyond-limits",
            ];
            let output = stress(&command, &args);
            assert_eq!(output.status.code(), Some(4), "{problem}: {output:?}");
            assert!(
                stdout(&output).contains("Runtime error"),
                "{}",
                stdout(&output)
            );
        }
    }
}

/// Every judge input `generate` writes passes `validate` for its problem, for every
/// kind and several seeds (issue 45), and `--cases` past NAKANJ's T of 4096 asks for
/// `--beyond-limits`.
#[test]
fn every_generated_input_passes_the_problems_validator() {
    for problem in ["uva439", "nakanj", "poj1915", "cses-grid", "knightl"] {
        for (kind, seeds) in [("random", 0..8), ("hard", 0..1), ("all-pairs", 0..1)] {
            if kind == "all-pairs" && matches!(problem, "cses-grid" | "knightl") {
                continue;
            }
            for seed in seeds {
                let mut args = vec!["generate", kind, "--problem", problem];
                let seed = seed.to_string();
                if kind == "random" {
                    args.extend(["--seed", &seed, "--cases", "300"]);
                }
                let made = knight_moves().args(&args).output().unwrap();
                assert!(made.status.success(), "{args:?}: {made:?}");
                let checked = knight_moves()
                    .args(["validate", "kattis", "--problem", problem])
                    .write_stdin(made.stdout)
                    .output()
                    .unwrap();
                assert_eq!(checked.status.code(), Some(42), "{args:?}: {checked:?}");
            }
        }
    }
    let too_many = [
        "generate",
        "random",
        "--problem",
        "nakanj",
        "--cases",
        "4097",
    ];
    let refused = knight_moves().args(too_many).output().unwrap();
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--beyond-limits"));
    let made = knight_moves()
        .args(too_many)
        .arg("--beyond-limits")
        .output()
        .unwrap();
    assert!(made.status.success());
    assert!(made.stdout.starts_with(b"4097\n"));
}

/// `check` with `args` of `answers` against `input`, each written to a file: its verdict
/// line.
fn check_verdict(args: &[&str], answers: &str, input: &str) -> String {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("a.out"), answers).unwrap();
    std::fs::write(folder.path().join("q.in"), input).unwrap();
    let output = knight_moves()
        .arg("check")
        .args(args)
        .args(["a.out", "q.in"])
        .current_dir(folder.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .trim_end()
        .to_owned()
}

/// Four verdicts that misled (issue 47): the answers counted that were not given, a missing
/// header row counted as a missing answer, JSON shown cut at a comma inside a string, and a
/// route of one move in the plural.
#[test]
fn verdicts_count_only_what_was_given_and_show_what_was_written() {
    let uva = "To get from e2 to e4 takes 2 knight moves.\n";
    assert_eq!(
        check_verdict(&[], "\n\n", "e2 e4\n"),
        "Wrong answer: a.out ends after 0 answers, 1 expected"
    );
    assert_eq!(
        check_verdict(&[], &format!("{uva}\n\n"), "e2 e4\na1 h8\n"),
        "Wrong answer: a.out ends after 1 answer, 2 expected"
    );
    let tsv = ["--format", "tsv", "--header"];
    assert_eq!(
        check_verdict(&tsv, "", ""),
        "Wrong answer: a.out ends before the header row, 0 answers expected"
    );
    assert_eq!(
        check_verdict(&tsv, "", "e2 e4\n"),
        "Wrong answer: a.out ends before the header row, 1 answer expected"
    );
    let json = r#"{"source":"q.in","line":1,"from":"e2,x","to":"e4","moves":2}"#;
    assert_eq!(
        check_verdict(&["--format", "json"], &format!("{json}\n"), "e2 e4\n"),
        r#"Wrong answer at a.out:1: expected "\"e2\"", found "\"e2,x\"", for q.in:1: e2 e4"#
    );
    assert_eq!(
        check_verdict(
            &["--path"],
            "To get from e2 to e4 takes 2 knight moves: e2 g3.\n",
            "e2 e4\n"
        ),
        "Wrong answer at a.out:1: the route ends after 1 move, before the fewest, for q.in:1: \
         e2 e4"
    );
}
