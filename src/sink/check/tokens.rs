//! Judging answers as the Kattis and DOMjudge default output validator compares them: a
//! sequence of tokens (runs of bytes that are not white space), white space of any kind and
//! amount between them, ASCII case ignored; `case_sensitive` and `space_change_sensitive`
//! (the problem's validator flags) take back each leniency. Line breaks are white space like
//! any other, so a candidate may lay its answers out as it likes: only its tokens are judged,
//! in order.
//!
//! Both sides stream, byte by byte: a token of any length (a route of millions of squares on
//! one line, or a candidate's garbage) is compared without being held; a verdict shows at
//! most [`SHOWN`] bytes of each side's token.
//!
//! The same checker judges answers where their lines count, as the judges of the problems
//! that compare lines do ([`TokenChecker::by_lines`], its [`lines`] mode): the same state, the
//! same verdicts and the same block-at-a-time comparison of the bytes, with each line's words
//! compared where the bytes differ ([`mismatch`]), so that a presentation error is named as
//! such a judge names it and a wrong answer shows its whole line.

use std::fmt;
use std::io;

use crate::board::notation::parse_square;
use crate::board::{Board, Piece, Position};
use crate::format::{RouteLayout, RouteStart, SquareNotation};
use crate::input::line::QuotedUpTo;
use crate::sink::check::found::Found;
use crate::sink::check::verdict::{NotAnswered, ShownLine, Unanswerable, Verdict, counted};
use crate::sink::{Flow, Origin};
use lines::LineMode;

mod lines;
mod mismatch;

/// How many bytes of a token a verdict shows.
const SHOWN: usize = 200;

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

/// The most bytes of a candidate's square read: more than any square's name on the largest
/// board (seven letters and ten digits) or coordinates, with a full stop.
const SQUARE_TEXT: usize = 24;

/// Whether `piece` moves from `from` to `to` in one leap.
fn is_a_move(piece: Piece, from: Position, to: Position) -> bool {
    let (a, b) = piece.legs();
    let (dx, dy) = from.offset_to(to);
    let (dx, dy) = (dx.unsigned_abs(), dy.unsigned_abs());
    (dx, dy) == (u64::from(a), u64::from(b)) || (dx, dy) == (u64::from(b), u64::from(a))
}

/// JSON's punctuation, a token of its own where answers are in JSON.
fn is_json_punctuation(byte: u8) -> bool {
    matches!(byte, b'{' | b'}' | b'[' | b']' | b':' | b',')
}

/// Whether `byte` ends a token: white space, or JSON's punctuation where it counts
/// (`punctuation`).
fn ends_token(byte: u8, punctuation: bool) -> bool {
    is_space(byte) || (punctuation && is_json_punctuation(byte))
}

/// White space as the default validator's `isspace` sees it (in the C locale).
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// Compares the expected answers with a candidate's, token by token, as they stream.
pub(crate) struct TokenChecker {
    found: Found,
    leniency: Leniency,
    /// Expected answer lines whose newline has come.
    expected_lines: u64,
    /// The candidate's lines taken whole so far (its line is one more).
    found_lines: u64,
    /// Whether an expected token has begun and not ended: its bytes so far matched.
    in_token: bool,
    /// The current expected token's bytes from earlier batches (at most [`SHOWN`] of them).
    carried: Vec<u8>,
    /// The candidate's line where the current token began.
    token_line: u64,
    failure: Option<Verdict>,
    /// The first difference in white space where it counts: the verdict unless a token
    /// differs after it. From there on the white space is compared as the lenient
    /// comparison compares it, so that the tokens after it are still judged.
    presentation: Option<Verdict>,
    /// The first query knight-moves could not answer, and how many: after one, where the
    /// candidate's tokens for the queries after it begin is unknown, so nothing more is judged
    /// (by lines, its line is skipped and the lines after it judged, unless one differs).
    not_answered: Option<NotAnswered>,
    not_answered_count: u64,
    /// Whether nothing from some point on can be judged (a query knight-moves could not
    /// answer, or an input it could not read), and the answers accepted before that point.
    rest_not_judged: bool,
    accepted_before_the_rest: u64,
    trouble: Option<io::Error>,
    /// How the answers are compared where their lines count ([`LineMode`]).
    lines: LineMode,
    /// How routes are judged, where the answers hold them (`--path`): as any shortest route.
    routes: Option<RouteRules>,
    /// Where the current expected line stands in its route.
    route: RouteState,
    /// Whether a route ends with its line, so that squares after the expected route's last on
    /// the same line are a longer route: where line breaks count (every comparison but the
    /// default validator's, which reads tokens only, lines or not).
    route_ends_with_line: bool,
    /// Whether the expected answers being compared are the header row, which holds no route
    /// (its `path` column is a name).
    in_header: bool,
    /// Whether JSON's punctuation (`{`, `}`, `[`, `]`, `:` and `,`) ends a token and is a
    /// token itself (answers in JSON): the white space around it is then judged as any other,
    /// so that where space does not count, `{"line": 1}` is `{"line":1}`.
    punctuated: bool,
    /// Where the expected answers stand in JSON's strings, where `punctuated`.
    json_string: JsonString,
    /// Where they stood when the token being compared began: a verdict shows each side's
    /// token from there, its punctuation read as the strings say.
    token_string: JsonString,
}

/// Whether a JSON text is inside a string, and just after its backslash.
#[derive(Clone, Copy, Debug, Default)]
struct JsonString {
    inside: bool,
    escaped: bool,
}

impl JsonString {
    /// The state after `byte`. (JSON Lines: no string goes on past its line.)
    fn take(&mut self, byte: u8) {
        match (self.inside, self.escaped, byte) {
            (_, _, b'\n') => *self = JsonString::default(),
            (true, true, _) => self.escaped = false,
            (true, false, b'\\') => self.escaped = true,
            (true, false, b'"') => self.inside = false,
            (false, _, b'"') => self.inside = true,
            _ => {}
        }
    }
}

