//! The judge problems of the Knight Moves family: how each one's input is laid out, and how its
//! answers are written.
//!
//! Every problem asks the same question, the fewest knight moves between two squares; they
//! differ in their files. A [`Problem`] gives the pipeline a [`Grammar`] for each source, which
//! reads its lines one by one into [`Step`]s (a query to answer, a grid to write, a line to skip,
//! a message), and says at the end of the source what was missing. The search and the writing
//! are the pipeline's, as for every problem; NAKANJ's and POJ 1915's answers are bare numbers
//! ([`crate::format::number`]), CSES's and KnightL's grids ([`crate::format::grid`]), each
//! number of them asked of the engine like any query.
//!
//! | problem | input | answer |
//! | --- | --- | --- |
//! | `uva439` (POJ 2243, HDU 1372, ZOJ 1091) | lines `e2 e4` | `To get from e2 to e4 takes 2 knight moves.` |
//! | `nakanj` (SPOJ NAKANJ) | a count T, then T lines `e2 e4` | `2` |
//! | `poj1915` (BOJ 7562) | a count, then scenarios of three lines: side, start `x y`, end `x y` | `2` |
//! | `cses-grid` (CSES 3217) | n | n rows of n distances from the top-left corner |
//! | `knightl` (HackerRank) | n | n − 1 rows: the (i,j)-leapers' moves from corner to corner |

pub(crate) mod cases;
mod counted;
pub(crate) mod description;
mod scenarios;
pub(crate) mod validate;

use std::fmt;
use std::ops::RangeInclusive;

use crate::board::{Board, Position};
use crate::input::line::{LineError, Quoted, TypedPair, is_blank, parse_line};
use crate::sink::check::Comparison;

/// The judge problem whose input is read and whose answers are written (`--problem`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Problem {
    /// UVa 439 (also POJ 2243, HDU 1372, ZOJ 1091): lines of two squares, answered with the
    /// judge's sentence.
    #[default]
    #[value(name = "uva439", aliases = ["poj2243", "hdu1372", "zoj1091"])]
    Uva439,
    /// SPOJ NAKANJ: a count line, then that many lines of two squares; each answer is the bare
    /// number of moves.
    #[value(name = "nakanj")]
    Nakanj,
    /// POJ 1915 (also Baekjoon 7562): a count line, then scenarios of three lines (the side of
    /// the board, the start `x y`, the end `x y`, 0-based); each answer is the bare number, -1
    /// where no route exists.
    #[value(name = "poj1915", aliases = ["boj7562"])]
    Poj1915,
    /// CSES 3217 Knight Moves Grid: n; the answer is n lines of n numbers, the fewest moves from
    /// the top-left corner to each square, -1 where none reaches.
    #[value(name = "cses-grid")]
    CsesGrid,
    /// HackerRank KnightL on a Chessboard: n; the answer is n-1 lines of n-1 numbers, the
    /// fewest moves of the (i,j)-leaper from one corner to the opposite one, -1 where it cannot.
    #[value(name = "knightl")]
    Knightl,
}

impl Problem {
    /// The name `--problem` takes.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Problem::Uva439 => "uva439",
            Problem::Nakanj => "nakanj",
            Problem::Poj1915 => "poj1915",
            Problem::CsesGrid => "cses-grid",
            Problem::Knightl => "knightl",
        }
    }

    /// How this problem's judge compares a line of answers with the right one: SPOJ and CSES
    /// compare words, the older judges (and HackerRank's KnightL, here) bytes.
    pub(crate) fn comparison(self) -> Comparison {
        match self {
            Problem::Nakanj | Problem::CsesGrid => Comparison::Words,
            Problem::Uva439 | Problem::Poj1915 | Problem::Knightl => Comparison::Bytes,
        }
    }

    /// A fresh grammar for one source of this problem's input.
    pub(crate) fn grammar(self, board: Board) -> Grammar {
        match self {
            Problem::Uva439 => Grammar::Lines { board },
            Problem::Nakanj => Grammar::Counted(counted::Counted::default()),
            Problem::Poj1915 => Grammar::Scenarios(scenarios::Scenarios::default()),
            Problem::CsesGrid => Grammar::Grid {
                size_read: false,
                most: Board::MAX_SIDE,
            },
            Problem::Knightl => Grammar::Grid {
                size_read: false,
                most: KNIGHTL_MAX_SIDE,
            },
        }
    }
}

/// The limits the problems state for their inputs, which their validators check
/// ([`validate`]) and the generators keep to unless asked to go past them ([`cases::Reach`]).
/// NAKANJ's count of queries T.
pub(crate) const NAKANJ_COUNTS: RangeInclusive<u64> = 1..=4096;
/// POJ 1915's side of a board l.
pub(crate) const POJ1915_SIDES: RangeInclusive<u32> = 4..=300;
/// CSES Knight Moves Grid's n.
pub(crate) const CSES_GRID_SIDES: RangeInclusive<u32> = 4..=1000;
/// KnightL's n.
pub(crate) const KNIGHTL_SIDES: RangeInclusive<u32> = 5..=25;

