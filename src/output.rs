//! How an answer is written as the judge's sentence, with the route after it when asked.

use std::borrow::Cow;
use std::ops::Range;

use crate::board::Position;
use crate::lanes::decimal_lanes;
use crate::line::Query;
use crate::notation::push_square_name;
use crate::square::Square;

/// The judge's answer with blanks to fill: the squares at bytes 12–13 and 18–19, the number of
/// moves at byte 27. "moves" stays plural even for one move, as the judge expects.
const SENTENCE: [u8; 43] = *b"To get from xx to yy takes n knight moves.\n";

/// Appends the judge's sentence for one answer, with the squares as they were typed, or the
/// sentence for a pair no knight can join (`moves` is `None`).
///
/// On 8×8 every square is two bytes and no distance exceeds 6, so the answer is the template
/// with five bytes patched: one 43-byte copy, which is what keeps the hot path fast. Longer
/// names and numbers (other boards) are written piece by piece.
#[inline]
pub fn push_sentence(out: &mut Vec<u8>, query: &Query, moves: Option<u64>) {
    match (short_texts(query), moves) {
        (Some((from, to)), Some(moves @ 0..=9)) => push_judge_sentence(out, from, to, moves as u8),
        (_, Some(moves)) => {
            push_sentence_start(out, query, moves);
            out.extend_from_slice(b".\n");
        }
        (_, None) => {
            out.extend_from_slice(b"There is no knight route from ");
            out.extend_from_slice(query.from_text);
            out.extend_from_slice(b" to ");
            out.extend_from_slice(query.to_text);
            out.extend_from_slice(b".\n");
        }
    }
}

/// The two squares' texts, when both are two bytes long, as every square of 8×8 is.
#[inline]
pub fn short_texts(query: &Query) -> Option<([u8; 2], [u8; 2])> {
    Some((
        query.from_text.try_into().ok()?,
        query.to_text.try_into().ok()?,
    ))
}

/// Appends the judge's sentence for two-byte squares and a one-digit distance: the template
/// patched, in one copy. This is all the hot path does for an answer.
#[inline]
pub fn push_judge_sentence(out: &mut Vec<u8>, from: [u8; 2], to: [u8; 2], moves: u8) {
    out.extend_from_slice(&sentence(from, to, moves));
}

/// The template with the squares and the number of moves filled in.
#[inline]
fn sentence(from: [u8; 2], to: [u8; 2], moves: u8) -> [u8; SENTENCE.len()] {
    debug_assert!(moves < 10, "a one-digit distance");
    let mut sentence = SENTENCE;
    sentence[12..14].copy_from_slice(&from);
    sentence[18..20].copy_from_slice(&to);
    sentence[27] = b'0' + moves;
    sentence
}

/// Appends the sentence up to "moves", without its full stop.
fn push_sentence_start(out: &mut Vec<u8>, query: &Query, moves: u64) {
    out.extend_from_slice(b"To get from ");
    out.extend_from_slice(query.from_text);
    out.extend_from_slice(b" to ");
    out.extend_from_slice(query.to_text);
    out.extend_from_slice(b" takes ");
    out.extend_from_slice(itoa::Buffer::new().format(moves).as_bytes());
    out.extend_from_slice(b" knight moves");
}

/// The names of the squares of `route`, its ends as they were typed in `query` (a route of no
/// moves is the start as typed), the squares between in lower case.
pub fn typed_route<'a>(
    query: &'a Query,
    route: &'a [Position],
) -> impl Iterator<Item = Cow<'a, [u8]>> {
    let last = route.len().saturating_sub(1);
    route
        .iter()
        .enumerate()
        .map(move |(index, &position)| match index {
            0 => Cow::Borrowed(query.from_text),
            index if index == last => Cow::Borrowed(query.to_text),
            _ => {
                let mut name = Vec::new();
                push_square_name(&mut name, position);
                Cow::Owned(name)
            }
        })
}

/// Appends the squares of `route` as [`typed_route`] names them, separated by single spaces.
pub fn push_typed_route(out: &mut Vec<u8>, query: &Query, route: &[Position]) {
    for (index, name) in typed_route(query, route).enumerate() {
        if index > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(&name);
    }
}

/// Appends the judge's sentence with a shortest route after it, before the full stop:
/// `To get from e2 to e4 takes 2 knight moves: e2 c3 e4.`, on any board.
pub fn push_sentence_with_route(out: &mut Vec<u8>, query: &Query, moves: u64, route: &[Position]) {
    push_sentence_start(out, query, moves);
    out.extend_from_slice(b": ");
    push_typed_route(out, query, route);
    out.extend_from_slice(b".\n");
}

/// The end of a routed answer on 8×8, from the colon on, with every square in lower case:
/// `: e2 c3 e4.` and the newline. No 8×8 route is longer than 6 moves, so the text fits in
/// 24 bytes in place: copying it is one fixed-size move, with no heap and no loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RouteText {
    bytes: [u8; RouteText::CAPACITY],
    len: u8,
}

