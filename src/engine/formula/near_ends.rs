//! Pairs whose shortest walk of the board without edges does not fit the board because an end
//! is cramped (a corner, an edge, a close pair near one): breadth-first search from both ends
//! for a few layers, and the lattice between the two frontiers.
//!
//! Say the search from the first square s has finished its layers up to k (its frontier F, the
//! squares exactly k moves from s) and the search from the second square t its layers up to j
//! (frontier B), and the two have not met. Then the distance n is more than k + j (as in
//! bidirectional BFS, [`crate::engine::bidirectional`]), and a shortest walk's k-th square is
//! in F and its (n − j)-th in B, so
//!
//! - **lower bound**: n ≥ k + j + min over u ∈ F, w ∈ B of L(u, w), L the distance on a board
//!   without edges ([`crate::engine::formula::lattice`]); no pair with an L at all: no walk;
//! - **upper bound**: n ≤ k + j + L(u, w) for any pair whose shortest walk of the board without
//!   edges is laid on this board ([`crate::engine::formula::layout`]): the search's walk to u,
//!   that walk, the search's walk from w.
//!
//! The two bounds meet as soon as the frontiers have left what cramps the ends: for a corner,
//! a layer or two of the piece's moves, whatever the board's size. Each layer grows the side
//! whose frontier is smaller, and where the two searches meet, that is the answer as in
//! bidirectional BFS, whose half searches ([`HalfSearch`]) these are. The searches stop at
//! [`MOST_SQUARES`] squares and the pairs at [`MOST_PAIRS`] in all, bounds that depend on
//! neither the board nor the pair: past them the strategy declines, and the planner asks the
//! next one.

use std::collections::BinaryHeap;

use crate::board::{Piece, Position};
use crate::engine::bidirectional::{HalfSearch, halves};
use crate::engine::formula::Answer;
use crate::engine::formula::lattice::{LeaperLattice, Plan};
use crate::engine::formula::layout::{Laid, SteeringBudget, lay_from};
use crate::engine::formula::strip;
use crate::engine::observe::Observer;
use crate::engine::unbounded::lower_bound;
use crate::engine::{GaveUp, Request, Workspace, room_for_laid_route, trace_back};

/// The most squares the two searches expand between them before the strategy declines.
pub const MOST_SQUARES: u64 = 1 << 10;

/// The most pairs of frontier squares whose lattice distance the rounds work out in all, about
/// a tenth of a microsecond each.
const MOST_PAIRS: usize = 1 << 12;

/// The most pairs, least bound first, whose walks one round tries to lay.
const MOST_LAID_TRIES: usize = 64;

/// The most moves the strategy steers a query ([`crate::engine::formula::layout`]) on a board
/// where the strip's repeats may answer what it declines: thirty walks of a thousand moves,
/// about sixty microseconds. Every pair near-ends answers on the strips of
/// `tests/leapers_formula.rs` steers under a third of it; one it declines there steered
/// about 130,000 on average, and up to 800,000, before its other bounds stopped it.
const MOST_STEERED_ON_STRIPS: u64 = 1 << 15;

/// What the strategy found: an answer (with the squares it expanded), or that it declined
/// having expanded so many.
pub struct Found {
    pub answer: Answer,
    pub expanded: u64,
}

/// A walk laid between two frontier squares, the best found so far: its length counted from s
/// to t, its ends, and the walk, laid from `from`, or from `to` back to `from` where it does not
/// fit the other way.
#[derive(Clone)]
struct Bridge {
    moves: u64,
    from: Position,
    to: Position,
    laid: Laid,
    backward: bool,
}

