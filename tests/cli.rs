//! The binary as users run it: input forms, bad lines, several sources, exit statuses.

use crate::common;

use common::{knight_moves, sentence};
use predicates::prelude::*;

const SAMPLE_OUT: &str = include_str!("data/sample.out");

#[test]
fn the_judge_sample_is_answered_byte_for_byte() {
    knight_moves()
        .arg("sample.in")
        .assert()
        .success()
        .stdout(SAMPLE_OUT)
        .stderr("");
    knight_moves()
        .pipe_stdin(common::data_dir().join("sample.in"))
        .unwrap()
        .assert()
        .success()
        .stdout(SAMPLE_OUT)
        .stderr("");
}

#[test]
fn crlf_blank_lines_blanks_and_a_missing_final_newline_are_all_fine() {
    knight_moves()
        .write_stdin("e2 e4\r\n\r\n\n  \t\nA1\t\tH8 \r\n  b1 c3  \nf6 f6")
        .assert()
        .success()
        .stdout(
            sentence("e2", "e4", 2)
                + &sentence("A1", "H8", 6)
                + &sentence("b1", "c3", 1)
                + &sentence("f6", "f6", 0),
        )
        .stderr("");
}

#[test]
fn each_kind_of_bad_line_is_reported_and_the_rest_answered() {
    let square_rule = "expected a file a-h and a rank 1-8";
    // e4x and e02 are not squares in any notation; the others are, but off the board.
    let cases: &[(&[u8], String)] = &[
        (
            b"i9 a1",
            format!("square \"i9\" is off the 8x8 board: {square_rule}"),
        ),
        (
            b"a0 b2",
            format!("square \"a0\" is off the 8x8 board: {square_rule}"),
        ),
        (
            b"e22 e4",
            format!("square \"e22\" is off the 8x8 board: {square_rule}"),
        ),
        (b"e2 e4x", format!("invalid square \"e4x\": {square_rule}")),
        (b"e02 e4", format!("invalid square \"e02\": {square_rule}")),
        (
            b"e2",
            "expected two squares separated by spaces or tabs, found 1: \"e2\"".into(),
        ),
        (
            b"e2 e4 e6",
            "expected two squares separated by spaces or tabs, found 3: \"e2 e4 e6\"".into(),
        ),
        (
            b"\xff2 e4",
            format!("invalid square \"\\xff2\": {square_rule}"),
        ),
        (
            b"e2 e\x004",
            format!("invalid square \"e\\04\": {square_rule}"),
        ),
        (
            &[b'a'; 5000],
            "line is longer than 4096 bytes; skipped".into(),
        ),
    ];
    for (bad_line, message) in cases {
        let mut input = b"e2 e4\n".to_vec();
        input.extend_from_slice(bad_line);
        input.extend_from_slice(b"\nb1 c3\n");
        knight_moves()
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout(sentence("e2", "e4", 2) + &sentence("b1", "c3", 1))
            .stderr(format!("knight-moves: <stdin>:2: {message}\n"));
    }
}

#[test]
fn messages_name_the_file_and_count_lines_in_each_source() {
    knight_moves()
        .args(["sample.in", "-", "sample.in"])
        .write_stdin("a1 b2\n\nz1 a1\n")
        .assert()
        .code(1)
        .stdout(format!(
            "{SAMPLE_OUT}{}{SAMPLE_OUT}",
            sentence("a1", "b2", 4)
        ))
        .stderr(
            "knight-moves: <stdin>:3: square \"z1\" is off the 8x8 board: expected a file a-h and a rank 1-8\n",
        );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("moves.txt");
    std::fs::write(&path, "e2 e4\n\ni9 e4\n").unwrap();
    knight_moves()
        .arg(&path)
        .assert()
        .code(1)
        .stdout(sentence("e2", "e4", 2))
        .stderr(format!(
            "knight-moves: {}:3: square \"i9\" is off the 8x8 board: expected a file a-h and a rank 1-8\n",
            path.display()
        ));
}

#[test]
fn a_missing_file_is_reported_and_the_others_still_read() {
    knight_moves()
        .args(["sample.in", "no-such-file.in", "-"])
        .write_stdin("h8 a1\n")
        .assert()
        .code(2)
        .stdout(format!("{SAMPLE_OUT}{}", sentence("h8", "a1", 6)))
        .stderr(common::stderr_reads(
            "knight-moves: no-such-file.in: No such file or directory (os error 2)\n",
        ));
}

#[test]
fn a_directory_is_an_unreadable_input() {
    knight_moves()
        .args([".", "sample.in"])
        .assert()
        .code(2)
        .stdout(SAMPLE_OUT)
        .stderr(predicate::str::starts_with("knight-moves: .: "));
}

#[test]
fn an_unreadable_file_outranks_bad_lines() {
    knight_moves()
        .args(["-", "no-such-file.in"])
        .write_stdin("e2 e9\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("<stdin>:1: square \"e9\" is off the 8x8 board")
                .and(predicate::str::contains("knight-moves: no-such-file.in: ")),
        );
}

#[test]
fn usage_errors_exit_with_status_2() {
    knight_moves()
        .arg("--no-such-flag")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--no-such-flag"));
}

#[test]
fn help_documents_usage_examples_and_exit_statuses() {
    knight_moves().arg("--help").assert().success().stdout(
        predicate::str::contains("Usage: knight-moves [OPTIONS] [FILE]...")
            .and(predicate::str::contains("Examples:"))
            .and(predicate::str::contains(
                "Exit status (the highest that applies):",
            ))
            .and(predicate::str::contains("2  usage error")),
    );
    knight_moves()
        .arg("--version")
        .assert()
        .success()
        .stdout(format!("knight-moves {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn empty_input_answers_nothing_and_succeeds() {
    knight_moves()
        .write_stdin("")
        .assert()
        .success()
        .stdout("")
        .stderr("");
}
