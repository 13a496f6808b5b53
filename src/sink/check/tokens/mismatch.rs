//! The slow path of checking: answers whose bytes differ from the expected ones, judged as
//! the problem's judge compares them, while both sides go on streaming.
//!
//! The bytes before the first difference are the same on both sides (the checker compared
//! them); from there on, each side is read as *words*: the bytes between runs of whitespace
//! (space, tab, CR, vertical tab, form feed, and newline). Different words are a wrong answer,
//! decided at the first word byte that differs, so that a wrong row of a billion-number grid is
//! judged at once. The same words with other bytes around them are a presentation error, or
//! nothing at all where the judge forgives a CR before the newline, trailing blanks and a
//! missing final newline.
//!
//! Most differences stay within one line: the line is judged, and the checker goes back to
//! comparing bytes. Where the two sides break lines differently (a blank line among the
//! answers, an answer split in two, two joined into one), the words are followed across lines
//! until both sides end a line at the same word, which is a presentation error (`line breaks
//! differ`); a word that differs on the way is a wrong answer, wherever it stands.

use std::io;

use crate::sink::Origin;
use crate::sink::check::found::Found;
use crate::sink::check::verdict::ShownLine;

/// How much of each side's line is kept to show: enough for the 200 characters a verdict
/// shows, however far into the line the difference is.
const KEPT_BYTES: usize = 1024;

/// Whether a byte separates the judge's words: what C's `isspace` calls space (space, tab,
/// newline, CR, vertical tab, form feed). The checker's own rule, wider than the input's blanks
/// (`input::line::is_blank`), since it judges answers as a judge's checker reads them.
pub(crate) fn is_word_separator(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Whether a byte is trailing space that a forgiving judge drops at a line's end: a word
/// separator that ends no line (space, tab, vertical tab, form feed). A CR there is judged on
/// its own.
pub(crate) fn is_trailing_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | 0x0b | 0x0c)
}

/// How the answers compare from the difference on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LineVerdict {
    Same,
    /// The words are right; what differs around them.
    Presentation(&'static str),
    Wrong {
        /// The found line on which the first wrong word stands, and what the expected answer
        /// there answers.
        at: u64,
        query: String,
        expected: ShownLine,
        found: ShownLine,
    },
    /// The candidate's answers ended with words still expected; `newline_counted` when the
    /// line they ran out on had its newline counted among the lines taken, though its words
    /// were not all given.
    FoundEnded {
        newline_counted: bool,
    },
    /// The expected answers ended with words still in the candidate's, from line `from`.
    FoundGoesOn {
        from: u64,
    },
}

/// A line's words, one byte at a time: word bytes pass, each run of spaces between two words
/// becomes one space, spaces before the first word and after the last are dropped.
#[derive(Clone, Copy, Debug, Default)]
struct Words {
    seen_a_word: bool,
    in_a_gap: bool,
}

impl Words {
    /// The words' state after `prefix`, the line's bytes so far.
    fn after(prefix: &[u8], prefix_cut: bool) -> Words {
        let seen_a_word = prefix_cut || prefix.iter().any(|&b| !is_word_separator(b));
        let ends_in_a_gap = prefix.last().is_some_and(|&b| is_word_separator(b));
        Words {
            seen_a_word,
            in_a_gap: seen_a_word && ends_in_a_gap,
        }
    }

    /// What `byte` adds to the words: nothing, the byte, or a space and the byte.
    fn push(&mut self, byte: u8) -> &'static [u8] {
        if is_word_separator(byte) {
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
/// trailing space, then perhaps one CR (what a forgiving judge forgives), or anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tail {
    /// Nothing yet.
    Empty,
    Spaces,
    Cr {
        after_spaces: bool,
    },
    Other,
}

impl Tail {
    fn push(self, byte: u8) -> Tail {
        match (self, byte) {
            (Tail::Empty | Tail::Spaces, byte) if is_trailing_space(byte) => Tail::Spaces,
            (Tail::Empty, b'\r') => Tail::Cr {
                after_spaces: false,
            },
            (Tail::Spaces, b'\r') => Tail::Cr { after_spaces: true },
            _ => Tail::Other,
        }
    }
}

/// One side's line, as far as it is kept to show.
struct Line {
    bytes: Vec<u8>,
    /// Whether its start is cut off.
    cut: bool,
    /// Where the first wrong word starts in `bytes`, once known.
    difference: Option<usize>,
}

impl Line {
    fn new(prefix: &[u8], cut: bool) -> Line {
        Line {
            bytes: prefix.to_vec(),
            cut,
            difference: None,
        }
    }

