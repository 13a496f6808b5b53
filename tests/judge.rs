//! A judge in a box (issue 12): `check` on answer files and `stress` on tiny candidate
//! programs (made of knight-moves itself and a POSIX shell), for every problem, and the judge
//! inputs `generate` makes.

use crate::common;

use std::process::Output;

use common::{knight_moves, quoted, stdout};
use predicates::prelude::*;

/// The built binary's path, for candidate commands.
const BINARY: &str = env!("CARGO_BIN_EXE_knight-moves");

/// Runs `stress COMMAND` with `args`, from the folder for stress runs; returns the output.
fn stress(command: &str, args: &[&str]) -> Output {
    knight_moves()
        .current_dir(common::stress_dir())
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
    assert!(lines[1].contains("1 query;"), "{text}");
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
        std::fs::read_to_string(common::stress_dir().join(saved)).unwrap(),
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

/// A program that fails once and then passes (flaky) is shown, one case at a time, with the
/// failure it had, not with the verdict of the run that passed. With cases at once, a failure
/// that does not come back alone may have been the other runs' doing (the user's processes,
/// the processors): it is not held against the program, and the report says it happened.
#[cfg(unix)] // the candidate is a POSIX shell script
#[test]
fn a_program_that_fails_once_is_shown_with_its_failure() {
    let folder = tempfile::tempdir().unwrap();
    let flag = folder.path().join("failed-once");
    let command = format!(
        "sh -c 'if [ -e \"{flag}\" ]; then \"{BINARY}\"; else touch \"{flag}\"; echo first >&2; exit 3; fi'",
        flag = flag.display()
    );
    let output = stress(&command, &["--cases", "3", "--seed", "2", "--jobs", "1"]);
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    assert_eq!(
        stdout(&output).lines().next(),
        Some("Runtime error (exit status 3): first"),
        "{output:?}"
    );
    std::fs::remove_file(&flag).unwrap();
    let output = stress(&command, &["--cases", "3", "--seed", "2", "--jobs", "2"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("Passed 3 cases (seed 2)"), "{text}");
    assert!(
        lines[1].starts_with("case ")
            && lines[1].contains(
                " failed (Runtime error (exit status 3): first) while other cases ran at once, \
                 and passed when run again alone"
            ),
        "{text}"
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

/// The words of a line a refusal offers to type (`…: knight-moves stress 'a b' --cases 3`),
/// after `knight-moves`, split as a POSIX shell splits them.
#[cfg(unix)]
fn offered_line(stderr: &str) -> Vec<String> {
    let line = stderr.lines().next().unwrap_or_default();
    let (_, offered) = line
        .rsplit_once(": knight-moves ")
        .unwrap_or_else(|| panic!("no line offered: {stderr}"));
    shlex::split(offered).unwrap_or_else(|| panic!("not one a shell splits: {offered}"))
}

/// The failing input is saved in the current folder, made new: a link of that name planted
/// there (by another user, pointing at a file of the victim's) is left as it was, the file it
/// names untouched, and the input saved under the next free name; nothing goes to the
/// system's temporary folder, which other users share (issue 59).
#[cfg(unix)] // symbolic links, and `cat` as the candidate
#[test]
fn a_failing_input_is_saved_where_the_user_works_never_through_a_planted_link() {
    let folder = tempfile::tempdir().unwrap();
    let temporary = tempfile::tempdir().unwrap();
    let victim = folder.path().join("victim.txt");
    std::fs::write(&victim, "mine\n").unwrap();
    let planted = folder.path().join("knight-moves-stress-4242.in");
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let run = |extra: &[&str]| {
        knight_moves()
            .current_dir(folder.path())
            .env("TMPDIR", temporary.path())
            .args(["stress", "cat", "--cases", "3", "--seed", "4242"])
            .args(extra)
            .output()
            .unwrap()
    };
    let output = run(&[]);
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.last(),
        Some(&"input saved to knight-moves-stress-4242-2.in"),
        "{text}"
    );
    let input_at = lines
        .iter()
        .position(|line| line.starts_with("on the smallest"))
        .unwrap();
    let expected_at = lines
        .iter()
        .position(|line| *line == "expected output:")
        .unwrap();
    let input: String = lines[input_at + 1..expected_at]
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    let saved = folder.path().join("knight-moves-stress-4242-2.in");
    assert_eq!(std::fs::read_to_string(saved).unwrap(), input);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "mine\n");
    assert_eq!(std::fs::read_link(&planted).unwrap(), victim);
    assert_eq!(std::fs::read_dir(temporary.path()).unwrap().count(), 0);
    // Where --save says, and never over what is there.
    for expected in ["case.in", "case-2.in"] {
        let output = run(&["--save", "case.in"]);
        let text = stdout(&output);
        assert_eq!(
            text.lines().last(),
            Some(format!("input saved to {expected}").as_str())
        );
        assert_eq!(
            std::fs::read_to_string(folder.path().join(expected)).unwrap(),
            input
        );
    }
    let output = run(&["--save", "no-such-folder/case.in"]);
    assert_eq!(output.status.code(), Some(4));
    assert!(
        stdout(&output)
            .lines()
            .last()
            .unwrap()
            .starts_with("input not saved to no-such-folder/case.in: "),
        "{}",
        stdout(&output)
    );
}

/// The same seed finds the same failing case, shrunk alike, whether its cases run one at a
/// time or several at once: the lowest-numbered failing case wins, whichever ends first
/// (issue 59).
#[cfg(unix)] // the candidate is a POSIX shell pipeline
#[test]
fn the_counterexample_is_the_same_whatever_runs_at_once() {
    // Right everywhere but from a corner to the square diagonally next to it: 2, not 4.
    let wrong = format!(
        "sh -c '{BINARY} | sed -E \"s/from (a1 to b2|b2 to a1|h1 to g2|g2 to h1|a8 to b7|b7 to \
         a8|h8 to g7|g7 to h8) takes 4/from \\1 takes 2/\"'"
    );
    // The run's report, its figures (times, memory) and the saved file's name left out.
    let report = |jobs: &str| {
        let output = stress(&wrong, &["--cases", "300", "--seed", "23", "--jobs", jobs]);
        assert_eq!(output.status.code(), Some(4), "{output:?}");
        stdout(&output)
            .lines()
            .filter(|line| !line.starts_with("input saved to "))
            .map(|line| match line.split_once("; it took") {
                Some((before, _)) => before.to_owned(),
                None => line.to_owned(),
            })
            .collect::<Vec<_>>()
    };
    let one = report("1");
    assert!(one[0].starts_with("Wrong answer at output:"), "{one:?}");
    for jobs in ["2", "4"] {
        assert_eq!(report(jobs), one, "--jobs {jobs}");
    }
}

/// Once a case fails, the cases after it that still run are stopped at once, not waited for,
/// and nothing of theirs is left running (issue 59).
#[cfg(target_os = "linux")] // leftovers are looked for in /proc
#[test]
fn a_verdict_stops_the_cases_after_it() {
    // Fails at once on an input of one line (the first case), hangs on longer ones (the next).
    let command = "sh -c 'n=$(wc -l); if [ \"$n\" -ge 2 ]; then exec sleep 61.4247; fi; exit 3'";
    let start = std::time::Instant::now();
    let output = stress(
        command,
        &[
            "--cases",
            "5",
            "--seed",
            "1",
            "--jobs",
            "2",
            "--time-limit",
            "60",
        ],
    );
    let elapsed = start.elapsed();
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    assert!(
        stdout(&output).starts_with("Runtime error (exit status 3)"),
        "{}",
        stdout(&output)
    );
    // Waited for, the second case would have held the run for its 60 s time limit.
    assert!(elapsed < std::time::Duration::from_secs(40), "{elapsed:?}");
    assert_eq!(common::processes_holding("61.4247"), Vec::<String>::new());
}

/// A runtime error shows the end of what the program said on stderr, where interpreters put
/// the exception: its last line in the verdict, its last lines in the report (issue 59).
#[cfg(unix)] // the candidate is a POSIX shell
#[test]
fn a_runtime_error_shows_the_end_of_what_the_program_said() {
    let command = "sh -c 'echo Traceback >&2; echo \"  line 3\" >&2; \
                   echo \"ValueError: no e2\" >&2; exit 1'";
    let output = stress(command, &["--cases", "2", "--seed", "1"]);
    assert_eq!(output.status.code(), Some(4), "{output:?}");
    let text = stdout(&output);
    assert!(
        text.starts_with("Runtime error (exit status 1): ValueError: no e2\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "its standard error ended with:\n  Traceback\n    line 3\n  ValueError: no e2\n"
        ),
        "{text}"
    );
}

/// The usual mistakes with COMMAND are refused with the line to type, and the line offered
/// runs: the program's words given apart (`stress python3 sol.py`), and a program of the
/// current folder without `./` (issue 59). Nothing says which seed a run took before its
/// program has started.
#[cfg(unix)] // the candidates are POSIX shell scripts
#[test]
fn a_mistaken_command_is_refused_with_the_line_to_type() {
    use std::os::unix::fs::PermissionsExt;
    let folder = tempfile::tempdir().unwrap();
    let script = folder.path().join("right.sh");
    std::fs::write(
        &script,
        format!("#!/bin/sh\nexec {} \"$@\"\n", quoted(BINARY)),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let run = |words: &[String]| {
        knight_moves()
            .current_dir(folder.path())
            .args(words)
            .output()
            .unwrap()
    };
    // No --seed: a run that had started would say the one it chose.
    let rows: [&[&str]; 3] = [
        &["stress", "sh", "right.sh", "--cases", "3"],
        // The program's own options go with it, knight-moves' stay its own.
        &["stress", "sh", "-e", "right.sh", "-j", "2", "--cases", "3"],
        &["stress", "right.sh", "--cases", "3"],
    ];
    for typed in rows {
        let typed: Vec<String> = typed.iter().map(ToString::to_string).collect();
        let output = run(&typed);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(2), "{typed:?}: {stderr}");
        assert!(!stderr.contains("with --seed"), "{stderr}");
        let offered = offered_line(&stderr);
        let output = run(&offered);
        assert_eq!(output.status.code(), Some(0), "{offered:?}: {output:?}");
        assert!(stdout(&output).starts_with("Passed 3 cases (seed "));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with("knight-moves: stress with --seed "),
            "{stderr}"
        );
    }
    // A program that cannot be started ran no case: no seed is said.
    let output = run(&["stress".to_owned(), "./no-such-4243".to_owned()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("with --seed"), "{stderr}");
    assert!(stderr.contains("cannot run ./no-such-4243"), "{stderr}");
}

/// `check` with its two files the other way round (`check q.in q.ans`, as testlib orders
/// them) is a usage error that names the order, for every problem, and the line it offers is
/// judged; so is standard input that holds no queries, or answers where the queries were to
/// come (issue 59).
#[cfg(unix)] // the lines offered are split as a POSIX shell splits them
#[test]
fn check_with_its_files_swapped_is_refused_with_the_order() {
    let problems = [
        ("uva439", "sample.in", "sample.out"),
        ("nakanj", "problems/nakanj.in", "problems/nakanj.out"),
        ("poj1915", "problems/poj1915.in", "problems/poj1915.out"),
        (
            "cses-grid",
            "problems/cses-grid.in",
            "problems/cses-grid.out",
        ),
    ];
    for (problem, queries, answers) in problems {
        let output = knight_moves()
            .args(["check", "--problem", problem, queries, answers])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(2), "{problem}: {stderr}");
        assert!(
            stderr.contains("their answers: the answer file comes first, then the queries"),
            "{stderr}"
        );
        let offered = offered_line(&stderr);
        let output = knight_moves().args(&offered).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{offered:?}: {output:?}");
    }
    // Standard input empty, where the queries were to come.
    let output = knight_moves()
        .args(["check", "sample.out"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(
        stderr.lines().next(),
        Some(
            "error: standard input, where the queries were to come, holds nothing: name their \
             file after the answers: knight-moves check sample.out FILE"
        )
    );
    // The answers on standard input, the queries named as ANSWERS: told before any of them is
    // read as a bad line of queries.
    let answers = std::fs::read_to_string(common::data_dir().join("sample.out")).unwrap();
    let output = knight_moves()
        .args(["check", "sample.in"])
        .write_stdin(answers.clone())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    let first = stderr.lines().next().unwrap();
    assert_eq!(
        first,
        "error: sample.in holds queries, and standard input their answers: the answer file \
         comes first, then the queries: knight-moves check - sample.in"
    );
    let offered = offered_line(first);
    knight_moves()
        .args(&offered)
        .write_stdin(answers)
        .assert()
        .code(0)
        .stdout("Accepted (8 answers)\n");
}

/// `validate SYSTEM FILE` with nothing on standard input is refused with the line to type,
/// which validates FILE; with an input there, the arguments are the system's, ignored as
/// before (issue 59).
#[cfg(unix)] // the line offered is run by a POSIX shell
#[test]
fn validate_given_a_file_and_no_input_says_to_redirect_it() {
    for (system, refused, valid) in [("kattis", 2, 42), ("testlib", 3, 0)] {
        let output = knight_moves()
            .args([
                "validate",
                system,
                "--problem",
                "nakanj",
                "problems/nakanj.in",
            ])
            .write_stdin("")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(refused), "{system}: {stderr}");
        let first = stderr.lines().next().unwrap();
        let (_, offered) = first.rsplit_once(": knight-moves ").unwrap();
        assert_eq!(
            offered,
            format!("validate {system} --problem nakanj < problems/nakanj.in")
        );
        let status = std::process::Command::new("sh")
            .args(["-c", &format!("\"$KM\" {offered}")])
            .env("KM", BINARY)
            .current_dir(common::data_dir())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(valid), "{offered}");
        // An input on standard input is validated, whatever the arguments name.
        let input = std::fs::read(common::data_dir().join("problems/nakanj.in")).unwrap();
        knight_moves()
            .args([
                "validate",
                system,
                "--problem",
                "nakanj",
                "problems/nakanj.in",
            ])
            .write_stdin(input)
            .assert()
            .code(valid);
    }
}

/// Answers with routes judged without --path, and without routes judged with it, are wrong,
/// and the verdict says which option would take them: `check`, a judge's answer file under
/// `checker kattis`, and `stress` (issue 59).
#[test]
fn answers_judged_the_other_way_about_routes_name_the_option() {
    let folder = tempfile::tempdir().unwrap();
    let routes = folder.path().join("routes.out");
    let made = knight_moves()
        .args(["--path", "sample.in"])
        .output()
        .unwrap();
    std::fs::write(&routes, &made.stdout).unwrap();
    let routes = routes.to_str().unwrap();
    let with_routes = "; they hold routes, right ones: judge them with --path";
    let without = "; they hold no routes, and are right judged without --path";
    let output = knight_moves()
        .args(["check", routes, "sample.in"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(4));
    assert!(
        stdout(&output).trim_end().ends_with(with_routes),
        "{output:?}"
    );
    let output = knight_moves()
        .args(["check", "--path", "sample.out", "sample.in"])
        .output()
        .unwrap();
    assert!(stdout(&output).trim_end().ends_with(without), "{output:?}");
    // A judge's answer file with routes, where the problem is judged without.
    let feedback = tempfile::tempdir().unwrap();
    let output = knight_moves()
        .args(["checker", "kattis", "sample.in", routes])
        .arg(feedback.path())
        .write_stdin(made.stdout.clone())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(5));
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .trim_end()
            .ends_with(with_routes),
        "{output:?}"
    );
    // A program that writes routes.
    let output = stress(
        &format!("{} --path", quoted(BINARY)),
        &["--cases", "3", "--seed", "1"],
    );
    assert_eq!(output.status.code(), Some(4));
    let first = stdout(&output).lines().next().unwrap().to_owned();
    assert!(first.ends_with(with_routes), "{first}");
}