/// How the answers of a problem lay out a route, for judging any shortest one: a route is
/// right when it starts and ends on the query's squares (the expected route's ends), every
/// step is a move of the piece on the board, and it has as many squares as the expected
/// route, the fewest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RouteRules {
    pub piece: Piece,
    /// The board, where the answers' origin does not say (a scenario's side does).
    pub board: Board,
    /// Where the answers' format puts the route, and how it writes it.
    pub layout: RouteLayout,
}

/// An expected line's route, as far as it has been judged.
#[derive(Clone, Copy, Debug, Default)]
struct RouteState {
    /// The line's tokens begun so far.
    line_tokens: u64,
    /// Whether the route's squares are being read.
    in_route: bool,
    /// Whether the current expected token is one of them.
    square_token: bool,
    /// The expected route's last square so far: the query's end, once the route has ended.
    expected_last: Option<Position>,
    /// The candidate's squares of the route so far, and its last.
    squares: u64,
    previous: Option<Position>,
    /// How far the expected tokens are into JSON's `"path":` (an array after it is a route):
    /// 1 after `"path"`, 2 after its colon.
    path_key: u8,
}

impl TokenChecker {
    /// A checker of the answers `found`, lenient as `leniency` says.
    pub(crate) fn new(found: Found, leniency: Leniency) -> TokenChecker {
        TokenChecker {
            found,
            leniency,
            expected_lines: 0,
            found_lines: 0,
            in_token: false,
            carried: Vec::new(),
            token_line: 1,
            failure: None,
            presentation: None,
            not_answered: None,
            not_answered_count: 0,
            rest_not_judged: false,
            accepted_before_the_rest: 0,
            trouble: None,
            lines: LineMode::default(),
            routes: None,
            route: RouteState::default(),
            route_ends_with_line: leniency.space_change_sensitive,
            in_header: false,
            punctuated: false,
            json_string: JsonString::default(),
            token_string: JsonString::default(),
        }
    }

    /// A checker of the answers `found` line by line, as the judges that compare lines do:
    /// byte for byte, or (`forgiving`) forgiving a CR before the newline, trailing blanks, a
    /// missing final newline and blank lines at the end ([`LineMode`]).
    pub(crate) fn by_lines(found: Found, forgiving: bool) -> TokenChecker {
        let leniency = Leniency {
            case_sensitive: true,
            space_change_sensitive: !forgiving,
        };
        TokenChecker {
            lines: LineMode::sensitive(forgiving),
            ..TokenChecker::new(found, leniency)
        }
    }

    /// A checker that judges the routes in the answers as any shortest route, as `rules` say
    /// they are laid out, and every other token as `leniency` says.
    pub(crate) fn judging_routes(
        found: Found,
        leniency: Leniency,
        rules: RouteRules,
    ) -> TokenChecker {
        TokenChecker {
            routes: Some(rules),
            punctuated: rules.layout.starts == RouteStart::InPathArray,
            ..TokenChecker::new(found, leniency)
        }
    }

    /// The checker, its routes ending with their lines though other white space does not
    /// count (the judges that compare words line by line).
    pub(crate) fn routes_end_with_their_lines(self) -> TokenChecker {
        TokenChecker {
            route_ends_with_line: true,
            ..self
        }
    }

    /// The checker, its answers in JSON: their punctuation a token of its own.
    pub(crate) fn punctuated(self) -> TokenChecker {
        TokenChecker {
            punctuated: true,
            ..self
        }
    }

    /// Whether `byte` is a token of its own, ending the one before it.
    fn is_punctuation(&self, byte: u8) -> bool {
        self.punctuation_counts() && is_json_punctuation(byte)
    }

    /// Whether JSON's punctuation ends a token here: in JSON, outside a string.
    fn punctuation_counts(&self) -> bool {
        self.punctuated && !self.json_string.inside
    }

    /// Follows the expected answers' JSON strings past `byte`, so that punctuation inside one
    /// (a source named `a,b.in`) is a byte of its token like any other.
    fn track_strings(&mut self, byte: u8) {
        if self.punctuated {
            self.json_string.take(byte);
        }
    }

    /// Whether `byte` ends a token: white space, or punctuation where it counts.
    fn ends_a_token(&self, byte: u8) -> bool {
        ends_token(byte, self.punctuation_counts())
    }

    /// An expected token other than a route's square has ended: whether the route begins
    /// after it.
    fn route_may_begin(&mut self, token: &[u8]) {
        let Some(rules) = self.routes.filter(|_| !self.in_header) else {
            return;
        };
        self.route.in_route = match rules.layout.starts {
            RouteStart::AfterColon => token.ends_with(b":"),
            RouteStart::AfterFirstToken => self.route.line_tokens == 1 && token != b"-1",
            RouteStart::AfterThirdToken => self.route.line_tokens == 3,
            RouteStart::InPathArray => token == b"[" && self.route.path_key == 2,
        };
        self.route.path_key = match token {
            b"\"path\"" => 1,
            b":" if self.route.path_key == 1 => 2,
            _ => 0,
        };
    }

    /// The board of the answers from `origin`.
    fn board_of(&self, rules: &RouteRules, origin: &Origin) -> Board {
        match origin {
            Origin::Query { board, .. } => *board,
            _ => rules.board,
        }
    }

    /// Reads a square's name, as `rules` write them, on `board`.
    fn square(rules: &RouteRules, board: Board, text: &[u8]) -> Option<Position> {
        match rules.layout.squares {
            SquareNotation::Names => parse_square(text, board).ok(),
            SquareNotation::Quoted => {
                let name = text.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
                parse_square(name, board).ok()
            }
            SquareNotation::Coordinates => {
                let text = std::str::from_utf8(text).ok()?;
                let (file, rank) = text.split_once(',')?;
                let number = |digits: &str| {
                    let well_formed = !digits.is_empty()
                        && digits.bytes().all(|b| b.is_ascii_digit())
                        && (digits == "0" || !digits.starts_with('0'));
                    well_formed.then(|| digits.parse::<u32>().ok()).flatten()
                };
                let (file, rank) = (number(file)?, number(rank)?);
                (file < board.files() && rank < board.ranks()).then(|| Position::new(file, rank))
            }
        }
    }

