//! What a verdict says where lines count and a line differs: which presentation error its
//! spacing is (`CRLF line end`, `trailing space`, `spacing differs`, …), and both sides' lines
//! as a wrong answer shows them, around the first word that differs. The comparison that
//! finds the difference is the one loop's (`compare.rs`); this is only what is kept to say it.

use crate::sink::check::verdict::{CONTEXT_BYTES, LEAD_BYTES, ShownLine};

/// How much of a line past its first difference is kept to show: enough for the 200
/// characters a verdict shows.
const KEPT_BYTES: usize = 1024;

/// Answers where lines count, from their first difference in bytes until both sides have
/// ended a line after the same word: its spacing is then a presentation error, or forgiven,
/// and a word that differs on the way a wrong answer.
pub(super) struct LineDifference {
    /// The candidate's line where it began, and what the expected line answers (said only
    /// while no presentation error is noted: only the first is shown).
    pub first_at: u64,
    pub first_query: Option<String>,
    /// The answers before its line: those judged, should nothing after be.
    pub answers_before: u64,
    /// Whether the first difference was at the expected line's end, and what the
    /// candidate's line holds there before its own end.
    pub at_line_end: bool,
    pub tail: Tail,
    /// Whether the line breaks differ: the words are followed across lines until both sides
    /// end one after the same word.
    pub across: bool,
    pub words: Words,
    /// The expected line, from its start (the same bytes as the candidate's, up to here).
    pub expected_line: Line,
}

impl LineDifference {
    /// A difference on the candidate's line `at`, after `answers_before` answers, the line so
    /// far `prefix` (its start cut off where `cut`), first at the expected line's end where
    /// `at_line_end`.
    pub fn new(
        (at, answers_before): (u64, u64),
        query: Option<String>,
        prefix: (&[u8], bool),
        at_line_end: bool,
    ) -> Self {
        LineDifference {
            first_at: at,
            first_query: query,
            answers_before,
            at_line_end,
            tail: Tail::Empty,
            across: false,
            words: Words::Same,
            expected_line: Line::new(prefix.0, prefix.1),
        }
    }

    /// What the difference is, now that the candidate's line has ended (`with_newline`, or
    /// with its answers) where the expected one did, its words the same; `None` where the
    /// judge forgives it (`forgiving`: a CR before the newline, trailing blanks, a missing
    /// final newline).
    pub fn what(&self, with_newline: bool, forgiving: bool) -> Option<&'static str> {
        if self.across {
            return Some("line breaks differ");
        }
        match (self.at_line_end, self.tail) {
            (true, Tail::Empty) if with_newline => None,
            (true, Tail::Empty | Tail::Spaces | Tail::Cr { .. }) if forgiving => None,
            (true, Tail::Empty) => Some("missing final newline"),
            (true, tail) => Some(tail.what().unwrap_or("spacing differs")),
            (false, _) => Some("spacing differs"),
        }
    }
}

/// Whether the words have differed past the difference in bytes.
pub(super) enum Words {
    Same,
    /// The candidate's word went on where the expected one ended: the difference shows at
    /// the next expected word (or the expected line's end).
    GoesOn,
    /// They differ, on the line that answers `query`, after `lines_before` expected lines.
    Differ {
        query: String,
        lines_before: u64,
    },
}

/// What the candidate's line holds past the expected line's end: only trailing blanks, then
/// perhaps one CR (what a forgiving judge forgives), or anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tail {
    Empty,
    Spaces,
    Cr { after_spaces: bool },
    Other,
}

impl Tail {
    /// The presentation error a line is, whose words end where the expected line's do, with
    /// this tail; `None` where it is no tail a judge forgives.
    pub fn what(self) -> Option<&'static str> {
        match self {
            Tail::Spaces => Some("trailing space"),
            Tail::Cr {
                after_spaces: false,
            } => Some("CRLF line end"),
            Tail::Cr { after_spaces: true } => Some("trailing space and CRLF line end"),
            Tail::Empty | Tail::Other => None,
        }
    }

    pub fn push(self, byte: u8) -> Tail {
        match (self, byte) {
            (Tail::Empty | Tail::Spaces, b' ' | b'\t' | 0x0b | 0x0c) => Tail::Spaces,
            (Tail::Empty, b'\r') => Tail::Cr {
                after_spaces: false,
            },
            (Tail::Spaces, b'\r') => Tail::Cr { after_spaces: true },
            _ => Tail::Other,
        }
    }
}

/// One side's line, as much of it as a verdict shows: before the first difference, its
/// start or its last [`CONTEXT_BYTES`]; past it, [`KEPT_BYTES`].
pub(super) struct Line {
    bytes: Vec<u8>,
    /// Whether its start is left out.
    cut: bool,
    /// Where the first word that differs begins in `bytes`, once known.
    difference: Option<usize>,
}

impl Line {
    pub fn new(prefix: &[u8], cut: bool) -> Line {
        let long = prefix.len() > KEPT_BYTES;
        let kept = match long {
            true => &prefix[prefix.len() - CONTEXT_BYTES..],
            false => prefix,
        };
        Line {
            bytes: kept.to_vec(),
            cut: cut || long,
            difference: None,
        }
    }

    /// The candidate's line, `prefix` (cut where `cut`) before its first difference.
    pub fn differing_after(prefix: &[u8], cut: bool) -> Line {
        let mut line = Line::new(prefix, cut);
        line.difference = Some(line.bytes.len());
        line
    }

    /// Keeps `byte`; before the difference, only the line's last bytes, once it is longer
    /// than any shown whole ([`LEAD_BYTES`]).
    pub fn push(&mut self, byte: u8) {
        if self.is_full() {
            return;
        }
        self.bytes.push(byte);
        if self.difference.is_none() && self.bytes.len() > KEPT_BYTES.max(LEAD_BYTES) {
            self.bytes.drain(..self.bytes.len() - CONTEXT_BYTES);
            self.cut = true;
        }
    }

    /// A new line begins.
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.cut = false;
    }

    /// The first word that differs begins at the last byte kept (or, past the line's end,
    /// its last byte).
    pub fn mark_difference(&mut self) {
        self.difference = Some(self.bytes.len().saturating_sub(1));
    }

    /// Whether enough is kept past the difference to show it.
    pub fn is_full(&self) -> bool {
        self.difference
            .is_some_and(|at| self.bytes.len() >= at + KEPT_BYTES)
    }

    /// The line, ended: a CR before its end is no part of the answer shown.
    pub fn ended(mut self) -> Line {
        if self.bytes.last() == Some(&b'\r') {
            self.bytes.pop();
        }
        self
    }

    pub fn shown(&self) -> ShownLine {
        let at = self.difference.unwrap_or(0).min(self.bytes.len());
        ShownLine::new(&self.bytes[..at], self.cut, &self.bytes[at..])
    }
}