    fn push(&mut self, byte: u8) {
        if self.bytes.len() < KEPT_BYTES + self.difference.unwrap_or(KEPT_BYTES) {
            self.bytes.push(byte);
        }
    }

    /// A new line begins.
    fn clear(&mut self) {
        self.bytes.clear();
        self.cut = false;
    }

    /// Whether enough is kept past the difference to show it.
    fn is_full(&self) -> bool {
        self.difference
            .is_some_and(|at| self.bytes.len() >= at + KEPT_BYTES)
    }

    fn shown(&self) -> ShownLine {
        let at = self
            .difference
            .unwrap_or(self.bytes.len())
            .min(self.bytes.len());
        ShownLine::new(&self.bytes[..at], self.cut, &self.bytes[at..])
    }
}

/// Answers being judged past their first difference.
pub(crate) struct Mismatch {
    forgiving: bool,
    /// The found line's number where the difference is, and what the expected line there
    /// answers; followed across lines once the line breaks differ.
    at: u64,
    /// What the expected line of the difference answers, said once the words differ (saying
    /// it costs a look through the batch, so it is not said for every line that differs only
    /// in its spacing).
    query: Option<String>,
    /// Where the expected line of the difference is: its batch's line, or, once that line has
    /// ended, the next one, in the next expected byte's batch.
    line_index: u64,
    line_ended: bool,
    /// Where the difference began, for a presentation error.
    first_at: u64,
    /// What the first expected line answers, where a presentation error would need it.
    first_query: Option<String>,
    expected_words: Words,
    found_words: Words,
    /// Word bytes of the found side not yet matched with the expected side's.
    found_queue: Vec<u8>,
    expected_line: Line,
    found_line: Line,
    /// Whether the expected line ended at the difference itself (only then can the found line
    /// differ by a tail that a judge forgives).
    expected_ended_at_difference: Option<bool>,
    /// Newlines taken on each side since the difference.
    expected_newlines: u64,
    found_newlines: u64,
    /// `Some(true)` once the found line's newline was read, `Some(false)` at the end of the
    /// answers.
    found_ended: Option<bool>,
    tail: Tail,
    /// Whether the words are followed across lines (the line breaks differ).
    across_lines: bool,
    words_differ: bool,
    /// Whether the words differ because the found side had none left there.
    found_ran_out: bool,
    verdict: Option<LineVerdict>,
}

impl Mismatch {
    /// Answers that differ right after `prefix` (the start of the line, or its end when
    /// `prefix_cut`), on found line `at`, where the expected line is the `line_index`-th of
    /// `origin`'s batch. `describe_first` asks for what that line answers to be said now, for
    /// a presentation error (only the first is shown).
    pub(crate) fn new(
        prefix: &[u8],
        prefix_cut: bool,
        forgiving: bool,
        at: u64,
        origin: &Origin,
        line_index: u64,
        describe_first: bool,
    ) -> Mismatch {
        let words = Words::after(prefix, prefix_cut);
        Mismatch {
            forgiving,
            at,
            first_at: at,
            first_query: describe_first.then(|| origin.describe(line_index)),
            query: None,
            line_index,
            line_ended: false,
            expected_words: words,
            found_words: words,
            found_queue: Vec::new(),
            expected_line: Line::new(prefix, prefix_cut),
            found_line: Line::new(prefix, prefix_cut),
            expected_ended_at_difference: None,
            expected_newlines: 0,
            found_newlines: 0,
            found_ended: None,
            tail: Tail::Empty,
            across_lines: false,
            words_differ: false,
            found_ran_out: false,
            verdict: None,
        }
    }

    /// Where the difference began: the found line and what the expected line answers (empty
    /// when it was not asked for).
    pub(crate) fn first_difference(&self) -> (u64, String) {
        (self.first_at, self.first_query.clone().unwrap_or_default())
    }

    /// The verdict, once decided.
    pub(crate) fn verdict(&self) -> Option<&LineVerdict> {
        self.verdict.as_ref()
    }

    /// The newlines taken on the expected side, and the found lines read whole.
    pub(crate) fn lines_taken(&self) -> (u64, u64) {
        let found_line_in_progress = self.found_ended == Some(false)
            && (!self.found_line.bytes.is_empty() || self.found_line.cut);
        (
            self.expected_newlines,
            self.found_newlines + u64::from(found_line_in_progress),
        )
    }

