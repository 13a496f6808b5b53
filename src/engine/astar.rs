//! A* search: squares are expanded in order of moves so far plus a lower bound on the moves
//! left, so the search heads for the target instead of spreading evenly.

use std::cmp::Reverse;

#[cfg(test)]
use crate::board::{Piece, Position};
use crate::engine::{
    GaveUp, Outcome, Request, Workspace, adjacency, expand_one, found, no_route, out_of_memory,
};

/// The heuristic for the knight: its distance between the squares on a board without edges
/// ([`Piece::lower_bound`] for every piece).
///
/// It is *admissible*: edges can only take moves away from a knight, never add shortcuts, so the
/// distance on any board is never less than this. It is *consistent*: it is itself a distance,
/// so by the triangle inequality it falls by at most one per move. Consistency is what lets A*
/// close a square for good the first time it is expanded. The exhaustive tests check both on
/// every pair of 8×8.
///
/// For another (a,b)-leaper the bound is the largest of ⌈dx/b⌉, ⌈dy/b⌉ and ⌈(dx+dy)/(a+b)⌉
/// (no move changes a coordinate by more than b, nor both by more than a + b), raised to the
/// parity of dx + dy when a + b is odd (every move then flips it). Each term drops by at most
/// one a move, so the largest does too. The raise keeps that: if the bound h(m) at a square and
/// h(n) at its neighbour had h(m) ≥ h(n) + 2, both raised values would have the parities of
/// dx + dy at m and at n, which differ, while h(m) ≤ h(n) + 1 before raising; so
/// h(m) ≤ h(n) + 1 after it too. A test checks both properties on every pair and every move of
/// boards up to 10×10 for each piece.
///
/// The heuristic some articles use, Manhattan distance × 10 against a step cost of 23, is not
/// admissible: one knight move changes the Manhattan distance by 3, which it prices at 30 > 23,
/// so it can overestimate and A* can return a route that is too long.
#[cfg(test)]
pub(crate) fn heuristic(from: Position, to: Position) -> u32 {
    Piece::KNIGHT.lower_bound(from, to)
}

/// Searches from `from`, always expanding the open square with the least `moves + heuristic`
/// (ties: the least heuristic, which goes deeper, then the lowest position, so routes are
/// deterministic), until the target is taken off the open list or none is left (no route).
pub(crate) fn search(workspace: &mut Workspace, request: &Request) -> Result<Outcome, GaveUp> {
    match request.on_standard_board() {
        Some((from, to)) => {
            let Workspace {
                open_8x8, route, ..
            } = workspace;
            adjacency::astar(open_8x8, route, request, from, to)
        }
        None => search_any_board(workspace, request),
    }
}

/// [`search`] on any board, over coordinates: the specification the 8×8 search follows.
pub(crate) fn search_any_board(
    workspace: &mut Workspace,
    request: &Request,
) -> Result<Outcome, GaveUp> {
    let Request { board, to, .. } = *request;
    let Workspace {
        parents,
        closed,
        open,
        route,
        ..
    } = workspace;
    let most_neighbours = request.piece.steps().len();
    let room = parents.try_reserve(1).and_then(|()| open.try_reserve(1));
    room.map_err(out_of_memory(0))?;
    parents.insert(request.from, (request.from, 0));
    let piece = request.piece;
    let estimate = piece.lower_bound(request.from, to);
    open.push(Reverse((estimate, estimate, request.from)));
    let mut expanded = 0;
    while let Some(Reverse((_, _, current))) = open.pop() {
        closed.try_reserve(1).map_err(out_of_memory(expanded))?;
        if !closed.insert(current, ()) {
            continue; // an older, worse entry for a square already expanded
        }
        if current == to {
            // Taking the target off the open list counts as an expansion, as it always has
            // (the figures of --stats stay comparable), but its neighbours are never looked
            // at, so it is not held to the limit: a route within the limit is always found.
            expanded += 1;
            return found(parents, to, route, request.with_route, expanded);
        }
        expand_one(&mut expanded, request.max_nodes)?;
        let room = parents
            .try_reserve(most_neighbours)
            .and_then(|()| open.try_reserve(most_neighbours));
        room.map_err(out_of_memory(expanded))?;
        let reached = parents.get(current).map_or(0, |(_, moves)| moves) + 1;
        for neighbour in board.neighbours(&request.piece, current) {
            let better = parents
                .get(neighbour)
                .is_none_or(|(_, moves)| reached < moves);
            if better {
                parents.insert(neighbour, (current, reached));
                let estimate = piece.lower_bound(neighbour, to);
                open.push(Reverse((reached + estimate, estimate, neighbour)));
            }
        }
    }
    Ok(no_route(expanded))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::board::standard::{DISTANCES, Square};

    /// Checked on every pair of 8×8 against the distance table (itself checked against an
    /// independent search by `tests/exhaustive.rs`), and on every move.
    #[test]
    fn the_heuristic_is_admissible_and_consistent() {
        for from in Square::all() {
            for to in Square::all() {
                let exact = u32::from(DISTANCES.moves(from, to));
                let (from, to) = (from.position(), to.position());
                let estimate = heuristic(from, to);
                assert!(
                    estimate <= exact,
                    "overestimates {from} {to}: {estimate} > {exact}"
                );
                for next in Board::STANDARD.knight_neighbours(from) {
                    let after_one_move = heuristic(next, to);
                    assert!(
                        estimate <= after_one_move + 1,
                        "inconsistent on {from} -> {next} towards {to}"
                    );
                }
            }
        }
    }

    /// For every piece of the tests, on every board up to 10×10: the bound never exceeds the
    /// true distance, and drops by at most one a move.
    #[test]
    fn every_piece_s_bound_is_admissible_and_consistent() {
        use crate::board::piece::tests::distances;
        for name in [
            "camel", "zebra", "giraffe", "wazir", "ferz", "2,5", "0,3", "2,4",
        ] {
            let piece: Piece = name.parse().unwrap();
            for files in 1..=10 {
                for ranks in 1..=10 {
                    let board = Board::new(files, ranks).unwrap();
                    for to in board.positions() {
                        let truth = distances(board, piece, to);
                        for from in board.positions() {
                            let bound = piece.lower_bound(from, to);
                            if let Some(exact) = truth[(from.rank * files + from.file) as usize] {
                                assert!(bound <= exact, "{piece} {from} {to}: {bound} > {exact}");
                            }
                            for next in board.neighbours(&piece, from) {
                                let after = piece.lower_bound(next, to);
                                assert!(bound <= after + 1, "{piece}: {from} -> {next} to {to}");
                            }
                        }
                    }
                }
            }
        }
    }
}
