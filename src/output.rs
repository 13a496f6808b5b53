//! How an answer is written: the judge's sentence, with the route after it when asked.

use crate::line::Query;
use crate::square::Square;

/// The judge's answer with blanks to fill: the squares at bytes 12–13 and 18–19, the number of
/// moves at byte 27. "moves" stays plural even for one move, as the judge expects.
const SENTENCE: [u8; 43] = *b"To get from xx to yy takes n knight moves.\n";

/// Appends the judge's sentence for one answer, with the squares as they were typed.
///
/// Every square is two bytes and no distance on 8×8 exceeds 6, so each answer is the template
/// with five bytes patched: one 43-byte copy, which is what keeps the hot path fast.
#[inline]
pub fn push_sentence(out: &mut Vec<u8>, query: &Query, moves: u8) {
    out.extend_from_slice(&sentence(query, moves));
}

/// The template with the squares and the number of moves filled in.
#[inline]
fn sentence(query: &Query, moves: u8) -> [u8; SENTENCE.len()] {
    debug_assert!(moves < 10, "a one-digit distance");
    let mut sentence = SENTENCE;
    sentence[12..14].copy_from_slice(&query.from_text);
    sentence[18..20].copy_from_slice(&query.to_text);
    sentence[27] = b'0' + moves;
    sentence
}

/// The end of a routed answer, from the colon on, with every square in lower case:
/// `: e2 c3 e4.` and the newline. On 8×8 no route is longer than 6 moves, so the text fits in
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

/// Appends the judge's sentence with a shortest route after it, before the full stop:
/// `To get from e2 to e4 takes 2 knight moves: e2 c3 e4.` The route's ends are written as the
/// squares were typed (a route of no moves as the start was typed), the squares between in
/// lower case.
///
/// The line is assembled on the stack from two fixed-size copies, the ends patched in as in
/// [`push_sentence`], and appended in one copy: appending the route's pieces one by one took
/// half as long again as the whole plain answer.
#[inline]
pub fn push_sentence_with_route(out: &mut Vec<u8>, query: &Query, moves: u8, route: &RouteText) {
    // The sentence's full stop and newline are overwritten by the route's colon onwards.
    const ROUTE_AT: usize = SENTENCE.len() - 2;
    let mut line = [0u8; ROUTE_AT + RouteText::CAPACITY];
    line[..SENTENCE.len()].copy_from_slice(&sentence(query, moves));
    line[ROUTE_AT..].copy_from_slice(&route.bytes);
    line[ROUTE_AT + 2..ROUTE_AT + 4].copy_from_slice(&query.from_text);
    let end = ROUTE_AT + usize::from(route.len);
    if moves > 0 {
        line[end - 4..end - 2].copy_from_slice(&query.to_text);
    }
    out.extend_from_slice(&line[..end]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_judge_sentence_with_squares_as_typed() {
        let mut query = Query::new("e2".parse().unwrap(), "e4".parse().unwrap());
        let mut out = Vec::new();
        push_sentence(&mut out, &query, 2);
        query.from_text = *b"B1";
        push_sentence(&mut out, &query, 1);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "To get from e2 to e4 takes 2 knight moves.\n\
             To get from B1 to e4 takes 1 knight moves.\n"
        );
    }

    #[test]
    fn writes_the_route_with_its_ends_as_typed() {
        let square = |name: &str| name.parse::<Square>().unwrap();
        let mut query = Query::new(square("e2"), square("e4"));
        query.to_text = *b"E4";
        let mut out = Vec::new();
        let route = RouteText::new(&[square("e2"), square("c3"), square("e4")]);
        assert_eq!(route.as_bytes(), b": e2 c3 e4.\n");
        push_sentence_with_route(&mut out, &query, 2, &route);
        let same = Query::new(square("f6"), square("f6"));
        push_sentence_with_route(&mut out, &same, 0, &RouteText::new(&[square("f6")]));
        let longest: Vec<Square> = ["a1", "b3", "c5", "d7", "f8", "g6", "h8"]
            .map(square)
            .into();
        let a1_h8 = Query::new(square("a1"), square("h8"));
        push_sentence_with_route(&mut out, &a1_h8, 6, &RouteText::new(&longest));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "To get from e2 to E4 takes 2 knight moves: e2 c3 E4.\n\
             To get from f6 to f6 takes 0 knight moves: f6.\n\
             To get from a1 to h8 takes 6 knight moves: a1 b3 c5 d7 f8 g6 h8.\n"
        );
    }
}
