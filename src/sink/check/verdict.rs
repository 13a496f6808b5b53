//! The verdict on a candidate's answers, and how it is said: one line, with counts in the right
//! number and the candidate's text shown escaped as every message shows input.

use std::fmt;

use crate::input::line::QuotedUpTo;

/// How many characters of an answer line a verdict shows: a whole sentence, a long route or a
/// grid's row cut short.
const SHOWN_CHARS: usize = 200;

/// Where a line's bytes before the first difference are longer than this, a verdict shows only
/// the last [`CONTEXT_BYTES`] of them, after an ellipsis, so that the difference is on screen.
pub(crate) const LEAD_BYTES: usize = 150;
pub(crate) const CONTEXT_BYTES: usize = 40;

/// The verdict on an answer file, or on a candidate's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Accepted {
        answers: u64,
    },
    WrongAnswer {
        at: u64,
        expected: ShownLine,
        found: ShownLine,
        query: String,
    },
    /// A route that is not a shortest one of the query (`what` says how: a step that is not a
    /// move, the wrong end, the wrong length), judged as any shortest route is right.
    WrongRoute {
        at: u64,
        what: String,
        query: String,
    },
    /// The words are right, `what` is not; `query` says what the line answers (empty where
    /// it answers none, a blank line at the end).
    PresentationError {
        at: u64,
        what: &'static str,
        query: String,
    },
    /// The answers end after `found` lines; `expected` were expected.
    TooFew {
        found: u64,
        expected: u64,
    },
    /// The answers end before their header row (`--format tsv --header`) is whole; `expected`
    /// answers were expected after it.
    NoHeader {
        expected: u64,
    },
    /// The answers go on past the `expected` lines, from line `from`.
    TooMany {
        expected: u64,
        from: u64,
    },
    /// knight-moves could not make the answers to `count` queries (a search gave up), so the
    /// candidate's answers to them were not judged; the `accepted` others were right. Not the
    /// candidate's failure, and never passed off as one.
    NotJudged {
        first: NotAnswered,
        count: u64,
        accepted: u64,
        /// The first presentation error among the answers judged: their words are right.
        presentation: Option<(u64, &'static str)>,
    },
}

/// What knight-moves could not do, and the candidate's lines it leaves unjudged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NotAnswered {
    /// The candidate's line that was skipped, or from which on nothing was judged.
    pub at: u64,
    pub what: Unanswerable,
    /// Why: the search's message, or the system's.
    pub why: String,
}

/// What knight-moves could not do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unanswerable {
    /// Answer this query (`SOURCE:LINE: a1 h8`); the candidate's line for it was skipped.
    Query(String),
    /// Answer this query, after which the candidate's lines cannot be told apart (a grid cut
    /// short, or answers whose line breaks differ): nothing after it was judged.
    QueryAndWhatFollows(String),
    /// Read this input: nothing after its answers was judged.
    Input(String),
}

/// An answer line as a verdict shows it: the bytes around the first difference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ShownLine {
    /// Whether the line's start is left out (the difference is far into it).
    pub from_inside: bool,
    pub bytes: Vec<u8>,
}

impl ShownLine {
    /// The line `prefix` + `rest`, where the first difference is right after `prefix`, which
    /// may itself be only the end of the line's start (`prefix_cut`).
    pub(crate) fn new(prefix: &[u8], prefix_cut: bool, rest: &[u8]) -> ShownLine {
        let from_inside = prefix_cut || prefix.len() > LEAD_BYTES;
        let prefix = match from_inside {
            true => &prefix[prefix.len().saturating_sub(CONTEXT_BYTES)..],
            false => prefix,
        };
        ShownLine {
            from_inside,
            bytes: [prefix, rest].concat(),
        }
    }
}

impl fmt::Display for ShownLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.from_inside {
            f.write_str("…")?;
        }
        QuotedUpTo(&self.bytes, SHOWN_CHARS).fmt(f)
    }
}

/// `count` and the noun, in the right number: `1 answer`, `2 answers`.
pub(crate) fn counted(count: u64, one: &str, many: &str) -> String {
    match count {
        1 => format!("1 {one}"),
        _ => format!("{count} {many}"),
    }
}

impl Verdict {
    /// Where and what a presentation error is, as [`Verdict::NotJudged`] keeps it; `None` for
    /// any other verdict.
    pub(crate) fn presentation(self) -> Option<(u64, &'static str)> {
        match self {
            Verdict::PresentationError { at, what, .. } => Some((at, what)),
            _ => None,
        }
    }