    /// Takes the expected bytes at the start of `expected` (the expected answers from the
    /// `index`-th line of `origin`'s batch), reading the found side as far as they need;
    /// returns how many it took. Stops once the verdict is decided.
    pub(crate) fn take_expected(
        &mut self,
        expected: &[u8],
        origin: &Origin,
        mut index: u64,
        found: &mut Found,
    ) -> io::Result<usize> {
        for (taken, &byte) in expected.iter().enumerate() {
            if self.verdict.is_some() {
                return Ok(taken);
            }
            if byte == b'\n' {
                self.expected_newlines += 1;
                index += 1;
                if !self.across_lines {
                    self.expected_ended_at_difference.get_or_insert(true);
                    if self.words_differ || self.found_word_goes_on(found)? {
                        self.query
                            .get_or_insert_with(|| origin.describe(self.line_index));
                    }
                    self.end_of_expected_line(found)?;
                    self.line_ended = self.across_lines;
                } else if self.words_differ {
                    self.decide_wrong(found)?;
                    if let Some(LineVerdict::FoundEnded { newline_counted }) = &mut self.verdict {
                        *newline_counted = true;
                    }
                } else {
                    self.expected_words.push(b'\n');
                    self.expected_line.clear();
                    self.line_ended = true;
                    if self.found_ends_the_line_too(found)? {
                        self.verdict = Some(LineVerdict::Presentation("line breaks differ"));
                    }
                }
                if self.verdict.is_some() {
                    return Ok(taken + 1);
                }
                continue;
            }
            if std::mem::take(&mut self.line_ended) {
                self.line_index = index;
            }
            self.expected_ended_at_difference.get_or_insert(false);
            self.expected_line.push(byte);
            if !self.words_differ {
                let first_word_of_the_line = !self.expected_words.seen_a_word;
                for &word_byte in self.expected_words.push(byte) {
                    let mut found_byte = self.next_found_word_byte(found)?;
                    let new_word = word_byte == b' ' || first_word_of_the_line;
                    if found_byte.is_none()
                        && self.found_ended == Some(true)
                        && !self.across_lines
                        && new_word
                        && !found.available()?.is_empty()
                    {
                        // The found line ends where the expected one goes on with a word, and
                        // more lines follow: a blank line among the answers, or an answer
                        // spread over lines. (Where none follows, the line is judged alone.)
                        self.follow_across_lines();
                        found_byte = self.next_found_word_byte(found)?;
                    }
                    if found_byte != Some(word_byte) {
                        self.words_differ = true;
                        self.query = Some(origin.describe(self.line_index));
                        self.found_ran_out = found_byte.is_none();
                        self.mark_difference();
                        break;
                    }
                }
            }
            if self.words_differ && self.expected_line.is_full() {
                // Wrong, and as much of the expected line as is shown: no need to wait for
                // the rest of a long line.
                self.decide_wrong(found)?;
            }
        }
        Ok(expected.len())
    }

    /// The expected answers have ended: what is left of the candidate's says the verdict.
    pub(crate) fn end_of_expected(&mut self, found: &mut Found) -> io::Result<()> {
        if self.verdict.is_some() {
            return Ok(());
        }
        if self.words_differ {
            return self.decide_wrong(found);
        }
        if !self.across_lines {
            // Every expected line ends in a newline: a line cut short is the caller's.
            return self.end_of_expected_line(found);
        }
        self.verdict = Some(match self.next_found_word_byte(found)? {
            Some(_) => LineVerdict::FoundGoesOn { from: self.at },
            None => LineVerdict::Presentation("line breaks differ"),
        });
        Ok(())
    }

