//! The search engines: five ways to find the fewest knight moves, behind one signature so that
//! they can be swapped, compared and tested together.
//!
//! Every engine answers a [`Request`] (a board, two squares, whether to build a route, a limit)
//! with an [`Outcome`]: the distance (or that no route exists) and how many squares it
//! expanded, leaving the route, when asked, in its [`Workspace`]. What all engines share (a
//! square to itself, emptying the workspace) is written once, in [`prepared`]. A square
//! is *expanded* when a search takes it off its queue or open list to look at its neighbours;
//! the table expands none, and the formula only where one of its strategies searches (see
//! [`formula`]).
//!
//! Invariants every engine keeps (the exhaustive tests check them on every pair of every board
//! up to 12×12):
//! - the distance is exact, and `None` exactly when no knight route joins the squares;
//! - a route holds both ends, each step is one knight move, and it has `moves + 1` squares;
//! - from a square to itself is 0 moves, the route is that one square, and nothing is expanded;
//! - the same query always gives the same route;
//! - no search looks at the neighbours of more than `max_nodes` squares (A* also counts the
//!   target it takes off its list, beyond the limit: with 1, a neighbour is found, 2 expanded),
//!   and memory grows with the squares a search touches, never with the size of the board.

pub mod astar;
pub mod bfs;
pub mod bidirectional;
pub mod formula;
pub mod observe;
pub mod square_map;
pub mod table;
pub mod unbounded;
pub mod workspace;

use std::collections::TryReserveError;
use std::fmt;

use crate::board::{Board, Piece, Position};
use crate::engine::square_map::SquareMap;
pub use crate::engine::workspace::Workspace;

/// One question for an engine: the fewest moves between two squares of a board. Made only by
/// [`Request::new`] and its builders: its fields are the engines' to read, and the compiler
/// keeps every module outside `engine/` (and the program, another crate) from making or
/// changing one by hand, so that a field added here has one place to be set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub(in crate::engine) board: Board,
    /// The piece that moves: the knight, or any (a,b)-leaper (the table's is the knight only).
    pub(in crate::engine) piece: Piece,
    pub(in crate::engine) from: Position,
    pub(in crate::engine) to: Position,
    /// Whether to build one shortest route, into the workspace's [`Workspace::route`].
    pub(in crate::engine) with_route: bool,
    /// The most squares the search may expand.
    pub(in crate::engine) max_nodes: u64,
    /// Whether `max_nodes` was asked for (`--max-nodes`, `Searcher::with_max_nodes`)
    /// rather than being the engine's default. A search that the formula falls back on takes
    /// its own engine's default when none was asked for: A*'s is lower than the formula's, for
    /// what A* holds a square expanded, and the formula's would let it pass 1 GiB.
    pub(in crate::engine) max_nodes_given: bool,
}

impl Request {
    /// The fewest moves of `piece` from `from` to `to` on `board`, as `engine` is asked it
    /// unless said otherwise: no route, the engine's own limit
    /// ([`Engine::default_max_nodes`]).
    pub fn new(engine: Engine, board: Board, piece: Piece, from: Position, to: Position) -> Self {
        Request {
            board,
            piece,
            from,
            to,
            with_route: false,
            max_nodes: engine.default_max_nodes(),
            max_nodes_given: false,
        }
    }

    /// The same request, asking for one shortest route or not.
    pub fn with_route(self, with_route: bool) -> Self {
        Request { with_route, ..self }
    }

    /// The same request, limited to `max_nodes` squares where a limit was given
    /// (`--max-nodes`, `Searcher::with_max_nodes`); `None` keeps the engine's own.
    pub fn limited_to(self, max_nodes: Option<u64>) -> Self {
        match max_nodes {
            Some(max_nodes) => Request {
                max_nodes,
                max_nodes_given: true,
                ..self
            },
            None => self,
        }
    }
}

/// One search to make, as each searching engine's `search` takes it: the workspace it may
/// use, what it is asked, and who watches it.
pub struct SearchCall<'a, O: ?Sized> {
    pub workspace: &'a mut Workspace,
    pub request: &'a Request,
    pub observer: &'a mut O,
}

/// What one search found.
///
/// ```
/// use knight_moves::{Board, Engine, Position, Query, Searcher};
///
/// let query = Query::knight(Board::STANDARD, Position::new(0, 0), Position::new(1, 2));
/// let outcome = Searcher::new().search(Engine::Bfs, query)?;
/// assert_eq!((outcome.moves, outcome.expanded), (Some(1), 1));
/// # Ok::<(), knight_moves::SearchError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Outcome {
    /// The fewest moves of the piece between the two squares; `None` when no route joins them.
    pub moves: Option<u64>,
    /// How many squares the search expanded on the way: none for the table, nor for the formula
    /// where a closed form or a laid walk answers; where one of its strategies searches (near
    /// cramped ends, along strips, on small boards, and as a last resort), those squares.
    pub expanded: u64,
}

