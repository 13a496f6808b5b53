//! The knight's searches on the judge's 8×8 board, over the 64-entry adjacency table of
//! `board/standard.rs`, as the problem was first specified.
//!
//! The general searches work on any board: a square is a pair of `u32`s, every neighbour is
//! computed and bounds-checked, and what a search has reached lives in a
//! [`SquareMap`](crate::engine::square_map::SquareMap) stamped for reuse. On 8×8 all of that
//! fits in a few registers and 64-entry arrays on the stack: a square is a byte, its neighbours
//! are a table lookup, and the squares reached are the bits of one `u64`. These searches try
//! neighbours in the same order as the general ones
//! ([`KNIGHT_STEPS`](crate::board::KNIGHT_STEPS)) and expand squares in the same order, so their
//! distances, routes and node counts are the same (the unit test below checks every pair
//! against the general search, and the golden corpus holds them); they are only faster, as
//! docs/PERFORMANCE.md measures.

use std::cmp::Reverse;
use std::sync::LazyLock;

use crate::board::standard::{Square, knight_neighbours};
use crate::board::{Piece, Position};
use crate::engine::unbounded::lower_bound;
use crate::engine::{GaveUp, Outcome, Request, Workspace, expand_one};

/// A search over the adjacency table, between two different squares of the 8×8 board.
pub type Search = fn(&mut Workspace, &Request, Square, Square) -> Result<Outcome, GaveUp>;

/// The request's two squares as the 8×8 board's, when the searches here may answer it: the
/// knight on the 8×8 board, and the request allows them ([`Request::may_use_adjacency`]).
#[inline]
pub fn squares(request: &Request) -> Option<(Square, Square)> {
    let applies = cfg!(feature = "trick-adjacency")
        && request.may_use_adjacency
        && request.board.is_standard()
        && request.piece.is_knight();
    if !applies {
        return None;
    }
    Some((Square::at(request.from)?, Square::at(request.to)?))
}

/// Breadth-first search, as [`bfs::search`](crate::engine::bfs::search) does it: one queue
/// holds the layers one after another, and the target is recognised when it is first generated.
pub fn bfs(
    workspace: &mut Workspace,
    request: &Request,
    from: Square,
    to: Square,
) -> Result<Outcome, GaveUp> {
    let route = &mut workspace.route;
    let mut reached = 1u64 << from.index();
    let mut parents = [from; Square::COUNT];
    let mut distances = [0u8; Square::COUNT];
    let mut queue = [from; Square::COUNT];
    let (mut head, mut tail) = (0, 1);
    let mut expanded = 0;
    while head < tail {
        let current = queue[head];
        head += 1;
        expand_one(&mut expanded, request.max_nodes)?;
        for &neighbour in knight_neighbours(current) {
            let bit = 1u64 << neighbour.index();
            if reached & bit != 0 {
                continue;
            }
            reached |= bit;
            parents[neighbour.index()] = current;
            distances[neighbour.index()] = distances[current.index()] + 1;
            if neighbour == to {
                let with_route = request.with_route;
                return Ok(found(&parents, &distances, to, route, with_route, expanded));
            }
            queue[tail] = neighbour;
            tail += 1;
        }
    }
    Ok(Outcome {
        moves: None,
        expanded,
    })
}

/// Bidirectional search, as [`bidirectional::search`](crate::engine::bidirectional::search)
/// does it (its doc comment says why stopping at the first meeting is right): whole layers,
/// the side with the smaller frontier grown, the forward side on a tie.
pub fn bidirectional(
    workspace: &mut Workspace,
    request: &Request,
    from: Square,
    to: Square,
) -> Result<Outcome, GaveUp> {
    let route = &mut workspace.route;
    let mut forward = Side::starting_at(from);
    let mut backward = Side::starting_at(to);
    let mut expanded = 0;
    loop {
        let (growing, other) = if forward.frontier_len <= backward.frontier_len {
            (&mut forward, &backward)
        } else {
            (&mut backward, &forward)
        };
        if let Some(meeting) = growing.grow_layer(request, other.reached, &mut expanded)? {
            if request.with_route {
                trace_back(&forward.parents, meeting, route);
                route.reverse();
                route.pop(); // the meeting square, listed again next
                trace_back(&backward.parents, meeting, route);
            }
            let moves = forward.distances[meeting.index()] + backward.distances[meeting.index()];
            return Ok(Outcome {
                moves: Some(u64::from(moves)),
                expanded,
            });
        }
        if growing.frontier_len == 0 {
            return Ok(Outcome {
                moves: None,
                expanded,
            });
        }
    }
}

