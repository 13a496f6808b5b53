//! The formula engine: the fewest knight moves in closed form, in constant time, on every board
//! where a closed form is known to be exact; a search on the few tiny boards where none is.
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
//! - boards 3×3, 3×4 and 4×4 (either way round) have too many exceptions to list: the formula
//!   engine searches them, which on at most 16 squares is constant time too.

use std::sync::Arc;

use crate::board::{Board, Position};
use crate::engine::leaper_distance::{Frame, LeaperDistance, Shortest};
use crate::engine::unbounded::unbounded_distance;
use crate::engine::{Engine, GaveUp, Outcome, Request, Workspace, no_route, room_for_route};

/// The largest b/gcd(a,b) whose closed form is made for any board: up to (4,4) it takes under
/// a millisecond, once a run. A bigger piece's (up to 40 ms for (7,8), seconds for the biggest
/// it takes on) is made only where a search could cost as much: on a board of at least
/// [`SQUARES_A_LEAP`] times b⁴ squares.
const ALWAYS_UP_TO: u32 = 4;
const SQUARES_A_LEAP: u64 = 64;

/// What the closed form says about a pair of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ClosedForm {
    /// The fewest moves.
    Moves(u64),
    /// No knight route joins the squares.
    NoRoute,
    /// The board is one of the few (3×3, 3×4, 4×4) where no closed form is known: search.
    NotCovered,
}

/// Whether [`closed_form`] answers every pair of `board`: all but 3×3, 3×4 and 4×4.
pub(crate) fn closed_form_covers(board: Board) -> bool {
    !matches!((board.files(), board.ranks()), (3 | 4, 3 | 4))
}

