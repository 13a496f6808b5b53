//! POJ 1915's input (and Baekjoon 7562's): a line with the number of scenarios, then each
//! scenario on three lines: the side `l` of an `l × l` board, the start `x y` and the end
//! `x y`, coordinates from 0.
//!
//! Every side from 1 to 10⁹ is read (the judges promise 4 to 300). A scenario with a bad line
//! is reported once, at its first bad line, and its other lines are passed over without a
//! word, so one mistake does not cascade into the next scenarios. A count that disagrees with
//! the scenarios that followed, and a last scenario cut short, are reported at the end.

use crate::board::{Board, Position};
use crate::input::line::TypedPair;
use crate::problem::{
    CountLine, ProblemError, Step, coordinate_pair, is_blank_line, number, trimmed,
};

/// Which line of a scenario comes next, and what the scenario has so far (`None` where a line
/// of it was bad).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Next {
    #[default]
    Side,
    Start {
        board: Option<Board>,
    },
    End {
        board: Option<Board>,
        start: Option<Position>,
    },
}

/// What the count counts, in messages.
const WHAT: &str = "scenarios";

/// How far one source has been read.
#[derive(Debug, Default)]
pub(crate) struct Scenarios {
    count: CountLine,
    next: Next,
    /// Scenarios read whole, bad ones included.
    scenarios: u64,
}

impl Scenarios {
    pub(crate) fn read<'a>(&mut self, line: &'a [u8], line_number: u64) -> Step<'a> {
        if is_blank_line(line) {
            return Step::Skip;
        }
        if let Some(step) = self.count.read(line, line_number, WHAT) {
            return step;
        }
        let bad_pair = |side: u32| {
            Step::Bad(ProblemError::NotACoordinatePair {
                text: trimmed(line).to_vec(),
                side,
            })
        };
        match self.next {
            Next::Side => {
                let side =
                    number(line).filter(|side| (1..=u64::from(Board::MAX_SIDE)).contains(side));
                let board = side.and_then(|side| Board::new(side as u32, side as u32));
                self.next = Next::Start { board };
                match board {
                    Some(_) => Step::Skip,
                    None => Step::Bad(ProblemError::NotASide {
                        text: trimmed(line).to_vec(),
                    }),
                }
            }
            Next::Start { board } => {
                let start = board.and_then(|board| coordinate_pair(line, board.files()));
                self.next = Next::End { board, start };
                match (board, start) {
                    (Some(board), None) => bad_pair(board.files()),
                    _ => Step::Skip,
                }
            }
            Next::End { board, start } => {
                self.next = Next::Side;
                self.scenarios += 1;
                let Some(board) = board else {
                    return Step::Skip; // reported at its side
                };
                match (start, coordinate_pair(line, board.files())) {
                    (Some(from), Some(to)) => {
                        let query = TypedPair {
                            from,
                            to,
                            from_text: b"",
                            to_text: b"",
                        };
                        Step::Query(query, board)
                    }
                    (Some(_), None) => bad_pair(board.files()),
                    (None, _) => Step::Skip, // reported at its start
                }
            }
        }
    }

    pub(crate) fn finish(&self, last_line: u64) -> Option<(u64, ProblemError)> {
        let missing = match self.next {
            Next::Side => None,
            Next::Start { .. } => Some("the start square"),
            Next::End { .. } => Some("the end square"),
        };
        if let Some(missing) = missing {
            return Some((last_line, ProblemError::ScenarioCutShort { missing }));
        }
        self.count.disagreement(self.scenarios, WHAT)
    }
}