/// One side of the bidirectional search: the squares it has reached and its outermost layer.
struct Side {
    reached: u64,
    parents: [Square; Square::COUNT],
    distances: [u8; Square::COUNT],
    frontier: [Square; Square::COUNT],
    frontier_len: usize,
}

impl Side {
    fn starting_at(square: Square) -> Side {
        Side {
            reached: 1 << square.index(),
            parents: [square; Square::COUNT],
            distances: [0; Square::COUNT],
            frontier: [square; Square::COUNT],
            frontier_len: 1,
        }
    }

    /// Expands the whole outermost layer, which the next one replaces, and returns the first
    /// square found that the other side (`other_reached`) has reached too, if any.
    fn grow_layer(
        &mut self,
        request: &Request,
        other_reached: u64,
        expanded: &mut u64,
    ) -> Result<Option<Square>, GaveUp> {
        let mut next = [Square::A1; Square::COUNT];
        let mut next_len = 0;
        for &current in &self.frontier[..self.frontier_len] {
            expand_one(expanded, request.max_nodes)?;
            for &neighbour in knight_neighbours(current) {
                let bit = 1u64 << neighbour.index();
                if self.reached & bit != 0 {
                    continue;
                }
                self.reached |= bit;
                self.parents[neighbour.index()] = current;
                self.distances[neighbour.index()] = self.distances[current.index()] + 1;
                if other_reached & bit != 0 {
                    return Ok(Some(neighbour));
                }
                next[next_len] = neighbour;
                next_len += 1;
            }
        }
        (self.frontier, self.frontier_len) = (next, next_len);
        Ok(None)
    }
}

/// Appends to `route` the squares from `end` back to the start of the search that filled
/// `parents`, `end` first, as [`crate::engine`]'s `trace_back` does on any board: every search
/// here starts with every entry its start, so the start is the one square that is its own parent.
fn trace_back(parents: &[Square; Square::COUNT], end: Square, route: &mut Vec<Position>) {
    let mut at = end;
    route.push(at.position());
    while parents[at.index()] != at {
        at = parents[at.index()];
        route.push(at.position());
    }
}

/// The outcome of a one-sided search that has reached `to` (its moves in `distances`: bytes
/// for BFS, words for A*), with the route traced back through `parents` and turned start
/// first when it is wanted.
fn found<D: Copy + Into<u64>>(
    parents: &[Square; Square::COUNT],
    distances: &[D; Square::COUNT],
    to: Square,
    route: &mut Vec<Position>,
    with_route: bool,
    expanded: u64,
) -> Outcome {
    let moves = distances[to.index()].into();
    if with_route {
        trace_back(parents, to, route);
        route.reverse();
    }
    Outcome {
        moves: Some(moves),
        expanded,
    }
}

/// A*'s heuristic on 8×8, [`lower_bound`] for the knight, by the files and ranks
/// between two squares (it depends on nothing else): a lookup instead of its arithmetic, which
/// took a third of an 8×8 A* search's time.
static KNIGHT_BOUNDS: LazyLock<[[u8; 8]; 8]> = LazyLock::new(|| {
    let mut bounds = [[0; 8]; 8];
    for (files, row) in (0..).zip(&mut bounds) {
        for (ranks, bound) in (0..).zip(row) {
            let far = lower_bound(
                Piece::KNIGHT,
                Position::new(0, 0),
                Position::new(files, ranks),
            );
            // At most 6 on an 8×8 board's offsets: a byte holds it.
            *bound = far as u8;
        }
    }
    bounds
});

