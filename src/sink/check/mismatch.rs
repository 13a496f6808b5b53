//! The slow path of checking: one answer line whose bytes differ from the expected line's,
//! judged as the problem's judge compares lines, while both go on streaming.
//!
//! The bytes before the first difference are the same on both sides (the checker compared
//! them); from there on, each side's line is read as *words*: the bytes between runs of ASCII
//! whitespace. Different words are a wrong answer, decided at the first word byte that differs,
//! so that a wrong row of a billion-number grid is judged at once. The same words with other
//! bytes around them are a presentation error, or nothing at all where the judge forgives a CR
//! before the newline, trailing blanks and a missing final newline; telling those apart needs
//! the rest of the found line, which is read in constant memory however long it is.

use std::io;

use crate::sink::check::found::Found;
use crate::sink::check::verdict::ShownLine;

/// How much of each side's line past the difference is kept to show: enough for the 200
/// characters a verdict shows.
const KEPT_BYTES: usize = 1024;

/// How one found line compares with the expected one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LineVerdict {
    Same,
    /// The words are right; what differs around them.
    Presentation(&'static str),
    Wrong {
        expected: ShownLine,
        found: ShownLine,
    },
}

/// A line's words, one byte at a time: word bytes pass, each run of whitespace between two
/// words becomes one space, whitespace before the first word and after the last is dropped.
#[derive(Clone, Copy, Debug, Default)]
struct Words {
    seen_a_word: bool,
    in_a_gap: bool,
}

impl Words {
    /// The words' state after `prefix`, the line's bytes so far.
    fn after(prefix: &[u8], prefix_cut: bool) -> Words {
        let seen_a_word = prefix_cut || prefix.iter().any(|b| !b.is_ascii_whitespace());
        let ends_in_a_gap = prefix.last().is_some_and(u8::is_ascii_whitespace);
        Words {
            seen_a_word,
            in_a_gap: seen_a_word && ends_in_a_gap,
        }
    }

    /// What `byte` adds to the words: nothing, the byte, or a space and the byte.
    fn push(&mut self, byte: u8) -> &'static [u8] {
        if byte.is_ascii_whitespace() {
            self.in_a_gap |= self.seen_a_word;
            return b"";
        }
        let gap = std::mem::take(&mut self.in_a_gap);
        self.seen_a_word = true;
        match gap {
            true => &SPACED[byte as usize],
            false => &SINGLE[byte as usize],
        }
    }
}

/// Every byte alone, and after a space, as static slices for [`Words::push`].
static SINGLE: [[u8; 1]; 256] = {
    let mut all = [[0; 1]; 256];
    let mut byte = 0;
    while byte < 256 {
        all[byte] = [byte as u8];
        byte += 1;
    }
    all
};
static SPACED: [[u8; 2]; 256] = {
    let mut all = [[b' ', 0]; 256];
    let mut byte = 0;
    while byte < 256 {
        all[byte][1] = byte as u8;
        byte += 1;
    }
    all
};

/// What the found line holds past the difference when the expected line ends there: only
/// blanks, then perhaps one CR (what a forgiving judge forgives), or anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tail {
    /// Nothing yet.
    Empty,
    Blanks,
    Cr {
        after_blanks: bool,
    },
    Other,
}

impl Tail {
    fn push(self, byte: u8) -> Tail {
        match (self, byte) {
            (Tail::Empty | Tail::Blanks, b' ' | b'\t') => Tail::Blanks,
            (Tail::Empty, b'\r') => Tail::Cr {
                after_blanks: false,
            },
            (Tail::Blanks, b'\r') => Tail::Cr { after_blanks: true },
            _ => Tail::Other,
        }
    }
}

/// One line being judged past its first difference.
pub(crate) struct Mismatch {
    /// The found line's number, and what the expected line answers.
    at: u64,
    query: String,
    /// The line's bytes before the difference (or their end, `prefix_cut`).
    prefix: Vec<u8>,
    prefix_cut: bool,
    forgiving: bool,
    expected_words: Words,
    found_words: Words,
    /// Word bytes of the found line not yet matched with the expected line's.
    found_queue: Vec<u8>,
    /// The start of each side's line past the difference, to show.
    expected_rest: Vec<u8>,
    found_rest: Vec<u8>,
    /// Whether the expected line ended at the difference itself (only then can the found line
    /// differ by a tail that a judge forgives).
    expected_ended_at_difference: Option<bool>,
    expected_ended: bool,
    /// `Some(true)` once the found line's newline was read, `Some(false)` at the end of the
    /// answers without one.
    found_ended: Option<bool>,
    tail: Tail,
    words_differ: bool,
    verdict: Option<LineVerdict>,
}

impl Mismatch {
    /// A line that differs right after `prefix`.
    pub(crate) fn new(prefix: &[u8], prefix_cut: bool, forgiving: bool) -> Mismatch {
        let words = Words::after(prefix, prefix_cut);
        Mismatch {
            at: 0,
            query: String::new(),
            prefix: prefix.to_vec(),
            prefix_cut,
            forgiving,
            expected_words: words,
            found_words: words,
            found_queue: Vec::new(),
            expected_rest: Vec::new(),
            found_rest: Vec::new(),
            expected_ended_at_difference: None,
            expected_ended: false,
            found_ended: None,
            tail: Tail::Empty,
            words_differ: false,
            verdict: None,
        }
    }

    /// Notes where the line is: the found line's number, and what the expected line answers.
    pub(crate) fn set_origin(&mut self, at: u64, query: String) {
        (self.at, self.query) = (at, query);
    }

