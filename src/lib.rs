//! knight-moves: the fewest knight moves between two squares of a chessboard, as a fast and
//! exact filter for the classic "Knight Moves" judge problem (UVa 439 = POJ 2243 = HDU 1372 =
//! ZOJ 1091), and as a small library.
//!
//! The library answers on boards of any size up to 10⁹ × 10⁹ with five engines that always
//! agree: `table` (8×8, a lookup), `formula` (closed form), `bfs`, `bidirectional` and `astar`.
//!
//! ```
//! use knight_moves::{Board, Engine};
//!
//! let board = Board::STANDARD;
//! let (a1, h8) = (board.parse_square(b"a1")?, board.parse_square(b"h8")?);
//! assert_eq!(Engine::Table.distance(board, a1, h8)?, Some(6));
//!
//! let huge: Board = "1000000000".parse()?;
//! let far = huge.parse_square(b"cfdgsxl1000000000")?;
//! let a1 = huge.parse_square(b"a1")?;
//! assert_eq!(Engine::Formula.distance(huge, a1, far)?, Some(666_666_666));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! For many queries, keep a [`Searcher`]: it reuses its memory from one search to the next.
//! How the program is put together is told in docs/ARCHITECTURE.md.

#![warn(missing_docs)]

mod app;
mod board;
mod cli;
mod engine;
mod exit;
mod fast;
mod format;
mod generate;
mod input;
mod judge;
mod pipeline;
mod problem;
mod settings;
mod sink;
mod stats;

pub use board::{Board, InvalidBoard, InvalidPiece, Piece, Position, SquareError};
pub use engine::{Engine, GaveUp, Outcome, SearchError, Searcher};

/// Runs the `knight-moves` command line, as the binary does: reads the arguments and the
/// inputs, writes the answers, and returns the exit status (documented in `--help`).
///
/// ```no_run
/// fn main() -> std::process::ExitCode {
///     knight_moves::run_command_line()
/// }
/// ```
pub fn run_command_line() -> std::process::ExitCode {
    app::main()
}
