//! Judging answers as they stream: the [`Checker`] is a [`Sink`] that compares the answers
//! knight-moves makes with a candidate's, as each problem's judge compares them, and gives one
//! [`Verdict`] at the end.
//!
//! Both sides stream, so either may be of any size, a line of either any length: the expected
//! answers arrive in batches from the pipeline, the candidate's are read in large reads, and
//! the two are compared a block of bytes at a time. Only a line whose bytes differ is looked
//! at closely ([`mismatch`]). Once the verdict is certain the checker says so
//! ([`Flow::Settled`]), so that a grid of a billion rows stops being made at its first wrong
//! row; lines that still come are only counted.
//!
//! What a judge forgives (decided per problem by [`Comparison`], and documented in the
//! README):
//! - UVa 439 and POJ 1915, old judges that compare bytes (and KnightL, here): nothing. A CR before the newline,
//!   trailing blanks, other spacing or a missing final newline is a presentation error.
//! - SPOJ NAKANJ and CSES, which compare tokens: a CR before the newline,
//!   trailing blanks, a missing final newline and blank lines at the end. Other spacing is
//!   still a presentation error, here, as it would be on a judge that compares more strictly.
//!
//! A query knight-moves cannot answer (its search gave up) is never held against the
//! candidate: its answer line is skipped, so the lines after it stay aligned, and unless the
//! candidate failed elsewhere the verdict is [`Verdict::NotJudged`].

pub(crate) mod found;
mod mismatch;
pub(crate) mod verdict;

use std::fmt;
use std::io::{self, Read};

use crate::sink::check::found::Found;
use crate::sink::check::mismatch::{LineVerdict, Mismatch};
use crate::sink::check::verdict::{NotAnswered, Verdict};
use crate::sink::{Flow, Origin, Sink};

/// How a judge compares a line of answers with the right one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Comparison {
    /// Byte for byte: any other byte is an error.
    Bytes,
    /// Word for word, forgiving a CR before the newline, trailing blanks, a missing final
    /// newline and blank lines at the end.
    Words,
}

/// Compares the answers knight-moves makes with a candidate's, as they stream.
pub(crate) struct Checker {
    found: Found,
    forgiving: bool,
    /// Expected answer lines taken whole so far.
    expected_lines: u64,
    /// Found lines read whole so far.
    found_lines: u64,
    /// Whether the expected answers are inside a line (its start matched, its newline not yet
    /// come).
    in_a_line: bool,
    /// The line being judged past its first difference.
    mismatch: Option<Mismatch>,
    /// The first failure of the candidate's.
    failure: Option<Verdict>,
    /// The queries knight-moves could not answer: the first, and how many.
    not_answered: Option<NotAnswered>,
    not_answered_count: u64,
    /// Whether a grid was cut short where knight-moves could not answer: the rest of the
    /// candidate's answers cannot be judged.
    rest_not_judged: bool,
    /// A failure to read the answers, reported by the caller.
    trouble: Option<io::Error>,
}

impl Checker {
    /// A checker of the answers `found`, compared as `comparison` says.
    pub(crate) fn new(found: Box<dyn Read>, comparison: Comparison) -> Checker {
        Checker {
            found: Found::new(found),
            forgiving: comparison == Comparison::Words,
            expected_lines: 0,
            found_lines: 0,
            in_a_line: false,
            mismatch: None,
            failure: None,
            not_answered: None,
            not_answered_count: 0,
            rest_not_judged: false,
            trouble: None,
        }
    }

    /// Whether the verdict is certain.
    fn is_settled(&self) -> bool {
        self.failure.is_some() || self.trouble.is_some() || self.rest_not_judged
    }

