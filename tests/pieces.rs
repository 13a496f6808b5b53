//! Other leapers (issue 13): every searching engine for the camel, zebra, giraffe, wazir, ferz
//! and (2,5)-leaper on every pair of every board up to 10×10 against a breadth-first search
//! written apart from the engines, their routes, the binary's sentences and formats for them,
//! malformed `--piece`, and HackerRank's KnightL.

use crate::common;

use common::{knight_moves, plain_distances};
use knight_moves::{Board, Engine, Piece, Position, Query, Searcher};
use predicates::prelude::*;

const PIECES: [(&str, (i64, i64)); 6] = [
    ("camel", (1, 3)),
    ("zebra", (2, 3)),
    ("giraffe", (1, 4)),
    ("wazir", (0, 1)),
    ("ferz", (1, 1)),
    ("2,5", (2, 5)),
];

fn is_move(piece: (i64, i64), from: Position, to: Position) -> bool {
    let df = (i64::from(from.file) - i64::from(to.file)).abs();
    let dr = (i64::from(from.rank) - i64::from(to.rank)).abs();
    (df, dr) == piece || (dr, df) == piece
}

#[test]
fn every_engine_agrees_with_bfs_for_every_piece_on_every_board_up_to_10x10() {
    let mut searcher = Searcher::new();
    let (mut pairs, mut unreachable) = (0u64, 0u64);
    for (name, leaps) in PIECES {
        let piece: Piece = name.parse().unwrap();
        for files in 1..=10 {
            for ranks in 1..=10 {
                let board = Board::new(files, ranks).unwrap();
                for from in board.positions() {
                    let truth = plain_distances(board, piece, from);
                    for to in board.positions() {
                        let expected = truth.to(to);
                        pairs += 1;
                        unreachable += u64::from(expected.is_none());
                        for engine in [Engine::Bfs, Engine::Bidirectional, Engine::Astar] {
                            let context = format!("{engine} {name} on {board}: {from} {to}");
                            let query = Query::new(board, piece, from, to);
                            let found = searcher
                                .route(engine, query)
                                .unwrap_or_else(|error| panic!("{context}: {error}"));
                            match (expected, found) {
                                (None, None) => {}
                                (Some(moves), Some(route)) => {
                                    assert_eq!(route.len() as u64, moves + 1, "{context}");
                                    assert_eq!((route[0], route[route.len() - 1]), (from, to));
                                    for step in route.windows(2) {
                                        assert!(is_move(leaps, step[0], step[1]), "{context}");
                                    }
                                }
                                (expected, found) => {
                                    panic!("{context}: expected {expected:?}, found {found:?}")
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(pairs, 6 * 385 * 385);
    assert!(unreachable > 100_000, "{unreachable}");
}

#[test]
fn the_table_knows_the_knight_only_and_the_formula_every_leaper() {
    let camel: Piece = "camel".parse().unwrap();
    let a1 = Position::new(0, 0);
    let query = Query::new(Board::STANDARD, camel, a1, a1);
    assert!(Searcher::new().search(Engine::Table, query).is_err());
    assert_eq!(
        Searcher::new().distance(Engine::Formula, query),
        Ok(Some(0))
    );
    knight_moves()
        .args(["--piece", "camel", "--algorithm", "table"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--algorithm table knows the knight only",
        ));
}

#[test]
fn the_binary_names_the_piece_in_every_format() {
    let run = |args: &[&str], input: &str| {
        let output = knight_moves()
            .args(args)
            .write_stdin(input.to_owned())
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(
        run(&["--piece", "camel"], "a1 d2\na1 a2\n"),
        "To get from a1 to d2 takes 1 camel moves.\nThere is no camel route from a1 to a2.\n"
    );
    assert_eq!(
        run(&["--piece", "5,2", "--board", "12"], "a1 c6\n"),
        "To get from a1 to c6 takes 1 (2,5)-leaper moves.\n"
    );
    assert_eq!(
        run(
            &["--piece", "wazir", "--format", "tsv", "--header", "--path"],
            "a1 b2\n"
        ),
        "from\tto\tmoves\tpath\tpiece\na1\tb2\t2\ta1 b1 b2\twazir\n"
    );
    assert_eq!(
        run(&["--piece", "ferz", "--format", "json"], "a1 a2\n"),
        "{\"source\":\"<stdin>\",\"line\":1,\"from\":\"a1\",\"to\":\"a2\",\"piece\":\"ferz\",\"moves\":null}\n"
    );
    // A camel cannot change colour: on the biggest board that is answered at once, without a
    // search; a pair it can join is searched (A*'s bound leads it nearly straight there).
    assert_eq!(
        run(
            &["--piece", "camel", "--board", "1000000000"],
            "a1 a2\nb2 abc2001\n"
        ),
        "There is no camel route from a1 to a2.\nTo get from b2 to abc2001 takes 683 camel moves.\n"
    );
    // Long narrow strips too: the camel on 3 files and the zebra on 4 (both kinds of its move
    // fit across, but not from every file), a billion ranks long, with --max-nodes at its least
    // so that any search would give up.
    assert_eq!(
        run(
            &[
                "--piece",
                "camel",
                "--board",
                "3x1000000000",
                "--max-nodes",
                "1"
            ],
            "a1 a999999999
b2 c5
"
        ),
        "There is no camel route from a1 to a999999999.
To get from b2 to c5 takes 1 camel moves.
"
    );
    assert_eq!(
        run(
            &[
                "--piece",
                "zebra",
                "--board",
                "4x1000000000",
                "--max-nodes",
                "1"
            ],
            "a1 d1000000000
b1 c4
b1 d4
"
        ),
        "There is no zebra route from a1 to d1000000000.
There is no zebra route from b1 to c4.
To get from b1 to d4 takes 1 zebra moves.
"
    );
    // And a larger leaper, the (7,8)-leaper on 10 files (the strip rule's proof reaches
    // b′ = 16): pairs it cannot join are answered without a search, those it can are searched.
    assert_eq!(
        run(
            &[
                "--piece",
                "7,8",
                "--board",
                "10x1000000000",
                "--max-nodes",
                "1"
            ],
            "a1 a2
a1 a1000000000
c1 c2
"
        ),
        "There is no (7,8)-leaper route from a1 to a2.
There is no (7,8)-leaper route from a1 to a1000000000.
There is no (7,8)-leaper route from c1 to c2.
"
    );
    let compared = knight_moves()
        .args(["--piece", "zebra", "--compare", "--board", "30"])
        .write_stdin("a1 ad30\nb2 c3\n")
        .output()
        .unwrap();
    assert!(compared.status.success());
    let table = String::from_utf8(compared.stderr).unwrap();
    assert!(
        table.contains("\nformula ") && table.contains("\nbfs ") && table.contains("\nastar "),
        "{table}"
    );
    assert!(!table.contains("table"), "{table}");
}

#[test]
fn malformed_pieces_are_usage_errors() {
    for piece in ["horse", "0,0", "1,2,3", "-1,2", "1,1000001", "", "a,b"] {
        knight_moves()
            .arg(format!("--piece={piece}"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains("expected knight, camel"));
    }
    for problem in ["nakanj", "poj1915", "cses-grid", "knightl"] {
        knight_moves()
            .args(["--problem", problem, "--piece", "camel"])
            .assert()
            .code(2);
    }
}

#[test]
fn knightl_matches_the_sample_and_an_independent_search_up_to_25() {
    knight_moves()
        .args(["--problem", "knightl"])
        .write_stdin("5\n")
        .assert()
        .success()
        .stdout("4 4 2 8\n4 2 4 4\n2 4 -1 -1\n8 4 -1 1\n");
    for n in 1..=25u32 {
        let mut expected = String::new();
        for i in 1..n {
            let row: Vec<String> = (1..n)
                .map(|j| {
                    let (board, piece) = (Board::new(n, n).unwrap(), Piece::leaper(i, j).unwrap());
                    let truth = plain_distances(board, piece, Position::new(0, 0));
                    match truth.to(Position::new(n - 1, n - 1)) {
                        Some(moves) => moves.to_string(),
                        None => "-1".to_owned(),
                    }
                })
                .collect();
            expected.push_str(&row.join(" "));
            expected.push('\n');
        }
        knight_moves()
            .args(["--problem", "knightl"])
            .write_stdin(format!("{n}\n"))
            .assert()
            .success()
            .stdout(expected);
    }
}