    /// The verdict as one line (without its newline), naming the answers `name`.
    pub(crate) fn describe(&self, name: &str) -> String {
        match self {
            Verdict::Accepted { answers } => {
                format!("Accepted ({})", counted(*answers, "answer", "answers"))
            }
            Verdict::WrongAnswer {
                at,
                expected,
                found,
                query,
            } => format!(
                "Wrong answer at {name}:{at}: expected {expected}, found {found}, for {query}"
            ),
            Verdict::WrongRoute { at, what, query } => {
                format!("Wrong answer at {name}:{at}: {what}, for {query}")
            }
            Verdict::PresentationError { at, what, query } if query.is_empty() => {
                format!("Presentation error at {name}:{at}: {what}")
            }
            Verdict::PresentationError { at, what, query } => {
                format!("Presentation error at {name}:{at}: {what}, for {query}")
            }
            Verdict::TooFew { found, expected } => format!(
                "Wrong answer: {name} ends after {}, {expected} expected",
                counted(*found, "answer", "answers")
            ),
            Verdict::NoHeader { expected } => format!(
                "Wrong answer: {name} ends before the header row, {} expected",
                counted(*expected, "answer", "answers")
            ),
            Verdict::TooMany { expected, from } => format!(
                "Wrong answer: {name} goes on past the {} expected, from line {from}",
                counted(*expected, "answer", "answers")
            ),
            Verdict::NotJudged {
                first,
                count,
                accepted,
                presentation,
            } => {
                let NotAnswered { at, what, why } = first;
                let right = match presentation {
                    None => "right",
                    Some(_) => "right in their words",
                };
                let (could_not, rest) = match what {
                    Unanswerable::Query(query) if *count > 1 => {
                        (format!("answer {count} queries, the first {query}"), false)
                    }
                    Unanswerable::Query(query) => (format!("answer {query}"), false),
                    Unanswerable::QueryAndWhatFollows(query) => (format!("answer {query}"), true),
                    Unanswerable::Input(source) => (format!("read {source}"), true),
                };
                let (not_judged, other, before) = match (rest, count) {
                    (true, _) => (
                        format!("{name} was not judged from line {at} on"),
                        "",
                        " before it",
                    ),
                    (false, 1) => (format!("{name}:{at} was not judged"), "other ", ""),
                    (false, _) => {
                        let others = counted(count - 1, "other line", "other lines");
                        (
                            format!("{name}:{at} and {others} were not judged"),
                            "other ",
                            "",
                        )
                    }
                };
                let judged = match accepted {
                    0 => format!("no {other}answer{before} was judged"),
                    1 => format!("the {other}answer{before} was {right}"),
                    _ => format!("the {other}{accepted} answers{before} were {right}"),
                };
                let failure = format!(
                    "Judge failure: knight-moves could not {could_not} ({why}), so {not_judged}; \
                     {judged}"
                );
                match presentation {
                    None => failure,
                    Some((line, what)) => {
                        format!("{failure}, but {name}:{line} has a presentation error ({what})")
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_said_in_the_right_number() {
        let one = Verdict::Accepted { answers: 1 };
        assert_eq!(one.describe("a.out"), "Accepted (1 answer)");
        let few = Verdict::TooFew {
            found: 1,
            expected: 2,
        };
        assert_eq!(
            few.describe("a.out"),
            "Wrong answer: a.out ends after 1 answer, 2 expected"
        );
        let many = Verdict::TooMany {
            expected: 1,
            from: 2,
        };
        assert_eq!(
            many.describe("a.out"),
            "Wrong answer: a.out goes on past the 1 answer expected, from line 2"
        );
    }

    #[test]
    fn a_difference_far_into_a_line_is_shown_with_what_surrounds_it() {
        let near = ShownLine::new(b"0 3 ", false, b"2 5");
        assert_eq!(near.to_string(), "\"0 3 2 5\"");
        let far = ShownLine::new(&[b'7'; 400], false, b"x 1");
        assert_eq!(
            far.to_string(),
            format!("…\"{}x 1\"", "7".repeat(CONTEXT_BYTES))
        );
        let cut = ShownLine::new(b"1 2", true, b"3");
        assert_eq!(cut.to_string(), "…\"1 23\"");
    }

    #[test]
    fn control_bytes_are_escaped_as_in_every_message() {
        let line = ShownLine::new(b"a\x1b", false, b"b");
        assert_eq!(line.to_string(), "\"a\\x1bb\"");
    }
}
