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

use crate::board::{Board, Position};
use crate::engine::leaper_lattice::{LeaperLattice, Plan};
use crate::engine::leaper_layout::{Laid, lay};
use crate::engine::leaper_strip;
use crate::engine::mirror;
use crate::engine::observe::Unobserved;
use crate::engine::small_board;
use crate::engine::unbounded::unbounded_distance;
use crate::engine::{Engine, GaveUp, Outcome, Request, Workspace, no_route, room_for_laid_route};

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
        let route = &mut workspace.route;
        room_for_laid_route(route, moves, request.max_nodes, 0)?;
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

/// A shortest walk laid on the board, from the first square or, where none fits from there,
/// from the second (the walk back: its squares are the same, in the other order).
struct LaidWalk {
    plan: Plan,
    laid: Laid,
    from_the_target: bool,
}

/// What the closed form can say of `request` on its board: that the piece never gets there,
/// or a shortest walk laid on the board (its length, the answer); `None` where no shape of
/// [`crate::engine::leaper_layout`] fits, from either end, and a search must answer.
fn closed_form_answer(workspace: &mut Workspace, request: &Request) -> Option<Option<LaidWalk>> {
    let Request {
        board, from, to, ..
    } = *request;
    let (a, b) = request.piece.leap();
    let lattice = match &workspace.leaper_lattice {
        Some(((leg_a, leg_b), lattice)) if (*leg_a, *leg_b) == (a, b) => lattice,
        _ => {
            &workspace
                .leaper_lattice
                .insert(((a, b), LeaperLattice::new(a, b)))
                .1
        }
    };
    let (dx, dy) = from.offset_to(to);
    // Never on a board without edges: never on one with them, whose walks are some of the
    // same.
    let Some(plan) = lattice.plan(dx, dy) else {
        return Some(None);
    };
    // The board seen from `start`: its sides' offsets.
    let sides = |start: Position| {
        let low = (-i64::from(start.file), -i64::from(start.rank));
        let high = (
            i64::from(board.files() - 1 - start.file),
            i64::from(board.ranks() - 1 - start.rank),
        );
        (low, high)
    };
    let (low, high) = sides(from);
    if let Some(laid) = lay(&plan, low, high) {
        return Some(Some(LaidWalk {
            plan,
            laid,
            from_the_target: false,
        }));
    }
    // Other walks as short, which the board's sides may let through where this one's moves
    // do not fit; then the same walks back from the target (the shapes start at one end, and
    // a pair whose first square is cramped may have room at its second).
    let plans = lattice.shortest_plans(plan, OTHER_PLANS);
    let (back_low, back_high) = sides(to);
    let forward = plans
        .iter()
        .skip(1)
        .find_map(|other| lay(other, low, high).map(|laid| (*other, laid, false)));
    let found = forward.or_else(|| {
        plans.iter().find_map(|other| {
            let back = Plan {
                vectors: other.vectors,
                counts: other.counts.map(|count| -count),
            };
            lay(&back, back_low, back_high).map(|laid| (back, laid, true))
        })
    });
    found.map(|(plan, laid, from_the_target)| {
        Some(LaidWalk {
            plan,
            laid,
            from_the_target,
        })
    })
}

/// How many plans of shortest walks [`closed_form_answer`] tries, the first included, before
/// it leaves a pair to a search.
const OTHER_PLANS: usize = 16;

/// The search the formula asks where no closed form answers another leaper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FallBack {
    /// From one end only, for a pair the board's half turn swaps ([`mirror`]).
    Mirror,
    /// For a distance alone on a small board, the whole board from the first square, whose
    /// distances answer the later queries from it ([`small_board`]): asked before the closed
    /// form, whose plan costs more than a lookup.
    WholeBoard,
    /// Another engine: bidirectional BFS on boards up to 1024 squares, whose two small
    /// searches beat A*'s open list there; A* above, whose bound leads it almost straight to
    /// the target (docs/PERFORMANCE.md has the figures).
    Engine(Engine),
}

/// Which search the formula asks for `request`, where it must search.
pub(crate) fn fall_back_for(request: &Request) -> FallBack {
    let squares = u64::from(request.board.files()) * u64::from(request.board.ranks());
    if mirror::applies(request) {
        FallBack::Mirror
    } else if !request.with_route && small_board::applies(request) {
        FallBack::WholeBoard
    } else if squares <= 1024 {
        FallBack::Engine(Engine::Bidirectional)
    } else {
        FallBack::Engine(Engine::Astar)
    }
}

fn fall_back(workspace: &mut Workspace, request: &Request) -> Result<Outcome, GaveUp> {
    match fall_back_for(request) {
        FallBack::Mirror => mirror::search_observed(workspace, request, &mut Unobserved),
        FallBack::WholeBoard => small_board::search_observed(workspace, request, &mut Unobserved),
        FallBack::Engine(engine) => engine.search(workspace, &for_the_fallback(request, engine)),
    }
}

