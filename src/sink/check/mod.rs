//! Judging answers as they stream: the [`Checker`] is a [`Sink`] that compares the answers
//! knight-moves makes with a candidate's, as each problem's judge compares them, and gives one
//! [`Verdict`] at the end.
//!
//! Both sides stream, so either may be of any size, a line of either any length: the expected
//! answers arrive in batches from the pipeline, the candidate's are read in large reads, and
//! the two are compared a block of bytes at a time, in one loop ([`compare`]). Only where the
//! bytes differ are the answers looked at closely, token by token; where lines count, a newline
//! is a token of its own, and what a difference in a line is called is [`lines`]'s to say.
//! Routes are judged as any shortest route ([`route`]); JSON is read with its strings
//! ([`json`]). Once the verdict is certain the checker says so ([`Flow::Settled`]), so that a
//! grid of a billion rows stops being made at its first wrong row; lines that still come are
//! only counted.
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
//! candidate: where lines count its answer line is skipped, so the lines after it stay
//! aligned; elsewhere nothing after it is judged; and unless the candidate failed elsewhere
//! the verdict is [`Verdict::NotJudged`].

mod compare;
pub(crate) mod found;
mod json;
mod lines;
mod route;
pub(crate) mod verdict;

use std::fmt;
use std::io::{self, Read};

use crate::board::{Board, Piece};
use crate::format::{RouteStart, Shape};
use crate::sink::check::found::Found;
use crate::sink::check::json::Json;
use crate::sink::check::lines::LineDifference;
use crate::sink::check::route::{RouteLine, RouteRules, Routes};
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
    /// validator flags take either back.
    Tokens(Leniency),
}

/// What the judge takes back of the default validator's leniency: its two flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Leniency {
    /// `case_sensitive`: tokens compare byte for byte, not ignoring ASCII case.
    pub case_sensitive: bool,
    /// `space_change_sensitive`: the white space between tokens must be the answer's, byte
    /// for byte (a CR before a newline, a trailing space, a missing or extra final newline
    /// are all wrong).
    pub space_change_sensitive: bool,
}

impl Comparison {
    /// The comparison as tokens are compared: what it forgives of white space and case.
    fn as_leniency(self) -> Leniency {
        match self {
            Comparison::Tokens(leniency) => leniency,
            lines => Leniency {
                case_sensitive: true,
                space_change_sensitive: lines == Comparison::Bytes,
            },
        }
    }
}

/// Where lines count, what the judge forgives of them.
#[derive(Clone, Copy)]
struct LineRules {
    /// Whether it forgives a CR before the newline, trailing blanks, a missing final newline
    /// and blank lines at the end.
    forgiving: bool,
}

/// Compares the answers knight-moves makes with a candidate's, as they stream, as the
/// [`Comparison`] chosen once says: token by token, where lines count a newline a token of
/// its own. Lines before the first answer (the TSV header row) are judged as answers are,
/// under their own origin, and counted as none of them.
#[derive(Default)]
pub(crate) struct Checker {
    found: Found,
    leniency: Leniency,
    /// Where lines count, how; and the line being judged past its first difference.
    lines: Option<LineRules>,
    difference: Option<LineDifference>,
    /// Expected answer lines whose newline has come; the candidate's lines taken whole.
    expected_lines: u64,
    found_lines: u64,
    /// Whether an expected token has begun and not ended: its bytes so far matched.
    in_token: bool,
    /// Whether the expected answers are inside a line (its start taken, its newline not).
    in_a_line: bool,
    /// The current expected token's bytes from earlier batches (at most `SHOWN` of them).
    carried: Vec<u8>,
    /// How routes are judged, where the answers hold them (`--path`): as any shortest route.
    routes: Option<Routes>,
    /// Where the answers are in JSON, the state of their strings.
    json: Option<Json>,
    failure: Option<Verdict>,
    /// The first difference in white space where it counts: the verdict unless a token
    /// differs after it. From there on the white space is compared as the lenient
    /// comparison compares it, so that the tokens after it are still judged.
    presentation: Option<Verdict>,
    /// The first query knight-moves could not answer, and how many: after one, where the
    /// candidate's tokens for the queries after it begin is unknown, so nothing more is judged
    /// (where lines count, its line is skipped and the lines after it judged, unless one
    /// differs), the answers before it right.
    not_answered: Option<NotAnswered>,
    not_answered_count: u64,
    accepted_before_the_first_unanswered: u64,
    /// Where nothing from some point on can be judged (a query knight-moves could not answer,
    /// or an input it could not read), the answers accepted before that point.
    rest_not_judged: Option<u64>,
    trouble: Option<io::Error>,
    /// The lines of the preamble not yet taken, and taken.
    preamble_left: u64,
    preamble_taken: u64,
}

