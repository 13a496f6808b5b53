//! A* search: squares are expanded in order of moves so far plus a lower bound on the moves
//! left, so the search heads for the target instead of spreading evenly. The bound, its proof
//! that it is admissible and consistent, and the tests of both are
//! [`lower_bound`]'s.

use std::cmp::Reverse;

use crate::engine::observe::{Observer, Step, go_on};
use crate::engine::unbounded::lower_bound;
use crate::engine::{
    GaveUp, Outcome, Request, SearchCall, Workspace, expand_one, found, no_route, out_of_memory,
};

/// Searches from `from`, always expanding the open square with the least moves so far plus
/// [`lower_bound`] (ties: the least bound, which goes deeper, then the lowest position, so
/// routes are deterministic), until the target is taken off the open list or none is left (no
/// route).
///
/// An `observer` is told each square it reaches (or reaches by a shorter route) and
/// expands, with its moves so far and its bound.
#[inline(always)]
pub fn search<O: Observer + ?Sized>(call: SearchCall<'_, O>) -> Result<Outcome, GaveUp> {
    let (workspace, request, observer) = (call.workspace, call.request, call.observer);
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
    let estimate = lower_bound(piece, request.from, to);
    open.push(Reverse((estimate, estimate, request.from)));
    observer.reach(Step::forward(request.from, 0).bounded(estimate));
    let mut expanded = 0;
    while let Some(Reverse((total, bound, current))) = open.pop() {
        closed.try_reserve(1).map_err(out_of_memory(expanded))?;
        if !closed.insert(current, ()) {
            continue; // an older, worse entry for a square already expanded
        }
        if current == to {
            // Taking the target off the open list counts as an expansion, as it always has
            // (the figures of --stats stay comparable), but its neighbours are never looked
            // at, so it is not held to the limit: a route within the limit is always found.
            expanded += 1;
            observer.expand(Step::forward(current, total - bound).bounded(bound));
            return found(parents, to, route, request.with_route, expanded);
        }
        expand_one(&mut expanded, request.max_nodes)?;
        observer.expand(Step::forward(current, total - bound).bounded(bound));
        go_on(observer, request.max_nodes)?;
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
                let estimate = lower_bound(piece, neighbour, to);
                open.push(Reverse((reached + estimate, estimate, neighbour)));
                observer.reach(Step::forward(neighbour, reached).bounded(estimate));
            }
        }
    }
    Ok(no_route(expanded))
}
