//! The formula engine: the fewest moves of any leaper by the shortest walk of a board without
//! edges, wherever the board lets it through, and by a bounded exact computation elsewhere.
//!
//! **The contract.** Every answer is exact: either a lower bound met by a walk on the board
//! (the knight's closed form, a laid walk, the frontiers' bounds), or a computation that is
//! exact by construction (a search of the whole small board, the strip's repeats, a
//! breadth-first search). Which strategy answers a query is decided in one place, [`PLAN`],
//! tried in order until one answers; each says in its own module why its answers are exact and
//! what it costs.
//!
//! | strategy | tried where | cost, bounded by |
//! |---|---|---|
//! | `knight-closed-form` ([`knight`]) | the knight, all but 3×3, 3×4, 4×4 | constant; a route linear in its length |
//! | `kept-board` ([`small_board`]) | a distance alone on a board of ≤ 2¹¹ squares searched whole before from this first square | one lookup |
//! | `whole-board` ([`small_board`]) | the same, from the second query of a first square on | ≤ 2¹¹ squares |
//! | `laid-walk` ([`laid_walk`], [`lattice`], [`layout`]) | every other leaper | a plan and a few shapes, 4 plans from each end; the detour ≤ 2¹⁶ states, the steered walk ≤ 2²⁴ moves a query |
//! | `near-ends` ([`near_ends`]) | where no walk is laid, but the mirror's pairs | ≤ 2¹⁰ squares and 2¹² pairs; ≤ 2¹⁵ steered moves where the strip is tried |
//! | `strip` ([`strip`]) | long narrow strips, but pairs the half turn swaps | ≤ 2²¹ squares a search, kept |
//! | `mirror` ([`mirror`]) | pairs the half turn swaps, boards ≤ 2²⁰ squares | half the distance from one end |
//! | `astar` | boards over 1024 squares | A*'s own limit (its default unless `--max-nodes`) |
//! | `bidirectional` | last, always | `--max-nodes`: never gives up where bidirectional BFS with that limit answers |
//!
//! What this leaves to the searches: pairs near edges and corners where every shape leaves the
//! board (the corner and the square diagonally next to it), boards too small for a piece to
//! move freely (most of KnightL's pieces with b above n/3), strips too short or too wide for the
//! repeats, and close pairs on strips that no walk fits. A far pair of a strip that no walk fits
//! and whose repeats the strip's search does not reach within its bound would give up at
//! `--max-nodes`: none is known.
//!
//! Every strategy returns an [`Answer`]: moves (the route, when asked, in the workspace), no
//! route, or declined; the planner adds up the squares each expanded, declined or not, and the
//! outcome names the one that answered ([`Answered`]), which `--stats`, `--compare` and the
//! report show. Watched (`--format trace`, `--draw=search`, `--report`), the same strategies
//! run with the observer, so a trace's expanded squares are the ones counted.
//!
//! What the formula keeps between queries (the piece's lattice, the mirror's arrays, the
//! strip's repeats, the small boards' distances) has one owner, [`FormulaMemory`], bounded in
//! bytes, whose eviction depends only on the queries asked.

pub mod kept;
pub mod knight;
mod laid_walk;
pub mod lattice;
pub mod layout;
pub mod mirror;
mod near_ends;
pub mod small_board;
pub mod strip;

use crate::engine::formula::lattice::LeaperLattice;
use crate::engine::formula::mirror::MirrorMemory;
use crate::engine::formula::small_board::SmallBoardMemory;
use crate::engine::formula::strip::StripMemory;
use crate::engine::observe::Observer;
use crate::engine::{
    Engine, GaveUp, Outcome, Request, SearchCall, Workspace, astar, bidirectional,
};

/// What one strategy says of a query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The fewest moves; the route, when asked, is in the workspace.
    Moves(u64),
    /// No walk of the piece joins the squares on this board.
    NoRoute,
    /// Not this strategy's to answer: the next one is asked.
    Declined,
}

/// The formula's strategies, in the order [`PLAN`] tries them (and, compared, in that order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strategy {
    /// The knight's closed form ([`knight`]).
    KnightClosedForm,
    /// Distances kept from an earlier search of the whole small board ([`small_board`]).
    KeptBoard,
    /// A search of the whole small board from a square asked from before ([`small_board`]).
    WholeBoard,
    /// A shortest walk of the board without edges, laid on the board ([`laid_walk`]).
    LaidWalk,
    /// A few layers of search from both ends, the lattice between ([`near_ends`]).
    NearEnds,
    /// A long strip's repeats ([`strip`]).
    Strip,
    /// One search from one end of a pair the board's half turn swaps ([`mirror`]).
    Mirror,
    /// A* within its own engine's limit, where the board is big enough for its bound to lead.
    Astar,
    /// Bidirectional BFS within the formula's limit: the last resort, which answers wherever
    /// bidirectional BFS with the same `--max-nodes` does.
    Bidirectional,
}

