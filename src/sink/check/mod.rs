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
//! What a judge forgives (decided per problem by [`Comparison`], and documented in
//! docs/GUIDE.md):
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
pub(crate) mod tokens;
pub(crate) mod verdict;

use std::fmt;
use std::io::{self, Read};

use crate::board::{Board, Piece};
use crate::format::Shape;
use crate::sink::check::found::Found;
use crate::sink::check::mismatch::{LineVerdict, Mismatch, is_trailing_space, is_word_separator};
use crate::sink::check::tokens::{Leniency, RouteRules, TokenChecker};
use crate::sink::check::verdict::{NotAnswered, Unanswerable, Verdict};
use crate::sink::{Flow, Origin, Sink};

/// How a judge compares a line of answers with the right one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Comparison {
    /// Byte for byte: any other byte is an error.
    Bytes,
    /// Word for word, forgiving a CR before the newline, trailing blanks, a missing final
    /// newline and blank lines at the end.
    Words,
    /// Token for token, as the Kattis and DOMjudge default output validator compares: any
    /// white space between tokens, line breaks included, and ASCII case forgiven, unless the
    /// validator flags take either back ([`tokens`]).
    Tokens(Leniency),
}

/// The comparison itself: line by line, or token by token.
#[allow(
    clippy::large_enum_variant,
    reason = "one checker a run (two with the judge's answer file): its size costs nothing, \
              a box would cost an indirection on every batch"
)]
enum Comparer {
    Lines(LineChecker),
    Tokens(TokenChecker),
}

impl Comparison {
    /// The comparison as the token checker makes it: what it forgives of white space and case.
    fn as_leniency(self) -> Leniency {
        match self {
            Comparison::Bytes => Leniency {
                case_sensitive: true,
                space_change_sensitive: true,
            },
            Comparison::Words => Leniency {
                case_sensitive: true,
                space_change_sensitive: false,
            },
            Comparison::Tokens(leniency) => leniency,
        }
    }
}

/// Compares the answers knight-moves makes with a candidate's, as they stream, as the
/// [`Comparison`] chosen once says: line by line, or token by token. Lines before the first
/// answer (the TSV header row) are judged as answers are, under their own origin, and
/// counted as none of them.
pub(crate) struct Checker {
    comparer: Comparer,
    /// The lines of the preamble not yet taken.
    preamble_left: u64,
    /// The lines of the preamble taken.
    preamble_taken: u64,
}

impl From<Comparer> for Checker {
    fn from(comparer: Comparer) -> Checker {
        Checker {
            comparer,
            preamble_left: 0,
            preamble_taken: 0,
        }
    }
}

impl Checker {
    /// A checker of the answers `found`, compared as `comparison` says.
    pub(crate) fn new(found: Box<dyn Read>, comparison: Comparison) -> Checker {
        let comparer = match comparison {
            Comparison::Bytes | Comparison::Words => {
                Comparer::Lines(LineChecker::new(found, comparison))
            }
            Comparison::Tokens(leniency) => {
                Comparer::Tokens(TokenChecker::new(Found::new(found), leniency))
            }
        };
        comparer.into()
    }

    /// The checker of answers `found` written in `shape`, compared as `comparison` says:
    /// where `routes` gives the piece and board (`--path`) and the shape holds routes
    /// ([`Shape::route_layout`]), each judged right when it is any shortest route; JSON token
    /// by token with its punctuation; a TSV header row taken as the answers' preamble.
    pub(crate) fn for_answers(
        found: Box<dyn Read>,
        comparison: Comparison,
        shape: Shape,
        routes: Option<(Piece, Board)>,
    ) -> Checker {
        let layout = routes.zip(shape.route_layout());
        let checker = match (layout, shape) {
            (Some(((piece, board), layout)), _) => {
                let rules = RouteRules {
                    piece,
                    board,
                    layout,
                };
                Checker::judging_routes(found, comparison, rules)
            }
            (None, Shape::Json) => Checker::json(found, comparison),
            (None, _) => Checker::new(found, comparison),
        };
        let header = matches!(shape, Shape::Tsv { header: true });
        checker.after_preamble(u64::from(header))
    }

