//! The library's way in: a [`Query`] (a board, a piece, two squares) answered by an
//! [`Engine`], once ([`Engine::distance`], [`Engine::route`]) or one query after another by a
//! [`Searcher`], which keeps its memory between searches.
//!
//! The program (`src/main.rs`) does not use this module: it asks the engines through their
//! requests (`knight_moves::engine`, its hidden way in), which carry its options (a route or
//! not, the limit) as fields; a library user gets functions that return what they computed
//! instead.

use std::fmt;

use crate::board::{Board, Piece, Position};
use crate::engine::{Engine, GaveUp, Outcome, Request, Workspace};

/// One question: the fewest moves of `piece` from `from` to `to` on `board`.
///
/// ```
/// use knight_moves::{Board, Engine, Piece, Position, Query};
///
/// let board = Board::new(10, 10).unwrap();
/// let (a1, j10) = (Position::new(0, 0), Position::new(9, 9));
/// assert_eq!(Query::knight(board, a1, j10), Query::new(board, Piece::KNIGHT, a1, j10));
/// assert_eq!(Engine::Formula.distance(Query::knight(board, a1, j10))?, Some(6));
/// # Ok::<(), knight_moves::SearchError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Query {
    /// The board both squares are on.
    pub board: Board,
    /// The piece that moves: the knight, or any (a,b)-leaper.
    pub piece: Piece,
    /// Where the piece starts.
    pub from: Position,
    /// Where it is to go.
    pub to: Position,
}

impl Query {
    /// The knight's query from `from` to `to` on `board`.
    ///
    /// ```
    /// use knight_moves::{Board, Piece, Position, Query};
    ///
    /// let query = Query::knight(Board::STANDARD, Position::new(4, 1), Position::new(4, 3));
    /// assert_eq!(query.piece, Piece::KNIGHT);
    /// ```
    pub fn knight(board: Board, from: Position, to: Position) -> Query {
        Query::new(board, Piece::KNIGHT, from, to)
    }

    /// The query of `piece` from `from` to `to` on `board`.
    ///
    /// ```
    /// use knight_moves::{Board, Engine, Piece, Position, Query};
    ///
    /// let camel = Piece::leaper(1, 3).unwrap();
    /// let query = Query::new(Board::STANDARD, camel, Position::new(0, 0), Position::new(3, 1));
    /// assert_eq!(Engine::Bfs.distance(query)?, Some(1));
    /// # Ok::<(), knight_moves::SearchError>(())
    /// ```
    pub fn new(board: Board, piece: Piece, from: Position, to: Position) -> Query {
        Query {
            board,
            piece,
            from,
            to,
        }
    }
}

/// Why a search gave no answer.
///
/// ```
/// use knight_moves::{Board, Engine, Piece, Position, Query, SearchError};
///
/// let (a1, b3) = (Position::new(0, 0), Position::new(1, 2));
/// let ten = Board::new(10, 10).unwrap();
/// let camel = Piece::leaper(1, 3).unwrap();
/// let on_ten = Engine::Table.distance(Query::knight(ten, a1, b3));
/// assert_eq!(on_ten, Err(SearchError::BoardNotSupported { engine: Engine::Table, board: ten }));
/// let camel_query = Query::new(Board::STANDARD, camel, a1, b3);
/// let error = Engine::Table.distance(camel_query).unwrap_err();
/// assert_eq!(error.to_string(), "the table engine knows the knight only, not the camel");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SearchError {
    /// The engine does not answer on this board: the table knows 8×8 only.
    BoardNotSupported {
        /// The engine asked.
        engine: Engine,
        /// The board it was asked about.
        board: Board,
    },
    /// The engine does not move this piece: the table knows the knight only.
    PieceNotSupported {
        /// The engine asked.
        engine: Engine,
        /// The piece it was asked to move.
        piece: Piece,
    },
    /// A square lies outside the board.
    OffBoard {
        /// The square.
        position: Position,
        /// The board.
        board: Board,
    },
    /// The search would have passed the searcher's limit, or the system refused it memory
    /// (see [`GaveUp`]).
    GaveUp(GaveUp),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::BoardNotSupported { engine, board } => {
                write!(
                    f,
                    "the {engine} engine knows the 8x8 board only, not {board}"
                )
            }
            SearchError::PieceNotSupported { engine, piece } => {
                write!(
                    f,
                    "the {engine} engine knows the knight only, not the {piece}"
                )
            }
            SearchError::OffBoard { position, board } => {
                write!(f, "square {position} is off the {board} board")
            }
            // Why, with its figures, is the source's to say.
            SearchError::GaveUp(_) => f.write_str("the search gave up"),
        }
    }
}

impl std::error::Error for SearchError {
    /// For a search that gave up, how ([`GaveUp`]); the refusals are whole in their message.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SearchError::GaveUp(gave_up) => Some(gave_up),
            _ => None,
        }
    }
}