/// A*, as [`astar::search`](crate::engine::astar::search) does it, with the same heuristic
/// and the same order: least `moves + estimate`, then least estimate, then the square that
/// comes first as a [`Position`]. An entry of the open list is those three packed in a `u32`
/// (the sum above bit 12, the estimate above bit 6, [`Square::file_major`] below), which orders
/// as the general search's tuples do: on 8×8 a sum stays far below 2²⁰ and an estimate below 64.
pub fn astar(
    workspace: &mut Workspace,
    request: &Request,
    from: Square,
    to: Square,
) -> Result<Outcome, GaveUp> {
    let Workspace {
        packed_open: open,
        route,
        ..
    } = workspace;
    open.clear();
    let bounds = &*KNIGHT_BOUNDS;
    let estimate = |square: Square| {
        let (file, rank) = (
            square.file().abs_diff(to.file()),
            square.rank().abs_diff(to.rank()),
        );
        u32::from(bounds[file as usize][rank as usize])
    };
    let entry = |moves: u32, estimate: u32, square: Square| {
        Reverse((moves + estimate) << 12 | estimate << 6 | square.file_major())
    };
    let mut reached = 1u64 << from.index();
    let mut closed = 0u64;
    let mut parents = [from; Square::COUNT];
    let mut distances = [0u32; Square::COUNT];
    open.push(entry(0, estimate(from), from));
    let mut expanded = 0;
    while let Some(Reverse(key)) = open.pop() {
        let current = Square::from_file_major(key);
        let bit = 1u64 << current.index();
        if closed & bit != 0 {
            continue; // an older, worse entry for a square already expanded
        }
        closed |= bit;
        if current == to {
            expanded += 1; // as the general search counts it, outside the limit
            let with_route = request.with_route;
            return Ok(found(&parents, &distances, to, route, with_route, expanded));
        }
        expand_one(&mut expanded, request.max_nodes)?;
        let moves = distances[current.index()] + 1;
        for &neighbour in knight_neighbours(current) {
            let bit = 1u64 << neighbour.index();
            if reached & bit != 0 && distances[neighbour.index()] <= moves {
                continue;
            }
            reached |= bit;
            parents[neighbour.index()] = current;
            distances[neighbour.index()] = moves;
            open.push(entry(moves, estimate(neighbour), neighbour));
        }
    }
    Ok(Outcome {
        moves: None,
        expanded,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Piece};
    use crate::engine::Engine;

    /// Every pair of the 8×8 board, with and without routes and with a limit that some
    /// searches reach: the same distance, route and squares expanded as the general search
    /// over coordinates (or the same refusal).
    #[test]
    fn the_8x8_searches_are_the_general_ones_step_for_step() {
        let (mut general, mut table) = (Workspace::new(), Workspace::new());
        for from in Square::all() {
            for to in Square::all().filter(|&to| to != from) {
                for (with_route, max_nodes) in [(true, 1_000), (false, 1_000), (true, 10)] {
                    let request = Request {
                        board: Board::STANDARD,
                        piece: Piece::KNIGHT,
                        from: from.position(),
                        to: to.position(),
                        with_route,
                        max_nodes,
                        max_nodes_given: true,
                        may_use_adjacency: true,
                    };
                    let engines: [(Engine, Search); 3] = [
                        (Engine::Bfs, super::bfs),
                        (Engine::Bidirectional, super::bidirectional),
                        (Engine::Astar, super::astar),
                    ];
                    for (engine, on_8x8) in engines {
                        table.route.clear();
                        let over_coordinates = request.with_adjacency(false);
                        let expected = engine.run(&mut general, &over_coordinates, None);
                        let expected = expected.map(|explained| explained.outcome);
                        assert_eq!(
                            on_8x8(&mut table, &request, from, to),
                            expected,
                            "{request:?}"
                        );
                        assert_eq!(table.route, general.route, "{request:?}");
                    }
                }
            }
        }
    }
}