/// Answers `request` by the frontiers' bounds, or declines; see the module documentation.
/// Expands squares in the workspace's maps and layers (emptied here), telling `observer`.
pub fn answer<O: Observer + ?Sized>(
    workspace: &mut Workspace,
    lattice: &LeaperLattice,
    request: &Request,
    observer: &mut O,
) -> Result<Found, GaveUp> {
    workspace.reset(request.board);
    let (mut forward, mut backward, route) = halves(workspace, request, observer)?;
    let most = request.max_nodes.min(MOST_SQUARES);
    let mut expanded = 0;
    let mut lower = 0;
    let mut best: Option<Bridge> = None;
    let mut pairs_left = MOST_PAIRS;
    // Where the strip's repeats may answer, a walk near-ends steers and does not fit is a far
    // pair's, which they answer for a few sums once kept: there it steers less.
    let budget = &mut match strip::is_tried_on(request) {
        true => SteeringBudget::of(MOST_STEERED_ON_STRIPS),
        false => SteeringBudget::for_one_query(),
    };
    loop {
        let (growing, other) = if forward.frontier.len() <= backward.frontier.len() {
            (&mut forward, &backward)
        } else {
            (&mut backward, &forward)
        };
        if expanded + growing.frontier.len() as u64 > most {
            return Ok(declined(expanded));
        }
        if let Some(meeting) = growing.grow_layer(request, other, &mut expanded, observer)? {
            observer.meet(meeting);
            let moves =
                u64::from(forward.moves_to(meeting)) + u64::from(backward.moves_to(meeting));
            // A laid walk is a walk, and the meeting a shortest one.
            debug_assert!(best.as_ref().is_none_or(|bridge| bridge.moves >= moves));
            if request.with_route {
                room_for_laid_route(route, moves, request.max_nodes, expanded)?;
                trace_back(forward.parents, meeting, route);
                route.reverse();
                route.pop();
                trace_back(backward.parents, meeting, route);
            }
            return Ok(Found {
                answer: Answer::Moves(moves),
                expanded,
            });
        }
        if forward.frontier.is_empty() || backward.frontier.is_empty() {
            return Ok(Found {
                answer: Answer::NoRoute,
                expanded,
            });
        }
        let pairs = forward.frontier.len() * backward.frontier.len();
        if pairs > pairs_left {
            return Ok(declined(expanded));
        }
        pairs_left -= pairs;
        let depths = u64::from(forward.depth()) + u64::from(backward.depth());
        let ceiling = best.as_ref().map_or(u64::MAX, |bridge| bridge.moves);
        let Some(round) =
            bound_over_pairs(lattice, request, (&forward, &backward), ceiling, budget)
        else {
            // No pair of frontier squares is joined on a board without edges: nor on this one.
            return Ok(Found {
                answer: Answer::NoRoute,
                expanded,
            });
        };
        lower = lower.max(depths + round.least);
        if let Some(bridge) = round.laid {
            best = Some(bridge);
        }
        if let Some(bridge) = best.as_ref().filter(|bridge| bridge.moves <= lower) {
            if request.with_route {
                lay_route(route, request, &forward, &backward, bridge, expanded)?;
            }
            return Ok(Found {
                answer: Answer::Moves(bridge.moves),
                expanded,
            });
        }
    }
}

fn declined(expanded: u64) -> Found {
    Found {
        answer: Answer::Declined,
        expanded,
    }
}

/// One round's bounds: the least lattice distance over the pairs, and the shortest walk laid
/// (counted from s to t) if one is shorter than the best before.
struct Round {
    least: u64,
    laid: Option<Bridge>,
}

/// The least L(u, w) over the frontiers' pairs, and the best walk laid among the pairs with the
/// least bounds below `ceiling` (the best walk's length so far), steering walks within the
/// query's `budget`; `None` where no pair is joined on a board without edges.
///
/// Only the pairs that may be among the [`MOST_LAID_TRIES`] least have their L worked out
/// ([`least_pairs`]); the rest could change neither the least nor the walks tried.
fn bound_over_pairs(
    lattice: &LeaperLattice,
    request: &Request,
    (forward, backward): (&HalfSearch, &HalfSearch),
    ceiling: u64,
    budget: &mut SteeringBudget,
) -> Option<Round> {
    let depths = u64::from(forward.depth()) + u64::from(backward.depth());
    let frontiers = (&forward.frontier[..], &backward.frontier[..]);
    let mut bounds = least_pairs(lattice, request.piece, frontiers, depths, ceiling)?;
    bounds.sort_by_key(|&(moves, from, to, _)| (moves, from.rank, from.file, to.rank, to.file));
    let least = bounds.first().map_or(ceiling, |&(moves, ..)| moves) - depths;
    let board = request.board;
    let laid = bounds
        .iter()
        .take(MOST_LAID_TRIES)
        .find_map(|&(moves, from, to, plan)| {
            let bridge = |laid, backward| Bridge {
                moves,
                from,
                to,
                laid,
                backward,
            };
            match lay_from(&plan, board, from, budget) {
                Some(laid) => Some(bridge(laid, false)),
                None => {
                    lay_from(&plan.reversed(), board, to, budget).map(|laid| bridge(laid, true))
                }
            }
        });
    Some(Round { least, laid })
}