/// Under `checker` with `--format json`, the answers name their source `<stdin>`, as the
/// program read it, and the verdict names the judge's input (issue 59).
#[test]
fn json_answers_say_stdin_and_verdicts_name_the_input() {
    let folder = tempfile::tempdir().unwrap();
    let made = knight_moves()
        .args(["--format", "json"])
        .write_stdin(std::fs::read(common::data_dir().join("sample.in")).unwrap())
        .output()
        .unwrap();
    let answer = folder.path().join("s1.ans");
    std::fs::write(&answer, &made.stdout).unwrap();
    let wrong = String::from_utf8(made.stdout)
        .unwrap()
        .replacen("\"moves\":2", "\"moves\":3", 1);
    let feedback = tempfile::tempdir().unwrap();
    knight_moves()
        .args(["checker", "kattis", "--format", "json", "sample.in"])
        .arg(&answer)
        .arg(feedback.path())
        .write_stdin(wrong)
        .assert()
        .code(43);
    let message = std::fs::read_to_string(feedback.path().join("judgemessage.txt")).unwrap();
    assert_eq!(
        message,
        "Wrong answer at output:1: expected \"2\", found \"3\", for sample.in:1: e2 e4\n"
    );
}

/// A program that stops or kills the process that runs its case (its parent, a worker of
/// knight-moves) neither holds the run nor passes for refused by the system: the case is a
/// judge failure that says what happened, with its input (issue 59's hostile round).
#[cfg(target_os = "linux")] // a POSIX shell's kill, and leftovers looked for in /proc
#[test]
fn a_program_that_stops_or_kills_its_parent_is_a_judge_failure_that_says_so() {
    let folder = tempfile::tempdir().unwrap();
    let rows = [
        (
            "STOP",
            "did not answer within the time limit and 10 s more, and was killed",
        ),
        (
            "KILL",
            "ended (killed by signal 9) before it said how the program's run went",
        ),
    ];
    for (signal, said) in rows {
        let command = format!("sh -c 'kill -{signal} $PPID; exec sleep 71.4249'");
        let output = knight_moves()
            .current_dir(folder.path())
            .args([
                "stress",
                &command,
                "--cases",
                "3",
                "--seed",
                "1",
                "--time-limit",
                "1",
            ])
            .timeout(std::time::Duration::from_secs(120))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(5), "{signal}: {output:?}");
        let text = stdout(&output);
        assert!(
            text.starts_with("Judge failure: the process that ran the case "),
            "{text}"
        );
        assert!(text.contains(said), "{signal}: {text}");
        assert!(text.contains("\non the input (seed 1):\n"), "{text}");
        assert_eq!(
            common::processes_holding("71.4249"),
            Vec::<String>::new(),
            "{signal}"
        );
    }
}

