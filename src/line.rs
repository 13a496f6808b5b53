//! One line of input: what makes it a query, a blank line, or a bad line, and what to tell the
//! user about a bad one.
//!
//! This is the careful, general parser. The filter tries a faster path first for the common
//! `e2 e4` form (see `filter.rs`), and must agree with this one on every line it accepts.

use std::fmt;

use crate::square::Square;

/// The longest line read, in bytes before its newline. A longer line is reported and skipped
/// without being held in memory, which keeps memory bounded whatever the input.
pub const MAX_LINE_BYTES: usize = 4096;

/// A valid line: two squares, with the text each was typed as (so `E2` is echoed as `E2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Query {
    pub from: Square,
    pub to: Square,
    pub from_text: [u8; 2],
    pub to_text: [u8; 2],
}

impl Query {
    /// A query typed in lower case, as the board names its squares.
    pub fn new(from: Square, to: Square) -> Query {
        Query {
            from,
            to,
            from_text: from.name(),
            to_text: to.name(),
        }
    }
}

/// Why a line was not answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The line is longer than [`MAX_LINE_BYTES`].
    TooLong,
    /// The line does not hold exactly two tokens; `text` is the line without its outer blanks.
    SquareCount { found: usize, text: Vec<u8> },
    /// One of the two tokens is not a square.
    InvalidSquare { token: Vec<u8> },
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TooLong => write!(f, "line is longer than {MAX_LINE_BYTES} bytes; skipped"),
            LineError::SquareCount { found, text } => write!(
                f,
                "expected two squares separated by spaces or tabs, found {found}: {}",
                Quoted(text)
            ),
            LineError::InvalidSquare { token } => write!(
                f,
                "invalid square {}: expected a file a-h and a rank 1-8",
                Quoted(token)
            ),
        }
    }
}

impl std::error::Error for LineError {}

/// Whether a byte separates tokens: a space or a tab.
fn is_blank(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

/// Reads one line (without its newline): `Ok(None)` for a blank line, which is skipped without
/// a word, `Ok(Some(query))` for two squares, and the reason otherwise.
///
/// Spaces and tabs around the squares are ignored, and so is a carriage return at the end, so
/// that files written on Windows (CRLF) read like any other.
pub fn parse_line(line: &[u8]) -> Result<Option<Query>, LineError> {
    if line.len() > MAX_LINE_BYTES {
        return Err(LineError::TooLong);
    }
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let mut tokens = line.split(|&byte| is_blank(byte)).filter(|t| !t.is_empty());
    let (from_text, to_text) = match (tokens.next(), tokens.next(), tokens.next()) {
        (None, _, _) => return Ok(None),
        (Some(from), Some(to), None) => (from, to),
        _ => {
            let text = trim_blanks(line);
            let found = text
                .split(|&byte| is_blank(byte))
                .filter(|t| !t.is_empty())
                .count();
            return Err(LineError::SquareCount {
                found,
                text: text.to_vec(),
            });
        }
    };
    let square = |token: &[u8]| {
        match *token {
            [file, rank] => Square::from_bytes(file, rank).map(|square| (square, [file, rank])),
            _ => None,
        }
        .ok_or_else(|| LineError::InvalidSquare {
            token: token.to_vec(),
        })
    };
    let (from, from_text) = square(from_text)?;
    let (to, to_text) = square(to_text)?;
    Ok(Some(Query {
        from,
        to,
        from_text,
        to_text,
    }))
}

/// The text without the spaces and tabs around it.
fn trim_blanks(text: &[u8]) -> &[u8] {
    let start = text
        .iter()
        .position(|&b| !is_blank(b))
        .unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(start, |i| i + 1);
    &text[start..end]
}

/// Bytes from the input shown in a message: in double quotes, with anything unprintable or not
/// UTF-8 escaped (`\0`, `\xff`), and cut short past [`Quoted::MAX_CHARS`] characters so that one
/// bad line cannot flood the terminal.
pub struct Quoted<'a>(pub &'a [u8]);