/// The pairs of frontier squares whose lattice distance L (plus the searches' depths) is below
/// `ceiling`, with their plans, in an order in which the [`MOST_LAID_TRIES`] least by
/// (moves, squares) come first when sorted: every such pair among them, and others; `None`
/// where no pair is joined on a board without edges.
///
/// A plan costs a lattice computation (a fraction of a microsecond), and on a long strip the
/// frontiers have thousands of pairs a round whose walks are far longer than the least. So the
/// pairs are taken in order of a bound on L that costs a few operations, A*'s heuristic
/// ([`lower_bound`], never more than L), and the plans stop once [`MOST_LAID_TRIES`] pairs are
/// known whose moves are below every later pair's bound: no later pair is among the least,
/// nor the least itself. The answer is the one every pair's plan would give.
fn least_pairs(
    lattice: &LeaperLattice,
    piece: Piece,
    (forward, backward): (&[Position], &[Position]),
    depths: u64,
    ceiling: u64,
) -> Option<Vec<(u64, Position, Position, Plan)>> {
    let mut by_floor: Vec<(u64, Position, Position)> = Vec::new();
    for &from in forward {
        for &to in backward {
            let floor = depths + u64::from(lower_bound(piece, from, to));
            by_floor.push((floor, from, to));
        }
    }
    by_floor.sort_unstable_by_key(|&(floor, ..)| floor);
    let mut bounds: Vec<(u64, Position, Position, Plan)> = Vec::new();
    // The MOST_LAID_TRIES least moves found so far, greatest on top.
    let mut least_moves: BinaryHeap<u64> = BinaryHeap::with_capacity(MOST_LAID_TRIES + 1);
    let mut any_joined = false;
    for &(floor, from, to) in &by_floor {
        let settled = least_moves.len() == MOST_LAID_TRIES
            && least_moves.peek().is_some_and(|&most| most < floor);
        // Past the ceiling or the least, a pair matters only to say some pair is joined.
        if any_joined && (settled || floor >= ceiling) {
            break;
        }
        let (dx, dy) = from.offset_to(to);
        let Some(plan) = lattice.plan(dx, dy) else {
            continue;
        };
        any_joined = true;
        let moves = depths + plan.moves();
        debug_assert!(moves >= floor, "{from:?} {to:?}: L below A*'s bound");
        if moves < ceiling {
            bounds.push((moves, from, to, plan));
            least_moves.push(moves);
            if least_moves.len() > MOST_LAID_TRIES {
                least_moves.pop();
            }
        }
    }
    any_joined.then_some(bounds)
}