    /// One square of the route has ended in the expected answer (`expected`): the
    /// candidate's must be where a right route can be.
    fn route_square(
        &mut self,
        expected: &[u8],
        origin: &Origin,
        line_index: u64,
    ) -> io::Result<()> {
        let Some(rules) = self.routes else {
            return Ok(());
        };
        let board = self.board_of(&rules, origin);
        let mut found = Vec::new();
        while let Some(&byte) = self.found.available()?.first() {
            if self.ends_a_token(byte) || found.len() > SQUARE_TEXT {
                break;
            }
            found.push(byte);
            self.found.take(1);
        }
        let stop = |text: &[u8]| match rules.layout.full_stop {
            true => match text.strip_suffix(b".") {
                Some(square) => (square.to_vec(), true),
                None => (text.to_vec(), false),
            },
            false => (text.to_vec(), false),
        };
        let (expected_text, expected_ends) = stop(expected);
        let (found_text, found_ends) = stop(&found);
        let Some(right) = Self::square(&rules, board, &expected_text) else {
            // Not a square knight-moves would write: compare the bytes, as for any token.
            let same = found.len() == expected.len()
                && found.iter().zip(expected).all(|(&f, &e)| self.same(f, e));
            if !same {
                self.wrong(expected.to_vec(), origin, line_index)?;
            }
            return Ok(());
        };
        let piece = rules.piece;
        // A JSON string's square shown by its name, as the others are.
        let shown = |text: &[u8]| {
            let name = text
                .strip_prefix(b"\"")
                .and_then(|text| text.strip_suffix(b"\""))
                .filter(|_| rules.layout.squares == SquareNotation::Quoted)
                .unwrap_or(text);
            QuotedUpTo(name, SQUARE_TEXT).to_string()
        };
        let found_square = Self::square(&rules, board, &found_text);
        // Squares are written in lower case: where case counts, `E2` is not `e2`.
        // (The query's own squares are written as typed: `E2` is right where the query says
        // `E2`.)
        if found_square.is_some()
            && self.leniency.case_sensitive
            && found_text.iter().any(u8::is_ascii_uppercase)
            && found_text != expected_text
        {
            let what = format!(
                "{} is in upper case, where case counts and squares are in lower case",
                shown(&found_text)
            );
            return self.wrong_route(what, origin, line_index);
        }
        let Some(square) = found_square else {
            let what = match found.is_empty() {
                true => "the route ends before its last square".to_owned(),
                false => format!(
                    "{} is not a square of the {board} board",
                    shown(&found_text)
                ),
            };
            return self.wrong_route(what, origin, line_index);
        };
        let moves = self.route.squares;
        let previous = self.route.previous;
        self.route.squares += 1;
        self.route.previous = Some(square);
        match previous {
            None if square != right => {
                let what = format!(
                    "the route starts on {}, not on {} where the query starts",
                    shown(&found_text),
                    shown(&expected_text)
                );
                return self.wrong_route(what, origin, line_index);
            }
            None => {}
            Some(from) if !is_a_move(piece, from, square) => {
                let what = format!(
                    "the route's move {}, to {}, is not a {piece} move",
                    moves,
                    shown(&found_text)
                );
                return self.wrong_route(what, origin, line_index);
            }
            Some(_) => {}
        }
        match (expected_ends, found_ends) {
            (true, true) => {
                self.route.in_route = false;
                if square != right {
                    let what = format!(
                        "the route ends on {}, not on {} where the query ends",
                        shown(&found_text),
                        shown(&expected_text)
                    );
                    return self.wrong_route(what, origin, line_index);
                }
            }
            (false, true) => {
                let what = format!(
                    "the route ends after {}, before the fewest",
                    counted(moves, "move", "moves")
                );
                return self.wrong_route(what, origin, line_index);
            }
            (true, false) => {
                let what = format!("the route goes on past the fewest moves, {moves}");
                return self.wrong_route(what, origin, line_index);
            }
            (false, false) => {}
        }
        self.route.expected_last = Some(right);
        Ok(())
    }

    /// The expected line ends inside its route (a route written without a full stop), or
    /// its TSV column does (`column`): the candidate's must end here too, on the query's last
    /// square.
    fn end_of_route_line(
        &mut self,
        origin: &Origin,
        line_index: u64,
        column: bool,
    ) -> io::Result<()> {
        // Blanks before the line's end are the comparison's to judge; a square is not. Where
        // line breaks do not count, the route has ended after as many squares as the expected
        // one, and a token after it is the next answer's.
        let mut ahead = 0;
        let goes_on = self.route_ends_with_line
            && loop {
                let available = self.found.available()?;
                match available.get(ahead) {
                    Some(b'\t') if column => break false,
                    Some(b' ' | b'\t' | b'\r') => ahead += 1,
                    Some(b'\n') | None => break false,
                    Some(_) => break true,
                }
                if ahead >= available.len() {
                    break false;
                }
            };
        if goes_on {
            let what = format!(
                "the route goes on past the fewest moves, {}",
                self.route.squares.saturating_sub(1)
            );
            return self.wrong_route(what, origin, line_index);
        }
        if let (Some(last), Some(right)) = (self.route.previous, self.route.expected_last) {
            if last != right {
                let what = "the route does not end where the query ends".to_owned();
                return self.wrong_route(what, origin, line_index);
            }
        }
        Ok(())
    }

    /// Where space counts, the expected route goes on after a square: the candidate's
    /// must too, not end its line (or its answers), which would make it shorter than the
    /// fewest. (Where it does not count, a route may go on on the next line.)
    fn route_goes_on(&mut self, origin: &Origin, line_index: u64) -> io::Result<()> {
        if self.found.available()?.first() == Some(&b'\n') && self.route_goes_on_below()? {
            // Every square may still be there, on the next line: the line breaks differ.
            self.spacing("line breaks differ", origin, line_index);
            self.route_ends_with_line = false;
            return Ok(());
        }
        if let None | Some(b'\n') = self.found.available()?.first() {
            let moves = self.route.squares.saturating_sub(1);
            let what = format!(
                "the route ends after {}, before the fewest",
                counted(moves, "move", "moves")
            );
            return self.wrong_route(what, origin, line_index);
        }
        Ok(())
    }