    /// Compares the expected answers in `batch`, from `origin`, with the candidate's.
    fn compare(&mut self, batch: &[u8], origin: &Origin) -> io::Result<()> {
        let mut at = 0;
        // How far newlines in `batch` have been counted into the lines of both sides.
        let mut counted = 0;
        let mut differed = false;
        while at < batch.len() {
            if self.is_settled() {
                break;
            }
            if let Some(mismatch) = &mut self.mismatch {
                at += mismatch.take_expected(&batch[at..], &mut self.found)?;
                counted = at;
                differed = true;
                self.end_of_mismatch();
                continue;
            }
            let available = self.found.available()?;
            if available.is_empty() {
                // The candidate's answers have ended.
                self.count_lines(&batch[counted..at]);
                counted = at;
                differed = true;
                match self.in_a_line {
                    true => self.start_mismatch(batch, at, origin),
                    false => {
                        self.failure = Some(Verdict::TooFew {
                            found: self.found_lines,
                            expected: 0, // filled in by `finish`
                        });
                    }
                }
                continue;
            }
            let length = available.len().min(batch.len() - at);
            let same = common_prefix(&batch[at..at + length], &available[..length]);
            self.found.take(same);
            if same > 0 {
                self.in_a_line = batch[at + same - 1] != b'\n';
            }
            at += same;
            if same < length {
                self.count_lines(&batch[counted..at]);
                counted = at;
                differed = true;
                self.start_mismatch(batch, at, origin);
            }
        }
        // Lines of the batch that matched whole, and what came after the verdict.
        match (differed, origin.known_lines()) {
            (false, Some(lines)) => self.add_lines(lines),
            _ => self.count_lines(&batch[counted..]),
        }
        Ok(())
    }

    /// Counts the newlines in `matched` as lines of both sides; after the verdict, of the
    /// expected side only.
    fn count_lines(&mut self, matched: &[u8]) {
        let lines = memchr::memchr_iter(b'\n', matched).count() as u64;
        self.add_lines(lines);
    }

    fn add_lines(&mut self, lines: u64) {
        self.expected_lines += lines;
        if !self.is_settled() {
            self.found_lines += lines;
        }
    }

    /// The bytes differ at `batch[at]` (or the candidate's answers ended inside a line).
    fn start_mismatch(&mut self, batch: &[u8], at: usize, origin: &Origin) {
        let (prefix, cut) = self.found.line_so_far();
        let mut mismatch = Mismatch::new(prefix, cut, self.forgiving);
        let index = memchr::memchr_iter(b'\n', &batch[..at]).count() as u64;
        mismatch.set_origin(self.found_lines + 1, origin.describe(index));
        self.mismatch = Some(mismatch);
    }

    /// Settles the line being judged, if its verdict is in.
    fn end_of_mismatch(&mut self) {
        let Some(mismatch) = &self.mismatch else {
            return;
        };
        let Some(verdict) = mismatch.verdict() else {
            return;
        };
        let (at, query) = mismatch.origin();
        let failure = match verdict.clone() {
            LineVerdict::Same => None,
            LineVerdict::Presentation(what) => Some(Verdict::PresentationError { at, what, query }),
            LineVerdict::Wrong { expected, found } => Some(Verdict::WrongAnswer {
                at,
                expected,
                found,
                query,
            }),
        };
        if mismatch.expected_ended() {
            self.expected_lines += 1;
        }
        if failure.is_none() && mismatch.found_ended() {
            self.found_lines += 1;
        }
        self.in_a_line = false;
        self.failure = failure;
        self.mismatch = None;
    }

