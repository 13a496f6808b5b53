//! Plain breadth-first search: squares are expanded in order of distance from the start, so
//! the first time the target is seen, it is seen by a shortest route.

use crate::engine::observe::{Observer, Step, go_on};
use crate::engine::{
    GaveUp, Outcome, SearchCall, Workspace, expand_one, found, no_route, out_of_memory,
};

/// Searches outward from `from`, a layer of equal distance at a time, until `to` is reached or
/// every square reachable from `from` has been expanded (no route).
///
/// The target is recognised when it is first generated as a neighbour, not when it would be
/// taken off the queue: every square generated while expanding distance `d` is at distance
/// `d + 1`, so waiting longer could only cost expansions.
///
/// An `observer` is told each square it reaches and expands.
#[inline(always)]
pub fn search<O: Observer + ?Sized>(call: SearchCall<'_, O>) -> Result<Outcome, GaveUp> {
    let (workspace, request, observer) = (call.workspace, call.request, call.observer);
    let (from, to) = (request.from, request.to);
    let Workspace {
        parents,
        layers,
        route,
        ..
    } = workspace;
    let [layer, next_layer, ..] = layers;
    let most_neighbours = request.piece.steps().len();
    let room = parents.try_reserve(1).and_then(|()| layer.try_reserve(1));
    room.map_err(out_of_memory(0))?;
    parents.insert(from, (from, 0));
    layer.push(from);
    observer.reach(Step::forward(from, 0));
    let mut expanded = 0;
    for distance in 1.. {
        for &current in layer.iter() {
            expand_one(&mut expanded, request.max_nodes)?;
            observer.expand(Step::forward(current, distance - 1));
            go_on(observer, request.max_nodes)?;
            let room = parents
                .try_reserve(most_neighbours)
                .and_then(|()| next_layer.try_reserve(most_neighbours));
            room.map_err(out_of_memory(expanded))?;
            for neighbour in request.board.neighbours(&request.piece, current) {
                if parents.contains(neighbour) {
                    continue;
                }
                parents.insert(neighbour, (current, distance));
                observer.reach(Step::forward(neighbour, distance));
                if neighbour == to {
                    return found(parents, to, route, request.with_route, expanded);
                }
                next_layer.push(neighbour);
            }
        }
        if next_layer.is_empty() {
            break;
        }
        std::mem::swap(layer, next_layer);
        next_layer.clear();
    }
    Ok(no_route(expanded))
}
