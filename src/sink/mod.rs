//! Where the answers go: a [`Sink`], chosen once per run. The pipeline makes the answers and
//! hands each step's to the sink; what happens to them is the sink's business:
//!
//! - [`WriteSink`] writes them out (standard output, or memory for `stress`'s expected
//!   output), in large writes;
//! - [`check::Checker`] compares them, as they stream, with a candidate's answers (`check`,
//!   and every case of `stress`), and gives a verdict at the end.
//!
//! So judging is a destination of the one pipeline, not a mode threaded through it: the
//! pipeline does not know which sink it feeds, and the checker knows nothing of problems'
//! layouts, only of answer lines and where each came from ([`Origin`]).

pub(crate) mod check;

use std::fmt;
use std::io::{self, Write};

use crate::board::Board;
use crate::input::line::TypedPair;

/// How much of the answers may wait in memory before a [`WriteSink`] writes them out.
pub(crate) const WRITE_BYTES: usize = 64 * 1024;

/// What a sink says about the answers to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Keep making them.
    Continue,
    /// Nothing more can change the outcome (a checker has its verdict): a long answer, such as
    /// a grid of a billion rows, may stop being made, saying how many lines it leaves out.
    Settled,
}

/// Where the answers made by the pipeline go.
pub(crate) trait Sink {
    /// Takes answers: `answers` holds what the pipeline made since it last handed them over,
    /// whole lines or a piece of a long one, all from `origin`. The sink empties what it has
    /// dealt with (a writer may let answers wait until [`WRITE_BYTES`] of them do).
    fn take(&mut self, answers: &mut Vec<u8>, origin: &Origin) -> io::Result<Flow>;

    /// The query `origin` has no answer from knight-moves: its search gave up, `why`. A
    /// writer has nothing to write (the pipeline reports the line on stderr); a checker cannot
    /// judge the candidate's answer to it, and skips that one line to stay aligned.
    fn no_answer(&mut self, origin: &Origin, why: &dyn fmt::Display) -> io::Result<()>;

    /// An answer left `lines` lines unmade after the sink said it was settled.
    fn lines_not_made(&mut self, lines: u64);

    /// The input `source` could not be read (or not to its end), `why`: its answers are
    /// unknown. A writer has nothing to do (the pipeline reports it on stderr); a checker
    /// cannot judge the candidate's answers from there on.
    fn unreadable_input(&mut self, source: &str, why: &dyn fmt::Display);

    /// Writes out whatever waits, so that a reader sees it now.
    fn flush(&mut self, answers: &mut Vec<u8>) -> io::Result<()>;
}

/// Where a batch of answers comes from, to say so in a verdict.
#[derive(Clone, Copy)]
pub(crate) enum Origin<'a> {
    /// Query lines answered one answer line each (the accelerator's runs): `text` holds the
    /// `lines` input lines, each with its newline, the first of them line `first_line` of
    /// `source`.
    Lines {
        source: &'a str,
        first_line: u64,
        lines: u64,
        text: &'a [u8],
    },
    /// One query, answered by the general path.
    Query {
        source: &'a str,
        line_number: u64,
        query: &'a TypedPair<'a>,
        board: Board,
    },
    /// A whole grid of answers (CSES, KnightL), for the size read on `line_number`.
    Grid {
        source: &'a str,
        line_number: u64,
        side: u32,
    },
    /// What the answers begin with before any answer: `--format tsv --header`'s header row.
    Header,
}

impl Origin<'_> {
    /// How many answer lines the batch holds, when the origin knows it without counting.
    pub(crate) fn known_lines(&self) -> Option<u64> {
        match self {
            Origin::Lines { lines, .. } => Some(*lines),
            Origin::Header => Some(1),
            Origin::Query { .. } | Origin::Grid { .. } => None,
        }
    }

    /// What the `index`-th answer line of the batch (from 0) answers, as a verdict names it:
    /// `SOURCE:LINE: a1 h8`; for a scenario with no text of its own (POJ 1915) its board and
    /// squares, `SOURCE:LINE: 8x8 0,0 to 7,0`; for a grid, `SOURCE:LINE: n = 8`.
    pub(crate) fn describe(&self, index: u64) -> String {
        match *self {
            Origin::Lines {
                source,
                first_line,
                text,
                ..
            } => {
                let line = text
                    .split(|&b| b == b'\n')
                    .nth(index as usize)
                    .unwrap_or_default();
                let words: Vec<String> = line
                    .split(|b| b" \t\r".contains(b))
                    .filter(|word| !word.is_empty())
                    .map(|word| String::from_utf8_lossy(word).into_owned())
                    .collect();
                format!("{source}:{}: {}", first_line + index, words.join(" "))
            }
            Origin::Query {
                source,
                line_number,
                query,
                board,
            } => {
                if query.from_text.is_empty() {
                    let (from, to) = (query.from, query.to);
                    format!(
                        "{source}:{line_number}: {board} {},{} to {},{}",
                        from.file, from.rank, to.file, to.rank
                    )
                } else {
                    format!(
                        "{source}:{line_number}: {} {}",
                        String::from_utf8_lossy(query.from_text),
                        String::from_utf8_lossy(query.to_text)
                    )
                }
            }
            Origin::Grid {
                source,
                line_number,
                side,
            } => format!("{source}:{line_number}: n = {side}"),
            Origin::Header => "the header row".to_owned(),
        }
    }
}