impl RouteText {
    /// ": " and 7 squares with a space between each, ".\n".
    const CAPACITY: usize = 2 + 7 * 3 - 1 + 2;

    /// The text for `route`, which holds both ends (one square for a route of no moves).
    pub fn new(route: &[Square]) -> RouteText {
        assert!(
            (1..=7).contains(&route.len()),
            "an 8x8 route has 1 to 7 squares"
        );
        let mut text = RouteText {
            bytes: [0; RouteText::CAPACITY],
            len: 0,
        };
        let mut put = |bytes: &[u8]| {
            let at = usize::from(text.len);
            text.bytes[at..at + bytes.len()].copy_from_slice(bytes);
            text.len += bytes.len() as u8;
        };
        put(b":");
        for square in route {
            put(b" ");
            put(&square.name());
        }
        put(b".\n");
        text
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// Appends the judge's sentence with an 8×8 route after it, as [`push_sentence_with_route`]
/// does, from the squares' two-byte texts (see [`short_texts`]) and precomputed route text.
///
/// Three fixed-size copies straight into `out`, then the ends patched in and `out` cut back to
/// the line's end: the sentence up to "moves", the route's 24 bytes over its full stop, the
/// typed ends over the route's first and last squares. Appending the route's pieces one by one
/// took half as long again as the whole plain answer, and putting the line together on the
/// stack first made the processor wait on the small stores when copying it.
#[inline]
pub fn push_sentence_with_route_text(
    out: &mut Vec<u8>,
    (from, to): ([u8; 2], [u8; 2]),
    moves: u8,
    route: &RouteText,
) {
    // The sentence's full stop and newline are overwritten by the route's colon onwards.
    const ROUTE_AT: usize = SENTENCE.len() - 2;
    let start = out.len();
    out.extend_from_slice(&sentence(from, to, moves));
    out.truncate(start + ROUTE_AT);
    out.extend_from_slice(&route.bytes);
    let line = &mut out[start..];
    line[ROUTE_AT + 2..ROUTE_AT + 4].copy_from_slice(&from);
    let end = ROUTE_AT + usize::from(route.len);
    if moves > 0 {
        line[end - 4..end - 2].copy_from_slice(&to);
    }
    out.truncate(start + end);
}

/// A square's text as typed, seen through a window of the input that starts with it and runs
/// on past it, so that [`push_sentence_by_windows`] can copy it with one fixed-size move.
#[derive(Clone, Copy, Debug)]
pub struct TextWindow<'a> {
    window: &'a [u8; TextWindow::SIZE],
    len: usize,
}

impl<'a> TextWindow<'a> {
    /// More than any square's text: 7 letters and 10 digits.
    pub const SIZE: usize = 32;

    /// The text at `text` in `input`, when `input` runs on for a whole window from its start.
    #[inline(always)]
    pub fn new(input: &'a [u8], text: Range<usize>) -> Option<TextWindow<'a>> {
        let window = input.get(text.start..text.start + Self::SIZE)?;
        let window = window.try_into().ok()?;
        (text.len() <= Self::SIZE).then_some(TextWindow {
            window,
            len: text.len(),
        })
    }
}

/// Appends the judge's sentence for a pair that a route joins, as [`push_sentence`] does, on
/// any board, with fixed-size copies only.
///
/// Squares and numbers of any length leave no template to patch, and appending the pieces one
/// by one cost seven variable-length copies an answer, a quarter of a big-board line's
/// instructions. Instead, room for the longest line is added to `out`, each piece is copied
/// into it with a copy of a fixed size, at least its length, and the end moves on by its
/// length, so the next piece overwrites whatever the copy wrote past it; then `out` is cut
/// back to the line's true end.
///
/// The pieces go straight into `out`: assembling the line on the stack and copying it over
/// was slower than the piece-by-piece writing it replaced, as the processor cannot forward
/// overlapping small stores to the wide loads that read them back (seen with `perf record`).
#[inline]
pub fn push_sentence_by_windows(out: &mut Vec<u8>, from: TextWindow, to: TextWindow, moves: u64) {
    let start = out.len();
    out.resize(start + LineAssembly::ROOM, 0);
    let mut line = LineAssembly {
        bytes: &mut out[start..],
        len: 0,
    };
    line.put(b"To get from ", 12);
    line.put(from.window, from.len);
    line.put(b" to ", 4);
    line.put(to.window, to.len);
    line.put(b" takes ", 7);
    if moves < 100_000_000 {
        let (digits, count) = decimal_lanes(moves);
        line.put(&digits, count);
    } else {
        // Only on boards over 200,000,000 squares a side.
        let mut buffer = itoa::Buffer::new();
        let digits = buffer.format(moves).as_bytes();
        line.put_slice(digits);
    }
    line.put(b" knight moves.\n", 15);
    let end = start + line.len;
    out.truncate(end);
}

/// A line being put together in the room at the end of an output buffer by
/// [`push_sentence_by_windows`].
struct LineAssembly<'a> {
    bytes: &'a mut [u8],
    len: usize,
}

impl LineAssembly<'_> {
    /// Room for the longest sentence (two windows and a 20-digit number), copies included.
    const ROOM: usize = 128;

