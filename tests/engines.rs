//! Every engine on every one of the 4096 pairs: exact distances, valid routes, and the
//! difference in work between them.

mod common;

use common::oracle_moves;
use knight_moves::board::knight_neighbours;
use knight_moves::engine::{Engine, astar};
use knight_moves::square::Square;

fn pairs() -> impl Iterator<Item = (Square, Square)> {
    Square::all().flat_map(|from| Square::all().map(move |to| (from, to)))
}

#[test]
fn every_engine_gives_the_exact_distance_on_all_4096_pairs() {
    for engine in Engine::ALL {
        let search = engine.search_fn();
        let mut checked = 0;
        for (from, to) in pairs() {
            let expected = oracle_moves(&from.to_string(), &to.to_string());
            assert_eq!(
                u32::from(search(from, to, None).moves),
                expected,
                "{} on {from} {to}",
                engine.name()
            );
            checked += 1;
        }
        assert_eq!(checked, 4096);
    }
}

#[test]
fn every_route_is_a_shortest_knight_route_and_does_not_change() {
    for engine in Engine::ALL {
        let search = engine.search_fn();
        let (mut route, mut again) = (Vec::new(), Vec::new());
        for (from, to) in pairs() {
            let found = search(from, to, Some(&mut route));
            let name = engine.name();
            assert_eq!(route.first(), Some(&from), "{name} on {from} {to}");
            assert_eq!(route.last(), Some(&to), "{name} on {from} {to}");
            assert_eq!(
                route.len(),
                usize::from(found.moves) + 1,
                "{name} on {from} {to}"
            );
            for step in route.windows(2) {
                assert!(
                    knight_neighbours(step[0]).contains(&step[1]),
                    "{name} on {from} {to}: {} to {} is no knight move",
                    step[0],
                    step[1]
                );
            }
            // Asking for the route must not change the answer or the work done.
            assert_eq!(search(from, to, None), found, "{name} on {from} {to}");
            search(from, to, Some(&mut again));
            assert_eq!(
                route, again,
                "{name} on {from} {to}: routes must be deterministic"
            );
        }
    }
}

#[test]
fn from_a_square_to_itself_is_zero_moves_in_every_engine() {
    for engine in Engine::ALL {
        let mut route = Vec::new();
        for square in Square::all() {
            let found = engine.search_fn()(square, square, Some(&mut route));
            assert_eq!(found.moves, 0, "{} on {square}", engine.name());
            assert_eq!(found.expanded, 0, "{} on {square}", engine.name());
            assert_eq!(route, [square], "{} on {square}", engine.name());
        }
    }
}

#[test]
fn the_astar_heuristic_is_admissible_and_consistent() {
    for (from, to) in pairs() {
        let exact = oracle_moves(&from.to_string(), &to.to_string());
        let estimate = u32::from(astar::heuristic(from, to));
        assert!(
            estimate <= exact,
            "overestimates {from} {to}: {estimate} > {exact}"
        );
        for &next in knight_neighbours(from) {
            let after_one_move = u32::from(astar::heuristic(next, to));
            assert!(
                estimate <= after_one_move + 1,
                "inconsistent on {from} -> {next} towards {to}"
            );
        }
    }
}

/// Mean squares expanded over all 4096 pairs.
fn mean_expanded(engine: Engine) -> f64 {
    let search = engine.search_fn();
    let total: u64 = pairs()
        .map(|(f, t)| u64::from(search(f, t, None).expanded))
        .sum();
    total as f64 / 4096.0
}

#[test]
fn guided_searches_expand_fewer_squares_than_plain_bfs() {
    let bfs = mean_expanded(Engine::Bfs);
    let bidirectional = mean_expanded(Engine::Bidirectional);
    let astar = mean_expanded(Engine::Astar);
    assert_eq!(mean_expanded(Engine::Table), 0.0);
    assert!(bfs > 0.0);
    assert!(
        bidirectional < bfs,
        "bidirectional {bidirectional:.2} vs bfs {bfs:.2}"
    );
    assert!(astar < bfs, "astar {astar:.2} vs bfs {bfs:.2}");
}