/// Writes the answers out, in writes of about [`WRITE_BYTES`].
pub(crate) struct WriteSink<W: Write> {
    out: W,
}

impl<W: Write> WriteSink<W> {
    pub(crate) fn new(out: W) -> Self {
        WriteSink { out }
    }

    /// The writer, with everything handed over written to it (after [`Sink::flush`]).
    pub(crate) fn into_inner(self) -> W {
        self.out
    }
}

impl<W: Write> Sink for WriteSink<W> {
    #[inline]
    fn take(&mut self, answers: &mut Vec<u8>, _: &Origin) -> io::Result<Flow> {
        if answers.len() >= WRITE_BYTES {
            self.out.write_all(answers)?;
            answers.clear();
        }
        Ok(Flow::Continue)
    }

    fn no_answer(&mut self, _: &Origin, _: &dyn fmt::Display) -> io::Result<()> {
        Ok(())
    }

    fn lines_not_made(&mut self, _: u64) {}

    fn unreadable_input(&mut self, _: &str, _: &dyn fmt::Display) {}

    fn flush(&mut self, answers: &mut Vec<u8>) -> io::Result<()> {
        if !answers.is_empty() {
            self.out.write_all(answers)?;
            answers.clear();
        }
        self.out.flush()
    }
}

/// Two sinks fed the same answers: a judge system's checker compares the candidate's output
/// and the judge's own answer file with the one stream of answers knight-moves makes. Settled
/// only when both are.
pub(crate) struct Both<A: Sink, B: Sink> {
    pub first: A,
    pub second: B,
    /// The second sink's copy of each batch.
    copy: Vec<u8>,
}

impl<A: Sink, B: Sink> Both<A, B> {
    pub(crate) fn new(first: A, second: B) -> Self {
        Both {
            first,
            second,
            copy: Vec::new(),
        }
    }
}

impl<A: Sink, B: Sink> Sink for Both<A, B> {
    fn take(&mut self, answers: &mut Vec<u8>, origin: &Origin) -> io::Result<Flow> {
        self.copy.clear();
        self.copy.extend_from_slice(answers);
        let first = self.first.take(answers, origin)?;
        let second = self.second.take(&mut self.copy, origin)?;
        // What either left waiting is the same batch: the sinks here take all they are given.
        answers.clear();
        Ok(match (first, second) {
            (Flow::Settled, Flow::Settled) => Flow::Settled,
            _ => Flow::Continue,
        })
    }

    fn no_answer(&mut self, origin: &Origin, why: &dyn fmt::Display) -> io::Result<()> {
        self.first.no_answer(origin, why)?;
        self.second.no_answer(origin, why)
    }

    fn lines_not_made(&mut self, lines: u64) {
        self.first.lines_not_made(lines);
        self.second.lines_not_made(lines);
    }

    fn unreadable_input(&mut self, source: &str, why: &dyn fmt::Display) {
        self.first.unreadable_input(source, why);
        self.second.unreadable_input(source, why);
    }

    fn flush(&mut self, answers: &mut Vec<u8>) -> io::Result<()> {
        self.copy.clear();
        self.copy.extend_from_slice(answers);
        self.first.flush(answers)?;
        self.second.flush(&mut self.copy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    #[test]
    fn origins_name_the_query_of_each_answer_line() {
        let lines = Origin::Lines {
            source: "a.in",
            first_line: 7,
            lines: 2,
            text: b"a1 b2\n\t c3\th8 \r\n",
        };
        assert_eq!(lines.describe(0), "a.in:7: a1 b2");
        assert_eq!(lines.describe(1), "a.in:8: c3 h8");
        let query = TypedPair {
            from: Position::new(0, 0),
            to: Position::new(7, 0),
            from_text: b"",
            to_text: b"",
        };
        let scenario = Origin::Query {
            source: "p.in",
            line_number: 4,
            query: &query,
            board: Board::STANDARD,
        };
        assert_eq!(scenario.describe(0), "p.in:4: 8x8 0,0 to 7,0");
        let grid = Origin::Grid {
            source: "g.in",
            line_number: 1,
            side: 8,
        };
        assert_eq!(grid.describe(5), "g.in:1: n = 8");
    }
}
