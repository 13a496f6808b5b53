//! `--format tsv`: `FROM<TAB>TO<TAB>MOVES`, and a fourth column for the route under `--path`.

use std::io;

use crate::board::Position;
use crate::format::{RouteLayout, RouteStart, Spill, SquareNotation, plain_name, push_typed_route};
use crate::input::line::TypedPair;

/// Where a TSV row holds its route: the column after the moves, squares by name.
pub(crate) const ROUTE: RouteLayout = RouteLayout {
    squares: SquareNotation::Names,
    starts: RouteStart::AfterThirdToken,
    full_stop: false,
};

/// The TSV header row, tab-separated, for `--header`: with `path` for routes, and `piece` for
/// pieces but the knight.
pub(crate) fn push_header(out: &mut Vec<u8>, with_path: bool, with_piece: bool) {
    out.extend_from_slice(b"from\tto\tmoves");
    if with_path {
        out.extend_from_slice(b"\tpath");
    }
    if with_piece {
        out.extend_from_slice(b"\tpiece");
    }
    out.push(b'\n');
}

/// Appends one TSV row: from, to and moves, the route (squares separated by single spaces)
/// when it was asked for, and the piece's name for pieces but the knight. For a pair no piece
/// can join, the moves and route columns are empty.
pub(crate) fn push_row(
    out: &mut Vec<u8>,
    query: &TypedPair,
    moves: Option<u64>,
    route: Option<&[Position]>,
    piece: &Option<String>,
    spill: Spill,
) -> io::Result<()> {
    out.extend_from_slice(query.from_text);
    out.push(b'\t');
    out.extend_from_slice(query.to_text);
    out.push(b'\t');
    if let Some(moves) = moves {
        out.extend_from_slice(itoa::Buffer::new().format(moves).as_bytes());
    }
    if let Some(route) = route {
        out.push(b'\t');
        if moves.is_some() {
            push_typed_route(out, query, route, b" ", plain_name, spill)?;
        }
    }
    if let Some(piece) = piece {
        out.push(b'\t');
        out.extend_from_slice(piece.as_bytes());
    }
    out.push(b'\n');
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::sentence::tests::{query, square};

    #[test]
    fn rows_and_header() {
        let route = [square("e2"), square("c3"), square("e4")];
        let mut out = Vec::new();
        let f6 = [square("f6")];
        type Row<'a> = (
            TypedPair<'a>,
            Option<u64>,
            Option<&'a [Position]>,
            Option<&'a str>,
        );
        let rows: [Row; 7] = [
            (query("E2", "e4"), Some(2), Some(&route), None),
            (query("f6", "F6"), Some(0), Some(&f6), None),
            (query("a1", "b1"), None, Some(&[]), None),
            (query("a1", "h8"), Some(6), None, None),
            (query("a1", "b1"), None, None, None),
            (query("a1", "h8"), Some(6), None, Some("camel")),
            (query("a1", "b1"), None, None, Some("zebra")),
        ];
        push_header(&mut out, true, false);
        for (index, (query, moves, route, piece)) in rows.iter().enumerate() {
            if index == 3 {
                push_header(&mut out, false, false);
            }
            if index == 5 {
                push_header(&mut out, false, true);
            }
            let piece = piece.map(str::to_owned);
            push_row(&mut out, query, *moves, *route, &piece, &mut |_| Ok(())).unwrap();
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "from\tto\tmoves\tpath\nE2\te4\t2\tE2 c3 e4\nf6\tF6\t0\tf6\na1\tb1\t\t\n\
             from\tto\tmoves\na1\th8\t6\na1\tb1\t\n\
             from\tto\tmoves\tpiece\na1\th8\t6\tcamel\na1\tb1\t\tzebra\n"
        );
    }
}
