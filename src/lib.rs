//! knight-moves: the fewest knight moves between two squares of a chessboard, as a fast and
//! exact filter for the classic "Knight Moves" judge problem (POJ 2243, HDU 1372, UVa 439).
//!
//! ```
//! use knight_moves::table::DISTANCES;
//! use knight_moves::square::Square;
//!
//! let (e2, e4): (Square, Square) = ("e2".parse().unwrap(), "e4".parse().unwrap());
//! assert_eq!(DISTANCES.moves(e2, e4), 2);
//! ```

pub mod answer;
pub mod app;
pub mod board;
pub mod cli;
pub mod draw;
pub mod engine;
pub mod exit;
pub mod filter;
pub mod format;
pub mod generate;
mod lanes;
pub mod line;
pub mod measure;
pub mod notation;
pub mod output;
pub mod shortcut;
pub mod square;
pub mod table;
pub mod unbounded;