    /// Whether the candidate's next line, past its newline and blanks, begins with a square
    /// that a move of the piece reaches from the route's last square: its route goes on
    /// there. (Read as far as the candidate's bytes at hand reach; beyond them, it does not.)
    fn route_goes_on_below(&mut self) -> io::Result<bool> {
        let (Some(rules), Some(previous)) = (self.routes, self.route.previous) else {
            return Ok(false);
        };
        let punctuation = self.punctuation_counts();
        let available = self.found.available()?;
        let after = available
            .iter()
            .skip(1)
            .position(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
            .map_or(available.len(), |blanks| blanks + 1);
        let rest = &available[after..];
        let end = rest
            .iter()
            .position(|&b| ends_token(b, punctuation))
            .unwrap_or(rest.len())
            .min(SQUARE_TEXT);
        let text = rest[..end].strip_suffix(b".").unwrap_or(&rest[..end]);
        let board = rules.board;
        Ok(Self::square(&rules, board, text)
            .is_some_and(|square| is_a_move(rules.piece, previous, square)))
    }

    /// The candidate's route is not a right one: the verdict.
    fn wrong_route(&mut self, what: String, origin: &Origin, line_index: u64) -> io::Result<()> {
        self.fail(Verdict::WrongRoute {
            at: self.token_line,
            what,
            query: origin.describe(line_index),
        });
        Ok(())
    }

    /// Whether the verdict is certain.
    pub(crate) fn is_settled(&self) -> bool {
        self.failure.is_some() || self.trouble.is_some() || self.rest_not_judged
    }

    /// Compares the expected answers in `batch`, from `origin`, with the candidate's.
    pub(crate) fn take(&mut self, batch: &[u8], origin: &Origin) -> Flow {
        let compared = match self.lines.sensitive {
            true => self.compare_lines(batch, origin),
            false => self.compare(batch, origin),
        };
        if let Err(error) = compared {
            self.trouble.get_or_insert(error);
        }
        match self.is_settled() {
            true => Flow::Settled,
            false => Flow::Continue,
        }
    }

    fn compare(&mut self, batch: &[u8], origin: &Origin) -> io::Result<()> {
        self.in_header = matches!(origin, Origin::Header);
        // Where the current expected token began in this batch (0 when it began before), and
        // which line of the batch is being read.
        let mut token_began = 0;
        let mut line_index = 0;
        let mut next = 0;
        while next < batch.len() {
            if self.is_settled() {
                self.expected_lines += super::newlines(&batch[next..]);
                return Ok(());
            }
            if self.routes.is_some() && self.route.line_tokens == 0 && !self.in_token {
                // A line the candidate wrote as knight-moves did, its route the same: right,
                // without reading its squares one by one.
                if let Some(length) = self.take_the_same_line(&batch[next..])? {
                    line_index += 1;
                    next += length;
                    continue;
                }
            }
            if self.routes.is_none() {
                let same = self.take_the_same(&batch[next..], &mut line_index)?;
                if same > 0 {
                    if let Some(began) = self.token_state_after(&batch[next..next + same]) {
                        token_began = next + began;
                    }
                    next += same;
                    continue;
                }
            }
            let at = next;
            let expected = batch[at];
            next += 1;
            let punctuation = self.is_punctuation(expected);
            let string_before = self.json_string;
            self.track_strings(expected);
            if is_space(expected) || punctuation {
                if self.in_token {
                    self.in_token = false;
                    let token = self.expected_token(&batch[token_began..at]);
                    if self.route.square_token {
                        self.route.square_token = false;
                        self.route_square(&token, origin, line_index)?;
                    } else if !self.found_token_ends()? {
                        self.wrong(token, origin, line_index)?;
                    } else if self.routes.is_some() {
                        self.route_may_begin(&token);
                    }
                    if self.is_settled() {
                        self.expected_lines += super::newlines(&batch[at..]);
                        return Ok(());
                    }
                }
                if punctuation {
                    self.punctuation(expected, origin, line_index)?;
                    continue;
                }
                // A TSV route is a column: a tab after its squares ends it (a leaper's piece
                // column follows).
                let column_ends = expected == b'\t'
                    && self.route.squares > 0
                    && self
                        .routes
                        .is_some_and(|rules| rules.layout.starts == RouteStart::AfterThirdToken);
                if (expected == b'\n' || column_ends) && self.route.in_route {
                    self.end_of_route_line(origin, line_index, column_ends)?;
                    self.route.in_route = false;
                }
                if self.leniency.space_change_sensitive && !self.is_settled() {
                    if self.route.in_route && expected != b'\n' {
                        self.route_goes_on(origin, line_index)?;
                    }
                    if !self.is_settled() {
                        self.same_space(expected, origin, line_index)?;
                    }
                }
                if expected == b'\n' {
                    self.expected_lines += 1;
                    line_index += 1;
                    self.route = RouteState::default();
                }
                continue;
            }
            if !self.in_token {
                if !self.begin_token(origin, line_index)? {
                    continue;
                }
                self.in_token = true;
                self.carried.clear();
                self.token_string = string_before;
                token_began = at;
                self.route.line_tokens += 1;
                self.route.square_token = self.route.in_route;
            }
            if self.route.square_token {
                continue; // a square of the route: read whole, and judged where it ends
            }
            match self.found.available()?.first().copied() {
                Some(byte) if self.same(byte, expected) => self.found.take(1),
                _ => {
                    // The candidate's token is shorter, or differs here: shown from its start.
                    let token = self.expected_token(&batch[token_began..]);
                    self.wrong(token, origin, line_index)?;
                }
            }
        }
        if self.in_token && self.carried.len() < SHOWN {
            let room = SHOWN - self.carried.len();
            let rest = &batch[token_began..];
            self.carried
                .extend_from_slice(&rest[..rest.len().min(room)]);
        }
        Ok(())
    }

    /// The common case, without the byte-by-byte path: the candidate's next bytes are the
    /// expected ones, byte for byte (compared a block at a time, a `memcmp`), so their tokens
    /// and white space agree whatever the leniency. Takes them from both sides, counting their
    /// newlines, and says how many.
    fn take_the_same(&mut self, expected: &[u8], line_index: &mut u64) -> io::Result<usize> {
        let available = self.found.available()?;
        let length = available.len().min(expected.len());
        let same = super::common_prefix(&expected[..length], &available[..length]);
        if same > 0 {
            let lines = super::newlines(&expected[..same]);
            self.expected_lines += lines;
            self.found_lines += lines;
            *line_index += lines;
            self.found.take(same);
        }
        Ok(same)
    }

    /// Where routes are judged: if the rest of the expected line (its newline included) is in
    /// `expected` and the candidate's next bytes are the same, takes them from both sides and
    /// says how many; else takes nothing.
    fn take_the_same_line(&mut self, expected: &[u8]) -> io::Result<Option<usize>> {
        let Some(newline) = memchr::memchr(b'\n', expected) else {
            return Ok(None);
        };
        let line = &expected[..=newline];
        let available = self.found.available()?;
        if available.len() < line.len() || available[..line.len()] != *line {
            return Ok(None);
        }
        self.found.take(line.len());
        self.expected_lines += 1;
        self.found_lines += 1;
        self.route = RouteState::default();
        self.json_string = JsonString::default();
        Ok(Some(line.len()))
    }

    /// After the bytes `run` that both sides held, whether a token is open, and where in `run`
    /// it began when it began there.
    fn token_state_after(&mut self, run: &[u8]) -> Option<usize> {
        let last_end = match self.punctuated {
            // Punctuation inside a string ends no token: the run is followed byte by byte.
            true => {
                let mut last_end = None;
                let token_string = self.token_string;
                for (at, &byte) in run.iter().enumerate() {
                    if self.ends_a_token(byte) {
                        last_end = Some(at);
                    }
                    self.track_strings(byte);
                    if last_end == Some(at) {
                        self.token_string = self.json_string;
                    }
                }
                if last_end.is_none() && !self.in_token {
                    self.token_string = token_string;
                }
                last_end
            }
            false => run.iter().rposition(|&b| is_space(b)),
        };
        match last_end {
            Some(space) if space + 1 == run.len() => {
                self.in_token = false;
                None
            }
            Some(space) => self.token_begun(space + 1),
            None if self.in_token => None, // the token goes on
            None => self.token_begun(0),
        }
    }

    fn token_begun(&mut self, at: usize) -> Option<usize> {
        self.in_token = true;
        self.carried.clear();
        self.token_line = self.found_lines + 1;
        Some(at)
    }

    /// Whether two bytes are the same token byte, as the judge compares them.
    fn same(&self, found: u8, expected: u8) -> bool {
        match self.leniency.case_sensitive {
            true => found == expected,
            false => found.eq_ignore_ascii_case(&expected),
        }
    }

    /// The expected token as a verdict shows it: what earlier batches held of it, then the
    /// rest up to white space in `rest`.
    fn expected_token(&self, rest: &[u8]) -> Vec<u8> {
        let end = self.token_end(rest, self.token_string);
        let mut token = self.carried.clone();
        token.extend_from_slice(&rest[..end.min(SHOWN)]);
        token.truncate(SHOWN);
        token
    }

    /// Where the token that begins `bytes`, in the JSON string state `string`, ends: at white
    /// space, or at punctuation outside a string where punctuation counts.
    fn token_end(&self, bytes: &[u8], mut string: JsonString) -> usize {
        for (at, &byte) in bytes.iter().enumerate() {
            if ends_token(byte, self.punctuated && !string.inside) {
                return at;
            }
            string.take(byte);
        }
        bytes.len()
    }

    /// An expected token begins: the candidate's white space before it is passed over (or,
    /// where space counts, must not be there), and a token of its must begin. Says whether one
    /// does; if not, the verdict is given.
    fn begin_token(&mut self, origin: &Origin, line_index: u64) -> io::Result<bool> {
        loop {
            let Some(&byte) = self.found.available()?.first() else {
                self.fail(Verdict::TooFew {
                    found: self.expected_lines,
                    expected: 0, // filled in by `finish`
                });
                return Ok(false);
            };
            if !is_space(byte) {
                self.token_line = self.found_lines + 1;
                return Ok(true);
            }
            if self.leniency.space_change_sensitive {
                self.spacing("white space the answer does not have", origin, line_index);
            }
            self.take_space(byte);
        }
    }

    /// Takes one byte of the candidate's white space.
    fn take_space(&mut self, byte: u8) {
        self.found.take(1);
        if byte == b'\n' {
            self.found_lines += 1;
        }
    }

    /// Where the expected token ends, whether the candidate's does too.
    fn found_token_ends(&mut self) -> io::Result<bool> {
        let next = self.found.available()?.first().copied();
        Ok(next.is_none_or(|byte| self.ends_a_token(byte)))
    }

    /// The expected answer has the punctuation `expected` (JSON's `[`, `,` or `]`), a token
    /// of its own: the candidate's must be the same. Inside a route, a comma where the
    /// expected route ends, or a bracket where it goes on, is a route of another length; and
    /// where it ends, it must end on the query's last square.
    fn punctuation(&mut self, expected: u8, origin: &Origin, line_index: u64) -> io::Result<()> {
        if !self.begin_token(origin, line_index)? {
            return Ok(());
        }
        self.route.line_tokens += 1;
        let found = self.found.available()?.first().copied();
        if self.route.in_route {
            let moves = self.route.squares.saturating_sub(1);
            match (expected, found) {
                (b',', Some(b']')) => {
                    let what = format!(
                        "the route ends after {}, before the fewest",
                        counted(moves, "move", "moves")
                    );
                    return self.wrong_route(what, origin, line_index);
                }
                (b']', Some(b',')) => {
                    let what = format!("the route goes on past the fewest moves, {moves}");
                    return self.wrong_route(what, origin, line_index);
                }
                _ => {}
            }
        }
        if found != Some(expected) {
            return self.wrong(vec![expected], origin, line_index);
        }
        self.found.take(1);
        if !self.route.in_route {
            self.route_may_begin(&[expected]);
        } else if expected == b']' {
            self.route.in_route = false;
            if self.route.previous != self.route.expected_last {
                let what = "the route does not end where the query ends".to_owned();
                return self.wrong_route(what, origin, line_index);
            }
        }
        Ok(())
    }

    /// Where space counts: the candidate's next byte must be the expected white space.
    fn same_space(&mut self, expected: u8, origin: &Origin, line_index: u64) -> io::Result<()> {
        match self.found.available()?.first().copied() {
            Some(byte) if byte == expected => self.take_space(byte),
            Some(byte) if is_space(byte) => {
                self.spacing("white space other than the answer's", origin, line_index);
            }
            // A token where the answer's line has ended (a moves column where the answer's
            // is empty): a token the answer does not have, not a matter of spacing.
            Some(_) if expected == b'\n' => return self.wrong(Vec::new(), origin, line_index),
            _ => self.spacing("missing white space", origin, line_index),
        }
        Ok(())
    }

    /// The candidate's token differs from the `expected` one: the verdict, showing its token
    /// from its start (the bytes that matched, then the rest of it, as much as is shown).
    fn wrong(&mut self, expected: Vec<u8>, origin: &Origin, line_index: u64) -> io::Result<()> {
        let (so_far, cut) = self.found.line_so_far();
        // The candidate's line so far is read as the expected one is: in JSON, from its start
        // (no string goes on past a line), so that punctuation inside a string is its token's.
        let (start, mut string) = match self.punctuated && !cut {
            true => {
                let (mut start, mut string) = (0, JsonString::default());
                for (at, &byte) in so_far.iter().enumerate() {
                    if ends_token(byte, !string.inside) {
                        start = at + 1;
                    }
                    string.take(byte);
                }
                (start, string)
            }
            false => {
                let start = so_far
                    .iter()
                    .rposition(|&b| self.ends_a_token(b))
                    .map_or(0, |space| space + 1);
                (start, self.json_string)
            }
        };
        let mut found = so_far[start..].to_vec();
        let cut = cut && start == 0;
        while found.len() < 2 * SHOWN {
            let punctuation_counts = self.punctuated && !string.inside;
            match self.found.available()?.first().copied() {
                // Punctuation is a token of its own: shown when the candidate's token is it.
                Some(byte)
                    if punctuation_counts && is_json_punctuation(byte) && found.is_empty() =>
                {
                    found.push(byte);
                    self.found.take(1);
                    break;
                }
                Some(byte) if !ends_token(byte, punctuation_counts) => {
                    found.push(byte);
                    string.take(byte);
                    self.found.take(1);
                }
                _ => break,
            }
        }
        let at = self.token_line;
        let query = origin.describe(line_index);
        let shown = |bytes: &[u8], cut: bool| ShownLine::new(b"", cut, bytes);
        self.fail(Verdict::WrongAnswer {
            at,
            expected: shown(&expected, false),
            found: shown(&found, cut),
            query,
        });
        Ok(())
    }

    /// The white space differs where it counts: the verdict, unless a token differs later.
    /// The rest is compared as though space did not count (a candidate's answers are then
    /// still aligned token by token), so that a wrong answer after it is not passed off as a
    /// presentation error.
    fn spacing(&mut self, what: &'static str, origin: &Origin, line_index: u64) {
        self.spacing_for(what, origin.describe(line_index));
    }

    /// [`TokenChecker::spacing`], the line answering `query` (empty past the last answer).
    fn spacing_for(&mut self, what: &'static str, query: String) {
        self.presentation.get_or_insert(Verdict::PresentationError {
            at: self.found_lines + 1,
            what,
            query,
        });
        self.leniency.space_change_sensitive = false;
        // Its lines are not the answer's: a route ends after as many squares as the answer's.
        self.route_ends_with_line = false;
    }

    /// The candidate's answers differ in their tokens, or in how many there are: its failure,
    /// if every query before was answered. By lines, after a query knight-moves could not
    /// answer, whose answer the candidate may have written over any number of lines, where its
    /// answers to the queries after it stand is a guess (the next line, as a rule), so a
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
        self.not_judged_from(self.lines.accepted_before_the_first_unanswered);
    }

