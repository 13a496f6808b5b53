//! The grid problems' answers: for a size n read from the input, rows of bare numbers separated
//! by single spaces, `-1` where no route exists, each number one distance asked of the engine
//! that answers every other query ([`Shape::Grid`](crate::format::Shape::Grid)).
//!
//! - CSES 3217 Knight Moves Grid ([`GridKind::Corner`]): n rows of n numbers, the knight's
//!   fewest moves from the top-left corner to each square, row by row from the top. (By
//!   symmetry, the distance from the top-left corner to a square is the distance from `a1` to
//!   its mirror image, which is what is asked.)
//! - HackerRank's KnightL on a Chessboard ([`GridKind::Leapers`]): n − 1 rows of n − 1
//!   numbers, the j-th of row i the (i,j)-leaper's fewest moves from the top-left corner to the
//!   bottom-right one. The (i,j)- and (j,i)-leapers are the same piece, so each is asked once.
//!
//! A grid is written as it is made and handed over in pieces: after every row (a row of
//! searches can take long), and whenever [`SPILL_BYTES`] wait, so that CSES's grid of 10⁸
//! numbers takes a few megabytes, like one of 8, and a checker with its verdict stops it early.

use std::io;
use std::ops::ControlFlow;

use crate::board::{Board, Piece, Position};
use crate::engine::GaveUp;
use crate::format::SPILL_BYTES;

/// What the numbers of a grid are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GridKind {
    /// CSES 3217 Knight Moves Grid: for n, n rows of n numbers, the knight's fewest moves from
    /// the top-left corner to each square.
    Corner,
    /// HackerRank's KnightL on a Chessboard: for n, n − 1 rows of n − 1 numbers, the j-th of
    /// row i the (i,j)-leaper's fewest moves from the top-left corner to the bottom-right one.
    Leapers,
}

/// One number of a grid, as an engine is asked it: the fewest moves of `piece` from `from` to
/// `to` on `board`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cell {
    pub board: Board,
    pub piece: Piece,
    pub from: Position,
    pub to: Position,
}

/// Where a grid goes as it is made: handed over in pieces, each time told whether to go on
/// (`Break` once nothing more can change the outcome, as a checker with its verdict says).
pub(crate) type GridSpill<'a> = &'a mut dyn FnMut(&mut Vec<u8>) -> io::Result<ControlFlow<()>>;

/// How the making of a grid ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GridEnd {
    /// Made whole.
    Whole,
    /// Stopped when the spill said so, `lines_left` lines short (the one in progress
    /// included).
    Settled { lines_left: u64 },
    /// A search gave up: the grid stops there, unfinished, its last row ending where the number
    /// would be (a `-1` in its place would be a wrong answer). The numbers found before it are
    /// written; the row they begin is left without its newline (`row_begun`), for the
    /// pipeline to end once the sink has been told that the rest cannot be made (a checker
    /// must not take the short row for a wrong one).
    GaveUp {
        gave_up: GaveUp,
        /// Whether the row it stopped in has numbers before it, unended.
        row_begun: bool,
    },
}

/// Appends the grid of `kind` for the size `side`, asking `ask` for each number, handing it to
/// `spill` as it grows, until it is whole, `spill` says to stop, or a search gives up.
pub(crate) fn push_grid(
    kind: GridKind,
    side: u32,
    out: &mut Vec<u8>,
    mut ask: impl FnMut(&Cell) -> Result<Option<u64>, GaveUp>,
    spill: GridSpill,
) -> io::Result<GridEnd> {
    let Some(board) = Board::new(side, side) else {
        return Ok(GridEnd::Whole); // the grammar reads sizes from 1 to the largest board only
    };
    let corner = Position::new(0, 0);
    let end = match kind {
        GridKind::Corner => {
            let number = |row, column| {
                let to = Position::new(column, row);
                let piece = Piece::KNIGHT;
                ask(&Cell {
                    board,
                    piece,
                    from: corner,
                    to,
                })
            };
            push_rows(side, out, number, spill)?
        }
        GridKind::Leapers => {
            let opposite = Position::new(side - 1, side - 1);
            // Row i holds the (i, j)-leapers: the rows so far, to read the (j, i)-leaper's
            // answer where the diagonal mirrors it.
            let mut known: Vec<Vec<Option<u64>>> = Vec::new();
            let number = |row: u32, column: u32| {
                let (i, j) = (row as usize, column as usize);
                if j == 0 {
                    known.push(Vec::with_capacity(side as usize - 1));
                }
                let answer = match (j < i, Piece::leaper(row + 1, column + 1)) {
                    (true, _) => known[j][i],
                    (false, Some(piece)) => ask(&Cell {
                        board,
                        piece,
                        from: corner,
                        to: opposite,
                    })?,
                    (false, None) => None,
                };
                known[i].push(answer);
                Ok(answer)
            };
            push_rows(side - 1, out, number, spill)?
        }
    };
    Ok(end.unwrap_or_else(|(gave_up, row_begun)| GridEnd::GaveUp { gave_up, row_begun }))
}

