//! The engines as a library user calls them: [`Searcher`] for many queries, reusing its
//! memory, and [`Engine::distance`] / [`Engine::route`] for one.

use std::fmt;

use crate::board::{Board, Piece, Position};
use crate::engine::{Engine, GaveUp, Outcome, Request, Workspace};

/// Why a search gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The engine cannot answer on this board (the table engine knows 8×8 only).
    Unsupported {
        /// The engine asked.
        engine: Engine,
        /// The board it was asked about.
        board: Board,
    },
    /// A square lies outside the board.
    OffBoard {
        /// The square.
        position: Position,
        /// The board.
        board: Board,
    },
    /// The search would have passed the searcher's limit (see [`GaveUp`]).
    GaveUp(GaveUp),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Unsupported { engine, board } => {
                write!(f, "the {engine} engine does not work on the {board} board")
            }
            SearchError::OffBoard { position, board } => {
                write!(f, "square {position} is off the {board} board")
            }
            SearchError::GaveUp(gave_up) => gave_up.fmt(f),
        }
    }
}

impl std::error::Error for SearchError {}

impl From<GaveUp> for SearchError {
    fn from(gave_up: GaveUp) -> SearchError {
        SearchError::GaveUp(gave_up)
    }
}

/// Runs one search after another, with any engine on any board, keeping its memory between
/// them: what to use for many queries. No answer depends on the searches before it.
///
/// ```
/// use knight_moves::{Board, Engine, Position, Searcher};
///
/// let board = Board::new(1000, 1000).unwrap();
/// let (corner, centre) = (Position::new(0, 0), Position::new(500, 500));
/// let mut searcher = Searcher::new();
/// let astar = searcher.search(Engine::Astar, board, corner, centre, true)?;
/// assert_eq!(astar.moves, Some(334));
/// assert_eq!(searcher.route().len(), 335); // both ends included
/// let bfs = searcher.search(Engine::Bfs, board, corner, centre, false)?;
/// assert_eq!(bfs.moves, astar.moves);
/// assert!(astar.expanded < bfs.expanded / 100); // A* heads for the target
/// # Ok::<(), knight_moves::SearchError>(())
/// ```
pub struct Searcher {
    workspace: Workspace,
    /// The limit for every engine, or `None` for each engine's own default.
    max_nodes: Option<u64>,
}

impl Searcher {
    /// A searcher allowing each search as many expanded squares as its engine's default
    /// ([`Engine::default_max_nodes`]), which keeps a search under about 1 GiB.
    pub fn new() -> Searcher {
        Searcher {
            workspace: Workspace::new(),
            max_nodes: None,
        }
    }

    /// A searcher allowing each search at most `max_nodes` expanded squares (and the formula
    /// routes of fewer moves), so that no query can use up memory.
    pub fn with_max_nodes(max_nodes: u64) -> Searcher {
        Searcher {
            workspace: Workspace::new(),
            max_nodes: Some(max_nodes),
        }
    }

    /// The fewest moves from `from` to `to` on `board` with `engine` (`None` when no knight
    /// route joins them) and the squares it expanded; with `with_route`, one shortest route is
    /// then in [`Searcher::route`].
    pub fn search(
        &mut self,
        engine: Engine,
        board: Board,
        from: Position,
        to: Position,
        with_route: bool,
    ) -> Result<Outcome, SearchError> {
        self.search_piece(engine, board, Piece::KNIGHT, from, to, with_route)
    }

    /// [`Searcher::search`] for any piece: the knight, or an (a,b)-leaper, which the table
    /// and the formula do not know (`SearchError::Unsupported`).
    pub fn search_piece(
        &mut self,
        engine: Engine,
        board: Board,
        piece: Piece,
        from: Position,
        to: Position,
        with_route: bool,
    ) -> Result<Outcome, SearchError> {
        self.workspace.route.clear();
        if !engine.works_on(board) || !engine.moves(piece) {
            return Err(SearchError::Unsupported { engine, board });
        }
        for position in [from, to] {
            if !board.contains(position.file.into(), position.rank.into()) {
                return Err(SearchError::OffBoard { position, board });
            }
        }
        let request = Request {
            board,
            piece,
            from,
            to,
            with_route,
            max_nodes: self.max_nodes.unwrap_or(engine.default_max_nodes()),
        };
        Ok(engine.search(&mut self.workspace, &request)?)
    }

    /// The route the last search built: both ends and every square between, one knight move
    /// apart; empty when it was not asked for, or no route exists.
    pub fn route(&self) -> &[Position] {
        &self.workspace.route
    }
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new()
    }
}

impl Engine {
    /// The fewest knight moves from `from` to `to` on `board`, `None` when no route joins
    /// them: one query. For many, keep a [`Searcher`].
    ///
    /// ```
    /// use knight_moves::{Board, Engine};
    ///
    /// let e2 = Board::STANDARD.parse_square(b"e2")?;
    /// let e4 = Board::STANDARD.parse_square(b"e4")?;
    /// assert_eq!(Engine::Table.distance(Board::STANDARD, e2, e4)?, Some(2));
    /// let narrow = Board::new(2, 10).unwrap();
    /// let (a1, b1) = (narrow.parse_square(b"a1")?, narrow.parse_square(b"b1")?);
    /// assert_eq!(Engine::Bfs.distance(narrow, a1, b1)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance(
        self,
        board: Board,
        from: Position,
        to: Position,
    ) -> Result<Option<u64>, SearchError> {
        Ok(Searcher::new().search(self, board, from, to, false)?.moves)
    }

    /// One shortest route from `from` to `to` on `board`, both ends included, `None` when no
    /// route joins them. Routes are deterministic: the same query gives the same route.
    ///
    /// ```
    /// use knight_moves::{Board, Engine};
    ///
    /// let board = Board::STANDARD;
    /// let (e2, e4) = (board.parse_square(b"e2")?, board.parse_square(b"e4")?);
    /// let route = Engine::Table.route(board, e2, e4)?.unwrap();
    /// let names: Vec<String> = route.iter().map(ToString::to_string).collect();
    /// assert_eq!(names, ["e2", "g3", "e4"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn route(
        self,
        board: Board,
        from: Position,
        to: Position,
    ) -> Result<Option<Vec<Position>>, SearchError> {
        let mut searcher = Searcher::new();
        let outcome = searcher.search(self, board, from, to, true)?;
        Ok(outcome.moves.map(|_| searcher.route().to_vec()))
    }
}