    /// Nothing from here on is judged; `accepted` answers were right before.
    fn not_judged_from(&mut self, accepted: u64) {
        self.lines.mismatch = None;
        self.rest_not_judged = true;
        self.accepted_before_the_rest = accepted;
    }

    /// The query `origin` has no answer from knight-moves. Where lines count and the
    /// candidate's line breaks are the answers' so far, its line is skipped; otherwise its
    /// tokens from here on cannot be aligned with the queries, so nothing more is judged.
    pub(crate) fn no_answer(&mut self, origin: &Origin, why: &dyn fmt::Display) {
        self.not_answered_count += 1;
        if self.is_settled() {
            return;
        }
        let a_line_is_skipped = self.lines.sensitive
            && !matches!(origin, Origin::Grid { .. })
            && self.lines.mismatch.is_none();
        if a_line_is_skipped {
            self.skip_a_line(origin, why);
            return;
        }
        // A grid cut short, or answers followed across lines or tokens: where the candidate's
        // answer to this query is, and so everything after it, is unknown.
        self.not_judged_from(self.expected_lines);
        self.not_answered = Some(NotAnswered {
            at: self.found_lines + 1,
            what: Unanswerable::QueryAndWhatFollows(origin.describe(0)),
            why: why.to_string(),
        });
    }

