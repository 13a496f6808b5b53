//! The table engine: every 8×8 answer precomputed at compile time (see [`crate::table`]).

use crate::board::{Board, Position};
use crate::engine::{GaveUp, Search, Workspace};
use crate::square::Square;
use crate::table::DISTANCES;

/// Looks the distance up, and follows the table's first steps for the route. Expands nothing.
///
/// Only for the 8×8 board: `--algorithm table` on another board is refused before any query,
/// and a square off 8×8 here is answered "no route" rather than with a wrong number.
///
/// ```
/// use knight_moves::board::{Board, Position};
/// use knight_moves::engine::{Workspace, table};
/// let (a1, h8) = (Position::new(0, 0), Position::new(7, 7));
/// let mut route = Vec::new();
/// let found = table::search(&mut Workspace::new(), Board::STANDARD, a1, h8, Some(&mut route), 0);
/// assert_eq!(found.unwrap().moves, Some(6));
/// assert_eq!(route.len(), 7);
/// ```
pub fn search(
    _workspace: &mut Workspace,
    board: Board,
    from: Position,
    to: Position,
    route: Option<&mut Vec<Position>>,
    _max_nodes: u64,
) -> Result<Search, GaveUp> {
    let squares = Square::at(from)
        .zip(Square::at(to))
        .filter(|_| board.is_standard());
    let Some((from, to)) = squares else {
        return Ok(super::no_route(route, 0));
    };
    if let Some(route) = route {
        let mut squares = Vec::with_capacity(7);
        DISTANCES.route(from, to, &mut squares);
        route.clear();
        route.extend(squares.iter().map(|square| square.position()));
    }
    Ok(Search {
        moves: Some(u64::from(DISTANCES.moves(from, to))),
        expanded: 0,
    })
}
