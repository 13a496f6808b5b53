//! Big and huge boards through the library's public API: the formula against A* where no
//! exhaustive check is possible, the guided searches' savings, and the limit on a search's work.

use crate::common;

use common::{Random, assert_route, run};
use knight_moves::{Board, Engine, GaveUp, Position, Query, SearchError, Searcher};

#[test]
fn the_formula_agrees_with_astar_on_random_pairs_of_a_1000x1000_board() {
    let board = Board::new(1000, 1000).unwrap();
    let mut random = Random::seeded(2243);
    let mut route = Vec::new();
    for _ in 0..300 {
        let mut square = || Position::new(random.below(1000) as u32, random.below(1000) as u32);
        let (from, to) = (square(), square());
        let formula = run(Engine::Formula, board, from, to, Some(&mut route));
        let moves = formula.moves.expect("every pair of a big board is joined");
        assert_route(board, &route, from, to, moves, "formula");
        assert_eq!(
            run(Engine::Astar, board, from, to, None).moves,
            Some(moves),
            "{from} {to}"
        );
    }
}

#[test]
fn the_formula_agrees_with_astar_near_the_corners_and_edges_of_a_huge_board() {
    let side = Board::MAX_SIDE;
    let board = Board::new(side, side).unwrap();
    let mut random = Random::seeded(1372);
    let mut route = Vec::new();
    let last = u64::from(side) - 1;
    for case in 0..200 {
        // An anchor in a corner, on an edge or in the middle, and two squares within 1000 of it
        // (clamped onto the board), so that edges and corners are in play.
        let anchors = [0, random.below(u64::from(side)), last];
        let anchor = (anchors[case % 3], anchors[(case / 3) % 3]);
        let mut near = |centre: u64| {
            let offset = random.below(1001) as i64 - 500;
            (centre as i64 + offset).clamp(0, last as i64) as u32
        };
        let from = Position::new(near(anchor.0), near(anchor.1));
        let to = Position::new(near(anchor.0), near(anchor.1));
        let formula = run(Engine::Formula, board, from, to, Some(&mut route));
        let moves = formula.moves.expect("joined");
        assert_route(board, &route, from, to, moves, "formula");
        let astar = run(Engine::Astar, board, from, to, None);
        assert_eq!(astar.moves, Some(moves), "{from} {to}");
    }
}

#[test]
fn guided_searches_do_less_on_a_big_board() {
    // A 500×500 stand-in for the 2000×2000 figures in docs/PERFORMANCE.md (the same run on 2000×2000 is
    // the ignored test below): A* at most 15% of BFS corner to corner, bidirectional under BFS.
    let board = Board::new(500, 500).unwrap();
    let expanded = |engine, from, to| run(engine, board, from, to, None).expanded;
    let (corner, opposite) = (Position::new(0, 0), Position::new(499, 499));
    let (middle, near_middle) = (Position::new(240, 250), Position::new(260, 245));
    for (from, to) in [(corner, opposite), (middle, near_middle)] {
        let bfs = expanded(Engine::Bfs, from, to);
        assert!(expanded(Engine::Bidirectional, from, to) < bfs);
    }
    let bfs = expanded(Engine::Bfs, corner, opposite);
    let astar = expanded(Engine::Astar, corner, opposite);
    assert!(astar * 100 <= bfs * 15, "astar {astar} vs bfs {bfs}");
}

#[test]
#[ignore = "slow in a debug build: run with cargo test --release -- --ignored"]
fn guided_searches_do_less_on_a_2000x2000_board() {
    let board = Board::new(2000, 2000).unwrap();
    let expanded = |engine, from, to| run(engine, board, from, to, None).expanded;
    let (corner, opposite) = (Position::new(0, 0), Position::new(1999, 1999));
    let (middle, near_middle) = (Position::new(990, 1000), Position::new(1010, 995));
    for (from, to) in [(corner, opposite), (middle, near_middle)] {
        let counts: Vec<u64> = [Engine::Bfs, Engine::Bidirectional, Engine::Astar]
            .into_iter()
            .map(|engine| expanded(engine, from, to))
            .collect();
        println!(
            "{from:?} -> {to:?}: bfs {} bidirectional {} astar {}",
            counts[0], counts[1], counts[2]
        );
        assert!(counts[1] < counts[0]);
    }
    let bfs = expanded(Engine::Bfs, corner, opposite);
    let astar = expanded(Engine::Astar, corner, opposite);
    assert!(astar * 100 <= bfs * 15, "astar {astar} vs bfs {bfs}");
}

#[test]
fn a_search_that_would_pass_max_nodes_gives_up() {
    let board = Board::new(1000, 1000).unwrap();
    let (from, to) = (Position::new(0, 0), Position::new(999, 999));
    let mut searcher = Searcher::with_max_nodes(50);
    let gave_up = Err(SearchError::GaveUp(GaveUp::Expanded { max_nodes: 50 }));
    let query = Query::knight(board, from, to);
    for engine in [Engine::Bfs, Engine::Bidirectional, Engine::Astar] {
        let found = searcher.search(engine, query);
        assert_eq!(found, gave_up, "{engine}");
    }
    // The formula expands nothing, but a route longer than the limit is refused too, and one
    // within it is built.
    let formula = Engine::Formula;
    assert!(searcher.search(formula, query).is_ok());
    let too_long = GaveUp::RouteTooLong {
        moves: 666,
        max_nodes: 50,
    };
    let found = searcher.route(formula, query);
    assert_eq!(found, Err(SearchError::GaveUp(too_long)));
    let near = Query::knight(board, from, Position::new(100, 0));
    let found = searcher.route(formula, near).unwrap();
    assert_eq!(found.map(<[Position]>::len), Some(51));
}
