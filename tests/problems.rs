//! The judge problems of the Knight Moves family (`--problem`), on the binary: each statement's
//! sample byte for byte, NAKANJ on every pair, POJ 1915 and CSES Knight Moves Grid against a
//! breadth-first search written apart from the engines, malformed input, and the options each
//! problem takes.

use crate::common;

use std::io::{BufReader, Write};

use common::{
    Random, answers_each_in_turn, knight_moves, knight_moves_with_accelerator, oracle_moves,
    plain_distances, sentence, spawn_knight_moves, square_names,
};
use knight_moves::{Board, Piece, Position};
use predicates::prelude::*;

#[test]
fn each_statement_sample_is_answered_byte_for_byte() {
    for problem in ["nakanj", "poj1915", "cses-grid"] {
        let input = format!("problems/{problem}.in");
        let expected =
            std::fs::read_to_string(common::data_dir().join(format!("problems/{problem}.out")))
                .unwrap();
        for accelerator in [true, false] {
            knight_moves_with_accelerator(accelerator)
                .args(["--problem", problem, &input])
                .assert()
                .success()
                .stdout(expected.clone())
                .stderr("");
        }
    }
    // The judges' other names.
    for (alias, problem) in [("boj7562", "poj1915"), ("poj2243", "uva439")] {
        let (input, output) = match problem {
            "poj1915" => (
                "problems/poj1915.in",
                include_str!("data/problems/poj1915.out"),
            ),
            _ => ("sample.in", include_str!("data/sample.out")),
        };
        knight_moves()
            .args(["--problem", alias, input])
            .assert()
            .success()
            .stdout(output);
    }
}

#[test]
fn nakanj_answers_all_4096_pairs_as_the_sentences_do() {
    let names = square_names();
    let mut input = String::from("4096\n");
    let mut expected = String::new();
    for from in &names {
        for to in &names {
            input.push_str(&format!("{from} {to}\n"));
            expected.push_str(&format!("{}\n", oracle_moves(from, to)));
        }
    }
    for accelerator in [true, false] {
        knight_moves_with_accelerator(accelerator)
            .args(["--problem", "nakanj"])
            .write_stdin(input.clone())
            .assert()
            .success()
            .stdout(expected.clone());
    }
}

#[test]
fn poj1915_scenarios_on_random_boards_match_an_independent_search() {
    let mut random = Random::seeded(1915);
    let scenarios = 400;
    let (mut input, mut expected) = (format!("{scenarios}\n"), String::new());
    for _ in 0..scenarios {
        let side = 1 + random.below(300) as u32;
        let mut square = || {
            (
                random.below(u64::from(side)) as u32,
                random.below(u64::from(side)) as u32,
            )
        };
        let (from, to) = (square(), square());
        input.push_str(&format!(
            "{side}\n{} {}\n{} {}\n",
            from.0, from.1, to.0, to.1
        ));
        let board = Board::new(side, side).unwrap();
        let truth = plain_distances(board, Piece::KNIGHT, Position::new(from.0, from.1));
        match truth.to(Position::new(to.0, to.1)) {
            Some(moves) => expected.push_str(&format!("{moves}\n")),
            None => expected.push_str("-1\n"),
        }
    }
    for engine in [None, Some("bfs"), Some("astar")] {
        let mut command = knight_moves();
        command.args(["--problem", "poj1915"]);
        if let Some(engine) = engine {
            command.args(["--algorithm", engine]);
        }
        command
            .write_stdin(input.clone())
            .assert()
            .success()
            .stdout(expected.clone());
    }
}

#[test]
fn cses_grid_matches_an_independent_search_for_every_n_up_to_60_and_1000() {
    for n in (1..=60).chain([1000]) {
        let board = Board::new(n, n).unwrap();
        let truth = plain_distances(board, Piece::KNIGHT, Position::new(0, 0));
        let mut expected = String::new();
        for row in 0..n {
            let numbers: Vec<String> = (0..n)
                .map(|column| match truth.to(Position::new(column, row)) {
                    Some(moves) => moves.to_string(),
                    None => "-1".to_owned(),
                })
                .collect();
            expected.push_str(&numbers.join(" "));
            expected.push('\n');
        }
        let output = knight_moves()
            .args(["--problem", "cses-grid"])
            .write_stdin(format!("{n}\n"))
            .output()
            .unwrap();
        assert!(output.status.success(), "n = {n}");
        assert!(output.stdout == expected.as_bytes(), "n = {n}");
    }
}