    /// The verdict, once every expected answer has been given; or the trouble reading the
    /// answers.
    pub(crate) fn finish(mut self) -> io::Result<Verdict> {
        if let Some(mut mismatch) = self.mismatch.take() {
            mismatch.end_of_expected(&mut self.found)?;
            self.mismatch = Some(mismatch);
            self.end_of_mismatch();
        }
        if let Some(error) = self.trouble.take() {
            return Err(error);
        }
        let expected = self.expected_lines + self.not_answered_count;
        match self.failure.take() {
            Some(Verdict::TooFew { found, .. }) => return Ok(Verdict::TooFew { found, expected }),
            Some(failure) => return Ok(failure),
            None => {}
        }
        // What follows the last expected line: blank lines at the end are forgiven where
        // blanks are.
        while !self.rest_not_judged {
            let line_number = self.found_lines + 1;
            match self.rest_of_line_is_blank()? {
                None => break,
                Some(true) if self.forgiving => self.found_lines += 1,
                Some(_) => {
                    return Ok(Verdict::TooMany {
                        expected,
                        from: line_number,
                    });
                }
            }
        }
        Ok(match self.not_answered.take() {
            Some(first) => Verdict::NotJudged {
                first,
                count: self.not_answered_count,
                accepted: self.expected_lines,
            },
            None => Verdict::Accepted {
                answers: self.expected_lines,
            },
        })
    }

    /// Reads one found line: whether it is blank, or `None` at the end of the answers.
    fn rest_of_line_is_blank(&mut self) -> io::Result<Option<bool>> {
        let mut blank = true;
        let mut any = false;
        loop {
            let available = self.found.available()?;
            if available.is_empty() {
                return Ok(any.then_some(blank));
            }
            any = true;
            let (line, ended) = match memchr::memchr(b'\n', available) {
                Some(newline) => (&available[..newline], true),
                None => (available, false),
            };
            blank &= line.iter().all(u8::is_ascii_whitespace);
            let taken = line.len() + usize::from(ended);
            self.found.take(taken);
            if ended {
                return Ok(Some(blank));
            }
        }
    }

    /// Notes a failure to read the answers; the verdict is then that failure.
    fn troubled(&mut self, result: io::Result<()>) {
        if let Err(error) = result {
            self.trouble.get_or_insert(error);
        }
    }
}

impl Sink for Checker {
    fn take(&mut self, answers: &mut Vec<u8>, origin: &Origin) -> io::Result<Flow> {
        let result = self.compare(answers, origin);
        self.troubled(result);
        answers.clear();
        Ok(match self.is_settled() {
            true => Flow::Settled,
            false => Flow::Continue,
        })
    }

    fn no_answer(&mut self, origin: &Origin, why: &dyn fmt::Display) -> io::Result<()> {
        self.not_answered_count += 1;
        if self.is_settled() {
            return Ok(());
        }
        if let Origin::Grid { .. } = origin {
            // A grid cut short: its line in progress, and every line after it, are unknown.
            self.mismatch = None;
            self.rest_not_judged = true;
            self.not_answered = Some(NotAnswered {
                at: self.found_lines + 1,
                query: origin.describe(0),
                why: why.to_string(),
            });
            return Ok(());
        }
        match self.found.skip_line() {
            Ok(true) => self.found_lines += 1,
            Ok(false) => {
                self.failure = Some(Verdict::TooFew {
                    found: self.found_lines,
                    expected: 0, // filled in by `finish`
                });
                return Ok(());
            }
            Err(error) => {
                self.trouble = Some(error);
                return Ok(());
            }
        }
        self.not_answered.get_or_insert_with(|| NotAnswered {
            at: self.found_lines,
            query: origin.describe(0),
            why: why.to_string(),
        });
        Ok(())
    }

    fn lines_not_made(&mut self, lines: u64) {
        self.expected_lines += lines;
    }

    fn flush(&mut self, answers: &mut Vec<u8>) -> io::Result<()> {
        debug_assert!(answers.is_empty(), "every answer is taken as it is made");
        answers.clear();
        Ok(())
    }
}

/// How many bytes `a` and `b`, of the same length, have in common at their start: compared a
/// block at a time (a `memcmp`), and only the block that differs byte by byte.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 256;
    let length = a.len().min(b.len());
    let mut at = 0;
    while at + BLOCK <= length && a[at..at + BLOCK] == b[at..at + BLOCK] {
        at += BLOCK;
    }
    at + a[at..length]
        .iter()
        .zip(&b[at..length])
        .take_while(|(x, y)| x == y)
        .count()
}

#[cfg(test)]
mod tests;
