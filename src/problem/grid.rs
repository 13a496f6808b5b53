//! CSES 3217 Knight Moves Grid's answer: for an n × n board, n lines of n numbers separated by
//! single spaces, the fewest moves from the top-left corner to each square, row by row from
//! the top.
//!
//! Each number comes from the closed form (see [`crate::engine::formula`]), so the grid is
//! written row by row as it is made, in memory that does not grow with n: a grid of 10,000
//! squares a side, 10⁸ numbers, takes the same few megabytes as one of 8. (By symmetry, the
//! distance from the top-left corner to a square is the distance from `a1` to its mirror
//! image, which is what the closed form is asked.) The boards it does not cover, 3×3 and 4×4,
//! are searched whole once; a square no knight reaches, as on boards 1, 2 and 3 wide, is -1.

use std::io;

use crate::board::{Board, Piece, Position};
use crate::engine::formula::{ClosedForm, closed_form};
use crate::engine::{Engine, GaveUp, Request, Workspace};
use crate::format::SPILL_BYTES;
use crate::sink::Flow;

/// Where a grid goes as it is made: handed over in pieces, each time told whether to go on.
pub(crate) type GridSpill<'a> = &'a mut dyn FnMut(&mut Vec<u8>) -> io::Result<Flow>;

/// How the making of a grid ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GridEnd {
    /// Made whole.
    Whole,
    /// Stopped when the sink settled, `lines_left` lines short.
    Settled { lines_left: u64 },
    /// A search gave up: the grid stops there, unfinished.
    GaveUp(GaveUp),
}

/// Appends the grid of a board `side` squares a side, handing it to `spill` as it grows, until
/// `spill` says it has settled.
pub(crate) fn push_grid(side: u32, out: &mut Vec<u8>, spill: GridSpill) -> io::Result<GridEnd> {
    let Some(board) = Board::new(side, side) else {
        return Ok(GridEnd::Whole); // the grammar reads sides from 1 to the largest board only
    };
    let corner = Position::new(0, 0);
    let mut workspace = Workspace::new();
    let mut distance = |square: Position| match closed_form(board, corner, square) {
        ClosedForm::Moves(moves) => Some(moves),
        ClosedForm::NoRoute => None,
        ClosedForm::NotCovered => {
            let request = Request {
                board,
                piece: Piece::KNIGHT,
                from: corner,
                to: square,
                with_route: false,
                max_nodes: u64::MAX,
                may_use_adjacency: true,
            };
            // At most 16 squares: the search always ends, and never gives up.
            Engine::Bfs
                .search(&mut workspace, &request)
                .ok()
                .and_then(|outcome| outcome.moves)
        }
    };
    let mut number = itoa::Buffer::new();
    for row in 0..side {
        for column in 0..side {
            if column > 0 {
                out.push(b' ');
            }
            match distance(Position::new(column, row)) {
                Some(moves) => out.extend_from_slice(number.format(moves).as_bytes()),
                None => out.extend_from_slice(b"-1"),
            }
            if out.len() >= SPILL_BYTES && spill(out)? == Flow::Settled {
                return Ok(GridEnd::Settled {
                    lines_left: u64::from(side - row),
                });
            }
        }
        out.push(b'\n');
    }
    Ok(GridEnd::Whole)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(side: u32) -> String {
        let mut out = Vec::new();
        push_grid(side, &mut out, &mut |_| Ok(Flow::Continue)).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn small_grids() {
        assert_eq!(grid(1), "0\n");
        assert_eq!(grid(2), "0 -1\n-1 -1\n");
        assert_eq!(grid(3), "0 3 2\n3 -1 1\n2 1 4\n");
    }
}