/// The largest n KnightL's input may hold: n = 1000 asks for about a million searches of
/// million-square boards.
const KNIGHTL_MAX_SIDE: u32 = 1000;

/// What one line of input amounts to.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Step<'a> {
    /// Nothing to answer: a blank line, or a count line read.
    Skip,
    /// A query to answer, on this board.
    Query(TypedPair<'a>, Board),
    /// CSES and KnightL: write the grid for a board this many squares a side.
    Grid(u32),
    /// A line that cannot be what the problem expects there: report it.
    Bad(ProblemError),
}

/// Reads one source's lines as a problem lays them out; one per source, fresh.
#[derive(Debug)]
pub(crate) enum Grammar {
    /// UVa 439: every line a query (or blank) on the given board.
    Lines { board: Board },
    /// NAKANJ: a count, then that many queries.
    Counted(counted::Counted),
    /// POJ 1915: a count, then that many scenarios of three lines.
    Scenarios(scenarios::Scenarios),
    /// CSES and KnightL: one line holding n, at most `most`.
    Grid { size_read: bool, most: u32 },
}

impl Grammar {
    /// What line `line_number` (without its newline) amounts to.
    pub(crate) fn read<'a>(&mut self, line: &'a [u8], line_number: u64) -> Step<'a> {
        match self {
            Grammar::Lines { board } => query_step(line, *board),
            Grammar::Counted(counted) => counted.read(line, line_number),
            Grammar::Scenarios(scenarios) => scenarios.read(line, line_number),
            Grammar::Grid { size_read, most } => {
                if is_blank_line(line) {
                    return Step::Skip;
                }
                if *size_read {
                    return Step::Bad(ProblemError::AfterGridSize {
                        text: trimmed(line).to_vec(),
                    });
                }
                *size_read = true;
                match number(line).filter(|n| (1..=u64::from(*most)).contains(n)) {
                    Some(n) => Step::Grid(n as u32),
                    None => Step::Bad(ProblemError::NotAGridSize {
                        text: trimmed(line).to_vec(),
                        most: *most,
                    }),
                }
            }
        }
    }

    /// How many of the lines to come the accelerator may answer as plain 8×8 queries without
    /// asking: all of them for UVa 439, the rest of the count for NAKANJ once it is read, none
    /// otherwise.
    pub(crate) fn queries_the_accelerator_may_answer(&self) -> u64 {
        match self {
            Grammar::Lines { .. } => u64::MAX,
            Grammar::Counted(counted) => counted.queries_left(),
            Grammar::Scenarios(_) | Grammar::Grid { .. } => 0,
        }
    }

    /// Counts `lines` queries the accelerator answered.
    pub(crate) fn answered_by_the_accelerator(&mut self, lines: u64) {
        if let Grammar::Counted(counted) = self {
            counted.took(lines);
        }
    }

    /// At the end of the source, whose last line was `last_line`: what was missing, with the
    /// line it concerns.
    pub(crate) fn finish(&self, last_line: u64) -> Option<(u64, ProblemError)> {
        match self {
            Grammar::Lines { .. } | Grammar::Grid { .. } => None,
            Grammar::Counted(counted) => counted.finish(),
            Grammar::Scenarios(scenarios) => scenarios.finish(last_line),
        }
    }
}

/// A query line as UVa 439 reads it.
fn query_step(line: &[u8], board: Board) -> Step<'_> {
    match parse_line(line, board) {
        Ok(Some(query)) => Step::Query(query, board),
        Ok(None) => Step::Skip,
        Err(error) => Step::Bad(ProblemError::Line(error)),
    }
}

/// Why a line is not what its problem expects there, or what a source lacked at its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ProblemError {
    /// A query line that is not two squares (as on UVa 439).
    Line(LineError),
    /// The first line should be the number of test cases or scenarios.
    NotACount { text: Vec<u8>, what: &'static str },
    /// The count disagrees with what followed: `found` of `what` instead of `count`.
    CountDisagrees {
        count: u64,
        found: u64,
        what: &'static str,
    },
    /// POJ 1915: the source ends inside a scenario, which lacks `missing`.
    ScenarioCutShort { missing: &'static str },
    /// POJ 1915: the side of the board is not a number from 1 to 10⁹.
    NotASide { text: Vec<u8> },
    /// POJ 1915: a square is not two numbers from 0 to side − 1.
    NotACoordinatePair { text: Vec<u8>, side: u32 },
    /// CSES and KnightL: the size is not a number from 1 to `most`.
    NotAGridSize { text: Vec<u8>, most: u32 },
    /// CSES: the input holds more than the size.
    AfterGridSize { text: Vec<u8> },
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::Line(error) => error.fmt(f),
            ProblemError::NotACount { text, what } => write!(
                f,
                "expected the number of {what}, a whole number, found {}",
                Quoted(text)
            ),
            ProblemError::CountDisagrees { count, found, what } => {
                write!(
                    f,
                    "this line announces {count} {what}, but {found} followed"
                )?;
                if found > count {
                    f.write_str("; the ones past the count were answered too")?;
                }
                Ok(())
            }
            ProblemError::ScenarioCutShort { missing } => {
                write!(f, "the input ends inside a scenario: {missing} is missing")
            }
            ProblemError::NotASide { text } => write!(
                f,
                "expected the side of the board, a whole number from 1 to {}, found {}",
                Board::MAX_SIDE,
                Quoted(text)
            ),
            ProblemError::NotACoordinatePair { text, side } => write!(
                f,
                "expected a square as two numbers from 0 to {} separated by a blank, found {}",
                side - 1,
                Quoted(text)
            ),
            ProblemError::NotAGridSize { text, most } => write!(
                f,
                "expected the size of the grid, a whole number from 1 to {most}, found {}",
                Quoted(text)
            ),
            ProblemError::AfterGridSize { text } => write!(
                f,
                "expected nothing after the size of the grid, found {}",
                Quoted(text)
            ),
        }
    }
}

