//! The machine-readable formats: tab-separated values and JSON Lines.
//!
//! Both give the squares as typed and, with `--path`, the route with its ends as typed. JSON is
//! written by serde_json, which gets escaping right; the source name is the one string here that
//! comes from outside (a file name) and may need it.

use serde::Serialize;

use crate::board::Position;
use crate::line::Query;
use crate::measure::Measurements;
use crate::output::{push_typed_route, typed_route};

/// How answers are written (`--format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The judge's sentence: `To get from e2 to e4 takes 2 knight moves.`
    #[default]
    Sentence,
    /// `FROM<TAB>TO<TAB>MOVES`, with a fourth column for the route under --path.
    Tsv,
    /// JSON Lines: one object per answer, with source, line, from, to, moves (and path).
    Json,
}

/// The TSV header row, tab-separated, for `--header`.
pub fn push_tsv_header(out: &mut Vec<u8>, with_path: bool) {
    out.extend_from_slice(b"from\tto\tmoves");
    if with_path {
        out.extend_from_slice(b"\tpath");
    }
    out.push(b'\n');
}

/// Appends one TSV row: from, to and moves, and the route (squares separated by single spaces)
/// when it was asked for. For a pair no knight can join, the moves and route columns are empty.
pub fn push_tsv(out: &mut Vec<u8>, query: &Query, moves: Option<u64>, route: Option<&[Position]>) {
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
            push_typed_route(out, query, route);
        }
    }
    out.push(b'\n');
}

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

/// Appends one answer as a line of JSON.
pub fn push_json(
    out: &mut Vec<u8>,
    source: &str,
    line: u64,
    query: &Query,
    moves: Option<u64>,
    route: Option<&[Position]>,
) {
    let text = |name: &[u8]| String::from_utf8_lossy(name).into_owned();
    let (from, to) = (text(query.from_text), text(query.to_text));
    let names = |route| typed_route(query, route).map(|name| text(&name)).collect();
    let answer = JsonAnswer {
        source,
        line,
        from: &from,
        to: &to,
        moves,
        path: route.map(|route| moves.map(|_| names(route))),
    };
    // Writing into a Vec cannot fail, and the answer holds nothing serde cannot represent.
    serde_json::to_writer(&mut *out, &answer).expect("serializing to memory");
    out.push(b'\n');
}

/// One engine's figures, as the JSON form of the --stats and --compare table has them.
#[derive(Serialize)]
struct JsonFigures {
    engine: &'static str,
    queries: u64,
    nodes_total: u64,
    nodes_mean: f64,
    nodes_max: u64,
    ns_per_query: f64,
}

/// The --stats or --compare table as one JSON object, `{"engines": [...]}`, and a newline.
pub fn figures_json(measurements: &Measurements) -> String {
    #[derive(Serialize)]
    struct Table {
        engines: Vec<JsonFigures>,
    }
    let engines = measurements
        .rows()
        .map(|(engine, figures)| JsonFigures {
            engine,
            queries: figures.queries,
            nodes_total: figures.nodes_total,
            nodes_mean: (figures.nodes_mean() * 100.0).round() / 100.0,
            nodes_max: figures.nodes_max,
            ns_per_query: (figures.ns_per_query() * 10.0).round() / 10.0,
        })
        .collect();
    let mut text = serde_json::to_string(&Table { engines }).expect("serializing to memory");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::Board;
    use crate::notation::parse_square;

    fn square(name: &str) -> Position {
        parse_square(name.as_bytes(), Board::STANDARD).unwrap()
    }

    fn typed<'a>(from: &'a str, to: &'a str) -> Query<'a> {
        Query {
            from: square(from),
            to: square(to),
            from_text: from.as_bytes(),
            to_text: to.as_bytes(),
        }
    }

    #[test]
    fn tsv_rows_and_header() {
        let route = [square("e2"), square("c3"), square("e4")];
        let mut out = Vec::new();
        push_tsv_header(&mut out, true);
        push_tsv(&mut out, &typed("E2", "e4"), Some(2), Some(&route));
        push_tsv(&mut out, &typed("f6", "F6"), Some(0), Some(&[square("f6")]));
        push_tsv(&mut out, &typed("a1", "b1"), None, Some(&[]));
        push_tsv_header(&mut out, false);
        push_tsv(&mut out, &typed("a1", "h8"), Some(6), None);
        push_tsv(&mut out, &typed("a1", "b1"), None, None);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "from\tto\tmoves\tpath\nE2\te4\t2\tE2 c3 e4\nf6\tF6\t0\tf6\na1\tb1\t\t\n\
             from\tto\tmoves\na1\th8\t6\na1\tb1\t\n"
        );
    }

    #[test]
    fn json_lines_escape_the_source_and_omit_a_missing_path() {
        let mut out = Vec::new();
        let route = [square("e2"), square("c3"), square("e4")];
        let source = "a \"b\".in";
        push_json(
            &mut out,
            source,
            3,
            &typed("e2", "E4"),
            Some(2),
            Some(&route),
        );
        push_json(&mut out, "<stdin>", 1, &typed("a1", "b3"), Some(1), None);
        push_json(&mut out, "<stdin>", 2, &typed("a1", "b1"), None, Some(&[]));
        let expected = [
            r#"{"source":"a \"b\".in","line":3,"from":"e2","to":"E4","moves":2,"path":["e2","c3","E4"]}"#,
            r#"{"source":"<stdin>","line":1,"from":"a1","to":"b3","moves":1}"#,
            r#"{"source":"<stdin>","line":2,"from":"a1","to":"b1","moves":null,"path":null}"#,
        ];
        assert_eq!(String::from_utf8(out).unwrap(), expected.join("\n") + "\n");
    }
}
