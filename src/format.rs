//! The machine-readable formats: tab-separated values and JSON Lines.
//!
//! Both give the squares as typed and, with `--path`, the route with its ends as typed. JSON is
//! written by serde_json, which gets escaping right; the source name is the one string here that
//! comes from outside (a file name) and may need it.

use serde::Serialize;

use crate::line::Query;
use crate::measure::Measurements;
use crate::square::Square;

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

/// The squares of `route` as text, its ends as they were typed in `query` (a route of no moves
/// is the start as typed), the squares between in lower case.
pub fn typed_route<'a>(
    query: &'a Query,
    route: &'a [Square],
) -> impl Iterator<Item = [u8; 2]> + 'a {
    let last = route.len().saturating_sub(1);
    route
        .iter()
        .enumerate()
        .map(move |(index, square)| match index {
            0 => query.from_text,
            index if index == last => query.to_text,
            _ => square.name(),
        })
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
/// when there is one.
pub fn push_tsv(out: &mut Vec<u8>, query: &Query, moves: u8, route: Option<&[Square]>) {
    out.extend_from_slice(&query.from_text);
    out.push(b'\t');
    out.extend_from_slice(&query.to_text);
    out.push(b'\t');
    out.extend_from_slice(moves.to_string().as_bytes());
    if let Some(route) = route {
        out.push(b'\t');
        for (index, name) in typed_route(query, route).enumerate() {
            if index > 0 {
                out.push(b' ');
            }
            out.extend_from_slice(&name);
        }
    }
    out.push(b'\n');
}

/// One answer as a JSON object.
#[derive(Serialize)]
struct JsonAnswer<'a> {
    source: &'a str,
    line: u64,
    from: &'a str,
    to: &'a str,
    moves: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<Vec<String>>,
}

/// Appends one answer as a line of JSON.
pub fn push_json(
    out: &mut Vec<u8>,
    source: &str,
    line: u64,
    query: &Query,
    moves: u8,
    route: Option<&[Square]>,
) {
    let text = |name: [u8; 2]| String::from_utf8_lossy(&name).into_owned();
    let (from, to) = (text(query.from_text), text(query.to_text));
    let answer = JsonAnswer {
        source,
        line,
        from: &from,
        to: &to,
        moves,
        path: route.map(|route| typed_route(query, route).map(text).collect()),
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
    nodes_max: u32,
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

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn typed(from: &str, to: &str) -> Query {
        Query {
            from: square(&from.to_lowercase()),
            to: square(&to.to_lowercase()),
            from_text: from.as_bytes().try_into().unwrap(),
            to_text: to.as_bytes().try_into().unwrap(),
        }
    }

    #[test]
    fn tsv_rows_and_header() {
        let route = [square("e2"), square("c3"), square("e4")];
        let mut out = Vec::new();
        push_tsv_header(&mut out, true);
        push_tsv(&mut out, &typed("E2", "e4"), 2, Some(&route));
        push_tsv(&mut out, &typed("f6", "F6"), 0, Some(&[square("f6")]));
        push_tsv_header(&mut out, false);
        push_tsv(&mut out, &typed("a1", "h8"), 6, None);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "from\tto\tmoves\tpath\nE2\te4\t2\tE2 c3 e4\nf6\tF6\t0\tf6\n\
             from\tto\tmoves\na1\th8\t6\n"
        );
    }

    #[test]
    fn json_lines_escape_the_source_and_omit_a_missing_path() {
        let mut out = Vec::new();
        let route = [square("e2"), square("c3"), square("e4")];
        push_json(
            &mut out,
            "a \"b\".in",
            3,
            &typed("e2", "E4"),
            2,
            Some(&route),
        );
        push_json(&mut out, "<stdin>", 1, &typed("a1", "b3"), 1, None);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"source\":\"a \\\"b\\\".in\",\"line\":3,\"from\":\"e2\",\"to\":\"E4\",\"moves\":2,\
             \"path\":[\"e2\",\"c3\",\"E4\"]}\n\
             {\"source\":\"<stdin>\",\"line\":1,\"from\":\"a1\",\"to\":\"b3\",\"moves\":1}\n"
        );
    }
}