/// The route through `bridge`: the forward search's walk to its first square, the laid walk,
/// the backward search's walk from its last.
fn lay_route(
    route: &mut Vec<Position>,
    request: &Request,
    forward: &HalfSearch,
    backward: &HalfSearch,
    bridge: &Bridge,
    expanded: u64,
) -> Result<(), GaveUp> {
    room_for_laid_route(route, bridge.moves, request.max_nodes, expanded)?;
    trace_back(forward.parents, bridge.from, route);
    route.reverse();
    match bridge.backward {
        false => bridge
            .laid
            .for_each_square(bridge.from, |square| route.push(square)),
        true => {
            // Laid from `to` back to `from`: its squares reversed, `from` (already in the
            // route) left out and `to` added.
            let walk_begins = route.len();
            bridge
                .laid
                .for_each_square(bridge.to, |square| route.push(square));
            route.pop();
            route[walk_begins..].reverse();
            route.push(bridge.to);
        }
    }
    let mut back = Vec::new();
    trace_back(backward.parents, bridge.to, &mut back);
    route.extend_from_slice(&back[1..]);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::plain_search::plain_distances;
    use crate::board::{Board, Piece};
    use crate::engine::observe::Unobserved;

    /// Runs the strategy alone on every pair of squares within `window` of a corner of a
    /// board `side` square (the corner each pair's squares share, and the corner to the one
    /// across), against a breadth-first search of the whole board: every answer it gives is
    /// the search's, every route it lays a shortest walk of the board; returns how many pairs
    /// it answered and how many it was asked.
    fn agrees_near_corners(a: u32, b: u32, side: u32, window: u32) -> (u64, u64) {
        let board = Board::new(side, side).unwrap();
        let piece = Piece::leaper(a, b).unwrap();
        let lattice = LeaperLattice::new(a, b);
        let mut workspace = Workspace::new();
        let (mut answered, mut asked) = (0, 0);
        let legal = |from: Position, to: Position| {
            let (dx, dy) = from.offset_to(to);
            let (dx, dy) = (dx.unsigned_abs(), dy.unsigned_abs());
            (dx, dy) == (u64::from(a), u64::from(b)) || (dx, dy) == (u64::from(b), u64::from(a))
        };
        for from_rank in 0..window {
            for from_file in 0..window {
                let from = Position::new(from_file, from_rank);
                let truth = plain_distances(board, piece, from);
                let near = (0..window).flat_map(|r| (0..window).map(move |f| (f, r)));
                let across = near.clone().map(|(f, r)| (side - 1 - f, side - 1 - r));
                for (to_file, to_rank) in near.chain(across) {
                    let to = Position::new(to_file, to_rank);
                    if to == from || piece.joins(board, from, to) == Some(false) {
                        continue;
                    }
                    let expected = truth.to(to);
                    let with_route = (to_file + to_rank + from_file) % 7 == 0;
                    let request = Request {
                        board,
                        piece,
                        from,
                        to,
                        with_route,
                        max_nodes: 1 << 20,
                        max_nodes_given: true,
                    };
                    workspace.route.clear();
                    let found =
                        answer(&mut workspace, &lattice, &request, &mut Unobserved).unwrap();
                    asked += 1;
                    let moves = match found.answer {
                        Answer::Declined => continue,
                        Answer::NoRoute => None,
                        Answer::Moves(moves) => Some(moves),
                    };
                    answered += 1;
                    assert_eq!(moves, expected, "({a},{b}) on {side}: {from:?} {to:?}");
                    if let (true, Some(moves)) = (with_route, moves) {
                        let route = &workspace.route;
                        assert_eq!(route.len() as u64, moves + 1, "{from:?} {to:?}");
                        assert_eq!((route[0], route[route.len() - 1]), (from, to));
                        assert!(route.windows(2).all(|step| legal(step[0], step[1])));
                    }
                }
            }
        }
        (answered, asked)
    }

    /// Every leaper with legs up to 12, every pair of squares within a window of b + 1 around
    /// a corner and to the window at the opposite one, on a board 8b + 3 square: exact
    /// wherever it answers, and it answers at least half of them.
    #[test]
    fn every_leaper_up_to_12_agrees_with_search_near_the_corners() {
        for b in 1..=12u32 {
            for a in 0..=b {
                let (answered, asked) = agrees_near_corners(a, b, 8 * b + 3, b + 1);
                assert!(answered * 2 >= asked, "({a},{b}): {answered} of {asked}");
            }
        }
    }

    /// The pairs `least_pairs` works out give what working out every pair gives: the same
    /// least, and the same first [`MOST_LAID_TRIES`] pairs once sorted, for random frontiers
    /// of random leapers, spread like a strip's (far apart along it) and like a corner's.
    #[test]
    fn the_pairs_left_out_change_neither_the_least_nor_the_walks_tried() {
        let mut random = fastrand::Rng::with_seed(0x1ea5);
        for round in 0..400 {
            let b = random.u32(1..=20);
            let a = random.u32(0..=b);
            let (piece, lattice) = (Piece::leaper(a, b).unwrap(), LeaperLattice::new(a, b));
            let (across, along) = match round % 2 {
                0 => (random.u32(4..=30), 20_000),
                _ => (200, 200),
            };
            let squares = |random: &mut fastrand::Rng, near: u32| -> Vec<Position> {
                (0..random.usize(1..60))
                    .map(|_| {
                        let rank = near + random.u32(0..along / 20);
                        Position::new(random.u32(0..across), rank)
                    })
                    .collect()
            };
            let forward = squares(&mut random, 0);
            let backward = squares(&mut random, along - along / 20);
            let depths = u64::from(random.u32(0..6));
            let ceiling = match random.bool() {
                true => u64::MAX,
                false => depths + u64::from(random.u32(0..along / b + 10)),
            };
            let key = |&(moves, from, to, _): &(u64, Position, Position, Plan)| {
                (moves, from.rank, from.file, to.rank, to.file)
            };
            let mut every: Vec<(u64, Position, Position, Plan)> = Vec::new();
            let mut any_joined = false;
            for &from in &forward {
                for &to in &backward {
                    let (dx, dy) = from.offset_to(to);
                    if let Some(plan) = lattice.plan(dx, dy) {
                        any_joined = true;
                        let moves = depths + plan.moves();
                        if moves < ceiling {
                            every.push((moves, from, to, plan));
                        }
                    }
                }
            }
            every.sort_by_key(key);
            let found = least_pairs(&lattice, piece, (&forward, &backward), depths, ceiling);
            assert_eq!(found.is_some(), any_joined, "({a},{b})");
            let Some(mut found) = found else { continue };
            found.sort_by_key(key);
            let first = |pairs: &[(u64, Position, Position, Plan)]| -> Vec<_> {
                pairs.iter().take(MOST_LAID_TRIES).map(key).collect()
            };
            assert_eq!(first(&found), first(&every), "({a},{b}) round {round}");
            assert!(found.len() <= every.len());
        }
    }

    /// Random leapers with legs up to 50, the same, on windows of b around the corners.
    #[test]
    fn random_leapers_up_to_50_agree_with_search_near_the_corners() {
        let mut random = fastrand::Rng::with_seed(0x3250);
        let mut below = |bound: u32| random.u32(..bound);
        for _ in 0..6 {
            let b = 13 + below(38);
            let a = below(b + 1);
            agrees_near_corners(a, b, 6 * b + 1, 12);
        }
    }
}