    /// The input `source` could not be read: its answers are unknown, and so is where the
    /// candidate's answers to the inputs after it begin: nothing from here on can be judged.
    pub(crate) fn unreadable_input(&mut self, source: &str, why: &dyn fmt::Display) {
        if self.is_settled() {
            return;
        }
        self.not_judged_from(self.expected_lines);
        self.not_answered = Some(NotAnswered {
            at: self.found_lines + 1,
            what: Unanswerable::Input(source.to_owned()),
            why: why.to_string(),
        });
    }

    /// An answer left `lines` lines unmade after the checker said it was settled.
    pub(crate) fn lines_not_made(&mut self, lines: u64) {
        self.expected_lines += lines;
    }

    /// The verdict, once every expected answer has been given; or the trouble reading the
    /// answers.
    pub(crate) fn finish(mut self) -> io::Result<Verdict> {
        if !self.is_settled() {
            let result = match self.lines.sensitive {
                true => self.end_of_expected_lines(),
                false => self.end_of_expected(),
            };
            if let Err(error) = result {
                self.trouble.get_or_insert(error);
            }
        }
        if let Some(error) = self.trouble.take() {
            return Err(error);
        }
        let expected = self.expected_lines + self.not_answered_count;
        Ok(match (self.failure.take(), self.not_answered.take()) {
            (Some(Verdict::TooFew { found, .. }), _) => Verdict::TooFew { found, expected },
            (Some(Verdict::TooMany { from, .. }), _) => Verdict::TooMany { expected, from },
            (Some(failure), _) => failure,
            (None, Some(first)) => Verdict::NotJudged {
                first,
                count: self.not_answered_count,
                accepted: match self.rest_not_judged {
                    true => self.accepted_before_the_rest,
                    false => self.expected_lines,
                },
                presentation: self.presentation.take().and_then(Verdict::presentation),
            },
            (None, None) => match self.presentation.take() {
                Some(presentation) => presentation,
                None => Verdict::Accepted {
                    answers: self.expected_lines,
                },
            },
        })
    }