/// The count line that opens NAKANJ's and POJ 1915's input: read once, then compared with what
/// followed at the end of the source.
#[derive(Debug, Default)]
pub(crate) struct CountLine {
    /// The count and its line, once read; `None` before it, or when it was not a number.
    count: Option<(u64, u64)>,
    /// Whether the first non-blank line has been read.
    started: bool,
}

impl CountLine {
    /// Reads the first non-blank line as the count of `what` ("test cases"); `None` once it
    /// has been read, when the line is the problem's to read.
    fn read(&mut self, line: &[u8], line_number: u64, what: &'static str) -> Option<Step<'static>> {
        if self.started {
            return None;
        }
        self.started = true;
        Some(match number(line) {
            Some(count) => {
                self.count = Some((count, line_number));
                Step::Skip
            }
            None => Step::Bad(ProblemError::NotACount {
                text: trimmed(line).to_vec(),
                what,
            }),
        })
    }

    /// How many of `what` the count announced, if it was read and was a number, and on which
    /// line: what a source's end is compared with.
    fn disagreement(&self, found: u64, what: &'static str) -> Option<(u64, ProblemError)> {
        let (count, line) = self.count?;
        (count != found).then_some((line, ProblemError::CountDisagrees { count, found, what }))
    }
}

/// Whether a line holds nothing but [blanks](crate::input::line::is_blank) (spaces and tabs)
/// and a final CR.
fn is_blank_line(line: &[u8]) -> bool {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    line.iter().all(|&byte| is_blank(byte))
}

/// The line without the spaces and tabs around it and a CR at its end.
fn trimmed(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let start = line.iter().position(|&byte| !is_blank(byte));
    let end = line.iter().rposition(|&byte| !is_blank(byte));
    match (start, end) {
        (Some(start), Some(end)) => &line[start..=end],
        _ => &[],
    }
}

/// The whole number a line holds alone (blanks around it allowed), if it holds one that fits
/// a `u64`.
fn number(line: &[u8]) -> Option<u64> {
    digits_value(trimmed(line))
}

/// The value of a run of decimal digits, if it is one and fits a `u64`.
fn digits_value(text: &[u8]) -> Option<u64> {
    if text.is_empty() || !text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    text.iter().try_fold(0u64, |value, &digit| {
        value.checked_mul(10)?.checked_add(u64::from(digit - b'0'))
    })
}

/// Reads `x y`, two numbers below `side` separated by blanks, as a square of a side × side
/// board (`x` the file, `y` the rank, both from 0).
fn coordinate_pair(line: &[u8], side: u32) -> Option<Position> {
    let text = trimmed(line);
    let mut numbers = text
        .split(|&byte| is_blank(byte))
        .filter(|part| !part.is_empty())
        .map(digits_value);
    let (x, y) = match (numbers.next(), numbers.next(), numbers.next()) {
        (Some(Some(x)), Some(Some(y)), None) => (x, y),
        _ => return None,
    };
    let side = u64::from(side);
    (x < side && y < side).then(|| Position::new(x as u32, y as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_coordinate_pairs() {
        assert_eq!(number(b" 42 \r"), Some(42));
        assert_eq!(number(b"007"), Some(7));
        assert_eq!(number(b"-1"), None);
        assert_eq!(number(b"4 2"), None);
        assert_eq!(number(b"18446744073709551616"), None);
        assert_eq!(number(b""), None);
        assert_eq!(coordinate_pair(b"0 7", 8), Some(Position::new(0, 7)));
        assert_eq!(coordinate_pair(b" 3\t4 \r", 5), Some(Position::new(3, 4)));
        assert_eq!(coordinate_pair(b"8 0", 8), None);
        assert_eq!(coordinate_pair(b"1", 8), None);
        assert_eq!(coordinate_pair(b"1 2 3", 8), None);
        assert_eq!(coordinate_pair(b"a1 b2", 8), None);
    }
}