    /// Copies all `N` bytes of `piece` at the end of the line, then keeps the first `len`.
    #[inline(always)]
    fn put<const N: usize>(&mut self, piece: &[u8; N], len: usize) {
        self.bytes[self.len..self.len + N].copy_from_slice(piece);
        self.len += len;
    }

    /// Copies `piece` at the end of the line, at its length.
    fn put_slice(&mut self, piece: &[u8]) {
        self.bytes[self.len..self.len + piece.len()].copy_from_slice(piece);
        self.len += piece.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn query<'a>(from: &'a str, to: &'a str) -> Query<'a> {
        Query {
            from: square(&from.to_lowercase()).position(),
            to: square(&to.to_lowercase()).position(),
            from_text: from.as_bytes(),
            to_text: to.as_bytes(),
        }
    }

    #[test]
    fn writes_the_judge_sentence_with_squares_as_typed() {
        let mut out = Vec::new();
        push_sentence(&mut out, &query("e2", "e4"), Some(2));
        push_sentence(&mut out, &query("B1", "c3"), Some(1));
        push_sentence(&mut out, &query("a1", "b3"), None);
        let long = Query {
            from_text: b"aa100",
            ..query("a1", "b3")
        };
        push_sentence(&mut out, &long, Some(1234));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "To get from e2 to e4 takes 2 knight moves.\n\
             To get from B1 to c3 takes 1 knight moves.\n\
             There is no knight route from a1 to b3.\n\
             To get from aa100 to b3 takes 1234 knight moves.\n"
        );
    }

    #[test]
    fn writes_the_route_with_its_ends_as_typed() {
        let mut out = Vec::new();
        let route = RouteText::new(&[square("e2"), square("c3"), square("e4")]);
        assert_eq!(route.as_bytes(), b": e2 c3 e4.\n");
        push_sentence_with_route_text(&mut out, (*b"e2", *b"E4"), 2, &route);
        let alone = RouteText::new(&[square("f6")]);
        push_sentence_with_route_text(&mut out, (*b"f6", *b"f6"), 0, &alone);
        let longest: Vec<Square> = ["a1", "b3", "c5", "d7", "f8", "g6", "h8"]
            .map(square)
            .into();
        push_sentence_with_route_text(&mut out, (*b"a1", *b"h8"), 6, &RouteText::new(&longest));
        let positions: Vec<Position> = longest.iter().map(|s| s.position()).collect();
        push_sentence_with_route(&mut out, &query("A1", "h8"), 6, &positions);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "To get from e2 to E4 takes 2 knight moves: e2 c3 E4.\n\
             To get from f6 to f6 takes 0 knight moves: f6.\n\
             To get from a1 to h8 takes 6 knight moves: a1 b3 c5 d7 f8 g6 h8.\n\
             To get from A1 to h8 takes 6 knight moves: A1 b3 c5 d7 f8 g6 h8.\n"
        );
    }

    proptest::proptest! {
        /// Written by fixed-size copies or piece by piece, the sentence is the same, for texts
        /// up to a window long and any number.
        #[test]
        fn windows_write_the_sentence_that_pieces_write(
            from_text in "[a-zA-Z]{1,16}[0-9]{1,16}",
            to_text in "[a-zA-Z]{1,7}[0-9]{1,10}",
            moves in proptest::prop_oneof![0u64..1000, 99_999_990u64..100_000_010, proptest::num::u64::ANY],
            after in "[ \t\r\na-z0-9]{32}",
        ) {
            let input = format!("{from_text} {to_text}\n{after}");
            let from_range = 0..from_text.len();
            let to_range = from_range.end + 1..from_range.end + 1 + to_text.len();
            let windows = TextWindow::new(input.as_bytes(), from_range).zip(TextWindow::new(input.as_bytes(), to_range));
            let (from, to) = windows.expect("the input runs on for a window");
            let mut by_windows = b"earlier answers\n".to_vec();
            push_sentence_by_windows(&mut by_windows, from, to, moves);
            let mut by_pieces = b"earlier answers\n".to_vec();
            let texts = Query { from_text: from_text.as_bytes(), to_text: to_text.as_bytes(), ..query("a1", "b3") };
            push_sentence(&mut by_pieces, &texts, Some(moves));
            proptest::prop_assert_eq!(by_windows, by_pieces);
        }
    }

    #[test]
    fn a_window_needs_the_input_to_run_on() {
        let input = b"aa100 b3\n";
        assert!(TextWindow::new(input, 0..5).is_none());
        let padded = [&input[..], &[b' '; 32]].concat();
        assert!(TextWindow::new(&padded, 0..5).is_some());
        assert!(
            TextWindow::new(&padded, 0..33).is_none(),
            "longer than a window"
        );
    }
}