/// Why a search stopped without an answer: going on would have passed its limit (a
/// `Searcher`'s `max_nodes`, the program's `--max-nodes`), which bounds its
/// memory; or the system would not give it the memory to go on.
///
/// ```
/// use knight_moves::{Board, Engine, GaveUp, Position, Query, SearchError, Searcher};
///
/// let board = Board::new(100, 100).unwrap();
/// let query = Query::knight(board, Position::new(0, 0), Position::new(99, 99));
/// let found = Searcher::with_max_nodes(10).search(Engine::Bfs, query);
/// assert_eq!(found, Err(SearchError::GaveUp(GaveUp::Expanded { max_nodes: 10 })));
/// let error = found.unwrap_err();
/// assert_eq!(error.to_string(), "the search gave up");
/// let why = std::error::Error::source(&error).map(ToString::to_string);
/// assert_eq!(why.as_deref(), Some("gave up after expanding 10 squares, its limit"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GaveUp {
    /// It would have expanded more than `max_nodes` squares.
    Expanded {
        /// The limit.
        max_nodes: u64,
    },
    /// The route it was asked for has more than `max_nodes` moves: the formula expands nothing
    /// on a board its closed form covers, but a route is held whole, a square a move.
    RouteTooLong {
        /// The route's length.
        moves: u64,
        /// The limit.
        max_nodes: u64,
    },
    /// The system refused the memory the search needed to go on (a limit on the process's
    /// memory, or a machine that has no more), before `--max-nodes` stopped it. The search's
    /// memory is given back at once, so the queries after it are answered as usual.
    OutOfMemory {
        /// The squares it had expanded when it asked.
        expanded: u64,
    },
}

impl fmt::Display for GaveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GaveUp::Expanded { max_nodes } => {
                write!(f, "gave up after expanding {max_nodes} squares, its limit")
            }
            GaveUp::RouteTooLong { moves, max_nodes } => write!(
                f,
                "the route has {moves} moves, more than the limit of {max_nodes} allows"
            ),
            GaveUp::OutOfMemory { expanded } => {
                write!(f, "ran out of memory after expanding {expanded} squares")
            }
        }
    }
}

impl std::error::Error for GaveUp {}

/// A search's outcome and what answered it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explained {
    pub outcome: Outcome,
    /// The formula's strategy that answered; `None` for the other engines, and where the
    /// shared preamble ([`prepared`]) answered at once.
    pub strategy: Option<formula::Strategy>,
}

/// The part every engine shares: the route buffer emptied, a square to itself answered at
/// once (0 moves, the route that square, nothing expanded), two squares the board cannot join
/// answered at once (no route, nothing expanded, see [`Piece::joins`]); then the engine's
/// search, in a workspace emptied for the board when it `keeps_squares` there.
///
/// `search` is the engine's search between two *different* squares, in a workspace already
/// emptied when the engine keeps squares there: on any board, over coordinates, told of an
/// observer when one watches.
#[inline(always)]
fn prepared(
    workspace: &mut Workspace,
    request: &Request,
    keeps_squares: bool,
    search: impl FnOnce(&mut Workspace, &Request) -> Result<Outcome, GaveUp>,
) -> Result<Outcome, GaveUp> {
    workspace.route.clear();
    if request.from == request.to {
        if request.with_route {
            workspace.route.push(request.from);
        }
        return Ok(Outcome {
            moves: Some(0),
            expanded: 0,
        });
    }
    // No engine searches to prove what the board says at once: on a board too narrow for
    // the squares to be joined, a search would only exhaust it (10⁹ squares on 2×10⁹).
    if request.piece.joins(request.board, request.from, request.to) == Some(false) {
        return Ok(no_route(0));
    }
    if keeps_squares {
        workspace.reset(request.board);
    }
    let outcome = search(workspace, request);
    if let Err(GaveUp::OutOfMemory { .. }) = outcome {
        // What the search holds is most of what the process could get: give it all back now,
        // or the next query would find none either.
        workspace.release();
    }
    outcome
}

