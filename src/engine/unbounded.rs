//! The knight's distance on an unbounded board, in closed form, and A*'s heuristic built on it:
//! a lower bound on any piece's moves on any board.
//!
//! On a board without edges the fewest moves between two squares depends only on how far apart
//! they are along the files and the ranks. A* uses it as its heuristic: a board's edges only
//! take moves away, so it never overestimates (admissible), and being a true distance it obeys
//! the triangle inequality, so it drops by at most one per move (consistent). The bound lives
//! here, in the engine layer, rather than with [`Piece`]: the board knows nothing of searching.

use crate::board::{Piece, Position};

/// The fewest knight moves on an unbounded board between two squares `file_difference` files and
/// `rank_difference` ranks apart (either sign).
///
/// With `x ≥ y ≥ 0` the two differences: each move covers at most 2 along one axis and 3 in
/// all, so at least `max(⌈x/2⌉, ⌈(x+y)/3⌉)` moves are needed, and every move changes the colour
/// of the square, so the count has the parity of `x + y`. That bound, raised to the right parity,
/// is exact except for two cramped cases, (1, 0) and (2, 2), which need 3 and 4 moves. A test
/// below checks it against breadth-first search on a board too big for its edges to matter.
pub fn unbounded_distance(file_difference: i64, rank_difference: i64) -> u64 {
    let (a, b) = (
        file_difference.unsigned_abs(),
        rank_difference.unsigned_abs(),
    );
    let (x, y) = if a >= b { (a, b) } else { (b, a) };
    match (x, y) {
        (1, 0) => 3,
        (2, 2) => 4,
        _ => {
            let bound = x.div_ceil(2).max((x + y).div_ceil(3));
            bound + (bound + x + y) % 2
        }
    }
}

/// A lower bound on the moves of `piece` from `from` to `to` on any board: A*'s heuristic.
///
/// For the knight it is its distance between the squares on a board without edges
/// ([`unbounded_distance`]). It is *admissible*: edges can only take moves away from a knight,
/// never add shortcuts, so the distance on any board is never less than this. It is
/// *consistent*: it is itself a distance, so by the triangle inequality it falls by at most one
/// per move. Consistency is what lets A* close a square for good the first time it is expanded.
/// A test below checks both on every pair of 8×8, and the exhaustive tests check A*'s answers.
///
/// For another (a,b)-leaper the bound is the largest of ⌈dx/b⌉, ⌈dy/b⌉ and ⌈(dx+dy)/(a+b)⌉
/// (no move changes a coordinate by more than b, nor both by more than a + b), raised to the
/// parity of dx + dy when a + b is odd (every move then flips it). Each term drops by at most
/// one a move, so the largest does too. The raise keeps that: if the bound h(m) at a square and
/// h(n) at its neighbour had h(m) ≥ h(n) + 2, both raised values would have the parities of
/// dx + dy at m and at n, which differ, while h(m) ≤ h(n) + 1 before raising; so
/// h(m) ≤ h(n) + 1 after it too. A test below checks both properties on every pair and every
/// move of boards up to 10×10 for each piece.
///
/// The knight's bound is under 7 × 10⁸ on the biggest board, and any leaper's under 2 × 10⁹, so
/// a priority (moves so far plus this) fits a `u32`.
///
/// The heuristic some articles use, Manhattan distance × 10 against a step cost of 23, is not
/// admissible: one knight move changes the Manhattan distance by 3, which it prices at 30 > 23,
/// so it can overestimate and A* can return a route that is too long.
pub fn lower_bound(piece: Piece, from: Position, to: Position) -> u32 {
    let (dx, dy) = from.offset_to(to);
    let (dx, dy) = (dx.unsigned_abs(), dy.unsigned_abs());
    if piece.is_knight() {
        return unbounded_distance(dx as i64, dy as i64) as u32;
    }
    let (a, b) = piece.legs();
    let (a, b) = (u64::from(a), u64::from(b));
    // Each move changes a coordinate by at most b, and both together by at most a + b.
    let bound = dx
        .div_ceil(b)
        .max(dy.div_ceil(b))
        .max((dx + dy).div_ceil(a + b));
    // When a + b is odd, every move changes the parity of dx + dy: the count of moves has
    // the parity of dx + dy.
    let bound = match (a + b) % 2 {
        1 => bound + (bound + dx + dy) % 2,
        _ => bound,
    };
    bound as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::board::plain_search::plain_distances;
    use crate::standard::{DISTANCES, Square};

    #[test]
    fn known_values() {
        let cases = [
            ((0, 0), 0),
            ((1, 2), 1),
            ((1, 0), 3),
            ((2, 2), 4),
            ((1, 1), 2),
            ((3, 3), 2),
            ((4, 0), 2),
            ((-7, -7), 6),
        ];
        for ((df, dr), expected) in cases {
            assert_eq!(unbounded_distance(df, dr), expected, "({df}, {dr})");
        }
    }

    #[test]
    fn matches_breadth_first_search_far_from_any_edge() {
        // The specification's search from the centre of a 101×101 board: within 20 squares of
        // the centre no shortest route reaches an edge, so these are unbounded distances.
        let centre = Position::new(50, 50);
        let truth = plain_distances(Board::new(101, 101).unwrap(), Piece::KNIGHT, centre);
        for df in -20i64..=20 {
            for dr in -20i64..=20 {
                let to = Position::new((50 + df) as u32, (50 + dr) as u32);
                assert_eq!(
                    Some(unbounded_distance(df, dr)),
                    truth.to(to),
                    "({df}, {dr})"
                );
            }
        }
    }

    /// Checked on every pair of 8×8 against the distance table (itself checked against an
    /// independent search by `tests/exhaustive.rs`), and on every move.
    #[test]
    fn the_knight_s_bound_is_admissible_and_consistent() {
        for from in Square::all() {
            for to in Square::all() {
                let exact = u32::from(DISTANCES.moves(from, to));
                let (from, to) = (from.position(), to.position());
                let estimate = lower_bound(Piece::KNIGHT, from, to);
                assert!(
                    estimate <= exact,
                    "overestimates {from} {to}: {estimate} > {exact}"
                );
                for next in Board::STANDARD.knight_neighbours(from) {
                    let after_one_move = lower_bound(Piece::KNIGHT, next, to);
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
        for name in [
            "camel", "zebra", "giraffe", "wazir", "ferz", "2,5", "0,3", "2,4",
        ] {
            let piece: Piece = name.parse().unwrap();
            for files in 1..=10 {
                for ranks in 1..=10 {
                    let board = Board::new(files, ranks).unwrap();
                    for to in board.positions() {
                        let truth = plain_distances(board, piece, to);
                        for from in board.positions() {
                            let bound = lower_bound(piece, from, to);
                            if let Some(exact) = truth.to(from) {
                                let admissible = u64::from(bound) <= exact;
                                assert!(admissible, "{piece} {from} {to}: {bound} > {exact}");
                            }
                            for next in board.neighbours(&piece, from) {
                                let after = lower_bound(piece, next, to);
                                assert!(bound <= after + 1, "{piece}: {from} -> {next} to {to}");
                            }
                        }
                    }
                }
            }
        }
    }
}
