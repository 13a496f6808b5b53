//! The search engines: five ways to find the fewest knight moves, behind one signature so that
//! they can be swapped, compared and tested together.
//!
//! Every engine is a [`SearchFn`]: given a board and two squares it returns the distance (or
//! that no route exists) and how many squares it expanded, and fills a route when asked. A square
//! is *expanded* when a search takes it off its queue or open list to look at its neighbours;
//! the table and the formula expand none.
//!
//! Invariants every engine keeps (the exhaustive tests check them on every pair of every board
//! up to 12×12):
//! - the distance is exact, and `None` exactly when no knight route joins the squares;
//! - a route holds both ends, each step is one knight move, and it has `moves + 1` squares;
//! - from a square to itself is 0 moves, the route is that one square, and nothing is expanded;
//! - the same query always gives the same route;
//! - no search expands more than `max_nodes` squares, and memory grows with the squares a search
//!   touches, never with the size of the board.

pub mod astar;
pub mod bfs;
pub mod bidirectional;
pub mod formula;
pub mod square_map;
pub mod table;
pub mod workspace;

use std::fmt;

use crate::board::{Board, Position};
use crate::engine::square_map::SquareMap;
pub use crate::engine::workspace::Workspace;

/// What one search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// The fewest knight moves between the two squares; `None` when no route joins them.
    pub moves: Option<u64>,
    /// How many squares the search expanded on the way.
    pub expanded: u64,
}

/// A search stopped because it would have expanded more squares than allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GaveUp {
    pub max_nodes: u64,
}

/// The signature every engine shares: the memory to work in (kept between queries, see
/// [`Workspace`]), the board, from, to, a buffer to fill with one shortest route (cleared first)
/// or `None` when no route is wanted, and the most squares it may expand.
pub type SearchFn = fn(
    &mut Workspace,
    Board,
    Position,
    Position,
    Option<&mut Vec<Position>>,
    u64,
) -> Result<Search, GaveUp>;

/// The engines a user can choose with `--algorithm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// The 8×8 distance table, computed at compile time: one lookup a query (8×8 only).
    Table,
    /// A closed form in constant time; on the few tiny boards where none holds, a search.
    Formula,
    /// A breadth-first search a query, stopping when it reaches the target.
    Bfs,
    /// Breadth-first searches from both ends, a whole layer at a time, until they meet.
    Bidirectional,
    /// A* with the knight's distance on an unbounded board as its heuristic.
    Astar,
}

impl Engine {
    /// Every engine, in the order tables list them.
    pub const ALL: [Engine; 5] = [
        Engine::Table,
        Engine::Formula,
        Engine::Bfs,
        Engine::Bidirectional,
        Engine::Astar,
    ];

    /// The fastest exact engine for `board`: the table on 8×8, the formula anywhere else.
    pub fn fastest_for(board: Board) -> Engine {
        if board.is_standard() {
            Engine::Table
        } else {
            Engine::Formula
        }
    }

    /// Whether the engine can answer on `board`: the table knows only 8×8.
    pub fn works_on(self, board: Board) -> bool {
        self != Engine::Table || board.is_standard()
    }

    /// The engines that work on `board`, in the order tables list them.
    pub fn all_for(board: Board) -> impl Iterator<Item = Engine> {
        Engine::ALL
            .into_iter()
            .filter(move |engine| engine.works_on(board))
    }

    /// The engine's name, as `--algorithm` takes it and tables show it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Table => "table",
            Engine::Formula => "formula",
            Engine::Bfs => "bfs",
            Engine::Bidirectional => "bidirectional",
            Engine::Astar => "astar",
        }
    }

    /// One search with this engine, in a workspace of its own: for a single query. To run
    /// many, keep a [`Workspace`] and call [`Engine::search_fn`]'s function with it.
    pub fn search_once(
        self,
        board: Board,
        from: Position,
        to: Position,
        route: Option<&mut Vec<Position>>,
        max_nodes: u64,
    ) -> Result<Search, GaveUp> {
        (self.search_fn())(&mut Workspace::new(), board, from, to, route, max_nodes)
    }

    /// The engine's search function.
    pub fn search_fn(self) -> SearchFn {
        match self {
            Engine::Table => table::search,
            Engine::Formula => formula::search,
            Engine::Bfs => bfs::search,
            Engine::Bidirectional => bidirectional::search,
            Engine::Astar => astar::search,
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// For each square a search has reached, the square it was reached from (the start is its own
/// parent), and its distance from the start.
pub type Parents = SquareMap<(Position, u64)>;

/// Appends to `route` the squares from `end` back to the start of the search that filled
/// `parents`, `end` first: reversed, that is a shortest route from the start to `end`.
fn trace_back(parents: &Parents, end: Position, route: &mut Vec<Position>) {
    let mut at = end;
    route.push(at);
    while let Some((parent, _)) = parents.get(at).filter(|&(parent, _)| parent != at) {
        route.push(parent);
        at = parent;
    }
}

/// The answer of a one-sided search that has reached `to`: the route traced back through
/// `parents` and turned start first, when it is wanted.
fn found(
    parents: &Parents,
    to: Position,
    route: Option<&mut Vec<Position>>,
    expanded: u64,
) -> Search {
    if let Some(route) = route {
        route.clear();
        trace_back(parents, to, route);
        route.reverse();
    }
    Search {
        moves: parents.get(to).map(|(_, moves)| moves),
        expanded,
    }
}

/// The answer when no route exists.
fn no_route(route: Option<&mut Vec<Position>>, expanded: u64) -> Search {
    if let Some(route) = route {
        route.clear();
    }
    Search {
        moves: None,
        expanded,
    }
}

/// The answer for a query from a square to itself, the same in every engine.
fn zero_moves(square: Position, route: Option<&mut Vec<Position>>) -> Search {
    if let Some(route) = route {
        route.clear();
        route.push(square);
    }
    Search {
        moves: Some(0),
        expanded: 0,
    }
}

/// Counts one more expanded square, or gives up if that would pass `max_nodes`.
#[inline]
fn expand_one(expanded: &mut u64, max_nodes: u64) -> Result<(), GaveUp> {
    if *expanded >= max_nodes {
        return Err(GaveUp { max_nodes });
    }
    *expanded += 1;
    Ok(())
}