impl Checker {
    /// A checker of the answers `found`, compared as `comparison` says.
    pub(crate) fn new(found: Box<dyn Read>, comparison: Comparison) -> Checker {
        let lines = match comparison {
            Comparison::Bytes => Some(LineRules { forgiving: false }),
            Comparison::Words => Some(LineRules { forgiving: true }),
            Comparison::Tokens(_) => None,
        };
        // Where lines count, their spacing is judged where a line differs, not token by token.
        let leniency = match lines {
            Some(_) => Leniency {
                case_sensitive: true,
                space_change_sensitive: false,
            },
            None => comparison.as_leniency(),
        };
        Checker {
            lines,
            ..Checker::by_tokens(found, leniency)
        }
    }

    /// A checker of the answers `found` token by token, lenient as `leniency` says.
    fn by_tokens(found: Box<dyn Read>, leniency: Leniency) -> Checker {
        Checker {
            found: Found::new(found),
            leniency,
            ..Checker::default()
        }
    }

    /// The checker of answers `found` written in `shape`, compared as `comparison` says:
    /// where `routes` gives the piece and board (`--path`) and the shape holds routes
    /// ([`Shape::route_layout`]), each judged right when it is any shortest route, the other
    /// words token by token, the white space as the problem's judge counts it; JSON token
    /// by token with its punctuation, so that a space after a comma is a presentation error
    /// where space counts, and nothing where it does not; a TSV header row taken as the
    /// answers' preamble, judged as answers are but counted as none.
    pub(crate) fn for_answers(
        found: Box<dyn Read>,
        comparison: Comparison,
        shape: Shape,
        routes: Option<(Piece, Board)>,
    ) -> Checker {
        let leniency = comparison.as_leniency();
        let layout = routes.zip(shape.route_layout());
        let mut checker = match (layout, shape) {
            (Some(((piece, board), layout)), _) => Checker {
                routes: Some(Routes {
                    rules: RouteRules {
                        piece,
                        board,
                        layout,
                    },
                    line: RouteLine::default(),
                    // Where lines count, a route ends with its line, though other white
                    // space may not count.
                    ends_with_line: comparison == Comparison::Words
                        || leniency.space_change_sensitive,
                    in_header: false,
                }),
                json: (layout.starts == RouteStart::InPathArray).then(Json::default),
                ..Checker::by_tokens(found, leniency)
            },
            (None, Shape::Json) => Checker {
                json: Some(Json::default()),
                ..Checker::by_tokens(found, leniency)
            },
            (None, _) => Checker::new(found, comparison),
        };
        checker.preamble_left = u64::from(matches!(shape, Shape::Tsv { header: true }));
        checker
    }

    /// Whether the verdict is certain.
    fn is_settled(&self) -> bool {
        self.failure.is_some() || self.trouble.is_some() || self.rest_not_judged.is_some()
    }

    /// Compares the expected answers in `batch`, from `origin`, with the candidate's.
    fn take_answers(&mut self, batch: &[u8], origin: &Origin) -> Flow {
        if let Err(error) = self.compare(batch, origin) {
            self.trouble.get_or_insert(error);
        }
        match self.is_settled() {
            true => Flow::Settled,
            false => Flow::Continue,
        }
    }

