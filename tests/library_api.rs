//! The library as a hostile user would call it, through `knight_moves::`'s public API only:
//! squares off the board (up to `u32::MAX`), a square to itself, boards 1 and 2 wide, 3×3,
//! 10⁹ × 10⁹, limits of 0 and 1, every engine with every piece it does and does not know,
//! routes, searches, give-ups and trims interleaved in one searcher across boards on both
//! sides of the dense/sparse switch (4096 squares), huge routes under a memory limit, and the
//! distances of random boards and leapers against the tests' one breadth-first search
//! (`common::plain_distances`), written apart from the engines.

use crate::common::{Random, plain_distances};

use knight_moves::{
    Board, Engine, GaveUp, Outcome, Piece, Position, Query, SearchError, Searcher, SquareProblem,
};

/// A random square of `board`.
fn position(random: &mut Random, board: Board) -> Position {
    Position::new(
        random.between(0, board.files() - 1),
        random.between(0, board.ranks() - 1),
    )
}

/// The (a,b) a piece leaps, read back from its moves (the API has no getter for it).
fn leaps(piece: Piece) -> (i64, i64) {
    let (file, rank) = piece.steps()[0];
    let (file, rank) = (i64::from(file).abs(), i64::from(rank).abs());
    (file.min(rank), file.max(rank))
}

/// Checks that `route` joins `from` to `to` in `moves` moves of `piece` on `board`.
fn assert_route(query: Query, route: &[Position], moves: u64, context: &str) {
    let (a, b) = leaps(query.piece);
    assert_eq!(route.len() as u64, moves + 1, "{context}: {route:?}");
    assert_eq!(route.first(), Some(&query.from), "{context}: {route:?}");
    assert_eq!(route.last(), Some(&query.to), "{context}: {route:?}");
    for step in route.windows(2) {
        let df = (i64::from(step[0].file) - i64::from(step[1].file)).abs();
        let dr = (i64::from(step[0].rank) - i64::from(step[1].rank)).abs();
        assert!((df.min(dr), df.max(dr)) == (a, b), "{context}: {route:?}");
    }
    for square in route {
        let on_board = square.file < query.board.files() && square.rank < query.board.ranks();
        assert!(on_board, "{context}: {route:?}");
    }
}

fn board(files: u32, ranks: u32) -> Board {
    Board::new(files, ranks).expect("a valid board")
}

fn named(name: &str) -> Piece {
    name.parse().expect("a named piece")
}

const NAMED: [&str; 6] = ["knight", "camel", "zebra", "giraffe", "wazir", "ferz"];

/// Random boards (square-ish ones, and strips up to 12 wide and 160 long, where the closed
/// rules for narrow boards and strips decide what a search is spared) and random leapers up to
/// (9,9), gcd above 1 and a = 0 or a = b included: every engine that knows the piece gives the
/// plain search's distance, and a route of that many moves of the piece, in one searcher used
/// for everything and in a fresh one.
#[test]
fn every_engine_matches_a_plain_bfs_on_random_boards_and_leapers() {
    let mut random = Random::seeded(0x5eed_1234_abcd_0001);
    let mut searcher = Searcher::new();
    let (mut queries, mut unreachable) = (0, 0);
    for round in 0..700 {
        let (files, ranks) = match round % 3 {
            0 => (random.between(1, 24), random.between(1, 24)),
            1 => (random.between(1, 12), random.between(20, 160)),
            _ => (random.between(20, 160), random.between(1, 12)),
        };
        let board = board(files, ranks);
        let piece = match round % 4 {
            0 => Piece::KNIGHT,
            1 => named(NAMED[random.between(0, 5) as usize]),
            _ => {
                let long = random.between(1, 9);
                Piece::leaper(random.between(0, long), long).expect("a leaper")
            }
        };
        let from = position(&mut random, board);
        let truth = plain_distances(board, piece, from);
        for _ in 0..12 {
            let to = position(&mut random, board);
            let expected = truth.to(to);
            let query = Query::new(board, piece, from, to);
            queries += 1;
            unreachable += u32::from(expected.is_none());
            for engine in Engine::all_for(board, piece) {
                let context = format!("{engine} {piece} on {board}: {from} {to}");
                let found = searcher.distance(engine, query);
                assert_eq!(found, Ok(expected), "{context}");
                match searcher.route(engine, query) {
                    Ok(Some(route)) => assert_route(query, route, expected.unwrap(), &context),
                    Ok(None) => assert_eq!(expected, None, "{context}"),
                    Err(error) => panic!("{context}: {error}"),
                }
                assert_eq!(engine.distance(query), Ok(expected), "{context}, fresh");
            }
        }
    }
    // The cases are worth something only if both kinds of answer are common.
    assert!(unreachable > queries / 10, "{unreachable} of {queries}");
    assert!(unreachable < queries * 9 / 10, "{unreachable} of {queries}");
}

