//! SPOJ NAKANJ's input: a line with the number of test cases T, then T lines of two 8×8
//! squares as UVa 439 has them.
//!
//! What a careful judge file does is answered as the judge wants. What a careless one does is
//! answered as far as it can be: blank lines are skipped wherever they are; a query line that is
//! bad is reported and counts as one of the T; queries past the T-th are still answered; and a
//! count that disagrees with the query lines that followed is reported once, at the end, on the
//! count's line. Nothing is ever allocated from the count.

use crate::board::Board;
use crate::problem::{CountLine, ProblemError, Step, is_blank_line, query_step};

/// What the count counts, in messages.
const WHAT: &str = "test cases";

/// How far one source has been read.
#[derive(Debug, Default)]
pub(crate) struct Counted {
    count: CountLine,
    /// Query lines read so far, bad ones included.
    queries: u64,
}

impl Counted {
    pub(crate) fn read<'a>(&mut self, line: &'a [u8], line_number: u64) -> Step<'a> {
        if is_blank_line(line) {
            return Step::Skip;
        }
        if let Some(step) = self.count.read(line, line_number, WHAT) {
            return step;
        }
        self.queries += 1;
        query_step(line, Board::STANDARD)
    }

    /// Queries still to come by the count; every line, if the count was not a number.
    pub(crate) fn queries_left(&self) -> u64 {
        match (self.count.started, self.count.count) {
            (false, _) => 0, // the count line comes first, through the general path
            (true, Some((count, _))) => count.saturating_sub(self.queries),
            (true, None) => u64::MAX,
        }
    }

    pub(crate) fn took(&mut self, queries: u64) {
        self.queries += queries;
    }

    pub(crate) fn finish(&self) -> Option<(u64, ProblemError)> {
        self.count.disagreement(self.queries, WHAT)
    }
}
