//! The one comparison loop: the expected answers, batch by batch, against the candidate's, as
//! they stream. Where both sides hold the same bytes (nearly always) they are taken a block
//! at a time; elsewhere one expected byte at a time, as tokens (runs of bytes that are not
//! white space; in JSON, its punctuation a token of its own): a token of any length (a route
//! of millions of squares on one line, or a candidate's garbage) is compared without being
//! held, and a verdict shows at most [`SHOWN`] bytes of each side's.
//!
//! Where lines count, a newline is a token of its own: at the first byte that differs, the
//! line's words are compared until both sides end a line after the same word, its spacing
//! then said as a judge would say it ([`LineDifference`]), a wrong word shown with both
//! sides' lines. Where the sides break their lines elsewhere (a blank line among the answers,
//! an answer spread over lines, two joined), the words are followed across lines until they
//! meet again: `line breaks differ`.

use std::io;

use crate::sink::Origin;
use crate::sink::check::json::{self, JsonString, is_punctuation};
use crate::sink::check::lines::{Line, LineDifference, Tail, Words};
use crate::sink::check::route::RouteLine;
use crate::sink::check::verdict::{ShownLine, Verdict};
use crate::sink::check::{Checker, Place, common_prefix, is_space, newlines};

/// How many bytes of a token a verdict shows.
const SHOWN: usize = 200;

/// A blank line past the answers, where the judge does not forgive it.
const BLANK_LINE: &str = "blank line at the end";