    /// The next word byte of the found side, or `None` at the end of its line (or, across
    /// lines, at the end of the answers).
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
                Some(b'\n') => {
                    self.found_newlines += 1;
                    match self.across_lines {
                        true => {
                            self.found_words.push(b'\n');
                            self.found_line.clear();
                            self.at += 1;
                        }
                        false => self.found_ended = Some(true),
                    }
                }
                Some(byte) => {
                    self.found_line.push(byte);
                    if self.expected_ended_at_difference == Some(true) && !self.across_lines {
                        self.tail = self.tail.push(byte);
                    }
                    let words = self.found_words.push(byte);
                    self.found_queue.extend_from_slice(words);
                }
            }
        }
    }

    /// Notes where the words first differ on each side, for the verdict to show: at the
    /// expected byte just kept, and at the found byte just read (or the found line's end).
    fn mark_difference(&mut self) {
        let expected = &mut self.expected_line;
        expected.difference = Some(expected.bytes.len().saturating_sub(1));
        let found = &mut self.found_line;
        let back = usize::from(!self.found_ran_out);
        found.difference = Some(found.bytes.len().saturating_sub(back));
    }

    /// The expected line has ended, not across lines: the found line's words must end too,
    /// or the line breaks differ; what is left of the found line says which presentation
    /// error, if any.
    fn end_of_expected_line(&mut self, found: &mut Found) -> io::Result<()> {
        if self.words_differ {
            return self.decide_wrong(found);
        }
        if let Some(word_byte) = self.next_found_word_byte(found)? {
            if word_byte != b' ' {
                // The found line's last word goes on past the expected one's.
                self.words_differ = true;
                self.mark_difference();
                return self.decide_wrong(found);
            }
            // More words on the found line: two answers joined, or one spread over lines.
            self.found_queue.insert(0, word_byte);
            self.follow_across_lines();
            self.expected_words.push(b'\n');
            self.expected_line.clear();
            return Ok(());
        }
        let ended_with_newline = self.found_ended == Some(true);
        let verdict = match (self.expected_ended_at_difference, self.tail) {
            (Some(true), Tail::Empty) if !ended_with_newline => match self.forgiving {
                true => LineVerdict::Same,
                false => LineVerdict::Presentation("missing final newline"),
            },
            (Some(true), Tail::Empty) => LineVerdict::Same,
            (Some(true), Tail::Spaces | Tail::Cr { .. }) if self.forgiving => LineVerdict::Same,
            (Some(true), Tail::Spaces) => LineVerdict::Presentation("trailing space"),
            (
                Some(true),
                Tail::Cr {
                    after_spaces: false,
                },
            ) => LineVerdict::Presentation("CRLF line end"),
            (Some(true), Tail::Cr { after_spaces: true }) => {
                LineVerdict::Presentation("trailing space and CRLF line end")
            }
            _ => LineVerdict::Presentation("spacing differs"),
        };
        self.verdict = Some(verdict);
        Ok(())
    }

    /// At the expected line's end: whether the found line's last word goes on past it (the
    /// next found word byte is no space). Leaves that byte to be read again.
    fn found_word_goes_on(&mut self, found: &mut Found) -> io::Result<bool> {
        let next = self.next_found_word_byte(found)?;
        if let Some(byte) = next {
            self.found_queue.insert(0, byte);
        }
        Ok(next.is_some_and(|byte| byte != b' '))
    }

    /// The line breaks differ: from here on the words are followed across lines.
    fn follow_across_lines(&mut self) {
        self.across_lines = true;
        if self.found_ended == Some(true) {
            // The found line's newline was taken: the words go on on its next line.
            self.found_ended = None;
            self.found_words.push(b'\n');
            self.found_line.clear();
            self.at += 1;
        }
    }

    /// Across lines, at an expected newline: whether the found side ends its line at the
    /// same word (then both go on in step), taking its spaces and newline if so.
    fn found_ends_the_line_too(&mut self, found: &mut Found) -> io::Result<bool> {
        if !self.found_queue.is_empty() {
            return Ok(false);
        }
        loop {
            let Some(&byte) = found.available()?.first() else {
                self.found_ended = Some(false);
                return Ok(true);
            };
            if !is_word_separator(byte) {
                return Ok(false);
            }
            found.take(1);
            if byte == b'\n' {
                self.found_newlines += 1;
                return Ok(true);
            }
            self.found_words.push(byte);
            self.found_line.push(byte);
        }
    }

    /// Decides a wrong answer, reading as much more of the found line as is shown.
    fn decide_wrong(&mut self, found: &mut Found) -> io::Result<()> {
        if self.found_line.difference.is_none() {
            // The found line ran out of words: the difference is at its end.
            self.found_line.difference = Some(self.found_line.bytes.len());
        }
        if self.across_lines && self.found_ran_out && self.found_ended == Some(false) {
            self.verdict = Some(LineVerdict::FoundEnded {
                newline_counted: false,
            });
            return Ok(());
        }
        while self.found_ended.is_none() && !self.found_line.is_full() {
            match found.next_byte()? {
                None => self.found_ended = Some(false),
                Some(b'\n') => {
                    self.found_newlines += 1;
                    self.found_ended = Some(true);
                }
                Some(byte) => self.found_line.push(byte),
            }
        }
        if self.found_ended.is_some() {
            // A CR before the newline is no part of the answer shown.
            if self.found_line.bytes.last() == Some(&b'\r') {
                self.found_line.bytes.pop();
            }
        }
        self.verdict = Some(LineVerdict::Wrong {
            at: self.at,
            query: self.query.clone().unwrap_or_default(),
            expected: self.expected_line.shown(),
            found: self.found_line.shown(),
        });
        Ok(())
    }
}
