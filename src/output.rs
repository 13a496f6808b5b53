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

/// The squares strictly between a route's ends, as text: ` c3` for e2 c3 e4. On 8×8 no route
/// is longer than 6 moves, so at most 5 squares of 3 bytes each: it fits in place, without a heap
/// allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RouteText {
    bytes: [u8; 15],
    len: u8,
}

impl RouteText {
    /// The text for the squares between the first and the last of `route`.
    pub fn between_ends(route: &[Square]) -> RouteText {
        let mut text = RouteText::default();
        if let [_, between @ .., _] = route {
            for square in between {
                let at = usize::from(text.len);
                text.bytes[at] = b' ';
                text.bytes[at + 1..at + 3].copy_from_slice(&square.name());
                text.len += 3;
            }
        }
        text
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// Appends the judge's sentence with a shortest route after it, before the full stop:
/// `To get from e2 to e4 takes 2 knight moves: e2 c3 e4.` The route's ends are written as the
/// squares were typed; `between` is the rest, from [`RouteText`].
///
/// The line is assembled on the stack and appended in one copy: the route's pieces are short,
/// and appending them one by one to the output doubled the cost of a routed answer.
#[inline]
pub fn push_sentence_with_route(out: &mut Vec<u8>, query: &Query, moves: u8, between: &[u8]) {
    // The sentence without ".\n", ": ", the first square, 15 bytes between, " " and the last
    // square, ".\n".
    let mut line = [0u8; SENTENCE.len() - 2 + 2 + 2 + 15 + 3 + 2];
    line[..SENTENCE.len()].copy_from_slice(&sentence(query, moves));
    let mut end = SENTENCE.len() - 2;
    let mut put = |bytes: &[u8]| {
        line[end..end + bytes.len()].copy_from_slice(bytes);
        end += bytes.len();
    };
    put(b": ");
    put(&query.from_text);
    put(between);
    if moves > 0 {
        put(b" ");
        put(&query.to_text);
    }
    put(b".\n");
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
        let route = RouteText::between_ends(&[square("e2"), square("c3"), square("e4")]);
        assert_eq!(route.as_bytes(), b" c3");
        push_sentence_with_route(&mut out, &query, 2, route.as_bytes());
        let same = Query::new(square("f6"), square("f6"));
        let route = RouteText::between_ends(&[square("f6")]);
        push_sentence_with_route(&mut out, &same, 0, route.as_bytes());
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "To get from e2 to E4 takes 2 knight moves: e2 c3 E4.\n\
             To get from f6 to f6 takes 0 knight moves: f6.\n"
        );
    }
}