    /// Takes the preamble's lines off the front of `answers`, as lines of their own origin.
    fn take_preamble(&mut self, answers: &mut Vec<u8>) {
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
            self.take_answers(&answers[..end], &Origin::Header);
            answers.drain(..end);
        }
    }

    /// The candidate's answers differ in their tokens, or in how many there are: its failure,
    /// if every query before was answered. Where lines count, after a query knight-moves could
    /// not answer, whose answer the candidate may have written over any number of lines, where
    /// its answers to the queries after it stand is a guess (the next line, as a rule), so a
    /// difference after it may be the guess's: nothing from that query on is judged, and the
    /// verdict says so. (By tokens, nothing is judged after such a query at all.)
    fn fail(&mut self, failure: Verdict) {
        let Some(first) = &mut self.not_answered else {
            self.failure.get_or_insert(failure);
            return;
        };
        if let Unanswerable::Query(query) = &first.what {
            first.what = Unanswerable::QueryAndWhatFollows(query.clone());
        }
        self.difference = None;
        self.rest_not_judged = Some(self.accepted_before_the_first_unanswered);
    }

    /// The candidate's answers have ended where an answer was expected.
    fn found_ended_early(&mut self) {
        self.fail(Verdict::TooFew {
            found: self.expected_lines,
            expected: 0, // filled in by `finish`
        });
    }

    /// knight-moves could not do `what`, `why`: nothing from here on is judged, the answers
    /// before it right (where lines count, those before a line being judged past its
    /// difference).
    fn nothing_more_judged(&mut self, what: Unanswerable, why: &dyn fmt::Display) {
        let (at, accepted) = match self.difference.take() {
            Some(difference) => (difference.first_at, difference.answers_before),
            None => (self.found_lines + 1, self.expected_lines),
        };
        self.rest_not_judged = Some(accepted);
        let why = why.to_string();
        self.not_answered = Some(NotAnswered { at, what, why });
    }

    /// The verdict, once every expected answer has been given, its counts of answers less the
    /// preamble's lines (answers that end inside it end before the header row); or the
    /// trouble reading the answers.
    pub(crate) fn finish(mut self) -> io::Result<Verdict> {
        if !self.is_settled() {
            if let Err(error) = self.end_of_expected() {
                self.trouble.get_or_insert(error);
            }
        }
        if let Some(error) = self.trouble.take() {
            return Err(error);
        }
        let header = self.preamble_taken;
        let answers = |lines: u64| lines.saturating_sub(header);
        let expected = answers(self.expected_lines + self.not_answered_count);
        Ok(match (self.failure.take(), self.not_answered.take()) {
            (Some(Verdict::TooFew { found, .. }), _) if found < header => {
                Verdict::NoHeader { expected }
            }
            (Some(Verdict::TooFew { found, .. }), _) => Verdict::TooFew {
                found: found - header,
                expected,
            },
            (Some(Verdict::TooMany { from, .. }), _) => Verdict::TooMany { expected, from },
            (Some(failure), _) => failure,
            (None, Some(first)) => Verdict::NotJudged {
                first,
                count: self.not_answered_count,
                accepted: answers(self.rest_not_judged.unwrap_or(self.expected_lines)),
                presentation: self.presentation.take().and_then(Verdict::presentation),
            },
            (None, None) => self.presentation.take().unwrap_or(Verdict::Accepted {
                answers: answers(self.expected_lines),
            }),
        })
    }
}

impl Sink for Checker {
    fn take(&mut self, answers: &mut Vec<u8>, origin: &Origin) -> io::Result<Flow> {
        if self.preamble_left > 0 {
            // Even when the preamble settles the verdict, the answers after it are taken, to
            // be counted.
            self.take_preamble(answers);
        }
        let flow = self.take_answers(answers, origin);
        answers.clear();
        Ok(flow)
    }

