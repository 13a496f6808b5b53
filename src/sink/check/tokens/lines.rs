//! The checker's line-sensitive mode: answers judged line by line, as the judges of UVa 439,
//! POJ 1915, SPOJ NAKANJ and CSES compare them ([`Comparison::Bytes`] and
//! [`Comparison::Words`](crate::sink::check::Comparison)).
//!
//! Where the bytes are the answers' (nearly always), both sides are compared a block at a
//! time, as by tokens. At the first byte that differs, a found line that only ends in blanks
//! or a CR is named at once ([`TokenChecker::take_a_tail`]); anything else is judged by the
//! line's words ([`Mismatch`]), which names each presentation error as a judge would (`CRLF
//! line end`, `trailing space`, `line breaks differ`, …) and shows a wrong answer's whole
//! line. Unlike by tokens, a query knight-moves could not answer skips the candidate's line
//! and the lines after it are still judged.
//!
//! [`Comparison::Bytes`]: crate::sink::check::Comparison::Bytes

use std::fmt;
use std::io;

use crate::sink::Origin;
use crate::sink::check::tokens::TokenChecker;
use crate::sink::check::tokens::mismatch::{
    LineVerdict, Mismatch, is_trailing_space, is_word_separator,
};
use crate::sink::check::verdict::{NotAnswered, Unanswerable, Verdict};
use crate::sink::check::{common_prefix, newlines};

/// Where the answers are compared line by line, what that needs beyond the tokens' state.
#[derive(Default)]
pub(super) struct LineMode {
    /// Whether lines count: the answers are compared line by line.
    pub(super) sensitive: bool,
    /// Whether the judge forgives a CR before the newline, trailing blanks, a missing final
    /// newline and blank lines at the end.
    forgiving: bool,
    /// Whether the expected answers are inside a line (its start matched, its newline not yet
    /// come).
    in_a_line: bool,
    /// The line being judged past its first difference.
    pub(super) mismatch: Option<Mismatch>,
    /// The answers accepted before the first query knight-moves could not answer.
    pub(super) accepted_before_the_first_unanswered: u64,
}

impl LineMode {
    /// Lines count, forgiven as `forgiving` says.
    pub(super) fn sensitive(forgiving: bool) -> LineMode {
        LineMode {
            sensitive: true,
            forgiving,
            ..LineMode::default()
        }
    }
}

impl TokenChecker {
    /// Compares the expected answers in `batch`, from `origin`, with the candidate's, line by
    /// line.
    pub(super) fn compare_lines(&mut self, batch: &[u8], origin: &Origin) -> io::Result<()> {
        let mut at = 0;
        // How far newlines in `batch` have been counted into the lines of both sides, and
        // how many lines of the batch end before `counted` (the index of the line at it).
        let mut counted = 0;
        let mut line_index = 0;
        let mut differed = false;
        while at < batch.len() {
            if self.is_settled() {
                break;
            }
            if let Some(mismatch) = &mut self.lines.mismatch {
                let taken =
                    mismatch.take_expected(&batch[at..], origin, line_index, &mut self.found)?;
                line_index += newlines(&batch[at..at + taken]);
                at += taken;
                counted = at;
                differed = true;
                self.end_of_mismatch();
                continue;
            }
            let available = self.found.available()?;
            if available.is_empty() {
                // The candidate's answers have ended.
                line_index += self.count_lines(&batch[counted..at]);
                counted = at;
                differed = true;
                match self.lines.in_a_line {
                    true => self.start_mismatch(origin, line_index),
                    false => self.found_ended_early(),
                }
                continue;
            }
            let length = available.len().min(batch.len() - at);
            let same = common_prefix(&batch[at..at + length], &available[..length]);
            self.found.take(same);
            if same > 0 {
                self.lines.in_a_line = batch[at + same - 1] != b'\n';
            }
            at += same;
            if same < length {
                line_index += self.count_lines(&batch[counted..at]);
                counted = at;
                differed = true;
                if batch[at] == b'\n' && self.take_a_tail(origin, line_index)? {
                    // The found line ended in blanks or a CR, and the expected one there.
                    at += 1;
                    counted = at;
                    line_index += 1;
                    continue;
                }
                self.start_mismatch(origin, line_index);
            }
        }
        // Lines of the batch that matched whole, and what came after the verdict.
        match (differed, origin.known_lines()) {
            (false, Some(lines)) => self.add_lines(lines),
            _ => {
                self.count_lines(&batch[counted..]);
            }
        }
        Ok(())
    }

    /// Where the expected line ends and the found one goes on, the common case, without the
    /// slow path: the found line ends in blanks, or a CR, or both, before its newline (a
    /// file written on Windows). Takes them and its newline, and notes the presentation
    /// error where the judge does not forgive them; says whether it did.
    fn take_a_tail(&mut self, origin: &Origin, line_index: u64) -> io::Result<bool> {
        let available = self.found.available()?;
        let Some(newline) = memchr::memchr(b'\n', available) else {
            return Ok(false); // the line goes on past what was read: the slow path sees it
        };
        let tail = &available[..newline];
        let spaces = tail.iter().take_while(|&&b| is_trailing_space(b)).count();
        let what = match (spaces, &tail[spaces..]) {
            (0, b"\r") => "CRLF line end",
            (_, b"") => "trailing space",
            (_, b"\r") => "trailing space and CRLF line end",
            _ => return Ok(false),
        };
        self.found.take(newline + 1);
        self.expected_lines += 1;
        self.found_lines += 1;
        self.lines.in_a_line = false;
        if !self.lines.forgiving && self.presentation.is_none() {
            self.presentation = Some(Verdict::PresentationError {
                at: self.found_lines,
                what,
                query: origin.describe(line_index),
            });
        }
        Ok(true)
    }