/// The distance by closed form, on every board but 3×3, 3×4 and 4×4.
pub(crate) fn closed_form(board: Board, from: Position, to: Position) -> ClosedForm {
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

/// Answers by [`closed_form`], building the route, when asked, one move at a time: from each
/// square, the first neighbour (in the order of [`crate::board::KNIGHT_STEPS`]) that the closed
/// form puts one move closer. That takes time linear in the route's length. A route of more than
/// `max_nodes` moves is refused ([`GaveUp::RouteTooLong`]), since it would be held in memory
/// whole.
///
/// On the boards the closed form does not cover, bidirectional search answers instead.
pub(crate) fn search(workspace: &mut Workspace, request: &Request) -> Result<Outcome, GaveUp> {
    if !request.piece.is_knight() {
        return other_leaper(workspace, request);
    }
    let Request {
        board, from, to, ..
    } = *request;
    let moves = match closed_form(board, from, to) {
        ClosedForm::Moves(moves) => moves,
        ClosedForm::NoRoute => return Ok(no_route(0)),
        ClosedForm::NotCovered => return Engine::Bidirectional.search(workspace, request),
    };
    if request.with_route {
        if moves > request.max_nodes {
            return Err(GaveUp::RouteTooLong {
                moves,
                max_nodes: request.max_nodes,
            });
        }
        let route = &mut workspace.route;
        room_for_route(route, moves + 1, 0)?;
        route.push(from);
        let mut at = from;
        for left in (0..moves).rev() {
            let closer = board
                .knight_neighbours(at)
                .find(|&next| closed_form(board, next, to) == ClosedForm::Moves(left));
            // The closed form is exact here, so a shortest route always has such a next square
            // (the tests walk every route they check). Were it ever missing, a search is a
            // better answer than a crash.
            let Some(next) = closer else {
                return Engine::Bidirectional.search(workspace, request);
            };
            at = next;
            route.push(at);
        }
    }
    Ok(Outcome {
        moves: Some(moves),
        expanded: 0,
    })
}

/// The closed form of `request`'s piece, made once and kept in the workspace; `None` where it
/// is declined, or not worth making for this board.
fn closed_form_of(workspace: &mut Workspace, request: &Request) -> Option<Arc<LeaperDistance>> {
    let (a, b) = request.piece.leap();
    let reduced_b = b / gcd(a, b);
    let squares = u64::from(request.board.files()) * u64::from(request.board.ranks());
    let worth_it = reduced_b <= ALWAYS_UP_TO
        // b⁴ passes u64 for the largest pieces (b up to 10⁶): saturate, never wrap.
        || squares >= SQUARES_A_LEAP.saturating_mul(u64::from(reduced_b).saturating_pow(4));
    if !worth_it && !workspace.leaper_distances.contains_key(&(a, b)) {
        return None;
    }
    workspace
        .leaper_distances
        .entry((a, b))
        .or_insert_with(|| LeaperDistance::new(a, b).map(Arc::new))
        .clone()
}

fn gcd(a: u32, b: u32) -> u32 {
    match b {
        0 => a,
        _ => gcd(b, a % b),
    }
}

/// What the closed form can say of `request` on its board: the answer, or `None` where the
/// board's edges may matter (or the piece has no closed form), and a search must answer.
fn closed_form_answer(
    workspace: &mut Workspace,
    request: &Request,
) -> Option<(Arc<LeaperDistance>, Option<u64>)> {
    let closed = closed_form_of(workspace, request)?;
    let Request {
        board, from, to, ..
    } = *request;
    let (dx, dy) = from.offset_to(to);
    let (frame, shortest) = closed.shortest(dx, dy);
    let (low, high) = board_in_frame(board, from, frame);
    let answer = match shortest {
        // Never on a board without edges: never on one with them, whose routes are some of
        // the same.
        Shortest::Never => Some(None),
        Shortest::Searched { moves, b } => {
            let reach = moves as i64 * b;
            let room = low.0 <= -reach && low.1 <= -reach && reach <= high.0 && reach <= high.1;
            room.then_some(Some(moves))
        }
        Shortest::Built(built) => built.fits(low, high).then_some(Some(built.moves())),
    };
    answer.map(|moves| (closed, moves))
}

/// The board as seen from `from`, in `frame`: the rectangle its paths must stay in.
fn board_in_frame(board: Board, from: Position, frame: Frame) -> ((i64, i64), (i64, i64)) {
    let low = (-i64::from(from.file), -i64::from(from.rank));
    let high = (
        i64::from(board.files() - 1 - from.file),
        i64::from(board.ranks() - 1 - from.rank),
    );
    frame.rectangle(low, high)
}

/// Whether the formula answers `request` by bidirectional search: what `--draw=search` and
/// the trace need to know to watch that search instead.
pub(crate) fn searches(workspace: &mut Workspace, request: &Request) -> bool {
    match request.piece.is_knight() {
        true => !closed_form_covers(request.board),
        false => closed_form_answer(workspace, request).is_none(),
    }
}

/// Any other leaper: by its closed form on a board without edges
/// ([`crate::engine::leaper_distance`]), where the path that meets it can be laid on this
/// board, which is checked in constant time (docs/ARCHITECTURE.md says how); by bidirectional
/// search elsewhere. The route, when asked, is that path, move by move, in time linear in its
/// length; near the origin, where the closed form's distance is a search's, the route is
/// searched.
fn other_leaper(workspace: &mut Workspace, request: &Request) -> Result<Outcome, GaveUp> {
    let Some((closed, moves)) = closed_form_answer(workspace, request) else {
        return Engine::Bidirectional.search(workspace, request);
    };
    let Some(moves) = moves else {
        return Ok(no_route(0));
    };
    if request.with_route {
        if moves > request.max_nodes {
            return Err(GaveUp::RouteTooLong {
                moves,
                max_nodes: request.max_nodes,
            });
        }
        let Request {
            board, from, to, ..
        } = *request;
        let (dx, dy) = from.offset_to(to);
        let (frame, shortest) = closed.shortest(dx, dy);
        let Shortest::Built(built) = shortest else {
            return Engine::Bidirectional.search(workspace, request);
        };
        let (frame_low, frame_high) = board_in_frame(board, from, frame);
        let route = &mut workspace.route;
        room_for_route(route, moves + 1, 0)?;
        route.push(from);
        let mut at = (i64::from(from.file), i64::from(from.rank));
        let laid = built.for_each_move(frame_low, frame_high, |step| {
            let (x, y) = frame.to_board(step);
            at = (at.0 + x, at.1 + y);
            // Within the board by the layout's check: the coordinates fit a u32.
            route.push(Position::new(at.0 as u32, at.1 as u32));
        });
        debug_assert!(
            laid && route.last() == Some(&to),
            "the path laid ends at the target"
        );
    }
    Ok(Outcome {
        moves: Some(moves),
        expanded: 0,
    })
}
