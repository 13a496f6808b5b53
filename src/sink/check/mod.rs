//! Judging answers as they stream: the [`Checker`] is a [`Sink`] that compares the answers
//! knight-moves makes with a candidate's, as each problem's judge compares them, and gives one
//! [`Verdict`] at the end.
//!
//! Both sides stream, so either may be of any size, a line of either any length: the expected
//! answers arrive in batches from the pipeline, the candidate's are read in large reads, and
//! the two are compared a block of bytes at a time. Only where the bytes differ are the answers
//! looked at closely, token by token ([`tokens`]), or, where lines count, line by line (its
//! line-sensitive mode). Once the verdict is certain the checker says so
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
//! candidate: where lines count its answer line is skipped, so the lines after it stay
//! aligned; elsewhere nothing after it is judged; and unless the candidate failed elsewhere
//! the verdict is [`Verdict::NotJudged`].

pub(crate) mod found;
pub(crate) mod tokens;
pub(crate) mod verdict;

use std::fmt;
use std::io::{self, Read};

use crate::board::{Board, Piece};
use crate::format::Shape;
use crate::sink::check::found::Found;
use crate::sink::check::tokens::{Leniency, RouteRules, TokenChecker};
use crate::sink::check::verdict::Verdict;
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
/// [`Comparison`] chosen once says: line by line, or token by token (one [`TokenChecker`],
/// in its line-sensitive mode or not). Lines before the first
/// answer (the TSV header row) are judged as answers are, under their own origin, and
/// counted as none of them.
pub(crate) struct Checker {
    tokens: TokenChecker,
    /// The lines of the preamble not yet taken.
    preamble_left: u64,
    /// The lines of the preamble taken.
    preamble_taken: u64,
}

impl From<TokenChecker> for Checker {
    fn from(tokens: TokenChecker) -> Checker {
        Checker {
            tokens,
            preamble_left: 0,
            preamble_taken: 0,
        }
    }
}

impl Checker {
    /// A checker of the answers `found`, compared as `comparison` says.
    pub(crate) fn new(found: Box<dyn Read>, comparison: Comparison) -> Checker {
        let found = Found::new(found);
        let tokens = match comparison {
            Comparison::Bytes => TokenChecker::by_lines(found, false),
            Comparison::Words => TokenChecker::by_lines(found, true),
            Comparison::Tokens(leniency) => TokenChecker::new(found, leniency),
        };
        tokens.into()
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
        let tokens = match comparison {
            Comparison::Words => checker.routes_end_with_their_lines(),
            Comparison::Bytes | Comparison::Tokens(_) => checker,
        };
        tokens.into()
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
        checker.punctuated().into()
    }

    /// The verdict, once every expected answer has been given; or the trouble reading the
    /// answers.
    pub(crate) fn finish(self) -> io::Result<Verdict> {
        let verdict = self.tokens.finish()?;
        Ok(verdict.less_preamble(self.preamble_taken))
    }

    fn take_answers(&mut self, answers: &mut Vec<u8>, origin: &Origin) -> io::Result<Flow> {
        let flow = self.tokens.take(answers, origin);
        answers.clear();
        Ok(flow)
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
        self.tokens.no_answer(origin, why);
        Ok(())
    }

    fn lines_not_made(&mut self, lines: u64) {
        self.tokens.lines_not_made(lines);
    }

    fn unreadable_input(&mut self, source: &str, why: &dyn fmt::Display) {
        self.tokens.unreadable_input(source, why);
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
