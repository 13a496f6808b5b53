//! `--format json`: JSON Lines, one object per answer, written by serde_json, which gets
//! escaping right: the source name is the one string here that comes from outside (a file
//! name) and may need it.

use std::io;

use crate::board::Position;
use crate::format::{Answer, RouteLayout, RouteStart, Spill, SquareNotation, push_typed_route};

/// Where a JSON object holds its route: the `path` array, squares as strings.
pub(crate) const ROUTE: RouteLayout = RouteLayout {
    squares: SquareNotation::Quoted,
    starts: RouteStart::InPathArray,
    full_stop: false,
};

/// Appends one answer as a line of JSON, with `route` when it was asked for:
/// `{"source":…,"line":…,"from":…,"to":…,"moves":…}`, `moves` null for a pair no knight can
/// join, and `"path":[…]` (or null) after it with --path; for pieces but the knight,
/// `"piece":…` after `to`.
///
/// The object is written key by key, not serialized whole, so that a long path leaves as it is
/// written (see [`Spill`]); each string goes through serde_json, which escapes it.
pub(crate) fn push_answer(
    out: &mut Vec<u8>,
    answer: &Answer,
    route: Option<&[Position]>,
    piece: Option<&str>,
    spill: Spill,
) -> io::Result<()> {
    let query = answer.query;
    out.extend_from_slice(b"{\"source\":");
    push_string(out, answer.source.as_bytes());
    out.extend_from_slice(b",\"line\":");
    out.extend_from_slice(itoa::Buffer::new().format(answer.line_number).as_bytes());
    out.extend_from_slice(b",\"from\":");
    push_string(out, query.from_text);
    out.extend_from_slice(b",\"to\":");
    push_string(out, query.to_text);
    if let Some(piece) = piece {
        out.extend_from_slice(b",\"piece\":");
        push_string(out, piece.as_bytes());
    }
    out.extend_from_slice(b",\"moves\":");
    match answer.moves {
        Some(moves) => out.extend_from_slice(itoa::Buffer::new().format(moves).as_bytes()),
        None => out.extend_from_slice(b"null"),
    }
    if let Some(route) = route {
        out.extend_from_slice(b",\"path\":");
        match answer.moves {
            Some(_) => {
                out.push(b'[');
                push_typed_route(out, query, route, b",", push_string, spill)?;
                out.push(b']');
            }
            None => out.extend_from_slice(b"null"),
        }
    }
    out.extend_from_slice(b"}\n");
    Ok(())
}

/// Appends `text` as a JSON string; bytes that are not UTF-8 (which no square has) become
/// U+FFFD.
pub(crate) fn push_string(out: &mut Vec<u8>, text: &[u8]) {
    let text = String::from_utf8_lossy(text);
    // Writing a string into a Vec cannot fail.
    serde_json::to_writer(&mut *out, text.as_ref()).expect("serializing to memory");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::sentence::tests::{query, square};

    fn push(
        out: &mut Vec<u8>,
        source: &str,
        line: u64,
        typed: (&str, &str),
        moves: Option<u64>,
        route: Option<&[Position]>,
    ) {
        let query = query(typed.0, typed.1);
        let answer = Answer {
            query: &query,
            source,
            line_number: line,
            moves,
            route,
            engine: crate::engine::Engine::Table,
            expanded: 0,
            searches: &[],
        };
        push_answer(out, &answer, route, None, &mut |_| Ok(())).unwrap();
    }

    #[test]
    fn json_lines_escape_the_source_and_omit_a_missing_path() {
        let mut out = Vec::new();
        let route = [square("e2"), square("c3"), square("e4")];
        push(
            &mut out,
            "a \"b\".in",
            3,
            ("e2", "E4"),
            Some(2),
            Some(&route),
        );
        push(&mut out, "<stdin>", 1, ("a1", "b3"), Some(1), None);
        push(&mut out, "<stdin>", 2, ("a1", "b1"), None, Some(&[]));
        let expected = [
            r#"{"source":"a \"b\".in","line":3,"from":"e2","to":"E4","moves":2,"path":["e2","c3","E4"]}"#,
            r#"{"source":"<stdin>","line":1,"from":"a1","to":"b3","moves":1}"#,
            r#"{"source":"<stdin>","line":2,"from":"a1","to":"b1","moves":null,"path":null}"#,
        ];
        assert_eq!(String::from_utf8(out).unwrap(), expected.join("\n") + "\n");
    }
}