    /// Where lines count and the candidate's line breaks are the answers' so far, its line
    /// for the query is skipped, blaming nothing; otherwise its tokens from here on cannot be
    /// aligned with the queries (a grid cut short, or answers followed across lines or
    /// tokens), so nothing more is judged.
    fn no_answer(&mut self, origin: &Origin, why: &dyn fmt::Display) -> io::Result<()> {
        self.not_answered_count += 1;
        let query = origin.describe(0);
        let grid = matches!(origin, Origin::Grid { .. });
        if self.is_settled() {
            return Ok(());
        } else if self.lines.is_none() || self.difference.is_some() || grid {
            self.nothing_more_judged(Unanswerable::QueryAndWhatFollows(query), why);
            return Ok(());
        }
        match self.found.skip_line() {
            Ok(true) => self.found_lines += 1,
            Ok(false) => {
                self.found_ended_early();
                return Ok(());
            }
            Err(error) => {
                self.trouble = Some(error);
                return Ok(());
            }
        }
        if self.not_answered.is_none() {
            self.accepted_before_the_first_unanswered = self.expected_lines;
            let (at, why) = (self.found_lines, why.to_string());
            self.not_answered = Some(NotAnswered {
                at,
                what: Unanswerable::Query(query),
                why,
            });
        }
        Ok(())
    }

    /// An answer left `lines` lines unmade after the checker said it was settled.
    fn lines_not_made(&mut self, lines: u64) {
        self.expected_lines += lines;
    }

    /// The input `source` could not be read: its answers are unknown, and so is where the
    /// candidate's answers to the inputs after it begin: nothing from here on can be judged.
    fn unreadable_input(&mut self, source: &str, why: &dyn fmt::Display) {
        if !self.is_settled() {
            self.nothing_more_judged(Unanswerable::Input(source.to_owned()), why);
        }
    }

    fn flush(&mut self, answers: &mut Vec<u8>) -> io::Result<()> {
        // Every answer is taken as it is made: only a preamble with no answer after it waits.
        if self.preamble_left > 0 {
            self.take_preamble(answers);
        }
        debug_assert!(answers.is_empty(), "every answer is taken as it is made");
        answers.clear();
        Ok(())
    }
}

/// Where the comparison stands in a batch of expected answers.
pub(super) struct Place<'a> {
    pub batch: &'a [u8],
    pub origin: &'a Origin<'a>,
    /// The byte being compared, and which line of the batch it is on.
    pub at: usize,
    pub line_index: u64,
    /// Where the current expected token began in the batch (0 when it began before).
    pub token_began: usize,
}

impl Place<'_> {
    /// What the line being compared answers, as a verdict names it.
    pub fn query(&self) -> String {
        self.origin.describe(self.line_index)
    }
}

/// White space as the default validator's `isspace` sees it (in the C locale): what
/// separates the judges' words and tokens.
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// How many newlines `bytes` holds.
fn newlines(bytes: &[u8]) -> u64 {
    // Often one line, a query's answer: its one newline found is cheaper than a count.
    match memchr::memchr(b'\n', bytes) {
        None => 0,
        Some(first) if first + 1 == bytes.len() => 1,
        Some(first) => 1 + memchr::memchr_iter(b'\n', &bytes[first + 1..]).count() as u64,
    }
}

/// How many bytes `a` and `b`, of the same length, have in common at their start: all of them
/// (nearly always) in one `memcmp`; else a block at a time, and in the block that differs eight
/// bytes at a time, the first byte that differs being the lowest set byte of their XOR.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 256;
    let length = a.len().min(b.len());
    if a[..length] == b[..length] {
        return length;
    }
    let mut at = 0;
    while at + BLOCK <= length && a[at..at + BLOCK] == b[at..at + BLOCK] {
        at += BLOCK;
    }
    let word = |bytes: &[u8], at: usize| {
        u64::from_le_bytes(bytes[at..at + 8].try_into().expect("eight bytes"))
    };
    while at + 8 <= length {
        let differ = word(a, at) ^ word(b, at);
        if differ != 0 {
            return at + differ.trailing_zeros() as usize / 8;
        }
        at += 8;
    }
    at + a[at..length]
        .iter()
        .zip(&b[at..length])
        .take_while(|(x, y)| x == y)
        .count()
}

#[cfg(test)]
mod tests;