/// The five ways to find the fewest moves. Every engine gives the same distances; they differ
/// in the boards and pieces they know and in how much of the board they search.
///
/// ```
/// use knight_moves::{Board, Engine, Position, Query};
///
/// let query = Query::knight(Board::STANDARD, Position::new(0, 0), Position::new(7, 7));
/// for engine in Engine::ALL {
///     assert_eq!(engine.distance(query)?, Some(6), "{engine}");
/// }
/// # Ok::<(), knight_moves::SearchError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engine {
    /// The 8×8 distance table, computed at compile time: one lookup a query (8×8 only).
    Table,
    /// A walk of the board without edges where one fits, else a bounded exact computation.
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
    ///
    /// ```
    /// assert_eq!(knight_moves::Engine::ALL.len(), 5);
    /// ```
    pub const ALL: [Engine; 5] = [
        Engine::Table,
        Engine::Formula,
        Engine::Bfs,
        Engine::Bidirectional,
        Engine::Astar,
    ];

    /// The fastest exact engine for `board` and `piece`: for the knight, the table on the
    /// board it knows, the formula anywhere else; for every other leaper, the formula, which
    /// lays a shortest walk of the board without edges where one fits the board and answers
    /// by a bounded exact computation elsewhere (its plan: `formula::PLAN`). Measured with
    /// `--compare`, in docs/PERFORMANCE.md.
    ///
    /// ```
    /// use knight_moves::{Board, Engine, Piece};
    ///
    /// let (big, camel) = (Board::new(100, 100).unwrap(), Piece::leaper(1, 3).unwrap());
    /// assert_eq!(Engine::fastest_for(Board::STANDARD, Piece::KNIGHT), Engine::Table);
    /// assert_eq!(Engine::fastest_for(big, Piece::KNIGHT), Engine::Formula);
    /// assert_eq!(Engine::fastest_for(Board::STANDARD, camel), Engine::Formula);
    /// assert_eq!(Engine::fastest_for(big, camel), Engine::Formula);
    /// ```
    pub fn fastest_for(board: Board, piece: Piece) -> Engine {
        match (piece.is_knight(), table::knows(board)) {
            (true, true) => Engine::Table,
            (_, _) => Engine::Formula,
        }
    }

    /// Whether the engine can answer on `board`: the table knows the 8×8 board only.
    ///
    /// ```
    /// use knight_moves::{Board, Engine};
    ///
    /// assert!(Engine::Table.works_on(Board::STANDARD));
    /// assert!(!Engine::Table.works_on(Board::new(10, 10).unwrap()));
    /// assert!(Engine::Bfs.works_on(Board::new(10, 10).unwrap()));
    /// ```
    pub fn works_on(self, board: Board) -> bool {
        self != Engine::Table || table::knows(board)
    }

    /// Whether the engine can answer for `piece`: the table knows the knight only; the
    /// formula and the searches know every leaper (the formula searches where its closed
    /// form does not reach).
    ///
    /// ```
    /// use knight_moves::{Engine, Piece};
    ///
    /// let camel = Piece::leaper(1, 3).unwrap();
    /// assert!(Engine::Table.works_for(Piece::KNIGHT));
    /// assert!(!Engine::Table.works_for(camel));
    /// assert!(Engine::Formula.works_for(camel));
    /// assert!(Engine::Astar.works_for(camel));
    /// ```
    pub fn works_for(self, piece: Piece) -> bool {
        piece.is_knight() || self != Engine::Table
    }

    /// The engines that answer on `board` for `piece`, in the order tables list them.
    ///
    /// ```
    /// use knight_moves::{Board, Engine, Piece};
    ///
    /// let names = |board, piece| Engine::all_for(board, piece).map(Engine::name).collect::<Vec<_>>();
    /// assert_eq!(names(Board::STANDARD, Piece::KNIGHT), ["table", "formula", "bfs", "bidirectional", "astar"]);
    /// let camel = Piece::leaper(1, 3).unwrap();
    /// assert_eq!(names(Board::new(9, 9).unwrap(), camel), ["formula", "bfs", "bidirectional", "astar"]);
    /// ```
    pub fn all_for(board: Board, piece: Piece) -> impl Iterator<Item = Engine> {
        Engine::ALL
            .into_iter()
            .filter(move |engine| engine.works_on(board) && engine.works_for(piece))
    }

    /// The most squares one search by this engine may expand unless told otherwise
    /// (`--max-nodes`): as many as keep one search under about 1 GiB on any board.
    ///
    /// BFS and bidirectional BFS hold each square they reach once (its parent and distance,
    /// and a place in a layer); A* reaches up to seven more squares for every one it expands,
    /// each held in its map and in its open list, several times as much a square expanded.
    /// Hence 10,000,000 for the searches but A*, and 1,500,000 for A* (the bytes each holds,
    /// measured, are in docs/PERFORMANCE.md, and `tests/limits.rs` holds each to its budget).
    /// The table expands nothing, nor the formula where a closed form answers; where it
    /// searches, that search's own engine's default applies unless a limit is given
    /// (`--max-nodes`, or `Searcher::with_max_nodes`). The formula's routes are held
    /// to the same number of moves as the others' searches, at 8 bytes a move.
    ///
    /// ```
    /// use knight_moves::Engine;
    /// assert_eq!(Engine::Bfs.default_max_nodes(), 10_000_000);
    /// assert_eq!(Engine::Astar.default_max_nodes(), 1_500_000);
    /// ```
    pub fn default_max_nodes(self) -> u64 {
        match self {
            Engine::Astar => 1_500_000,
            Engine::Table | Engine::Formula | Engine::Bfs | Engine::Bidirectional => 10_000_000,
        }
    }

    /// What the engine does, in one line: its variant's documentation, and `--algorithm`'s
    /// help for it.
    ///
    /// ```
    /// use knight_moves::Engine;
    ///
    /// assert!(Engine::Bidirectional.summary().starts_with("Breadth-first searches from both ends"));
    /// ```
    pub fn summary(self) -> &'static str {
        match self {
            Engine::Table => {
                "The 8×8 distance table, computed at compile time: one lookup a query (8×8 only)"
            }
            Engine::Formula => {
                "A walk of the board without edges where one fits, else a bounded exact computation"
            }
            Engine::Bfs => "A breadth-first search a query, stopping when it reaches the target",
            Engine::Bidirectional => {
                "Breadth-first searches from both ends, a whole layer at a time, until they meet"
            }
            Engine::Astar => "A* with the knight's distance on an unbounded board as its heuristic",
        }
    }

    /// The engine's name, as `--algorithm` takes it and tables show it; also its `Display`.
    ///
    /// ```
    /// use knight_moves::Engine;
    ///
    /// assert_eq!(Engine::Bidirectional.name(), "bidirectional");
    /// assert_eq!(Engine::Astar.to_string(), "astar");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Engine::Table => "table",
            Engine::Formula => "formula",
            Engine::Bfs => "bfs",
            Engine::Bidirectional => "bidirectional",
            Engine::Astar => "astar",
        }
    }

    /// The engine `--algorithm` calls `name` ([`Engine::name`]), if one is.
    fn named(name: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|engine| engine.name() == name)
    }

    /// Answers `request` in `workspace`: the one way an engine is run, by the pipeline, the
    /// library, the statistics, the pictures and the page alike. What it returns is what the
    /// search did: the distance, the squares expanded and, for the formula, the strategy of its
    /// plan that answered; the route, when asked for, is left in [`Workspace::route`]. An
    /// `observer` is told every square the search reaches and expands (see [`observe`]): the
    /// same answer, route and count, watched or not. The table and the closed form expand
    /// nothing, and tell nothing.
    pub fn run(
        self,
        workspace: &mut Workspace,
        request: &Request,
        observer: Option<&mut dyn observe::Observer>,
    ) -> Result<Explained, GaveUp> {
        match observer {
            None => self.run_with(workspace, request, &mut observe::Unobserved),
            Some(observer) => self.run_with(workspace, request, observer),
        }
    }

    /// [`Engine::run`], told of every step by `observer` ([`observe::Unobserved`], whose
    /// empty methods inline away, when no one watches).
    #[inline]
    fn run_with<O: observe::Observer + ?Sized>(
        self,
        workspace: &mut Workspace,
        request: &Request,
        observer: &mut O,
    ) -> Result<Explained, GaveUp> {
        let outcome = match self {
            Engine::Formula => return formula_explained(workspace, request, observer),
            Engine::Table => prepared(workspace, request, false, table::search),
            Engine::Bfs => prepared(workspace, request, true, |workspace, request| {
                bfs::search(SearchCall {
                    workspace,
                    request,
                    observer,
                })
            }),
            Engine::Bidirectional => prepared(workspace, request, true, |workspace, request| {
                bidirectional::search(SearchCall {
                    workspace,
                    request,
                    observer,
                })
            }),
            Engine::Astar => prepared(workspace, request, true, |workspace, request| {
                astar::search(SearchCall {
                    workspace,
                    request,
                    observer,
                })
            }),
        };
        outcome.map(unexplained)
    }
}