    /// Counts the newlines in `matched` as lines of both sides (after the verdict, of the
    /// expected side only), and says how many there were.
    fn count_lines(&mut self, matched: &[u8]) -> u64 {
        let lines = newlines(matched);
        self.add_lines(lines);
        lines
    }

    fn add_lines(&mut self, lines: u64) {
        self.expected_lines += lines;
        if !self.is_settled() {
            self.found_lines += lines;
        }
    }

    /// The bytes differ in the batch's `line_index`-th line (or the candidate's answers ended
    /// inside a line): the line is judged by its words from here.
    fn start_mismatch(&mut self, origin: &Origin, line_index: u64) {
        let (prefix, cut) = self.found.line_so_far();
        let mismatch = Mismatch::new(
            prefix,
            cut,
            self.lines.forgiving,
            self.found_lines + 1,
            origin,
            line_index,
            self.presentation.is_none(),
        );
        self.lines.mismatch = Some(mismatch);
    }

    /// The candidate's answers have ended where an answer was expected.
    fn found_ended_early(&mut self) {
        self.fail(Verdict::TooFew {
            found: self.expected_lines + self.not_answered_count,
            expected: 0, // filled in by `finish`
        });
    }

    /// Settles the answers being judged past a difference, if their verdict is in.
    fn end_of_mismatch(&mut self) {
        let Some(mismatch) = &self.lines.mismatch else {
            return;
        };
        let Some(verdict) = mismatch.verdict() else {
            return;
        };
        let (first_at, first_query) = mismatch.first_difference();
        let (expected_lines, found_lines) = mismatch.lines_taken();
        let answers_before = self.expected_lines + self.not_answered_count;
        match verdict.clone() {
            LineVerdict::Same => {}
            LineVerdict::Presentation(what) => {
                self.presentation.get_or_insert(Verdict::PresentationError {
                    at: first_at,
                    what,
                    query: first_query,
                });
            }
            LineVerdict::Wrong {
                at,
                query,
                expected,
                found,
            } => self.fail(Verdict::WrongAnswer {
                at,
                expected,
                found,
                query,
            }),
            LineVerdict::FoundEnded { newline_counted } => self.fail(Verdict::TooFew {
                // The answers whose words were all given, lines joined or not: not the one
                // they ran out on, whose newline was taken.
                found: answers_before + expected_lines - u64::from(newline_counted),
                expected: 0, // filled in by `finish`
            }),
            LineVerdict::FoundGoesOn { from } => self.fail(Verdict::TooMany {
                expected: 0, // filled in by `finish`
                from,
            }),
        }
        if self.lines.mismatch.is_none() {
            return; // nothing more is judged
        }
        self.expected_lines += expected_lines;
        self.found_lines += found_lines;
        self.lines.in_a_line = false;
        self.lines.mismatch = None;
    }

    /// After the last expected byte: the line being judged past a difference is judged to
    /// its end; then blank lines at the end are forgiven where blanks are, and a presentation
    /// error where they are not; any other line is output past the answers.
    pub(super) fn end_of_expected_lines(&mut self) -> io::Result<()> {
        if let Some(mismatch) = &mut self.lines.mismatch {
            mismatch.end_of_expected(&mut self.found)?;
            self.end_of_mismatch();
        }
        while !self.is_settled() {
            let line_number = self.found_lines + 1;
            match self.rest_of_line_is_blank()? {
                None => break,
                Some(true) => {
                    self.found_lines += 1;
                    if !self.lines.forgiving {
                        self.presentation.get_or_insert(Verdict::PresentationError {
                            at: line_number,
                            what: "blank line at the end",
                            query: String::new(),
                        });
                    }
                }
                Some(false) => self.fail(Verdict::TooMany {
                    expected: 0, // filled in by `finish`
                    from: line_number,
                }),
            }
        }
        Ok(())
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
            blank &= line.iter().all(|&b| is_word_separator(b));
            let taken = line.len() + usize::from(ended);
            self.found.take(taken);
            if ended {
                return Ok(Some(blank));
            }
        }
    }

    /// The query `origin` has no answer from knight-moves, and the candidate's lines are in
    /// step with the answers': its line for the query is skipped, blaming nothing.
    pub(super) fn skip_a_line(&mut self, origin: &Origin, why: &dyn fmt::Display) {
        match self.found.skip_line() {
            Ok(true) => self.found_lines += 1,
            Ok(false) => {
                self.not_answered_count -= 1; // not yet an answer given
                self.found_ended_early();
                self.not_answered_count += 1;
                return;
            }
            Err(error) => {
                self.trouble = Some(error);
                return;
            }
        }
        if self.not_answered.is_none() {
            self.lines.accepted_before_the_first_unanswered = self.expected_lines;
        }
        self.not_answered.get_or_insert_with(|| NotAnswered {
            at: self.found_lines,
            what: Unanswerable::Query(origin.describe(0)),
            why: why.to_string(),
        });
    }
}