#[test]
fn malformed_counts_and_scenarios_are_reported_and_the_rest_answered() {
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "nakanj",
            "2\na1 h8\n",
            "6\n",
            "knight-moves: <stdin>:1: this line announces 2 test cases, but 1 followed\n",
        ),
        (
            "nakanj",
            "1\na1 h8\na1 c2\n",
            "6\n1\n",
            "knight-moves: <stdin>:1: this line announces 1 test cases, but 2 followed; the ones \
             past the count were answered too\n",
        ),
        (
            "nakanj",
            "two\na1 h8\n",
            "6\n",
            "knight-moves: <stdin>:1: expected the number of test cases, a whole number, found \
             \"two\"\n",
        ),
        (
            "nakanj",
            "99999999999999999999999\na1 c2\n",
            "1\n",
            "knight-moves: <stdin>:1: expected the number of test cases, a whole number, found \
             \"99999999999999999999999\"\n",
        ),
        (
            "nakanj",
            "18446744073709551615\na1 c2\ni9 a1\n",
            "1\n",
            "knight-moves: <stdin>:3: square \"i9\" is off the 8x8 board: expected a file a-h and \
             a rank 1-8\nknight-moves: <stdin>:1: this line announces 18446744073709551615 test \
             cases, but 2 followed\n",
        ),
        (
            "poj1915",
            "2\n8\n0 0\n7 0\n0\n0 0\n1 1\n",
            "5\n",
            "knight-moves: <stdin>:5: expected the side of the board, a whole number from 1 to \
             1000000000, found \"0\"\n",
        ),
        (
            "poj1915",
            "2\n8\n0 0\n7 0\n8\n0 0\n",
            "5\n",
            "knight-moves: <stdin>:6: the input ends inside a scenario: the end square is missing\n",
        ),
        (
            "poj1915",
            "3\n8\n0 x\n7 0\n8\n0 0\n7 0\n",
            "5\n",
            "knight-moves: <stdin>:3: expected a square as two numbers from 0 to 7 separated by a \
             blank, found \"0 x\"\nknight-moves: <stdin>:1: this line announces 3 scenarios, but \
             2 followed\n",
        ),
        (
            "poj1915",
            "1\n1000000000\n0 0\n999999999 999999999\n",
            "666666666\n",
            "",
        ),
        (
            "cses-grid",
            "4\n5\n",
            "0 3 2 5\n3 4 1 2\n2 1 4 3\n5 2 3 2\n",
            "knight-moves: <stdin>:2: expected nothing after the size of the grid, found \"5\"\n",
        ),
        (
            "cses-grid",
            "-3\n",
            "",
            "knight-moves: <stdin>:1: expected the size of the grid, a whole number from 1 to \
             1000000000, found \"-3\"\n",
        ),
    ];
    for (problem, input, stdout, stderr) in cases {
        let code = if stderr.is_empty() { 0 } else { 1 };
        for accelerator in [true, false] {
            knight_moves_with_accelerator(accelerator)
                .args(["--problem", problem])
                .write_stdin(*input)
                .assert()
                .code(code)
                .stdout(*stdout)
                .stderr(*stderr);
        }
    }
}

