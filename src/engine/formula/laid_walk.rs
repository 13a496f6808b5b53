//! A shortest walk of the board without edges laid on the board: its length, the lattice's lower
//! bound ([`crate::engine::formula::lattice`]), met by a walk that stays on the board
//! ([`crate::engine::formula::layout`]), is the distance. Or the lattice's proof that the piece
//! never gets there, on any board. Nothing is searched: a plan and a few layouts cost a constant
//! time, and the route, when asked, is the walk, move by move.

use crate::engine::formula::Answer;
use crate::engine::formula::lattice::{LeaperLattice, Plan};
use crate::engine::formula::layout::{Laid, SteeringBudget, lay_from};
use crate::engine::{GaveUp, Request, Workspace, room_for_laid_route};

/// The lattice's answer, with the walk laid as the route when asked; declines where no shape of
/// the layout fits from either end.
pub fn answer(
    workspace: &mut Workspace,
    lattice: &LeaperLattice,
    request: &Request,
) -> Result<Answer, GaveUp> {
    let Some(answer) = laid_walk(lattice, request) else {
        return Ok(Answer::Declined);
    };
    let Some(walk) = answer else {
        return Ok(Answer::NoRoute);
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
        walk.laid
            .for_each_square(start, |square| route.push(square));
        if walk.from_the_target {
            route.reverse();
        }
    }
    Ok(Answer::Moves(moves))
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
/// [`crate::engine::formula::layout`] fits, from either end, and a search must answer.
fn laid_walk(lattice: &LeaperLattice, request: &Request) -> Option<Option<LaidWalk>> {
    let Request {
        board, from, to, ..
    } = *request;
    let (dx, dy) = from.offset_to(to);
    let budget = &mut SteeringBudget::for_one_query();
    // Never on a board without edges: never on one with them, whose walks are some of the
    // same.
    let Some(plan) = lattice.plan(dx, dy) else {
        return Some(None);
    };
    if let Some(laid) = lay_from(&plan, board, from, budget) {
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
    let forward = plans
        .iter()
        .skip(1)
        .find_map(|other| lay_from(other, board, from, budget).map(|laid| (*other, laid, false)));
    let found = forward.or_else(|| {
        plans.iter().find_map(|other| {
            let back = other.reversed();
            lay_from(&back, board, to, budget).map(|laid| (back, laid, true))
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

/// How many plans of shortest walks [`laid_walk`] tries, the first included, before
/// it leaves a pair to a search.
const OTHER_PLANS: usize = 4;