    /// After the last expected byte: only white space may follow the candidate's last token
    /// (none, where space counts). Every answer ends in a newline, so no expected token is
    /// open here; were one, a candidate's token going on past it is output past the answers.
    fn end_of_expected(&mut self) -> io::Result<()> {
        debug_assert!(!self.in_token, "every answer ends in a newline");
        loop {
            let Some(&byte) = self.found.available()?.first() else {
                return Ok(());
            };
            if !is_space(byte) || self.in_token {
                self.fail(Verdict::TooMany {
                    expected: 0, // filled in by `finish`
                    from: self.found_lines + 1,
                });
                return Ok(());
            }
            if self.leniency.space_change_sensitive {
                self.spacing_for("white space after the last answer", String::new());
            }
            self.take_space(byte);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The verdict on `found` for the expected answers `expected`, from one query's origin.
    fn judged(expected: &[u8], found: &[u8], leniency: Leniency) -> Verdict {
        let found: Box<dyn io::Read> = Box::new(io::Cursor::new(found.to_vec()));
        let mut checker = TokenChecker::new(Found::new(found), leniency);
        let origin = Origin::Grid {
            source: "in",
            line_number: 1,
            side: 8,
        };
        checker.take(expected, &origin);
        checker.finish().unwrap()
    }

    #[test]
    fn tokens_are_compared_across_any_white_space_and_case_unless_the_flags_say() {
        let lenient = Leniency::default();
        let expected = b"To get 6\nmoves.\n";
        let accepted = Verdict::Accepted { answers: 2 };
        assert_eq!(judged(expected, b"to GET   6 moves.", lenient), accepted);
        assert_eq!(
            judged(expected, b"\r\n To get\t6\r\nmoves.\n\n", lenient),
            accepted
        );
        let strict_case = Leniency {
            case_sensitive: true,
            ..lenient
        };
        assert!(matches!(
            judged(expected, b"to get 6\nmoves.\n", strict_case),
            Verdict::WrongAnswer { at: 1, .. }
        ));
        let strict_space = Leniency {
            space_change_sensitive: true,
            ..lenient
        };
        assert_eq!(judged(expected, expected, strict_space), accepted);
        assert!(matches!(
            judged(expected, b"To get 6 moves.\n", strict_space),
            Verdict::PresentationError { .. }
        ));
        assert!(matches!(
            judged(expected, b"To get 6\nmoves.", strict_space),
            Verdict::PresentationError { .. }
        ));
        assert!(matches!(
            judged(expected, b"To get 6\nmoves.\n\n", strict_space),
            Verdict::PresentationError { .. }
        ));
    }

    #[test]
    fn shorter_longer_and_extra_tokens_are_wrong() {
        let lenient = Leniency::default();
        let expected = b"12\n";
        for found in [&b"1\n"[..], b"123\n", b"1 2\n", b"12x\n"] {
            assert!(
                matches!(
                    judged(expected, found, lenient),
                    Verdict::WrongAnswer { .. }
                ),
                "{found:?}"
            );
        }
        assert!(matches!(
            judged(expected, b"12 7\n", lenient),
            Verdict::TooMany { from: 1, .. }
        ));
        assert!(matches!(
            judged(expected, b"  \n", lenient),
            Verdict::TooFew { found: 0, .. }
        ));
    }

    #[test]
    fn a_move_is_a_leap_of_the_piece_in_any_of_its_eight_directions() {
        let camel = Piece::leaper(1, 3).unwrap();
        let from = Position::new(4, 4);
        for (file, rank) in [(5, 7), (3, 1), (7, 5), (1, 3)] {
            assert!(is_a_move(camel, from, Position::new(file, rank)));
        }
        assert!(!is_a_move(camel, from, Position::new(5, 6)));
        assert!(!is_a_move(Piece::KNIGHT, from, from));
    }

    #[test]
    fn coordinates_are_read_without_signs_or_leading_zeros_on_the_board() {
        let rules = RouteRules {
            piece: Piece::KNIGHT,
            board: Board::STANDARD,
            layout: RouteLayout {
                squares: SquareNotation::Coordinates,
                starts: RouteStart::AfterFirstToken,
                full_stop: false,
            },
        };
        let read = |text: &str| TokenChecker::square(&rules, Board::STANDARD, text.as_bytes());
        assert_eq!(read("0,7"), Some(Position::new(0, 7)));
        for refused in ["8,0", "01,2", "-1,2", "+1,2", "1,", ",1", "1;2", "1,2,3"] {
            assert_eq!(read(refused), None, "{refused}");
        }
    }

    /// Routes in TSV and JSON get the same verdict however both sides are cut: whole, or in
    /// random pieces that split tokens, punctuation and the fast path's lines.
    #[test]
    fn tsv_and_json_routes_get_one_verdict_however_they_are_cut() {
        let json = |route: &str| {
            format!("{{\"line\":1,\"from\":\"a1\",\"moves\":6,\"path\":[{route}]}}\n")
        };
        let quoted = |route: &str| {
            route
                .split(' ')
                .map(|square| format!("\"{square}\""))
                .collect::<Vec<_>>()
                .join(",")
        };
        let own = "a1 b3 c5 d7 f8 g6 h8";
        let candidates = [
            own,
            "a1 c2 e3 g4 h6 f7 h8",
            "a1 c2 e3 g4 h6 f7",
            "a1 c2 e3 g4 h6 f7 h8 g6",
            "a1 c2 e3 g4 h6 g8 h8",
            "b1 c3 e2 g3 h5 f6 h7",
        ];
        let mut random = fastrand::Rng::with_seed(35);
        for (starts, squares) in [
            (RouteStart::AfterThirdToken, SquareNotation::Names),
            (RouteStart::InPathArray, SquareNotation::Quoted),
        ] {
            let rules = RouteRules {
                piece: Piece::KNIGHT,
                board: Board::STANDARD,
                layout: RouteLayout {
                    squares,
                    starts,
                    full_stop: false,
                },
            };
            let line = |route: &str| match starts {
                RouteStart::InPathArray => json(&quoted(route)),
                _ => format!("a1\th8\t6\t{route}\n"),
            };
            let expected = [line(own), line("b2 d3")].concat().into_bytes();
            for candidate in candidates {
                let found = [line(candidate), line("b2 d3")].concat().into_bytes();
                let verdict = |cut: bool, random: &mut fastrand::Rng| {
                    let source: Box<dyn io::Read> = match cut {
                        true => Box::new(Trickle(io::Cursor::new(found.clone()))),
                        false => Box::new(io::Cursor::new(found.clone())),
                    };
                    let leniency = Leniency {
                        case_sensitive: true,
                        space_change_sensitive: true,
                    };
                    let mut checker =
                        TokenChecker::judging_routes(Found::new(source), leniency, rules);
                    let origin = Origin::Grid {
                        source: "in",
                        line_number: 1,
                        side: 8,
                    };
                    let mut rest = &expected[..];
                    while !rest.is_empty() {
                        let most = match cut {
                            true => random.usize(1..=rest.len().min(7)),
                            false => rest.len(),
                        };
                        let (piece, after) = rest.split_at(most);
                        checker.take(piece, &origin);
                        rest = after;
                    }
                    format!("{:?}", checker.finish().unwrap())
                };
                let whole = verdict(false, &mut random);
                let right = candidate == own || candidate == "a1 c2 e3 g4 h6 f7 h8";
                assert_eq!(whole.starts_with("Accepted"), right, "{candidate}: {whole}");
                for _ in 0..50 {
                    assert_eq!(verdict(true, &mut random), whole, "{starts:?} {candidate}");
                }
            }
        }
    }

    /// A reader that hands out at most three bytes a read, to cut the candidate's side too.
    struct Trickle(io::Cursor<Vec<u8>>);

    impl io::Read for Trickle {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            let most = buffer.len().min(3);
            self.0.read(&mut buffer[..most])
        }
    }

    /// Against a model of the default validator written apart (tokens split on white space,
    /// compared ignoring ASCII case, or the bytes where both flags are given), on random
    /// answers handed over in random pieces, so that every edge of a batch and of the fast
    /// path is crossed.
    #[test]
    fn random_answers_get_the_default_validators_verdict_however_they_are_cut() {
        let mut random = fastrand::Rng::with_seed(34);
        let alphabet = [b'a', b'A', b'b', b'1', b' ', b' ', b'\n', b'\r', b'\t'];
        for _ in 0..20_000 {
            let words = random.usize(1..6);
            let mut expected = Vec::new();
            for _ in 0..words {
                for _ in 0..random.usize(1..4) {
                    expected.push(*random.choice(b"aAb1").unwrap());
                }
                expected.push(*random.choice(b" \n").unwrap());
            }
            expected.push(b'\n');
            let mut found = expected.clone();
            for _ in 0..random.usize(0..3) {
                let at = random.usize(0..=found.len());
                match random.u8(0..3) {
                    0 => found.insert(at, *random.choice(&alphabet).unwrap()),
                    1 if at < found.len() => {
                        found.remove(at);
                    }
                    _ if at < found.len() => found[at] = *random.choice(&alphabet).unwrap(),
                    _ => {}
                }
            }
            let strict = random.bool();
            let leniency = Leniency {
                case_sensitive: strict,
                space_change_sensitive: strict,
            };
            let tokens = |text: &[u8]| -> Vec<Vec<u8>> {
                text.split(|&b| is_space(b))
                    .filter(|token| !token.is_empty())
                    .map(|token| token.to_ascii_lowercase())
                    .collect()
            };
            let model = match strict {
                true => expected == found,
                false => tokens(&expected) == tokens(&found),
            };
            let source: Box<dyn io::Read> = Box::new(Trickle(io::Cursor::new(found.clone())));
            let mut checker = TokenChecker::new(Found::new(source), leniency);
            let origin = Origin::Grid {
                source: "in",
                line_number: 1,
                side: 8,
            };
            let mut rest = &expected[..];
            while !rest.is_empty() {
                let (piece, after) = rest.split_at(random.usize(1..=rest.len()));
                checker.take(piece, &origin);
                rest = after;
            }
            let verdict = checker.finish().unwrap();
            assert_eq!(
                matches!(verdict, Verdict::Accepted { .. }),
                model,
                "{expected:?} {found:?} strict {strict}: {verdict:?}"
            );
        }
    }
}
