//! The search engines: four ways to find the fewest knight moves, behind one signature so that
//! they can be swapped, compared and tested together.
//!
//! Every engine is a [`SearchFn`]: given two squares it returns the distance and how many
//! squares it expanded, and fills a route when asked. A square is *expanded* when the search
//! takes it off its queue or open list to look at its neighbours; the table engine expands none.
//!
//! Invariants every engine keeps (the exhaustive tests check them on all 4096 pairs):
//! - the distance is exact;
//! - a route holds both ends, each step is one knight move, and it has `moves + 1` squares;
//! - from a square to itself is 0 moves, the route is that one square, and nothing is expanded;
//! - the same query always gives the same route.

pub mod astar;
pub mod bfs;
pub mod bidirectional;
pub mod table;

use crate::square::Square;

/// What one search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// The fewest knight moves between the two squares.
    pub moves: u8,
    /// How many squares the search expanded on the way.
    pub expanded: u32,
}

/// The signature every engine shares: from, to, and a buffer to fill with one shortest route
/// (cleared first), or `None` when no route is wanted.
pub type SearchFn = fn(Square, Square, Option<&mut Vec<Square>>) -> Search;

/// The engines a user can choose with `--algorithm`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// The 64×64 distance table, computed at compile time: one lookup a query.
    #[default]
    Table,
    /// A breadth-first search a query, stopping when it reaches the target.
    Bfs,
    /// Breadth-first searches from both ends, a whole layer at a time, until they meet.
    Bidirectional,
    /// A* with the knight's distance on an unbounded board as its heuristic.
    Astar,
}

impl Engine {
    /// Every engine, in the order tables list them.
    pub const ALL: [Engine; 4] = [
        Engine::Table,
        Engine::Bfs,
        Engine::Bidirectional,
        Engine::Astar,
    ];

    /// The engine's name, as `--algorithm` takes it and tables show it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Table => "table",
            Engine::Bfs => "bfs",
            Engine::Bidirectional => "bidirectional",
            Engine::Astar => "astar",
        }
    }

    /// The engine's search function.
    pub fn search_fn(self) -> SearchFn {
        match self {
            Engine::Table => table::search,
            Engine::Bfs => bfs::search,
            Engine::Bidirectional => bidirectional::search,
            Engine::Astar => astar::search,
        }
    }
}

/// For each square a search has reached, the square it was reached from (the start is its own
/// parent); `None` for squares not reached yet.
pub type Parents = [Option<Square>; Square::COUNT];

/// Appends to `route` the squares from `end` back to the start of the search that filled
/// `parents`, `end` first: reversed, that is a shortest route from the start to `end`.
fn trace_back(parents: &Parents, end: Square, route: &mut Vec<Square>) {
    let mut at = end;
    route.push(at);
    while let Some(parent) = parents[at.index()].filter(|&parent| parent != at) {
        route.push(parent);
        at = parent;
    }
}

/// The answer of a one-sided search that has reached `to`: the route traced back through
/// `parents` and turned start first, when it is wanted.
fn found(
    parents: &Parents,
    to: Square,
    route: Option<&mut Vec<Square>>,
    moves: u8,
    expanded: u32,
) -> Search {
    if let Some(route) = route {
        route.clear();
        trace_back(parents, to, route);
        route.reverse();
    }
    Search { moves, expanded }
}

/// The answer for a query from a square to itself, the same in every engine.
fn zero_moves(square: Square, route: Option<&mut Vec<Square>>) -> Search {
    if let Some(route) = route {
        route.clear();
        route.push(square);
    }
    Search {
        moves: 0,
        expanded: 0,
    }
}
