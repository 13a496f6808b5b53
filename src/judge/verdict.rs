//! Judging answers: one line of a candidate's output against the line knight-moves made, as
//! each problem's judge compares them, and the verdict on a whole answer file.
//!
//! What a judge forgives (decided per problem, and documented in the README):
//! - UVa 439 and POJ 1915, old judges that compare bytes: nothing. A CR before the newline,
//!   trailing blanks, other spacing or a missing final newline is a presentation error.
//! - SPOJ NAKANJ and CSES, which compare tokens: a CR before the newline, trailing blanks, a
//!   missing final newline and blank lines at the end. Other spacing is still a presentation
//!   error, here, as it would be on a judge that compares more strictly.

use std::fmt;
use std::io::{self, BufRead, Read};

use crate::input::line::QuotedUpTo;

/// How much of an answer line a verdict shows: a whole sentence, a long route cut short.
const SHOWN_CHARS: usize = 200;
use crate::problem::Problem;

/// How one found line compares with the expected one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineVerdict {
    Same,
    /// The words are right; what differs around them.
    Presentation(&'static str),
    Wrong,
}

/// Whether `problem`'s judge forgives line ends and trailing blanks.
pub(crate) fn forgives_blanks(problem: Problem) -> bool {
    matches!(problem, Problem::Nakanj | Problem::CsesGrid)
}

/// Compares a found line (without its newline, and `ended` saying whether it had one) with
/// the expected line (without its newline).
pub(crate) fn compare_line(
    expected: &[u8],
    found: &[u8],
    ended: bool,
    forgiving: bool,
) -> LineVerdict {
    let blanks = |b: &u8| *b == b' ' || *b == b'\t';
    let without_cr = found.strip_suffix(b"\r").unwrap_or(found);
    let end = without_cr
        .iter()
        .rposition(|b| !blanks(b))
        .map_or(0, |i| i + 1);
    let trimmed = &without_cr[..end];
    if found == expected && ended {
        return LineVerdict::Same;
    }
    if forgiving && trimmed == expected {
        return LineVerdict::Same;
    }
    let words = |text: &[u8]| -> Vec<Vec<u8>> {
        text.split(|b| b.is_ascii_whitespace())
            .filter(|word| !word.is_empty())
            .map(<[u8]>::to_vec)
            .collect()
    };
    if words(found) != words(expected) {
        return LineVerdict::Wrong;
    }
    LineVerdict::Presentation(if found == expected {
        "missing final newline"
    } else if without_cr == expected {
        "CRLF line end"
    } else if trimmed == expected && without_cr.len() == found.len() {
        "trailing space"
    } else if trimmed == expected {
        "trailing space and CRLF line end"
    } else {
        "spacing differs"
    })
}

/// The verdict on an answer file, or on a candidate's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Accepted {
        answers: u64,
    },
    WrongAnswer {
        at: u64,
        expected: Vec<u8>,
        found: Vec<u8>,
        query: String,
    },
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
    /// The answers go on past the `expected` lines, from line `from`.
    TooMany {
        expected: u64,
        from: u64,
    },
}

impl Verdict {
    pub(crate) fn is_accepted(&self) -> bool {
        matches!(self, Verdict::Accepted { .. })
    }

    /// The verdict as one line (without its newline), naming the answers `name`.
    pub(crate) fn describe(&self, name: &str) -> String {
        match self {
            Verdict::Accepted { answers } => format!("Accepted ({answers} answers)"),
            Verdict::WrongAnswer {
                at,
                expected,
                found,
                query,
            } => format!(
                "Wrong answer at {name}:{at}: expected {}, found {}, for {query}",
                QuotedUpTo(expected, SHOWN_CHARS),
                QuotedUpTo(found, SHOWN_CHARS)
            ),
            Verdict::PresentationError { at, what, query } => {
                format!("Presentation error at {name}:{at}: {what}, for {query}")
            }
            Verdict::TooFew { found, expected } => {
                format!("Wrong answer: {name} ends after {found} answers, {expected} expected")
            }
            Verdict::TooMany { expected, from } => format!(
                "Wrong answer: {name} goes on past the {expected} answers expected, from line {from}"
            ),
        }
    }
}

