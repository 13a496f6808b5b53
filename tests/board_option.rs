//! `--board` as users run it: answers, long squares read and written exactly (with the
//! accelerator on and off), pairs no knight can join in every format, limits and usage errors.

use crate::common;

use common::{Random, knight_moves, knight_moves_with_accelerator, run};
use knight_moves::{Board, Engine, Position};
use predicates::prelude::*;

#[test]
fn the_binary_answers_on_other_boards() {
    knight_moves()
        .args(["--board", "702x1000000"])
        .write_stdin("a1 zz1000000\nAAA1 a1\nA1 b1\n")
        .assert()
        .code(1)
        .stdout(
            "To get from a1 to zz1000000 takes 500000 knight moves.\n\
             To get from A1 to b1 takes 3 knight moves.\n",
        )
        .stderr(
            "knight-moves: <stdin>:2: square \"AAA1\" is off the 702x1000000 board: \
                 expected a file a-zz and a rank 1-1000000\n",
        );
}

/// The accelerator reads big-board squares in 8-byte words and writes the sentence with
/// fixed-size copies, leaving lines near the end of each read and long squares to the general
/// path: on a file of
/// random lines longer than one read (64 KiB), every answer must be the sentence written the
/// plain way, and every bad line reported.
#[test]
fn the_binary_reads_and_writes_long_squares_exactly() {
    for (size, board) in [
        ("1000000", Board::new(1_000_000, 1_000_000)),
        ("1000000000", Board::new(Board::MAX_SIDE, Board::MAX_SIDE)),
        ("7x1000000000", Board::new(7, Board::MAX_SIDE)),
        ("300000000x5", Board::new(300_000_000, 5)),
    ] {
        let board = board.unwrap();
        let mut random = Random::seeded(439 + u64::from(board.files()));
        let (mut input, mut expected, mut bad_lines) = (String::new(), String::new(), Vec::new());
        for line_number in 1..=12_000 {
            let square = |random: &mut Random| {
                let file = random.below(u64::from(board.files())) as u32;
                let rank = random.below(u64::from(board.ranks())) as u32;
                let position = Position::new(file, rank);
                let name = position.to_string();
                let typed = match random.below(4) {
                    0 => name.to_uppercase(),
                    _ => name,
                };
                (position, typed)
            };
            let ((from, from_text), (to, to_text)) = (square(&mut random), square(&mut random));
            let blanks = ["", " ", "\t", "  "];
            let gap = [" ", "\t", " \t "][random.below(3) as usize];
            let (lead, trail) = (
                blanks[random.below(4) as usize],
                blanks[random.below(4) as usize],
            );
            let end = ["\n", "\r\n"][random.below(2) as usize];
            if random.below(50) == 0 {
                // A rank one past the board: a bad line among good ones.
                let off = format!("{}{}", "a", u64::from(board.ranks()) + 1);
                input.push_str(&format!("{lead}{off}{gap}{to_text}{trail}{end}"));
                bad_lines.push(line_number);
                continue;
            }
            input.push_str(&format!("{lead}{from_text}{gap}{to_text}{trail}{end}"));
            let moves = run(Engine::Formula, board, from, to, None)
                .moves
                .expect("joined");
            expected.push_str(&format!(
                "To get from {from_text} to {to_text} takes {moves} knight moves.\n"
            ));
        }
        assert!(input.len() > 64 * 1024, "longer than one read");
        for accelerator in [true, false] {
            let output = knight_moves_with_accelerator(accelerator)
                .args(["--board", size])
                .write_stdin(input.clone())
                .output()
                .unwrap();
            let context = format!("on {size}, accelerator {accelerator}");
            assert_eq!(output.status.code(), Some(1), "{context}");
            assert_eq!(
                String::from_utf8(output.stdout).unwrap(),
                expected,
                "{context}"
            );
            let stderr = String::from_utf8(output.stderr).unwrap();
            let reported: Vec<u64> = stderr
                .lines()
                .map(|line| line.split(':').nth(2).unwrap().parse().unwrap())
                .collect();
            assert_eq!(reported, bad_lines, "{context}");
        }
    }
}

#[test]
fn unreachable_pairs_are_answers_in_every_format() {
    let input = "b2 a1\na1 a1\n";
    let run = |args: &[&str]| {
        let output = knight_moves()
            .args(["--board", "3"])
            .args(args)
            .write_stdin(input)
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(
        run(&[]),
        "There is no knight route from b2 to a1.\nTo get from a1 to a1 takes 0 knight moves.\n"
    );
    assert_eq!(
        run(&["--path"]),
        "There is no knight route from b2 to a1.\nTo get from a1 to a1 takes 0 knight moves: a1.\n"
    );
    assert_eq!(run(&["--format", "tsv"]), "b2\ta1\t\na1\ta1\t0\n");
    assert_eq!(
        run(&["--format", "tsv", "--path"]),
        "b2\ta1\t\t\na1\ta1\t0\ta1\n"
    );
    let json = run(&["--format", "json", "--path"]);
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert!(
        first["moves"].is_null() && first["path"].is_null(),
        "{first}"
    );
    for engine in ["formula", "bfs", "bidirectional", "astar"] {
        assert!(
            run(&["--algorithm", engine]).starts_with("There is no knight route from b2 to a1.\n")
        );
    }
}

#[test]
fn max_nodes_turns_a_huge_search_into_a_bad_line() {
    knight_moves()
        .args([
            "--board",
            "1000",
            "--algorithm",
            "bfs",
            "--max-nodes",
            "100",
        ])
        .write_stdin("a1 all1000\na1 b3\n")
        .assert()
        .code(1)
        .stdout("To get from a1 to b3 takes 1 knight moves.\n")
        .stderr(predicate::str::contains(
            "<stdin>:1: gave up after expanding 100 squares (--max-nodes)",
        ));
}

#[test]
fn board_usage_errors() {
    for (args, message) in [
        (
            &["--board", "0"][..],
            "invalid value '0' for '--board <SIZE>'",
        ),
        (&["--board", "8x8x8"], "invalid value"),
        (&["--board", "1000000001"], "invalid value"),
        (
            &["--board", "9", "--algorithm", "table"],
            "--algorithm table works on the 8x8 board only",
        ),
        (
            &["--board", "27", "--draw"],
            "--draw draws boards up to 26x26",
        ),
        (
            &["--max-nodes", "0"],
            "invalid value '0' for '--max-nodes <N>'",
        ),
    ] {
        knight_moves()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn draw_works_up_to_26x26() {
    let output = knight_moves()
        .args(["--board", "26", "--draw"])
        .write_stdin("a1 z26\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("To get from a1 to z26 takes 18 knight moves: a1 "),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("26 "), "{}", lines[1]);
    assert_eq!(lines[26].split_whitespace().next(), Some("1"));
    assert!(lines[27].trim_end().ends_with('z'));
    let marked: usize = lines[1..27]
        .iter()
        .map(|line| line.matches('[').count())
        .sum();
    assert_eq!(marked, 19, "every square of the 18-move route is marked");
    assert!(lines[26].starts_with(" 1 [ 0]"), "{}", lines[26]);
}
