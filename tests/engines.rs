//! Every engine on every one of the 4096 pairs of 8×8: exact distances, valid routes, and the
//! difference in work between them.

mod common;

use common::{oracle_moves, search};
use knight_moves::board::{Board, Position};
use knight_moves::engine::{Engine, Search, astar};
use knight_moves::notation::square_name;

const BOARD: Board = Board::STANDARD;
const ENOUGH: u64 = 1_000;

fn pairs() -> impl Iterator<Item = (Position, Position)> {
    BOARD
        .positions()
        .flat_map(|from| BOARD.positions().map(move |to| (from, to)))
}

fn run(engine: Engine, from: Position, to: Position, route: Option<&mut Vec<Position>>) -> Search {
    search(engine, BOARD, from, to, route, ENOUGH).expect("8x8 never needs 1000 squares")
}

fn oracle(from: Position, to: Position) -> u64 {
    u64::from(oracle_moves(&square_name(from), &square_name(to)))
}

fn is_knight_move(a: Position, b: Position) -> bool {
    let (df, dr) = a.offset_to(b);
    matches!((df.abs(), dr.abs()), (1, 2) | (2, 1))
}

#[test]
fn every_engine_gives_the_exact_distance_on_all_4096_pairs() {
    for engine in Engine::ALL {
        let mut checked = 0;
        for (from, to) in pairs() {
            let moves = run(engine, from, to, None).moves;
            assert_eq!(moves, Some(oracle(from, to)), "{engine} on {from:?} {to:?}");
            checked += 1;
        }
        assert_eq!(checked, 4096);
    }
}

#[test]
fn every_route_is_a_shortest_knight_route_and_does_not_change() {
    for engine in Engine::ALL {
        let (mut route, mut again) = (Vec::new(), Vec::new());
        for (from, to) in pairs() {
            let found = run(engine, from, to, Some(&mut route));
            let context = format!("{engine} on {} {}", square_name(from), square_name(to));
            assert_eq!(route.first(), Some(&from), "{context}");
            assert_eq!(route.last(), Some(&to), "{context}");
            assert_eq!(Some(route.len() as u64 - 1), found.moves, "{context}");
            for step in route.windows(2) {
                assert!(is_knight_move(step[0], step[1]), "{context}: {route:?}");
            }
            // Asking for the route must not change the answer or the work done.
            assert_eq!(run(engine, from, to, None), found, "{context}");
            run(engine, from, to, Some(&mut again));
            assert_eq!(route, again, "{context}: routes must be deterministic");
        }
    }
}

#[test]
fn from_a_square_to_itself_is_zero_moves_in_every_engine() {
    for engine in Engine::ALL {
        let mut route = Vec::new();
        for square in BOARD.positions() {
            let found = run(engine, square, square, Some(&mut route));
            assert_eq!(found.moves, Some(0), "{engine} on {square:?}");
            assert_eq!(found.expanded, 0, "{engine} on {square:?}");
            assert_eq!(route, [square], "{engine} on {square:?}");
        }
    }
}

#[test]
fn the_astar_heuristic_is_admissible_and_consistent() {
    for (from, to) in pairs() {
        let exact = oracle(from, to);
        let estimate = astar::heuristic(from, to);
        assert!(
            estimate <= exact,
            "overestimates {from:?} {to:?}: {estimate} > {exact}"
        );
        for next in BOARD.knight_neighbours(from) {
            let after_one_move = astar::heuristic(next, to);
            assert!(
                estimate <= after_one_move + 1,
                "inconsistent on {from:?} -> {next:?} towards {to:?}"
            );
        }
    }
}

/// Mean squares expanded over all 4096 pairs.
fn mean_expanded(engine: Engine) -> f64 {
    let total: u64 = pairs().map(|(f, t)| run(engine, f, t, None).expanded).sum();
    total as f64 / 4096.0
}

#[test]
fn guided_searches_expand_fewer_squares_than_plain_bfs() {
    let bfs = mean_expanded(Engine::Bfs);
    let bidirectional = mean_expanded(Engine::Bidirectional);
    let astar = mean_expanded(Engine::Astar);
    assert_eq!(mean_expanded(Engine::Table), 0.0);
    assert_eq!(mean_expanded(Engine::Formula), 0.0);
    assert!(bfs > 0.0);
    assert!(
        bidirectional < bfs,
        "bidirectional {bidirectional:.2} vs bfs {bfs:.2}"
    );
    assert!(astar < bfs, "astar {astar:.2} vs bfs {bfs:.2}");
}