/// The formula's answer to `request`, naming the strategy of its plan that gave it.
#[inline]
fn formula_explained<O: observe::Observer + ?Sized>(
    workspace: &mut Workspace,
    request: &Request,
    observer: &mut O,
) -> Result<Explained, GaveUp> {
    let mut strategy = None;
    let outcome = prepared(workspace, request, false, |workspace, request| {
        let answered = formula::answer(workspace, request, observer)?;
        strategy = Some(answered.strategy);
        Ok(answered.outcome)
    })?;
    Ok(Explained { outcome, strategy })
}

/// What an engine without strategies to name answered.
fn unexplained(outcome: Outcome) -> Explained {
    Explained {
        outcome,
        strategy: None,
    }
}

/// An engine's name that names none ([`Engine`]'s `FromStr`): which name, and the names there
/// are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEngine {
    name: String,
}

impl fmt::Display for UnknownEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Engine::ALL.iter().map(|engine| engine.name()).collect();
        write!(
            f,
            "no engine is called {:?}: the engines are {}",
            self.name,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownEngine {}

/// An engine from its name, as `--algorithm` takes it ([`Engine::name`]).
///
/// ```
/// use knight_moves::Engine;
///
/// assert_eq!("bidirectional".parse::<Engine>()?, Engine::Bidirectional);
/// let unknown = "dijkstra".parse::<Engine>().unwrap_err();
/// assert_eq!(
///     unknown.to_string(),
///     "no engine is called \"dijkstra\": the engines are table, formula, bfs, bidirectional, astar"
/// );
/// # Ok::<(), knight_moves::UnknownEngine>(())
/// ```
impl std::str::FromStr for Engine {
    type Err = UnknownEngine;

    fn from_str(name: &str) -> Result<Engine, UnknownEngine> {
        Engine::named(name).ok_or_else(|| UnknownEngine {
            name: name.to_owned(),
        })
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// For each square a search has reached, the square it was reached from (the start is its own
/// parent), and its distance from the start.
///
/// Distances are `u32`: the longest on a 10⁹ × 10⁹ board is under 7 × 10⁸, and every byte of
/// an entry counts when a search holds millions of them.
pub type Parents = SquareMap<(Position, u32)>;

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

/// The outcome of a one-sided search that has reached `to`: the route traced back through
/// `parents` and turned start first, when it is wanted.
fn found(
    parents: &Parents,
    to: Position,
    route: &mut Vec<Position>,
    with_route: bool,
    expanded: u64,
) -> Result<Outcome, GaveUp> {
    let moves = parents.get(to).map(|(_, moves)| u64::from(moves));
    if with_route {
        let squares = moves.map_or(0, |moves| moves.saturating_add(1));
        room_for_route(route, squares, expanded)?;
        trace_back(parents, to, route);
        route.reverse();
    }
    Ok(Outcome { moves, expanded })
}

/// Makes room in `route` for `squares` more squares, or says the search ran out of memory:
/// a route of the formula's, or of a search on a huge board, can be too long to hold.
fn room_for_route(route: &mut Vec<Position>, squares: u64, expanded: u64) -> Result<(), GaveUp> {
    let squares = usize::try_from(squares).map_err(|_| GaveUp::OutOfMemory { expanded })?;
    route
        .try_reserve_exact(squares)
        .map_err(out_of_memory(expanded))
}

/// Makes room in `route` for a walk of `moves` moves that the formula lays rather than
/// searches: refused past `max_nodes` moves ([`GaveUp::RouteTooLong`]: a route is held whole,
/// a square a move), or where memory is refused.
fn room_for_laid_route(
    route: &mut Vec<Position>,
    moves: u64,
    max_nodes: u64,
    expanded: u64,
) -> Result<(), GaveUp> {
    if moves > max_nodes {
        return Err(GaveUp::RouteTooLong { moves, max_nodes });
    }
    room_for_route(route, moves + 1, expanded)
}

/// What a search that could not make room answers: it ran out of memory, having expanded
/// `expanded` squares.
///
/// The searches ask for room before each expansion, for as many squares as the piece has
/// moves, in each list and map that may grow (`try_reserve`): the growth stays amortised (a
/// list doubles when it fills), so a search pays a comparison a list for each square it
/// expands, and a refusal can be answered, where a `push` or `insert` that cannot grow aborts
/// the process.
fn out_of_memory(expanded: u64) -> impl FnOnce(TryReserveError) -> GaveUp {
    move |_| GaveUp::OutOfMemory { expanded }
}

/// The outcome when no route exists (the route stays empty).
fn no_route(expanded: u64) -> Outcome {
    Outcome {
        moves: None,
        expanded,
    }
}

/// Counts one more expanded square, or gives up if that would pass `max_nodes`.
#[inline]
fn expand_one(expanded: &mut u64, max_nodes: u64) -> Result<(), GaveUp> {
    if *expanded >= max_nodes {
        return Err(GaveUp::Expanded { max_nodes });
    }
    *expanded += 1;
    Ok(())
}