/// Appends `rows` rows of `rows` numbers, each from `number(row, column)` (from 0; `None`
/// where no route exists, written `-1`), handing them to `spill` after each row and whenever
/// [`SPILL_BYTES`] wait. A number that cannot be had (a search that gave up) stops them there,
/// and is returned with whether its row has numbers before it, which are kept, unended (see
/// [`GridEnd::GaveUp`]); otherwise the end is [`GridEnd::Whole`] or [`GridEnd::Settled`].
///
/// This is the grids' layout, written once: the accelerator writes CSES's grid through it too.
#[inline(always)]
pub(crate) fn push_rows<E>(
    rows: u32,
    out: &mut Vec<u8>,
    mut number: impl FnMut(u32, u32) -> Result<Option<u64>, E>,
    spill: GridSpill,
) -> io::Result<Result<GridEnd, (E, bool)>> {
    let mut digits = itoa::Buffer::new();
    for row in 0..rows {
        for column in 0..rows {
            // The blank first: written after the number, it made a grid of the closed form's
            // numbers 5% slower.
            if column > 0 {
                out.push(b' ');
            }
            let answer = match number(row, column) {
                Ok(answer) => answer,
                Err(gave_up) => {
                    // The row cannot be finished: it ends after the numbers found, without the
                    // blank that would have come before this one (it is still here: spills
                    // happen after numbers).
                    let row_begun = column > 0;
                    if row_begun {
                        out.pop();
                    }
                    return Ok(Err((gave_up, row_begun)));
                }
            };
            match answer {
                Some(moves) => out.extend_from_slice(digits.format(moves).as_bytes()),
                None => out.extend_from_slice(b"-1"),
            }
            if out.len() >= SPILL_BYTES && spill(out)?.is_break() {
                let lines_left = u64::from(rows - row);
                return Ok(Ok(GridEnd::Settled { lines_left }));
            }
        }
        out.push(b'\n');
        if spill(out)?.is_break() {
            let lines_left = u64::from(rows - row - 1);
            return Ok(Ok(GridEnd::Settled { lines_left }));
        }
    }
    Ok(Ok(GridEnd::Whole))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Request, Workspace};

    /// The grid of `kind` for `side`, each number asked of bidirectional BFS.
    fn grid(kind: GridKind, side: u32) -> String {
        let mut workspace = Workspace::new();
        let ask = |cell: &Cell| {
            let engine = Engine::Bidirectional;
            let request = Request::new(engine, cell.board, cell.piece, cell.from, cell.to)
                .limited_to(Some(u64::MAX));
            engine
                .run(&mut workspace, &request, None)
                .map(|explained| explained.outcome.moves)
        };
        let mut out = Vec::new();
        let end = push_grid(kind, side, &mut out, ask, &mut |_| {
            Ok(ControlFlow::Continue(()))
        });
        assert_eq!(end.unwrap(), GridEnd::Whole);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn small_corner_grids() {
        assert_eq!(grid(GridKind::Corner, 1), "0\n");
        assert_eq!(grid(GridKind::Corner, 2), "0 -1\n-1 -1\n");
        assert_eq!(grid(GridKind::Corner, 3), "0 3 2\n3 -1 1\n2 1 4\n");
    }

    #[test]
    fn the_knightl_statement_s_sample() {
        assert_eq!(
            grid(GridKind::Leapers, 5),
            "4 4 2 8\n4 2 4 4\n2 4 -1 -1\n8 4 -1 1\n"
        );
        assert_eq!(grid(GridKind::Leapers, 1), "");
    }

    /// A spill that stops the grid, at a row's end or in the middle of a long row, leaves the
    /// rest unmade and says how many lines that is, the one in progress included; a search
    /// that gives up stops it at once, with the board it was on.
    #[test]
    fn a_grid_stops_where_it_is_told_or_where_a_search_gives_up() {
        let distance = |_: &Cell| Ok(Some(7));
        let mut out = Vec::new();
        let mut rows_seen = 0;
        let mut stop_after_two_rows = |out: &mut Vec<u8>| {
            rows_seen = out.iter().filter(|&&b| b == b'\n').count();
            Ok(match rows_seen {
                2 => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            })
        };
        let end = push_grid(
            GridKind::Corner,
            5,
            &mut out,
            distance,
            &mut stop_after_two_rows,
        );
        assert_eq!(end.unwrap(), GridEnd::Settled { lines_left: 3 });
        assert_eq!(out, b"7 7 7 7 7\n7 7 7 7 7\n");

        let mut out = Vec::new();
        let mut stop_at_once = |_: &mut Vec<u8>| Ok(ControlFlow::Break(()));
        let end = push_grid(
            GridKind::Corner,
            40_000,
            &mut out,
            distance,
            &mut stop_at_once,
        );
        assert_eq!(end.unwrap(), GridEnd::Settled { lines_left: 40_000 });
        assert!(out.len() >= SPILL_BYTES && !out.contains(&b'\n'));

        let limit = GaveUp::Expanded { max_nodes: 3 };
        let mut asked = 0;
        let give_up_at_the_third = |_: &Cell| {
            asked += 1;
            match asked {
                3 => Err(limit),
                _ => Ok(Some(1)),
            }
        };
        let mut out = Vec::new();
        let mut go_on = |_: &mut Vec<u8>| Ok(ControlFlow::Continue(()));
        let end = push_grid(
            GridKind::Leapers,
            4,
            &mut out,
            give_up_at_the_third,
            &mut go_on,
        );
        let expected = GridEnd::GaveUp {
            gave_up: limit,
            row_begun: true,
        };
        assert_eq!(end.unwrap(), expected);
        // The numbers found before it are kept, the row left for the pipeline to end.
        assert_eq!(out, b"1 1");
    }
}
