//! Every engine against a breadth-first search written apart from the crate, on every pair of
//! every board up to 12×12 and of long narrow boards (and, in ignored tests, every board up to
//! 40×40 and some larger ones), through the library's public API.

use crate::common;

use common::{assert_route, oracle_distances, run};
use knight_moves::{Board, Engine, Piece};

#[test]
fn every_engine_agrees_with_bfs_on_every_pair_of_every_board_up_to_12x12() {
    let mut pairs = 0u64;
    let mut unreachable = 0u64;
    let mut route = Vec::new();
    for files in 1..=12 {
        for ranks in 1..=12 {
            let board = Board::new(files, ranks).unwrap();
            for from in board.positions() {
                let truth = oracle_distances(files, ranks, (from.file, from.rank));
                for to in board.positions() {
                    let expected = truth[(to.rank * files + to.file) as usize];
                    unreachable += u64::from(expected.is_none());
                    pairs += 1;
                    for engine in Engine::all_for(board, Piece::KNIGHT) {
                        let context = format!("{engine} on {board}, {from} to {to}");
                        let found = run(engine, board, from, to, Some(&mut route));
                        assert_eq!(found.moves, expected, "{context}");
                        match expected {
                            Some(moves) => assert_route(board, &route, from, to, moves, &context),
                            None => assert!(route.is_empty(), "{context}: {route:?}"),
                        }
                    }
                }
            }
        }
    }
    // Σ (W·H)² over the 144 boards, and the unreachable pairs were really tried.
    assert_eq!(pairs, 650 * 650);
    assert!(unreachable > 1_000, "{unreachable}");
}

#[test]
fn the_formula_holds_on_long_narrow_boards() {
    // The closed form's special cases live at the ends of narrow boards: check long ones whole.
    for (files, ranks) in [
        (1, 60),
        (2, 60),
        (3, 60),
        (4, 60),
        (5, 60),
        (60, 3),
        (60, 4),
        (6, 40),
    ] {
        let board = Board::new(files, ranks).unwrap();
        for from in board.positions() {
            let truth = oracle_distances(files, ranks, (from.file, from.rank));
            for to in board.positions() {
                let expected = truth[(to.rank * files + to.file) as usize];
                let found = run(Engine::Formula, board, from, to, None);
                assert_eq!(found.moves, expected, "formula on {board}, {from} to {to}");
            }
        }
    }
}

#[test]
#[ignore = "about half a billion pairs: run with cargo test --release -- --ignored"]
fn the_formula_matches_bfs_on_every_board_up_to_40x40() {
    let mut pairs = 0u64;
    for files in 1..=40 {
        for ranks in 1..=40 {
            pairs += assert_formula_matches_bfs_on_every_pair(Board::new(files, ranks).unwrap());
        }
    }
    assert_eq!(pairs, 22_140 * 22_140);
}

/// Compares the formula with the oracle's BFS on every pair of `board`; returns how many pairs.
fn assert_formula_matches_bfs_on_every_pair(board: Board) -> u64 {
    let (files, ranks) = (board.files(), board.ranks());
    let mut pairs = 0;
    for from in board.positions() {
        let truth = oracle_distances(files, ranks, (from.file, from.rank));
        for to in board.positions() {
            let expected = truth[(to.rank * files + to.file) as usize];
            let found = run(Engine::Formula, board, from, to, None);
            assert_eq!(found.moves, expected, "{board}, {from} to {to}");
            pairs += 1;
        }
    }
    pairs
}

#[test]
#[ignore = "about 530 million pairs: run with cargo test --release -- --ignored"]
fn the_formula_matches_bfs_on_every_pair_of_some_larger_boards() {
    // Past 40×40, some shapes whose every pair is still cheap to check: a square board far
    // bigger than any cramped corner, long boards of the narrow widths that have their own
    // rules, and odd and even sides both ways.
    let boards = [
        (100, 100),
        (64, 200),
        (5, 1000),
        (1000, 6),
        (3, 2001),
        (2000, 4),
        (77, 131),
    ];
    let mut pairs = 0;
    for (files, ranks) in boards {
        pairs += assert_formula_matches_bfs_on_every_pair(Board::new(files, ranks).unwrap());
    }
    assert_eq!(pairs, 526_623_578);
}
