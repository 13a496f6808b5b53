//! Judging routes (`--path`) as any shortest route: a route is right when it starts and ends
//! on the query's squares (the expected route's ends), every step is a move of the piece on
//! the board, and it has as many squares as the expected route, the fewest. The comparison
//! reads a route's squares whole, one token each, and hands each here where it ends.

use std::io;

use crate::board::notation::parse_square;
use crate::board::{Board, Piece, Position};
use crate::format::{RouteLayout, RouteStart, SquareNotation};
use crate::input::line::QuotedUpTo;
use crate::sink::Origin;
use crate::sink::check::verdict::{Verdict, counted};
use crate::sink::check::{Checker, Place, json};

/// The most bytes of a candidate's square read: more than any square's name on the largest
/// board (seven letters and ten digits) or coordinates, with a full stop.
const SQUARE_TEXT: usize = 24;

/// How the answers of a problem lay out a route, for judging any shortest one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RouteRules {
    pub piece: Piece,
    /// The board, where the answers' origin does not say (a scenario's side does).
    pub board: Board,
    /// Where the answers' format puts the route, and how it writes it.
    pub layout: RouteLayout,
}

/// Where the answers hold routes, how they are judged and where the current line stands.
pub(super) struct Routes {
    pub rules: RouteRules,
    pub line: RouteLine,
    /// Whether a route ends with its line, so that squares after the expected route's last on
    /// the same line are a longer route: where line breaks count (every comparison but the
    /// default validator's, which reads tokens only, lines or not).
    pub ends_with_line: bool,
    /// Whether the expected answers being compared are the header row, which holds no route
    /// (its `path` column is a name).
    pub in_header: bool,
}

/// An expected line's route, as far as it has been judged.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct RouteLine {
    /// The line's tokens begun so far.
    pub tokens: u64,
    /// Whether the route's squares are being read, and the current expected token is one.
    pub in_route: bool,
    pub square_token: bool,
    /// The expected route's last square so far: the query's end, once the route has ended.
    expected_last: Option<Position>,
    /// The candidate's squares of the route so far, and its last.
    squares: u64,
    previous: Option<Position>,
    /// How far the expected tokens are into JSON's `"path":` (an array after it is a route):
    /// 1 after `"path"`, 2 after its colon.
    path_key: u8,
}

impl RouteLine {
    fn moves(&self) -> u64 {
        self.squares.saturating_sub(1)
    }
}

/// Whether `piece` moves from `from` to `to` in one leap.
fn is_a_move(piece: Piece, from: Position, to: Position) -> bool {
    let (a, b) = piece.legs();
    let (dx, dy) = from.offset_to(to);
    let (dx, dy) = (dx.unsigned_abs(), dy.unsigned_abs());
    (dx, dy) == (u64::from(a), u64::from(b)) || (dx, dy) == (u64::from(b), u64::from(a))
}

impl RouteRules {
    /// Reads a square's name, as these rules write them, on `board`.
    fn square(&self, board: Board, text: &[u8]) -> Option<Position> {
        match self.layout.squares {
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

    /// A square's text as a verdict shows it: a JSON string's by its name, as the others.
    fn shown(&self, text: &[u8]) -> String {
        let name = text
            .strip_prefix(b"\"")
            .and_then(|text| text.strip_suffix(b"\""))
            .filter(|_| self.layout.squares == SquareNotation::Quoted)
            .unwrap_or(text);
        QuotedUpTo(name, SQUARE_TEXT).to_string()
    }

    /// A square's text without the full stop that ends a route, where the route has one, and
    /// whether it had it.
    fn without_stop<'a>(&self, text: &'a [u8]) -> (&'a [u8], bool) {
        match text.strip_suffix(b".").filter(|_| self.layout.full_stop) {
            Some(square) => (square, true),
            None => (text, false),
        }
    }
}

/// What is wrong with a route that ends after `moves`, fewer than the fewest.
fn ends_early(moves: u64) -> String {
    format!(
        "the route ends after {}, before the fewest",
        counted(moves, "move", "moves")
    )
}

fn goes_on(moves: u64) -> String {
    format!("the route goes on past the fewest moves, {moves}")
}

const WRONG_END: &str = "the route does not end where the query ends";

impl Checker {
    /// Whether the current expected token is a square of a route, read whole and judged
    /// where it ends.
    pub(super) fn in_square(&self) -> bool {
        self.routes
            .as_ref()
            .is_some_and(|routes| routes.line.square_token)
    }

