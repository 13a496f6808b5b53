//! The knight on the judge's 8×8 board: everything that exists only because the board is 8×8
//! and the piece the knight, and that makes the judge's files fast.
//!
//! - `table.rs`: a square as one byte, each square's knight moves, and the 64×64 distances,
//!   all built at compile time; the table engine reads them.
//! - `lines.rs`: the accelerator's loops over 8×8 query lines, eight lines of the judge's
//!   exact shape at once (`batch.rs`), other well-formed lines a 64-byte block at a time
//!   (`read.rs`, its bytes classed by `classes.rs`, SSE2 or AVX2 in `simd.rs`), each answer
//!   written with fixed-size copies (`write.rs`); `lanes.rs` works on eight bytes at once (the
//!   any-board reader of `fast/` uses it too).
//!
//! Why apart: the general path (input, engines, formats) answers every board and piece and is
//! the specification; this is a faster way to some of its bytes, which `fast/` chooses, may
//! decline any line, and is held byte for byte to the general path by `fast/held.rs`, the
//! golden corpus and the exhaustive tests. It knows only the board (`crate::board`); each of
//! its tricks is a cargo feature that `scripts/tricks.sh` prices (docs/PERFORMANCE.md).

pub mod batch;
mod classes;
pub mod lanes;
pub mod lines;
pub mod read;
#[cfg(target_arch = "x86_64")]
mod simd;
pub mod table;
pub mod write;

pub use table::{DISTANCES, Square};