/// The order the strategies are tried in, the first that answers winning: the cheapest first,
/// those that depend on the board's shape next, the open searches last.
pub const PLAN: [Strategy; 9] = [
    Strategy::KnightClosedForm,
    Strategy::KeptBoard,
    Strategy::WholeBoard,
    Strategy::LaidWalk,
    Strategy::NearEnds,
    Strategy::Strip,
    Strategy::Mirror,
    Strategy::Astar,
    Strategy::Bidirectional,
];

impl Strategy {
    /// The strategy's name, as `--stats` lists it.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::KnightClosedForm => "knight-closed-form",
            Strategy::KeptBoard => "kept-board",
            Strategy::WholeBoard => "whole-board",
            Strategy::LaidWalk => "laid-walk",
            Strategy::NearEnds => "near-ends",
            Strategy::Strip => "strip",
            Strategy::Mirror => "mirror",
            Strategy::Astar => "astar",
            Strategy::Bidirectional => "bidirectional",
        }
    }

    /// Whether the strategy is tried for `request` at all (the others are skipped without a
    /// cost): the knight's closed form for the knight only, the others for every other
    /// leaper, each where its own conditions hold.
    fn is_tried(self, memory: &FormulaMemory, request: &Request) -> bool {
        let knight = request.piece.is_knight();
        let squares = u64::from(request.board.files()) * u64::from(request.board.ranks());
        match self {
            Strategy::KnightClosedForm => knight,
            Strategy::KeptBoard => {
                !knight && !request.with_route && small_board::kept(memory, request).is_some()
            }
            Strategy::WholeBoard => {
                !knight
                    && !request.with_route
                    && small_board::applies(request)
                    && small_board::asked_before(memory, request)
            }
            Strategy::LaidWalk => !knight,
            // A pair the mirror is for (the half turn swaps it, on a board of at most 2²⁰
            // squares) goes to it straight: one search to half the distance on a board that
            // small costs less than near-ends' bounds when they do not meet, which is most of
            // the time there (KnightL's pieces big for their board: 4,950 of them at n = 100).
            Strategy::NearEnds => !knight && !mirror::applies(request),
            Strategy::Strip => !knight && !mirror::applies(request),
            Strategy::Mirror => !knight && mirror::applies(request),
            Strategy::Astar => !knight && squares > ASTAR_FROM,
            Strategy::Bidirectional => true,
        }
    }
}

/// Boards of more squares than this are searched by A* before bidirectional BFS: below it,
/// bidirectional BFS's two small searches beat A*'s open list (docs/PERFORMANCE.md).
const ASTAR_FROM: u64 = 1024;

/// A query's outcome and the strategy that answered it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answered {
    pub outcome: Outcome,
    pub strategy: Strategy,
}

/// Everything the formula keeps from one query to the next; see the module documentation.
#[derive(Default)]
pub struct FormulaMemory {
    /// The last leaper asked of, (a, b), and its lattice (a run asks of one piece; KnightL of
    /// each in turn).
    lattice: Option<((u32, u32), LeaperLattice)>,
    /// The mirror's arrays, a slot a square of its board (at most 4 MB).
    pub mirror: MirrorMemory,
    /// The strip's repeats (at most [`strip::KEPT_BYTES`]).
    pub strip: StripMemory,
    /// The small boards' distances and first squares asked (at most
    /// [`small_board::KEPT_BYTES`]).
    pub small_board: SmallBoardMemory,
}

impl FormulaMemory {
    /// The lattice of `request`'s piece, made once a piece.
    fn lattice(&mut self, request: &Request) -> LeaperLattice {
        let legs = request.piece.legs();
        match &self.lattice {
            Some((kept, lattice)) if *kept == legs => lattice.clone(),
            _ => {
                let lattice = LeaperLattice::new(legs.0, legs.1);
                self.lattice = Some((legs, lattice.clone()));
                lattice
            }
        }
    }

    /// Gives back the mirror's arrays, remade by its next search: what
    /// [`Workspace::trim`] drops. The kept repeats and distances stay, for the queries after.
    pub fn trim(&mut self) {
        self.mirror = MirrorMemory::default();
    }

    /// The bytes of arrays [`FormulaMemory::trim`] gives back.
    pub fn trimmed_bytes(&self) -> usize {
        self.mirror.bytes()
    }
}

/// The formula's answer to `request` (two different squares the piece may join, as the
/// engines' shared preamble leaves them): the strategies of [`PLAN`] in turn, saying which
/// answered, telling `observer` every square any strategy reaches and expands.
pub fn answer<O: Observer + ?Sized>(
    workspace: &mut Workspace,
    request: &Request,
    observer: &mut O,
) -> Result<Answered, GaveUp> {
    let mut expanded = 0;
    for strategy in PLAN {
        if !strategy.is_tried(&workspace.formula, request) {
            continue;
        }
        let (answer, squares) = match run(strategy, workspace, request, observer) {
            Ok(found) => found,
            Err(gave_up) => return Err(counted(gave_up, expanded)),
        };
        expanded += squares;
        let moves = match answer {
            Answer::Moves(moves) => Some(moves),
            Answer::NoRoute => None,
            Answer::Declined => {
                workspace.route.clear();
                continue;
            }
        };
        if !request.with_route || moves.is_none() {
            workspace.route.clear();
        }
        return Ok(Answered {
            outcome: Outcome { moves, expanded },
            strategy,
        });
    }
    unreachable!("bidirectional BFS answers or gives up")
}

