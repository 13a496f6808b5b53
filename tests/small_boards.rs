//! Every engine against a breadth-first search written apart from the engines, on every pair of
//! every board up to 12×12 and of long narrow boards (and, in ignored tests, every board up to
//! 40×40 and some larger ones), through the library's public API.

use crate::common;

use std::sync::atomic::{AtomicU64, Ordering};

use common::{ENOUGH, assert_route, on_every_thread, plain_distances, run};
use knight_moves::{Board, Engine, Piece, Query, Searcher};

#[test]
fn every_engine_agrees_with_bfs_on_every_pair_of_every_board_up_to_12x12() {
    let mut pairs = 0u64;
    let mut unreachable = 0u64;
    let mut route = Vec::new();
    for files in 1..=12 {
        for ranks in 1..=12 {
            let board = Board::new(files, ranks).unwrap();
            for from in board.positions() {
                let truth = plain_distances(board, Piece::KNIGHT, from);
                for to in board.positions() {
                    let expected = truth.to(to);
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
            let truth = plain_distances(board, Piece::KNIGHT, from);
            for to in board.positions() {
                let expected = truth.to(to);
                let found = run(Engine::Formula, board, from, to, None);
                assert_eq!(found.moves, expected, "formula on {board}, {from} to {to}");
            }
        }
    }
}

#[test]
#[ignore = "about half a billion pairs: run with cargo test --release -- --ignored"]
fn the_formula_matches_bfs_on_every_board_up_to_40x40() {
    let boards: Vec<(u32, u32)> = (1..=40)
        .flat_map(|files| (1..=40).map(move |ranks| (files, ranks)))
        .collect();
    assert_eq!(
        formula_matches_bfs_on_every_pair_of_each(&boards),
        22_140 * 22_140
    );
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
    assert_eq!(
        formula_matches_bfs_on_every_pair_of_each(&boards),
        526_623_578
    );
}

/// Compares the formula with the oracle's BFS on every pair of each of `boards`, on every
/// thread; returns how many pairs.
fn formula_matches_bfs_on_every_pair_of_each(boards: &[(u32, u32)]) -> u64 {
    let pairs = AtomicU64::new(0);
    on_every_thread(
        boards,
        || Searcher::with_max_nodes(ENOUGH),
        |searcher, &(files, ranks)| {
            let board = Board::new(files, ranks).unwrap();
            let checked = formula_matches_bfs_on_every_pair(searcher, board);
            pairs.fetch_add(checked, Ordering::Relaxed);
        },
    );
    pairs.into_inner()
}

/// Compares the formula with the oracle's BFS on every pair of `board`; returns how many pairs.
fn formula_matches_bfs_on_every_pair(searcher: &mut Searcher, board: Board) -> u64 {
    let mut pairs = 0;
    for from in board.positions() {
        let truth = plain_distances(board, Piece::KNIGHT, from);
        for to in board.positions() {
            let expected = truth.to(to);
            let found = searcher
                .distance(Engine::Formula, Query::knight(board, from, to))
                .unwrap_or_else(|error| panic!("{board}, {from} to {to}: {error}"));
            assert_eq!(found, expected, "{board}, {from} to {to}");
            pairs += 1;
        }
    }
    pairs
}
