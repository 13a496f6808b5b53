//! HackerRank's KnightL on a Chessboard: for an n × n board, n − 1 lines of n − 1 numbers, the
//! j-th of line i the fewest moves of the (i,j)-leaper from the top-left corner to the
//! bottom-right one, or −1 where it cannot get there.
//!
//! Each number is one bidirectional search (the leaper's reachability rule, see
//! [`crate::board::piece`], answers most of the −1s without searching; where it cannot, the
//! bidirectional search stops as soon as the smaller side runs out, where A* would exhaust the
//! start's whole part of the board: n = 100 in 0.19 s against 1.16 s). The (i,j)- and
//! (j,i)-leapers are the same piece, so each is searched once.

use std::io;

use crate::board::{Board, Piece, Position};
use crate::engine::{Engine, GaveUp, Request, Workspace};
use crate::problem::grid::{GridEnd, GridSpill};
use crate::sink::Flow;

/// The largest n read: n = 1000 asks for about a million searches of million-square boards.
pub(crate) const MAX_SIDE: u32 = 1000;

/// Appends the answer for an n × n board, handing each row to `spill` as it is made (a row
/// takes long: n − 1 searches), until `spill` says it has settled; returns how many rows it
/// did not make then. A search that cannot get its memory ends it there, said so: a -1 in
/// its place would be a wrong answer.
pub(crate) fn push_knightl(side: u32, out: &mut Vec<u8>, spill: GridSpill) -> io::Result<GridEnd> {
    let Some(board) = Board::new(side, side) else {
        return Ok(GridEnd::Whole);
    };
    let (corner, opposite) = (Position::new(0, 0), Position::new(side - 1, side - 1));
    let mut workspace = Workspace::new();
    let mut moves = |a: u32, b: u32| -> Result<Option<u64>, GaveUp> {
        let Some(piece) = Piece::leaper(a, b) else {
            return Ok(None);
        };
        let request = Request {
            board,
            piece,
            from: corner,
            to: opposite,
            with_route: false,
            // A board of at most a million squares: every search ends within it.
            max_nodes: u64::from(side) * u64::from(side),
            may_use_adjacency: true,
        };
        Engine::Bidirectional
            .search(&mut workspace, &request)
            .map(|outcome| outcome.moves)
    };
    // Row i answers the (i, j)-leapers: keep the rows below the diagonal's mirror to reuse.
    let size = (side - 1) as usize;
    let mut known = vec![vec![None; size]; size];
    let mut number = itoa::Buffer::new();
    for i in 1..side {
        for j in 1..side {
            let (row, column) = ((i - 1) as usize, (j - 1) as usize);
            let answer = match j < i {
                true => known[column][row],
                false => match moves(i, j) {
                    Ok(answer) => answer,
                    Err(gave_up) => return Ok(GridEnd::GaveUp(gave_up)),
                },
            };
            known[row][column] = answer;
            if j > 1 {
                out.push(b' ');
            }
            match answer {
                Some(moves) => out.extend_from_slice(number.format(moves).as_bytes()),
                None => out.extend_from_slice(b"-1"),
            }
        }
        out.push(b'\n');
        if spill(out)? == Flow::Settled {
            return Ok(GridEnd::Settled {
                lines_left: u64::from(side - 1 - i),
            });
        }
    }
    Ok(GridEnd::Whole)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_s_sample() {
        let mut out = Vec::new();
        push_knightl(5, &mut out, &mut |_| Ok(Flow::Continue)).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "4 4 2 8\n4 2 4 4\n2 4 -1 -1\n8 4 -1 1\n"
        );
    }
}
