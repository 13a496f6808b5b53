//! `--format json`: JSON Lines, one object per answer, written by serde_json, which gets
//! escaping right: the source name is the one string here that comes from outside (a file
//! name) and may need it.

use serde::Serialize;

use crate::board::Position;
use crate::format::{Answer, typed_route};

/// One answer as a JSON object. `moves` is null for a pair no knight can join, and so is
/// `path`, which is there only with --path.
#[derive(Serialize)]
struct JsonAnswer<'a> {
    source: &'a str,
    line: u64,
    from: &'a str,
    to: &'a str,
    moves: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<Option<Vec<String>>>,
}

/// Appends one answer as a line of JSON, with `route` when it was asked for.
pub(crate) fn push_answer(out: &mut Vec<u8>, answer: &Answer, route: Option<&[Position]>) {
    let text = |name: &[u8]| String::from_utf8_lossy(name).into_owned();
    let query = answer.query;
    let (from, to) = (text(query.from_text), text(query.to_text));
    let names = |route| typed_route(query, route).map(|name| text(&name)).collect();
    let object = JsonAnswer {
        source: answer.source,
        line: answer.line_number,
        from: &from,
        to: &to,
        moves: answer.moves,
        path: route.map(|route| answer.moves.map(|_| names(route))),
    };
    // Writing into a Vec cannot fail, and the answer holds nothing serde cannot represent.
    serde_json::to_writer(&mut *out, &object).expect("serializing to memory");
    out.push(b'\n');
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
        };
        push_answer(out, &answer, route);
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