    /// An expected token has begun: it is the line's next, and a square where a route is
    /// being read.
    pub(super) fn route_token_begins(&mut self) {
        if let Some(routes) = &mut self.routes {
            routes.line.tokens += 1;
            routes.line.square_token = routes.line.in_route;
        }
    }

    /// An expected token other than a route's square has ended: whether the route begins
    /// after it.
    pub(super) fn route_may_begin(&mut self, token: &[u8]) {
        let Some(routes) = self.routes.as_mut().filter(|routes| !routes.in_header) else {
            return;
        };
        let line = &mut routes.line;
        line.in_route = match routes.rules.layout.starts {
            RouteStart::AfterColon => token.ends_with(b":"),
            RouteStart::AfterFirstToken => line.tokens == 1 && token != b"-1",
            RouteStart::AfterThirdToken => line.tokens == 3,
            RouteStart::InPathArray => token == b"[" && line.path_key == 2,
        };
        line.path_key = match token {
            b"\"path\"" => 1,
            b":" if line.path_key == 1 => 2,
            _ => 0,
        };
    }

    /// One square of the route has ended in the expected answer (`expected`): the
    /// candidate's must be where a right route can be.
    pub(super) fn route_square(&mut self, expected: &[u8], place: &Place) -> io::Result<()> {
        let Some(routes) = &self.routes else {
            return Ok(());
        };
        let rules = routes.rules;
        let board = match place.origin {
            Origin::Query { board, .. } => *board,
            _ => rules.board,
        };
        let string = self.json.map(|json| json.string);
        let mut found = Vec::new();
        while let Some(&byte) = self.found.available()?.first() {
            if json::ends_token(string, byte) || found.len() > SQUARE_TEXT {
                break;
            }
            found.push(byte);
            self.found.take(1);
        }
        let (expected_text, expected_ends) = rules.without_stop(expected);
        let (found_text, found_ends) = rules.without_stop(&found);
        let Some(right) = rules.square(board, expected_text) else {
            // Not a square knight-moves would write: compare the bytes, as for any token.
            let same = found.len() == expected.len()
                && found.iter().zip(expected).all(|(&f, &e)| self.same(f, e));
            if !same {
                self.wrong(expected.to_vec(), place)?;
            }
            return Ok(());
        };
        let found_square = rules.square(board, found_text);
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
                rules.shown(found_text)
            );
            return self.wrong_route(what, place);
        }
        let Some(square) = found_square else {
            let what = match found.is_empty() {
                true => "the route ends before its last square".to_owned(),
                false => format!(
                    "{} is not a square of the {board} board",
                    rules.shown(found_text)
                ),
            };
            return self.wrong_route(what, place);
        };
        let line = &mut self.routes.as_mut().expect("routes are judged").line;
        let moves = line.squares;
        let previous = line.previous.replace(square);
        line.squares += 1;
        if expected_ends {
            line.in_route = false;
        }
        let what = match (previous, expected_ends, found_ends) {
            (None, _, _) if square != right => format!(
                "the route starts on {}, not on {} where the query starts",
                rules.shown(found_text),
                rules.shown(expected_text)
            ),
            (Some(from), _, _) if !is_a_move(rules.piece, from, square) => format!(
                "the route's move {moves}, to {}, is not a {} move",
                rules.shown(found_text),
                rules.piece
            ),
            (_, true, true) if square != right => format!(
                "the route ends on {}, not on {} where the query ends",
                rules.shown(found_text),
                rules.shown(expected_text)
            ),
            (_, false, true) => ends_early(moves),
            (_, true, false) => goes_on(moves),
            _ => {
                line.expected_last = Some(right);
                return Ok(());
            }
        };
        self.wrong_route(what, place)
    }

    /// The expected line ends (`byte`, its newline) or its TSV route column does (a tab after
    /// the squares, where a leaper's piece column follows): inside a route, the candidate's
    /// must end here too, on the query's last square.
    pub(super) fn route_line_ends(&mut self, byte: u8, place: &Place) -> io::Result<()> {
        let Some(routes) = &mut self.routes else {
            return Ok(());
        };
        let column = byte == b'\t'
            && routes.line.squares > 0
            && routes.rules.layout.starts == RouteStart::AfterThirdToken;
        if !routes.line.in_route || (byte != b'\n' && !column) {
            return Ok(());
        }
        routes.line.in_route = false;
        let (ends_with_line, line) = (routes.ends_with_line, routes.line);
        // Blanks before the line's end are the comparison's to judge; a square is not. Where
        // line breaks do not count, the route has ended after as many squares as the expected
        // one, and a token after it is the next answer's.
        let mut ahead = 0;
        let goes_on_here = ends_with_line
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
        if goes_on_here {
            return self.wrong_route(goes_on(line.moves()), place);
        }
        match (line.previous, line.expected_last) {
            (Some(last), Some(right)) if last != right => {
                self.wrong_route(WRONG_END.to_owned(), place)
            }
            _ => Ok(()),
        }
    }

    /// Where space counts, the expected route goes on after a square: the candidate's
    /// must too, not end its line (or its answers), which would make it shorter than the
    /// fewest. (Where it does not count, a route may go on on the next line.)
    pub(super) fn route_goes_on(&mut self, place: &Place) -> io::Result<()> {
        let Some(line) = self.routes.as_ref().map(|routes| routes.line) else {
            return Ok(());
        };
        if !line.in_route {
            return Ok(());
        }
        if self.found.available()?.first() == Some(&b'\n') && self.route_goes_on_below()? {
            // Every square may still be there, on the next line: the line breaks differ.
            self.spacing("line breaks differ", place);
            return Ok(());
        }
        if let None | Some(b'\n') = self.found.available()?.first() {
            return self.wrong_route(ends_early(line.moves()), place);
        }
        Ok(())
    }

    /// Whether the candidate's next line, past its newline and blanks, begins with a square
    /// that a move of the piece reaches from the route's last square: its route goes on
    /// there. (Read as far as the candidate's bytes at hand reach; beyond them, it does not.)
    fn route_goes_on_below(&mut self) -> io::Result<bool> {
        let Some((rules, Some(previous))) =
            self.routes.as_ref().map(|r| (r.rules, r.line.previous))
        else {
            return Ok(false);
        };
        let string = self.json.map(|json| json.string);
        let available = self.found.available()?;
        let after = available
            .iter()
            .skip(1)
            .position(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
            .map_or(available.len(), |blanks| blanks + 1);
        let rest = &available[after..];
        let end = rest
            .iter()
            .position(|&b| json::ends_token(string, b))
            .unwrap_or(rest.len())
            .min(SQUARE_TEXT);
        let text = rest[..end].strip_suffix(b".").unwrap_or(&rest[..end]);
        Ok(rules
            .square(rules.board, text)
            .is_some_and(|square| is_a_move(rules.piece, previous, square)))
    }

    /// The expected answer has JSON's punctuation `expected` where the candidate's has
    /// `found`: inside a route, a comma where the expected route ends, or a bracket where it
    /// goes on, is a route of another length.
    pub(super) fn route_length_at(&self, expected: u8, found: Option<u8>) -> Option<String> {
        let line = self.routes.as_ref()?.line;
        match (line.in_route, expected, found) {
            (true, b',', Some(b']')) => Some(ends_early(line.moves())),
            (true, b']', Some(b',')) => Some(goes_on(line.moves())),
            _ => None,
        }
    }

    /// JSON's punctuation `expected` has matched, a token of the line: a route may begin after
    /// it, or, at its closing bracket, end, on the query's last square.
    pub(super) fn route_punctuation(&mut self, expected: u8, place: &Place) -> io::Result<()> {
        let Some(routes) = &mut self.routes else {
            return Ok(());
        };
        routes.line.tokens += 1;
        let line = routes.line;
        if !line.in_route {
            self.route_may_begin(&[expected]);
        } else if expected == b']' {
            routes.line.in_route = false;
            if line.previous != line.expected_last {
                return self.wrong_route(WRONG_END.to_owned(), place);
            }
        }
        Ok(())
    }

    /// The candidate's route is not a right one: the verdict.
    pub(super) fn wrong_route(&mut self, what: String, place: &Place) -> io::Result<()> {
        self.fail(Verdict::WrongRoute {
            at: self.found_lines + 1,
            what,
            query: place.query(),
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::number::{Naming, route};

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
            layout: route(Naming::Coordinates),
        };
        let read = |text: &str| rules.square(Board::STANDARD, text.as_bytes());
        assert_eq!(read("0,7"), Some(Position::new(0, 7)));
        for refused in ["8,0", "01,2", "-1,2", "+1,2", "1,", ",1", "1;2", "1,2,3"] {
            assert_eq!(read(refused), None, "{refused}");
        }
    }
}