/// The longest found line compared; a longer one is cut there, which makes it wrong.
const LONGEST_LINE: u64 = 1 << 20;

/// Compares answer lines, as knight-moves makes them, with the lines of an answer file, as it
/// reads them: both stream, so both may be of any length.
pub(crate) struct Checker {
    answers: Box<dyn BufRead>,
    forgiving: bool,
    /// Expected lines so far; found lines read so far.
    expected: u64,
    read: u64,
    /// Expected bytes not yet a whole line (a grid arrives in pieces).
    partial: Vec<u8>,
    /// The first failure, after which lines are only counted.
    failure: Option<Verdict>,
    /// A failure to read the answers, reported by the caller.
    trouble: Option<io::Error>,
    line: Vec<u8>,
}

impl Checker {
    pub(crate) fn new(answers: Box<dyn BufRead>, problem: Problem) -> Checker {
        Checker {
            answers,
            forgiving: forgives_blanks(problem),
            expected: 0,
            read: 0,
            partial: Vec::new(),
            failure: None,
            trouble: None,
            line: Vec::new(),
        }
    }

    /// Compares the expected answer lines in `bytes` (whole lines, or a piece of a grid) with
    /// the next lines of the answers; `query` says what they answer.
    pub(crate) fn expect(&mut self, bytes: &[u8], query: &dyn fmt::Display) {
        self.partial.extend_from_slice(bytes);
        let mut start = 0;
        while let Some(end) = self.partial[start..].iter().position(|&b| b == b'\n') {
            let line = self.partial[start..start + end].to_vec();
            start += end + 1;
            self.expected += 1;
            if self.failure.is_none() {
                self.compare(&line, query);
            }
        }
        self.partial.drain(..start);
    }

    fn compare(&mut self, expected: &[u8], query: &dyn fmt::Display) {
        let Some(ended) = self.next_line() else {
            self.failure = Some(Verdict::TooFew {
                found: self.read,
                expected: 0, // filled in by `finish`
            });
            return;
        };
        let at = self.read;
        match compare_line(expected, &self.line, ended, self.forgiving) {
            LineVerdict::Same => {}
            LineVerdict::Presentation(what) => {
                self.failure = Some(Verdict::PresentationError {
                    at,
                    what,
                    query: query.to_string(),
                });
            }
            LineVerdict::Wrong => {
                let found = self.line.strip_suffix(b"\r").unwrap_or(&self.line).to_vec();
                self.failure = Some(Verdict::WrongAnswer {
                    at,
                    expected: expected.to_vec(),
                    found,
                    query: query.to_string(),
                });
            }
        }
    }

    /// Reads the next found line into `self.line`, without its newline; says whether it had
    /// one, or `None` at the end of the answers.
    fn next_line(&mut self) -> Option<bool> {
        self.line.clear();
        // `Take` over the answers' own buffer: what is not taken stays for the next line.
        let mut reader = (&mut self.answers).take(LONGEST_LINE);
        match reader.read_until(b'\n', &mut self.line) {
            Ok(0) => None,
            Ok(_) => {
                self.read += 1;
                let ended = self.line.last() == Some(&b'\n');
                if ended {
                    self.line.pop();
                } else if self.line.len() as u64 == LONGEST_LINE {
                    self.skip_rest_of_line();
                }
                Some(ended)
            }
            Err(error) => {
                self.trouble = Some(error);
                None
            }
        }
    }

    /// Drops the rest of an overlong found line.
    fn skip_rest_of_line(&mut self) {
        let mut rest = Vec::new();
        while let Ok(read) = (&mut self.answers)
            .take(LONGEST_LINE)
            .read_until(b'\n', &mut rest)
        {
            if read == 0 || rest.last() == Some(&b'\n') {
                break;
            }
            rest.clear();
        }
    }

