//! The knight's distance in closed form, in constant time, on every board but 3×3, 3×4 and 4×4.
//!
//! Where the closed form comes from: far from the edges, the board does not matter, and the
//! distance is the unbounded one ([`unbounded_distance`]). Edges can only add moves, and they do
//! so in a handful of cramped places, found by comparing the unbounded distance with
//! breadth-first search on every pair of every board up to 40×40 (a test repeats the
//! comparison up to 12×12 for all shapes, and on long and huge boards):
//!
//! - a side of 1: no knight move fits, so only a square and itself are joined;
//! - a side of 2: every move goes two along the long side and one across, so the long
//!   difference must be even and half of it, which is then the answer, must have the parity of
//!   the short difference; otherwise no route;
//! - otherwise, with both sides at least 5 (or a side of 3 or 4 and the other at least 5): the
//!   unbounded distance, except
//!   - a corner and the square diagonally next to it: 4 moves, not 2 (the two-move routes
//!     leave the board);
//!   - a board 3 wide: two squares on the middle line, two apart along it: 4, not 2;
//!   - a board 4 wide: the two corners at the same end of the long side: 5, not 3;
//! - boards 3×3, 3×4 and 4×4 (either way round) have too many exceptions to list: the
//!   planner leaves them to bidirectional BFS, which on at most 16 squares is constant time
//!   too.

use crate::board::{Board, Position};
use crate::engine::formula::Answer;
use crate::engine::unbounded::unbounded_distance;
use crate::engine::{GaveUp, Request, Workspace, room_for_laid_route};

/// What the closed form says about a pair of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClosedForm {
    /// The fewest moves.
    Moves(u64),
    /// No knight route joins the squares.
    NoRoute,
    /// The board is one of the few (3×3, 3×4, 4×4) where no closed form is known: search.
    NotCovered,
}

/// Whether [`closed_form`] answers every pair of `board`: all but 3×3, 3×4 and 4×4.
pub fn closed_form_covers(board: Board) -> bool {
    !matches!((board.files(), board.ranks()), (3 | 4, 3 | 4))
}

/// The distance by closed form, on every board but 3×3, 3×4 and 4×4.
pub fn closed_form(board: Board, from: Position, to: Position) -> ClosedForm {
    let (file_difference, rank_difference) = from.offset_to(to);
    if board.files() >= 5 && board.ranks() >= 5 {
        // The common case, first and without turning the board: only the corners are cramped.
        let is_corner = |p: Position| {
            (p.file == 0 || p.file == board.files() - 1)
                && (p.rank == 0 || p.rank == board.ranks() - 1)
        };
        let next_to_a_corner = file_difference.abs() == 1 && rank_difference.abs() == 1;
        if next_to_a_corner && (is_corner(from) || is_corner(to)) {
            return ClosedForm::Moves(4);
        }
        return ClosedForm::Moves(unbounded_distance(file_difference, rank_difference));
    }
    // Turn the board so that files are the short side: (across, along) coordinates.
    let turned = board.files() > board.ranks();
    let (narrow, long) = if turned {
        (board.ranks(), board.files())
    } else {
        (board.files(), board.ranks())
    };
    let coordinates = |p: Position| {
        let (across, along) = if turned {
            (p.rank, p.file)
        } else {
            (p.file, p.rank)
        };
        (i64::from(across), i64::from(along))
    };
    let (a, b) = (coordinates(from), coordinates(to));
    if a == b {
        return ClosedForm::Moves(0);
    }
    let (across, along) = ((b.0 - a.0).abs(), (b.1 - a.1).abs());
    match (narrow, long) {
        (1, _) => ClosedForm::NoRoute,
        (2, _) => {
            let moves = along / 2;
            match along % 2 == 0 && moves % 2 == across % 2 {
                true => ClosedForm::Moves(moves as u64),
                false => ClosedForm::NoRoute,
            }
        }
        _ if !closed_form_covers(board) => ClosedForm::NotCovered,
        _ => {
            let (last_across, last_along) = (i64::from(narrow) - 1, i64::from(long) - 1);
            let is_corner =
                |(x, y): (i64, i64)| (x == 0 || x == last_across) && (y == 0 || y == last_along);
            // The cramped cases, each where the unbounded routes all leave the board.
            let corner_to_diagonal = across == 1 && along == 1 && (is_corner(a) || is_corner(b));
            let along_middle_of_3 = narrow == 3 && a.0 == 1 && b.0 == 1 && along == 2;
            let across_end_of_4 = narrow == 4 && is_corner(a) && is_corner(b) && along == 0;
            let moves = if corner_to_diagonal || along_middle_of_3 {
                4
            } else if across_end_of_4 {
                5
            } else {
                unbounded_distance(across, along)
            };
            ClosedForm::Moves(moves)
        }
    }
}

/// Answers the knight by [`closed_form`], building the route, when asked, one move at a time:
/// from each square, the first neighbour (in the order of [`crate::board::KNIGHT_STEPS`]) that
/// the closed form puts one move closer. That takes time linear in the route's length. A route
/// of more than `max_nodes` moves is refused ([`GaveUp::RouteTooLong`]), since it would be held
/// in memory whole. Declines the boards the closed form does not cover.
pub fn answer(workspace: &mut Workspace, request: &Request) -> Result<Answer, GaveUp> {
    let Request {
        board, from, to, ..
    } = *request;
    let moves = match closed_form(board, from, to) {
        ClosedForm::Moves(moves) => moves,
        ClosedForm::NoRoute => return Ok(Answer::NoRoute),
        ClosedForm::NotCovered => return Ok(Answer::Declined),
    };
    if request.with_route {
        let route = &mut workspace.route;
        room_for_laid_route(route, moves, request.max_nodes, 0)?;
        route.push(from);
        let mut at = from;
        for left in (0..moves).rev() {
            let closer = board
                .knight_neighbours(at)
                .find(|&next| closed_form(board, next, to) == ClosedForm::Moves(left));
            // The closed form is exact here, so a shortest route always has such a next square
            // (the tests walk every route they check, and debug builds stop here).
            let Some(next) = closer else {
                debug_assert!(false, "no square one move closer: {request:?}");
                route.clear();
                return Ok(Answer::Declined);
            };
            at = next;
            route.push(at);
        }
    }
    Ok(Answer::Moves(moves))
}