    /// A checker of the answers `found` that holds their routes to be right when they are any
    /// shortest route ([`RouteRules`]), their other words compared as `comparison` says:
    /// token by token, the white space as the problem's judge counts it.
    pub(crate) fn judging_routes(
        found: Box<dyn Read>,
        comparison: Comparison,
        rules: RouteRules,
    ) -> Checker {
        let leniency = comparison.as_leniency();
        let checker = TokenChecker::judging_routes(Found::new(found), leniency, rules);
        let comparer = Comparer::Tokens(match comparison {
            Comparison::Words => checker.routes_end_with_their_lines(),
            Comparison::Bytes | Comparison::Tokens(_) => checker,
        });
        comparer.into()
    }

    /// The checker, judging the `lines` lines the answers begin with before any answer (the
    /// TSV header row) as answers are judged, but counting them as none.
    pub(crate) fn after_preamble(self, lines: u64) -> Checker {
        Checker {
            preamble_left: lines,
            ..self
        }
    }

    /// A checker of answers in JSON, `found`: token by token, JSON's punctuation a token of
    /// its own ([`TokenChecker::punctuated`]), the white space and case as `comparison` counts
    /// them, so that a space after a comma is a presentation error where space counts, and
    /// nothing where it does not.
    pub(crate) fn json(found: Box<dyn Read>, comparison: Comparison) -> Checker {
        let checker = TokenChecker::new(Found::new(found), comparison.as_leniency());
        Comparer::Tokens(checker.punctuated()).into()
    }

    /// The verdict, once every expected answer has been given; or the trouble reading the
    /// answers.
    pub(crate) fn finish(self) -> io::Result<Verdict> {
        let verdict = match self.comparer {
            Comparer::Lines(checker) => checker.finish(),
            Comparer::Tokens(checker) => checker.finish(),
        }?;
        Ok(verdict.less_preamble(self.preamble_taken))
    }

    fn take_answers(&mut self, answers: &mut Vec<u8>, origin: &Origin) -> io::Result<Flow> {
        match &mut self.comparer {
            Comparer::Lines(checker) => checker.take(answers, origin),
            Comparer::Tokens(checker) => {
                let flow = checker.take(answers, origin);
                answers.clear();
                Ok(flow)
            }
        }
    }

    /// Takes the preamble's lines off the front of `answers`, as lines of their own origin.
    fn take_preamble(&mut self, answers: &mut Vec<u8>) -> io::Result<()> {
        let mut end = 0;
        while self.preamble_left > 0 {
            let Some(newline) = memchr::memchr(b'\n', &answers[end..]) else {
                break;
            };
            end += newline + 1;
            self.preamble_left -= 1;
            self.preamble_taken += 1;
        }
        if end > 0 {
            let rest = answers.split_off(end);
            self.take_answers(answers, &Origin::Header)?;
            *answers = rest;
        }
        Ok(())
    }
}

impl Sink for Checker {
    fn take(&mut self, answers: &mut Vec<u8>, origin: &Origin) -> io::Result<Flow> {
        if self.preamble_left > 0 {
            // Even when the preamble settles the verdict, the answers after it are taken, to
            // be counted.
            self.take_preamble(answers)?;
        }
        self.take_answers(answers, origin)
    }

    fn no_answer(&mut self, origin: &Origin, why: &dyn fmt::Display) -> io::Result<()> {
        match &mut self.comparer {
            Comparer::Lines(checker) => checker.no_answer(origin, why),
            Comparer::Tokens(checker) => {
                checker.no_answer(origin, why);
                Ok(())
            }
        }
    }

    fn lines_not_made(&mut self, lines: u64) {
        match &mut self.comparer {
            Comparer::Lines(checker) => checker.lines_not_made(lines),
            Comparer::Tokens(checker) => checker.lines_not_made(lines),
        }
    }

    fn unreadable_input(&mut self, source: &str, why: &dyn fmt::Display) {
        match &mut self.comparer {
            Comparer::Lines(checker) => checker.unreadable_input(source, why),
            Comparer::Tokens(checker) => checker.unreadable_input(source, why),
        }
    }