/// What a searcher is expected to refuse, in the order it checks: the piece, then the board,
/// then the squares (`from` first).
fn expected_refusal(engine: Engine, query: Query) -> Option<SearchError> {
    let Query {
        board,
        piece,
        from,
        to,
        ..
    } = query;
    let off = |p: Position| p.file >= board.files() || p.rank >= board.ranks();
    if !engine.works_for(piece) {
        Some(SearchError::PieceNotSupported { engine, piece })
    } else if !engine.works_on(board) {
        Some(SearchError::BoardNotSupported { engine, board })
    } else if off(from) {
        Some(SearchError::OffBoard {
            position: from,
            board,
        })
    } else if off(to) {
        Some(SearchError::OffBoard {
            position: to,
            board,
        })
    } else {
        None
    }
}

/// Every engine, with every named piece and two unnamed leapers, on boards it does and does not
/// know, with squares on and off them (the last file and rank, one past, `u32::MAX`): a
/// refusal names what was wrong (the piece before the board, the board before the squares,
/// `from` before `to`) in its variant and its message, for `search`, `distance`, `route` and
/// the engine's own `distance` and `route` alike, even with a limit of 0; and a query it
/// accepts is answered.
#[test]
fn refusals_name_the_piece_the_board_or_the_square_in_that_order() {
    let boards = [
        Board::STANDARD,
        board(1, 1),
        board(10, 10),
        board(2, 9),
        board(Board::MAX_SIDE, Board::MAX_SIDE),
    ];
    let pieces: Vec<Piece> = NAMED
        .iter()
        .map(|&name| named(name))
        .chain([Piece::leaper(2, 7).unwrap(), Piece::leaper(1, 2).unwrap()])
        .collect();
    let mut checked = 0;
    for board in boards {
        let (last_file, last_rank) = (board.files() - 1, board.ranks() - 1);
        let squares = [
            Position::new(0, 0),
            Position::new(last_file, last_rank),
            Position::new(board.files(), 0),
            Position::new(0, board.ranks()),
            Position::new(u32::MAX, u32::MAX),
            Position::new(u32::MAX, 0),
        ];
        for piece in &pieces {
            for engine in Engine::ALL {
                for from in squares {
                    for to in squares {
                        let query = Query::new(board, *piece, from, to);
                        let context = format!("{engine} {piece} on {board}: {from:?} {to:?}");
                        let Some(refusal) = expected_refusal(engine, query) else {
                            // Accepted: squares on the board; the tiny limit may stop a search,
                            // but only by giving up, never by a refusal.
                            let found = Searcher::with_max_nodes(1_000).search(engine, query);
                            assert!(
                                matches!(found, Ok(_) | Err(SearchError::GaveUp(_))),
                                "{context}: {found:?}"
                            );
                            continue;
                        };
                        checked += 1;
                        let mut searcher = Searcher::with_max_nodes(0);
                        assert_eq!(searcher.search(engine, query), Err(refusal), "{context}");
                        assert_eq!(searcher.distance(engine, query), Err(refusal), "{context}");
                        assert_eq!(
                            searcher
                                .route(engine, query)
                                .map(|route| route.map(<[_]>::to_vec)),
                            Err(refusal),
                            "{context}"
                        );
                        assert_eq!(engine.distance(query), Err(refusal), "{context}");
                        assert_eq!(engine.route(query), Err(refusal), "{context}");
                        let message = refusal.to_string();
                        let expected_message = match refusal {
                            SearchError::PieceNotSupported { .. } => {
                                format!(
                                    "the {engine} engine knows the knight only, not the {piece}"
                                )
                            }
                            SearchError::BoardNotSupported { .. } => {
                                format!("the {engine} engine knows the 8x8 board only, not {board}")
                            }
                            SearchError::OffBoard { position, .. } => {
                                format!("square {position} is off the {board} board")
                            }
                            SearchError::GaveUp(_) => unreachable!(),
                            other => panic!("a refusal this test does not know: {other}"),
                        };
                        assert_eq!(message, expected_message, "{context}");
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
    // The farthest square a `Position` can name shows itself without overflowing.
    let farthest = Position::new(u32::MAX, u32::MAX);
    assert_eq!(farthest.to_string(), "mwlqkwv4294967296");
    assert_eq!(farthest.file_name(), "mwlqkwv");
}

/// A text that is no square of the board is refused with the text itself (bytes that are not
/// UTF-8 shown as U+FFFD), the board, and what is wrong, by `parse_square` and `square` alike:
/// malformed texts, ranks and files one past the board, rank 0, numbers past any integer.
#[test]
fn square_refusals_say_which_text_on_which_board_and_why() {
    let board = board(26, 30);
    let cases: &[(&[u8], SquareProblem, &str)] = &[
        (
            b"",
            SquareProblem::Malformed,
            "\"\" is not a square: expected letters, then a rank",
        ),
        (
            b"a01",
            SquareProblem::Malformed,
            "\"a01\" is not a square: expected letters, then a rank",
        ),
        (
            b"1a",
            SquareProblem::Malformed,
            "\"1a\" is not a square: expected letters, then a rank",
        ),
        (
            b"a\xff1",
            SquareProblem::Malformed,
            "\"a\u{fffd}1\" is not a square: expected letters, then a rank",
        ),
        (
            b"aa1",
            SquareProblem::OffBoard,
            "\"aa1\" is past the edge of the 26x30 board",
        ),
        (
            b"z31",
            SquareProblem::OffBoard,
            "\"z31\" is past the edge of the 26x30 board",
        ),
        (
            b"a0",
            SquareProblem::OffBoard,
            "\"a0\" is past the edge of the 26x30 board",
        ),
        (
            b"zzzzzzzzzzzzzzzz99999999999999999999999",
            SquareProblem::OffBoard,
            "\"zzzzzzzzzzzzzzzz99999999999999999999999\" is past the edge of the 26x30 board",
        ),
    ];
    for &(text, problem, message) in cases {
        let refused = board.parse_square(text).unwrap_err();
        assert_eq!(refused.problem(), problem, "{text:?}");
        assert_eq!(refused.board(), board, "{text:?}");
        assert_eq!(refused.to_string(), message, "{text:?}");
        assert_eq!(refused.given(), String::from_utf8_lossy(text), "{text:?}");
        if let Ok(name) = std::str::from_utf8(text) {
            assert_eq!(board.square(name), Err(refused), "{name}");
        }
    }
    assert_eq!(board.square("Z30"), Ok(Position::new(25, 29)));
}

/// From a square to itself every engine answers 0 moves, the one-square route, and expands
/// nothing, on every kind of board (1×1, the middle of 3×3 where the knight cannot move, 10⁹),
/// for every piece it knows, even with a limit of 0.
#[test]
fn a_square_to_itself_is_zero_moves_with_nothing_expanded() {
    let cases = [
        (board(1, 1), Position::new(0, 0)),
        (board(1, 7), Position::new(0, 3)),
        (board(2, 9), Position::new(1, 8)),
        (board(3, 3), Position::new(1, 1)),
        (board(3, 3), Position::new(0, 2)),
        (board(4, 4), Position::new(2, 1)),
        (board(64, 64), Position::new(63, 0)),
        (board(64, 65), Position::new(31, 64)),
        (
            board(Board::MAX_SIDE, Board::MAX_SIDE),
            Position::new(Board::MAX_SIDE - 1, Board::MAX_SIDE - 1),
        ),
    ];
    let pieces = NAMED.map(named);
    let mut searcher = Searcher::with_max_nodes(0);
    for (board, square) in cases.into_iter().chain(
        Board::STANDARD
            .positions()
            .map(|square| (Board::STANDARD, square)),
    ) {
        for piece in pieces {
            for engine in Engine::all_for(board, piece) {
                let query = Query::new(board, piece, square, square);
                let context = format!("{engine} {piece} on {board} at {square}");
                let found = searcher.search(engine, query).map(moves_and_squares);
                assert_eq!(found, Ok((Some(0), 0)), "{context}");
                let route = searcher.route(engine, query).map(|r| r.map(<[_]>::to_vec));
                assert_eq!(route, Ok(Some(vec![square])), "{context}");
                assert_eq!(engine.route(query), Ok(Some(vec![square])), "{context}");
            }
        }
    }
}

/// Boards 1 and 2 wide (up to 10⁹ long) and the middle of 3×3 keep the knight's squares apart:
/// every engine says so at once, expanding nothing, whatever its limit; where they are joined,
/// the formula's distance is the searches'.
#[test]
fn narrow_boards_answer_at_once() {
    let long = Board::MAX_SIDE;
    let apart = [
        (board(1, 2), Position::new(0, 0), Position::new(0, 1)),
        (
            board(long, 1),
            Position::new(0, 0),
            Position::new(long - 1, 0),
        ),
        (board(1, long), Position::new(0, 5), Position::new(0, 6)),
        (board(2, 9), Position::new(0, 0), Position::new(1, 0)),
        (board(2, 9), Position::new(0, 0), Position::new(0, 2)), // one move along, none across
        (
            board(2, long),
            Position::new(0, 0),
            Position::new(1, long - 1),
        ),
        (
            board(long, 2),
            Position::new(0, 0),
            Position::new(long - 2, 0),
        ),
        (board(3, 3), Position::new(1, 1), Position::new(0, 0)),
        (board(3, 3), Position::new(2, 1), Position::new(1, 1)),
    ];
    let mut searcher = Searcher::with_max_nodes(0);
    for (board, from, to) in apart {
        let query = Query::knight(board, from, to);
        for engine in Engine::all_for(board, Piece::KNIGHT) {
            let context = format!("{engine} on {board}: {from} {to}");
            let found = searcher.search(engine, query).map(moves_and_squares);
            assert_eq!(found, Ok((None, 0)), "{context}");
            assert!(
                matches!(searcher.route(engine, query), Ok(None)),
                "{context}"
            );
        }
    }
    // Joined on a board 2 wide and 10⁹ long: the formula answers; a search gives up at its
    // limit instead of walking half a billion squares.
    let narrow = board(2, long);
    let far = Query::knight(narrow, Position::new(0, 0), Position::new(1, long - 2));
    assert_eq!(Engine::Formula.distance(far), Ok(Some(499_999_999)));
    let gave_up = SearchError::GaveUp(GaveUp::Expanded { max_nodes: 100 });
    for engine in [Engine::Bfs, Engine::Bidirectional, Engine::Astar] {
        assert_eq!(
            Searcher::with_max_nodes(100).distance(engine, far),
            Err(gave_up)
        );
    }
    let near = Query::knight(narrow, Position::new(0, 0), Position::new(1, 10));
    for engine in Engine::all_for(narrow, Piece::KNIGHT) {
        assert_eq!(engine.distance(near), Ok(Some(5)), "{engine}");
        let route = engine.route(near).unwrap().expect("a route");
        assert_route(near, &route, 5, &format!("{engine}"));
    }
}

/// A limit of 0 lets no search expand a square: the searches give up on any two squares that
/// are joined and different, while the table and the formula, which expand none, answer; the
/// formula's route, held whole, is held to the limit too. A limit of 1 finds a square one move
/// away with every search (A* counts the target it takes off its list, beyond the limit) and
/// nothing farther. Giving up leaves nothing behind: the same searcher then answers as a fresh
/// one does.
#[test]
fn limits_of_zero_and_one() {
    for board in [Board::STANDARD, board(20, 20), board(70, 70)] {
        let (a1, b3, c5) = (
            Position::new(0, 0),
            Position::new(1, 2),
            Position::new(2, 4),
        );
        let (near, far) = (Query::knight(board, a1, b3), Query::knight(board, a1, c5));
        let mut zero = Searcher::with_max_nodes(0);
        let mut one = Searcher::with_max_nodes(1);
        for engine in Engine::all_for(board, Piece::KNIGHT) {
            let context = format!("{engine} on {board}");
            let expands = matches!(engine, Engine::Bfs | Engine::Bidirectional | Engine::Astar);
            for query in [near, far] {
                let moves = Engine::Formula.distance(query).unwrap().unwrap();
                let found = zero.distance(engine, query);
                match expands {
                    true => assert_eq!(
                        found,
                        Err(SearchError::GaveUp(GaveUp::Expanded { max_nodes: 0 })),
                        "{context}"
                    ),
                    false => assert_eq!(found, Ok(Some(moves)), "{context}"),
                }
                let route = zero.route(engine, query).map(|r| r.map(<[_]>::len));
                match engine {
                    Engine::Table => assert_eq!(route, Ok(Some(moves as usize + 1)), "{context}"),
                    Engine::Formula => assert_eq!(
                        route,
                        Err(SearchError::GaveUp(GaveUp::RouteTooLong {
                            moves,
                            max_nodes: 0
                        })),
                        "{context}"
                    ),
                    _ => assert!(route.is_err(), "{context}"),
                }
            }
            let expected_near = match engine {
                Engine::Table | Engine::Formula => 0,
                Engine::Astar => 2,
                Engine::Bfs | Engine::Bidirectional => 1,
                other => panic!("an engine this test does not know: {other}"),
            };
            let found = one.search(engine, near).map(moves_and_squares);
            assert_eq!(found, Ok((Some(1), expected_near)), "{context}");
            let route = one.route(engine, near).unwrap().map(<[_]>::to_vec);
            assert_eq!(route, Some(vec![a1, b3]), "{context}");
            if expands {
                let gave_up = SearchError::GaveUp(GaveUp::Expanded { max_nodes: 1 });
                assert_eq!(one.search(engine, far), Err(gave_up), "{context}");
            }
            // After the give-ups, the searchers answer as a fresh one.
            let fresh = Searcher::new()
                .route(engine, near)
                .unwrap()
                .map(<[_]>::to_vec);
            assert_eq!(one.route(engine, near).unwrap().map(<[_]>::to_vec), fresh);
        }
    }
}

/// The boards of the interleaving test: both sides of the 4096 squares where a searcher's maps
/// switch from an array to a hash map, the formula's searched boards, 8×8 and one far bigger.
fn interleaving_boards() -> Vec<Board> {
    vec![
        Board::STANDARD,
        board(64, 64),  // 4096 squares: an array
        board(64, 65),  // 4160: a hash map
        board(65, 63),  // 4095: an array again
        board(4096, 1), // an array one rank high
        board(1, 4097), // a hash map one file wide
        board(4097, 2), // two ranks
        board(3, 3),
        board(4, 3),
        board(4, 4),
        board(30, 30),
        board(1000, 1000),
    ]
}

/// One query the interleaving test may make: a board, a piece the searches know, squares near
/// each other (so that searches on the big board end quickly) or anywhere on a small board.
fn interleaving_query(random: &mut Random, boards: &[Board]) -> Query {
    let board = boards[random.between(0, boards.len() as u32 - 1) as usize];
    let piece = match random.between(0, 3) {
        0 | 1 => Piece::KNIGHT,
        _ => named(NAMED[random.between(1, 5) as usize]),
    };
    let from = position(random, board);
    let to = match board.files() * board.ranks() > 5000 {
        false => position(random, board),
        true => Position::new(
            (from.file + random.between(0, 12)).min(board.files() - 1),
            (from.rank + random.between(0, 12)).min(board.ranks() - 1),
        ),
    };
    Query::new(board, piece, from, to)
}

/// `found` as a fresh searcher's must equal it: the distance and the squares expanded, but for
/// another leaper's formula, whose kept searches (a small board's, a strip's) answer later
/// queries with nothing expanded: there, the distance alone.
fn counted_if_fresh(
    engine: Engine,
    query: Query,
    found: Result<Outcome, SearchError>,
) -> Result<Outcome, SearchError> {
    match engine == Engine::Formula && query.piece != Piece::KNIGHT {
        true => found.map(|mut outcome| {
            outcome.expanded = 0;
            outcome
        }),
        false => found,
    }
}

/// An outcome's moves and squares expanded, to compare with what a test expects (a user
/// reads an `Outcome`'s fields; it is not made outside the library).
fn moves_and_squares(outcome: Outcome) -> (Option<u64>, u64) {
    (outcome.moves, outcome.expanded)
}

/// One searcher asked for routes, searches and distances by every engine, across boards of
/// every size (the dense/sparse switch both ways), pieces, limits that make some searches give
/// up, and trims between them: every answer, route included, is the one a fresh searcher gives
/// for that query alone.
#[test]
fn interleaved_routes_searches_give_ups_and_trims_answer_as_a_fresh_searcher() {
    let boards = interleaving_boards();
    let mut random = Random::seeded(0x1ee7_c0de_2024_0020);
    let mut kept = Searcher::new();
    let mut limited = Searcher::with_max_nodes(30);
    for step in 0..4000 {
        let query = interleaving_query(&mut random, &boards);
        let engines: Vec<Engine> = Engine::all_for(query.board, query.piece).collect();
        let engine = engines[random.between(0, engines.len() as u32 - 1) as usize];
        let context = format!("step {step}: {engine} {query:?}");
        let fresh_route = engine.route(query);
        let fresh_outcome = Searcher::new().search(engine, query);
        match random.between(0, 5) {
            0 => {
                let route = kept.route(engine, query).map(|r| r.map(<[_]>::to_vec));
                assert_eq!(route, fresh_route, "{context}");
            }
            1 => assert_eq!(
                counted_if_fresh(engine, query, kept.search(engine, query)),
                counted_if_fresh(engine, query, fresh_outcome),
                "{context}"
            ),
            2 => {
                let moves = fresh_outcome.map(|outcome| outcome.moves);
                assert_eq!(kept.distance(engine, query), moves, "{context}");
            }
            3 => kept.trim(),
            4 => {
                // A searcher that often gives up must still answer what it can as a fresh one.
                match limited.route(engine, query).map(|r| r.map(<[_]>::to_vec)) {
                    Err(SearchError::GaveUp(GaveUp::Expanded { max_nodes: 30 })) => {}
                    Err(SearchError::GaveUp(GaveUp::RouteTooLong { max_nodes: 30, .. })) => {}
                    found => assert_eq!(found, fresh_route, "{context}, limited"),
                }
            }
            _ => {
                // A route borrowed, dropped, then a search on another board: the route's memory
                // must not leak into the next answer.
                let other = interleaving_query(&mut random, &boards);
                let route = kept.route(engine, query).map(|r| r.map(<[_]>::to_vec));
                assert_eq!(route, fresh_route, "{context}");
                for engine in Engine::all_for(other.board, other.piece) {
                    let fresh = Searcher::new().search(engine, other);
                    assert_eq!(
                        counted_if_fresh(engine, other, kept.search(engine, other)),
                        counted_if_fresh(engine, other, fresh),
                        "{context}: then {other:?}"
                    );
                }
            }
        }
    }
}

/// A formula route on the biggest board is 666,666,667 squares, over 5 GB: with the default
/// limit it is refused for its length; with no limit at all the memory for it is refused, in a
/// child process under a 256 MB address-space limit, and so are searches that would walk the
/// whole board. Each is answered as a give-up, not an abort, and the searcher answers the next
/// query as usual.
#[test]
fn huge_routes_and_searches_give_up_rather_than_abort() {
    let huge = board(Board::MAX_SIDE, Board::MAX_SIDE);
    let (corner, far) = (
        Position::new(0, 0),
        Position::new(Board::MAX_SIDE - 1, Board::MAX_SIDE - 1),
    );
    let across = Query::knight(huge, corner, far);
    assert_eq!(
        Engine::Formula.route(across),
        Err(SearchError::GaveUp(GaveUp::RouteTooLong {
            moves: 666_666_666,
            max_nodes: 10_000_000
        }))
    );
    // A long route the formula may hold: checked move by move.
    let long = Query::knight(huge, corner, Position::new(3_000_000, 1_500_000));
    let route = Engine::Formula.route(long).unwrap().expect("a route");
    assert_route(long, &route, 1_500_000, "formula");
    #[cfg(target_os = "linux")]
    in_a_child_with_little_memory(
        "library_api::huge_routes_and_searches_give_up_rather_than_abort",
        || {
            let mut searcher = Searcher::with_max_nodes(u64::MAX);
            let near = Query::knight(huge, corner, Position::new(2, 1));
            let route = searcher
                .route(Engine::Formula, across)
                .map(|r| r.map(<[_]>::len));
            assert!(is_out_of_memory(&route), "formula: {route:?}");
            assert_eq!(
                searcher
                    .route(Engine::Formula, near)
                    .unwrap()
                    .map(<[_]>::len),
                Some(2)
            );
            for engine in [Engine::Bfs, Engine::Bidirectional, Engine::Astar] {
                let found = searcher.search(engine, across);
                assert!(is_out_of_memory(&found), "{engine}: {found:?}");
                let route = searcher.route(engine, near).unwrap().map(<[_]>::to_vec);
                assert_eq!(route, Some(vec![corner, Position::new(2, 1)]), "{engine}");
            }
        },
    );
}

/// Whether a search gave up for want of memory.
#[cfg(target_os = "linux")]
fn is_out_of_memory<T>(found: &Result<T, SearchError>) -> bool {
    matches!(found, Err(SearchError::GaveUp(GaveUp::OutOfMemory { .. })))
}

/// Runs `check` in a child process of this test binary under a 256 MB address-space limit
/// (`setrlimit(RLIMIT_AS)`, as `prlimit --as` sets it), and fails if the child fails or dies.
#[cfg(target_os = "linux")]
fn in_a_child_with_little_memory(test_name: &str, check: impl FnOnce()) {
    use std::os::unix::process::CommandExt;
    use std::process::Command;
    const CHILD: &str = "KNIGHT_MOVES_LIBRARY_TEST_CHILD";
    if std::env::var_os(CHILD).is_some() {
        check();
        return;
    }
    let mut command = Command::new(std::env::current_exe().expect("the test binary"));
    command
        .args([test_name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1");
    // SAFETY: between fork and exec the closure calls only setrlimit, which is
    // async-signal-safe, on memory of its own stack.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 256_000_000,
                rlim_max: 256_000_000,
            };
            match libc::setrlimit(libc::RLIMIT_AS, &limit) {
                0 => Ok(()),
                _ => Err(std::io::Error::last_os_error()),
            }
        });
    }
    let output = command.output().expect("the child runs");
    assert!(
        output.status.success(),
        "the child failed ({:?}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// What a case of the longest leaps expects.
#[derive(Clone, Copy, Debug)]
enum Expected {
    Moves(u64),
    NoRoute,
    /// A far pair: an answer, or a give-up at the limit, but no panic.
    AnswerOrGiveUp,
}

/// Leapers as long as a piece may leap, on the biggest board, by every search: no overflow, no
/// panic, the right distance where it is easy to know, and a give-up where the search is long.
#[test]
fn the_longest_leaps_on_the_biggest_board() {
    let huge = board(Board::MAX_SIDE, Board::MAX_SIDE);
    let max = Piece::MAX_LEAP;
    let edge = Board::MAX_SIDE - 1;
    let mut searcher = Searcher::with_max_nodes(10_000);
    let cases = [
        ((max, max), (0, 0), (max, max), Expected::Moves(1)),
        (
            (max, max),
            (edge, edge),
            (edge - 2 * max, edge),
            Expected::Moves(2),
        ),
        ((0, max), (edge, 0), (edge - 3 * max, 0), Expected::Moves(3)),
        ((1, max), (0, edge), (max, edge - 1), Expected::Moves(1)),
        (
            (max - 1, max),
            (edge, edge),
            (edge - max, edge - max + 1),
            Expected::Moves(1),
        ),
        // Not a multiple of the leap apart: answered at once.
        ((0, max), (0, 0), (1, 0), Expected::NoRoute),
        ((1, max), (0, 0), (edge, edge), Expected::AnswerOrGiveUp),
    ];
    for ((a, b), (from_file, from_rank), (to_file, to_rank), expected) in cases {
        let piece = Piece::leaper(a, b).unwrap();
        let (from, to) = (
            Position::new(from_file, from_rank),
            Position::new(to_file, to_rank),
        );
        let query = Query::new(huge, piece, from, to);
        for engine in [Engine::Bfs, Engine::Bidirectional, Engine::Astar] {
            let context = format!("{engine} {piece}: {query:?}");
            let found = searcher.distance(engine, query);
            match expected {
                Expected::NoRoute => assert_eq!(found, Ok(None), "{context}"),
                Expected::Moves(moves) => {
                    assert_eq!(found, Ok(Some(moves)), "{context}");
                    let route = searcher.route(engine, query).unwrap().unwrap().to_vec();
                    assert_route(query, &route, moves, &context);
                }
                Expected::AnswerOrGiveUp => assert!(
                    matches!(found, Ok(Some(_)) | Err(SearchError::GaveUp(_))),
                    "{context}: {found:?}"
                ),
            }
        }
    }
}

/// The formula expands nothing where its closed form holds, but searches 3×3, 3×4 and 4×4: there
/// it counts what it expands and gives up at its limit like any search, as its documentation
/// says.
#[test]
fn the_formula_searches_only_the_three_tiny_boards() {
    let (a1, far) = (Position::new(0, 0), Position::new(2, 2));
    for (files, ranks) in [(3, 3), (3, 4), (4, 3), (4, 4)] {
        let tiny = Query::knight(board(files, ranks), a1, far);
        let outcome = Searcher::new().search(Engine::Formula, tiny).unwrap();
        assert!(outcome.expanded > 0, "{files}x{ranks}: {outcome:?}");
        let gave_up = SearchError::GaveUp(GaveUp::Expanded { max_nodes: 0 });
        let found = Searcher::with_max_nodes(0).search(Engine::Formula, tiny);
        assert_eq!(found, Err(gave_up), "{files}x{ranks}");
    }
    for (files, ranks) in [(3, 5), (5, 4), (5, 5), (8, 8), (2, 9), (1, 1)] {
        let covered = Query::knight(board(files, ranks), a1, Position::new(files - 1, ranks - 1));
        let outcome = Searcher::with_max_nodes(0).search(Engine::Formula, covered);
        assert_eq!(
            outcome.map(|found| found.expanded),
            Ok(0),
            "{files}x{ranks}"
        );
    }
}

/// A searcher can live in a user's own types: it shows itself (its limit) for `Debug`, and may
/// move to another thread or be shared behind a lock.
#[test]
fn a_searcher_is_debug_send_and_sync() {
    fn send_and_sync<T: Send + Sync>(_: &T) {}
    let searcher = Searcher::with_max_nodes(7);
    send_and_sync(&searcher);
    assert_eq!(
        format!("{searcher:?}"),
        "Searcher { max_nodes: Some(7), .. }"
    );
    assert_eq!(
        format!("{:?}", Searcher::new()),
        "Searcher { max_nodes: None, .. }"
    );
}