    /// The found line's number, and what the expected line answers.
    pub(crate) fn origin(&self) -> (u64, String) {
        (self.at, self.query.clone())
    }

    /// The line's verdict, once decided.
    pub(crate) fn verdict(&self) -> Option<&LineVerdict> {
        self.verdict.as_ref()
    }

    /// Whether the expected line's newline was taken (it counts as a line once).
    pub(crate) fn expected_ended(&self) -> bool {
        self.expected_ended
    }

    /// Whether the found line was read to its end, newline or end of the answers.
    pub(crate) fn found_ended(&self) -> bool {
        self.found_ended.is_some()
    }

    /// Takes the expected bytes at the start of `expected`, up to and including the line's
    /// newline, reading the found line as far as they need; returns how many it took. Stops
    /// early once the verdict is decided.
    pub(crate) fn take_expected(
        &mut self,
        expected: &[u8],
        found: &mut Found,
    ) -> io::Result<usize> {
        for (index, &byte) in expected.iter().enumerate() {
            if self.verdict.is_some() {
                return Ok(index);
            }
            if byte == b'\n' {
                self.expected_ended_at_difference.get_or_insert(true);
                self.expected_ended = true;
                self.end_of_expected_line(found)?;
                return Ok(index + 1);
            }
            self.expected_ended_at_difference.get_or_insert(false);
            if self.expected_rest.len() < KEPT_BYTES {
                self.expected_rest.push(byte);
            }
            if !self.words_differ {
                for &word_byte in self.expected_words.push(byte) {
                    if self.next_found_word_byte(found)? != Some(word_byte) {
                        self.words_differ = true;
                        break;
                    }
                }
            }
            if self.words_differ && self.expected_rest.len() >= KEPT_BYTES {
                // Wrong, and as much of the expected line as is shown: no need to wait for
                // the rest of a long line.
                self.decide_wrong(found)?;
            }
        }
        Ok(expected.len())
    }

    /// The expected answers ended inside this line (they never do: every answer line ends in
    /// a newline); judged as far as it went.
    pub(crate) fn end_of_expected(&mut self, found: &mut Found) -> io::Result<()> {
        if self.verdict.is_none() {
            self.end_of_expected_line(found)?;
        }
        Ok(())
    }

    /// The next word byte of the found line, or `None` at its end.
    fn next_found_word_byte(&mut self, found: &mut Found) -> io::Result<Option<u8>> {
        loop {
            if !self.found_queue.is_empty() {
                return Ok(Some(self.found_queue.remove(0)));
            }
            if self.found_ended.is_some() {
                return Ok(None);
            }
            match found.next_byte()? {
                None => self.found_ended = Some(false),
                Some(b'\n') => self.found_ended = Some(true),
                Some(byte) => {
                    self.keep_found(byte);
                    let words = self.found_words.push(byte);
                    self.found_queue.extend_from_slice(words);
                }
            }
        }
    }

    fn keep_found(&mut self, byte: u8) {
        if self.found_rest.len() < KEPT_BYTES {
            self.found_rest.push(byte);
        }
        if self.expected_ended_at_difference != Some(false) {
            self.tail = self.tail.push(byte);
        }
    }

    /// The expected line has ended: the found line's words must end too; what is left of it
    /// says which presentation error, if any.
    fn end_of_expected_line(&mut self, found: &mut Found) -> io::Result<()> {
        if !self.words_differ && self.next_found_word_byte(found)?.is_some() {
            self.words_differ = true;
        }
        if self.words_differ {
            return self.decide_wrong(found);
        }
        // The same words: read the rest of the found line for its shape.
        while self.next_found_word_byte(found)?.is_some() {}
        let ended_with_newline = self.found_ended == Some(true);
        let verdict = match (self.expected_ended_at_difference, self.tail) {
            (Some(true), Tail::Empty) if !ended_with_newline => match self.forgiving {
                true => LineVerdict::Same,
                false => LineVerdict::Presentation("missing final newline"),
            },
            (Some(true), Tail::Empty) => LineVerdict::Same,
            (Some(true), Tail::Blanks | Tail::Cr { .. }) if self.forgiving => LineVerdict::Same,
            (Some(true), Tail::Blanks) => LineVerdict::Presentation("trailing space"),
            (
                Some(true),
                Tail::Cr {
                    after_blanks: false,
                },
            ) => LineVerdict::Presentation("CRLF line end"),
            (Some(true), Tail::Cr { after_blanks: true }) => {
                LineVerdict::Presentation("trailing space and CRLF line end")
            }
            _ => LineVerdict::Presentation("spacing differs"),
        };
        self.verdict = Some(verdict);
        Ok(())
    }

    /// Decides a wrong answer, reading as much more of the found line as is shown.
    fn decide_wrong(&mut self, found: &mut Found) -> io::Result<()> {
        while self.found_ended.is_none() && self.found_rest.len() < KEPT_BYTES {
            match found.next_byte()? {
                None => self.found_ended = Some(false),
                Some(b'\n') => self.found_ended = Some(true),
                Some(byte) => self.found_rest.push(byte),
            }
        }
        let mut found_rest = &self.found_rest[..];
        if self.found_ended.is_some() {
            // A CR before the newline is no part of the answer shown.
            found_rest = found_rest.strip_suffix(b"\r").unwrap_or(found_rest);
        }
        self.verdict = Some(LineVerdict::Wrong {
            expected: ShownLine::new(&self.prefix, self.prefix_cut, &self.expected_rest),
            found: ShownLine::new(&self.prefix, self.prefix_cut, found_rest),
        });
        Ok(())
    }
}
