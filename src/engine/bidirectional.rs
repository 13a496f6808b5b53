//! Bidirectional breadth-first search: one search from each end, each growing a whole layer at
//! a time, until a square reached by one is reached by the other.

use crate::board::Position;
use crate::engine::observe::{Observer, Side, Step, go_on};
use crate::engine::{
    GaveUp, Outcome, Parents, Request, SearchCall, Workspace, expand_one, no_route, out_of_memory,
    room_for_route, trace_back,
};

/// Searches from both ends, always growing the side whose frontier is smaller (the forward side
/// on a tie), and stops at the first square both sides have reached; if either side runs out of
/// squares first, no route exists.
///
/// Why stopping at the first meeting is right: this search grows *whole layers*. Say the forward
/// side has reached every square within `f` moves of the start and the backward side every
/// square within `b` moves of the target, and the two sets do not meet. Then the true distance
/// `D` exceeds `f + b`: on a shortest route, the square `f` moves from the start is at most
/// `D - f` from the target, so `D ≤ f + b` would put it in both sets. Now the forward side
/// grows to `f + 1` and meets a square `m` the backward side has reached, at `b' ≤ b` from the
/// target. The route through `m` has `f + 1 + b'` moves and `D ≤ f + 1 + b' ≤ f + 1 + b`; with
/// `D > f + b` both are equalities: the route through `m` is shortest, whichever meeting square
/// is found first. Growing square by square instead, with half-grown layers, breaks the first
/// step of this argument, and stopping at the first meeting can then be one move too long.
///
/// From a square to itself is 0 moves (one popular library answers 2 here): the shared
/// preamble answers that before this search starts.
///
/// An `observer` is told each square either side reaches and expands, and where they
/// meet.
#[inline(always)]
pub fn search<O: Observer + ?Sized>(call: SearchCall<'_, O>) -> Result<Outcome, GaveUp> {
    let (workspace, request, observer) = (call.workspace, call.request, call.observer);
    let (mut forward, mut backward, route) = halves(workspace, request, observer)?;
    let mut expanded = 0;
    loop {
        let (growing, other) = if forward.frontier.len() <= backward.frontier.len() {
            (&mut forward, &backward)
        } else {
            (&mut backward, &forward)
        };
        let meeting = growing.grow_layer(request, other, &mut expanded, observer)?;
        if let Some(meeting) = meeting {
            observer.meet(meeting);
            let moves =
                u64::from(forward.moves_to(meeting)) + u64::from(backward.moves_to(meeting));
            if request.with_route {
                room_for_route(route, moves + 2, expanded)?;
                trace_back(forward.parents, meeting, route);
                route.reverse();
                let meeting_at = route.len() - 1;
                trace_back(backward.parents, meeting, route);
                route.remove(meeting_at); // the meeting square, now listed twice
            }
            return Ok(Outcome {
                moves: Some(moves),
                expanded,
            });
        }
        if growing.frontier.is_empty() {
            return Ok(no_route(expanded));
        }
    }
}

/// The two halves of a bidirectional search of `request` in `workspace`'s memory, the forward
/// one at `from`, the backward one at `to`, each end told to `observer` as reached; and the
/// route to fill. What this engine and the formula's near-ends search both start from.
pub fn halves<'a, O: Observer + ?Sized>(
    workspace: &'a mut Workspace,
    request: &Request,
    observer: &mut O,
) -> Result<(HalfSearch<'a>, HalfSearch<'a>, &'a mut Vec<Position>), GaveUp> {
    let Workspace {
        parents,
        parents_back,
        layers: [forward_layer, forward_next, backward_layer, backward_next],
        route,
        ..
    } = workspace;
    let forward_memory = (parents, forward_layer, forward_next);
    let forward = HalfSearch::starting_at(Side::Forward, request.from, forward_memory)?;
    let backward_memory = (parents_back, backward_layer, backward_next);
    let backward = HalfSearch::starting_at(Side::Backward, request.to, backward_memory)?;
    for (half, end) in [(&forward, request.from), (&backward, request.to)] {
        observer.reach(half.step(end, 0));
    }
    Ok((forward, backward, route))
}

/// One of the two searches: what it has reached, and its outermost layer, in memory of the
/// workspace. The formula's near-ends strategy grows the same searches, a layer at a time.
pub struct HalfSearch<'a> {
    side: Side,
    pub parents: &'a mut Parents,
    pub frontier: &'a mut Vec<Position>,
    next: &'a mut Vec<Position>,
}

/// The memory a half search works in: its parents, its frontier and the next layer.
pub type HalfMemory<'a> = (
    &'a mut Parents,
    &'a mut Vec<Position>,
    &'a mut Vec<Position>,
);

impl<'a> HalfSearch<'a> {
    /// A side that has reached only `square`, in emptied memory.
    pub fn starting_at(
        side: Side,
        square: Position,
        (parents, frontier, next): HalfMemory<'a>,
    ) -> Result<HalfSearch<'a>, GaveUp> {
        let room = parents
            .try_reserve(1)
            .and_then(|()| frontier.try_reserve(1));
        room.map_err(out_of_memory(0))?;
        parents.insert(square, (square, 0));
        frontier.push(square);
        Ok(HalfSearch {
            side,
            parents,
            frontier,
            next,
        })
    }

    /// `square` at `moves` from this side's end, as an observer is told of it.
    #[inline(always)]
    pub fn step(&self, square: Position, moves: u32) -> Step {
        Step {
            square,
            side: self.side,
            moves,
            bound: None,
        }
    }

    /// The moves from this side's end to `square`, which it has reached.
    pub fn moves_to(&self, square: Position) -> u32 {
        self.parents.get(square).map_or(0, |(_, moves)| moves)
    }

    /// The moves from this side's end to its frontier (0 once the frontier is empty).
    pub fn depth(&self) -> u32 {
        self.frontier
            .first()
            .map_or(0, |&square| self.moves_to(square))
    }

    /// Expands every square of the outermost layer, making the next layer the frontier, and
    /// returns the first square found that `other` has reached too, if any.
    pub fn grow_layer<O: Observer + ?Sized>(
        &mut self,
        request: &Request,
        other: &HalfSearch,
        expanded: &mut u64,
        observer: &mut O,
    ) -> Result<Option<Position>, GaveUp> {
        self.next.clear();
        let most_neighbours = request.piece.steps().len();
        for &current in self.frontier.iter() {
            expand_one(expanded, request.max_nodes)?;
            let room = (self.parents.try_reserve(most_neighbours))
                .and_then(|()| self.next.try_reserve(most_neighbours));
            room.map_err(out_of_memory(*expanded))?;
            let distance = self.moves_to(current) + 1;
            observer.expand(self.step(current, distance - 1));
            go_on(observer, request.max_nodes)?;
            for neighbour in request.board.neighbours(&request.piece, current) {
                if self.parents.contains(neighbour) {
                    continue;
                }
                self.parents.insert(neighbour, (current, distance));
                observer.reach(self.step(neighbour, distance));
                if other.parents.contains(neighbour) {
                    return Ok(Some(neighbour));
                }
                self.next.push(neighbour);
            }
        }
        std::mem::swap(self.frontier, self.next);
        Ok(None)
    }
}