/// `request` as the search `engine` the formula falls back on gets it: the limit asked for,
/// or else that engine's own default (A*'s holds it under about 1 GiB; the formula's, ten
/// million squares, would not).
pub(crate) fn for_the_fallback(request: &Request, engine: Engine) -> Request {
    Request {
        max_nodes: match request.max_nodes_given {
            true => request.max_nodes,
            false => engine.default_max_nodes(),
        },
        ..*request
    }
}

/// Whether the formula answers `request` by a search ([`fall_back`]'s): what `--draw=search`
/// and the trace need to know to watch that search instead.
pub(crate) fn searches(workspace: &mut Workspace, request: &Request) -> bool {
    match request.piece.is_knight() {
        true => !closed_form_covers(request.board),
        false => {
            let unrouted = Request {
                with_route: false,
                ..*request
            };
            match fall_back_for(request) {
                FallBack::WholeBoard => small_board::kept(workspace, request).is_none(),
                _ => {
                    closed_form_answer(workspace, request).is_none()
                        && strip_answer(workspace, &unrouted).is_none()
                }
            }
        }
    }
}

/// A long strip's answer through its repeats ([`leaper_strip`]), where no walk is laid; never
/// for a pair the mirror search answers (its board's half turn swaps them).
fn strip_answer(workspace: &mut Workspace, request: &Request) -> Option<Result<Outcome, GaveUp>> {
    match mirror::applies(request) {
        true => None,
        false => leaper_strip::answer(workspace, request),
    }
}

/// Any other leaper: by its distance on a board without edges
/// ([`crate::engine::leaper_lattice`]), where a walk that long can be laid on this board
/// ([`crate::engine::leaper_layout`], checked in constant time); by a search elsewhere
/// ([`fall_back_for`]). The route, when asked, is that walk, move by move, in time linear in
/// its length.
fn other_leaper(workspace: &mut Workspace, request: &Request) -> Result<Outcome, GaveUp> {
    // A distance alone on a small board: one search of the whole board from the first square
    // answers it and every later query from that square, for less than the closed form
    // costs a few dozen of them.
    if fall_back_for(request) == FallBack::WholeBoard {
        return match small_board::kept(workspace, request) {
            Some(moves) => Ok(Outcome { moves, expanded: 0 }),
            None => small_board::search_observed(workspace, request, &mut Unobserved),
        };
    }
    let Some(answer) = closed_form_answer(workspace, request) else {
        return strip_answer(workspace, request).unwrap_or_else(|| fall_back(workspace, request));
    };
    let Some(walk) = answer else {
        return Ok(no_route(0));
    };
    let moves = walk.plan.moves();
    if request.with_route {
        let route = &mut workspace.route;
        room_for_laid_route(route, moves, request.max_nodes, 0)?;
        let start = match walk.from_the_target {
            true => request.to,
            false => request.from,
        };
        route.push(start);
        let mut at = (i64::from(start.file), i64::from(start.rank));
        walk.laid.for_each_move(|(x, y)| {
            at = (at.0 + x, at.1 + y);
            // Within the board by the layout's check: the coordinates fit a u32.
            route.push(Position::new(at.0 as u32, at.1 as u32));
        });
        if walk.from_the_target {
            route.reverse();
        }
    }
    Ok(Outcome {
        moves: Some(moves),
        expanded: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;

    /// The search the formula falls back on has its own engine's default limit when none was
    /// given (A*'s 1,500,000, which holds it under 1 GiB, not the formula's ten million), and
    /// the limit given when one was.
    #[test]
    fn the_fallback_search_has_its_own_engine_s_default_unless_a_limit_is_given() {
        let request = Request {
            board: Board::new(111, Board::MAX_SIDE).unwrap(),
            piece: Piece::leaper(51, 52).unwrap(),
            from: Position::new(0, 0),
            to: Position::new(110, 999_999_999),
            with_route: false,
            max_nodes: Engine::Formula.default_max_nodes(),
            max_nodes_given: false,
            may_use_adjacency: true,
        };
        assert_eq!(fall_back_for(&request), FallBack::Engine(Engine::Astar));
        let by_a_star = for_the_fallback(&request, Engine::Astar);
        assert_eq!(by_a_star.max_nodes, Engine::Astar.default_max_nodes());
        for given in [20_000, 10_000_000, 50_000_000] {
            let asked = Request {
                max_nodes: given,
                max_nodes_given: true,
                ..request
            };
            assert_eq!(for_the_fallback(&asked, Engine::Astar).max_nodes, given);
        }
    }
}