impl From<GaveUp> for SearchError {
    fn from(gave_up: GaveUp) -> SearchError {
        SearchError::GaveUp(gave_up)
    }
}

/// Runs one search after another, with any engine on any board, keeping its memory between
/// them: what to use for many queries. No distance or route depends on the searches before it;
/// the squares expanded may, for another leaper's formula, whose whole-board and strip searches
/// are kept and answer later queries with nothing expanded.
///
/// ```
/// use knight_moves::{Board, Engine, Position, Query, Searcher};
///
/// let board = Board::new(1000, 1000).unwrap();
/// let query = Query::knight(board, Position::new(0, 0), Position::new(500, 500));
/// let mut searcher = Searcher::new();
/// let astar = searcher.search(Engine::Astar, query)?;
/// let bfs = searcher.search(Engine::Bfs, query)?;
/// assert_eq!((astar.moves, bfs.moves), (Some(334), Some(334)));
/// assert!(astar.expanded < bfs.expanded / 100); // A* heads for the target
/// assert_eq!(searcher.route(Engine::Astar, query)?.map(<[_]>::len), Some(335)); // both ends
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
    ///
    /// ```
    /// let mut searcher = knight_moves::Searcher::new();
    /// # let _ = &mut searcher;
    /// ```
    pub fn new() -> Searcher {
        Searcher {
            workspace: Workspace::new(),
            max_nodes: None,
        }
    }

    /// A searcher allowing each search at most `max_nodes` expanded squares (and the formula
    /// routes of at most that many moves), so that no query can use up memory.
    ///
    /// ```
    /// use knight_moves::{Board, Engine, GaveUp, Position, Query, SearchError, Searcher};
    ///
    /// let board = Board::new(100, 100).unwrap();
    /// let far = Query::knight(board, Position::new(0, 0), Position::new(99, 99));
    /// let mut searcher = Searcher::with_max_nodes(50);
    /// let gave_up = SearchError::GaveUp(GaveUp::Expanded { max_nodes: 50 });
    /// assert_eq!(searcher.distance(Engine::Bfs, far), Err(gave_up));
    /// assert_eq!(searcher.distance(Engine::Formula, far), Ok(Some(66)));
    /// ```
    pub fn with_max_nodes(max_nodes: u64) -> Searcher {
        Searcher {
            workspace: Workspace::new(),
            max_nodes: Some(max_nodes),
        }
    }

    /// The fewest moves `engine` finds for `query` (`None` when no route joins the squares)
    /// and how many squares it expanded to find them.
    ///
    /// ```
    /// use knight_moves::{Board, Engine, Position, Query, Searcher};
    ///
    /// let query = Query::knight(Board::STANDARD, Position::new(0, 0), Position::new(7, 7));
    /// let table = Searcher::new().search(Engine::Table, query)?;
    /// assert_eq!((table.moves, table.expanded), (Some(6), 0));
    /// # Ok::<(), knight_moves::SearchError>(())
    /// ```
    pub fn search(&mut self, engine: Engine, query: Query) -> Result<Outcome, SearchError> {
        self.run(engine, query, false)
    }

    /// The fewest moves `engine` finds for `query`: `None` when no route joins the squares.
    ///
    /// ```
    /// use knight_moves::{Board, Engine, Position, Query, Searcher};
    ///
    /// let narrow = Board::new(2, 10).unwrap();
    /// let (a1, b1, b3) = (Position::new(0, 0), Position::new(1, 0), Position::new(1, 2));
    /// let mut searcher = Searcher::new();
    /// assert_eq!(searcher.distance(Engine::Bfs, Query::knight(narrow, a1, b3))?, Some(1));
    /// assert_eq!(searcher.distance(Engine::Bfs, Query::knight(narrow, a1, b1))?, None);
    /// # Ok::<(), knight_moves::SearchError>(())
    /// ```
    pub fn distance(&mut self, engine: Engine, query: Query) -> Result<Option<u64>, SearchError> {
        Ok(self.search(engine, query)?.moves)
    }

    /// One shortest route for `query`, both ends included, each step one move of the piece:
    /// `None` when no route joins the squares. The same query always gives the same route.
    /// The route is borrowed from the searcher until its next search.
    ///
    /// ```
    /// use knight_moves::{Board, Engine, Query, Searcher};
    ///
    /// let board = Board::STANDARD;
    /// let (e2, e4) = (board.parse_square(b"e2")?, board.parse_square(b"e4")?);
    /// let mut searcher = Searcher::new();
    /// let route = searcher.route(Engine::Bfs, Query::knight(board, e2, e4))?.unwrap();
    /// let names: Vec<String> = route.iter().map(ToString::to_string).collect();
    /// assert_eq!(names, ["e2", "g3", "e4"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn route(
        &mut self,
        engine: Engine,
        query: Query,
    ) -> Result<Option<&[Position]>, SearchError> {
        let outcome = self.run(engine, query, true)?;
        Ok(outcome.moves.map(|_| &self.workspace.route[..]))
    }

    /// Gives back the memory a big search left behind, beyond the little kept for the next:
    /// for a program that may wait long before its next query.
    ///
    /// ```
    /// use knight_moves::{Board, Engine, Position, Query, Searcher};
    ///
    /// let board = Board::new(1000, 1000).unwrap();
    /// let query = Query::knight(board, Position::new(0, 0), Position::new(999, 999));
    /// let mut searcher = Searcher::new();
    /// assert_eq!(searcher.distance(Engine::Bfs, query)?, Some(666));
    /// searcher.trim(); // what the search held goes back now, not at the next search
    /// # Ok::<(), knight_moves::SearchError>(())
    /// ```
    ///
    /// Only the searcher's own memory is dropped: the process's allocator is the program's to
    /// tune (a program on glibc may follow this with `malloc_trim`).
    pub fn trim(&mut self) {
        let _dropped_a_big_search = self.workspace.trim();
    }

    /// Checks `query` against what `engine` knows, then searches, building the route into
    /// the workspace when `with_route` (a private switch: the public functions each say what
    /// they return).
    fn run(
        &mut self,
        engine: Engine,
        query: Query,
        with_route: bool,
    ) -> Result<Outcome, SearchError> {
        let Query {
            board,
            piece,
            from,
            to,
        } = query;
        if !engine.works_for(piece) {
            return Err(SearchError::PieceNotSupported { engine, piece });
        }
        if !engine.works_on(board) {
            return Err(SearchError::BoardNotSupported { engine, board });
        }
        for position in [from, to] {
            if position.file >= board.files() || position.rank >= board.ranks() {
                return Err(SearchError::OffBoard { position, board });
            }
        }
        let request = Request::new(engine, board, piece, from, to)
            .with_route(with_route)
            .limited_to(self.max_nodes);
        Ok(engine.run(&mut self.workspace, &request, None)?.outcome)
    }
}