impl Checker {
    /// Compares the expected answers in `batch`, from `origin`, with the candidate's.
    pub(super) fn compare(&mut self, batch: &[u8], origin: &Origin) -> io::Result<()> {
        if let Some(routes) = &mut self.routes {
            routes.in_header = matches!(origin, Origin::Header);
        }
        let mut place = Place {
            batch,
            origin,
            at: 0,
            line_index: 0,
            token_began: 0,
        };
        // How far the batch's newlines are counted into both sides' lines (they are counted
        // only where needed), and whether any byte was compared alone.
        let mut counted = 0;
        let mut bytewise = false;
        while place.at < batch.len() && !self.is_settled() {
            if self.difference.is_none() {
                let same = self.take_the_same(&batch[place.at..])?;
                if same > 0 {
                    self.after_the_same(&mut place, same);
                    continue;
                }
            }
            bytewise = true;
            if counted < place.at {
                place.line_index += self.count_lines(&batch[counted..place.at]);
            }
            counted = place.at + 1;
            self.step(&mut place)?;
            if batch[place.at] == b'\n' {
                self.expected_lines += 1;
                place.line_index += 1;
            }
            place.at += 1;
        }
        match (bytewise, origin.known_lines()) {
            (false, Some(lines)) => self.add_lines(lines),
            _ => {
                self.count_lines(&batch[counted..]);
            }
        }
        if self.in_token && self.carried.len() < SHOWN {
            let room = SHOWN - self.carried.len();
            let rest = &batch[place.token_began..];
            self.carried
                .extend_from_slice(&rest[..rest.len().min(room)]);
        }
        Ok(())
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

    /// The common case, without the byte-by-byte path: the candidate's next bytes are the
    /// expected ones, byte for byte (compared a block at a time, a `memcmp`), so their tokens
    /// and white space agree whatever the leniency. Takes them from both sides and says how
    /// many; where routes are judged, whole lines only, from a line's start, so that a line
    /// with another route is read square by square.
    fn take_the_same(&mut self, expected: &[u8]) -> io::Result<usize> {
        let in_line = self.in_token || self.routes.as_ref().is_some_and(|r| r.line.tokens > 0);
        if in_line && self.routes.is_some() {
            return Ok(0);
        }
        let available = self.found.available()?;
        let length = available.len().min(expected.len());
        let mut same = common_prefix(&expected[..length], &available[..length]);
        if self.routes.is_some() && expected[..same].last() != Some(&b'\n') {
            same = memchr::memrchr(b'\n', &expected[..same]).map_or(0, |newline| newline + 1);
        }
        self.found.take(same);
        Ok(same)
    }

    /// After `same` bytes both sides held: where the current token stands.
    fn after_the_same(&mut self, place: &mut Place, same: usize) {
        let run = &place.batch[place.at..place.at + same];
        place.at += same;
        self.in_a_line = run.last() != Some(&b'\n');
        if self.lines.is_some() {
            return; // whether a token is open is read where a difference begins
        }
        if let Some(routes) = &mut self.routes {
            // Whole lines: no token or route is open, no JSON string (JSON Lines).
            routes.line = RouteLine::default();
            self.in_token = false;
            if let Some(json) = &mut self.json {
                json.string = JsonString::default();
            }
            return;
        }
        let last_end = match &mut self.json {
            // Punctuation inside a string ends no token: the run is followed byte by byte.
            Some(json) => json.follow(run),
            None => run.iter().rposition(|&b| is_space(b)),
        };
        let began = match last_end {
            Some(end) if end + 1 == run.len() => {
                self.in_token = false;
                return;
            }
            Some(end) => end + 1,
            None if self.in_token => return, // the token goes on
            None => 0,
        };
        self.in_token = true;
        self.carried.clear();
        place.token_began = place.at - same + began;
    }

    /// Compares the expected byte at `place` alone: where the sides differ, or a route's
    /// squares are read.
    fn step(&mut self, place: &mut Place) -> io::Result<()> {
        let byte = place.batch[place.at];
        if self.lines.is_some() && self.difference.is_none() && !self.line_differs(place)? {
            return Ok(());
        }
        self.in_a_line = byte != b'\n';
        let string_before = self.json.map(|json| json.string);
        let punctuation =
            string_before.is_some_and(|string| string.ends_token(byte) && is_punctuation(byte));
        if let Some(json) = &mut self.json {
            json.string.take(byte);
        }
        if let Some(difference) = &mut self.difference {
            if byte != b'\n' {
                difference.expected_line.push(byte);
            }
        }
        if !is_space(byte) && !punctuation {
            return self.token_byte(place, string_before);
        }
        if self.in_token {
            self.in_token = false;
            self.token_ends(place)?;
            if self.is_settled() {
                return Ok(());
            }
        }
        if punctuation {
            return self.punctuation(byte, place);
        }
        if self.difference.is_some() {
            return match byte {
                b'\n' => self.line_ends(place),
                _ => Ok(()),
            };
        }
        self.route_line_ends(byte, place)?;
        if self.leniency.space_change_sensitive && !self.is_settled() {
            if byte != b'\n' {
                self.route_goes_on(place)?;
            }
            if !self.is_settled() {
                self.same_space(byte, place)?;
            }
        }
        if let Some(routes) = self.routes.as_mut().filter(|_| byte == b'\n') {
            routes.line = RouteLine::default();
        }
        Ok(())
    }

    /// Where lines count, the bytes differ at `place` (or the candidate's answers have ended):
    /// its line is judged by its words from here ([`LineDifference`]), unless its answers
    /// ended between lines or its line only ends in blanks or a CR. Says whether it is.
    fn line_differs(&mut self, place: &Place) -> io::Result<bool> {
        let at_line_end = place.batch[place.at] == b'\n';
        if !self.in_a_line && self.found.available()?.is_empty() {
            self.found_ended_early();
            return Ok(false);
        }
        if at_line_end && self.take_a_tail(place)? {
            return Ok(false);
        }
        let query = self.presentation.is_none().then(|| place.query());
        let at = (self.found_lines + 1, self.expected_lines);
        let so_far = self.found.line_so_far();
        // The bytes so far are the same on both sides: a token is open where they end in one.
        self.in_token = so_far.0.last().is_some_and(|&b| !is_space(b));
        self.difference = Some(LineDifference::new(at, query, so_far, at_line_end));
        Ok(true)
    }

    /// A byte of an expected token: the candidate's must be the same.
    fn token_byte(
        &mut self,
        place: &mut Place,
        string_before: Option<JsonString>,
    ) -> io::Result<()> {
        if let Some(difference) = &mut self.difference {
            match difference.words {
                Words::Same => {}
                Words::GoesOn => return self.words_differ(place),
                // Wrong, once as much of the expected line as is shown has come: no need to
                // wait for the rest of a long line.
                Words::Differ { .. } if difference.expected_line.is_full() => return self.decide(),
                Words::Differ { .. } => return Ok(()),
            }
        }
        if !self.in_token {
            if !self.begin_token(place)? {
                return Ok(());
            }
            self.in_token = true;
            self.carried.clear();
            if let (Some(json), Some(string)) = (&mut self.json, string_before) {
                json.token_string = string;
            }
            place.token_began = place.at;
            self.route_token_begins();
        }
        if self.in_square() {
            return Ok(()); // a square of the route: read whole, and judged where it ends
        }
        let expected = place.batch[place.at];
        match self.found.available()?.first().copied() {
            Some(byte) if self.same(byte, expected) => {
                self.found.take(1);
                Ok(())
            }
            _ if self.difference.is_some() => self.words_differ(place),
            // The candidate's token is shorter, or differs here: shown from its start.
            _ => self.wrong(
                self.expected_token(&place.batch[place.token_began..]),
                place,
            ),
        }
    }

    /// An expected token begins: the candidate's white space before it is passed over (or,
    /// where space counts, must not be there), and a token of its must begin. Says whether one
    /// does; if not, the verdict is given.
    fn begin_token(&mut self, place: &Place) -> io::Result<bool> {
        loop {
            let Some(&byte) = self.found.available()?.first() else {
                match self.difference {
                    None => self.found_ended_early(),
                    Some(_) => self.words_differ(place)?,
                }
                return Ok(false);
            };
            if !is_space(byte) {
                return Ok(true);
            }
            match self.difference.as_ref().map(|difference| difference.across) {
                Some(false) if byte == b'\n' => {
                    // The candidate's line ends where the expected one goes on: a blank line
                    // among the answers, or one answer spread over lines. (Where no line
                    // follows, the line is judged alone.)
                    if self.found.ahead(2)?.len() < 2 {
                        self.words_differ(place)?;
                        return Ok(false);
                    }
                    self.difference.as_mut().expect("lines count").across = true;
                }
                None if self.leniency.space_change_sensitive => {
                    self.spacing("white space the answer does not have", place);
                }
                _ => {}
            }
            self.take_space(byte);
        }
    }

    /// An expected token has ended: the candidate's must end too, and a route's square be one
    /// a right route can have.
    fn token_ends(&mut self, place: &Place) -> io::Result<()> {
        if self.difference.is_some() {
            let goes_on = !self.found_token_ends()?;
            let difference = self.difference.as_mut().expect("lines count");
            if goes_on && matches!(difference.words, Words::Same) {
                difference.words = Words::GoesOn;
            }
            return Ok(());
        }
        let token = self.expected_token(&place.batch[place.token_began..place.at]);
        if let Some(routes) = self
            .routes
            .as_mut()
            .filter(|routes| routes.line.square_token)
        {
            routes.line.square_token = false;
            return self.route_square(&token, place);
        }
        if !self.found_token_ends()? {
            return self.wrong(token, place);
        }
        self.route_may_begin(&token);
        Ok(())
    }

    /// Where lines count, the expected line has ended: so must the candidate's, after the same
    /// words, for the lines to meet again; what it holds before its end says what the
    /// difference was. Where it goes on with words, the words are followed across lines.
    fn line_ends(&mut self, place: &Place) -> io::Result<()> {
        let difference = self.difference.as_mut().expect("lines count");
        match difference.words {
            Words::Same => {}
            Words::GoesOn if difference.across => {
                difference.expected_line.clear();
                return Ok(());
            }
            Words::GoesOn => {
                self.words_differ(place)?;
                return self.decide();
            }
            Words::Differ { .. } => return self.decide(),
        }
        let with_newline = loop {
            let next = self.found.available()?.first().copied();
            let difference = self.difference.as_mut().expect("lines count");
            match next {
                None => break false,
                Some(b'\n') => {
                    self.take_space(b'\n');
                    break true;
                }
                Some(byte) if is_space(byte) => {
                    if difference.at_line_end && !difference.across {
                        difference.tail = difference.tail.push(byte);
                    }
                    self.found.take(1);
                }
                Some(_) => {
                    // More words on the candidate's line: answers joined, or one spread
                    // over lines.
                    difference.across = true;
                    difference.expected_line.clear();
                    return Ok(());
                }
            }
        };
        self.line_difference_ends(with_newline);
        Ok(())
    }

    /// Where lines count and the expected line ends where the candidate's goes on with blanks
    /// or a CR before its newline (a file written on Windows), the common case: named at once,
    /// without following the line's words. Says whether it was so.
    fn take_a_tail(&mut self, place: &Place) -> io::Result<bool> {
        let available = self.found.available()?;
        let Some(newline) = memchr::memchr(b'\n', available) else {
            return Ok(false); // the line goes on past what was read: its words are followed
        };
        let tail = available[..newline]
            .iter()
            .fold(Tail::Empty, |tail, &b| tail.push(b));
        let Some(what) = tail.what() else {
            return Ok(false);
        };
        self.found.take(newline + 1);
        self.found_lines += 1;
        self.in_token = false;
        self.in_a_line = false;
        if self.lines.is_some_and(|lines| !lines.forgiving) {
            self.presentation_error(self.found_lines, what, || place.query());
        }
        Ok(true)
    }

    /// The lines have met again, the candidate's ended with its newline (`with_newline`) or
    /// its answers: their difference is a presentation error, or forgiven.
    fn line_difference_ends(&mut self, with_newline: bool) {
        let difference = self.difference.take().expect("lines count");
        let forgiving = self.lines.is_some_and(|lines| lines.forgiving);
        if let Some(what) = difference.what(with_newline, forgiving) {
            let query = difference.first_query.unwrap_or_default();
            self.presentation_error(difference.first_at, what, || query);
        }
        if !with_newline {
            let (line, cut) = self.found.line_so_far();
            self.found_lines += u64::from(!line.is_empty() || cut);
        }
    }

    /// The words differ where lines count, at the expected byte just kept and the candidate's
    /// next word (past its blanks; across lines, its line breaks too) or its line's end: the
    /// verdict once the expected line has ended, or as much of it as is shown has come.
    fn words_differ(&mut self, place: &Place) -> io::Result<()> {
        let difference = self.difference.as_mut().expect("lines count");
        difference.expected_line.mark_difference();
        difference.words = Words::Differ {
            query: place.query(),
            lines_before: self.expected_lines,
        };
        let across = difference.across;
        while let Some(&byte) = self.found.available()?.first() {
            if !is_space(byte) || (byte == b'\n' && !across) {
                break;
            }
            self.take_space(byte);
        }
        Ok(())
    }

    /// Decides a wrong answer where lines count, reading as much more of the candidate's line
    /// as is shown; where its answers ended while its words were followed across lines, they
    /// end before the answer they ran out on.
    fn decide(&mut self) -> io::Result<()> {
        let difference = self.difference.take().expect("lines count");
        let Words::Differ {
            query,
            lines_before,
        } = difference.words
        else {
            unreachable!("decided only where the words differ");
        };
        if difference.across && self.found.available()?.is_empty() {
            self.fail(Verdict::TooFew {
                found: lines_before,
                expected: 0, // filled in by `finish`
            });
            return Ok(());
        }
        let at = self.found_lines + 1;
        let (prefix, cut) = self.found.line_so_far();
        let mut found = Line::differing_after(prefix, cut);
        while !found.is_full() {
            match self.found.next_byte()? {
                None | Some(b'\n') => {
                    found = found.ended();
                    break;
                }
                Some(byte) => found.push(byte),
            }
        }
        self.fail(Verdict::WrongAnswer {
            at,
            expected: difference.expected_line.shown(),
            found: found.shown(),
            query,
        });
        Ok(())
    }

    /// Takes one byte of the candidate's white space.
    pub(super) fn take_space(&mut self, byte: u8) {
        self.found.take(1);
        if byte == b'\n' {
            self.found_lines += 1;
        }
    }

    /// Whether two bytes are the same token byte, as the judge compares them.
    pub(super) fn same(&self, found: u8, expected: u8) -> bool {
        match self.leniency.case_sensitive {
            true => found == expected,
            false => found.eq_ignore_ascii_case(&expected),
        }
    }

    /// Where the expected token ends, whether the candidate's does too.
    fn found_token_ends(&mut self) -> io::Result<bool> {
        let string = self.json.map(|json| json.string);
        let next = self.found.available()?.first().copied();
        Ok(next.is_none_or(|byte| json::ends_token(string, byte)))
    }

    /// The expected token as a verdict shows it: what earlier batches held of it, then the
    /// rest up to its end in `rest`.
    fn expected_token(&self, rest: &[u8]) -> Vec<u8> {
        let end = match self.json {
            Some(json) => json.token_string.token_end(rest),
            None => rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len()),
        };
        let mut token = self.carried.clone();
        token.extend_from_slice(&rest[..end.min(SHOWN)]);
        token.truncate(SHOWN);
        token
    }

