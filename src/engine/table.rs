//! The table engine: every 8×8 answer read from the distance table computed at compile time
//! (see [`crate::standard`]).

use crate::board::Board;
use crate::engine::{GaveUp, Outcome, Request, Workspace, no_route};
use crate::standard::{DISTANCES, Square};

/// Whether the table holds `board`'s distances: the judge's 8×8 only.
pub fn knows(board: Board) -> bool {
    board.is_standard()
}

/// Looks the distance up, and follows the table's first steps for the route. Expands nothing.
///
/// Only for the 8×8 board: `--algorithm table` on another board is refused before any query
/// (and by the library's `Searcher`), and a square off 8×8 here is answered "no route"
/// rather than with a wrong number.
pub fn search(workspace: &mut Workspace, request: &Request) -> Result<Outcome, GaveUp> {
    let squares = Square::at(request.from)
        .zip(Square::at(request.to))
        .filter(|_| knows(request.board));
    let Some((from, to)) = squares else {
        return Ok(no_route(0));
    };
    if request.with_route {
        let route = DISTANCES.route(from, to).map(Square::position);
        workspace.route.extend(route);
    }
    Ok(Outcome {
        moves: Some(u64::from(DISTANCES.moves(from, to))),
        expanded: 0,
    })
}