    fn flush(&mut self, answers: &mut Vec<u8>) -> io::Result<()> {
        // Every answer is taken as it is made: only a preamble with no answer after it waits.
        if self.preamble_left > 0 {
            self.take_preamble(answers)?;
        }
        debug_assert!(answers.is_empty(), "every answer is taken as it is made");
        answers.clear();
        Ok(())
    }
}

/// Compares the answers line by line, as the judges of the problems compare them
/// ([`Comparison::Bytes`] and [`Comparison::Words`]).
pub(crate) struct LineChecker {
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
    /// The first wrong answer (or missing or extra answers): the verdict.
    failure: Option<Verdict>,
    /// The first presentation error: the verdict unless an answer is wrong.
    presentation: Option<Verdict>,
    /// The queries knight-moves could not answer: the first, and how many.
    not_answered: Option<NotAnswered>,
    not_answered_count: u64,
    /// Whether a grid was cut short where knight-moves could not answer: the rest of the
    /// candidate's answers cannot be judged.
    rest_not_judged: bool,
    /// The answers accepted before that.
    accepted_before_the_rest: u64,
    /// The answers accepted before the first query knight-moves could not answer.
    accepted_before_the_first_unanswered: u64,
    /// A failure to read the answers, reported by the caller.
    trouble: Option<io::Error>,
}