    /// The expected answer has JSON's punctuation `expected` (`[`, `,` or `]`), a token of its
    /// own: the candidate's must be the same (and, in a route, of its length).
    fn punctuation(&mut self, expected: u8, place: &Place) -> io::Result<()> {
        if !self.begin_token(place)? {
            return Ok(());
        }
        let found = self.found.available()?.first().copied();
        if let Some(what) = self.route_length_at(expected, found) {
            return self.wrong_route(what, place);
        }
        if found != Some(expected) {
            return self.wrong(vec![expected], place);
        }
        self.found.take(1);
        self.route_punctuation(expected, place)
    }

    /// Where space counts: the candidate's next byte must be the expected white space.
    fn same_space(&mut self, expected: u8, place: &Place) -> io::Result<()> {
        match self.found.available()?.first().copied() {
            Some(byte) if byte == expected => self.take_space(byte),
            Some(byte) if is_space(byte) => {
                self.spacing("white space other than the answer's", place);
            }
            // A token where the answer's line has ended (a moves column where the answer's
            // is empty): a token the answer does not have, not a matter of spacing.
            Some(_) if expected == b'\n' => return self.wrong(Vec::new(), place),
            _ => self.spacing("missing white space", place),
        }
        Ok(())
    }

    /// The candidate's token differs from the `expected` one: the verdict, showing its token
    /// from its start (the bytes that matched, then the rest of it, as much as is shown).
    pub(super) fn wrong(&mut self, expected: Vec<u8>, place: &Place) -> io::Result<()> {
        let (so_far, cut) = self.found.line_so_far();
        // The candidate's line so far is read as the expected one is: in JSON, from its start
        // (no string goes on past a line), so that punctuation inside a string is its token's.
        let current = self.json.map(|json| json.string);
        let (start, mut string) = match (self.json, cut) {
            (Some(_), false) => json::last_token(so_far),
            _ => {
                let start = so_far
                    .iter()
                    .rposition(|&b| json::ends_token(current, b))
                    .map_or(0, |end| end + 1);
                (start, current.unwrap_or_default())
            }
        };
        let mut found = so_far[start..].to_vec();
        let cut = cut && start == 0;
        while found.len() < 2 * SHOWN {
            let string_now = self.json.map(|_| string);
            match self.found.available()?.first().copied() {
                // Punctuation is a token of its own: shown when the candidate's token is it.
                Some(byte)
                    if found.is_empty()
                        && string_now
                            .is_some_and(|s| s.ends_token(byte) && is_punctuation(byte)) =>
                {
                    found.push(byte);
                    self.found.take(1);
                    break;
                }
                Some(byte) if !json::ends_token(string_now, byte) => {
                    found.push(byte);
                    string.take(byte);
                    self.found.take(1);
                }
                _ => break,
            }
        }
        self.fail(Verdict::WrongAnswer {
            at: self.found_lines + 1,
            expected: ShownLine::new(b"", false, &expected),
            found: ShownLine::new(b"", cut, &found),
            query: place.query(),
        });
        Ok(())
    }