#[test]
fn each_problem_takes_its_options_and_refuses_the_others() {
    let refused: &[(&str, &[&str])] = &[
        ("nakanj", &["--board", "9"]),
        ("poj1915", &["--board", "9"]),
        ("poj1915", &["--algorithm", "table"]),
        ("poj1915", &["--stats"]),
        ("poj1915", &["--compare"]),
        ("poj1915", &["--format", "json"]),
        ("poj1915", &["--draw"]),
        ("cses-grid", &["--path"]),
        ("cses-grid", &["--algorithm", "table"]),
        ("cses-grid", &["--format", "tsv"]),
        ("cses-grid", &["--stats"]),
        ("knightl", &["--algorithm", "table"]),
        ("knightl", &["--piece", "camel"]),
        ("knightl", &["--compare"]),
    ];
    for (problem, args) in refused {
        knight_moves()
            .args(["--problem", problem])
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "does not go with --problem {problem}"
            )));
    }
    // NAKANJ with the options UVa 439 has: numbers, or the same rows and objects.
    let input = "2\na1 c2\nA1 h8\n";
    let taken: &[(&[&str], &str)] = &[
        (&["--path"], "1 a1 c2\n6 A1 b3 c5 d7 f8 g6 h8\n"),
        (&["--format", "tsv"], "a1\tc2\t1\nA1\th8\t6\n"),
        (&["--algorithm", "astar", "--max-nodes", "50"], "1\n6\n"),
    ];
    for (args, stdout) in taken {
        knight_moves()
            .args(["--problem", "nakanj"])
            .args(*args)
            .write_stdin(input)
            .assert()
            .success()
            .stdout(*stdout);
    }
    let json = knight_moves()
        .args(["--problem", "nakanj", "--format", "json", "--compare"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(json.status.success());
    assert!(
        String::from_utf8(json.stdout)
            .unwrap()
            .contains("\"moves\":6")
    );
    knight_moves()
        .args(["--problem", "poj1915", "--path", "--algorithm", "bfs"])
        .write_stdin("1\n5\n0 0\n1 2\n")
        .assert()
        .success()
        .stdout("1 0,0 1,2\n");
    knight_moves().arg("--help").assert().stdout(
        predicate::str::contains("nakanj     SPOJ NAKANJ").and(predicate::str::contains(
            "poj1915    POJ 1915 = Baekjoon 7562",
        )),
    );
}

/// The grids' numbers are asked of the engine as every query's are: `--algorithm` chooses it
/// (every engine gives the same grid) and `--max-nodes` limits each search; a search that gives
/// up stops the grid there, after the numbers found before it, reported on its line with the
/// hint any query gets (exit status 1), and a `check` of it is a judge failure, not the
/// candidate's.
#[test]
fn the_grids_take_algorithm_and_max_nodes_as_every_query_does() {
    let grid = |problem: &str, side: u32, args: &[&str], accelerator: bool| {
        let output = knight_moves_with_accelerator(accelerator)
            .args(["--problem", problem])
            .args(args)
            .write_stdin(format!("{side}\n"))
            .output()
            .unwrap();
        assert!(output.status.success(), "{problem} {side} {args:?}");
        assert!(output.stderr.is_empty(), "{problem} {side} {args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    for side in 1..=9 {
        let expected = grid("cses-grid", side, &[], true);
        for engine in ["formula", "bfs", "bidirectional", "astar"] {
            for accelerator in [true, false] {
                let found = grid("cses-grid", side, &["--algorithm", engine], accelerator);
                assert_eq!(found, expected, "cses-grid {side} --algorithm {engine}");
            }
        }
        let expected = grid("knightl", side, &[], true);
        for engine in ["bfs", "bidirectional", "astar"] {
            let found = grid("knightl", side, &["--algorithm", engine], false);
            assert_eq!(found, expected, "knightl {side} --algorithm {engine}");
        }
        // Enough for every search of a board of side² squares: the same grid.
        let enough = (side * side).to_string();
        assert_eq!(
            grid("knightl", side, &["--max-nodes", &enough], true),
            expected
        );
    }

    let gave_up = |max_nodes: u64, hint: &str| {
        format!(
            "knight-moves: <stdin>:1: gave up after expanding {max_nodes} squares \
             (--max-nodes); {hint}\n"
        )
    };
    let stopped: &[(&str, u32, &[&str], &str, String)] = &[
        (
            "cses-grid",
            8,
            &["--algorithm", "bfs", "--max-nodes", "5"],
            "0\n",
            gave_up(5, "try --algorithm formula, or allow more"),
        ),
        // The formula searches the boards its closed form does not cover, 3×3 and 4×4.
        (
            "cses-grid",
            4,
            &["--max-nodes", "3"],
            "0 3 2\n",
            gave_up(3, "allow more"),
        ),
        (
            "knightl",
            8,
            &["--algorithm", "astar", "--max-nodes", "3"],
            "",
            gave_up(3, "allow more"),
        ),
    ];
    for (problem, side, args, stdout, stderr) in stopped {
        for accelerator in [true, false] {
            knight_moves_with_accelerator(accelerator)
                .args(["--problem", problem])
                .args(*args)
                .write_stdin(format!("{side}\n"))
                .assert()
                .code(1)
                .stdout(*stdout)
                .stderr(stderr.clone());
        }
    }

    // A row a search stopped in ends after its numbers found: it once stayed unended, and the
    // next grid's first row ran on from it ("0 3 2 0 -1" for n = 4, then n = 2).
    let directory = tempfile::tempdir().unwrap();
    let (four, two) = (directory.path().join("4.in"), directory.path().join("2.in"));
    std::fs::write(&four, "4\n").unwrap();
    std::fs::write(&two, "2\n").unwrap();
    for accelerator in [true, false] {
        knight_moves_with_accelerator(accelerator)
            .args(["--problem", "cses-grid", "--max-nodes", "3"])
            .arg(&four)
            .arg(&two)
            .assert()
            .code(1)
            .stdout("0 3 2\n0 -1\n-1 -1\n");
    }

    let right = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(right.path(), grid("cses-grid", 6, &[], true)).unwrap();
    knight_moves()
        .arg("check")
        .args([
            "--problem",
            "cses-grid",
            "--algorithm",
            "bfs",
            "--max-nodes",
            "10",
        ])
        .arg(right.path())
        .write_stdin("6\n")
        .assert()
        .code(5)
        .stdout(predicate::str::starts_with(
            "Judge failure: knight-moves could not answer <stdin>:1: n = 6 (gave up after \
             expanding 10 squares",
        ));
}

#[test]
fn a_nakanj_coprocess_gets_each_answer_at_once() {
    let mut child = spawn_knight_moves(&["--problem", "nakanj"]);
    let mut stdin = child.stdin.take().unwrap();
    let reader = BufReader::new(child.stdout.take().unwrap());
    stdin.write_all(b"2\n").unwrap();
    answers_each_in_turn(
        &mut stdin,
        reader,
        &[("e2 e4\n", "2\n"), ("a1 h8\n", "6\n")],
    );
    drop(stdin);
    assert!(child.wait().unwrap().success());
    // UVa 439 keeps its sentence.
    knight_moves()
        .write_stdin("e2 e4\n")
        .assert()
        .stdout(sentence("e2", "e4", 2));
}

/// A grid of 2,000 squares a side (4 million numbers) is written in a few megabytes: row by
/// row, never held whole.
#[cfg(target_os = "linux")] // the peak is read from /proc
#[test]
fn a_big_grid_is_streamed_in_bounded_memory() {
    let mut child = spawn_knight_moves(&["--problem", "cses-grid"]);
    child.stdin.take().unwrap().write_all(b"2000\n").unwrap();
    let (total, peak, success) = common::read_all_watching_memory(&mut child);
    assert!(success);
    assert!(total > 4_000_000 * 2, "{total} bytes");
    assert!(peak < 8 * 1024, "peak {peak} KiB");
}

/// A grid whose search gives up is written up to the number that could not be found: its row
/// ends there, the message follows, and a checker of a right grid under the same limit calls it
/// a judge failure, not a wrong answer (issue 31).
#[test]
fn a_grid_whose_search_gave_up_keeps_the_numbers_found() {
    let args = [
        "--problem",
        "cses-grid",
        "--algorithm",
        "bfs",
        "--max-nodes",
        "1000",
    ];
    let output = knight_moves()
        .args(args)
        .write_stdin("100\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let right = knight_moves()
        .args(["--problem", "cses-grid"])
        .write_stdin("100\n")
        .output()
        .unwrap();
    let right = String::from_utf8(right.stdout).unwrap();
    let first_row = right.lines().next().unwrap();
    let found = stdout.strip_suffix('\n').expect("the row is ended");
    assert!(!found.contains('\n'), "one row: {stdout}");
    assert!(!found.is_empty() && !found.ends_with(' '), "{stdout:?}");
    assert!(
        first_row.starts_with(&format!("{found} ")),
        "{found} / {first_row}"
    );
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "knight-moves: <stdin>:1: gave up after expanding 1000 squares (--max-nodes); try \
         --algorithm formula, or allow more\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("grid.ans");
    std::fs::write(&answers, &right).unwrap();
    let checked = knight_moves()
        .arg("check")
        .args(args)
        .arg(&answers)
        .write_stdin("100\n")
        .output()
        .unwrap();
    assert_eq!(checked.status.code(), Some(5), "{checked:?}");
    assert!(String::from_utf8_lossy(&checked.stdout).starts_with("Judge failure"));
}
