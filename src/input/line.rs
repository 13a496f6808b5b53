//! One line of input: what makes it a query, a blank line, or a bad line, and what to tell the
//! user about a bad one.
//!
//! This is the careful, general parser, and the specification of what a line means. The
//! accelerator reads well-formed lines faster (see [`crate::standard::read`]) and must agree
//! with this one on every line it takes (`fast/held.rs` holds it to that).

use std::fmt;

use crate::board::notation::{self, SquareProblem};
use crate::board::{Board, Position};

/// The longest line read, in bytes before its line end (LF or CRLF). A longer line is reported
/// and skipped without being held in memory, which keeps memory bounded whatever the input.
pub(crate) const MAX_LINE_BYTES: usize = 4096;

/// A valid line: two squares, with the text each was typed as (so `E2` is echoed as `E2`),
/// borrowed from the input. (The library's `Query` is a query of its API: a
/// board and two positions, no text.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TypedPair<'a> {
    pub from: Position,
    pub to: Position,
    pub from_text: &'a [u8],
    pub to_text: &'a [u8],
}

/// Why a line was not answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LineError {
    /// The line is longer than [`MAX_LINE_BYTES`].
    TooLong,
    /// The line does not hold exactly two tokens; `text` is the line without its outer blanks.
    SquareCount { found: usize, text: Vec<u8> },
    /// One of the two tokens is not a square in any notation.
    InvalidSquare { token: Vec<u8>, board: Board },
    /// One of the two tokens names a square past the board's edge.
    OffBoard { token: Vec<u8>, board: Board },
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
            LineError::InvalidSquare { token, board } => write!(
                f,
                "invalid square {}: expected {}",
                Quoted(token),
                square_rule(*board)
            ),
            LineError::OffBoard { token, board } => write!(
                f,
                "square {} is off the {board} board: expected {}",
                Quoted(token),
                square_rule(*board)
            ),
        }
    }
}

impl std::error::Error for LineError {}

/// What a square of `board` looks like, for messages: `a file a-h and a rank 1-8`.
fn square_rule(board: Board) -> String {
    let last_file = Position::new(board.files() - 1, 0).file_name();
    format!("a file a-{last_file} and a rank 1-{}", board.ranks())
}

/// Whether a byte is a blank: a space or a tab, what separates the squares of a line and may
/// stand around them (a line of blanks alone is a blank line).
///
/// The one definition of a blank in the input, used by this parser, the problems' grammars and
/// the accelerator's any-board reader. The 8×8 readers (`standard/read.rs`) are in the library,
/// which cannot see this module, and keep their own copy, with classifiers that test many bytes
/// at once; tests hold them to it on every byte (`fast/held.rs`, `standard/read.rs`).
/// The checker's words are separated by more than this (C's `isspace`): that is its own rule,
/// `is_space` in `sink/check/mod.rs`.
#[inline]
pub(crate) fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t')
}

/// Reads one line (without its newline) on `board`: `Ok(None)` for a blank line, which is
/// skipped without a word, `Ok(Some(query))` for two squares, and the reason otherwise.
///
/// Spaces and tabs around the squares are ignored, and so is a carriage return at the end, so
/// that files written on Windows (CRLF) read like any other.
pub(crate) fn parse_line(line: &[u8], board: Board) -> Result<Option<TypedPair<'_>>, LineError> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.len() > MAX_LINE_BYTES {
        return Err(LineError::TooLong);
    }
    let mut tokens = Tokens { line, at: 0 };
    let (from_text, to_text) = match (tokens.next(), tokens.next(), tokens.next()) {
        (None, _, _) => return Ok(None),
        (Some(from), Some(to), None) => (from, to),
        _ => {
            let text = trim_blanks(line);
            let found = Tokens { line: text, at: 0 }.count();
            return Err(LineError::SquareCount {
                found,
                text: text.to_vec(),
            });
        }
    };
    let square = |token: &[u8]| {
        notation::parse_square(token, board).map_err(|problem| {
            let token = token.to_vec();
            match problem {
                SquareProblem::Malformed => LineError::InvalidSquare { token, board },
                SquareProblem::OffBoard => LineError::OffBoard { token, board },
                // A kind the library adds later (its errors are non-exhaustive): not a square.
                _ => LineError::InvalidSquare { token, board },
            }
        })
    };
    Ok(Some(TypedPair {
        from: square(from_text)?,
        to: square(to_text)?,
        from_text,
        to_text,
    }))
}