    /// The verdict, once every expected answer has been given; or the trouble reading the
    /// answers.
    pub(crate) fn finish(mut self) -> io::Result<Verdict> {
        if let Some(error) = self.trouble.take() {
            return Err(error);
        }
        let expected = self.expected;
        match self.failure.take() {
            Some(Verdict::TooFew { found, .. }) => return Ok(Verdict::TooFew { found, expected }),
            Some(failure) => return Ok(failure),
            None => {}
        }
        // What follows the last expected line: blank lines at the end are forgiven where
        // blanks are.
        while let Some(_ended) = self.next_line() {
            let blank = self.line.iter().all(|b| b.is_ascii_whitespace());
            if !(self.forgiving && blank) {
                return Ok(Verdict::TooMany {
                    expected,
                    from: self.read,
                });
            }
        }
        if let Some(error) = self.trouble.take() {
            return Err(error);
        }
        Ok(Verdict::Accepted { answers: expected })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_compare_as_each_judge_does() {
        let cases: &[(&[u8], bool, bool, LineVerdict)] = &[
            (b"6", true, false, LineVerdict::Same),
            (b"5", true, false, LineVerdict::Wrong),
            (
                b"6\r",
                true,
                false,
                LineVerdict::Presentation("CRLF line end"),
            ),
            (b"6\r", true, true, LineVerdict::Same),
            (
                b"6 ",
                true,
                false,
                LineVerdict::Presentation("trailing space"),
            ),
            (b"6 ", true, true, LineVerdict::Same),
            (
                b"6",
                false,
                false,
                LineVerdict::Presentation("missing final newline"),
            ),
            (b"6", false, true, LineVerdict::Same),
            (
                b" 6",
                true,
                true,
                LineVerdict::Presentation("spacing differs"),
            ),
            (b"", true, true, LineVerdict::Wrong),
            (b"6 6", true, true, LineVerdict::Wrong),
        ];
        for &(found, ended, forgiving, verdict) in cases {
            assert_eq!(
                compare_line(b"6", found, ended, forgiving),
                verdict,
                "{:?} {ended} {forgiving}",
                String::from_utf8_lossy(found)
            );
        }
        let sentence = b"To get from a1 to b2 takes 4 knight moves.";
        let spaced = b"To get from a1 to b2  takes 4 knight moves.";
        assert_eq!(
            compare_line(sentence, spaced, true, false),
            LineVerdict::Presentation("spacing differs")
        );
    }

    fn verdict(expected: &[&str], answers: &str, problem: Problem) -> String {
        let mut checker = Checker::new(Box::new(io::Cursor::new(answers.to_owned())), problem);
        for (index, line) in expected.iter().enumerate() {
            checker.expect(
                format!("{line}\n").as_bytes(),
                &format!("t:{}: query", index + 1),
            );
        }
        checker.finish().unwrap().describe("a.out")
    }

    #[test]
    fn answer_files_get_one_verdict() {
        let uva = Problem::Uva439;
        assert_eq!(verdict(&["6", "1"], "6\n1\n", uva), "Accepted (2 answers)");
        assert_eq!(
            verdict(&["6", "1"], "6\n2\n", uva),
            "Wrong answer at a.out:2: expected \"1\", found \"2\", for t:2: query"
        );
        assert_eq!(
            verdict(&["6", "1"], "6\n", uva),
            "Wrong answer: a.out ends after 1 answers, 2 expected"
        );
        assert_eq!(
            verdict(&["6"], "6\n1\n", uva),
            "Wrong answer: a.out goes on past the 1 answers expected, from line 2"
        );
        assert_eq!(
            verdict(&["6", "1"], "6\r\n1\r\n", uva),
            "Presentation error at a.out:1: CRLF line end, for t:1: query"
        );
        assert_eq!(
            verdict(&["6", "1"], "6\r\n1\r\n\n", Problem::Nakanj),
            "Accepted (2 answers)"
        );
        // A grid arrives in pieces.
        let mut checker = Checker::new(Box::new(io::Cursor::new("0 3\n3 4\n")), Problem::CsesGrid);
        checker.expect(b"0 3\n3", &"t:1: n = 2");
        checker.expect(b" 4\n", &"t:1: n = 2");
        assert!(checker.finish().unwrap().is_accepted());
    }
}
