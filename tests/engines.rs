//! Every engine on every one of the 4096 pairs of 8×8, through the library's public API: exact
//! distances, valid routes, and the difference in work between them.

use crate::common;

use common::{is_knight_move, oracle_moves, run};
use knight_moves::{Board, Engine, GaveUp, Outcome, Piece, Position, Query, SearchError, Searcher};

const BOARD: Board = Board::STANDARD;

fn pairs() -> impl Iterator<Item = (Position, Position)> {
    BOARD
        .positions()
        .flat_map(|from| BOARD.positions().map(move |to| (from, to)))
}

fn search(
    engine: Engine,
    from: Position,
    to: Position,
    route: Option<&mut Vec<Position>>,
) -> Outcome {
    run(engine, BOARD, from, to, route)
}

fn oracle(from: Position, to: Position) -> u64 {
    u64::from(oracle_moves(&from.to_string(), &to.to_string()))
}

#[test]
fn every_engine_gives_the_exact_distance_on_all_4096_pairs() {
    for engine in Engine::ALL {
        let mut checked = 0;
        for (from, to) in pairs() {
            let moves = search(engine, from, to, None).moves;
            assert_eq!(moves, Some(oracle(from, to)), "{engine} on {from} {to}");
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
            let found = search(engine, from, to, Some(&mut route));
            let context = format!("{engine} on {from} {to}");
            assert_eq!(route.first(), Some(&from), "{context}");
            assert_eq!(route.last(), Some(&to), "{context}");
            assert_eq!(Some(route.len() as u64 - 1), found.moves, "{context}");
            for step in route.windows(2) {
                assert!(is_knight_move(step[0], step[1]), "{context}: {route:?}");
            }
            // Asking for the route must not change the answer or the work done.
            assert_eq!(search(engine, from, to, None), found, "{context}");
            search(engine, from, to, Some(&mut again));
            assert_eq!(route, again, "{context}: routes must be deterministic");
        }
    }
}

#[test]
fn from_a_square_to_itself_is_zero_moves_in_every_engine() {
    for engine in Engine::ALL {
        let mut route = Vec::new();
        for square in BOARD.positions() {
            let found = search(engine, square, square, Some(&mut route));
            assert_eq!(found.moves, Some(0), "{engine} on {square}");
            assert_eq!(found.expanded, 0, "{engine} on {square}");
            assert_eq!(route, [square], "{engine} on {square}");
        }
    }
}

/// Mean squares expanded over all 4096 pairs.
fn mean_expanded(engine: Engine) -> f64 {
    let total: u64 = pairs()
        .map(|(f, t)| search(engine, f, t, None).expanded)
        .sum();
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

#[test]
fn the_public_api_refuses_what_it_cannot_answer() {
    let mut searcher = Searcher::new();
    let nine = Board::new(9, 9).unwrap();
    let (a1, i9) = (Position::new(0, 0), Position::new(8, 8));
    let on_nine = Query::knight(nine, a1, i9);
    let not_on_nine = SearchError::BoardNotSupported {
        engine: Engine::Table,
        board: nine,
    };
    assert_eq!(searcher.search(Engine::Table, on_nine), Err(not_on_nine));
    let camel = Piece::leaper(1, 3).unwrap();
    // The formula knows every leaper (issue 23); the table, the knight only.
    let camel_on_nine = Query::new(nine, camel, a1, i9);
    assert_eq!(
        searcher.distance(Engine::Formula, camel_on_nine),
        searcher.distance(Engine::Bfs, camel_on_nine)
    );
    {
        let engine = Engine::Table;
        // The piece is named first: the table knows neither the board nor the camel.
        let error = searcher.distance(engine, Query::new(nine, camel, a1, i9));
        assert_eq!(
            error,
            Err(SearchError::PieceNotSupported {
                engine,
                piece: camel
            })
        );
        let message = error.unwrap_err().to_string();
        assert_eq!(
            message,
            format!("the {engine} engine knows the knight only, not the camel")
        );
    }
    assert_eq!(
        not_on_nine.to_string(),
        "the table engine knows the 8x8 board only, not 9x9"
    );
    let off_board = Query::knight(BOARD, a1, i9);
    for engine in Engine::ALL {
        let expected = Err(SearchError::OffBoard {
            position: i9,
            board: BOARD,
        });
        assert_eq!(searcher.search(engine, off_board), expected, "{engine}");
        assert_eq!(searcher.route(engine, off_board), expected.map(|_| None));
    }
    let corners = Query::knight(BOARD, a1, Position::new(7, 7));
    let mut limited = Searcher::with_max_nodes(3);
    assert_eq!(
        limited.search(Engine::Bfs, corners),
        Err(SearchError::GaveUp(GaveUp::Expanded { max_nodes: 3 }))
    );
    assert_eq!(Engine::Bfs.distance(corners), Ok(Some(6)));
}