/// A search that gave up after the strategies before it had expanded `before` squares: what it
/// expanded counts them too.
fn counted(gave_up: GaveUp, before: u64) -> GaveUp {
    match gave_up {
        GaveUp::OutOfMemory { expanded } => GaveUp::OutOfMemory {
            expanded: expanded + before,
        },
        other => other,
    }
}

/// Runs one strategy: its answer and the squares it expanded.
fn run<O: Observer + ?Sized>(
    strategy: Strategy,
    workspace: &mut Workspace,
    request: &Request,
    observer: &mut O,
) -> Result<(Answer, u64), GaveUp> {
    let from_outcome = |outcome: Outcome| {
        let answer = match outcome.moves {
            Some(moves) => Answer::Moves(moves),
            None => Answer::NoRoute,
        };
        (answer, outcome.expanded)
    };
    match strategy {
        Strategy::KnightClosedForm => knight::answer(workspace, request).map(|a| (a, 0)),
        Strategy::KeptBoard => {
            let moves = small_board::kept(&workspace.formula, request).flatten();
            Ok(from_outcome(Outcome { moves, expanded: 0 }))
        }
        Strategy::WholeBoard => {
            small_board::search_observed(workspace, request, observer).map(from_outcome)
        }
        Strategy::LaidWalk => {
            let lattice = workspace.formula.lattice(request);
            let answer = laid_walk::answer(workspace, &lattice, request)?;
            small_board::note_asked(&mut workspace.formula, request);
            Ok((answer, 0))
        }
        Strategy::NearEnds => {
            let lattice = workspace.formula.lattice(request);
            let found = near_ends::answer(workspace, &lattice, request, observer)?;
            Ok((found.answer, found.expanded))
        }
        Strategy::Strip => strip::answer(workspace, request, observer),
        Strategy::Mirror => mirror::search_observed(workspace, request, observer).map(from_outcome),
        Strategy::Astar => {
            let within = Request {
                max_nodes: for_a_star(request),
                ..*request
            };
            workspace.reset(request.board);
            match astar::search(SearchCall {
                workspace,
                request: &within,
                observer,
            }) {
                Ok(outcome) => Ok(from_outcome(outcome)),
                // Past its own limit, A* leaves the pair to bidirectional BFS, which holds
                // less a square and so may go further.
                Err(GaveUp::Expanded { max_nodes }) => Ok((Answer::Declined, max_nodes)),
                Err(other) => Err(other),
            }
        }
        Strategy::Bidirectional => {
            workspace.reset(request.board);
            bidirectional::search(SearchCall {
                workspace,
                request,
                observer,
            })
            .map(from_outcome)
        }
    }
}

/// The limit A* is held to as the formula's strategy: the one asked for, or else A*'s own
/// default (which holds it under about 1 GiB; the formula's, ten million squares, would not).
pub fn for_a_star(request: &Request) -> u64 {
    match request.max_nodes_given {
        true => request.max_nodes,
        false => Engine::Astar.default_max_nodes(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Piece, Position};

    /// A* as a strategy has its own engine's default limit when none was given (1,500,000,
    /// which holds it under 1 GiB, not the formula's ten million), and the limit given when
    /// one was.
    #[test]
    fn a_star_has_its_own_engine_s_default_unless_a_limit_is_given() {
        let request = Request {
            board: Board::new(111, Board::MAX_SIDE).unwrap(),
            piece: Piece::leaper(51, 52).unwrap(),
            from: Position::new(0, 0),
            to: Position::new(110, 999_999_999),
            with_route: false,
            max_nodes: Engine::Formula.default_max_nodes(),
            max_nodes_given: false,
        };
        assert_eq!(for_a_star(&request), Engine::Astar.default_max_nodes());
        for given in [20_000, 10_000_000, 50_000_000] {
            let asked = Request {
                max_nodes: given,
                max_nodes_given: true,
                ..request
            };
            assert_eq!(for_a_star(&asked), given);
        }
    }

    /// The plan lists every strategy once, the knight's closed form first and bidirectional
    /// BFS, which never declines, last.
    #[test]
    fn the_plan_tries_each_strategy_once_and_ends_with_one_that_never_declines() {
        for (index, strategy) in PLAN.iter().enumerate() {
            assert!(!PLAN[index + 1..].contains(strategy), "{strategy:?} twice");
        }
        assert_eq!(PLAN[0], Strategy::KnightClosedForm);
        assert_eq!(PLAN[PLAN.len() - 1], Strategy::Bidirectional);
    }
}