/// Shows the limit only: the rest is memory kept for the next search, which holds no answer
/// (and after a big search, megabytes of it). Without this, a user's type holding a searcher
/// could not derive `Debug` (the library now warns of `missing_debug_implementations`).
impl fmt::Debug for Searcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Searcher")
            .field("max_nodes", &self.max_nodes)
            .finish_non_exhaustive()
    }
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new()
    }
}

impl Engine {
    /// The fewest moves for `query` (`None` when no route joins the squares): one query. For
    /// many, keep a [`Searcher`], which reuses its memory.
    ///
    /// ```
    /// use knight_moves::{Board, Engine, Position, Query};
    ///
    /// let huge: Board = "1000000000".parse()?;
    /// let far = huge.parse_square(b"cfdgsxl1000000000")?;
    /// let query = Query::knight(huge, Position::new(0, 0), far);
    /// assert_eq!(Engine::Formula.distance(query)?, Some(666_666_666));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn distance(self, query: Query) -> Result<Option<u64>, SearchError> {
        Searcher::new().distance(self, query)
    }

    /// One shortest route for `query`, both ends included (`None` when no route joins the
    /// squares), as a value of its own. Routes are deterministic: the same query gives the
    /// same route.
    ///
    /// ```
    /// use knight_moves::{Board, Engine, Query};
    ///
    /// let board = Board::STANDARD;
    /// let (e2, e4) = (board.parse_square(b"e2")?, board.parse_square(b"e4")?);
    /// let route = Engine::Table.route(Query::knight(board, e2, e4))?.unwrap();
    /// let names: Vec<String> = route.iter().map(ToString::to_string).collect();
    /// assert_eq!(names, ["e2", "g3", "e4"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn route(self, query: Query) -> Result<Option<Vec<Position>>, SearchError> {
        Ok(Searcher::new()
            .route(self, query)?
            .map(<[Position]>::to_vec))
    }

    /// One shortest route for `query` with its length in moves, as `pathfinding`'s searches
    /// give theirs (`None` when no route joins the squares): [`Engine::route`] and
    /// [`Engine::distance`] in one search.
    ///
    /// ```
    /// use knight_moves::{Board, Engine, Query};
    ///
    /// let board = Board::STANDARD;
    /// let (a1, h8) = (board.square("a1")?, board.square("h8")?);
    /// let (route, moves) = Engine::Bfs.shortest_route(Query::knight(board, a1, h8))?.unwrap();
    /// assert_eq!((route.first(), route.last(), moves), (Some(&a1), Some(&h8), 6));
    /// assert_eq!(route.len(), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shortest_route(self, query: Query) -> Result<Option<(Vec<Position>, u64)>, SearchError> {
        Ok(self.route(query)?.map(|route| {
            let moves = route.len() as u64 - 1;
            (route, moves)
        }))
    }
}