/// The tokens of a line: the runs of bytes between spaces and tabs. Written out rather than
/// `split().filter()`, which cost more than the rest of a big-board query together.
struct Tokens<'a> {
    line: &'a [u8],
    at: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a [u8];

    #[inline]
    fn next(&mut self) -> Option<&'a [u8]> {
        let line = self.line;
        while self.at < line.len() && is_blank(line[self.at]) {
            self.at += 1;
        }
        let start = self.at;
        while self.at < line.len() && !is_blank(line[self.at]) {
            self.at += 1;
        }
        (self.at > start).then(|| &line[start..self.at])
    }
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

/// Bytes shown in a message without quotes, whole: a backslash as `\\`, control characters
/// as Rust writes them (`\n`, `\t`, `\0`) or as bytes (`\x1b`), bytes that are not UTF-8 as `\xff`,
/// everything else as it is. For names of files, which may hold any byte but must stay on one
/// line and be told apart.
///
/// On Windows a backslash is the path separator, and no file name holds a control character,
/// so backslashes are shown as they are: `C:\judge\a.in`, not `C:\\judge\\a.in`.
pub(crate) struct Escaped<'a>(pub &'a [u8]);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chunk in self.0.utf8_chunks() {
            for c in chunk.valid().chars() {
                match c {
                    '\\' if cfg!(not(windows)) => f.write_str("\\\\")?,
                    c if c.is_control() => write_escaped(f, c)?,
                    c => write!(f, "{c}")?,
                }
            }
            for byte in chunk.invalid() {
                write!(f, "\\x{byte:02x}")?;
            }
        }
        Ok(())
    }
}

/// Bytes from the input shown in a message: in double quotes, with anything unprintable or not
/// UTF-8 escaped (`\0`, `\xff`), and cut short past [`Quoted::MAX_CHARS`] characters so that one
/// bad line cannot flood the terminal.
pub(crate) struct Quoted<'a>(pub &'a [u8]);

impl Quoted<'_> {
    /// How many characters of the input a message shows.
    pub(crate) const MAX_CHARS: usize = 40;
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        QuotedUpTo(self.0, Quoted::MAX_CHARS).fmt(f)
    }
}

/// Writes `c` as Rust's `escape_debug` does (`\n`, `\t`, `\0`, `\"`, `\u{85}`), but the other
/// ASCII control characters as the bytes they are, `\x1b`, as bytes that are not UTF-8 are
/// written: one style for every byte a message or a verdict shows.
fn write_escaped(f: &mut fmt::Formatter<'_>, c: char) -> fmt::Result {
    match c {
        '\0' | '\t' | '\n' | '\r' => write!(f, "{}", c.escape_debug()),
        c if c.is_ascii_control() => write!(f, "\\x{:02x}", c as u32),
        c => write!(f, "{}", c.escape_debug()),
    }
}

/// [`Quoted`], cut short past the given number of characters: for a verdict, which must show
/// a whole answer line to show where it differs.
pub(crate) struct QuotedUpTo<'a>(pub &'a [u8], pub usize);