/// The word that makes knight-moves a worker of `stress` does so only with the variable that
/// `stress` sets: a file of queries of that name is a file to the filter.
#[test]
fn a_file_named_as_the_worker_word_is_a_file() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("__stress-worker"), "e2 e4\n").unwrap();
    knight_moves()
        .current_dir(folder.path())
        .arg("__stress-worker")
        .assert()
        .code(0)
        .stdout("To get from e2 to e4 takes 2 knight moves.\n");
}

/// Files the right way round are judged, never refused as swapped: an answer file that reads
/// as queries (KnightL's `1`, TSV's pair no knight joins), queries without a final newline, a
/// first line that is not a query, queries in UTF-16 (issue 59's hostile round).
#[test]
fn check_refuses_only_files_given_the_other_way_round() {
    let folder = tempfile::tempdir().unwrap();
    let write = |name: &str, bytes: &[u8]| {
        std::fs::write(folder.path().join(name), bytes).unwrap();
        name.to_owned()
    };
    let utf16: Vec<u8> = [0xff, 0xfe]
        .into_iter()
        .chain("e2 e4\n".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    // (options, the answer file and its bytes, the queries' file and its bytes, the status)
    type Row<'a> = (&'a [&'a str], &'a str, &'a [u8], &'a str, &'a [u8], i32);
    let rows: [Row; 5] = [
        (
            &["--problem", "knightl"],
            "k2.ans",
            b"1\n",
            "k2.in",
            b"2",
            0,
        ),
        (&[], "echo.out", b"e2 e4\n", "one.in", b"e2 e4", 4),
        (
            &[],
            "echo2.out",
            b"e2 e4\na1 h8\n",
            "bad.in",
            b"hello\ne2 e4\na1 h8\n",
            4,
        ),
        (
            &[],
            "right.out",
            b"To get from e2 to e4 takes 2 knight moves.\n",
            "utf16.in",
            &utf16,
            0,
        ),
        (
            &["--format", "tsv", "--board", "2", "--path"],
            "tsv.out",
            b"b2\ta1\t\t\n",
            "tsv.in",
            b"b2 a1\n",
            0,
        ),
    ];
    for (options, answers, answer_bytes, queries, query_bytes, status) in rows {
        let answers = write(answers, answer_bytes);
        let queries = write(queries, query_bytes);
        let output = knight_moves()
            .current_dir(folder.path())
            .arg("check")
            .args(options)
            .args([&answers, &queries])
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(status),
            "{answers} {queries}: {output:?}"
        );
    }
}

/// A judge never accepts what it did not read: answers and queries that can be read only once
/// (a pipe, `<(…)`) are judged whole, neither looked at first to tell files given the other way
/// round (which lost their first 8 KB: `check <(cat q.ans) <(cat q.in)` was "Accepted (0
/// answers)") nor read again to tell whether routes were meant (which found nothing there, and
/// so right answers).
#[cfg(unix)] // bash's process substitution
#[test]
fn check_judges_whole_the_files_that_can_be_read_once() {
    // (the script in tests/data, its status, what stdout holds, what it must not)
    let runs: [(&str, i32, &str, &str); 8] = [
        (
            "\"$KM\" check <(cat sample.out) <(cat sample.in)",
            0,
            "Accepted (8 answers)\n",
            "",
        ),
        (
            "\"$KM\" check sample.out <(cat sample.in)",
            0,
            "Accepted (8 answers)\n",
            "",
        ),
        (
            "\"$KM\" check <(cat sample.out) sample.in",
            0,
            "Accepted (8 answers)\n",
            "",
        ),
        (
            "cat sample.in | \"$KM\" check <(cat sample.out)",
            0,
            "Accepted (8 answers)\n",
            "",
        ),
        (
            "\"$KM\" check <(\"$KM\" all-pairs.in) <(cat all-pairs.in)",
            0,
            "Accepted (4096 answers)\n",
            "",
        ),
        (
            "\"$KM\" check <(sed 4s/6/5/ sample.out) <(cat sample.in)",
            4,
            "Wrong answer at /dev/fd/",
            "Accepted",
        ),
        (
            "sed 4s/6/5/ sample.out | \"$KM\" check - <(cat sample.in)",
            4,
            "Wrong answer at <stdin>:4: ",
            "Accepted",
        ),
        (
            "\"$KM\" check <(\"$KM\" all-pairs.in | sed '$d') <(cat all-pairs.in)",
            4,
            "ends after 4095 answers, 4096 expected\n",
            "--path",
        ),
    ];
    for (script, status, said, unsaid) in runs {
        let output = std::process::Command::new("bash")
            .args(["-c", script])
            .env("KM", BINARY)
            .current_dir(common::data_dir())
            .output()
            .expect("bash, which every Unix this runs on has");
        let text = stdout(&output);
        assert_eq!(output.status.code(), Some(status), "{script}: {output:?}");
        assert!(text.contains(said), "{script}: {text}");
        assert!(
            unsaid.is_empty() || !text.contains(unsaid),
            "{script}: {text}"
        );
    }
}

/// An empty answer file against an empty standard input, where the queries were to come, is
/// judged: no answers to none, Accepted. Standard input that holds no queries is refused only
/// where the answer file holds some answers, to judge against nothing.
#[test]
fn an_empty_answer_file_against_no_queries_is_accepted() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("empty.out"), "").unwrap();
    knight_moves()
        .current_dir(folder.path())
        .args(["check", "empty.out"])
        .write_stdin("")
        .assert()
        .code(0)
        .stdout("Accepted (0 answers)\n");
}

/// Answers given on standard input where the queries were to come are told at once, from its
/// first line, before any of it is read as a bad line of queries (issue 59's hostile round:
/// 300,000 lines reported first).
#[test]
fn check_tells_answers_on_standard_input_before_reading_them() {
    let answers = common::sentence("e2", "e4", 2).repeat(20_000);
    let output = knight_moves()
        .args(["check", "sample.in"])
        .write_stdin(answers)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: sample.in holds queries"),
        "{stderr}"
    );
    assert!(stderr.lines().count() < 10, "{stderr}");
}