impl Quoted<'_> {
    /// How many characters of the input a message shows.
    pub const MAX_CHARS: usize = 40;
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut shown = 0;
        f.write_str("\"")?;
        for chunk in self.0.utf8_chunks() {
            for c in chunk.valid().chars() {
                if shown == Quoted::MAX_CHARS {
                    return f.write_str("\"…");
                }
                write!(f, "{}", c.escape_debug())?;
                shown += 1;
            }
            for byte in chunk.invalid() {
                if shown == Quoted::MAX_CHARS {
                    return f.write_str("\"…");
                }
                write!(f, "\\x{byte:02x}")?;
                shown += 1;
            }
        }
        f.write_str("\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(from: &str, to: &str) -> Query {
        let (from_sq, to_sq) = (from.parse().unwrap(), to.parse().unwrap());
        Query {
            from: from_sq,
            to: to_sq,
            from_text: from.as_bytes().try_into().unwrap(),
            to_text: to.as_bytes().try_into().unwrap(),
        }
    }

    #[test]
    fn accepts_squares_with_any_blanks_around_them() {
        let cases: &[(&[u8], Query)] = &[
            (b"e2 e4", query("e2", "e4")),
            (b"e2\te4", query("e2", "e4")),
            (b"  e2 \t  e4\t ", query("e2", "e4")),
            (b"e2 e4\r", query("e2", "e4")),
            (b"E2 e4 \r", query("E2", "e4")),
            (b"A1 H8", query("A1", "H8")),
        ];
        for (line, expected) in cases {
            assert_eq!(parse_line(line), Ok(Some(*expected)), "{}", Quoted(line));
        }
    }

    #[test]
    fn blank_lines_are_skipped() {
        for line in [&b""[..], b" ", b"\t \t", b"\r", b"  \r"] {
            assert_eq!(parse_line(line), Ok(None), "{}", Quoted(line));
        }
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let cases: &[(&[u8], &str)] = &[
            (
                b"i9 a1",
                r#"invalid square "i9": expected a file a-h and a rank 1-8"#,
            ),
            (
                b"a1 a0",
                r#"invalid square "a0": expected a file a-h and a rank 1-8"#,
            ),
            (
                b"e22 e4",
                r#"invalid square "e22": expected a file a-h and a rank 1-8"#,
            ),
            (
                b" e2 ",
                r#"expected two squares separated by spaces or tabs, found 1: "e2""#,
            ),
            (
                b"e2 e4 e6\r",
                r#"expected two squares separated by spaces or tabs, found 3: "e2 e4 e6""#,
            ),
            (
                b"e2 \xffe",
                r#"invalid square "\xffe": expected a file a-h and a rank 1-8"#,
            ),
            (
                b"e2\0 e4",
                r#"invalid square "e2\0": expected a file a-h and a rank 1-8"#,
            ),
            (
                b"e2\re4",
                r#"expected two squares separated by spaces or tabs, found 1: "e2\re4""#,
            ),
            (
                "é2 e4".as_bytes(),
                r#"invalid square "é2": expected a file a-h and a rank 1-8"#,
            ),
        ];
        for (line, message) in cases {
            let error = parse_line(line).expect_err("a bad line");
            assert_eq!(error.to_string(), *message);
        }
    }

    #[test]
    fn the_length_limit_counts_every_byte_before_the_newline() {
        let mut line = b"e2".to_vec();
        line.resize(MAX_LINE_BYTES - 2, b' ');
        line.extend_from_slice(b"e4");
        assert_eq!(parse_line(&line), Ok(Some(query("e2", "e4"))));
        line.push(b' ');
        assert_eq!(parse_line(&line), Err(LineError::TooLong));
    }

    #[test]
    fn quoting_cuts_long_text_short() {
        let long = vec![b'x'; 100];
        let shown = Quoted(&long).to_string();
        assert_eq!(shown, format!("\"{}\"…", "x".repeat(Quoted::MAX_CHARS)));
        assert_eq!(Quoted(b"\"q\"").to_string(), r#""\"q\"""#);
    }
}
