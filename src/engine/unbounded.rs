//! The knight's distance on an unbounded board, in closed form.
//!
//! On a board without edges the fewest moves between two squares depends only on how far apart
//! they are along the files and the ranks. A* uses it as its heuristic: a board's edges only
//! take moves away, so it never overestimates (admissible), and being a true distance it obeys
//! the triangle inequality, so it drops by at most one per move (consistent).

/// The fewest knight moves on an unbounded board between two squares `file_difference` files and
/// `rank_difference` ranks apart (either sign).
///
/// With `x ≥ y ≥ 0` the two differences: each move covers at most 2 along one axis and 3 in
/// all, so at least `max(⌈x/2⌉, ⌈(x+y)/3⌉)` moves are needed, and every move changes the colour
/// of the square, so the count has the parity of `x + y`. That bound, raised to the right parity,
/// is exact except for two cramped cases, (1, 0) and (2, 2), which need 3 and 4 moves. A test
/// below checks it against breadth-first search on a board too big for its edges to matter.
pub(crate) fn unbounded_distance(file_difference: i64, rank_difference: i64) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;

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
        // BFS from the centre of a 101×101 board: within 20 squares of the centre no shortest
        // route reaches an edge, so these are unbounded distances. (The BFS engine is itself
        // checked against a search written apart from the crate, in tests/small_boards.rs.)
        use crate::board::{Board, Position};
        use crate::engine::{Engine, Request, Workspace};
        let mut workspace = Workspace::new();
        for df in -20i64..=20 {
            for dr in -20i64..=20 {
                let request = Request {
                    board: Board::new(101, 101).unwrap(),
                    piece: crate::board::Piece::KNIGHT,
                    from: Position::new(50, 50),
                    to: Position::new((50 + df) as u32, (50 + dr) as u32),
                    with_route: false,
                    max_nodes: 1_000_000,
                };
                let expected = Engine::Bfs.search(&mut workspace, &request).unwrap().moves;
                assert_eq!(Some(unbounded_distance(df, dr)), expected, "({df}, {dr})");
            }
        }
    }
}
