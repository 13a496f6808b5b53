//! The judge's sentence, written piece by piece: `To get from e2 to e4 takes 2 knight moves.`,
//! with the route before the full stop under `--path`, or `There is no knight route from a1 to
//! b1.` for a pair no knight can join. Squares are echoed as typed.
//!
//! This is the specification of the sentence. The accelerator writes the same bytes faster
//! (see [`crate::standard::write`]), and `fast/held.rs` holds it to these.

use std::io;

use crate::board::Position;
use crate::format::{RouteLayout, RouteStart, Spill, SquareNotation, plain_name, push_typed_route};
use crate::input::line::TypedPair;

/// Where a sentence holds its route: after `moves:`, squares by name, the last with the full
/// stop.
pub(crate) const ROUTE: RouteLayout = RouteLayout {
    squares: SquareNotation::Names,
    starts: RouteStart::AfterColon,
    full_stop: true,
};

/// Appends the judge's sentence for one answer, with the squares as they were typed, or the
/// sentence for a pair no `piece` can join (`moves` is `None`). "moves" stays plural even for
/// one move, as the judge expects; `piece` is the piece's name (`knight`, `camel`,
/// `(2,5)-leaper`).
pub(crate) fn push_sentence(
    out: &mut Vec<u8>,
    query: &TypedPair,
    moves: Option<u64>,
    piece: &[u8],
) {
    match moves {
        Some(moves) => {
            push_sentence_start(out, query, moves, piece);
            out.extend_from_slice(b".\n");
        }
        None => {
            out.extend_from_slice(b"There is no ");
            out.extend_from_slice(piece);
            out.extend_from_slice(b" route from ");
            out.extend_from_slice(query.from_text);
            out.extend_from_slice(b" to ");
            out.extend_from_slice(query.to_text);
            out.extend_from_slice(b".\n");
        }
    }
}

/// Appends the sentence up to "moves", without its full stop.
fn push_sentence_start(out: &mut Vec<u8>, query: &TypedPair, moves: u64, piece: &[u8]) {
    out.extend_from_slice(b"To get from ");
    out.extend_from_slice(query.from_text);
    out.extend_from_slice(b" to ");
    out.extend_from_slice(query.to_text);
    out.extend_from_slice(b" takes ");
    out.extend_from_slice(itoa::Buffer::new().format(moves).as_bytes());
    out.push(b' ');
    out.extend_from_slice(piece);
    out.extend_from_slice(b" moves");
}

/// Appends the judge's sentence with a shortest route after it, before the full stop:
/// `To get from e2 to e4 takes 2 knight moves: e2 c3 e4.`, on any board.
pub(crate) fn push_sentence_with_route(
    out: &mut Vec<u8>,
    query: &TypedPair,
    moves: u64,
    route: &[Position],
    piece: &[u8],
    spill: Spill,
) -> io::Result<()> {
    push_sentence_start(out, query, moves, piece);
    out.extend_from_slice(b": ");
    push_typed_route(out, query, route, b" ", plain_name, spill)?;
    out.extend_from_slice(b".\n");
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::Board;

    /// The position of an 8×8 square named like `e2`.
    pub(crate) fn square(name: &str) -> Position {
        Board::STANDARD.parse_square(name.as_bytes()).unwrap()
    }

    /// A query for two 8×8 squares typed as `from` and `to`.
    pub(crate) fn query<'a>(from: &'a str, to: &'a str) -> TypedPair<'a> {
        TypedPair {
            from: square(&from.to_lowercase()),
            to: square(&to.to_lowercase()),
            from_text: from.as_bytes(),
            to_text: to.as_bytes(),
        }
    }

    #[test]
    fn writes_the_judge_sentence_with_squares_as_typed() {
        let mut out = Vec::new();
        push_sentence(&mut out, &query("e2", "e4"), Some(2), b"knight");
        push_sentence(&mut out, &query("B1", "c3"), Some(1), b"knight");
        push_sentence(&mut out, &query("a1", "b3"), None, b"knight");
        let long = TypedPair {
            from_text: b"aa100",
            ..query("a1", "b3")
        };
        push_sentence(&mut out, &long, Some(1234), b"camel");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "To get from e2 to e4 takes 2 knight moves.\n\
             To get from B1 to c3 takes 1 knight moves.\n\
             There is no knight route from a1 to b3.\n\
             To get from aa100 to b3 takes 1234 camel moves.\n"
        );
    }

    #[test]
    fn writes_the_route_with_its_ends_as_typed_and_the_rest_in_lower_case() {
        let mut out = Vec::new();
        let route: Vec<Position> = ["a1", "b3", "c5", "d7", "f8", "g6", "h8"]
            .map(square)
            .into();
        let mut keep = |_: &mut Vec<u8>| Ok(());
        push_sentence_with_route(
            &mut out,
            &query("A1", "H8"),
            6,
            &route,
            b"knight",
            &mut keep,
        )
        .unwrap();
        push_sentence_with_route(
            &mut out,
            &query("F6", "f6"),
            0,
            &route[..1],
            b"knight",
            &mut keep,
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "To get from A1 to H8 takes 6 knight moves: A1 b3 c5 d7 f8 g6 H8.\n\
             To get from F6 to f6 takes 0 knight moves: F6.\n"
        );
    }
}
