//! How an answer is written: the judge's sentence.

use crate::line::Query;

/// The judge's answer with blanks to fill: the squares at bytes 12–13 and 18–19, the number of
/// moves at byte 27. "moves" stays plural even for one move, as the judge expects.
const SENTENCE: [u8; 43] = *b"To get from xx to yy takes n knight moves.\n";

/// Appends the judge's sentence for one answer, with the squares as they were typed.
///
/// Every square is two bytes and no distance on 8×8 exceeds 6, so each answer is the template
/// with five bytes patched: one 43-byte copy, which is what keeps the hot path fast.
#[inline]
pub fn push_sentence(out: &mut Vec<u8>, query: &Query, moves: u8) {
    debug_assert!(moves < 10, "a one-digit distance");
    let mut sentence = SENTENCE;
    sentence[12..14].copy_from_slice(&query.from_text);
    sentence[18..20].copy_from_slice(&query.to_text);
    sentence[27] = b'0' + moves;
    out.extend_from_slice(&sentence);
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
}
