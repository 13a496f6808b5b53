//! knight-moves: the fewest moves of a knight, or of any leaping piece, between two squares of
//! a board of any size up to 10⁹ × 10⁹, exactly. This is the library behind the
//! `knight-moves` program (a fast filter and judge for the classic "Knight Moves" problem,
//! UVa 439 = POJ 2243 = HDU 1372 = ZOJ 1091); built with `default-features = false` it brings
//! none of the program's crates.
//!
//! A [`Query`] names a board, a piece and two squares; an [`Engine`] answers it. The five
//! engines always agree: `table` (8×8, a lookup), `formula` (closed forms and walks laid on the
//! board, else a bounded exact computation),
//! `bfs`, `bidirectional` and `astar` (searches, for every piece).
//!
//! ```
//! use knight_moves::{Board, Engine, Piece, Position, Query};
//!
//! let board = Board::STANDARD;
//! let (a1, h8) = (board.parse_square(b"a1")?, board.parse_square(b"h8")?);
//! assert_eq!(Engine::Table.distance(Query::knight(board, a1, h8))?, Some(6));
//!
//! let huge: Board = "1000000000".parse()?;
//! let far = huge.parse_square(b"cfdgsxl1000000000")?;
//! let corner = Query::knight(huge, Position::new(0, 0), far);
//! assert_eq!(Engine::Formula.distance(corner)?, Some(666_666_666));
//!
//! let camel: Piece = "camel".parse()?;
//! let a2 = board.parse_square(b"a2")?;
//! let route = Engine::Bfs.route(Query::new(board, camel, a1, a2))?;
//! assert_eq!(route, None); // the camel keeps to squares of one colour
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! For many queries, keep a [`Searcher`]: it reuses its memory from one search to the next.
//! How the library and the program are put together is told in docs/ARCHITECTURE.md.

#![warn(missing_docs, missing_debug_implementations)]
// Every `unsafe` block says why it is sound, in a `SAFETY` comment.
#![deny(clippy::undocumented_unsafe_blocks)]

// The program's way into the library: the `knight-moves` binary is a crate of its own that
// links this one, so `board`, `standard` and `engine` are compiled (and their unit tests run)
// once, and Cargo keeps them from importing any of the program's modules. Their items are public for
// the program only: hidden from the documentation, outside the API this crate promises (the
// re-exports below), free to change in any release.
#[doc(hidden)]
#[allow(
    missing_debug_implementations,
    rustdoc::private_intra_doc_links,
    reason = "the program's internals, not API: a user never holds their types, and their \
              documentation (read with --document-private-items) links their private parts"
)]
pub mod board;
#[doc(hidden)]
#[allow(
    missing_debug_implementations,
    rustdoc::private_intra_doc_links,
    reason = "the program's internals, not API: a user never holds their types, and their \
              documentation (read with --document-private-items) links their private parts"
)]
pub mod engine;
mod query;
#[doc(hidden)]
#[allow(
    missing_debug_implementations,
    rustdoc::private_intra_doc_links,
    reason = "the program's internals, not API: a user never holds their types, and their \
              documentation (read with --document-private-items) links their private parts"
)]
pub mod standard;

pub use board::piece::InvalidPiece;
pub use board::{Board, InvalidBoard, Piece, Position, SquareError, SquareProblem};
pub use engine::{Engine, GaveUp, Outcome, UnknownEngine};
pub use query::{Query, SearchError, Searcher};

/// The README's Rust example, compiled and run with the doctests, so that the README cannot
/// drift from the API it shows.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

/// The guide's Rust examples (docs/GUIDE.md), compiled and run with the doctests like the
/// README's.
#[cfg(doctest)]
#[doc = include_str!("../docs/GUIDE.md")]
struct GuideExamples;