impl LineChecker {
    /// A checker of the answers `found`, compared as `comparison` says.
    fn new(found: Box<dyn Read>, comparison: Comparison) -> LineChecker {
        LineChecker {
            found: Found::new(found),
            forgiving: comparison == Comparison::Words,
            expected_lines: 0,
            found_lines: 0,
            in_a_line: false,
            mismatch: None,
            failure: None,
            presentation: None,
            not_answered: None,
            not_answered_count: 0,
            rest_not_judged: false,
            accepted_before_the_rest: 0,
            accepted_before_the_first_unanswered: 0,
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
        // How far newlines in `batch` have been counted into the lines of both sides, and
        // how many lines of the batch end before `counted` (the index of the line at it).
        let mut counted = 0;
        let mut line_index = 0;
        let mut differed = false;
        while at < batch.len() {
            if self.is_settled() {
                break;
            }
            if let Some(mismatch) = &mut self.mismatch {
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
                match self.in_a_line {
                    true => self.start_mismatch(batch, at, origin, line_index),
                    false => self.found_ended_early(),
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
                self.start_mismatch(batch, at, origin, line_index);
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
        self.in_a_line = false;
        if !self.forgiving && self.presentation.is_none() {
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

    /// The bytes differ at `batch[at]`, in the batch's `line_index`-th line (or the
    /// candidate's answers ended inside a line).
    fn start_mismatch(&mut self, batch: &[u8], at: usize, origin: &Origin, line_index: u64) {
        debug_assert!(at <= batch.len());
        let (prefix, cut) = self.found.line_so_far();
        let found_line = self.found_lines + 1;
        let describe_first = self.presentation.is_none();
        let mismatch = Mismatch::new(
            prefix,
            cut,
            self.forgiving,
            found_line,
            origin,
            line_index,
            describe_first,
        );
        self.mismatch = Some(mismatch);
    }

    /// The candidate's answers have ended where an answer was expected.
    fn found_ended_early(&mut self) {
        self.fail(Verdict::TooFew {
            found: self.expected_lines + self.not_answered_count,
            expected: 0, // filled in by `finish`
        });
    }

    /// The candidate's answers differ in their words, or in how many there are: its failure,
    /// if every query before was answered. After a query knight-moves could not answer, whose
    /// answer the candidate may have written over any number of lines, where its answers to
    /// the queries after it stand is a guess (the next line, as a rule), so a difference after
    /// it may be the guess's: nothing from that query on is judged, and the verdict says so.
    fn fail(&mut self, failure: Verdict) {
        let Some(first) = &mut self.not_answered else {
            self.failure = Some(failure);
            return;
        };
        if let Unanswerable::Query(query) = &first.what {
            first.what = Unanswerable::QueryAndWhatFollows(query.clone());
        }
        self.mismatch = None;
        self.rest_not_judged = true;
        self.accepted_before_the_rest = self.accepted_before_the_first_unanswered;
    }

    /// Settles the answers being judged past a difference, if their verdict is in.
    fn end_of_mismatch(&mut self) {
        let Some(mismatch) = &self.mismatch else {
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
        if self.mismatch.is_none() {
            return; // nothing more is judged
        }
        self.expected_lines += expected_lines;
        self.found_lines += found_lines;
        self.in_a_line = false;
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
            Some(Verdict::TooMany { from, .. }) => return Ok(Verdict::TooMany { expected, from }),
            Some(failure) => return Ok(failure),
            None => {}
        }
        // What follows the last expected line: blank lines at the end are forgiven where
        // blanks are, and a presentation error where they are not.
        while !self.rest_not_judged {
            let line_number = self.found_lines + 1;
            match self.rest_of_line_is_blank()? {
                None => break,
                Some(true) => {
                    self.found_lines += 1;
                    if !self.forgiving {
                        self.presentation.get_or_insert(Verdict::PresentationError {
                            at: line_number,
                            what: "blank line at the end",
                            query: String::new(),
                        });
                    }
                }
                Some(false) => {
                    self.fail(Verdict::TooMany {
                        expected,
                        from: line_number,
                    });
                    if let Some(failure) = self.failure.take() {
                        return Ok(failure);
                    }
                }
            }
        }
        Ok(match (self.not_answered.take(), self.presentation.take()) {
            (None, Some(presentation)) => presentation,
            (None, None) => Verdict::Accepted {
                answers: self.expected_lines,
            },
            (Some(first), presentation) => Verdict::NotJudged {
                first,
                count: self.not_answered_count,
                accepted: match self.rest_not_judged {
                    true => self.accepted_before_the_rest,
                    false => self.expected_lines,
                },
                presentation: presentation.and_then(Verdict::presentation),
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
            blank &= line.iter().all(|&b| is_word_separator(b));
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

impl Sink for LineChecker {
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
        if matches!(origin, Origin::Grid { .. }) || self.mismatch.is_some() {
            // A grid cut short, or answers followed across lines (their line breaks differ):
            // where the candidate's answer to this query is, and so every line after it,
            // is unknown.
            self.mismatch = None;
            self.rest_not_judged = true;
            self.accepted_before_the_rest = self.expected_lines;
            self.not_answered = Some(NotAnswered {
                at: self.found_lines + 1,
                what: Unanswerable::QueryAndWhatFollows(origin.describe(0)),
                why: why.to_string(),
            });
            return Ok(());
        }
        match self.found.skip_line() {
            Ok(true) => self.found_lines += 1,
            Ok(false) => {
                self.not_answered_count -= 1; // not yet an answer given
                self.found_ended_early();
                self.not_answered_count += 1;
                return Ok(());
            }
            Err(error) => {
                self.trouble = Some(error);
                return Ok(());
            }
        }
        if self.not_answered.is_none() {
            self.accepted_before_the_first_unanswered = self.expected_lines;
        }
        self.not_answered.get_or_insert_with(|| NotAnswered {
            at: self.found_lines,
            what: Unanswerable::Query(origin.describe(0)),
            why: why.to_string(),
        });
        Ok(())
    }

    fn lines_not_made(&mut self, lines: u64) {
        self.expected_lines += lines;
    }

    fn unreadable_input(&mut self, source: &str, why: &dyn fmt::Display) {
        if self.is_settled() {
            return;
        }
        // Its answers are unknown, and so is where the candidate's answers to the inputs
        // after it begin.
        self.mismatch = None;
        self.rest_not_judged = true;
        self.accepted_before_the_rest = self.expected_lines;
        self.not_answered = Some(NotAnswered {
            at: self.found_lines + 1,
            what: Unanswerable::Input(source.to_owned()),
            why: why.to_string(),
        });
    }

    fn flush(&mut self, answers: &mut Vec<u8>) -> io::Result<()> {
        debug_assert!(answers.is_empty(), "every answer is taken as it is made");
        answers.clear();
        Ok(())
    }
}

/// How many newlines `bytes` holds.
fn newlines(bytes: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', bytes).count() as u64
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