    /// The white space differs where it counts: the verdict, unless a token differs later.
    /// The rest is compared as though space did not count (a candidate's answers are then
    /// still aligned token by token), so that a wrong answer after it is not passed off as a
    /// presentation error.
    pub(super) fn spacing(&mut self, what: &'static str, place: &Place) {
        self.spacing_for(what, place.query());
    }

    /// [`Checker::spacing`], the line answering `query` (empty past the last answer).
    fn spacing_for(&mut self, what: &'static str, query: String) {
        self.presentation_error(self.found_lines + 1, what, || query);
        self.leniency.space_change_sensitive = false;
        // Its lines are not the answer's: a route ends after as many squares as the answer's.
        if let Some(routes) = &mut self.routes {
            routes.ends_with_line = false;
        }
    }

    /// After the last expected byte: a line being judged past a difference is judged to its
    /// end, and only white space may follow the candidate's last token: none where space
    /// counts; where lines count, blank lines, forgiven where blanks are; any other token is
    /// output past the answers.
    pub(super) fn end_of_expected(&mut self) -> io::Result<()> {
        debug_assert!(!self.in_token, "every answer ends in a newline");
        if let Some(difference) = &self.difference {
            if let Words::Differ { .. } = difference.words {
                return self.decide();
            }
            debug_assert!(difference.across, "a line's difference ends with the line");
        }
        let blank_lines_count = self.lines.is_some_and(|lines| !lines.forgiving);
        let mut blanks = false;
        while let Some(&byte) = self.found.available()?.first() {
            if !is_space(byte) {
                self.fail(Verdict::TooMany {
                    expected: 0, // filled in by `finish`
                    from: self.found_lines + 1,
                });
                return Ok(());
            }
            if self.difference.is_none() {
                if self.lines.is_none() && self.leniency.space_change_sensitive {
                    self.spacing_for("white space after the last answer", String::new());
                }
                if blank_lines_count && byte == b'\n' {
                    self.presentation_error(self.found_lines + 1, BLANK_LINE, String::new);
                }
            }
            blanks = byte != b'\n';
            self.take_space(byte);
        }
        if self.difference.is_some() {
            self.line_difference_ends(false);
        } else if blank_lines_count && blanks {
            self.presentation_error(self.found_lines + 1, BLANK_LINE, String::new);
        }
        Ok(())
    }

    /// Notes a presentation error on the candidate's line `at`, answering `query` (empty past
    /// the last answer): the verdict, unless one came before or a token differs later.
    fn presentation_error(&mut self, at: u64, what: &'static str, query: impl FnOnce() -> String) {
        if self.presentation.is_none() {
            let query = query();
            self.presentation = Some(Verdict::PresentationError { at, what, query });
        }
    }
}