impl fmt::Display for QuotedUpTo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let QuotedUpTo(text, most) = *self;
        let mut shown = 0;
        f.write_str("\"")?;
        for chunk in text.utf8_chunks() {
            for c in chunk.valid().chars() {
                if shown == most {
                    return f.write_str("\"…");
                }
                write_escaped(f, c)?;
                shown += 1;
            }
            for byte in chunk.invalid() {
                if shown == most {
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
    #[test]
    fn the_square_rule_names_the_last_file_and_rank() {
        use super::square_rule;
        use crate::board::Board;
        assert_eq!(square_rule(Board::STANDARD), "a file a-h and a rank 1-8");
        assert_eq!(
            square_rule(Board::new(28, 3).unwrap()),
            "a file a-ab and a rank 1-3"
        );
    }

    use super::*;

    const STANDARD: Board = Board::STANDARD;

    /// The query for two squares typed as `from` and `to` on 8×8.
    fn query(from: &'static str, to: &'static str) -> TypedPair<'static> {
        let position = |text: &str| STANDARD.parse_square(text.as_bytes()).unwrap();
        TypedPair {
            from: position(from),
            to: position(to),
            from_text: from.as_bytes(),
            to_text: to.as_bytes(),
        }
    }

    #[test]
    fn accepts_squares_with_any_blanks_around_them() {
        let cases: &[(&[u8], TypedPair)] = &[
            (b"e2 e4", query("e2", "e4")),
            (b"e2\te4", query("e2", "e4")),
            (b"  e2 \t  e4\t ", query("e2", "e4")),
            (b"e2 e4\r", query("e2", "e4")),
            (b"E2 e4 \r", query("E2", "e4")),
            (b"A1 H8", query("A1", "H8")),
        ];
        for (line, expected) in cases {
            assert_eq!(
                parse_line(line, STANDARD),
                Ok(Some(*expected)),
                "{}",
                Quoted(line)
            );
        }
    }

    #[test]
    fn blank_lines_are_skipped() {
        for line in [&b""[..], b" ", b"\t \t", b"\r", b"  \r"] {
            assert_eq!(parse_line(line, STANDARD), Ok(None), "{}", Quoted(line));
        }
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let cases: &[(&[u8], &str)] = &[
            (
                b"i9 a1",
                r#"square "i9" is off the 8x8 board: expected a file a-h and a rank 1-8"#,
            ),
            (
                b"a1 a0",
                r#"square "a0" is off the 8x8 board: expected a file a-h and a rank 1-8"#,
            ),
            (
                b"e22 e4",
                r#"square "e22" is off the 8x8 board: expected a file a-h and a rank 1-8"#,
            ),
            (
                b"e02 e4",
                r#"invalid square "e02": expected a file a-h and a rank 1-8"#,
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
            let error = parse_line(line, STANDARD).expect_err("a bad line");
            assert_eq!(error.to_string(), *message);
        }
    }

    #[test]
    fn other_boards_name_themselves_in_messages() {
        let board = Board::new(30, 1000).unwrap();
        let query = parse_line(b"ad1000 B7", board).unwrap().unwrap();
        assert_eq!(
            (query.from, query.to),
            (Position::new(29, 999), Position::new(1, 6))
        );
        let error = parse_line(b"ae1 a1", board).unwrap_err();
        assert_eq!(
            error.to_string(),
            r#"square "ae1" is off the 30x1000 board: expected a file a-ad and a rank 1-1000"#
        );
    }

    #[test]
    fn the_length_limit_counts_every_byte_before_the_line_end() {
        let mut line = b"e2".to_vec();
        line.resize(MAX_LINE_BYTES - 2, b' ');
        line.extend_from_slice(b"e4");
        assert_eq!(parse_line(&line, STANDARD), Ok(Some(query("e2", "e4"))));
        let crlf = [&line[..], b"\r"].concat();
        assert_eq!(parse_line(&crlf, STANDARD), Ok(Some(query("e2", "e4"))));
        line.push(b' ');
        assert_eq!(parse_line(&line, STANDARD), Err(LineError::TooLong));
    }

    #[test]
    fn escaping_keeps_a_name_on_one_line_and_tells_bytes_apart() {
        let cases: &[(&[u8], &str)] = &[
            (b"moves.txt", "moves.txt"),
            (b"a b \"c\".in", "a b \"c\".in"),
            (b"two\nlines.in", r"two\nlines.in"),
            (b"tab\there\r", r"tab\there\r"),
            #[cfg(not(windows))]
            (b"back\\slash", r"back\\slash"),
            #[cfg(windows)]
            (b"C:\\judge\\a.in", r"C:\judge\a.in"),
            (b"latin1-\xe9t\xe9.in", r"latin1-\xe9t\xe9.in"),
            ("été.in".as_bytes(), "été.in"),
            (b"\x1b[31m", r"\x1b[31m"),
        ];
        for (name, shown) in cases {
            assert_eq!(Escaped(name).to_string(), *shown);
            assert!(!Escaped(name).to_string().contains('\n'));
        }
    }

    #[test]
    fn quoting_cuts_long_text_short() {
        let long = vec![b'x'; 100];
        let shown = Quoted(&long).to_string();
        assert_eq!(shown, format!("\"{}\"…", "x".repeat(Quoted::MAX_CHARS)));
        assert_eq!(Quoted(b"\"q\"").to_string(), r#""\"q\"""#);
    }
}
